//===- BlockedLayouts.cpp - blocked layouts for tile shapes ---------------===//
#include "Schedule/BlockedLayouts.h"

#include "Layout/DistributedLayouts.h"
#include "Layout/Vectorization.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace tilecc::layout;

LinearLayout mlir::nv_tileas::chooseBlockedLayout(llvm::ArrayRef<int64_t> shape,
                                                  unsigned vectorElements,
                                                  unsigned numWarps) {
  unsigned rank = shape.size();
  BlockedParams params;
  params.sizePerThread.assign(rank, 1);
  params.threadsPerWarp.assign(rank, 1);
  params.warpsPerCTA.assign(rank, 1);
  for (unsigned i = 0; i < rank; ++i)
    params.order.push_back(rank - 1 - i);
  if (rank == 0)
    return LinearLayout();
  // Remaining elements per dimension once a level of hardware took its part.
  llvm::SmallVector<int64_t> left(shape.begin(), shape.end());
  unsigned fastest = rank - 1;
  params.sizePerThread[fastest] =
      std::max<int64_t>(1, std::min<int64_t>(vectorElements, left[fastest]));
  left[fastest] /= params.sizePerThread[fastest];
  auto distribute = [&](llvm::SmallVector<unsigned, 4> &level, unsigned count) {
    for (unsigned dim : params.order) {
      unsigned take = std::min<int64_t>(count, std::max<int64_t>(1, left[dim]));
      level[dim] = take;
      left[dim] = std::max<int64_t>(1, left[dim] / take);
      count /= take;
    }
    // Hardware beyond the tile broadcasts along the fastest dimension.
    level[fastest] *= count;
  };
  distribute(params.threadsPerWarp, 32);
  distribute(params.warpsPerCTA, numWarps);
  return blockedLayout(params, shape);
}

unsigned mlir::nv_tileas::getAtomVectorElements(unsigned bits,
                                                unsigned elemBits) {
  if (!bits || !elemBits || bits < elemBits ||
      !llvm::isPowerOf2_32(bits / elemBits))
    return 1;
  return std::min(bits, kMaxVectorBits) / elemBits;
}
