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

/// Whether a convert_layout lowers to a round trip through shared memory
/// (a store, a barrier, loads) rather than a register permutation.
bool convertLayoutUsesShared(nv_tileas::ConvertLayoutOp op);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_SHAREDSTAGING_H
