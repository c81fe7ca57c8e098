//===- TmaLayoutsTest.cpp - TMA box layouts and stmatrix staging ----------===//
//
// The box layout is checked against the PTX ISA's swizzle rule element by
// element, and a stmatrix plan by simulating the instruction: each lane's
// row address and the m8n8 fragment give the shared element every register
// lands on, which must be the element the register layout holds there.
//
//===----------------------------------------------------------------------===//

#include "Layout/TmaLayouts.h"
#include "Layout/DistributedLayouts.h"

#include "gtest/gtest.h"

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

/// The wgmma accumulator of a 128x128 tile on one warpgroup (m64 twice).
const char *kAccumulator =
    "{register = [(0, 1), (8, 0), (0, 8), (0, 16), (0, 32), (0, 64), (64, 0)], "
    "lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], "
    "warp = [(16, 0), (32, 0)]} -> {dim0 = 128, dim1 = 128}";

TEST(TmaLayouts, BoxFollowsTheSwizzleRule) {
  for (unsigned swizzle : {32u, 64u, 128u}) {
    int64_t cols = swizzle / 2; // f16: one swizzle span a row
    LL box = tmaBoxSharedLayout({16, cols}, 16, swizzle);
    LL toOffset = *box.invert();
    for (int32_t r = 0; r < 16; ++r)
      for (int32_t c = 0; c < cols; ++c) {
        int64_t byte = (r * cols + c) * 2;
        int64_t line = byte / 128, unit = (byte % 128) / 16;
        int64_t expected = line * 128 +
                           (unit ^ (line % (swizzle / 16))) * 16 + byte % 16;
        EXPECT_EQ(toOffset.applyValues({r, c})[0] * 2, expected)
            << "swizzle " << swizzle << " row " << r << " col " << c;
      }
  }
  // No swizzle: dense.
  LL plain = tmaBoxSharedLayout({4, 8}, 32, 0);
  EXPECT_EQ(plain.applyValues({9}), (llvm::SmallVector<int32_t>{1, 1}));
}

TEST(TmaLayouts, StmatrixStagesTheAccumulatorConflictFree) {
  LL tile = llvm::cantFail(LL::fromString(kAccumulator));
  std::vector<int64_t> boxShape = {128, 64};
  auto plan = planTmaBoxStmatrix(tile, boxShape, 16, 128);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->matrices.numMatrices, 4u);
  EXPECT_FALSE(plan->matrices.trans);
  EXPECT_EQ(plan->boxSelectorBits, (std::vector<unsigned>{5}));
  EXPECT_EQ(plan->boxRegisterBits, (std::vector<unsigned>{0, 1, 2, 3, 4, 6}));
  EXPECT_TRUE(plan->matrices.cost.conflictFree());

  // Simulate: lane l of matrix m stores row l / 4, units 2 (l % 4) + {0, 1}
  // of the 16-byte row whose address lane 8 m + l / 4 gave.
  LL box = tmaBoxSharedLayout(boxShape, 16, 128);
  LL toOffset = *box.invert();
  const LdmatrixPlan &m = plan->matrices;
  int32_t instrs = m.addresses.getInDimSize("instr");
  for (int32_t b = 0; b < 2; ++b)
    for (int32_t w = 0; w < 4; ++w)
      for (int32_t instr = 0; instr < instrs; ++instr)
        for (int32_t lane = 0; lane < 32; ++lane)
          for (int32_t unit = 0; unit < 8; ++unit) {
            int32_t matrix = unit / 2;
            auto row = m.addresses.applyValues({8 * matrix + lane / 4, instr, w});
            int64_t offset =
                toOffset.applyValues(row)[0] + 2 * (lane % 4) + unit % 2;
            auto boxCoords = box.applyValues({int32_t(offset)});
            // The box-local register, spread onto the tile's bits.
            int32_t local = instr * 8 + unit, reg = 0;
            for (auto [k, bit] : llvm::enumerate(plan->boxRegisterBits))
              if (local & (1 << k))
                reg |= 1 << bit;
            if (b)
              reg |= 1 << plan->boxSelectorBits[0];
            auto held = tile.applyValues({reg, lane, w});
            EXPECT_EQ(held[0], boxCoords[0]);
            EXPECT_EQ(held[1], boxCoords[1] + b * 64);
          }
}

TEST(TmaLayouts, StmatrixRefusesWhatItCannotStore) {
  LL tile = llvm::cantFail(LL::fromString(kAccumulator));
  // 32-bit elements: stmatrix moves b16.
  EXPECT_FALSE(planTmaBoxStmatrix(tile, {128, 32}, 32, 128));
  // A box narrower than the lanes' reach.
  EXPECT_FALSE(planTmaBoxStmatrix(tile, {128, 4}, 16, 0));
  // A box of fewer rows than the tile.
  EXPECT_FALSE(planTmaBoxStmatrix(tile, {64, 64}, 16, 128));
  // Duplicated elements (a warp bit with no image).
  LL dup = llvm::cantFail(LL::fromString(
      "{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), "
      "(2, 0), (4, 0)], warp = [(0, 0)]} -> {dim0 = 16, dim1 = 16}"));
  EXPECT_FALSE(planTmaBoxStmatrix(dup, {16, 16}, 16, 32));
}

} // namespace
