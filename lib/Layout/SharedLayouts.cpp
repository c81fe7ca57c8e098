//===- SharedLayouts.cpp - swizzled shared memory and bank conflicts ------===//

#include "Layout/SharedLayouts.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/GF2.h"
#include "Layout/MmaLayouts.h"
#include "Layout/Vectorization.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <tuple>

using namespace tilecc::layout;
using llvm::ArrayRef;

static llvm::Error checkShapeAndOrder(ArrayRef<int64_t> shape,
                                      ArrayRef<unsigned> order) {
  size_t rank = shape.size();
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (rank == 0 || order.size() != rank)
    return fail("shared layout needs a shape and an order of the same rank");
  llvm::SmallVector<unsigned> sorted(order.begin(), order.end());
  llvm::sort(sorted);
  for (size_t d = 0; d < rank; ++d)
    if (sorted[d] != d || log2Exact(shape[d]) < 0)
      return fail("shared layout needs power-of-two sizes and a permutation "
                  "order");
  return llvm::Error::success();
}

unsigned tilecc::layout::getNumRowBits(ArrayRef<int64_t> shape,
                                       ArrayRef<unsigned> order) {
  unsigned bits = 0;
  for (size_t i = 1; i < order.size(); ++i)
    bits += log2Exact(shape[order[i]]);
  return bits;
}

llvm::Expected<LinearLayout>
tilecc::layout::xorSwizzledSharedLayout(ArrayRef<int64_t> shape,
                                        ArrayRef<unsigned> order,
                                        ArrayRef<int32_t> rowMasks) {
  if (llvm::Error err = checkShapeAndOrder(shape, order))
    return std::move(err);
  if (rowMasks.size() != getNumRowBits(shape, order))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "expected one XOR mask per row bit");
  int64_t inner = shape[order[0]];
  for (int32_t mask : rowMasks)
    if (mask < 0 || mask >= inner)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "XOR mask " + llvm::Twine(mask) +
                                         " exceeds the row of " +
                                         llvm::Twine(inner) + " elements");

  // Build the tile -> offset map (row-major in `order`, row bits XOR-ing
  // their mask into the column), then invert it. Offsets of the column
  // bits stay below `inner` and row bits add multiples of it, so the map is
  // triangular and hence a bijection.
  std::vector<LinearLayout::InDim> ins(shape.size());
  int32_t stride = 1;
  size_t rowBit = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    unsigned d = order[i];
    ins[d].name = dimName(d);
    for (int32_t bit = 0; (int64_t(1) << bit) < shape[d]; ++bit) {
      int32_t offset = stride << bit;
      if (i > 0)
        offset ^= rowMasks[rowBit++];
      ins[d].bases.push_back({offset});
    }
    stride *= int32_t(shape[d]);
  }
  LinearLayout toOffset(std::move(ins), {{kOffset, stride}});
  std::optional<LinearLayout> layout = toOffset.invert();
  assert(layout && "XOR swizzles are bijections");
  return *layout;
}

std::vector<int32_t> tilecc::layout::getRowMasks(ArrayRef<int64_t> shape,
                                                 ArrayRef<unsigned> order,
                                                 SwizzleParams swizzle) {
  // Row bit j of order[1] picks phase bit j - log2(perPhase), which XORs
  // vec << phaseBit into the column; deeper dims do not swizzle.
  std::vector<int32_t> masks(getNumRowBits(shape, order), 0);
  if (order.size() < 2)
    return masks;
  int perPhaseLog2 = log2Exact(swizzle.perPhase);
  int maxPhaseLog2 = log2Exact(swizzle.maxPhase);
  for (int j = 0; (int64_t(1) << j) < shape[order[1]]; ++j) {
    int phaseBit = j - perPhaseLog2;
    if (phaseBit >= 0 && phaseBit < maxPhaseLog2)
      masks[j] = int32_t(swizzle.vec) << phaseBit;
  }
  return masks;
}

llvm::Expected<LinearLayout> tilecc::layout::swizzledSharedLayout(
    ArrayRef<int64_t> shape, ArrayRef<unsigned> order, SwizzleParams swizzle) {
  if (llvm::Error err = checkShapeAndOrder(shape, order))
    return std::move(err);
  if (log2Exact(swizzle.vec) < 0 || log2Exact(swizzle.perPhase) < 0 ||
      log2Exact(swizzle.maxPhase) < 0)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "swizzle parameters must be powers of two");
  int64_t inner = shape[order[0]];
  if (int64_t(swizzle.vec) * swizzle.maxPhase > inner && swizzle.maxPhase > 1)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "swizzle vec * maxPhase (" +
            llvm::Twine(swizzle.vec * swizzle.maxPhase) +
            ") exceeds the row of " + llvm::Twine(inner) + " elements");
  return xorSwizzledSharedLayout(shape, order,
                                 getRowMasks(shape, order, swizzle));
}

namespace {
/// A shared layout seen the other way round, as bit vectors: the offset (in
/// elements) of every bit of the flat tile coordinates (dims in the shared
/// layout's output order, each in the low bits first). Costing an access needs
/// only this, so the swizzle search builds it from the XOR masks directly.
struct TileOffsets {
  llvm::SmallVector<std::pair<std::string, int32_t>, 4> dims; // name, size
  unsigned bits = 0;                                          // tile bits
  std::array<uint64_t, 64> offsetOfBit{};

  /// Inverts an invertible `shared` ("offset" -> tile).
  static TileOffsets fromShared(const LinearLayout &shared) {
    TileOffsets result;
    for (const auto &out : shared.getOutDims())
      result.dims.push_back({out.name, out.size});
    GF2Span span;
    unsigned offsetBits = 0;
    for (uint64_t column : shared.getFlatColumns())
      span.insert(column, uint64_t(1) << offsetBits++);
    result.bits = shared.getTotalOutDimSizeLog2();
    assert(span.rank() == offsetBits && offsetBits == result.bits &&
           "shared layouts are invertible");
    for (unsigned bit = 0; bit < result.bits; ++bit)
      result.offsetOfBit[bit] = *span.solve(uint64_t(1) << bit);
    return result;
  }

  /// The map xorSwizzledSharedLayout inverts (valid shape and order).
  static TileOffsets fromMasks(ArrayRef<int64_t> shape,
                               ArrayRef<unsigned> order,
                               ArrayRef<int32_t> rowMasks) {
    TileOffsets result;
    llvm::SmallVector<unsigned, 4> shifts;
    unsigned shift = 0;
    for (size_t d = 0; d < shape.size(); ++d) {
      result.dims.push_back({dimName(d), int32_t(shape[d])});
      shifts.push_back(shift);
      shift += log2Exact(shape[d]);
    }
    result.bits = shift;
    uint64_t stride = 1;
    size_t rowBit = 0;
    for (size_t i = 0; i < order.size(); ++i) {
      unsigned d = order[i];
      for (unsigned bit = 0; (int64_t(1) << bit) < shape[d]; ++bit) {
        uint64_t offset = stride << bit;
        if (i > 0)
          offset ^= uint64_t(rowMasks[rowBit++]);
        result.offsetOfBit[shifts[d] + bit] = offset;
      }
      stride *= uint64_t(shape[d]);
    }
    return result;
  }

  /// Where each output dim of `layout` starts in the flat tile bits; nullopt
  /// unless its dims are this tile's (any order), none larger.
  std::optional<llvm::SmallVector<unsigned, 4>>
  getShifts(const LinearLayout &layout) const {
    if (layout.getOutDims().size() != dims.size())
      return std::nullopt;
    llvm::SmallVector<unsigned, 4> shifts;
    for (const auto &out : layout.getOutDims()) {
      unsigned shift = 0;
      size_t d = 0;
      for (; d < dims.size() && dims[d].first != out.name; ++d)
        shift += log2Exact(dims[d].second);
      if (d == dims.size() || dims[d].second < out.size)
        return std::nullopt;
      shifts.push_back(shift);
    }
    return shifts;
  }

  uint64_t getOffset(ArrayRef<unsigned> shifts,
                     const LinearLayout::Basis &coords) const {
    uint64_t offset = 0;
    for (size_t o = 0; o < coords.size(); ++o)
      for (uint64_t bits = uint64_t(coords[o]) << shifts[o]; bits;
           bits &= bits - 1)
        offset ^= offsetOfBit[__builtin_ctzll(bits)];
    return offset;
  }
};
} // namespace

/// The offset that each input bit of `access` addresses, the lane bits
/// first, then the other inputs in order: `access` composed with the inverse
/// of the shared layout.
static void getAccessOffsets(const TileOffsets &tile,
                             const LinearLayout &access,
                             llvm::SmallVectorImpl<uint64_t> &laneOffsets,
                             llvm::SmallVectorImpl<uint64_t> &instrOffsets) {
  std::optional<llvm::SmallVector<unsigned, 4>> shifts = tile.getShifts(access);
  assert(shifts && "access and shared layouts describe the same tile");
  assert(access.hasInDim(kLane) && "an access layout has lanes");
  for (const auto &in : access.getInDims())
    for (const auto &basis : in.bases)
      (in.name == kLane ? laneOffsets : instrOffsets)
          .push_back(tile.getOffset(*shifts, basis));
}

/// countWavefronts by enumeration: every instruction, phase and lane.
static AccessCost enumerateWavefronts(ArrayRef<uint64_t> laneColumns,
                                      ArrayRef<uint64_t> instrColumns,
                                      unsigned elemBits, unsigned accessBits) {
  auto xorOf = [](uint64_t bits, ArrayRef<uint64_t> columns) {
    uint64_t offset = 0;
    for (unsigned b = 0; bits; ++b, bits >>= 1)
      if (bits & 1)
        offset ^= columns[b];
    return offset;
  };
  int32_t numLanes = int32_t(1) << laneColumns.size();
  std::vector<uint64_t> laneOffsets(numLanes);
  for (int32_t lane = 0; lane < numLanes; ++lane)
    laneOffsets[lane] = xorOf(lane, laneColumns);

  unsigned lanesPerPhase =
      std::min(32u, 1024u / std::max(accessBits, 32u)); // 128 bytes a phase
  uint64_t wordsPerAccess = (std::max(accessBits, 1u) + 31) / 32 + 1;
  AccessCost cost;
  std::vector<uint64_t> words;
  for (uint64_t instr = 0; instr < (uint64_t(1) << instrColumns.size());
       ++instr) {
    ++cost.instructions;
    uint64_t base = xorOf(instr, instrColumns);
    for (int32_t first = 0; first < numLanes; first += lanesPerPhase) {
      words.clear();
      words.reserve(lanesPerPhase * wordsPerAccess);
      int32_t last = std::min<int32_t>(numLanes, first + lanesPerPhase);
      for (int32_t lane = first; lane < last; ++lane) {
        uint64_t bitAddr = (base ^ laneOffsets[lane]) * elemBits;
        uint64_t lastBit = bitAddr + std::max(accessBits, 1u) - 1;
        for (uint64_t word = bitAddr / 32; word <= lastBit / 32; ++word)
          words.push_back(word);
      }
      // Distinct words per bank; the busiest bank sets the wavefronts.
      llvm::sort(words);
      words.erase(std::unique(words.begin(), words.end()), words.end());
      std::array<unsigned, 32> perBank{};
      unsigned worst = 1;
      for (uint64_t word : words)
        worst = std::max(worst, ++perBank[word % 32]);
      cost.wavefronts += worst;
      cost.idealWavefronts += 1;
    }
  }
  return cost;
}

/// countWavefronts in closed form, when every lane's access is aligned to its
/// width (and widths are powers of two). Word indices are then linear in the
/// offsets, so the words one phase touches form a coset of one subspace S
/// (the images of the phase's lane bits, plus the words inside one access),
/// the same for every phase of every instruction. The 4-byte banks are the
/// low 5 bits of a word index, so each bank the phase hits holds
/// 2^(dim S - dim bank(S)) of its words: that is the phase's wavefronts.
static std::optional<AccessCost>
closedFormWavefronts(ArrayRef<uint64_t> laneColumns,
                     ArrayRef<uint64_t> instrColumns, unsigned elemBits,
                     unsigned accessBits) {
  unsigned width = std::max(accessBits, 1u);
  int elemLog2 = log2Exact(elemBits), widthLog2 = log2Exact(width);
  if (elemLog2 < 0 || widthLog2 < 0 || width > 1024 ||
      laneColumns.size() >= 32 || instrColumns.size() >= 32)
    return std::nullopt;
  auto aligned = [&](uint64_t offset) {
    return ((offset << elemLog2) & (width - 1)) == 0;
  };
  if (!llvm::all_of(laneColumns, aligned) ||
      !llvm::all_of(instrColumns, aligned))
    return std::nullopt;
  // Word index of an (aligned) offset: offset * elemBits / 32.
  auto wordOf = [&](uint64_t offset) {
    return elemLog2 >= 5 ? offset << (elemLog2 - 5) : offset >> (5 - elemLog2);
  };
  unsigned lanesPerPhaseLog2 =
      log2Exact(std::min(32u, 1024u / std::max(width, 32u)));
  unsigned laneBits = laneColumns.size();
  unsigned phaseLaneBits = std::min(laneBits, lanesPerPhaseLog2);
  GF2Span words, banks;
  auto add = [&](uint64_t word) {
    words.insert(word, 0);
    banks.insert(word & 31, 0);
  };
  for (unsigned b = 0; b < phaseLaneBits; ++b)
    add(wordOf(laneColumns[b]));
  for (unsigned w = 1; w < width / 32; w *= 2)
    add(w);
  unsigned perPhase = 1u << (words.rank() - banks.rank());
  unsigned phases = 1u << (laneBits - phaseLaneBits);
  unsigned instructions = 1u << instrColumns.size();
  AccessCost cost;
  cost.instructions = instructions;
  cost.idealWavefronts = instructions * phases;
  cost.wavefronts = cost.idealWavefronts * perPhase;
  return cost;
}

static AccessCost countOffsetWavefronts(ArrayRef<uint64_t> laneColumns,
                                        ArrayRef<uint64_t> instrColumns,
                                        unsigned elemBits,
                                        unsigned accessBits) {
  if (std::optional<AccessCost> cost =
          closedFormWavefronts(laneColumns, instrColumns, elemBits, accessBits))
    return *cost;
  return enumerateWavefronts(laneColumns, instrColumns, elemBits, accessBits);
}

AccessCost tilecc::layout::countWavefronts(const LinearLayout &shared,
                                           const LinearLayout &access,
                                           unsigned elemBits,
                                           unsigned accessBits) {
  llvm::SmallVector<uint64_t, 8> laneColumns, instrColumns;
  getAccessOffsets(TileOffsets::fromShared(shared), access, laneColumns,
                   instrColumns);
  return countOffsetWavefronts(laneColumns, instrColumns, elemBits, accessBits);
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
  return LinearLayout(std::move(ins),
                      std::vector<LinearLayout::OutDim>(
                          reg.getOutDims().begin(), reg.getOutDims().end()));
}

/// registerAccessCost on bit vectors: registerAccess's vector width and
/// instructions, read off the offsets of `reg`'s bases. nullopt when `reg`
/// has no registers or does not fit the tile (the generic path decides).
static std::optional<AccessCost> getRegisterAccessCost(const LinearLayout &reg,
                                                       const TileOffsets &tile,
                                                       unsigned elemBits) {
  std::optional<llvm::SmallVector<unsigned, 4>> shifts = tile.getShifts(reg);
  if (!shifts || !reg.hasInDim(kRegister))
    return std::nullopt;
  llvm::SmallVector<uint64_t, 16> regOffsets, laneOffsets, otherOffsets;
  for (const auto &in : reg.getInDims())
    for (const auto &basis : in.bases)
      (in.name == kRegister ? regOffsets
       : in.name == kLane   ? laneOffsets
                            : otherOffsets)
          .push_back(tile.getOffset(*shifts, basis));

  // getContiguousSharedElements: registers 0..2^k-1 at offsets 0..2^k-1 and
  // every other bit a multiple of 2^k.
  uint64_t tileSize = uint64_t(1) << tile.bits;
  uint64_t limit =
      std::min<uint64_t>(uint64_t(1) << regOffsets.size(), tileSize);
  unsigned contiguousBits = 0;
  while ((uint64_t(2) << contiguousBits) <= limit &&
         regOffsets[contiguousBits] == (uint64_t(1) << contiguousBits)) {
    uint64_t mask = (uint64_t(2) << contiguousBits) - 1;
    auto aligned = [&](uint64_t offset) { return (offset & mask) == 0; };
    if (!llvm::all_of(llvm::drop_begin(regOffsets, contiguousBits + 1),
                      aligned) ||
        !llvm::all_of(laneOffsets, aligned) ||
        !llvm::all_of(otherOffsets, aligned))
      break;
    ++contiguousBits;
  }
  int32_t vec = std::min<int32_t>(
      int32_t(1) << contiguousBits,
      std::max<int32_t>(1, int32_t(kMaxVectorBits / elemBits)));
  unsigned vecBits = log2Exact(vec);

  // registerAccess: the registers past the vector that add new data.
  GF2Span span;
  llvm::SmallVector<uint64_t, 16> instrOffsets;
  for (size_t b = 0; b < regOffsets.size(); ++b)
    if (span.insert(regOffsets[b], 0) && b >= vecBits)
      instrOffsets.push_back(regOffsets[b]);
  return countOffsetWavefronts(laneOffsets, instrOffsets, elemBits,
                               unsigned(vec) * elemBits);
}

AccessCost tilecc::layout::registerAccessCost(const LinearLayout &reg,
                                              const LinearLayout &shared,
                                              unsigned elemBits) {
  if (shared.getInDims().size() == 1 && shared.getInDims()[0].name == kOffset)
    if (std::optional<AccessCost> cost = getRegisterAccessCost(
            reg, TileOffsets::fromShared(shared), elemBits))
      return *cost;
  unsigned accessBits = 0;
  LinearLayout access = registerAccess(reg, shared, elemBits, accessBits);
  return countWavefronts(shared, access, elemBits, accessBits);
}

AccessCost tilecc::layout::registerAccessCost(const LinearLayout &reg,
                                              ArrayRef<unsigned> order,
                                              ArrayRef<int32_t> rowMasks,
                                              unsigned elemBits) {
  llvm::SmallVector<int64_t, 4> shape;
  for (const auto &out : reg.getOutDims())
    shape.push_back(out.size);
  if (std::optional<AccessCost> cost = getRegisterAccessCost(
          reg, TileOffsets::fromMasks(shape, order, rowMasks), elemBits))
    return *cost;
  return registerAccessCost(
      reg, llvm::cantFail(xorSwizzledSharedLayout(shape, order, rowMasks)),
      elemBits);
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

/// Prices the XOR swizzle `rowMasks` for moving every layout of `regs`; the
/// layout itself is left to the caller (built only for the winner).
static SharedLayoutChoice evaluate(ArrayRef<LinearLayout> regs,
                                   unsigned elemBits, ArrayRef<int64_t> shape,
                                   ArrayRef<unsigned> order,
                                   std::vector<int32_t> rowMasks) {
  SharedLayoutChoice choice;
  choice.order.assign(order.begin(), order.end());
  TileOffsets tile = TileOffsets::fromMasks(shape, order, rowMasks);
  std::optional<LinearLayout> layout;
  for (const LinearLayout &reg : regs) {
    std::optional<AccessCost> cost = getRegisterAccessCost(reg, tile, elemBits);
    if (!cost) {
      if (!layout)
        layout =
            llvm::cantFail(xorSwizzledSharedLayout(shape, order, rowMasks));
      cost = registerAccessCost(reg, *layout, elemBits);
    }
    choice.wavefronts += cost->wavefronts;
    choice.instructions += cost->instructions;
  }
  choice.rowMasks = std::move(rowMasks);
  choice.cost = choice.wavefronts + choice.instructions;
  return choice;
}

std::vector<SwizzleParams>
tilecc::layout::standardSwizzles(ArrayRef<int64_t> shape,
                                 ArrayRef<unsigned> order) {
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
  return candidates;
}

/// pickSwizzle without the layout of the choice.
static SharedLayoutChoice pickStandardSwizzle(ArrayRef<LinearLayout> regs,
                                              unsigned elemBits,
                                              ArrayRef<int64_t> shape,
                                              ArrayRef<unsigned> order) {
  llvm::cantFail(checkShapeAndOrder(shape, order));
  std::optional<SharedLayoutChoice> best;
  auto key = [](const SharedLayoutChoice &c) {
    return std::make_tuple(c.cost, c.swizzle.maxPhase, -int64_t(c.swizzle.vec),
                           c.swizzle.perPhase);
  };
  for (const SwizzleParams &swizzle : standardSwizzles(shape, order)) {
    SharedLayoutChoice choice = evaluate(regs, elemBits, shape, order,
                                         getRowMasks(shape, order, swizzle));
    choice.swizzle = swizzle;
    if (!best || key(choice) < key(*best))
      best = std::move(choice);
  }
  return *best;
}

static llvm::SmallVector<int64_t, 4> getTileShape(ArrayRef<LinearLayout> regs) {
  assert(!regs.empty() && "pickSwizzle needs an access to optimize");
  llvm::SmallVector<int64_t, 4> shape;
  for (const auto &out : regs.front().getOutDims())
    shape.push_back(out.size);
  return shape;
}

SharedLayoutChoice tilecc::layout::pickSwizzle(ArrayRef<LinearLayout> regs,
                                               unsigned elemBits,
                                               ArrayRef<unsigned> order) {
  llvm::SmallVector<int64_t, 4> shape = getTileShape(regs);
  SharedLayoutChoice best = pickStandardSwizzle(regs, elemBits, shape, order);
  best.layout =
      llvm::cantFail(xorSwizzledSharedLayout(shape, order, best.rowMasks));
  return best;
}

SharedLayoutChoice tilecc::layout::pickXorSwizzle(ArrayRef<LinearLayout> regs,
                                                  unsigned elemBits,
                                                  ArrayRef<unsigned> order) {
  llvm::SmallVector<int64_t, 4> shape = getTileShape(regs);
  SharedLayoutChoice best = pickStandardSwizzle(regs, elemBits, shape, order);
  int64_t inner = shape[order[0]];
  // Coordinate descent: re-pick each row bit's mask (none or one column
  // bit) while the total cost drops. Each accepted step strictly lowers the
  // cost, so this terminates.
  bool improved = true;
  while (improved) {
    improved = false;
    for (size_t i = 0; i < best.rowMasks.size(); ++i) {
      for (int64_t mask = 0; mask < inner; mask = mask ? mask * 2 : 1) {
        if (mask == best.rowMasks[i])
          continue;
        std::vector<int32_t> masks = best.rowMasks;
        masks[i] = int32_t(mask);
        SharedLayoutChoice choice =
            evaluate(regs, elemBits, shape, order, std::move(masks));
        if (choice.cost < best.cost) {
          choice.standard = false;
          best = std::move(choice);
          improved = true;
        }
      }
    }
  }
  best.layout =
      llvm::cantFail(xorSwizzledSharedLayout(shape, order, best.rowMasks));
  return best;
}
