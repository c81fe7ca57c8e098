//===- LinearLayoutTest.cpp - the GF(2) layout algebra --------------------===//

#include "Layout/LinearLayout.h"

#include "gtest/gtest.h"

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

/// Every input point of `layout`, as one value per input dimension.
std::vector<llvm::SmallVector<int32_t>> allInputs(const LL &layout) {
  std::vector<llvm::SmallVector<int32_t>> points;
  for (uint64_t flat = 0;
       flat < (uint64_t(1) << layout.getTotalInDimSizeLog2()); ++flat)
    points.push_back(layout.unflattenInValues(flat));
  return points;
}

LL example() {
  // register bits -> dim1 1, 2; lane bits -> dim0 1, dim1 4 XOR dim0 1.
  return LL({{"register", {{0, 1}, {0, 2}}}, {"lane", {{1, 0}, {1, 4}}}},
            {{"dim0", 2}, {"dim1", 8}});
}

TEST(LinearLayout, ApplyXorsBases) {
  LL layout = example();
  auto out = layout.apply({{"register", 3}, {"lane", 3}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].first, "dim0");
  EXPECT_EQ(out[0].second, 0); // 1 ^ 1
  EXPECT_EQ(out[1].second, 7); // 1 ^ 2 ^ 4
  EXPECT_EQ(layout.applyValues({1, 2}), (llvm::SmallVector<int32_t>{1, 5}));
  // Absent inputs are zero.
  EXPECT_EQ(layout.apply({{"lane", 1}})[0].second, 1);
}

TEST(LinearLayout, OneDimensionalConstructors) {
  LL id = LL::identity1D(8, "lane", "dim0");
  LL strided = LL::strided1D(4, 8, "lane", "dim0");
  LL zeros = LL::zeros1D(4, "lane", "dim0", 16);
  for (int32_t i = 0; i < 8; ++i)
    EXPECT_EQ(id.applyValues({i})[0], i);
  for (int32_t i = 0; i < 4; ++i) {
    EXPECT_EQ(strided.applyValues({i})[0], 8 * i);
    EXPECT_EQ(zeros.applyValues({i})[0], 0);
  }
  EXPECT_EQ(strided.getOutDimSize("dim0"), 32);
  EXPECT_EQ(zeros.getOutDimSize("dim0"), 16);
  EXPECT_EQ(zeros.getInDimSize("lane"), 4);
  EXPECT_EQ(id.getInDimSize("warp"), 1);
}

TEST(LinearLayout, ProductStacksSharedDims) {
  LL layout = LL::identity1D(4, "register", "dim0") *
              LL::identity1D(2, "register", "dim0");
  EXPECT_EQ(layout, LL::identity1D(8, "register", "dim0"));
  // Independent dims sit side by side.
  LL pair =
      LL::identity1D(4, "register", "dim1") * LL::identity1D(8, "lane", "dim0");
  EXPECT_EQ(pair.getInDimNames(),
            (std::vector<std::string>{"register", "lane"}));
  EXPECT_EQ(pair.getOutDimNames(), (std::vector<std::string>{"dim1", "dim0"}));
  auto out = pair.applyValues({3, 5});
  EXPECT_EQ(out[0], 3);
  EXPECT_EQ(out[1], 5);
  // The right operand lands above the left one in a shared output dim.
  LL tiled =
      LL::identity1D(4, "lane", "dim0") * LL::identity1D(2, "warp", "dim0");
  EXPECT_EQ(tiled.applyValues({0, 1})[0], 4);
  EXPECT_EQ(tiled.getOutDimSize("dim0"), 8);
  // The empty layout is the unit.
  EXPECT_EQ(LL() * example(), example());
  EXPECT_EQ(example() * LL(), example());
}

TEST(LinearLayout, ComposeMatchesApplyingTwice) {
  LL inner = example();
  LL outer({{"dim0", {{0, 3}}}, {"dim1", {{1, 0}, {2, 1}, {0, 2}}}},
           {{"x", 4}, {"y", 4}});
  LL composed = inner.compose(outer);
  EXPECT_EQ(composed.getOutDimNames(), (std::vector<std::string>{"x", "y"}));
  for (const auto &in : allInputs(inner)) {
    auto mid = inner.applyValues(in);
    EXPECT_EQ(composed.applyValues(in), outer.applyValues(mid));
  }
}

TEST(LinearLayout, RankAndInjectivity) {
  LL layout = example();
  EXPECT_EQ(layout.getRank(), 4u);
  EXPECT_TRUE(layout.isInjective());
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_TRUE(layout.isInvertible());

  LL broadcast = LL({{"register", {{1}}}, {"lane", {{0}, {2}}}}, {{"dim0", 8}});
  EXPECT_FALSE(broadcast.isInjective());
  EXPECT_FALSE(broadcast.isSurjective());
  EXPECT_EQ(broadcast.getNumDistinctElements(), 4);

  LL wide = LL::identity1D(4, "register", "dim0").resizeOutDim("dim0", 2);
  EXPECT_FALSE(wide.isInjective());
  EXPECT_TRUE(wide.isSurjective());
}

TEST(LinearLayout, InvertRoundTrips) {
  LL layout = example();
  std::optional<LL> inverse = layout.invert();
  ASSERT_TRUE(inverse);
  EXPECT_EQ(inverse->getInDimNames(), layout.getOutDimNames());
  EXPECT_EQ(inverse->getOutDimNames(), layout.getInDimNames());
  for (const auto &in : allInputs(layout))
    EXPECT_EQ(inverse->applyValues(layout.applyValues(in)), in);
  EXPECT_EQ(*inverse->invert(), layout);
  EXPECT_FALSE(LL::zeros1D(2, "lane", "dim0", 2).invert());
}

TEST(LinearLayout, PseudoinverseOfInjectiveAndSurjective) {
  // Injective, not surjective: a left inverse.
  LL injective({{"register", {{0, 2}}}, {"lane", {{1, 0}, {0, 4}}}},
               {{"dim0", 2}, {"dim1", 8}});
  ASSERT_TRUE(injective.isInjective());
  ASSERT_FALSE(injective.isSurjective());
  LL left = injective.pseudoinvert();
  for (const auto &in : allInputs(injective))
    EXPECT_EQ(left.applyValues(injective.applyValues(in)), in);

  // Surjective, not injective: a right inverse preferring earlier bits.
  LL surjective({{"register", {{1}, {2}}}, {"lane", {{1}, {4}, {0}}}},
                {{"dim0", 8}});
  ASSERT_TRUE(surjective.isSurjective());
  LL right = surjective.pseudoinvert();
  for (const auto &out : allInputs(right))
    EXPECT_EQ(surjective.applyValues(right.applyValues(out)), out);
  // dim0 = 1 comes from register bit 0, not from the lane that duplicates it.
  EXPECT_EQ(right.applyValues({1}), (llvm::SmallVector<int32_t>{1, 0}));
}

TEST(LinearLayout, InvertAndCompose) {
  LL a = example();
  // bb reaches the same points from one input, outputs in another order.
  LL bb({{"offset", {{4, 0}, {1, 0}, {0, 1}, {2, 0}}}},
        {{"dim1", 8}, {"dim0", 2}});
  std::optional<LL> c = a.invertAndCompose(bb);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->getOutDimNames(), (std::vector<std::string>{"offset"}));
  for (const auto &in : allInputs(a)) {
    auto viaC = bb.applyValues(c->applyValues(in)); // (dim1, dim0)
    auto direct = a.applyValues(in);                // (dim0, dim1)
    EXPECT_EQ(viaC[0], direct[1]);
    EXPECT_EQ(viaC[1], direct[0]);
  }
  // Not every point of `a` is produced by a one-dimensional `other`.
  LL tooSmall({{"offset", {{0, 1}}}}, {{"dim0", 2}, {"dim1", 8}});
  EXPECT_FALSE(a.invertAndCompose(tooSmall));
}

TEST(LinearLayout, TransposeOutsAndIns) {
  LL layout = example();
  LL t = layout.transposeOuts({"dim1", "dim0"});
  EXPECT_EQ(t.getOutDimNames(), (std::vector<std::string>{"dim1", "dim0"}));
  for (const auto &in : allInputs(layout)) {
    auto a = layout.applyValues(in), b = t.applyValues(in);
    EXPECT_EQ(a[0], b[1]);
    EXPECT_EQ(a[1], b[0]);
  }
  LL ti = layout.transposeIns({"lane", "register"});
  EXPECT_EQ(ti.getInDimNames(), (std::vector<std::string>{"lane", "register"}));
  EXPECT_EQ(ti.applyValues({3, 1}), layout.applyValues({1, 3}));
  EXPECT_NE(ti, layout);
}

TEST(LinearLayout, ReshapeOutsIsRowMajor) {
  LL layout =
      LL::identity1D(8, "register", "dim1") * LL::identity1D(4, "lane", "dim0");
  LL flat = layout.reshapeOuts({{"flat", 32}});
  for (const auto &in : allInputs(layout)) {
    auto c = layout.applyValues(in); // (dim1, dim0)
    EXPECT_EQ(flat.applyValues(in)[0], c[0] * 4 + c[1]);
  }
  LL split = flat.reshapeOuts({{"dim1", 8}, {"dim0", 4}});
  EXPECT_EQ(split, layout);
  LL other = flat.reshapeOuts({{"a", 2}, {"b", 16}});
  for (const auto &in : allInputs(layout)) {
    int32_t f = flat.applyValues(in)[0];
    EXPECT_EQ(other.applyValues(in),
              (llvm::SmallVector<int32_t>{f / 16, f % 16}));
  }
}

TEST(LinearLayout, ReshapeInsRegroupsBits) {
  LL layout =
      LL::identity1D(4, "lane", "dim0") * LL::identity1D(2, "warp", "dim0");
  // Row-major: warp is the last (fastest) dimension, so its bit is lowest.
  LL merged = layout.reshapeIns({{"thread", 8}});
  for (int32_t lane = 0; lane < 4; ++lane)
    for (int32_t warp = 0; warp < 2; ++warp)
      EXPECT_EQ(merged.applyValues({lane * 2 + warp}),
                layout.applyValues({lane, warp}));
  EXPECT_EQ(merged.reshapeIns({{"lane", 4}, {"warp", 2}}), layout);
}

TEST(LinearLayout, SublayoutRestrictsAndProjects) {
  LL layout = example();
  LL sub = layout.sublayout({"lane"}, {"dim1"});
  EXPECT_EQ(sub.getInDimNames(), (std::vector<std::string>{"lane"}));
  EXPECT_EQ(sub.getOutDimNames(), (std::vector<std::string>{"dim1"}));
  EXPECT_EQ(sub.applyValues({3})[0], 4);
  EXPECT_EQ(sub.applyValues({1})[0], 0);
}

TEST(LinearLayout, EqualityComparesEverything) {
  EXPECT_EQ(example(), example());
  EXPECT_NE(example(), example().resizeOutDim("dim1", 16));
  EXPECT_NE(example(), example().renameInDim("lane", "warp"));
  EXPECT_NE(example(), example().transposeOuts({"dim1", "dim0"}));
}

TEST(LinearLayout, DivideLeft) {
  LL vec = LL::identity1D(4, "register", "dim0");
  LL rest =
      LL::identity1D(8, "lane", "dim0") * LL::identity1D(2, "register", "dim1");
  LL whole = vec * rest;
  std::optional<LL> quotient = divideLeft(whole, vec);
  ASSERT_TRUE(quotient);
  EXPECT_EQ(vec * *quotient, whole);
  EXPECT_EQ(quotient->getOutDimSize("dim0"), 8);
  // Eight contiguous registers are not a prefix.
  EXPECT_FALSE(divideLeft(whole, LL::identity1D(8, "register", "dim0")));
  // Lanes stepping by whole vectors divide; a lane inside a vector does not.
  LL aligned = LL::identity1D(2, "register", "dim0") *
               LL({{"lane", {{1}}}}, {{"dim0", 2}});
  EXPECT_TRUE(divideLeft(aligned, LL::identity1D(2, "register", "dim0")));
  LL odd({{"register", {{1}, {2}}}, {"lane", {{1}}}}, {{"dim0", 4}});
  EXPECT_FALSE(divideLeft(odd, LL::identity1D(4, "register", "dim0")));
}

TEST(LinearLayout, FreeVariableMasksFindBroadcast) {
  LL layout(
      {{"register", {{1}, {0}}}, {"lane", {{2}, {1}, {4}}}, {"warp", {{0}}}},
      {{"dim0", 8}});
  auto masks = layout.getFreeVariableMasks();
  ASSERT_EQ(masks.size(), 3u);
  EXPECT_EQ(masks[0], (std::pair<std::string, uint32_t>{"register", 0b10}));
  EXPECT_EQ(masks[1], (std::pair<std::string, uint32_t>{"lane", 0b010}));
  EXPECT_EQ(masks[2], (std::pair<std::string, uint32_t>{"warp", 0b1}));
  EXPECT_EQ(layout.getNumDistinctElements(), 8);
}

TEST(LinearLayout, RemoveZeroBasesAndResize) {
  LL layout({{"register", {{0}, {1}, {0}}}}, {{"dim0", 2}});
  EXPECT_EQ(layout.removeZeroBases("register"),
            LL({{"register", {{1}}}}, {{"dim0", 2}}));
  LL wrapped = LL::identity1D(8, "lane", "dim0").resizeOutDim("dim0", 2);
  EXPECT_EQ(wrapped.applyValues({3})[0], 1);
  EXPECT_EQ(wrapped.applyValues({6})[0], 0);
}

TEST(LinearLayout, CreateReportsMalformedParts) {
  auto notPow2 = LL::create({}, {{"dim0", 6}});
  ASSERT_FALSE(notPow2);
  EXPECT_EQ(llvm::toString(notPow2.takeError()),
            "size 6 of output dimension 'dim0' is not a power of two");
  auto outOfRange = LL::create({{"lane", {{4}}}}, {{"dim0", 4}});
  ASSERT_FALSE(outOfRange);
  EXPECT_EQ(llvm::toString(outOfRange.takeError()),
            "coordinate 4 of input dimension 'lane' is outside output "
            "dimension 'dim0' of size 4");
  auto arity = LL::create({{"lane", {{1, 0}}}}, {{"dim0", 4}});
  ASSERT_FALSE(arity);
  EXPECT_EQ(llvm::toString(arity.takeError()),
            "basis of input dimension 'lane' has 2 coordinates, expected 1");
  auto dup = LL::create({{"lane", {}}, {"lane", {}}}, {{"dim0", 4}});
  ASSERT_FALSE(dup);
  EXPECT_EQ(llvm::toString(dup.takeError()),
            "duplicate input dimension 'lane'");
  EXPECT_TRUE(bool(LL::create({{"lane", {{3}}}}, {{"dim0", 4}})));
}

TEST(LinearLayout, InferredSizes) {
  LL layout = LL::withInferredSizes({{"lane", {{5, 0}, {0, 0}}}}, {"a", "b"});
  EXPECT_EQ(layout.getOutDimSize("a"), 8);
  EXPECT_EQ(layout.getOutDimSize("b"), 1);
}

} // namespace
