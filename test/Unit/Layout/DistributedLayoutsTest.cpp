//===- DistributedLayoutsTest.cpp - blocked and slice layouts -------------===//

#include "Layout/DistributedLayouts.h"

#include "gtest/gtest.h"

#include <set>

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

/// The blocked layout's definition, written out per element: decompose the
/// lane, warp and register ids along `order` (fastest first), registers first
/// inside the thread's block and then over the repetitions of the CTA tile.
std::vector<int32_t> blockedReference(const BlockedParams &p,
                                      llvm::ArrayRef<int64_t> shape,
                                      int32_t reg, int32_t lane, int32_t warp) {
  size_t rank = shape.size();
  std::vector<int32_t> elem(rank), laneIdx(rank), warpIdx(rank), rep(rank);
  for (unsigned d : p.order) {
    laneIdx[d] = lane % p.threadsPerWarp[d];
    lane /= p.threadsPerWarp[d];
    warpIdx[d] = warp % p.warpsPerCTA[d];
    warp /= p.warpsPerCTA[d];
    elem[d] = reg % p.sizePerThread[d];
    reg /= p.sizePerThread[d];
  }
  std::vector<int32_t> coords(rank);
  for (unsigned d : p.order) {
    int64_t tile =
        int64_t(p.sizePerThread[d]) * p.threadsPerWarp[d] * p.warpsPerCTA[d];
    int64_t reps = std::max<int64_t>(1, shape[d] / tile);
    rep[d] = reg % reps;
    reg /= reps;
    coords[d] =
        int32_t((rep[d] * tile +
                 (int64_t(warpIdx[d]) * p.threadsPerWarp[d] + laneIdx[d]) *
                     p.sizePerThread[d] +
                 elem[d]) %
                shape[d]);
  }
  return coords;
}

void checkBlocked(const BlockedParams &p, std::vector<int64_t> shape) {
  SCOPED_TRACE(::testing::Message()
               << "rank " << shape.size() << " shape[0] " << shape[0]);
  ASSERT_FALSE(bool(verifyBlocked(p, shape)));
  LL layout = blockedLayout(p, shape);
  EXPECT_EQ(layout.getInDimNames(),
            (std::vector<std::string>{kRegister, kLane, kWarp}));
  EXPECT_EQ(layout.getOutDimNames(), dimNames(shape.size()));
  int64_t regs = 1, warps = 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t tile =
        int64_t(p.sizePerThread[d]) * p.threadsPerWarp[d] * p.warpsPerCTA[d];
    regs *= p.sizePerThread[d] * std::max<int64_t>(1, shape[d] / tile);
    warps *= p.warpsPerCTA[d];
  }
  ASSERT_EQ(layout.getInDimSize(kRegister), regs);
  ASSERT_EQ(layout.getInDimSize(kLane), 32);
  ASSERT_EQ(layout.getInDimSize(kWarp), warps);
  std::set<std::vector<int32_t>> seen;
  for (int32_t w = 0; w < warps; ++w)
    for (int32_t l = 0; l < 32; ++l)
      for (int32_t r = 0; r < regs; ++r) {
        auto got = layout.applyValues({r, l, w});
        std::vector<int32_t> coords(got.begin(), got.end());
        ASSERT_EQ(coords, blockedReference(p, shape, r, l, w))
            << "register " << r << " lane " << l << " warp " << w;
        seen.insert(coords);
      }
  int64_t elements = 1;
  for (int64_t size : shape)
    elements *= size;
  EXPECT_EQ(int64_t(seen.size()), elements) << "every element is held";
}

TEST(BlockedLayout, MatchesDefinition2D) {
  checkBlocked({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  checkBlocked({{2, 2}, {4, 8}, {2, 2}, {0, 1}}, {32, 128});
  checkBlocked({{4, 1}, {32, 1}, {1, 4}, {0, 1}}, {128, 16});
}

TEST(BlockedLayout, MatchesDefinition1DAnd3D) {
  checkBlocked({{4}, {32}, {4}, {0}}, {1024});
  checkBlocked({{4}, {32}, {4}, {0}}, {4096});
  checkBlocked({{1, 2, 4}, {2, 4, 4}, {2, 1, 2}, {2, 0, 1}}, {8, 16, 32});
}

TEST(BlockedLayout, SmallShapesBroadcast) {
  // The CTA tile covers 32 x 16; a 16 x 8 tile wraps, duplicating data.
  BlockedParams p{{1, 4}, {8, 4}, {4, 1}, {1, 0}};
  checkBlocked(p, {16, 8});
  LL layout = blockedLayout(p, {16, 8});
  auto masks = layout.getFreeVariableMasks();
  EXPECT_EQ(masks[1], (std::pair<std::string, uint32_t>{kLane, 0b00010}));
  EXPECT_EQ(masks[2], (std::pair<std::string, uint32_t>{kWarp, 0b10}));
  EXPECT_EQ(layout.getNumDistinctElements(), 128);
}

TEST(BlockedLayout, RejectsBadParameters) {
  auto message = [](const BlockedParams &p, std::vector<int64_t> shape) {
    return llvm::toString(verifyBlocked(p, shape));
  };
  EXPECT_EQ(message({{1, 4}, {8, 8}, {4, 1}, {1, 0}}, {64, 64}),
            "threadsPerWarp must multiply to 32");
  EXPECT_EQ(message({{1, 3}, {8, 4}, {4, 1}, {1, 0}}, {64, 64}),
            "blocked layout sizes must be powers of two (dim 1)");
  EXPECT_EQ(message({{1, 4}, {8, 4}, {4, 1}, {1, 1}}, {64, 64}),
            "order must be a permutation of 0..1");
  EXPECT_EQ(message({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64}),
            "blocked layout parameters must all have rank 1");
  EXPECT_EQ(message({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {48, 64}),
            "blocked layout sizes must be powers of two (dim 0)");
}

TEST(SliceLayout, DropsTheReducedDimension) {
  LL parent = blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {64, 64});
  // Reducing along dim1: registers along dim1 vanish, lanes along it
  // broadcast, the rest keeps its dim0 coordinate.
  LL rows = sliceLayout(parent, 1);
  EXPECT_EQ(rows, LL({{kRegister, {{32}}},
                      {kLane, {{0}, {0}, {1}, {2}, {4}}},
                      {kWarp, {{8}, {16}}}},
                     {{"dim0", 64}}));
  // Reducing along dim0 renames dim1 to dim0.
  LL cols = sliceLayout(parent, 0);
  EXPECT_EQ(cols.getOutDimNames(), (std::vector<std::string>{"dim0"}));
  EXPECT_EQ(cols.getInDimSize(kRegister), 16);
  for (int32_t r = 0; r < 16; ++r)
    for (int32_t l = 0; l < 32; ++l)
      EXPECT_EQ(cols.applyValues({r, l, 0})[0],
                parent.applyValues({r, l, 0})[1]);
}

} // namespace
