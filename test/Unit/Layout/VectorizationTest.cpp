//===- VectorizationTest.cpp - vector widths ------------------------------===//

#include "Layout/Vectorization.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/MmaLayouts.h"
#include "Layout/SharedLayouts.h"

#include "gtest/gtest.h"

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

TEST(Vectorization, RegisterLayouts) {
  LL f32x4 = blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  EXPECT_EQ(getContiguousRegisterElements(f32x4), 4);
  EXPECT_EQ(getVectorWidthBits(f32x4, 32), 128u);
  // Eight f32 per thread are contiguous but one access moves 128 bits.
  LL f32x8 = blockedLayout({{1, 8}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  EXPECT_EQ(getContiguousRegisterElements(f32x8), 8);
  EXPECT_EQ(getVectorWidthBits(f32x8, 32), 128u);
  EXPECT_EQ(getVectorWidthBits(f32x8, 8), 64u);
  // Elements down a column are contiguous only in a column-major order.
  LL column = blockedLayout({{4, 1}, {4, 8}, {4, 1}, {0, 1}}, {64, 64});
  EXPECT_EQ(getVectorWidthBits(column, 32), 32u);
  EXPECT_EQ(getVectorWidthBits(column, 32, {0, 1}), 128u);
  // The mma accumulator holds pairs.
  EXPECT_EQ(getVectorWidthBits(mmaSyncAccumulator({2, 2}, {64, 64}), 32), 64u);
  // A tile narrower than the thread's block wraps: only 2 elements remain.
  LL narrow = blockedLayout({{1, 4}, {32, 1}, {4, 1}, {1, 0}}, {128, 2});
  EXPECT_EQ(getContiguousRegisterElements(narrow), 2);
}

TEST(Vectorization, RegisterAndSharedPairs) {
  LL reg = blockedLayout({{1, 8}, {8, 4}, {4, 1}, {1, 0}}, {64, 32});
  auto swizzled = [](SwizzleParams s, std::vector<unsigned> order) {
    return llvm::cantFail(swizzledSharedLayout({64, 32}, order, s));
  };
  EXPECT_EQ(getVectorWidthBits(reg, swizzled({8, 2, 4}, {1, 0}), 16), 128u);
  EXPECT_EQ(getVectorWidthBits(reg, swizzled({4, 1, 8}, {1, 0}), 16), 64u);
  EXPECT_EQ(getVectorWidthBits(reg, swizzled({}, {0, 1}), 16), 16u);
  EXPECT_EQ(getContiguousSharedElements(reg, swizzled({2, 1, 8}, {1, 0})), 2);
  EXPECT_EQ(getContiguousSharedRun(swizzled({}, {1, 0}), "dim1"), 32);
  EXPECT_EQ(getContiguousSharedRun(swizzled({4, 1, 8}, {1, 0}), "dim1"), 4);
}

} // namespace
