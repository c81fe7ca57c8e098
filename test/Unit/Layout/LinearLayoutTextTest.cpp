//===- LinearLayoutTextTest.cpp - printing and parsing --------------------===//

#include "Layout/DistributedLayouts.h"
#include "Layout/LinearLayout.h"

#include "gtest/gtest.h"

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

std::string parseError(llvm::StringRef text) {
  auto parsed = LL::fromString(text);
  if (parsed)
    return "<parsed>";
  return llvm::toString(parsed.takeError());
}

TEST(LinearLayoutText, PrintsDeterministically) {
  LL layout({{"register", {{0, 1}, {0, 2}}},
             {"lane", {{1, 0}, {1, 4}}},
             {"warp", {}}},
            {{"dim0", 2}, {"dim1", 8}});
  EXPECT_EQ(layout.toString(),
            "{register = [(0, 1), (0, 2)], lane = [(1, 0), (1, 4)], "
            "warp = []} -> {dim0 = 2, dim1 = 8}");
  EXPECT_EQ(LL().toString(), "{} -> {}");
  std::string streamed;
  llvm::raw_string_ostream os(streamed);
  os << layout;
  EXPECT_EQ(streamed, layout.toString());
}

TEST(LinearLayoutText, RoundTrips) {
  BlockedParams params{{1, 4}, {8, 4}, {2, 2}, {1, 0}};
  for (const LL &layout :
       {blockedLayout(params, {64, 32}), blockedLayout(params, {4, 8}), LL(),
        LL::zeros1D(4, "lane", "dim0", 2)}) {
    auto parsed = LL::fromString(layout.toString());
    ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
    EXPECT_EQ(*parsed, layout);
  }
  // Whitespace is free.
  auto compact = LL::fromString("{lane=[(1),(2)]}->{dim0=4}");
  ASSERT_TRUE(bool(compact));
  EXPECT_EQ(*compact, LL::identity1D(4, "lane", "dim0"));
}

TEST(LinearLayoutText, SyntaxErrorsAreLocated) {
  EXPECT_EQ(parseError("lane = []"), "column 1: expected '{'");
  EXPECT_EQ(parseError("{lane = [(1), (2]} -> {dim0 = 4}"),
            "column 17: expected ')'");
  EXPECT_EQ(parseError("{lane = [(1)]} {dim0 = 4}"),
            "column 16: expected '->'");
  EXPECT_EQ(parseError("{lane = [(x)]} -> {dim0 = 4}"),
            "column 11: expected a non-negative integer");
  EXPECT_EQ(parseError("{7 = []} -> {}"),
            "column 2: expected a dimension name");
  EXPECT_EQ(parseError("{lane = [(1)]} -> {dim0 = 4} tail"),
            "column 30: unexpected text after the layout");
  EXPECT_EQ(parseError("{lane = [(99999999999)]} -> {dim0 = 4}"),
            "column 11: integer out of range");
}

TEST(LinearLayoutText, SemanticErrorsAreLocated) {
  EXPECT_EQ(parseError("{lane = [(1)]} -> {dim0 = 3}"),
            "column 20: size 3 of output dimension 'dim0' is not a power of "
            "two");
  EXPECT_EQ(parseError("{warp = [], lane = [(1, 2)]} -> {dim0 = 4}"),
            "column 20: basis of input dimension 'lane' has 2 coordinates, "
            "expected 1");
  EXPECT_EQ(parseError("{lane = [(4)]} -> {dim0 = 4}"),
            "column 9: coordinate 4 of input dimension 'lane' is outside "
            "output dimension 'dim0' of size 4");
  EXPECT_EQ(parseError("{lane = [], lane = []} -> {}"),
            "column 20: duplicate input dimension 'lane'");
}

} // namespace
