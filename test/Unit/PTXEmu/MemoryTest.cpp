//===- MemoryTest.cpp - ld/st, state spaces, atomics, cp.async, mbarrier --===//
#include "Harness.h"

using namespace ptxtest;

namespace {

std::string entry(const std::string &body, const std::string &decls = "") {
  return std::string(kHeader) + decls +
         ".visible .entry k(.param .u64 out, .param .u64 in, .param .u32 n)\n{\n" + kRegs +
         "ld.param.u64 %rd1, [out];\nld.param.u64 %rd2, [in];\nld.param.u32 %r2, [n];\n"
         "mov.u32 %r1, %tid.x;\n" + body + "\nret;\n}\n";
}

TEST(PTXEmuMemory, VectorLoadStore) {
  Emu e;
  ASSERT_TRUE(e.load(entry("mul.wide.u32 %rd3, %r1, 16; add.s64 %rd4, %rd2, %rd3;"
                           "add.s64 %rd5, %rd1, %rd3;"
                           "ld.global.nc.v4.u32 {%r10, %r11, %r12, %r13}, [%rd4];"
                           "st.global.v4.u32 [%rd5], {%r13, %r12, %r11, %r10};"
                           "ld.global.v2.f32 {%f1, _}, [%rd4+8];"
                           "st.global.f32 [%rd5+4], %f1;")))
      << e.err;
  std::vector<uint32_t> in(128);
  for (unsigned i = 0; i < 128; ++i)
    in[i] = i * 3;
  uint64_t din = e.upload(in), dout = e.upload(std::vector<uint32_t>(128));
  auto r = e.run("k", dim(1), dim(32),
                 {ParamValue::of(dout), ParamValue::of(din), ParamValue::of(uint32_t(128))});
  ASSERT_TRUE(r.ok) << r.error;
  auto out = e.download<uint32_t>(dout, 128);
  for (unsigned t = 0; t < 32; ++t) {
    EXPECT_EQ(out[4 * t], in[4 * t + 3]);
    EXPECT_EQ(out[4 * t + 1], in[4 * t + 2]); // overwritten by the f32 store
    EXPECT_EQ(out[4 * t + 3], in[4 * t]);
  }
  EXPECT_EQ(r.counters.globalLoadRequests, 2u);
  EXPECT_EQ(r.counters.globalLoadBytes, 32u * 16 + 32u * 8);
}

TEST(PTXEmuMemory, OutOfBoundsNamesInstruction) {
  Emu e;
  ASSERT_TRUE(e.load(entry("mul.wide.u32 %rd3, %r1, 4; add.s64 %rd4, %rd2, %rd3;\n"
                           "ld.global.u32 %r10, [%rd4+4];")))
      << e.err;
  uint64_t din = e.upload(std::vector<uint32_t>(32)), dout = e.upload(std::vector<uint32_t>(1));
  auto r = e.run("k", dim(1), dim(32),
                 {ParamValue::of(dout), ParamValue::of(din), ParamValue::of(uint32_t(0))});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("out-of-bounds global access of 4 bytes"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("ld.global.u32 %r10, [%rd4+4]"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("thread (31,0,0)"), std::string::npos) << r.error;
}

TEST(PTXEmuMemory, Misaligned) {
  Emu e;
  ASSERT_TRUE(e.load(entry("ld.global.u32 %r10, [%rd2+2];"))) << e.err;
  uint64_t din = e.upload(std::vector<uint32_t>(4));
  auto r = e.run("k", dim(1), dim(1),
                 {ParamValue::of(din), ParamValue::of(din), ParamValue::of(uint32_t(0))});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("misaligned 4-byte global access"), std::string::npos) << r.error;
}

TEST(PTXEmuMemory, SharedStaticDynamicAndLocal) {
  // Static shared holds tid, dynamic shared holds 2*tid; each thread reads
  // its neighbour's values through generic addresses after a barrier, and
  // round-trips through local memory.
  std::string decls = ".shared .align 4 .b8 sbuf[128];\n.extern .shared .align 16 .b8 dyn[];\n";
  std::string body =
      ".local .align 4 .b8 depot[8];\n"
      "shl.b32 %r3, %r1, 2; mov.u32 %r4, sbuf; add.s32 %r5, %r4, %r3;"
      "st.shared.u32 [%r5], %r1;"
      "mov.u32 %r6, dyn; add.s32 %r7, %r6, %r3; shl.b32 %r8, %r1, 1; st.shared.u32 [%r7], %r8;"
      "bar.sync 0;"
      "add.s32 %r9, %r1, 1; and.b32 %r9, %r9, 31; shl.b32 %r9, %r9, 2;"
      "add.s32 %r10, %r4, %r9; cvt.u64.u32 %rd6, %r10; cvta.shared.u64 %rd7, %rd6;"
      "ld.u32 %r11, [%rd7];"
      "add.s32 %r12, %r6, %r9; ld.shared.u32 %r13, [%r12];"
      "mov.u64 %rd8, depot; cvta.local.u64 %rd9, %rd8; st.u32 [%rd9+4], %r13;"
      "ld.local.u32 %r14, [depot+4];"
      "mul.lo.s32 %r15, %r11, 1000; add.s32 %r15, %r15, %r14;"
      "mul.wide.u32 %rd3, %r1, 4; add.s64 %rd5, %rd1, %rd3; st.global.u32 [%rd5], %r15;"
      "mov.u32 %r16, %dynamic_smem_size; st.global.u32 [%rd1+128], %r16;";
  Emu e;
  ASSERT_TRUE(e.load(entry(body, decls))) << e.err;
  uint64_t dout = e.upload(std::vector<uint32_t>(33));
  auto r = e.run("k", dim(1), dim(32),
                 {ParamValue::of(dout), ParamValue::of(dout), ParamValue::of(uint32_t(0))}, 256);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty());
  auto out = e.download<uint32_t>(dout, 33);
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], ((t + 1) % 32) * 1000 + 2 * ((t + 1) % 32));
  EXPECT_EQ(out[32], 256u);
}

TEST(PTXEmuMemory, Atomics) {
  std::string body =
      "atom.global.add.u32 %r10, [%rd1], 1;"            // counter
      "atom.global.add.f32 %f1, [%rd1+4], 0f3F000000;"  // += 0.5
      "atom.global.max.s32 %r11, [%rd1+8], %r1;"
      "atom.global.min.u32 %r11, [%rd1+12], %r1;"
      "atom.global.inc.u32 %r11, [%rd1+16], 4;"          // wraps at 4
      "atom.global.or.b32 %r11, [%rd1+20], 1;"
      "shl.b32 %r12, 1, %r1; red.global.xor.b32 [%rd1+24], %r12;"
      "atom.global.cas.b32 %r13, [%rd1+28], 0, 7;"       // only the first succeeds
      "setp.eq.u32 %p1, %r13, 0; selp.u32 %r14, 1, 0, %p1; red.global.add.u32 [%rd1+32], %r14;"
      "atom.global.exch.b32 %r15, [%rd1+36], %r1;"
      "atom.global.dec.u32 %r11, [%rd1+40], 100;"
      "atom.global.add.u64 %rd10, [%rd1+48], 3;";
  Emu e;
  ASSERT_TRUE(e.load(entry(body))) << e.err;
  std::vector<uint32_t> init(14, 0);
  init[3] = 1000;
  init[10] = 5;
  uint64_t dout = e.upload(init);
  auto r = e.run("k", dim(1), dim(32),
                 {ParamValue::of(dout), ParamValue::of(dout), ParamValue::of(uint32_t(0))});
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.download<uint32_t>(dout, 14);
  EXPECT_EQ(o[0], 32u);
  EXPECT_EQ(u2f(o[1]), 16.0f);
  EXPECT_EQ(o[2], 31u);
  EXPECT_EQ(o[3], 0u);
  EXPECT_EQ(o[4], 32u % 5); // inc: 0,1,2,3,4,0,...
  EXPECT_EQ(o[5], 1u);
  EXPECT_EQ(o[6], 0xffffffffu);
  EXPECT_EQ(o[7], 7u);
  EXPECT_EQ(o[8], 1u);
  EXPECT_LT(o[9], 32u);
  EXPECT_EQ(o[10], 100u - (32u - 6u)); // 5 -> 0 after 5 decs, then wraps to 100
  EXPECT_EQ(uint64_t(o[12]) | uint64_t(o[13]) << 32, 96u);
  EXPECT_EQ(r.counters.atomics, 32u * 12);
}

// Memory-ordering and scope qualifiers, 16-bit CAS and bf16 adds, as tilecc
// emits them; `red` has no acquire side.
TEST(PTXEmuMemory, AtomicQualifiers) {
  std::string body =
      "atom.acquire.gpu.global.add.u32 %r10, [%rd1], 1;"
      "red.release.cta.global.add.u32 [%rd1+4], 2;"
      "atom.acq_rel.sys.global.max.s32 %r11, [%rd1+8], %r1;"
      "mov.b16 %h1, 0x3F80;"                                    // bf16 1.0
      "atom.relaxed.gpu.global.add.noftz.bf16 %h2, [%rd1+12], %h1;"
      "mov.b16 %h3, 0; mov.b16 %h4, 7;"
      "atom.relaxed.cta.global.cas.b16 %h5, [%rd1+14], %h3, %h4;";
  Emu e;
  ASSERT_TRUE(e.load(entry(body))) << e.err;
  uint64_t dout = e.upload(std::vector<uint32_t>(4, 0));
  auto r = e.run("k", dim(1), dim(32),
                 {ParamValue::of(dout), ParamValue::of(dout), ParamValue::of(uint32_t(0))});
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.download<uint32_t>(dout, 4);
  EXPECT_EQ(o[0], 32u);
  EXPECT_EQ(o[1], 64u);
  EXPECT_EQ(o[2], 31u);
  EXPECT_EQ(o[3] & 0xffff, 0x4200u); // bf16 32.0
  EXPECT_EQ(o[3] >> 16, 7u);

  Emu bad;
  EXPECT_FALSE(bad.load(entry("red.acquire.gpu.global.add.u32 [%rd1], 1;")));
  EXPECT_NE(bad.err.find("'red' takes .relaxed or .release, not .acquire"),
            std::string::npos)
      << bad.err;
}

TEST(PTXEmuMemory, SharedAtomicsAndRaces) {
  std::string decls = ".shared .align 4 .b8 s[64];\n";
  // Histogram in shared memory: atomics are not races.
  Emu e;
  ASSERT_TRUE(e.load(entry("and.b32 %r3, %r1, 7; shl.b32 %r3, %r3, 2; mov.u32 %r4, s;"
                           "add.s32 %r5, %r4, %r3; atom.shared.add.u32 %r6, [%r5], 1; bar.sync 0;"
                           "ld.shared.u32 %r7, [%r5]; mul.wide.u32 %rd3, %r1, 4;"
                           "add.s64 %rd5, %rd1, %rd3; st.global.u32 [%rd5], %r7;",
                           decls)))
      << e.err;
  uint64_t dout = e.upload(std::vector<uint32_t>(64));
  auto r = e.run("k", dim(1), dim(64),
                 {ParamValue::of(dout), ParamValue::of(dout), ParamValue::of(uint32_t(0))});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  for (uint32_t v : e.download<uint32_t>(dout, 64))
    EXPECT_EQ(v, 8u);
  // Without the barrier, warp 1 reads what warp 0 wrote: a race.
  Emu e2;
  ASSERT_TRUE(e2.load(entry("mov.u32 %r4, s; st.shared.u32 [%r4], %r1; ld.shared.u32 %r7, [%r4+4];"
                            "setp.eq.u32 %p1, %r1, 32; @%p1 st.shared.u32 [%r4+4], %r1;",
                            decls)))
      << e2.err;
  r = e2.run("k", dim(1), dim(64),
             {ParamValue::of(dout), ParamValue::of(dout), ParamValue::of(uint32_t(0))});
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_FALSE(r.races.empty());
  EXPECT_NE(r.races[0].find("shared-memory race at byte offset 0x"), std::string::npos)
      << r.races[0];
  EXPECT_NE(r.races[0].find("st.shared.u32 [%r4], %r1"), std::string::npos) << r.races[0];
}

TEST(PTXEmuMemory, CpAsyncGroups) {
  // Two groups; after wait_group 1 only the first has landed, after
  // wait_group 0 both.
  std::string decls = ".shared .align 16 .b8 s[1024];\n";
  std::string body =
      "mov.u32 %r4, s; shl.b32 %r3, %r1, 4; add.s32 %r5, %r4, %r3;"
      "mul.wide.u32 %rd3, %r1, 16; add.s64 %rd4, %rd2, %rd3;"
      "cp.async.cg.shared.global [%r5], [%rd4], 16;"
      "cp.async.commit_group;"
      "add.s32 %r6, %r5, 512; add.s64 %rd6, %rd4, 512;"
      "cp.async.ca.shared.global [%r6], [%rd6], 8, 4;"  // src-size 4: zero fill
      "cp.async.commit_group;"
      "cp.async.wait_group 1;"
      "ld.shared.u32 %r10, [%r5]; ld.shared.u32 %r11, [%r6];"
      "cp.async.wait_group 0;"
      "ld.shared.u32 %r12, [%r6]; ld.shared.u32 %r13, [%r6+4];"
      "mul.wide.u32 %rd7, %r1, 16; add.s64 %rd8, %rd1, %rd7;"
      "st.global.v4.u32 [%rd8], {%r10, %r11, %r12, %r13};";
  Emu e;
  ASSERT_TRUE(e.load(entry(body, decls))) << e.err;
  std::vector<uint32_t> in(256);
  for (unsigned i = 0; i < 256; ++i)
    in[i] = 1000 + i;
  uint64_t din = e.upload(in), dout = e.upload(std::vector<uint32_t>(128));
  auto r = e.run("k", dim(1), dim(32),
                 {ParamValue::of(dout), ParamValue::of(din), ParamValue::of(uint32_t(0))});
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.download<uint32_t>(dout, 128);
  for (unsigned t = 0; t < 32; ++t) {
    EXPECT_EQ(o[4 * t], 1000 + 4 * t);
    EXPECT_EQ(o[4 * t + 1], 0u); // second group not complete yet
    EXPECT_EQ(o[4 * t + 2], 1000 + 128 + 4 * t);
    EXPECT_EQ(o[4 * t + 3], 0u); // beyond src-size
  }
}

TEST(PTXEmuMemory, MbarrierPhases) {
  // 64 threads arrive on a barrier of count 64; warp 1 spins with try_wait
  // on the phase token until warp 0 has arrived too.
  std::string decls = ".shared .align 8 .b8 bar[8];\n.shared .align 4 .b8 data[4];\n";
  std::string body =
      "mov.u32 %r4, bar; mov.u32 %r5, data;"
      "setp.eq.u32 %p1, %r1, 0; @%p1 mbarrier.init.shared.b64 [%r4], 64; bar.sync 0;"
      "@%p1 st.shared.u32 [%r5], 42;"
      "mbarrier.arrive.shared.b64 %rd10, [%r4];"
      "WAIT: mbarrier.try_wait.shared.b64 %p2, [%r4], %rd10; @!%p2 bra WAIT;"
      "mbarrier.test_wait.parity.shared.b64 %p3, [%r4], 0; selp.u32 %r7, 1, 0, %p3;"
      "ld.shared.u32 %r6, [%r5]; add.s32 %r6, %r6, %r7;"
      "mul.wide.u32 %rd3, %r1, 4; add.s64 %rd5, %rd1, %rd3; st.global.u32 [%rd5], %r6;";
  Emu e;
  ASSERT_TRUE(e.load(entry(body, decls))) << e.err;
  uint64_t dout = e.upload(std::vector<uint32_t>(64));
  auto r = e.run("k", dim(1), dim(64),
                 {ParamValue::of(dout), ParamValue::of(dout), ParamValue::of(uint32_t(0))});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  for (uint32_t v : e.download<uint32_t>(dout, 64))
    EXPECT_EQ(v, 43u);
}

TEST(PTXEmuMemory, CpAsyncMbarrierArrive) {
  // Each thread copies 16 bytes and signals the mbarrier (count 32) with
  // cp.async.mbarrier.arrive.noinc; waiting on the phase makes the data visible.
  std::string decls = ".shared .align 16 .b8 s[512];\n.shared .align 8 .b8 bar[8];\n";
  std::string body =
      "mov.u32 %r4, s; mov.u32 %r8, bar; shl.b32 %r3, %r1, 4; add.s32 %r5, %r4, %r3;"
      "setp.eq.u32 %p1, %r1, 0; @%p1 mbarrier.init.shared.b64 [%r8], 32; bar.sync 0;"
      "mul.wide.u32 %rd3, %r1, 16; add.s64 %rd4, %rd2, %rd3;"
      "cp.async.ca.shared.global [%r5], [%rd4], 16;"
      "cp.async.mbarrier.arrive.noinc.shared.b64 [%r8];"
      "W: mbarrier.test_wait.parity.shared.b64 %p2, [%r8], 0; @!%p2 bra W;"
      "xor.b32 %r6, %r3, 16; add.s32 %r7, %r4, %r6; ld.shared.u32 %r9, [%r7];"
      "mul.wide.u32 %rd5, %r1, 4; add.s64 %rd6, %rd1, %rd5; st.global.u32 [%rd6], %r9;";
  Emu e;
  ASSERT_TRUE(e.load(entry(body, decls))) << e.err;
  std::vector<uint32_t> in(128);
  for (unsigned i = 0; i < 128; ++i)
    in[i] = 500 + i;
  uint64_t din = e.upload(in), dout = e.upload(std::vector<uint32_t>(32));
  auto r = e.run("k", dim(1), dim(32),
                 {ParamValue::of(dout), ParamValue::of(din), ParamValue::of(uint32_t(0))});
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.download<uint32_t>(dout, 32);
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(o[t], 500 + 4 * (t ^ 1));
}

TEST(PTXEmuMemory, KernelsHaveSeparateSharedLayouts) {
  // Two kernels with 150 KiB of shared each: each launch fits on its own.
  std::string k = std::string(kHeader) + ".shared .align 4 .b8 common[16];\n";
  for (const char *name : {"ka", "kb"})
    k += std::string(".visible .entry ") + name + "(.param .u64 out)\n{\n" + kRegs +
         ".shared .align 4 .b8 big[153600];\n"
         "ld.param.u64 %rd1, [out]; mov.u32 %r1, big; mov.u32 %r2, common;"
         "st.shared.u32 [%r1+153596], 3; ld.shared.u32 %r3, [%r1+153596];"
         "sub.s32 %r4, %r1, %r2; add.s32 %r3, %r3, %r4; st.global.u32 [%rd1], %r3; ret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(k)) << e.err;
  uint64_t dout = e.upload(std::vector<uint32_t>(1));
  for (const char *name : {"ka", "kb"}) {
    auto r = e.run(name, dim(1), dim(1), {ParamValue::of(dout)});
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(e.download<uint32_t>(dout, 1)[0], 3u + 16u); // big follows common
  }
}

} // namespace
