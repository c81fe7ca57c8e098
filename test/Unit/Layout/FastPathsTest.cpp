//===- FastPathsTest.cpp - fast layout algebra against its definitions ----===//
//
// The layout queries that layout choice and conversion planning repeat
// thousands of times per kernel have fast implementations (bit matrices,
// closed forms). Each is compared here with the straightforward definition on
// many random layouts (fixed seed, so failures reproduce).
//
//===----------------------------------------------------------------------===//

#include "Layout/DistributedLayouts.h"
#include "Layout/GF2.h"
#include "Layout/SharedLayouts.h"
#include "Layout/Vectorization.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <array>
#include <random>

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

/// countWavefronts by its definition: compose the access with the inverse of
/// the shared layout and count, for every instruction and 128-byte phase, the
/// distinct 4-byte words in the busiest bank.
AccessCost referenceWavefronts(const LL &shared, const LL &access,
                               unsigned elemBits, unsigned accessBits) {
  LL toOffset = *shared.invert();
  std::vector<std::string> order = {kLane};
  for (const auto &in : access.getInDims())
    if (in.name != kLane)
      order.push_back(in.name);
  LL addr = access.transposeIns(order).compose(toOffset);
  int32_t numLanes = addr.getInDimSize(kLane);
  uint64_t numInstrs = uint64_t(1) << (addr.getTotalInDimSizeLog2() -
                                       addr.getInDimSizeLog2(kLane));
  unsigned width = std::max(accessBits, 1u);
  unsigned lanesPerPhase = std::min(32u, 1024u / std::max(width, 32u));
  AccessCost cost;
  for (uint64_t instr = 0; instr < numInstrs; ++instr) {
    ++cost.instructions;
    for (int32_t first = 0; first < numLanes; first += lanesPerPhase) {
      std::vector<uint64_t> words;
      for (int32_t lane = first;
           lane < std::min<int32_t>(numLanes, first + lanesPerPhase); ++lane) {
        uint64_t offset = addr.applyFlat(
            uint64_t(lane) | (instr << addr.getInDimSizeLog2(kLane)));
        uint64_t bit = offset * elemBits;
        for (uint64_t word = bit / 32; word <= (bit + width - 1) / 32; ++word)
          words.push_back(word);
      }
      std::sort(words.begin(), words.end());
      words.erase(std::unique(words.begin(), words.end()), words.end());
      std::array<unsigned, 32> perBank{};
      unsigned worst = 1;
      for (uint64_t word : words)
        worst = std::max(worst, ++perBank[word % 32]);
      cost.wavefronts += worst;
      ++cost.idealWavefronts;
    }
  }
  return cost;
}

/// The largest 2^k for which divideLeft(flat, identity(2^k)) succeeds,
/// stopping at the first failure (the definition of the contiguity queries).
int32_t referencePrefix(const LL &flat, llvm::StringRef out,
                        llvm::StringRef in) {
  int32_t best = 1;
  int32_t limit = std::min(flat.getInDimSize(in), flat.getOutDimSize(out));
  for (int32_t n = 2; n <= limit; n *= 2) {
    if (!divideLeft(flat, LL::identity1D(n, in, out)))
      break;
    best = n;
  }
  return best;
}

struct Random {
  std::mt19937_64 engine{20261127};
  int64_t below(int64_t n) {
    return std::uniform_int_distribution<int64_t>(0, n - 1)(engine);
  }
  bool coin() { return below(2) == 1; }
};

/// A random XOR-swizzled tile of rank 1-3, total size 2^4..2^12; masks (and
/// so all offsets' low bits) multiples of `align` when `aligned`.
struct RandomShared {
  std::vector<int64_t> shape;
  std::vector<unsigned> order;
  LL layout;
};

RandomShared randomShared(Random &rng, int32_t align) {
  RandomShared result;
  unsigned rank = 1 + rng.below(3);
  for (unsigned d = 0; d < rank; ++d)
    result.shape.push_back(int64_t(1) << (1 + rng.below(d == 0 ? 6 : 4)));
  for (unsigned d = 0; d < rank; ++d)
    result.order.push_back(d);
  std::shuffle(result.order.begin(), result.order.end(), rng.engine);
  int64_t inner = result.shape[result.order[0]];
  std::vector<int32_t> masks;
  for (unsigned i = 0; i < getNumRowBits(result.shape, result.order); ++i)
    masks.push_back(int32_t(rng.below(inner)) & ~(align - 1));
  result.layout = llvm::cantFail(
      xorSwizzledSharedLayout(result.shape, result.order, masks));
  return result;
}

/// Random coordinates inside `shape`, the fastest dim a multiple of `align`.
LL::Basis randomCoords(Random &rng, const RandomShared &tile, int32_t align) {
  LL::Basis basis;
  for (size_t d = 0; d < tile.shape.size(); ++d) {
    int32_t v = int32_t(rng.below(tile.shape[d]));
    if (d == tile.order[0])
      v &= ~(align - 1);
    basis.push_back(v);
  }
  return basis;
}

/// A random register layout of `tile`: its coordinate bits shuffled among
/// registers, lanes and warps, some replaced by broadcast (zero) bits.
LL randomRegisters(Random &rng, const RandomShared &tile) {
  std::vector<LL::InDim> ins = {{kRegister, {}}, {kLane, {}}, {kWarp, {}}};
  std::vector<LL::Basis> bits;
  for (size_t d = 0; d < tile.shape.size(); ++d)
    for (int64_t v = 1; v < tile.shape[d]; v *= 2) {
      LL::Basis basis(tile.shape.size(), 0);
      basis[d] = int32_t(v);
      bits.push_back(basis);
    }
  if (rng.coin())
    std::shuffle(bits.begin(), bits.end(), rng.engine);
  for (const LL::Basis &basis : bits)
    ins[rng.below(3)].bases.push_back(
        rng.below(8) ? basis : LL::Basis(tile.shape.size(), 0));
  std::vector<LL::OutDim> outs;
  for (size_t d = 0; d < tile.shape.size(); ++d)
    outs.push_back({dimName(d), int32_t(tile.shape[d])});
  return LL(ins, outs);
}

TEST(FastPaths, CountWavefrontsMatchesTheDefinition) {
  Random rng;
  unsigned closedForm = 0, enumerated = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    static const unsigned kElemBits[] = {4, 8, 16, 32, 64, 24};
    unsigned elemBits = kElemBits[rng.below(iter % 10 ? 5 : 6)];
    int32_t vec = int32_t(1) << rng.below(4);
    unsigned accessBits = vec * elemBits;
    bool aligned = rng.below(4) != 0;
    // Aligned: offsets are multiples of the vector (of 32 bits for sub-word
    // vectors, which may then share a word).
    int32_t align = aligned ? vec : 1;
    RandomShared tile = randomShared(rng, align);
    if (tile.shape[tile.order[0]] < align)
      continue;
    std::vector<LL::InDim> ins(2);
    ins[0].name = kLane;
    ins[1].name = rng.coin() ? "instr" : kWarp;
    for (int64_t b = rng.below(6); b-- > 0;)
      ins[0].bases.push_back(randomCoords(rng, tile, align));
    for (int64_t b = rng.below(5); b-- > 0;)
      ins[1].bases.push_back(randomCoords(rng, tile, align));
    if (rng.coin())
      std::swap(ins[0], ins[1]); // lanes need not come first
    std::vector<LL::OutDim> outs;
    for (size_t d = 0; d < tile.shape.size(); ++d)
      outs.push_back({dimName(d), int32_t(tile.shape[d])});
    LL access(ins, outs);
    if (rng.coin() && tile.shape.size() > 1) {
      // Output dims in another order than the shared layout's.
      std::vector<std::string> names = dimNames(tile.shape.size());
      std::reverse(names.begin(), names.end());
      access = access.transposeOuts(names);
    }
    AccessCost want =
        referenceWavefronts(tile.layout, access, elemBits, accessBits);
    AccessCost got = countWavefronts(tile.layout, access, elemBits, accessBits);
    ASSERT_EQ(got.instructions, want.instructions) << access.toString();
    ASSERT_EQ(got.wavefronts, want.wavefronts)
        << access.toString() << " through " << tile.layout.toString()
        << " elemBits " << elemBits << " accessBits " << accessBits;
    ASSERT_EQ(got.idealWavefronts, want.idealWavefronts) << access.toString();
    // The closed form applies when every lane's access starts at a multiple
    // of its (power-of-two) width.
    bool isAligned = log2Exact(elemBits) >= 0;
    for (uint64_t offset :
         access.compose(*tile.layout.invert()).getFlatColumns())
      isAligned &= offset * elemBits % accessBits == 0;
    ++(isAligned ? closedForm : enumerated);
  }
  // Both the closed form and the enumeration it falls back to are covered.
  EXPECT_GT(closedForm, 1000u);
  EXPECT_GT(enumerated, 300u);
}

TEST(FastPaths, ContiguityMatchesDivideLeft) {
  Random rng;
  for (int iter = 0; iter < 3000; ++iter) {
    RandomShared tile = randomShared(rng, 1);
    LL reg = randomRegisters(rng, tile);
    std::optional<LL> toOffsets = reg.invertAndCompose(tile.layout);
    int32_t want =
        toOffsets ? referencePrefix(*toOffsets, kOffset, kRegister) : 1;
    ASSERT_EQ(getContiguousSharedElements(reg, tile.layout), want)
        << reg.toString() << " through " << tile.layout.toString();
    int32_t total = 1;
    for (int64_t size : tile.shape)
      total *= int32_t(size);
    LL flat = reg.reshapeOuts({{"flat", total}});
    ASSERT_EQ(getContiguousRegisterElements(reg),
              referencePrefix(flat, "flat", kRegister))
        << reg.toString();
    std::string dim = dimName(rng.below(tile.shape.size()));
    ASSERT_EQ(getContiguousSharedRun(tile.layout, dim),
              referencePrefix(*tile.layout.invert(), kOffset, dim))
        << tile.layout.toString();
  }
}

TEST(FastPaths, RegisterAccessCostMatchesItsDefinition) {
  Random rng;
  for (int iter = 0; iter < 2000; ++iter) {
    RandomShared tile = randomShared(rng, 1);
    LL reg = randomRegisters(rng, tile);
    static const unsigned kElemBits[] = {8, 16, 32, 64};
    unsigned elemBits = kElemBits[rng.below(4)];
    unsigned accessBits = 0;
    LL access = registerAccess(reg, tile.layout, elemBits, accessBits);
    AccessCost want =
        referenceWavefronts(tile.layout, access, elemBits, accessBits);
    AccessCost got = registerAccessCost(reg, tile.layout, elemBits);
    ASSERT_EQ(got.instructions, want.instructions) << reg.toString();
    ASSERT_EQ(got.wavefronts, want.wavefronts)
        << reg.toString() << " through " << tile.layout.toString();
    ASSERT_EQ(got.idealWavefronts, want.idealWavefronts) << reg.toString();
  }
}

/// pickXorSwizzle by its definition: price every standard swizzle's layout,
/// then descend over single-bit row masks, building every layout.
SharedLayoutChoice referencePick(llvm::ArrayRef<LL> regs, unsigned elemBits,
                                 llvm::ArrayRef<unsigned> order) {
  std::vector<int64_t> shape;
  for (const auto &out : regs.front().getOutDims())
    shape.push_back(out.size);
  auto price = [&](std::vector<int32_t> masks) {
    SharedLayoutChoice choice;
    choice.layout =
        llvm::cantFail(xorSwizzledSharedLayout(shape, order, masks));
    choice.rowMasks = std::move(masks);
    for (const LL &reg : regs) {
      unsigned accessBits = 0;
      LL access = registerAccess(reg, choice.layout, elemBits, accessBits);
      AccessCost cost =
          referenceWavefronts(choice.layout, access, elemBits, accessBits);
      choice.wavefronts += cost.wavefronts;
      choice.instructions += cost.instructions;
    }
    choice.cost = choice.wavefronts + choice.instructions;
    return choice;
  };
  std::optional<SharedLayoutChoice> best;
  auto key = [](const SharedLayoutChoice &c) {
    return std::make_tuple(c.cost, c.swizzle.maxPhase, -int64_t(c.swizzle.vec),
                           c.swizzle.perPhase);
  };
  for (const SwizzleParams &swizzle : standardSwizzles(shape, order)) {
    SharedLayoutChoice choice = price(getRowMasks(shape, order, swizzle));
    choice.swizzle = swizzle;
    if (!best || key(choice) < key(*best))
      best = choice;
  }
  for (bool improved = true; improved;) {
    improved = false;
    for (size_t i = 0; i < best->rowMasks.size(); ++i)
      for (int64_t mask = 0; mask < shape[order[0]];
           mask = mask ? mask * 2 : 1) {
        if (mask == best->rowMasks[i])
          continue;
        std::vector<int32_t> masks = best->rowMasks;
        masks[i] = int32_t(mask);
        SharedLayoutChoice choice = price(masks);
        if (choice.cost < best->cost) {
          choice.standard = false;
          best = choice;
          improved = true;
        }
      }
  }
  return *best;
}

TEST(FastPaths, SwizzleSearchMatchesItsDefinition) {
  Random rng;
  for (int iter = 0; iter < 150; ++iter) {
    RandomShared tile = randomShared(rng, 1);
    std::vector<LL> regs = {randomRegisters(rng, tile),
                            randomRegisters(rng, tile)};
    unsigned elemBits = 8u << rng.below(3);
    SharedLayoutChoice want = referencePick(regs, elemBits, tile.order);
    SharedLayoutChoice got = pickXorSwizzle(regs, elemBits, tile.order);
    ASSERT_EQ(got.layout, want.layout) << regs[0].toString();
    ASSERT_EQ(got.rowMasks, want.rowMasks);
    ASSERT_EQ(got.standard, want.standard);
    ASSERT_EQ(got.swizzle, want.swizzle);
    ASSERT_EQ(got.cost, want.cost);
    ASSERT_EQ(got.wavefronts, want.wavefronts);
    ASSERT_EQ(got.instructions, want.instructions);
  }
}

TEST(FastPaths, GF2SpanSolvesLikeEnumeration) {
  Random rng;
  for (int iter = 0; iter < 2000; ++iter) {
    unsigned bits = 1 + rng.below(12);
    std::vector<uint64_t> vectors;
    for (int64_t n = rng.below(10); n-- > 0;)
      vectors.push_back(uint64_t(rng.below(int64_t(1) << bits)));
    GF2Span span;
    for (size_t i = 0; i < vectors.size(); ++i)
      span.insert(vectors[i], uint64_t(1) << i);
    // Every combination of the vectors, by enumeration.
    std::vector<bool> reached(size_t(1) << bits, false);
    for (uint64_t mask = 0; mask < (uint64_t(1) << vectors.size()); ++mask) {
      uint64_t v = 0;
      for (size_t i = 0; i < vectors.size(); ++i)
        if ((mask >> i) & 1)
          v ^= vectors[i];
      reached[v] = true;
    }
    size_t count = std::count(reached.begin(), reached.end(), true);
    ASSERT_EQ(size_t(1) << span.rank(), count);
    for (uint64_t target = 0; target < (uint64_t(1) << bits); ++target) {
      std::optional<uint64_t> tag = span.solve(target);
      ASSERT_EQ(tag.has_value(), bool(reached[target]));
      if (!tag)
        continue;
      uint64_t v = 0;
      for (size_t i = 0; i < vectors.size(); ++i)
        if ((*tag >> i) & 1)
          v ^= vectors[i];
      ASSERT_EQ(v, target);
    }
  }
}

} // namespace
