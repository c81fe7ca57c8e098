//===- LdmatrixLowering.cpp - shared -> registers with ldmatrix -----------===//

#include "Layout/LdmatrixLowering.h"
#include "Layout/DistributedLayouts.h"

#include "llvm/ADT/STLExtras.h"

#include <array>

using namespace tilecc::layout;

namespace {
/// A register layout seen in 16-bit units of shared memory: the unit offset
/// of every register unit bit and lane bit, and which element register bit
/// (if any) each unit bit is.
struct UnitView {
  std::vector<int64_t> regs, lanes, warps;
  std::vector<int> regBitOfUnit; // -1: the half inside a 32-bit element
};
} // namespace

static std::optional<UnitView> toUnits(const LinearLayout &toOffset,
                                       unsigned elemBits) {
  auto offsets = [&](llvm::StringRef dim) {
    std::vector<int64_t> result;
    for (unsigned b = 0; b < toOffset.getInDimSizeLog2(dim); ++b)
      result.push_back(toOffset.getBasis(dim, b, kOffset));
    return result;
  };
  UnitView view;
  std::vector<int64_t> regs = offsets(kRegister);
  view.lanes = offsets(kLane);
  view.warps = offsets(kWarp);
  if (elemBits == 16) {
    view.regs = regs;
    for (size_t b = 0; b < regs.size(); ++b)
      view.regBitOfUnit.push_back(b);
    return view;
  }
  if (elemBits == 32) {
    // Each element is two units; its halves act as a register bit.
    view.regs.push_back(1);
    view.regBitOfUnit.push_back(-1);
    for (size_t b = 0; b < regs.size(); ++b) {
      view.regs.push_back(regs[b] * 2);
      view.regBitOfUnit.push_back(b);
    }
    for (auto *list : {&view.lanes, &view.warps})
      for (int64_t &offset : *list)
        offset *= 2;
    return view;
  }
  if (elemBits == 8) {
    // Two consecutive registers must fill one unit.
    if (regs.empty() || regs[0] != 1)
      return std::nullopt;
    for (size_t b = 1; b < regs.size(); ++b) {
      view.regs.push_back(regs[b] / 2);
      view.regBitOfUnit.push_back(b);
    }
    std::vector<int64_t> all = view.lanes;
    all.insert(all.end(), view.warps.begin(), view.warps.end());
    all.insert(all.end(), regs.begin() + 1, regs.end());
    if (llvm::any_of(all, [](int64_t offset) { return offset % 2; }))
      return std::nullopt;
    for (auto *list : {&view.lanes, &view.warps})
      for (int64_t &offset : *list)
        offset /= 2;
    return view;
  }
  return std::nullopt;
}

std::optional<LdmatrixPlan>
tilecc::layout::planLdmatrix(const LinearLayout &reg,
                             const LinearLayout &shared, unsigned elemBits) {
  if (reg.getInDimSize(kLane) != 32)
    return std::nullopt;
  std::optional<LinearLayout> toOffset = reg.invertAndCompose(shared);
  if (!toOffset)
    return std::nullopt;
  std::optional<UnitView> units = toUnits(*toOffset, elemBits);
  if (!units || units->regs.empty())
    return std::nullopt;
  const UnitView &u = *units;

  // A hardware bit: a register unit bit or a lane bit.
  struct Bit {
    bool isLane;
    unsigned index;
  };
  auto offsetOf = [&](Bit bit) {
    return bit.isLane ? u.lanes[bit.index] : u.regs[bit.index];
  };
  auto rowIsContiguous = [&](const std::array<Bit, 3> &bits) {
    int64_t expected = 1;
    for (Bit bit : bits) {
      if (offsetOf(bit) != expected)
        return false;
      expected *= 2;
    }
    return true;
  };

  for (bool trans : {false, true}) {
    if (trans && elemBits != 16)
      break;
    // The bits walking one 16-byte row, and the bits picking its row.
    const std::array<Bit, 3> regAndLowLanes = {
        {{false, 0}, {true, 0}, {true, 1}}};
    const std::array<Bit, 3> highLanes = {{{true, 2}, {true, 3}, {true, 4}}};
    if (!rowIsContiguous(trans ? highLanes : regAndLowLanes))
      continue;
    const std::array<Bit, 3> &rowBits = trans ? regAndLowLanes : highLanes;
    // Everything else must keep rows 16-byte aligned.
    bool aligned =
        llvm::all_of(rowBits, [&](Bit b) { return offsetOf(b) % 8 == 0; });
    for (size_t b = 1; b < u.regs.size(); ++b)
      aligned &= u.regs[b] % 8 == 0;
    for (int64_t offset : u.warps)
      aligned &= offset % 8 == 0;
    if (!aligned)
      continue;

    unsigned matrixBits = std::min<size_t>(2, u.regs.size() - 1);
    LdmatrixPlan plan;
    plan.numMatrices = 1u << matrixBits;
    plan.trans = trans;

    // Address bases are the tile images of the hardware bits they stand for.
    std::vector<std::string> outs = reg.getOutDimNames();
    auto image = [&](Bit bit) {
      if (bit.isLane)
        return reg.sublayout({kLane}, outs).getInDims()[0].bases[bit.index];
      int elemBit = u.regBitOfUnit[bit.index];
      assert(elemBit >= 0 && "only the lowest unit bit is virtual");
      return reg.sublayout({kRegister}, outs).getInDims()[0].bases[elemBit];
    };
    std::vector<LinearLayout::Basis> laneBases, instrBases, warpBases;
    for (Bit bit : rowBits)
      laneBases.push_back(image(bit));
    for (unsigned b = 1; b <= matrixBits; ++b)
      laneBases.push_back(image({false, b}));
    for (size_t b = 1 + matrixBits; b < u.regs.size(); ++b)
      instrBases.push_back(image({false, unsigned(b)}));
    if (reg.hasInDim(kWarp))
      warpBases = reg.sublayout({kWarp}, outs).getInDims()[0].bases;
    plan.addresses = LinearLayout(
        {{kLane, laneBases}, {"instr", instrBases}, {kWarp, warpBases}},
        {reg.getOutDims().begin(), reg.getOutDims().end()});
    plan.cost = countWavefronts(
        shared, plan.addresses.sublayout({kLane, "instr"}, outs), elemBits,
        128);
    return plan;
  }
  return std::nullopt;
}
