//===- WarpTest.cpp - shfl.sync, vote.sync, redux, match ------------------===//
#include "Harness.h"

using namespace ptxtest;

namespace {

std::vector<uint32_t> iota32(uint32_t base) {
  std::vector<uint32_t> v(32);
  for (unsigned i = 0; i < 32; ++i)
    v[i] = base + i;
  return v;
}

TEST(PTXEmuWarp, ShuffleModes) {
  auto in = iota32(100);
  auto up = evalLanes<uint32_t>("shfl.sync.up.b32 %r13|%p1, %r10, 3, 0, -1;", in);
  auto down = evalLanes<uint32_t>("shfl.sync.down.b32 %r13, %r10, 5, 31, -1;", in);
  auto bfly = evalLanes<uint32_t>("shfl.sync.bfly.b32 %r13, %r10, 6, 31, -1;", in);
  auto idx = evalLanes<uint32_t>("shfl.sync.idx.b32 %r13, %r10, 9, 31, -1;", in);
  // Segmented idx: width 8 (c = ((32-8)<<8) | 31), source lane 2 of each segment.
  auto seg = evalLanes<uint32_t>("shfl.sync.idx.b32 %r13, %r10, 2, 0x181f, -1;", in);
  // Segmented down with width 8: clamps inside the segment.
  auto sdown = evalLanes<uint32_t>("shfl.sync.down.b32 %r13, %r10, 3, 0x181f, -1;", in);
  auto pred = evalLanes<uint32_t>(
      "shfl.sync.up.b32 %r14|%p1, %r10, 3, 0, -1; selp.u32 %r13, 1, 0, %p1;", in);
  for (unsigned t = 0; t < 32; ++t) {
    EXPECT_EQ(up[t], 100 + (t >= 3 ? t - 3 : t)) << t;
    EXPECT_EQ(pred[t], t >= 3 ? 1u : 0u) << t;
    EXPECT_EQ(down[t], 100 + (t + 5 <= 31 ? t + 5 : t)) << t;
    EXPECT_EQ(bfly[t], 100 + (t ^ 6)) << t;
    EXPECT_EQ(idx[t], 109u) << t;
    EXPECT_EQ(seg[t], 100 + (t & ~7u) + 2) << t;
    unsigned segEnd = (t | 7);
    EXPECT_EQ(sdown[t], 100 + (t + 3 <= segEnd ? t + 3 : t)) << t;
  }
}

TEST(PTXEmuWarp, ShuffleInDivergedWarpIsAnError) {
  auto k = std::string(kHeader) +
           ".visible .entry k(.param .u64 out)\n{\n" + kRegs +
           "mov.u32 %r1, %tid.x; setp.lt.u32 %p1, %r1, 16; @%p1 bra DONE;\n"
           "shfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;\nDONE: ret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(k)) << e.err;
  auto r = e.run("k", dim(1), dim(32), {ParamValue::of(uint64_t(0))});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("warp-level operation in a diverged warp: lanes 0x0000ffff"),
            std::string::npos)
      << r.error;
  EXPECT_NE(r.error.find("shfl.sync.bfly.b32"), std::string::npos) << r.error;
  // The same shuffle with a membermask of the active half is fine.
  auto k2 = k;
  k2.replace(k2.find("31, -1"), 6, "31, 0xffff0000");
  Emu e2;
  ASSERT_TRUE(e2.load(k2)) << e2.err;
  r = e2.run("k", dim(1), dim(32), {ParamValue::of(uint64_t(0))});
  EXPECT_TRUE(r.ok) << r.error;
}

TEST(PTXEmuWarp, Votes) {
  std::vector<uint32_t> v = {1, 1, 0, 1};
  auto ballot = evalLanes<uint32_t>(
      "setp.ne.u32 %p1, %r10, 0; vote.sync.ballot.b32 %r13, %p1, -1;", v);
  auto all = evalLanes<uint32_t>(
      "setp.ne.u32 %p1, %r10, 0; vote.sync.all.pred %p2, %p1, -1; selp.u32 %r13, 1, 0, %p2;", v);
  auto any = evalLanes<uint32_t>(
      "setp.ne.u32 %p1, %r10, 0; vote.sync.any.pred %p2, !%p1, -1; selp.u32 %r13, 1, 0, %p2;", v);
  auto uni = evalLanes<uint32_t>(
      "setp.ne.u32 %p1, %r10, 7; vote.sync.uni.pred %p2, %p1, -1; selp.u32 %r13, 1, 0, %p2;", v);
  EXPECT_EQ(ballot[0], 0xbbbbbbbbu);
  EXPECT_EQ(all[0], 0u);
  EXPECT_EQ(any[0], 1u);
  EXPECT_EQ(uni[0], 1u);
  auto act = evalLanes<uint32_t>("setp.lt.u32 %p1, %r1, 5; mov.u32 %r13, 0;"
                                 "@%p1 activemask.b32 %r13;",
                                 v);
  EXPECT_EQ(act[0], 0x1fu);
}

TEST(PTXEmuWarp, ReduxAndMatch) {
  auto in = iota32(1);
  auto add = evalLanes<uint32_t>("redux.sync.add.u32 %r13, %r10, -1;", in);
  auto mx = evalLanes<uint32_t>("setp.lt.u32 %p1, %r1, 16; mov.u32 %r13, 0;"
                                "@%p1 redux.sync.max.s32 %r13, %r10, 0x0000ffff;",
                                in);
  EXPECT_EQ(add[7], 528u);
  EXPECT_EQ(mx[3], 16u);
  EXPECT_EQ(mx[20], 0u);
  std::vector<uint32_t> v = {5, 6, 5, 6};
  auto any = evalLanes<uint32_t>("match.sync.any.b32 %r13, %r10, -1;", v);
  EXPECT_EQ(any[0], 0x55555555u);
  EXPECT_EQ(any[1], 0xaaaaaaaau);
}

TEST(PTXEmuWarp, ElectSync) {
  auto o = evalLanes<uint32_t>("setp.ge.u32 %p2, %r1, 4; mov.u32 %r13, 7;"
                               "@%p2 elect.sync %r14|%p1, 0xfffffff0;"
                               "@%p2 selp.u32 %r15, 100, 0, %p1; @%p2 add.s32 %r13, %r14, %r15;",
                               {0});
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(o[t], t < 4 ? 7u : t == 4 ? 104u : 4u) << t;
}

} // namespace
