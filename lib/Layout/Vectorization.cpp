//===- Vectorization.cpp - vector widths from layouts ---------------------===//

#include "Layout/Vectorization.h"
#include "Layout/DistributedLayouts.h"

#include <algorithm>

using namespace tilecc::layout;
using llvm::ArrayRef;

/// Largest 2^k such that `flat` (one output dim) factors as
/// identity(2^k of inDim -> outDim) * rest.
static int32_t contiguousPrefix(const LinearLayout &flat,
                                llvm::StringRef outDim,
                                llvm::StringRef inDim = kRegister) {
  int32_t best = 1;
  int32_t limit =
      std::min(flat.getInDimSize(inDim), flat.getOutDimSize(outDim));
  for (int32_t n = 2; n <= limit; n *= 2) {
    if (!divideLeft(flat, LinearLayout::identity1D(n, inDim, outDim)))
      break;
    best = n;
  }
  return best;
}

int32_t
tilecc::layout::getContiguousRegisterElements(const LinearLayout &reg,
                                              ArrayRef<unsigned> order) {
  unsigned rank = reg.getOutDims().size();
  // Slowest dim first, fastest last, then flatten row-major.
  std::vector<std::string> slowToFast;
  if (order.empty()) {
    slowToFast = dimNames(rank);
  } else {
    for (size_t i = order.size(); i-- > 0;)
      slowToFast.push_back(dimName(order[i]));
  }
  int32_t total = 1;
  for (const auto &out : reg.getOutDims())
    total *= out.size;
  LinearLayout flat =
      reg.transposeOuts(slowToFast).reshapeOuts({{"flat", total}});
  return contiguousPrefix(flat, "flat");
}

int32_t
tilecc::layout::getContiguousSharedElements(const LinearLayout &reg,
                                            const LinearLayout &shared) {
  std::optional<LinearLayout> toOffsets = reg.invertAndCompose(shared);
  if (!toOffsets)
    return 1;
  return contiguousPrefix(*toOffsets, kOffset);
}

int32_t tilecc::layout::getContiguousSharedRun(const LinearLayout &shared,
                                               llvm::StringRef dim) {
  std::optional<LinearLayout> toOffsets = shared.invert();
  if (!toOffsets || !toOffsets->hasInDim(dim))
    return 1;
  return contiguousPrefix(*toOffsets, kOffset, dim);
}

static unsigned capBits(int32_t elements, unsigned elemBits) {
  return std::max(elemBits,
                  std::min<unsigned>(kMaxVectorBits, elements * elemBits));
}

unsigned tilecc::layout::getVectorWidthBits(const LinearLayout &reg,
                                            unsigned elemBits,
                                            ArrayRef<unsigned> order) {
  return capBits(getContiguousRegisterElements(reg, order), elemBits);
}

unsigned tilecc::layout::getVectorWidthBits(const LinearLayout &reg,
                                            const LinearLayout &shared,
                                            unsigned elemBits) {
  return capBits(getContiguousSharedElements(reg, shared), elemBits);
}
