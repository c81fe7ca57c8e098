//===- Vectorization.cpp - vector widths from layouts ---------------------===//

#include "Layout/Vectorization.h"
#include "Layout/DistributedLayouts.h"

#include <algorithm>

using namespace tilecc::layout;
using llvm::ArrayRef;

/// Largest 2^k such that `flat` factors as identity(2^k of inDim -> outDim)
/// * rest (divideLeft succeeds), checked directly on the bases: bit b < k of
/// inDim maps to 2^b along outDim and to 0 elsewhere, and every other input
/// bit moves along outDim in multiples of 2^k.
static int32_t contiguousPrefix(const LinearLayout &flat,
                                llvm::StringRef outDim,
                                llvm::StringRef inDim = kRegister) {
  int32_t limit =
      std::min(flat.getInDimSize(inDim), flat.getOutDimSize(outDim));
  if (limit < 2)
    return 1;
  ArrayRef<LinearLayout::OutDim> outs = flat.getOutDims();
  size_t o = 0;
  while (outs[o].name != outDim)
    ++o;
  // Multiples of 2^k along outDim for every bit that is not in the prefix.
  auto restAligned = [&](unsigned k) {
    int32_t mask = (int32_t(1) << k) - 1;
    for (const auto &in : flat.getInDims())
      for (size_t b = in.name == inDim ? k : 0; b < in.bases.size(); ++b)
        if (in.bases[b][o] & mask)
          return false;
    return true;
  };
  const LinearLayout::InDim *prefixDim = nullptr;
  for (const auto &in : flat.getInDims())
    if (in.name == inDim)
      prefixDim = &in;
  int32_t best = 1;
  for (unsigned k = 1; (int32_t(1) << k) <= limit; ++k) {
    const LinearLayout::Basis &basis = prefixDim->bases[k - 1];
    for (size_t d = 0; d < outs.size(); ++d)
      if (basis[d] != (d == o ? int32_t(1) << (k - 1) : 0))
        return best;
    if (!restAligned(k))
      return best;
    best = int32_t(1) << k;
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
