//===- Tcgen05Test.cpp - tensor memory, tcgen05.cp and commit -------------===//
#include "Harness.h"

#include <functional>

using namespace ptxtest;

namespace {

const char *kTcgen05Header = ".version 8.6\n.target sm_100a\n.address_size 64\n";

// A 128-thread kernel k(out): %r1 = tid, %r2 = warp, %p1 = (warp == 0),
// %r5 = the tensor-memory base warp 0 allocated (32 columns), %r7 = the
// base of this warp's lane quarter; `body` runs, then warp 0 deallocates.
std::string kernel(const std::string &body, const std::string &decls = "",
                   bool alloc = true) {
  std::string s = std::string(kTcgen05Header) + ".shared .align 4 .b8 slot[4];\n" +
                  decls + ".visible .entry k(.param .u64 out)\n{\n" + kRegs +
                  "ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\n"
                  "shr.u32 %r2, %r1, 5;\nsetp.eq.u32 %p1, %r2, 0;\n"
                  "mov.u32 %r4, slot;\n";
  if (alloc)
    s += "@%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r4], 32;\n"
         "tcgen05.fence::before_thread_sync;\nbar.sync 0;\n"
         "tcgen05.fence::after_thread_sync;\nld.shared.u32 %r5, [%r4];\n"
         "and.b32 %r6, %r2, 3;\nshl.b32 %r6, %r6, 21;\nadd.s32 %r7, %r5, %r6;\n";
  s += body + "\n";
  if (alloc)
    s += "tcgen05.fence::before_thread_sync;\nbar.sync 0;\n"
         "@%p1 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r5, 32;\n";
  return s + "ret;\n}\n";
}

TEST(PTXEmuTcgen05, StoreLoadThroughTensorMemory) {
  // Thread t writes t + 1000 and t + 2000 to columns 0 and 1 of its lane
  // (32 * warp + lane) and reads column 1 back.
  std::string body =
      "add.s32 %r10, %r1, 1000;\nadd.s32 %r11, %r1, 2000;\n"
      "tcgen05.st.sync.aligned.32x32b.x2.b32 [%r7], {%r10, %r11};\n"
      "tcgen05.wait::st.sync.aligned;\n"
      "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r12}, [%r7+1];\n"
      "tcgen05.wait::ld.sync.aligned;\n"
      "mul.wide.u32 %rd3, %r1, 4;\nadd.s64 %rd4, %rd1, %rd3;\n"
      "st.global.u32 [%rd4], %r12;";
  OutKernel e;
  auto r = e.launch(kernel(body), dim(1), dim(128), 128);
  ASSERT_TRUE(r.ok) << r.error;
  auto out = e.output();
  for (unsigned t = 0; t < 128; ++t)
    EXPECT_EQ(out[t], 2000 + t);
}

TEST(PTXEmuTcgen05, SplitShapeReachesSixteenLanesTwice) {
  // 16x32bx2.x2 with immHalfSplitoff 4: thread t of warp q writes t + 1000
  // and t + 2000 to lane 32 q + t % 16, columns 0 and 1 (t % 32 < 16) or 4
  // and 5 (the second half of the warp). Reading columns 0..7 of every lane
  // back with 32x32b shows lanes 16..31 of each quarter untouched.
  std::string body =
      "add.s32 %r10, %r1, 1000;\nadd.s32 %r11, %r1, 2000;\n"
      "tcgen05.st.sync.aligned.16x32bx2.x2.b32 [%r7], 4, {%r10, %r11};\n"
      "tcgen05.wait::st.sync.aligned;\n"
      "tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r12, %r13, %r14, %r15, %r16, %r17, "
      "%r18, %r19}, [%r7];\n"
      "tcgen05.ld.sync.aligned.16x32bx2.x1.b32 {%r20}, [%r7], 5;\n"
      "tcgen05.wait::ld.sync.aligned;\n"
      "mul.wide.u32 %rd3, %r1, 48;\nadd.s64 %rd4, %rd1, %rd3;\n"
      "st.global.v4.u32 [%rd4], {%r12, %r13, %r14, %r15};\n"
      "st.global.v4.u32 [%rd4+16], {%r16, %r17, %r18, %r19};\n"
      "st.global.u32 [%rd4+32], %r20;";
  Emu e;
  ASSERT_TRUE(e.load(kernel(body))) << e.err;
  uint64_t dout = e.upload(std::vector<uint32_t>(128 * 12));
  auto r = e.run("k", dim(1), dim(128), {ParamValue::of(dout)});
  ASSERT_TRUE(r.ok) << r.error;
  auto out = e.download<uint32_t>(dout, 128 * 12);
  for (unsigned t = 0; t < 128; ++t) {
    unsigned l = t % 32, low = t - l + l % 16, high = low + 16;
    const uint32_t *row = &out[12 * t];
    bool used = l < 16;
    EXPECT_EQ(row[0], used ? 1000 + low : 0) << t;
    EXPECT_EQ(row[1], used ? 2000 + low : 0) << t;
    EXPECT_EQ(row[2], 0u) << t;
    EXPECT_EQ(row[4], used ? 1000 + high : 0) << t;
    EXPECT_EQ(row[5], used ? 2000 + high : 0) << t;
    // The split load: column 0 for the first half-warp, 5 for the second.
    EXPECT_EQ(row[8], l < 16 ? 1000 + low : 2000 + high) << t;
  }
}

TEST(PTXEmuTcgen05, SplitShapeStartsAtAHalfQuarter) {
  Emu e;
  ASSERT_TRUE(e.load(kernel("add.s32 %r8, %r7, 524288;\n"
                            "tcgen05.ld.sync.aligned.16x32bx2.x1.b32 {%r12}, [%r8], 1;")))
      << e.err;
  uint64_t dout = e.upload(std::vector<uint32_t>(128));
  auto r = e.run("k", dim(1), dim(128), {ParamValue::of(dout)});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("in groups of 16, not from "), std::string::npos) << r.error;
}

TEST(PTXEmuTcgen05, WarpStaysInItsLaneQuarter) {
  OutKernel e;
  auto r =
      e.launch(kernel("tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r12}, [%r5];"),
               dim(1), dim(128), 128);
  ASSERT_FALSE(r.ok);
  // Whichever of warps 1-3 gets there first is reported.
  EXPECT_NE(r.error.find("may access tensor-memory lanes"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find(", not from 0"), std::string::npos) << r.error;
}

TEST(PTXEmuTcgen05, AccessNeedsAllocatedColumns) {
  OutKernel e;
  auto r = e.launch(kernel("mov.u32 %r7, 0;\n"
                           "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r12}, [%r7];",
                           "", /*alloc=*/false),
                    dim(1), dim(128), 128);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("tensor-memory column 0 is not allocated"), std::string::npos)
      << r.error;
}

TEST(PTXEmuTcgen05, CopyLandsAtCommit) {
  // Every thread writes word t + 7 of a 512-byte shared matrix (32 rows of
  // 16 bytes, no swizzle: 8-row groups 128 bytes apart); thread 0 copies it
  // with tcgen05.cp 32x128b.warpx4, so lane 32 q + r holds row r in columns
  // 0..3 (reading them before the commit is an error: see
  // ReadingACopyBeforeCommitIsAnError); after the mbarrier phase completes,
  // column 1 of lane l holds word 4 (l % 32) + 1.
  std::string decls = ".shared .align 16 .b8 src[512];\n.shared .align 8 .b8 bar[8];\n";
  std::string body =
      "mov.u32 %r8, src;\nmov.u32 %r9, bar;\n"
      "shl.b32 %r10, %r1, 2;\nadd.s32 %r10, %r8, %r10;\nadd.s32 %r11, %r1, 7;\n"
      "st.shared.u32 [%r10], %r11;\n"
      "setp.eq.u32 %p2, %r1, 0;\n@%p2 mbarrier.init.shared::cta.b64 [%r9], 1;\n"
      "cvt.u64.u32 %rd10, %r8;\nshr.u64 %rd10, %rd10, 4;\nand.b64 %rd10, %rd10, 16383;\n"
      "or.b64 %rd10, %rd10, 70403104440320;\n" // LBO 128, SBO 128, version 1
      "fence.proxy.async.shared::cta;\nbar.sync 0;\n"
      "@%p2 tcgen05.cp.cta_group::1.32x128b.warpx4 [%r5], %rd10;\nbar.sync 0;\n"
      "mov.u32 %r12, 0;\n"
      "@%p2 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r9];\n"
      "W: mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r9], 0;\n@!%p3 bra W;\n"
      "tcgen05.fence::after_thread_sync;\n"
      "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r13}, [%r7+1];\n"
      "tcgen05.wait::ld.sync.aligned;\n"
      "mul.wide.u32 %rd3, %r1, 8;\nadd.s64 %rd4, %rd1, %rd3;\n"
      "st.global.v2.u32 [%rd4], {%r12, %r13};";
  OutKernel e;
  auto r = e.launch(kernel(body, decls), dim(1), dim(128), 256);
  ASSERT_TRUE(r.ok) << r.error;
  auto out = e.output();
  for (unsigned t = 0; t < 128; ++t) {
    EXPECT_EQ(out[2 * t], 0u) << t;
    EXPECT_EQ(out[2 * t + 1], 4 * (t % 32) + 1 + 7) << t;
  }
}

TEST(PTXEmuTcgen05, BlockScaledMmaIsM128Only) {
  // An instruction descriptor with M >> 4 = 4 (M = 64) at bits 24-28: the
  // block-scaled kinds have no such shape with cta_group::1; the commit that
  // performs the MMA reports it.
  std::string decls = ".shared .align 8 .b8 bar[8];\n";
  std::string body =
      "mov.u32 %r9, bar;\nsetp.eq.u32 %p2, %r1, 0;\n"
      "@%p2 mbarrier.init.shared::cta.b64 [%r9], 1;\nbar.sync 0;\n"
      "mov.u64 %rd10, 0;\nmov.u32 %r10, 75759616;\nsetp.ne.u32 %p4, %r1, 0;\n"
      "@%p2 tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X "
      "[%r5], %rd10, %rd10, %r10, [%r5], [%r5], %p4;\n"
      "@%p2 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r9];\n"
      "bar.sync 0;";
  Emu e;
  ASSERT_TRUE(e.load(kernel(body, decls))) << e.err;
  uint64_t dout = e.upload(std::vector<uint32_t>(128));
  auto r = e.run("k", dim(1), dim(128), {ParamValue::of(dout)});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("M = 64 (bits 24-28) is not a shape of block-scaled "
                         "tcgen05.mma with cta_group::1, which is 128xNxK only"),
            std::string::npos)
      << r.error;
}

// Fills columns 0..15 of every lane with lane * 1000 + column (32x32b), then
// loads with `shape` and stores each thread's registers to out[t * 16 + r].
std::string shapeKernel(const std::string &ld, unsigned nregs) {
  std::string regs;
  for (unsigned r = 0; r < nregs; ++r)
    regs += (r ? ", %r" : "%r") + std::to_string(40 + r);
  std::string body =
      "mul.lo.u32 %r10, %r1, 1000;\n"
      "add.s32 %r20, %r10, 0;\nadd.s32 %r21, %r10, 1;\nadd.s32 %r22, %r10, 2;\n"
      "add.s32 %r23, %r10, 3;\nadd.s32 %r24, %r10, 4;\nadd.s32 %r25, %r10, 5;\n"
      "add.s32 %r26, %r10, 6;\nadd.s32 %r27, %r10, 7;\nadd.s32 %r28, %r10, 8;\n"
      "add.s32 %r29, %r10, 9;\nadd.s32 %r30, %r10, 10;\nadd.s32 %r31, %r10, 11;\n"
      "add.s32 %r32, %r10, 12;\nadd.s32 %r33, %r10, 13;\nadd.s32 %r34, %r10, 14;\n"
      "add.s32 %r35, %r10, 15;\n"
      "tcgen05.st.sync.aligned.32x32b.x16.b32 [%r7], {%r20, %r21, %r22, %r23, %r24, "
      "%r25, %r26, %r27, %r28, %r29, %r30, %r31, %r32, %r33, %r34, %r35};\n"
      "tcgen05.wait::st.sync.aligned;\n" +
      ld + " {" + regs + "}, [%r7];\ntcgen05.wait::ld.sync.aligned;\n"
      "mul.wide.u32 %rd3, %r1, 64;\nadd.s64 %rd4, %rd1, %rd3;\n";
  for (unsigned r = 0; r < nregs; ++r)
    body += "st.global.u32 [%rd4+" + std::to_string(4 * r) + "], %r" +
            std::to_string(40 + r) + ";\n";
  return body;
}

TEST(PTXEmuTcgen05, SixteenLaneShapes) {
  struct Shape {
    const char *ld;
    unsigned nregs;
    // Expected (lane offset, column) of register r of thread l.
    std::function<std::pair<unsigned, unsigned>(unsigned, unsigned)> at;
  };
  std::vector<Shape> shapes = {
      {"tcgen05.ld.sync.aligned.16x64b.x4.b32", 4,
       [](unsigned l, unsigned r) { return std::make_pair(l / 2, 2 * r + l % 2); }},
      {"tcgen05.ld.sync.aligned.16x128b.x2.b32", 4,
       [](unsigned l, unsigned r) {
         return std::make_pair(l / 2, 4 * (r / 2) + 2 * (l % 2) + r % 2);
       }},
      {"tcgen05.ld.sync.aligned.16x256b.x2.b32", 8,
       [](unsigned l, unsigned r) {
         unsigned j = r % 4;
         return std::make_pair(l / 4 + 8 * (j / 2), 8 * (r / 4) + 2 * (l % 4) + j % 2);
       }},
  };
  for (const Shape &sh : shapes) {
    SCOPED_TRACE(sh.ld);
    OutKernel e;
    auto r = e.launch(kernel(shapeKernel(sh.ld, sh.nregs)), dim(1), dim(128), 128 * 16);
    ASSERT_TRUE(r.ok) << r.error;
    auto out = e.output();
    for (unsigned t = 0; t < 128; ++t)
      for (unsigned i = 0; i < sh.nregs; ++i) {
        auto [dl, c] = sh.at(t % 32, i);
        unsigned lane = 32 * (t / 32) + dl;
        EXPECT_EQ(out[t * 16 + i], lane * 1000 + c) << "thread " << t << " reg " << i;
      }
  }
}

TEST(PTXEmuTcgen05, PackTwoSixteenBitColumns) {
  // .pack::16b keeps the register count (ptxas): 32x32b.x4 packs columns
  // 2r and 2r + 1 (low halves) into register r, reading 8 columns.
  OutKernel e;
  auto r = e.launch(
      kernel(shapeKernel("tcgen05.ld.sync.aligned.32x32b.x4.pack::16b.b32", 4)), dim(1),
      dim(128), 128 * 16);
  ASSERT_TRUE(r.ok) << r.error;
  auto out = e.output();
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned i = 0; i < 4; ++i) {
      uint32_t lo = (t * 1000 + 2 * i) & 0xFFFF, hi = (t * 1000 + 2 * i + 1) & 0xFFFF;
      EXPECT_EQ(out[t * 16 + i], lo | hi << 16) << t;
    }
}

TEST(PTXEmuTcgen05, UnpackStoresLowHalves) {
  // 16x256b.x1.unpack::16b: four registers of 0x00020001; register j of
  // thread l covers columns 2 c and 2 c + 1 of its 16x256b cell c
  // (lane l / 4 + 8 (j / 2), c = 2 (l % 4) + j % 2): 16 columns of lanes
  // 0..15 of each quarter alternate 1, 2.
  std::string body =
      "mov.u32 %r10, 0x00020001;\n"
      "tcgen05.st.sync.aligned.16x256b.x1.unpack::16b.b32 [%r7], {%r10, %r10, %r10, %r10};\n"
      "tcgen05.wait::st.sync.aligned;\n"
      "tcgen05.ld.sync.aligned.32x32b.x16.b32 {%r12, %r13, %r14, %r15, %r16, %r17, "
      "%r18, %r19, %r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27}, [%r7];\n"
      "tcgen05.wait::ld.sync.aligned;\n"
      "mul.wide.u32 %rd3, %r1, 64;\nadd.s64 %rd4, %rd1, %rd3;\n"
      "st.global.v4.u32 [%rd4], {%r12, %r13, %r14, %r15};\n"
      "st.global.v4.u32 [%rd4+16], {%r16, %r17, %r18, %r19};\n"
      "st.global.v4.u32 [%rd4+32], {%r20, %r21, %r22, %r23};\n"
      "st.global.v4.u32 [%rd4+48], {%r24, %r25, %r26, %r27};";
  OutKernel e;
  auto r = e.launch(kernel(body), dim(1), dim(128), 128 * 16);
  ASSERT_TRUE(r.ok) << r.error;
  auto out = e.output();
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned c = 0; c < 16; ++c)
      EXPECT_EQ(out[t * 16 + c], t % 32 < 16 ? (c % 2 ? 2u : 1u) : 0u) << t << " " << c;
}

TEST(PTXEmuTcgen05, ReadingACopyBeforeCommitIsAnError) {
  std::string decls = ".shared .align 16 .b8 src[512];\n";
  std::string body =
      "mov.u32 %r8, src;\nsetp.eq.u32 %p2, %r1, 0;\n"
      "cvt.u64.u32 %rd10, %r8;\nshr.u64 %rd10, %rd10, 4;\nand.b64 %rd10, %rd10, 16383;\n"
      "or.b64 %rd10, %rd10, 70403104440320;\n"
      "@%p2 tcgen05.cp.cta_group::1.32x128b.warpx4 [%r5], %rd10;\nbar.sync 0;\n"
      "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r12}, [%r7];";
  OutKernel e;
  auto r = e.launch(kernel(body, decls), dim(1), dim(128), 128);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("not yet committed"), std::string::npos) << r.error;
}

} // namespace
