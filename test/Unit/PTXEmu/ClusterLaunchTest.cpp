//===- ClusterLaunchTest.cpp - clusterlaunchcontrol try/query_cancel ------===//
#include "Harness.h"

using namespace ptxtest;

namespace {

// One thread per CTA: process the own item, then cancel not-yet-started CTAs
// and process theirs until none is left. out[item] gets worker + 1 added, so
// an item processed twice or by the wrong worker shows.
std::string persistent() {
  return std::string(kHeader) +
         ".visible .entry k(.param .u64 out, .param .u64 probe)\n{\n" + kRegs +
         ".reg .b128 %q<2>;\n"
         ".shared .align 16 .b8 resp[16];\n.shared .align 8 .b8 bar[8];\n"
         "ld.param.u64 %rd1, [out];\nld.param.u64 %rd9, [probe];\n"
         "mov.u32 %r1, %ctaid.x;\nadd.u32 %r2, %r1, 1;\nmov.u32 %r3, %r1;\n"
         "mov.u32 %r4, resp;\nmov.u32 %r5, bar;\n"
         "LOOP:\n"
         "mul.wide.u32 %rd3, %r3, 4;\nadd.s64 %rd4, %rd1, %rd3;\n"
         "ld.global.u32 %r6, [%rd4];\nadd.u32 %r6, %r6, %r2;\n"
         "st.global.u32 [%rd4], %r6;\n"
         "mbarrier.init.shared::cta.b64 [%r5], 1;\n"
         "mbarrier.arrive.expect_tx.shared::cta.b64 %rd5, [%r5], 16;\n"
         // Arrived, but the 16 bytes are outstanding: the phase is open.
         "mbarrier.test_wait.parity.shared::cta.b64 %p3, [%r5], 0;\n"
         "selp.u32 %r9, 1, 0, %p3;\nst.global.u32 [%rd9], %r9;\n"
         "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::"
         "complete_tx::bytes.b128 [%r4], [%r5];\n"
         "W: mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r5], 0;\n"
         "@!%p1 bra W;\n"
         "mbarrier.inval.shared::cta.b64 [%r5];\n"
         "ld.shared.v2.b64 {%rd6, %rd7}, [%r4];\n"
         "mov.b128 %q1, {%rd6, %rd7};\n"
         "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p2, %q1;\n"
         "@!%p2 bra DONE;\n"
         "clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128 %r3, "
         "%q1;\n"
         "bra LOOP;\n"
         "DONE:\nret;\n}\n";
}

TEST(PTXEmuClusterLaunch, CancelsNotYetStartedCtas) {
  Emu e;
  ASSERT_TRUE(e.load(persistent())) << e.err;
  uint64_t out = e.upload(std::vector<uint32_t>(5));
  uint64_t probe = e.upload(std::vector<uint32_t>(1, 7));
  auto r = e.run("k", dim(5), dim(1), {ParamValue::of(out), ParamValue::of(probe)});
  ASSERT_TRUE(r.ok) << r.error;
  // CTA 0 cancelled CTAs 4, 3, 2, 1 before they started and did all items.
  EXPECT_EQ(e.download<uint32_t>(out, 5), std::vector<uint32_t>(5, 1));
  EXPECT_EQ(r.counters.ctas, 1u);
  // The mbarrier phase waited for complete_tx after the arrival.
  EXPECT_EQ(e.download<uint32_t>(probe, 1)[0], 0u);
}

TEST(PTXEmuClusterLaunch, RejectsMulticast) {
  Emu e;
  std::string ptx = std::string(kHeader) +
                    ".visible .entry k()\n{\n" + kRegs +
                    "clusterlaunchcontrol.try_cancel.async.shared::cta."
                    "mbarrier::complete_tx::bytes.multicast::cluster::all.b128 "
                    "[%r1], [%r2];\nret;\n}\n";
  EXPECT_FALSE(e.load(ptx));
  EXPECT_NE(e.err.find("clusterlaunchcontrol.try_cancel"), std::string::npos)
      << e.err;
}

} // namespace
