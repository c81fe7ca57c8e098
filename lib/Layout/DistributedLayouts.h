//===- DistributedLayouts.h - blocked and slice layouts ---------*- C++ -*-===//
//
// Distributed layouts map ("register", "lane", "warp") to tile coordinates
// ("dim0", ..., "dimN-1"). A layout built for one CTA tile is fitted to the
// tensor shape: a larger shape repeats it over more registers, a smaller one
// wraps coordinates, so the extra hardware holds duplicates (broadcast).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_DISTRIBUTEDLAYOUTS_H
#define TILECC_LAYOUT_DISTRIBUTEDLAYOUTS_H

#include "Layout/LinearLayout.h"

namespace tilecc::layout {

inline constexpr const char *kRegister = "register";
inline constexpr const char *kLane = "lane";
inline constexpr const char *kWarp = "warp";
inline constexpr const char *kBlock = "block";
inline constexpr const char *kOffset = "offset";

/// "dim0" ... "dim<rank-1>".
std::string dimName(unsigned dim);
std::vector<std::string> dimNames(unsigned rank);

/// For each dimension in `order` (fastest first), the identity over `sizes`
/// on input `inDim` — the standard way hardware ids are split across dims.
LinearLayout identityStandardND(llvm::StringRef inDim,
                                llvm::ArrayRef<unsigned> sizes,
                                llvm::ArrayRef<unsigned> order);

/// Fits a CTA-tile layout to `shape`: each output dimension smaller than the
/// shape is repeated over registers (dims taken in `repeatOrder`, fastest
/// first), each larger one wraps. The result has output dims dim0..dimN-1 in
/// that order.
LinearLayout fitToShape(const LinearLayout &ctaLayout,
                        llvm::ArrayRef<int64_t> shape,
                        llvm::ArrayRef<unsigned> repeatOrder);

/// Parameters of a blocked layout: each thread holds a sizePerThread block,
/// threads of a warp and warps of a CTA tile the dims in `order` (fastest
/// first), and the CTA tile repeats over registers to cover the shape.
struct BlockedParams {
  llvm::SmallVector<unsigned, 4> sizePerThread;
  llvm::SmallVector<unsigned, 4> threadsPerWarp;
  llvm::SmallVector<unsigned, 4> warpsPerCTA;
  llvm::SmallVector<unsigned, 4> order;
};

/// Checks the parameters: equal ranks, powers of two, 32 threads per warp,
/// `order` a permutation, shape of the same rank with power-of-two sizes.
llvm::Error verifyBlocked(const BlockedParams &params,
                          llvm::ArrayRef<int64_t> shape);
/// The blocked layout (parameters must pass verifyBlocked).
LinearLayout blockedLayout(const BlockedParams &params,
                           llvm::ArrayRef<int64_t> shape);

/// The layout of a reduction result over `dim`: the parent without that
/// output dimension (later dims shift down); registers that only walked the
/// removed dimension disappear, lanes/warps that did become broadcast.
LinearLayout sliceLayout(const LinearLayout &parent, unsigned dim);

/// The layout of a permuted tile (result dim i is source dim perm[i]): the
/// same hardware map with its output dimensions relabeled, so every thread
/// keeps the very elements it held, in the same registers.
LinearLayout permuteLayout(const LinearLayout &source,
                           llvm::ArrayRef<int64_t> perm);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_DISTRIBUTEDLAYOUTS_H
