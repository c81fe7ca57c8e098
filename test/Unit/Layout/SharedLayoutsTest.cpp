//===- SharedLayoutsTest.cpp - swizzling and bank conflicts ---------------===//

#include "Layout/SharedLayouts.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/MmaLayouts.h"
#include "Layout/Vectorization.h"

#include "gtest/gtest.h"

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

LL shared(std::vector<int64_t> shape, std::vector<unsigned> order,
          SwizzleParams swizzle) {
  auto layout = swizzledSharedLayout(shape, order, swizzle);
  EXPECT_TRUE(bool(layout)) << llvm::toString(layout.takeError());
  return *layout;
}

TEST(SwizzledShared, MatchesTheXorFormula) {
  struct Case {
    std::vector<int64_t> shape;
    std::vector<unsigned> order;
    SwizzleParams swizzle;
  };
  for (const Case &c :
       {Case{{32, 64}, {1, 0}, {8, 1, 8}}, Case{{128, 32}, {1, 0}, {8, 2, 4}},
        Case{{16, 64}, {1, 0}, {4, 4, 2}}, Case{{64, 16}, {0, 1}, {4, 1, 8}},
        Case{{8, 8}, {1, 0}, {1, 1, 1}}}) {
    LL layout = shared(c.shape, c.order, c.swizzle);
    ASSERT_TRUE(layout.isInvertible());
    int64_t inner = c.shape[c.order[0]];
    for (int32_t offset = 0; offset < c.shape[0] * c.shape[1]; ++offset) {
      auto coords = layout.applyValues({offset});
      int32_t row = coords[c.order[1]], col = coords[c.order[0]];
      int32_t phase = (row / c.swizzle.perPhase) % c.swizzle.maxPhase;
      int32_t want = row * inner +
                     ((col / c.swizzle.vec) ^ phase) * c.swizzle.vec +
                     col % c.swizzle.vec;
      ASSERT_EQ(offset, want) << "row " << row << " col " << col;
    }
  }
}

TEST(SwizzledShared, ThreeDimensionalTilesStackOuterDims) {
  LL layout = shared({2, 8, 16}, {2, 1, 0}, {4, 1, 4});
  for (int32_t offset = 0; offset < 256; ++offset) {
    auto c = layout.applyValues({offset});
    int32_t want =
        c[0] * 128 + c[1] * 16 + ((c[2] / 4) ^ (c[1] % 4)) * 4 + c[2] % 4;
    ASSERT_EQ(offset, want);
  }
}

TEST(SwizzledShared, RejectsBadParameters) {
  auto message = [](std::vector<int64_t> shape, std::vector<unsigned> order,
                    SwizzleParams s) {
    auto layout = swizzledSharedLayout(shape, order, s);
    return layout ? std::string("<ok>") : llvm::toString(layout.takeError());
  };
  EXPECT_EQ(message({32, 32}, {1, 0}, {8, 1, 8}),
            "swizzle vec * maxPhase (64) exceeds the row of 32 elements");
  EXPECT_EQ(message({32, 32}, {1, 0}, {3, 1, 2}),
            "swizzle parameters must be powers of two");
  EXPECT_EQ(message({32, 32}, {1, 1}, {1, 1, 1}),
            "shared layout needs power-of-two sizes and a permutation order");
}

TEST(SwizzledShared, GeneralXorMasks) {
  // Row bit i XORs masks[i] into the column: rows of dim0, then dim2.
  std::vector<int32_t> masks = {16, 8, 0, 1, 3};
  auto layout = xorSwizzledSharedLayout({8, 32, 4}, {1, 0, 2}, masks);
  ASSERT_TRUE(bool(layout)) << llvm::toString(layout.takeError());
  ASSERT_TRUE(layout->isInvertible());
  for (int32_t offset = 0; offset < 8 * 32 * 4; ++offset) {
    auto c = layout->applyValues({offset});
    int32_t rowBits = c[0] | (c[2] << 3);
    int32_t col = c[1];
    for (size_t i = 0; i < masks.size(); ++i)
      if ((rowBits >> i) & 1)
        col ^= masks[i];
    ASSERT_EQ(offset, (c[2] * 8 + c[0]) * 32 + col);
  }
  EXPECT_EQ(getNumRowBits({8, 32, 4}, {1, 0, 2}), 5u);
  EXPECT_EQ(getRowMasks({32, 64}, {1, 0}, {8, 2, 4}),
            (std::vector<int32_t>{0, 8, 16, 0, 0}));
  auto tooWide = xorSwizzledSharedLayout({8, 32}, {1, 0}, {32, 0, 0});
  ASSERT_FALSE(bool(tooWide));
  EXPECT_EQ(llvm::toString(tooWide.takeError()),
            "XOR mask 32 exceeds the row of 32 elements");
  auto count = xorSwizzledSharedLayout({8, 32}, {1, 0}, {1});
  ASSERT_FALSE(bool(count));
  EXPECT_EQ(llvm::toString(count.takeError()),
            "expected one XOR mask per row bit");
}

TEST(BankConflicts, XorSwizzleServesTwoAccessPatterns) {
  // Accumulator stores touch 4 rows per phase, blocked loads 2: the best
  // standard swizzle leaves conflicts, coordinate descent removes them.
  LL acc = mmaSyncAccumulator({2, 2}, {64, 64});
  LL blocked = blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  SharedLayoutChoice standard = pickSwizzle({acc, blocked}, 32, {1, 0});
  auto conflicts = [&](const LL &layout) {
    return registerAccessCost(acc, layout, 32).conflicts() +
           registerAccessCost(blocked, layout, 32).conflicts();
  };
  EXPECT_GT(conflicts(standard.layout), 0u);
  SharedLayoutChoice general = pickXorSwizzle({acc, blocked}, 32, {1, 0});
  EXPECT_FALSE(general.standard);
  EXPECT_EQ(conflicts(general.layout), 0u);
  EXPECT_LT(general.cost, standard.cost);
  EXPECT_EQ(general.layout, llvm::cantFail(xorSwizzledSharedLayout(
                                {64, 64}, {1, 0}, general.rowMasks)));
}

TEST(BankConflicts, ContiguousRowsAreConflictFree) {
  // 128-bit stores of 8 f16 per lane, four lanes per 64-byte row.
  LL reg = blockedLayout({{1, 8}, {8, 4}, {4, 1}, {1, 0}}, {64, 32});
  LL plain = shared({64, 32}, {1, 0}, {});
  unsigned bits = 0;
  LL access = registerAccess(reg, plain, 16, bits);
  EXPECT_EQ(bits, 128u);
  EXPECT_EQ(access.getInDimSize("instr"), 2);
  AccessCost cost = countWavefronts(plain, access, 16, bits);
  EXPECT_EQ(cost.instructions, 2u);
  EXPECT_EQ(cost.idealWavefronts, 8u); // 4 phases of 8 lanes per store
  EXPECT_TRUE(cost.conflictFree());
}

TEST(BankConflicts, ColumnAccessConflictsUntilSwizzled) {
  // Each lane reads one f32 down a column: 32 rows of 128 bytes hit one bank.
  LL reg = blockedLayout({{1, 1}, {32, 1}, {1, 4}, {0, 1}}, {32, 32});
  LL plain = shared({32, 32}, {1, 0}, {});
  AccessCost cost = registerAccessCost(reg, plain, 32);
  EXPECT_EQ(cost.instructions, 8u);
  EXPECT_EQ(cost.idealWavefronts, 8u);
  EXPECT_EQ(cost.wavefronts, 8u * 32);
  SharedLayoutChoice choice = pickSwizzle({reg}, 32, {1, 0});
  EXPECT_EQ(choice.wavefronts, 8u);
  EXPECT_EQ(registerAccessCost(reg, choice.layout, 32).conflicts(), 0u);
  EXPECT_EQ(choice.swizzle.maxPhase, 32u);
}

TEST(BankConflicts, LdmatrixOn128x32F16) {
  // 64-byte rows: without a swizzle rows r and r + 2 share banks.
  std::vector<int64_t> shape = {128, 32};
  LL access = ldmatrixTileAccess(4, shape);
  EXPECT_EQ(access.getInDimSize("instr"), 16);
  LL plain = shared(shape, {1, 0}, {});
  AccessCost before = countWavefronts(plain, access, 16, 128);
  EXPECT_EQ(before.instructions, 16u);
  EXPECT_EQ(before.wavefronts, before.idealWavefronts * 4);

  LL a = *mmaSyncOperand(MmaOperand::A, 16, 16, {4, 1}, shape);
  SharedLayoutChoice choice = pickSwizzle({a}, 16, {1, 0});
  EXPECT_EQ(choice.swizzle, (SwizzleParams{8, 2, 4}));
  EXPECT_EQ(getContiguousSharedRun(choice.layout, "dim1"), 8)
      << "each 16-byte ldmatrix row stays contiguous";
  AccessCost after = countWavefronts(choice.layout, access, 16, 128);
  EXPECT_EQ(after.instructions, 16u);
  EXPECT_EQ(after.idealWavefronts, 64u);
  EXPECT_TRUE(after.conflictFree());
}

TEST(BankConflicts, LdmatrixOn32x128F16) {
  // 256-byte rows: without a swizzle all eight rows of a matrix share banks.
  std::vector<int64_t> shape = {32, 128};
  LL access = ldmatrixTileAccess(4, shape);
  LL plain = shared(shape, {1, 0}, {});
  AccessCost before = countWavefronts(plain, access, 16, 128);
  EXPECT_EQ(before.wavefronts, before.idealWavefronts * 8);

  LL a = *mmaSyncOperand(MmaOperand::A, 16, 16, {2, 2}, shape);
  SharedLayoutChoice choice = pickSwizzle({a}, 16, {1, 0});
  EXPECT_EQ(choice.swizzle, (SwizzleParams{8, 1, 8}));
  AccessCost after = countWavefronts(choice.layout, access, 16, 128);
  EXPECT_EQ(after.instructions, 16u);
  EXPECT_TRUE(after.conflictFree());

  // The same tile as a K x N B operand read with ldmatrix.trans uses the
  // same row addresses, so the same swizzle serves it.
  AccessCost trans = countWavefronts(choice.layout, access, 16, 128);
  EXPECT_TRUE(trans.conflictFree());
}

TEST(BankConflicts, SubWordAndWideAccessPhases) {
  // 32 lanes reading consecutive f16: one phase, 64 bytes, no conflict.
  LL lanes = LL::identity1D(32, kLane, "dim1") * LL::zeros1D(1, kLane, "dim0");
  lanes = lanes.transposeOuts({"dim0", "dim1"});
  LL plain = shared({1, 32}, {1, 0}, {});
  AccessCost cost = countWavefronts(plain, lanes, 16, 16);
  EXPECT_EQ(cost.idealWavefronts, 1u);
  EXPECT_TRUE(cost.conflictFree());
  // 64-bit accesses go in two phases of 16 lanes.
  LL wide = LL::strided1D(32, 4, kLane, "dim1") * LL::zeros1D(1, kLane, "dim0");
  wide = wide.transposeOuts({"dim0", "dim1"});
  LL row = shared({1, 128}, {1, 0}, {});
  AccessCost wideCost = countWavefronts(row, wide, 16, 64);
  EXPECT_EQ(wideCost.idealWavefronts, 2u);
  EXPECT_TRUE(wideCost.conflictFree());
}

} // namespace
