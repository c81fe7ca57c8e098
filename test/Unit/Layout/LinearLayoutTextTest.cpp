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

TEST(LinearLayoutText, BlockedLayoutText) {
  // The example quoted in lib/Layout/README.md.
  EXPECT_EQ(
      blockedLayout({{1, 4}, {8, 4}, {4, 1}, {1, 0}}, {32, 16}).toString(),
      "{register = [(0, 1), (0, 2)], lane = [(0, 4), (0, 8), (1, 0), "
      "(2, 0), (4, 0)], warp = [(8, 0), (16, 0)]} -> {dim0 = 32, "
      "dim1 = 16}");
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

TEST(LinearLayoutText, MutatedInputsParseOrFailCleanly) {
  // Every truncation and single-character mutation of a valid layout either
  // parses to a layout that prints back to the same text or yields an error.
  std::string valid =
      blockedLayout({{1, 2}, {8, 4}, {2, 1}, {1, 0}}, {16, 16}).toString();
  std::vector<std::string> inputs;
  for (size_t len = 0; len < valid.size(); ++len)
    inputs.push_back(valid.substr(0, len));
  for (size_t i = 0; i < valid.size(); ++i)
    for (char c : std::string("{}[](),=->x0179 \n")) {
      std::string mutated = valid;
      mutated[i] = c;
      inputs.push_back(mutated);
    }
  unsigned parsed = 0;
  for (const std::string &input : inputs) {
    auto layout = LL::fromString(input);
    if (!layout) {
      EXPECT_TRUE(llvm::StringRef(llvm::toString(layout.takeError()))
                      .starts_with("column "));
      continue;
    }
    ++parsed;
    auto again = LL::fromString(layout->toString());
    ASSERT_TRUE(bool(again));
    EXPECT_EQ(*again, *layout);
  }
  EXPECT_GT(parsed, 0u); // some mutations (e.g. digits) stay valid
}

TEST(LinearLayoutText, OversizedDimensionsAreRejected) {
  std::string bases;
  for (int i = 0; i < 31; ++i)
    bases += std::string(i ? ", " : "") + "(0)";
  EXPECT_EQ(parseError("{lane = [" + bases + "]} -> {dim0 = 1}"),
            "column 9: input dimension 'lane' has more than 30 bits");
}

} // namespace
