//===- FmaLayoutsTest.cpp - operand layouts of the scalar FMA dot ---------===//
//
// The property the FMA lowering relies on: every thread holding accumulator
// element (b, m, n) holds A(b, m, k) and B(b, k, n) for every k.
//
//===----------------------------------------------------------------------===//
#include "Layout/FmaLayouts.h"
#include "Layout/DistributedLayouts.h"

#include "gtest/gtest.h"

#include <set>

using namespace tilecc::layout;

namespace {

/// The elements thread (lane, warp) holds in `layout`.
std::set<llvm::SmallVector<int32_t>> held(const LinearLayout &layout,
                                          int32_t lane, int32_t warp) {
  std::set<llvm::SmallVector<int32_t>> result;
  for (int32_t r = 0; r < layout.getInDimSize(kRegister); ++r)
    result.insert(layout.applyValues({r, lane, warp}));
  return result;
}

void expectCovers(const LinearLayout &acc, int32_t k) {
  LinearLayout a = fmaDotOperand(MmaOperand::A, acc, k);
  LinearLayout b = fmaDotOperand(MmaOperand::B, acc, k);
  unsigned rank = acc.getOutDims().size(), m = rank - 2, n = rank - 1;
  EXPECT_EQ(a.getOutDimSize(dimName(n)), k);
  EXPECT_EQ(b.getOutDimSize(dimName(m)), k);
  for (int32_t warp = 0; warp < acc.getInDimSize(kWarp); ++warp)
    for (int32_t lane = 0; lane < 32; ++lane) {
      auto as = held(a, lane, warp), bs = held(b, lane, warp);
      for (llvm::SmallVector<int32_t> c : held(acc, lane, warp))
        for (int32_t kk = 0; kk < k; ++kk) {
          llvm::SmallVector<int32_t> x = c, y = c;
          x[n] = kk;
          y[m] = kk;
          EXPECT_TRUE(as.count(x)) << "A misses k " << kk;
          EXPECT_TRUE(bs.count(y)) << "B misses k " << kk;
        }
    }
}

BlockedParams blocked(llvm::ArrayRef<unsigned> size,
                      llvm::ArrayRef<unsigned> threads,
                      llvm::ArrayRef<unsigned> warps) {
  BlockedParams p;
  p.sizePerThread.assign(size.begin(), size.end());
  p.threadsPerWarp.assign(threads.begin(), threads.end());
  p.warpsPerCTA.assign(warps.begin(), warps.end());
  for (unsigned i = 0; i < size.size(); ++i)
    p.order.push_back(size.size() - 1 - i);
  return p;
}

TEST(FmaLayouts, BlockedAccumulators) {
  // 4x4 over 128 threads (most hold duplicates), 1x16, 16x1, 8x128.
  expectCovers(blockedLayout(blocked({1, 1}, {8, 4}, {4, 1}), {4, 4}), 8);
  expectCovers(blockedLayout(blocked({1, 4}, {8, 4}, {2, 2}), {1, 16}), 16);
  expectCovers(blockedLayout(blocked({1, 1}, {32, 1}, {4, 1}), {16, 1}), 16);
  expectCovers(blockedLayout(blocked({2, 4}, {1, 32}, {4, 1}), {8, 128}), 32);
  expectCovers(blockedLayout(blocked({1, 1, 1}, {1, 4, 8}, {2, 2, 1}),
                             {2, 4, 8}),
               4);
}

TEST(FmaLayouts, MmaAccumulator) {
  // A chained dot's accumulator may be in an mma.sync layout.
  expectCovers(mmaSyncAccumulator({2, 2}, {32, 16}), 2);
}

TEST(FmaLayouts, RegistersHoldNoDuplicates) {
  // K first, then the accumulator's row bases; its column bases add nothing.
  LinearLayout acc = blockedLayout(blocked({2, 4}, {1, 32}, {4, 1}), {8, 128});
  LinearLayout a = fmaDotOperand(MmaOperand::A, acc, 32);
  EXPECT_EQ(a.getInDimSize(kRegister), 32 * 2);
  EXPECT_EQ(a.getBasis(kRegister, 0, dimName(1)), 1);
  EXPECT_EQ(a.getBasis(kRegister, 5, dimName(0)), 1);
  LinearLayout b = fmaDotOperand(MmaOperand::B, acc, 32);
  EXPECT_EQ(b.getInDimSize(kRegister), 32 * 4);
}

} // namespace
