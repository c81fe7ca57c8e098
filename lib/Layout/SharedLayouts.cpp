//===- SharedLayouts.cpp - swizzled shared memory and bank conflicts ------===//

#include "Layout/SharedLayouts.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/MmaLayouts.h"
#include "Layout/Vectorization.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace tilecc::layout;
using llvm::ArrayRef;

llvm::Expected<LinearLayout>
tilecc::layout::swizzledSharedLayout(ArrayRef<int64_t> shape,
                                     ArrayRef<unsigned> order,
                                     SwizzleParams swizzle) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  size_t rank = shape.size();
  if (rank == 0 || order.size() != rank)
    return fail("shared layout needs a shape and an order of the same rank");
  llvm::SmallVector<unsigned> sorted(order.begin(), order.end());
  llvm::sort(sorted);
  for (size_t d = 0; d < rank; ++d)
    if (sorted[d] != d || log2Exact(shape[d]) < 0)
      return fail("shared layout needs power-of-two sizes and a permutation "
                  "order");
  if (log2Exact(swizzle.vec) < 0 || log2Exact(swizzle.perPhase) < 0 ||
      log2Exact(swizzle.maxPhase) < 0)
    return fail("swizzle parameters must be powers of two");
  int64_t inner = shape[order[0]];
  if (int64_t(swizzle.vec) * swizzle.maxPhase > inner && swizzle.maxPhase > 1)
    return fail("swizzle vec * maxPhase (" +
                llvm::Twine(swizzle.vec * swizzle.maxPhase) +
                ") exceeds the row of " + llvm::Twine(inner) + " elements");

  // Build the tile -> offset map, then invert it.
  std::vector<LinearLayout::InDim> ins(rank);
  int32_t stride = 1;
  for (unsigned d : order) {
    ins[d].name = dimName(d);
    unsigned perPhaseLog2 = log2Exact(swizzle.perPhase);
    unsigned maxPhaseLog2 = log2Exact(swizzle.maxPhase);
    for (int32_t bit = 0; (int64_t(1) << bit) < shape[d]; ++bit) {
      int32_t offset = stride << bit;
      // Bits of the row index that select the phase XOR it into the chunk.
      int32_t phaseBit = bit - int32_t(perPhaseLog2);
      if (rank >= 2 && d == order[1] && phaseBit >= 0 &&
          phaseBit < int32_t(maxPhaseLog2))
        offset ^= int32_t(swizzle.vec) << phaseBit;
      ins[d].bases.push_back({offset});
    }
    stride *= int32_t(shape[d]);
  }
  LinearLayout toOffset(std::move(ins), {{kOffset, stride}});
  std::optional<LinearLayout> layout = toOffset.invert();
  assert(layout && "swizzle is a bijection");
  return *layout;
}

AccessCost tilecc::layout::countWavefronts(const LinearLayout &shared,
                                           const LinearLayout &access,
                                           unsigned elemBits,
                                           unsigned accessBits) {
  std::optional<LinearLayout> toOffset = shared.invert();
  assert(toOffset && "shared layouts are invertible");
  LinearLayout addr = access.compose(*toOffset);
  int laneIdx = -1;
  auto inNames = addr.getInDimNames();
  for (size_t i = 0; i < inNames.size(); ++i)
    if (inNames[i] == kLane)
      laneIdx = i;
  assert(laneIdx >= 0 && "an access layout has lanes");
  unsigned laneBits = addr.getInDimSizeLog2(kLane);
  unsigned totalBits = addr.getTotalInDimSizeLog2();
  unsigned lanesPerPhase =
      std::min(32u, 1024u / std::max(accessBits, 32u)); // 128 bytes a phase
  int32_t numLanes = int32_t(1) << laneBits;

  AccessCost cost;
  uint64_t numInstrs = uint64_t(1) << (totalBits - laneBits);
  for (uint64_t instr = 0; instr < numInstrs; ++instr) {
    ++cost.instructions;
    for (int32_t first = 0; first < numLanes; first += lanesPerPhase) {
      std::map<uint64_t, std::set<uint64_t>> wordsPerBank;
      for (int32_t lane = first;
           lane < std::min<int32_t>(numLanes, first + lanesPerPhase); ++lane) {
        // Flat input: lanes occupy their dimension's bits; the instruction
        // index fills the other dimensions' bits in order.
        llvm::SmallVector<int32_t> values;
        uint64_t rest = instr;
        for (size_t i = 0; i < inNames.size(); ++i) {
          unsigned bits = addr.getInDimSizeLog2(inNames[i]);
          if (int(i) == laneIdx) {
            values.push_back(lane);
            continue;
          }
          values.push_back(int32_t(rest & ((uint64_t(1) << bits) - 1)));
          rest >>= bits;
        }
        uint64_t bitAddr = uint64_t(addr.applyValues(values)[0]) * elemBits;
        uint64_t lastBit = bitAddr + std::max(accessBits, 1u) - 1;
        for (uint64_t word = bitAddr / 32; word <= lastBit / 32; ++word)
          wordsPerBank[word % 32].insert(word);
      }
      unsigned worst = 1;
      for (const auto &[bank, words] : wordsPerBank)
        worst = std::max<unsigned>(worst, words.size());
      cost.wavefronts += worst;
      cost.idealWavefronts += 1;
    }
  }
  return cost;
}

LinearLayout tilecc::layout::registerAccess(const LinearLayout &reg,
                                            const LinearLayout &shared,
                                            unsigned elemBits,
                                            unsigned &accessBits) {
  int32_t vec = std::min<int32_t>(
      getContiguousSharedElements(reg, shared),
      std::max<int32_t>(1, int32_t(kMaxVectorBits / elemBits)));
  accessBits = unsigned(vec) * elemBits;
  std::vector<std::string> outs = reg.getOutDimNames();
  // Registers past the vector that add new data enumerate the instructions;
  // those that repeat earlier registers need no instruction of their own.
  LinearLayout regs = reg.sublayout({kRegister}, outs);
  uint32_t repeated = regs.getFreeVariableMasks()[0].second;
  unsigned vecBits = log2Exact(vec);
  std::vector<LinearLayout::Basis> instr;
  for (unsigned b = vecBits; b < regs.getInDimSizeLog2(kRegister); ++b)
    if (!((repeated >> b) & 1))
      instr.push_back(regs.getInDims()[0].bases[b]);
  LinearLayout lanes = reg.sublayout({kLane}, outs);
  std::vector<LinearLayout::InDim> ins = {
      {kLane, lanes.hasInDim(kLane) ? lanes.getInDims()[0].bases
                                    : std::vector<LinearLayout::Basis>{}},
      {"instr", instr}};
  return LinearLayout(std::move(ins), std::vector<LinearLayout::OutDim>(
                                          reg.getOutDims().begin(),
                                          reg.getOutDims().end()));
}

AccessCost tilecc::layout::registerAccessCost(const LinearLayout &reg,
                                              const LinearLayout &shared,
                                              unsigned elemBits) {
  unsigned accessBits = 0;
  LinearLayout access = registerAccess(reg, shared, elemBits, accessBits);
  return countWavefronts(shared, access, elemBits, accessBits);
}

LinearLayout tilecc::layout::ldmatrixTileAccess(unsigned numMatrices,
                                                ArrayRef<int64_t> shape) {
  assert(shape.size() == 2 && "ldmatrix tiles are rank 2");
  LinearLayout atom =
      ldmatrixAddresses(numMatrices).compose(ldmatrixPlacement(numMatrices));
  int32_t rows = atom.getOutDimSize(dimName(0));
  int32_t cols = atom.getOutDimSize(dimName(1));
  // Successive loads walk K (dim1) first, then rows.
  LinearLayout tiles =
      LinearLayout::identity1D(int32_t(shape[1] / cols), "instr", dimName(1)) *
      LinearLayout::identity1D(int32_t(shape[0] / rows), "instr", dimName(0));
  return (atom * tiles).transposeOuts(dimNames(2));
}

SharedLayoutChoice tilecc::layout::pickSwizzle(ArrayRef<LinearLayout> regs,
                                               unsigned elemBits,
                                               ArrayRef<unsigned> order) {
  assert(!regs.empty() && "pickSwizzle needs an access to optimize");
  llvm::SmallVector<int64_t, 4> shape;
  for (const auto &out : regs.front().getOutDims())
    shape.push_back(out.size);
  int64_t inner = shape[order[0]];
  int64_t rows = shape.size() >= 2 ? shape[order[1]] : 1;

  // The chunk may be wider than one access: XOR-ing whole 32- or 64-byte
  // groups is what separates rows that a wide access pattern touches together.
  std::vector<SwizzleParams> candidates = {{1, 1, 1}};
  for (int64_t vec = 1; vec <= inner; vec *= 2)
    for (int64_t maxPhase = 2; vec * maxPhase <= inner && maxPhase <= rows;
         maxPhase *= 2)
      for (int64_t perPhase = 1; perPhase * maxPhase <= rows; perPhase *= 2)
        candidates.push_back(
            {unsigned(vec), unsigned(perPhase), unsigned(maxPhase)});

  std::optional<SharedLayoutChoice> best;
  auto key = [](const SharedLayoutChoice &c) {
    return std::make_tuple(c.cost, c.swizzle.maxPhase, -int64_t(c.swizzle.vec),
                           c.swizzle.perPhase);
  };
  for (const SwizzleParams &swizzle : candidates) {
    LinearLayout layout = llvm::cantFail(
        swizzledSharedLayout(shape, order, swizzle));
    SharedLayoutChoice choice{swizzle, {order.begin(), order.end()}, layout};
    for (const LinearLayout &reg : regs) {
      AccessCost cost = registerAccessCost(reg, layout, elemBits);
      choice.wavefronts += cost.wavefronts;
      choice.instructions += cost.instructions;
    }
    choice.cost = choice.wavefronts + choice.instructions;
    if (!best || key(choice) < key(*best))
      best = std::move(choice);
  }
  return *best;
}
