//===- DistributedLayouts.cpp - blocked and slice layouts -----------------===//

#include "Layout/DistributedLayouts.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>

using namespace tilecc::layout;
using llvm::ArrayRef;

std::string tilecc::layout::dimName(unsigned dim) {
  return "dim" + std::to_string(dim);
}

std::vector<std::string> tilecc::layout::dimNames(unsigned rank) {
  std::vector<std::string> names;
  for (unsigned d = 0; d < rank; ++d)
    names.push_back(dimName(d));
  return names;
}

LinearLayout tilecc::layout::identityStandardND(llvm::StringRef inDim,
                                                ArrayRef<unsigned> sizes,
                                                ArrayRef<unsigned> order) {
  LinearLayout layout;
  for (unsigned d : order)
    layout *= LinearLayout::identity1D(sizes[d], inDim, dimName(d));
  return layout;
}

LinearLayout tilecc::layout::fitToShape(const LinearLayout &ctaLayout,
                                        ArrayRef<int64_t> shape,
                                        ArrayRef<unsigned> repeatOrder) {
  LinearLayout layout = ctaLayout;
  // Repeat over registers where the tile is smaller than the shape.
  for (unsigned d : repeatOrder) {
    int32_t have = layout.getOutDimSize(dimName(d));
    if (have < shape[d])
      layout *= LinearLayout::identity1D(int32_t(shape[d] / have), kRegister,
                                         dimName(d));
  }
  // Wrap where the tile is larger; make sure every dim is present.
  for (unsigned d = 0; d < shape.size(); ++d) {
    if (!layout.hasOutDim(dimName(d)))
      layout *= LinearLayout::zeros1D(1, kRegister, dimName(d), 1);
    if (layout.getOutDimSize(dimName(d)) > shape[d])
      layout = layout.resizeOutDim(dimName(d), int32_t(shape[d]));
  }
  // Every distributed layout names the three hardware dims, in order.
  for (const char *hw : {kRegister, kLane, kWarp})
    if (!layout.hasInDim(hw))
      layout *= LinearLayout::zeros1D(1, hw, dimName(0), 1);
  return layout.transposeIns({kRegister, kLane, kWarp})
      .transposeOuts(dimNames(shape.size()));
}

llvm::Error tilecc::layout::verifyBlocked(const BlockedParams &p,
                                          ArrayRef<int64_t> shape) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  size_t rank = shape.size();
  if (rank == 0)
    return fail("blocked layout needs rank >= 1");
  if (p.sizePerThread.size() != rank || p.threadsPerWarp.size() != rank ||
      p.warpsPerCTA.size() != rank || p.order.size() != rank)
    return fail("blocked layout parameters must all have rank " +
                llvm::Twine(rank));
  int64_t threads = 1;
  for (size_t d = 0; d < rank; ++d) {
    if (log2Exact(p.sizePerThread[d]) < 0 ||
        log2Exact(p.threadsPerWarp[d]) < 0 || log2Exact(p.warpsPerCTA[d]) < 0 ||
        log2Exact(shape[d]) < 0)
      return fail("blocked layout sizes must be powers of two (dim " +
                  llvm::Twine(d) + ")");
    threads *= p.threadsPerWarp[d];
  }
  if (threads != 32)
    return fail("threadsPerWarp must multiply to 32");
  llvm::SmallVector<unsigned> sorted(p.order.begin(), p.order.end());
  llvm::sort(sorted);
  for (size_t d = 0; d < rank; ++d)
    if (sorted[d] != d)
      return fail("order must be a permutation of 0.." + llvm::Twine(rank - 1));
  return llvm::Error::success();
}

LinearLayout tilecc::layout::blockedLayout(const BlockedParams &p,
                                           ArrayRef<int64_t> shape) {
  assert(!verifyBlocked(p, shape) && "invalid blocked layout");
  LinearLayout cta = identityStandardND(kRegister, p.sizePerThread, p.order) *
                     identityStandardND(kLane, p.threadsPerWarp, p.order) *
                     identityStandardND(kWarp, p.warpsPerCTA, p.order);
  return fitToShape(cta, shape, p.order);
}

LinearLayout tilecc::layout::sliceLayout(const LinearLayout &parent,
                                         unsigned dim) {
  unsigned rank = parent.getOutDims().size();
  assert(dim < rank && "slice dimension out of range");
  std::vector<std::string> kept;
  for (unsigned d = 0; d < rank; ++d)
    if (d != dim)
      kept.push_back(dimName(d));
  LinearLayout sliced =
      parent.sublayout(parent.getInDimNames(), kept).removeZeroBases(kRegister);
  for (unsigned d = dim + 1; d < rank; ++d)
    sliced = sliced.renameOutDim(dimName(d), dimName(d - 1));
  return sliced;
}

LinearLayout tilecc::layout::permuteLayout(const LinearLayout &source,
                                           ArrayRef<int64_t> perm) {
  // Through temporary names, so that relabeling never collides.
  LinearLayout layout = source;
  for (auto [i, p] : llvm::enumerate(perm))
    layout = layout.renameOutDim(dimName(p), "permuted" + std::to_string(i));
  for (unsigned i = 0; i < perm.size(); ++i)
    layout = layout.renameOutDim("permuted" + std::to_string(i), dimName(i));
  return layout.transposeOuts(dimNames(perm.size()));
}
