//===- Tcgen05Staging.h - shared pieces of the tcgen05 lowerings -*- C++ -*-===//
//
// The tcgen05 MMA lowerings (block-scaled and plain dots) read A and B from
// shared memory in the K-major canonical layout (no swizzle: core matrices of
// 8 rows x 16 bytes, LBO = 128 bytes between core matrices adjacent in K,
// SBO = 8 rows x K bytes between 8-row groups) and the accumulator from
// tensor memory through tcgen05.ld in the layout below. These helpers stage
// register tiles into those layouts and back.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_TCGEN05STAGING_H
#define TILECC_CONVERSION_TILEASTOLLVM_TCGEN05STAGING_H

#include "Layout/LinearLayout.h"
#include "mlir/IR/Builders.h"

namespace mlir::tilecc::tcgen05 {

/// A shared layout (input "offset", in elements) onto a 2-d tile of `size0` x
/// `size1`: offset bit i goes to bit `bits[i].second` of dimension
/// `bits[i].first`, or nowhere (padding) when the dimension is -1. With
/// `batch` > 1 the tile is 3-d, slices outermost.
::tilecc::layout::LinearLayout
offsetLayout(ArrayRef<std::pair<int, int>> bits, int64_t size0, int64_t size1,
             int64_t batch = 1);

/// Bits [from, to) of dimension `dim` (or `to - from` paddings for dim -1).
void appendBits(SmallVectorImpl<std::pair<int, int>> &bits, int dim, int from,
                int to);

/// A (M x K) or, with `kFirst`, B (K x N) in the K-major canonical layout of
/// `elementBits`-bit elements; `halfRows`: A of 64 rows under an M = 128
/// instruction (rows 32 q + 16 .. 32 q + 31 are padding).
::tilecc::layout::LinearLayout operandLayout(int64_t rows, int64_t k,
                                             bool kFirst, unsigned elementBits,
                                             int64_t batch,
                                             bool halfRows = false);

/// The accumulator as tcgen05.ld/st 32x32b (16x32bx2 with `halfRows`) reach
/// it: `warpGroups` groups of 4 warps split N.
struct TmemShape {
  int64_t batch, m, n, warpGroups;
  bool halfRows;
};
::tilecc::layout::LinearLayout tmemRegisterLayout(const TmemShape &shape);

/// `instr` executed only where the i32 `id` is 0 (a thread or a warp); the
/// predicate is `%p`, `id` is `$0`.
void emitWhereZero(OpBuilder &b, Location loc, Value id, ValueRange operands,
                   StringRef instr, StringRef constraints);

/// Where one tcgen05 op works: the shared scratch buffer (`base`, its
/// address as i64), the thread's lane, warp and linear id, and the scratch
/// offsets of its completion mbarrier and tensor-memory address slot (as
/// 32-bit shared addresses).
struct ScratchFrame {
  Value base, baseAddress, lane, warp, tid, mbar, slot;
  /// A pointer `offset` bytes into the scratch buffer.
  Value at(OpBuilder &b, Location loc, int64_t offset) const;
  /// The 32-bit shared address `offset` bytes into the scratch buffer.
  Value sharedAddress32(OpBuilder &b, Location loc, int64_t offset) const;
};

/// Opens the frame and emits the first step every tcgen05 lowering shares:
/// a barrier where the plan asks (the scratch buffer's previous user is
/// done), warp 0's
/// tcgen05.alloc of `columns` tensor-memory columns into the slot, and
/// thread 0's init of the one-arrival completion mbarrier.
ScratchFrame beginScratchFrame(OpBuilder &b, Location loc, Value base,
                               int64_t mbarOffset, int64_t slotOffset,
                               int64_t columns, bool leadingBarrier);

/// Every thread stores its registers of `layout` at `base` + the element
/// offsets of `shared`, each element once.
LogicalResult storeToShared(OpBuilder &b, Location loc, Operation *op,
                            ArrayRef<Value> regs,
                            const ::tilecc::layout::LinearLayout &layout,
                            const ::tilecc::layout::LinearLayout &shared,
                            Value base, Type elem);

/// The registers of `layout` loaded from `base` + the offsets of `shared`.
FailureOr<SmallVector<Value>>
loadFromShared(OpBuilder &b, Location loc, Operation *op,
               const ::tilecc::layout::LinearLayout &layout,
               const ::tilecc::layout::LinearLayout &shared, Value base,
               Type elem);

/// 32-bit registers `regs` of layout `from` as those of `to`, through the
/// row-major staging area at `stage` (identity when equal).
FailureOr<SmallVector<Value>>
relayout(OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> regs,
         const ::tilecc::layout::LinearLayout &from,
         const ::tilecc::layout::LinearLayout &to, Value stage, int64_t batch,
         int64_t m, int64_t n);

/// "{$first, $first+1, ...}" for `count` operands.
std::string operandList(unsigned first, unsigned count);
/// `count` copies of the constraint `c`, comma-separated.
std::string repeatConstraint(StringRef c, unsigned count);

} // namespace mlir::tilecc::tcgen05

namespace tilecc {
struct TargetInfo;
} // namespace tilecc

namespace mlir {
class RewritePatternSet;
namespace tilecc {
class TileASToLLVMTypeConverter;

/// Plain dots with a tcgen05 atom (`umma_`, sm_100a/103a/110a): operands
/// staged into shared memory, tcgen05.mma into tensor memory, tcgen05.ld
/// back (Tcgen05DotPatterns.cpp); no pattern on targets without tcgen05.
void populateTileASTcgen05DotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target);
/// Bytes of the scratch buffer that lowering stages operands in (0 for other
/// ops and targets).
int64_t getTcgen05DotScratchBytes(Operation *op,
                                  const ::tilecc::TargetInfo &target);
/// Tensor-memory columns it allocates (0 for other ops and targets).
int64_t getTcgen05DotColumns(Operation *op, const ::tilecc::TargetInfo &target);
} // namespace tilecc
} // namespace mlir

#endif // TILECC_CONVERSION_TILEASTOLLVM_TCGEN05STAGING_H
