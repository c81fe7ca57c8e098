//===- ControlTest.cpp - divergence, barriers, calls, printf --------------===//
#include "Harness.h"

#include <algorithm>

using namespace ptxtest;

namespace {

std::string entry(const std::string &body, const std::string &pre = "") {
  return std::string(kHeader) + pre +
         ".visible .entry k(.param .u64 out)\n{\n" + kRegs +
         "ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\n"
         "mul.wide.u32 %rd3, %r1, 4; add.s64 %rd5, %rd1, %rd3;\n" + body + "\nret;\n}\n";
}

TEST(PTXEmuControl, DivergentLoopReconverges) {
  // Lane t loops t times (even lanes exit the loop early at 5), then all
  // lanes reconverge for a full-warp shuffle: a wrong reconvergence point
  // would trip the diverged-warp check.
  std::string body =
      "mov.u32 %r10, 0; mov.u32 %r11, 0;\n"
      "LOOP: setp.ge.u32 %p1, %r11, %r1; @%p1 bra DONE;\n"
      "and.b32 %r12, %r1, 1; setp.eq.u32 %p2, %r12, 0; setp.eq.u32 %p3, %r11, 5;\n"
      "and.pred %p4, %p2, %p3; @%p4 bra DONE;\n"
      "add.s32 %r10, %r10, %r11; add.s32 %r11, %r11, 1; bra.uni LOOP;\n"
      "DONE: shfl.sync.idx.b32 %r13, %r10, 0, 31, -1;\n"
      "add.s32 %r14, %r13, %r10; st.global.u32 [%rd5], %r14;";
  OutKernel e;
  auto r = e.launch(entry(body), dim(1), dim(32), 32);
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.output();
  for (unsigned t = 0; t < 32; ++t) {
    unsigned iters = (t % 2 == 0 && t > 5) ? 5 : t;
    EXPECT_EQ(o[t], iters * (iters - (iters ? 1 : 0)) / 2 + 0) << t;
  }
}

TEST(PTXEmuControl, EarlyExitAndIfElse) {
  std::string body =
      "setp.lt.u32 %p1, %r1, 8; @%p1 bra EARLY;\n"
      "and.b32 %r2, %r1, 1; setp.eq.u32 %p2, %r2, 0; @%p2 bra EVEN;\n"
      "mov.u32 %r3, 100; bra JOIN;\n"
      "EVEN: mov.u32 %r3, 200;\n"
      "JOIN: add.s32 %r3, %r3, %r1; st.global.u32 [%rd5], %r3; exit;\n"
      "EARLY: st.global.u32 [%rd5], 7;";
  OutKernel e;
  auto r = e.launch(entry(body), dim(1), dim(64), 64);
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.output();
  for (unsigned t = 0; t < 64; ++t)
    EXPECT_EQ(o[t], t < 8 ? 7u : (t % 2 ? 100u : 200u) + t) << t;
}

TEST(PTXEmuControl, BarrierDeadlockDetected) {
  // Warps split between two different barriers: neither can complete.
  std::string body = "setp.lt.u32 %p1, %r1, 32; @%p1 bra A;\nbar.sync 1;\nbra B;\n"
                     "A: bar.sync 0;\nB: st.global.u32 [%rd5], 1;";
  OutKernel e;
  auto r = e.launch(entry(body), dim(1), dim(64), 64);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("barrier deadlock"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("barrier 0 has 32 of 64"), std::string::npos) << r.error;
}

TEST(PTXEmuControl, NamedBarrierWithCountAndBarRed) {
  // Warps 0-1 sync on barrier 1 with 64 threads while warp 2 skips it;
  // bar.red.popc counts odd threads over the whole CTA.
  std::string body =
      "setp.lt.u32 %p1, %r1, 64; @!%p1 bra SKIP; bar.sync 1, 64; SKIP:\n"
      "and.b32 %r2, %r1, 1; setp.eq.u32 %p2, %r2, 1;\n"
      "bar.red.popc.u32 %r3, 0, %p2;\n"
      "bar.red.and.pred %p3, 0, %p2; selp.u32 %r4, 1000, 0, %p3; add.s32 %r3, %r3, %r4;\n"
      "st.global.u32 [%rd5], %r3;";
  OutKernel e;
  auto r = e.launch(entry(body), dim(1), dim(96), 96);
  ASSERT_TRUE(r.ok) << r.error;
  for (uint32_t v : e.output())
    EXPECT_EQ(v, 48u);
  EXPECT_EQ(r.counters.barriers, 3u);
}

TEST(PTXEmuControl, FunctionCall) {
  std::string pre =
      ".func (.param .b32 ret0) twice(.param .b32 x)\n{\n.reg .b32 %q<3>;\n"
      "ld.param.b32 %q1, [x]; shl.b32 %q2, %q1, 1; st.param.b32 [ret0], %q2; ret;\n}\n";
  std::string body =
      "setp.lt.u32 %p1, %r1, 16; @%p1 bra SKIP;\n"
      "{ .param .b32 a0; st.param.b32 [a0], %r1; .param .b32 r0;\n"
      "call.uni (r0), twice, (a0); ld.param.b32 %r2, [r0]; }\n"
      "st.global.u32 [%rd5], %r2; SKIP:";
  OutKernel e;
  auto r = e.launch(entry(body, pre), dim(1), dim(32), 32);
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.output();
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(o[t], t < 16 ? 0u : 2 * t);
}

TEST(PTXEmuControl, Printf) {
  std::string pre =
      ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 p0, .param .b64 p1);\n"
      ".global .align 1 .b8 fmt[24] = {116, 61, 37, 100, 32, 37, 53, 46, 50, 102, 32, 37, 120,"
      " 32, 37, 115, 32, 37, 37, 10, 0};\n"
      ".global .align 1 .b8 str[3] = {104, 105, 0};\n";
  // printf("t=%d %5.2f %x %s %%\n", tid, 1.5, 255, "hi") from threads 0 and 1.
  std::string body =
      ".local .align 8 .b8 buf[32];\n"
      "setp.gt.u32 %p1, %r1, 1; @%p1 bra END;\n"
      "mov.u64 %rd10, buf; cvta.local.u64 %rd11, %rd10;\n"
      "st.local.u32 [buf], %r1; mov.f64 %fd1, 0d3FF8000000000000; st.local.f64 [buf+8], %fd1;\n"
      "st.local.u32 [buf+16], 255; mov.u64 %rd12, str; cvta.global.u64 %rd13, %rd12;\n"
      "st.local.u64 [buf+24], %rd13; mov.u64 %rd14, fmt; cvta.global.u64 %rd15, %rd14;\n"
      "{ .param .b64 param0; st.param.b64 [param0], %rd15; .param .b64 param1;\n"
      "st.param.b64 [param1], %rd11; .param .b32 retval0;\n"
      "call.uni (retval0), vprintf, (param0, param1); ld.param.b32 %r5, [retval0]; }\n"
      "END:";
  OutKernel e;
  auto r = e.launch(entry(body, pre), dim(1), dim(32), 32);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.output, "t=0  1.50 ff hi %\nt=1  1.50 ff hi %\n");
}

const char *kHeapDecls =
    ".extern .func (.param .b64 func_retval0) malloc(.param .b64 p0);\n"
    ".extern .func free(.param .b64 p0);\n";

// Each thread mallocs `bytes`, writes tid+1 through the block, reads it back
// into out[tid], then runs `after` (the block is in %rd12).
std::string heapBody(unsigned bytes, const std::string &after) {
  return "{ .param .b64 param0; st.param.b64 [param0], " + std::to_string(bytes) +
         "; .param .b64 retval0;\n"
         "call.uni (retval0), malloc, (param0); ld.param.b64 %rd12, [retval0]; }\n"
         "setp.eq.u64 %p1, %rd12, 0; @%p1 bra NULL;\n"
         "add.s32 %r2, %r1, 1; st.global.u32 [%rd12+" + std::to_string(bytes - 4) +
         "], %r2; ld.global.u32 %r3, [%rd12+" + std::to_string(bytes - 4) +
         "]; st.global.u32 [%rd5], %r3;\n" + after +
         "\nbra.uni END;\nNULL: st.global.u32 [%rd5], 0xdead;\nEND:";
}

std::string freeCall(const std::string &reg) {
  return "{ .param .b64 param0; st.param.b64 [param0], " + reg +
         "; call.uni free, (param0); }";
}

TEST(PTXEmuControl, MallocFree) {
  OutKernel e;
  auto r = e.launch(entry(heapBody(64, freeCall("%rd12")), kHeapDecls), dim(2),
                    dim(32), 32);
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.output();
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(o[t], t + 1);
}

TEST(PTXEmuControl, MallocNullWhenHeapExhausted) {
  // 32 threads asking for 1 MiB each exceed the 8 MiB heap: the first 8 get
  // a block, the others a null pointer.
  OutKernel e;
  auto r = e.launch(entry(heapBody(1 << 20, ""), kHeapDecls), dim(1), dim(32),
                    32);
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.output();
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(o[t], t < 8 ? t + 1 : 0xdeadu);
}

TEST(PTXEmuControl, FreeChecks) {
  {
    OutKernel e;
    auto r = e.launch(
        entry(heapBody(16, freeCall("%rd12") + freeCall("%rd12")), kHeapDecls),
        dim(1), dim(1), 32);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find("not a live block returned by malloc"), std::string::npos)
        << r.error;
  }
  {
    // A use after free is out of bounds.
    OutKernel e;
    auto r = e.launch(entry(heapBody(16, freeCall("%rd12") +
                                             "ld.global.u32 %r4, [%rd12];"),
                            kHeapDecls),
                      dim(1), dim(1), 32);
    EXPECT_FALSE(r.ok);
  }
  {
    Emu e;
    EXPECT_FALSE(e.load(entry("{ .param .b64 param0; st.param.b64 [param0], 0;"
                              " .param .b64 retval0; .param .b64 retval1;"
                              " call.uni (retval0), free, (param0); }",
                              kHeapDecls)));
    EXPECT_NE(e.err.find("free takes one argument"), std::string::npos) << e.err;
  }
}

TEST(PTXEmuControl, InstructionLimit) {
  LaunchConfig c;
  c.maxWarpInstrs = 10000;
  OutKernel e;
  auto r = e.launch(entry("L: bra L;"), dim(1), dim(1), 1, 0, c);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("instruction limit"), std::string::npos) << r.error;
}

TEST(PTXEmuControl, GridAndSpecialRegisters) {
  std::string body =
      "mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ntid.x; mov.u32 %r4, %ctaid.y;"
      "mov.u32 %r5, %nctaid.x; mad.lo.s32 %r6, %r4, %r5, %r2; mad.lo.s32 %r7, %r6, %r3, %r1;"
      "mov.u32 %r8, %warpid; mul.lo.s32 %r9, %r8, 10000; add.s32 %r9, %r9, %r7;"
      "mul.wide.u32 %rd6, %r7, 4; add.s64 %rd7, %rd1, %rd6; st.global.u32 [%rd7], %r9;";
  OutKernel e;
  auto r = e.launch(entry(body), dim(3, 2), dim(64), 3 * 2 * 64);
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.output();
  for (unsigned i = 0; i < 384; ++i)
    EXPECT_EQ(o[i], i + 10000 * ((i % 64) / 32));
  EXPECT_EQ(r.counters.ctas, 6u);
}

TEST(PTXEmuControl, IntraWarpSpinLockMakesProgress) {
  // Every lane takes a global spin lock in turn (atom.cas loop); the lane
  // holding it sits at a higher pc than the spinning ones, so scheduling
  // must not starve it.
  std::string body =
      "SPIN: atom.global.cas.b32 %r2, [%rd1+128], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra SPIN;\n"
      "ld.global.u32 %r3, [%rd1+132]; add.s32 %r3, %r3, 1; st.global.u32 [%rd1+132], %r3;\n"
      "st.global.u32 [%rd5], %r3; atom.global.exch.b32 %r4, [%rd1+128], 0;";
  LaunchConfig c;
  c.maxWarpInstrs = 5000000; // a starved lock holder would spin forever
  OutKernel e;
  auto r = e.launch(entry(body), dim(1), dim(32), 34, 0, c);
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.output();
  EXPECT_EQ(o[33], 32u);
  std::vector<uint32_t> seen(o.begin(), o.begin() + 32);
  std::sort(seen.begin(), seen.end());
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(seen[t], t + 1);
}

} // namespace
