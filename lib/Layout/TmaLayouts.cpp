//===- TmaLayouts.cpp - shared-memory layout of TMA boxes -----------------===//

#include "Layout/TmaLayouts.h"
#include "Layout/DistributedLayouts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace tilecc::layout;

LinearLayout tilecc::layout::tmaBoxSharedLayout(llvm::ArrayRef<int64_t> boxShape,
                                                unsigned elemBits,
                                                unsigned swizzleBytes) {
  int64_t elemBytes = std::max(1u, elemBits / 8);
  int64_t lineBits = getTmaSwizzleLineBits(swizzleBytes);
  int64_t elements = 1;
  for (int64_t d : boxShape)
    elements *= d;
  std::vector<LinearLayout::Basis> bases;
  for (unsigned bit = 0; (int64_t(1) << bit) < elements; ++bit) {
    int64_t physical = (int64_t(1) << bit) * elemBytes;
    int64_t logical =
        (physical ^ ((physical & lineBits) >> kTmaSwizzleShift)) / elemBytes;
    LinearLayout::Basis coords(boxShape.size(), 0);
    for (int64_t d = int64_t(boxShape.size()) - 1; d >= 0; --d) {
      coords[d] = int32_t(logical % boxShape[d]);
      logical /= boxShape[d];
    }
    bases.push_back(coords);
  }
  std::vector<LinearLayout::OutDim> outs;
  for (auto [d, size] : llvm::enumerate(boxShape))
    outs.push_back({"dim" + std::to_string(d), int32_t(size)});
  return LinearLayout({{kOffset, bases}}, outs);
}

std::optional<TmaBoxStmatrixPlan>
tilecc::layout::planTmaBoxStmatrix(const LinearLayout &tile,
                                   llvm::ArrayRef<int64_t> boxShape,
                                   unsigned elemBits, unsigned swizzleBytes) {
  if (elemBits != 16 || !tile.hasInDim(kRegister) || !tile.hasInDim(kLane) ||
      tile.getOutDims().size() != boxShape.size() || boxShape.empty())
    return std::nullopt;
  unsigned last = boxShape.size() - 1;
  int32_t boxCols = int32_t(boxShape.back());
  if (!llvm::isPowerOf2_64(boxCols))
    return std::nullopt;
  for (unsigned d = 0; d < last; ++d)
    if (tile.getOutDims()[d].size != boxShape[d])
      return std::nullopt;
  std::vector<LinearLayout::OutDim> outs(tile.getOutDims().begin(),
                                         tile.getOutDims().end());
  if (outs[last].size % boxCols)
    return std::nullopt;
  outs[last].size = boxCols;

  // Lanes and warps stay within a box; register bits either move within it
  // or pick the box.
  TmaBoxStmatrixPlan plan;
  std::vector<LinearLayout::InDim> ins;
  for (const LinearLayout::InDim &in : tile.getInDims()) {
    LinearLayout::InDim local{in.name, {}};
    for (auto [bit, basis] : llvm::enumerate(in.bases)) {
      if (basis[last] < boxCols) {
        local.bases.push_back(basis);
        if (in.name == kRegister)
          plan.boxRegisterBits.push_back(bit);
        continue;
      }
      bool selector = in.name == kRegister && basis[last] % boxCols == 0;
      for (unsigned d = 0; d < last; ++d)
        selector &= basis[d] == 0;
      if (!selector)
        return std::nullopt;
      plan.boxSelectorBits.push_back(bit);
    }
    ins.push_back(std::move(local));
  }
  LinearLayout local(std::move(ins), std::move(outs));
  if (!local.isInvertible())
    return std::nullopt;
  std::optional<LdmatrixPlan> matrices = planLdmatrix(
      local, tmaBoxSharedLayout(boxShape, elemBits, swizzleBytes), elemBits);
  if (!matrices)
    return std::nullopt;
  plan.matrices = *matrices;
  return plan;
}
