//===- BlockedLayoutsTest.cpp - layout choices of tileas-assign-layouts ---===//
#include "Schedule/BlockedLayouts.h"

#include "Layout/DistributedLayouts.h"
#include "Layout/Vectorization.h"
#include "gtest/gtest.h"

using namespace mlir::nv_tileas;
using namespace tilecc::layout;

namespace {

/// Every element of `shape` is held by some (register, lane, warp).
bool coversShape(const LinearLayout &layout, llvm::ArrayRef<int64_t> shape) {
  int64_t elements = 1;
  for (int64_t s : shape)
    elements *= s;
  return layout.getNumDistinctElements() == elements;
}

TEST(BlockedLayouts, VectorizedOneDim) {
  LinearLayout l = chooseBlockedLayout({1024}, 4, 4);
  EXPECT_EQ(l.getInDimSize(kRegister), 8);
  EXPECT_EQ(l.getInDimSize(kLane), 32);
  EXPECT_EQ(l.getInDimSize(kWarp), 4);
  EXPECT_EQ(getContiguousRegisterElements(l), 4);
  EXPECT_TRUE(coversShape(l, {1024}));
  // Lane 1 starts right after lane 0's vector: coalesced.
  EXPECT_EQ(l.getBasis(kLane, 0, "dim0"), 4);
  EXPECT_EQ(l.getBasis(kWarp, 0, "dim0"), 128);
}

TEST(BlockedLayouts, TwoDimsFastestLast) {
  LinearLayout l = chooseBlockedLayout({64, 32}, 8, 8);
  EXPECT_EQ(getContiguousRegisterElements(l), 8);
  // 32 / 8 = 4 lanes along dim1, the other 8 lanes along dim0.
  EXPECT_EQ(l.getBasis(kLane, 0, "dim1"), 8);
  EXPECT_EQ(l.getBasis(kLane, 1, "dim1"), 16);
  EXPECT_EQ(l.getBasis(kLane, 2, "dim0"), 1);
  EXPECT_TRUE(coversShape(l, {64, 32}));
  EXPECT_TRUE(l.isInjective());
}

TEST(BlockedLayouts, SmallTileBroadcastsLeftoverHardware) {
  // 16 elements, 4 warps: lanes 16..31 and all warps beyond the first
  // hold duplicates.
  LinearLayout l = chooseBlockedLayout({16}, 1, 4);
  EXPECT_TRUE(coversShape(l, {16}));
  EXPECT_FALSE(l.isInjective());
  EXPECT_EQ(l.getBasis(kLane, 4, "dim0"), 0);
  EXPECT_EQ(l.getBasis(kWarp, 0, "dim0"), 0);
}

TEST(BlockedLayouts, VectorLargerThanTileIsClamped) {
  LinearLayout l = chooseBlockedLayout({2, 2}, 8, 1);
  EXPECT_EQ(getContiguousRegisterElements(l), 2);
  EXPECT_TRUE(coversShape(l, {2, 2}));
}

TEST(BlockedLayouts, AtomVectorElements) {
  EXPECT_EQ(getAtomVectorElements(128, 32), 4u);
  EXPECT_EQ(getAtomVectorElements(64, 16), 4u);
  EXPECT_EQ(getAtomVectorElements(32, 32), 1u);
  EXPECT_EQ(getAtomVectorElements(128, 8), 16u);
  // Narrower than an element, no width (reductions, TMA) or odd widths
  // give no vector.
  EXPECT_EQ(getAtomVectorElements(16, 32), 1u);
  EXPECT_EQ(getAtomVectorElements(0, 16), 1u);
  EXPECT_EQ(getAtomVectorElements(96, 32), 1u);
  // Wider than one instruction moves is capped at 128 bits.
  EXPECT_EQ(getAtomVectorElements(256, 32), 4u);
}

} // namespace
