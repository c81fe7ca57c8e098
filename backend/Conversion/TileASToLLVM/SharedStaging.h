//===- SharedStaging.h - tiles staged in swizzled shared memory -*- C++ -*-===//
//
// The pieces a layout change through shared memory and a cp.async ring slot
// share: where each register of a layout lives in the planner's swizzled
// layout, and reading a tile back (ldmatrix or vector loads).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_SHAREDSTAGING_H
#define TILECC_CONVERSION_TILEASTOLLVM_SHAREDSTAGING_H

#include "Layout/ConversionPlanner.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::tilecc {

/// Element offsets in a shared tile laid out as `shared` of every register of
/// `layout` (inputs "register", "lane", "warp").
SmallVector<Value> getSharedOffsets(OpBuilder &b, Location loc,
                                    const ::tilecc::layout::LinearLayout &layout,
                                    const ::tilecc::layout::LinearLayout &shared);

/// The registers of `dst` read from the shared tile at `base` (element type
/// `elem`) stored in `plan`'s scratch layout: ldmatrix where the plan says
/// so, else vector loads as wide as it proved. Fails (with a diagnostic on
/// `op`) when the ldmatrix plan does not cover `dst`.
FailureOr<SmallVector<Value>>
loadStagedTile(OpBuilder &b, Operation *op, Value base, Type elem,
               const ::tilecc::layout::ConversionPlan &plan,
               const ::tilecc::layout::LinearLayout &dst);

/// The plan by which a tile of `valueType` (a dot operand's layout) is
/// staged in a cp.async ring slot: copied from the 128-bit blocked layout
/// (`getAsyncCopyLayout`) into the shared layout, read back in `valueType`'s
/// layout. `copy` receives the copy layout.
llvm::Expected<::tilecc::layout::ConversionPlan>
planAsyncStaging(RankedTensorType valueType,
                 ::tilecc::layout::LinearLayout &copy);

/// Layout conversions staged through a shared buffer of their own (a symbol,
/// set by planSeparateScratchBuffers) rather than `tilecc_scratch`, and those
/// whose buffer is known free when they start (no barrier in front).
inline constexpr llvm::StringLiteral kOwnScratchAttr = "tilecc.scratch";
inline constexpr llvm::StringLiteral kNoLeadingBarrierAttr =
    "tilecc.no_leading_barrier";

/// Whether a convert_layout lowers to a round trip through shared memory
/// (a store, a barrier, loads) rather than a register permutation.
bool convertLayoutUsesShared(nv_tileas::ConvertLayoutOp op);
/// Bytes a conversion's own buffer needs.
int64_t getOwnScratchBytes(Operation *op);
/// The buffer a scratch round trip of `op` uses.
LLVM::GlobalOp getScratchBufferOf(Operation *op);
/// Whether `op` must wait at a barrier before writing its buffer.
bool needsLeadingBarrier(Operation *op);

/// Gives every convert_layout that goes through shared memory a buffer of
/// its own when all of them fit, next to `otherBytes` (the shared scratch of
/// the other ops and the shared globals), in the static shared memory
/// `limit`. A conversion whose block holds another such conversion then
/// needs no barrier before its stores: between two of its runs that other
/// conversion's store -> load barrier always executes, and nobody else
/// touches its buffer. Deterministic (program order).
void planSeparateScratchBuffers(ModuleOp module, int64_t otherBytes,
                                int64_t limit);

/// Marks (with kDrainOnlyAttr) the async_waits none of whose futures is read
/// by a future_wait, at the top level of a kernel (which runs once, so no
/// later copy refills a slot another thread still reads): they only drain
/// copies and need no barrier. Runs while
/// loops are still scf (after scf -> cf, loop results and iteration values
/// are the same block arguments).
inline constexpr llvm::StringLiteral kDrainOnlyAttr = "tilecc.drain_only";
void markDrainOnlyAsyncWaits(Operation *root);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_SHAREDSTAGING_H
