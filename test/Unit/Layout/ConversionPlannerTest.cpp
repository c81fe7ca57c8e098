//===- ConversionPlannerTest.cpp - layout conversion plans ----------------===//

#include "Layout/ConversionPlanner.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/MmaLayouts.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

ConversionPlan plan(const LL &src, const LL &dst, unsigned bits) {
  auto result = planConversion(src, dst, bits);
  EXPECT_TRUE(bool(result)) << llvm::toString(result.takeError());
  return std::move(*result);
}

/// dst(x) == src(dstToSrc(x)) for every hardware point x of dst.
void checkMap(const LL &src, const LL &dst, const LL &dstToSrc) {
  for (uint64_t flat = 0; flat < (uint64_t(1) << dst.getTotalInDimSizeLog2());
       ++flat) {
    auto x = dst.unflattenInValues(flat);
    EXPECT_EQ(src.applyValues(dstToSrc.applyValues(x)), dst.applyValues(x));
  }
}

unsigned totalConflicts(const ConversionPlan &p) {
  return p.storeCost.conflicts() + p.loadCost.conflicts();
}

/// Conflicts of the same round trip through an unswizzled buffer.
unsigned unswizzledConflicts(const LL &src, const LL &dst,
                             const ConversionPlan &p, unsigned bits) {
  std::vector<int64_t> shape;
  for (const auto &out : src.getOutDims())
    shape.push_back(out.size);
  LL plain = llvm::cantFail(
      swizzledSharedLayout(shape, p.scratch->order, SwizzleParams{}));
  return registerAccessCost(src, plain, bits).conflicts() +
         registerAccessCost(dst, plain, bits).conflicts();
}

TEST(ConversionPlanner, SameLayoutIsIdentity) {
  LL blocked = blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  ConversionPlan p = plan(blocked, blocked, 32);
  EXPECT_EQ(p.kind, ConversionKind::Identity);
  EXPECT_EQ(stringifyConversionKind(p.kind), "identity");
  EXPECT_EQ(stringifyConversionKind(ConversionKind::RegisterPermutation),
            "register-permutation");
  EXPECT_EQ(stringifyConversionKind(ConversionKind::WarpShuffle),
            "warp-shuffle");
  EXPECT_EQ(stringifyConversionKind(ConversionKind::SharedMemory),
            "shared-memory");
  EXPECT_EQ(p.cost, 0u);
}

TEST(ConversionPlanner, RegisterReorderIsAPermutation) {
  LL src = blockedLayout({{2, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  // The same elements per thread, registers in the reverse bit order.
  std::vector<LL::InDim> ins(src.getInDims().begin(), src.getInDims().end());
  std::reverse(ins[0].bases.begin(), ins[0].bases.end());
  LL dst(ins, {src.getOutDims().begin(), src.getOutDims().end()});
  ASSERT_NE(src, dst);
  ConversionPlan p = plan(src, dst, 16);
  EXPECT_EQ(p.kind, ConversionKind::RegisterPermutation);
  ASSERT_TRUE(p.dstToSrc);
  checkMap(src, dst, *p.dstToSrc);
  // Lanes and warps stay where they are.
  for (int32_t lane = 0; lane < 32; ++lane)
    EXPECT_EQ(p.dstToSrc->applyValues({0, lane, 3}),
              (llvm::SmallVector<int32_t>{0, lane, 3}));
}

TEST(ConversionPlanner, TransposedBlockedGoesThroughSharedMemory) {
  LL src = blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  LL dst = blockedLayout({{4, 1}, {4, 8}, {1, 4}, {0, 1}}, {64, 64});
  ConversionPlan p = plan(src, dst, 32);
  EXPECT_EQ(p.kind, ConversionKind::SharedMemory);
  ASSERT_TRUE(p.scratch);
  EXPECT_TRUE(p.scratch->layout.isInvertible());
  // The side whose fastest dim the scratch stores contiguously keeps its
  // 128-bit vectors; the swizzle removes the other side's conflicts.
  EXPECT_EQ(std::max(p.storeVectorBits, p.loadVectorBits), 128u);
  EXPECT_EQ(p.cost, p.storeCost.wavefronts + p.storeCost.instructions +
                        p.loadCost.wavefronts + p.loadCost.instructions);
  EXPECT_EQ(totalConflicts(p), 0u);
  EXPECT_GT(unswizzledConflicts(src, dst, p, 32), 0u);
}

TEST(ConversionPlanner, MmaAccumulatorToBlockedAcrossWarps) {
  // The accumulator spreads warps 2 x 2; the blocked layout stacks them, so
  // data crosses warps and needs shared memory.
  LL acc = mmaSyncAccumulator({2, 2}, {64, 64});
  LL blocked = blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  ConversionPlan p = plan(acc, blocked, 32);
  EXPECT_EQ(p.kind, ConversionKind::SharedMemory);
  EXPECT_EQ(p.storeVectorBits, 64u); // c0, c1 are adjacent
  EXPECT_EQ(p.loadVectorBits, 128u); // four f32 per thread
  // No (vec, perPhase, maxPhase) swizzle serves both the 4-row accumulator
  // stores and the 2-row blocked loads; a general XOR swizzle does.
  EXPECT_EQ(totalConflicts(p), 0u);
  EXPECT_GT(unswizzledConflicts(acc, blocked, p, 32), 0u);
  EXPECT_FALSE(p.scratch->standard);
}

TEST(ConversionPlanner, MmaAccumulatorToBlockedWithinWarps) {
  // Both give warp w rows 16w..16w+15, so shuffles suffice.
  LL acc = mmaSyncAccumulator({4, 1}, {64, 16});
  LL blocked = blockedLayout({{2, 2}, {8, 4}, {4, 1}, {1, 0}}, {64, 16});
  ConversionPlan p = plan(acc, blocked, 32);
  EXPECT_EQ(p.kind, ConversionKind::WarpShuffle);
  ASSERT_TRUE(p.dstToSrc);
  checkMap(acc, blocked, *p.dstToSrc);
  // The per-lane table names a source holding the same element.
  ASSERT_EQ(p.sources.size(), size_t(blocked.getInDimSize(kRegister)));
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t r = 0; r < int32_t(p.sources.size()); ++r)
      for (int32_t lane = 0; lane < 32; ++lane) {
        ShuffleSource s = p.sources[r][lane];
        EXPECT_EQ(acc.applyValues({s.srcRegister, s.srcLane, w}),
                  blocked.applyValues({r, lane, w}));
      }
  EXPECT_GT(p.cost, 0u);
}

TEST(ConversionPlanner, BroadcastSourcesNeedNoMovement) {
  // Every lane holds the whole (small) row: any destination is local.
  LL src = LL::identity1D(8, kRegister, "dim0") *
           LL::zeros1D(32, kLane, "dim0") * LL::zeros1D(4, kWarp, "dim0");
  LL dst = blockedLayout({{1}, {32}, {4}, {0}}, {8});
  ConversionPlan p = plan(src, dst, 32);
  EXPECT_EQ(p.kind, ConversionKind::RegisterPermutation);
  checkMap(src, dst, *p.dstToSrc);
}

TEST(ConversionPlanner, ScalarsAndMissingHardwareDims) {
  // A full reduction leaves a rank-0 layout; converting it is a no-op.
  LL row = blockedLayout({{4}, {32}, {4}, {0}}, {512});
  LL scalar = sliceLayout(row, 0);
  EXPECT_EQ(scalar.getOutDims().size(), 0u);
  EXPECT_EQ(plan(scalar, scalar, 32).kind, ConversionKind::Identity);
  // Hardware dims a layout omits are size 1.
  LL regsOnly = LL::identity1D(4, kRegister, "dim0");
  LL reversed({{kRegister, {{2}, {1}}}}, {{"dim0", 4}});
  ConversionPlan p = plan(regsOnly, reversed, 32);
  EXPECT_EQ(p.kind, ConversionKind::RegisterPermutation);
  EXPECT_EQ(p.dstToSrc->applyValues({1, 0, 0}),
            (llvm::SmallVector<int32_t>{2, 0, 0}));
}

TEST(ConversionPlanner, RejectsMismatchedTiles) {
  LL a = blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  LL b = blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 32});
  LL c = blockedLayout({{1, 4}, {8, 4}, {2, 1}, {1, 0}}, {64, 64});
  auto shape = planConversion(a, b, 32);
  ASSERT_FALSE(bool(shape));
  EXPECT_EQ(llvm::toString(shape.takeError()),
            "layouts describe tiles of different shape");
  // A source that holds only half the tile cannot feed a full destination.
  LL half = a.resizeOutDim("dim1", 32).resizeOutDim("dim1", 64);
  auto partial = planConversion(half, a, 32);
  ASSERT_FALSE(bool(partial));
  EXPECT_EQ(llvm::toString(partial.takeError()),
            "the source layout does not hold every element of the "
            "destination");
  auto warps = planConversion(a, c, 32);
  ASSERT_FALSE(bool(warps));
  EXPECT_EQ(llvm::toString(warps.takeError()),
            "layouts use different numbers of warps");
}

} // namespace

namespace {
/// The blocked layout a 128-bit global load gives an f16 tile.
LL loadedF16(std::vector<int64_t> shape, std::vector<unsigned> threads) {
  return blockedLayout({{1, 8}, {threads[0], threads[1]}, {4, 1}, {1, 0}},
                       shape);
}
} // namespace

TEST(ConversionPlanner, MmaOperandAReadBackWithLdmatrix) {
  auto dot = mmaSyncDotLayouts(4, 16, {64, 32}, 32);
  ASSERT_TRUE(bool(dot));
  ConversionPlan p = plan(loadedF16({64, 32}, {8, 4}), dot->a, 16);
  ASSERT_EQ(p.kind, ConversionKind::SharedMemory);
  ASSERT_TRUE(p.ldmatrix);
  EXPECT_EQ(p.ldmatrix->numMatrices, 4u);
  EXPECT_FALSE(p.ldmatrix->trans);
  EXPECT_EQ(p.storeVectorBits, 128u);
  EXPECT_EQ(totalConflicts(p), 0u);
  EXPECT_TRUE(p.scratch->standard);
  EXPECT_GT(p.scratch->swizzle.maxPhase, 1u);
}

TEST(ConversionPlanner, MmaOperandBReadBackWithLdmatrixTrans) {
  // B is K x N with N contiguous in memory: ldmatrix.trans.
  auto dot = mmaSyncDotLayouts(4, 16, {64, 32}, 32);
  ASSERT_TRUE(bool(dot));
  ConversionPlan p = plan(loadedF16({32, 32}, {8, 4}), dot->b, 16);
  ASSERT_EQ(p.kind, ConversionKind::SharedMemory);
  ASSERT_TRUE(p.ldmatrix);
  EXPECT_TRUE(p.ldmatrix->trans);
  EXPECT_EQ(totalConflicts(p), 0u);
}

TEST(ConversionPlanner, WithoutShufflesTheRoundTripIsPlanned) {
  LL acc = mmaSyncAccumulator({4, 1}, {64, 16});
  LL blocked = blockedLayout({{2, 2}, {8, 4}, {4, 1}, {1, 0}}, {64, 16});
  auto p = planConversion(acc, blocked, 32, /*withShuffles=*/false);
  ASSERT_TRUE(bool(p));
  EXPECT_EQ(p->kind, ConversionKind::SharedMemory);
  EXPECT_FALSE(p->ldmatrix); // f32 accumulators are not ldmatrix fragments
}

/// Every field a lowering reads.
void expectSamePlan(const ConversionPlan &a, const ConversionPlan &b) {
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.cost, b.cost);
  EXPECT_EQ(a.dstToSrc, b.dstToSrc);
  ASSERT_EQ(a.sources.size(), b.sources.size());
  for (size_t r = 0; r < a.sources.size(); ++r)
    for (size_t l = 0; l < a.sources[r].size(); ++l) {
      EXPECT_EQ(a.sources[r][l].srcLane, b.sources[r][l].srcLane);
      EXPECT_EQ(a.sources[r][l].srcRegister, b.sources[r][l].srcRegister);
    }
  ASSERT_EQ(bool(a.scratch), bool(b.scratch));
  if (a.scratch) {
    EXPECT_EQ(a.scratch->layout, b.scratch->layout);
    EXPECT_EQ(a.scratch->rowMasks, b.scratch->rowMasks);
    EXPECT_EQ(a.scratch->cost, b.scratch->cost);
  }
  EXPECT_EQ(a.storeVectorBits, b.storeVectorBits);
  EXPECT_EQ(a.loadVectorBits, b.loadVectorBits);
  EXPECT_EQ(a.storeCost.wavefronts, b.storeCost.wavefronts);
  EXPECT_EQ(a.loadCost.wavefronts, b.loadCost.wavefronts);
  ASSERT_EQ(bool(a.ldmatrix), bool(b.ldmatrix));
  if (a.ldmatrix) {
    EXPECT_EQ(a.ldmatrix->addresses, b.ldmatrix->addresses);
    EXPECT_EQ(a.ldmatrix->numMatrices, b.ldmatrix->numMatrices);
    EXPECT_EQ(a.ldmatrix->trans, b.ldmatrix->trans);
  }
}

TEST(ConversionPlanCache, AnswersAsThePlannerDoes) {
  LL acc = mmaSyncAccumulator({4, 1}, {64, 16});
  LL blocked = blockedLayout({{2, 2}, {8, 4}, {4, 1}, {1, 0}}, {64, 16});
  LL other = blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 32});
  auto dot = mmaSyncDotLayouts(4, 16, {64, 32}, 32);
  ASSERT_TRUE(bool(dot));
  LL loaded = loadedF16({64, 32}, {8, 4});
  ConversionPlanCache cache;
  for (int round = 0; round < 2; ++round) {
    for (bool shuffles : {true, false}) {
      auto cached = cache.getPlan(acc, blocked, 32, shuffles);
      auto direct = planConversion(acc, blocked, 32, shuffles);
      ASSERT_TRUE(cached && direct);
      expectSamePlan(*cached, *direct);
    }
    auto cached = cache.getPlan(loaded, dot->a, 16);
    auto direct = planConversion(loaded, dot->a, 16);
    ASSERT_TRUE(cached && direct);
    ASSERT_TRUE(cached->ldmatrix);
    expectSamePlan(*cached, *direct);
    // Errors are remembered with their message.
    auto bad = cache.getPlan(acc, other, 32);
    ASSERT_FALSE(bool(bad));
    EXPECT_EQ(llvm::toString(bad.takeError()),
              llvm::toString(planConversion(acc, other, 32).takeError()));
    // Element widths are part of the question.
    auto narrow = cache.getPlan(acc, blocked, 16);
    ASSERT_TRUE(bool(narrow));
    expectSamePlan(*narrow, *planConversion(acc, blocked, 16));
  }
  EXPECT_EQ(cache.size(), 5u);
}
