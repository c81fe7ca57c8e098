//===- MiscTest.cpp - LLVM-emitted PTX and less common instructions -------===//
#include "Harness.h"

#include <cmath>

using namespace ptxtest;

namespace {

// ptx/llvm_reduce.ptx was produced by `llc -mcpu=sm_80` (LLVM 22) from
// ptx/llvm_reduce.ll: f32 values in .b32 registers, ld.param.b64, demoted
// shared variables, add.rn.f32, f16 fma.
TEST(PTXEmuMisc, LLVMEmittedPTX) {
  Emu e;
  ASSERT_TRUE(e.load(readFile(std::string(TILECC_PTXEMU_SOURCE_DIR) + "/ptx/llvm_reduce.ptx")))
      << e.err;
  const int n = 60;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i)
    x[i] = float(i % 7) * 0.5f - 1.0f;
  uint64_t dx = e.upload(x), dy = e.upload(std::vector<float>(n + 1));
  auto r = e.run("lk", dim(1), dim(64), {ParamValue::of(dx), ParamValue::of(dy), ParamValue::of(n)});
  ASSERT_TRUE(r.ok) << r.error;
  auto y = e.download<float>(dy, n + 1);
  float total = 0;
  for (float v : x)
    total += v;
  EXPECT_EQ(y[0], total);
  for (int i = 0; i < n; ++i) {
    float h = x[i]; // exactly representable in f16; fma result too
    EXPECT_NEAR(y[i + 1], std::exp2(x[i]) + (h * h + h), 1e-5) << i;
  }
}

TEST(PTXEmuMisc, LessCommonIntegerAndFloat) {
  auto o = evalLanes<uint32_t>("mul24.lo.u32 %r13, %r10, %r11;", {0x01000003u}, {5u});
  EXPECT_EQ(o[0], 15u); // upper 8 bits ignored
  o = evalLanes<uint32_t>("sad.u32 %r13, %r10, %r11, %r12;", {3u, 10u}, {10u, 3u}, {100u});
  EXPECT_EQ(o[0], 107u);
  EXPECT_EQ(o[1], 107u);
  // madc chain: (a*b).lo + c with carry into the high word.
  o = evalLanes<uint32_t>("mad.lo.cc.u32 %r14, %r10, %r11, %r12; madc.hi.u32 %r13, %r10, %r11, 0;",
                          {0xffffffffu}, {2u}, {2u});
  EXPECT_EQ(o[0], 2u); // hi(0xffffffff*2) = 1, plus carry from 0xfffffffe + 2
  o = evalLanes<uint32_t>("testp.notanumber.f32 %p1, %f10; selp.u32 %r13, 1, 0, %p1;",
                          {f2u(NAN), f2u(1.0f)});
  EXPECT_EQ(o[0], 1u);
  EXPECT_EQ(o[1], 0u);
  o = evalLanes<uint32_t>("testp.subnormal.f32 %p1, %f10; selp.u32 %r13, 1, 0, %p1;",
                          {f2u(1e-40f), f2u(1.0f)});
  EXPECT_EQ(o[0], 1u);
  EXPECT_EQ(o[1], 0u);
  o = evalLanes<uint32_t>("bfind.shiftamt.u32 %r13, %r10;", {0x00010000u});
  EXPECT_EQ(o[0], 15u);
}

TEST(PTXEmuMisc, FencesPrefetchAndSleepAreAccepted) {
  auto o = evalLanes<uint32_t>("fence.acq_rel.gpu; membar.gl; fence.proxy.async.shared::cta;"
                               "prefetch.global.L2 [%rd4]; nanosleep.u32 100;"
                               "griddepcontrol.wait; griddepcontrol.launch_dependents;"
                               "ldu.global.u32 %r13, [%rd4];",
                               {41u});
  EXPECT_EQ(o[0], 41u);
}

TEST(PTXEmuMisc, TrapIsAnError) {
  Emu e;
  ASSERT_TRUE(e.load(std::string(kHeader) + ".visible .entry k()\n{\ntrap;\nret;\n}\n")) << e.err;
  auto r = e.run("k", dim(1), dim(32), {});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("trap executed"), std::string::npos) << r.error;
}

TEST(PTXEmuMisc, StmatrixInvertsLdmatrix) {
  // stmatrix.x4 then ldmatrix.x4 at the same addresses returns the registers.
  std::string k = std::string(kHeader) + ".shared .align 16 .b8 s[512];\n" +
                  ".visible .entry k(.param .u64 out)\n{\n" + kRegs +
                  "ld.param.u64 %rd1, [out]; mov.u32 %r1, %tid.x; mov.u32 %r2, s;"
                  "shl.b32 %r3, %r1, 4; add.s32 %r4, %r2, %r3;"
                  "mad.lo.s32 %r10, %r1, 65537, 0x10000; add.s32 %r11, %r10, 1; add.s32 %r12, %r10, 2;"
                  "add.s32 %r13, %r10, 3;"
                  "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%r4], {%r10, %r11, %r12, %r13};"
                  "bar.warp.sync -1;"
                  "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r20, %r21, %r22, %r23}, [%r4];"
                  "xor.b32 %r24, %r20, %r10; xor.b32 %r25, %r21, %r11; or.b32 %r24, %r24, %r25;"
                  "xor.b32 %r25, %r22, %r12; or.b32 %r24, %r24, %r25;"
                  "xor.b32 %r25, %r23, %r13; or.b32 %r24, %r24, %r25;"
                  "mul.wide.u32 %rd3, %r1, 4; add.s64 %rd4, %rd1, %rd3; st.global.u32 [%rd4], %r24;"
                  "ret;\n}\n";
  OutKernel e;
  auto r = e.launch(k, dim(1), dim(32), 32, /*fill=*/1);
  ASSERT_TRUE(r.ok) << r.error;
  for (uint32_t v : e.output())
    EXPECT_EQ(v, 0u);
}

TEST(PTXEmuMisc, BarArriveProducerConsumer) {
  // Warp 0 produces and arrives on barrier 1; warp 1 waits on it (bar.sync
  // with count 64) and then reads the value without a race.
  std::string k = std::string(kHeader) + ".shared .align 4 .b8 s[4];\n" +
                  ".visible .entry k(.param .u64 out)\n{\n" + kRegs +
                  "ld.param.u64 %rd1, [out]; mov.u32 %r1, %tid.x; mov.u32 %r2, s;"
                  "setp.lt.u32 %p1, %r1, 32; @!%p1 bra CONSUMER;"
                  "setp.eq.u32 %p2, %r1, 0; @%p2 st.shared.u32 [%r2], 99; bar.arrive 1, 64; bra END;"
                  "CONSUMER: bar.sync 1, 64; ld.shared.u32 %r3, [%r2];"
                  "mul.wide.u32 %rd3, %r1, 4; add.s64 %rd4, %rd1, %rd3; st.global.u32 [%rd4], %r3;"
                  "END: ret;\n}\n";
  OutKernel e;
  auto r = e.launch(k, dim(1), dim(64), 64);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  auto o = e.output();
  EXPECT_EQ(o[40], 99u);
  EXPECT_EQ(o[3], 0u);
}

TEST(PTXEmuMisc, CvtaRoundTrip) {
  std::string k = std::string(kHeader) + ".shared .align 4 .b8 s[64];\n" +
                  ".visible .entry k(.param .u64 out)\n{\n" + kRegs +
                  "ld.param.u64 %rd1, [out]; mov.u64 %rd2, s; cvta.shared.u64 %rd3, %rd2;"
                  "cvta.to.shared.u64 %rd4, %rd3; sub.s64 %rd5, %rd4, %rd2;"
                  "cvta.to.global.u64 %rd6, %rd1; st.global.u64 [%rd6], %rd5;"
                  "st.u32 [%rd3+8], 5; ld.shared.u32 %r1, [s+8]; st.global.u32 [%rd6+8], %r1;"
                  "ret;\n}\n";
  OutKernel e;
  auto r = e.launch(k, dim(1), dim(1), 4, /*fill=*/7);
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.output();
  EXPECT_EQ(o[0], 0u);
  EXPECT_EQ(o[1], 0u);
  EXPECT_EQ(o[2], 5u);
}

} // namespace
