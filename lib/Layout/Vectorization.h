//===- Vectorization.h - vector widths from layouts -------------*- C++ -*-===//
//
// How many elements a thread can move with one instruction: the largest run
// of consecutive registers that hold consecutive, aligned elements — of the
// tile's fastest dimension (global memory) or of shared-memory offsets.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_VECTORIZATION_H
#define TILECC_LAYOUT_VECTORIZATION_H

#include "Layout/LinearLayout.h"

namespace tilecc::layout {

/// Widest vector one instruction moves.
inline constexpr unsigned kMaxVectorBits = 128;

/// 2^k for the largest k such that registers 0..2^k-1 hold elements
/// 0..2^k-1 of the tile flattened row-major in `order` (fastest dim first;
/// empty means the last dim is fastest), and every other input moves in
/// multiples of 2^k (so vectors stay aligned).
int32_t getContiguousRegisterElements(const LinearLayout &reg,
                                      llvm::ArrayRef<unsigned> order = {});
/// The same measured in shared-memory offsets of `shared` ("offset" ->
/// tile dims): how many consecutive registers land at consecutive offsets.
int32_t getContiguousSharedElements(const LinearLayout &reg,
                                    const LinearLayout &shared);
/// Consecutive tile elements along `dim` stored at consecutive offsets, from
/// any aligned start (e.g. 8 for a 16-byte ldmatrix row of b16).
int32_t getContiguousSharedRun(const LinearLayout &shared, llvm::StringRef dim);

/// Vector widths in bits, at least one element, capped at kMaxVectorBits.
unsigned getVectorWidthBits(const LinearLayout &reg, unsigned elemBits,
                            llvm::ArrayRef<unsigned> order = {});
unsigned getVectorWidthBits(const LinearLayout &reg, const LinearLayout &shared,
                            unsigned elemBits);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_VECTORIZATION_H
