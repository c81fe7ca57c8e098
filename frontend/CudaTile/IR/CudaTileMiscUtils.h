//===- CudaTileMiscUtils.h - hints and debug info helpers -------*- C++ -*-===//
//
// Checks shared by the ops that carry optimization hints or debug info, and
// the switches of tilecc-opt's -Wunsupported-hints / -Werr-hints.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_IR_CUDATILEMISCUTILS_H
#define TILECC_CUDATILE_IR_CUDATILEMISCUTILS_H

#include "CudaTile/IR/CudaTileDialect.h"

namespace mlir::cuda_tile {

//===----------------------------------------------------------------------===//
// Optimization hints
//===----------------------------------------------------------------------===//

/// How invalid or unsupported hints are reported: silently ignored (the
/// default), a warning per problem, or warnings plus an op error.
void setOptimizationHintsDiagnostics(bool warnUnsupported, bool errorOnHints);
bool getWarnUnsupportedHints();
bool getErrorOnHints();

/// Registers `-Wunsupported-hints` and `-Werr-hints` with the LLVM command
/// line; call before parsing it.
void registerOptimizationHintsOptions();

/// Checks `hints` against the keys that `op` understands. Warns about each
/// problem when enabled; fails (after an op error "Optimization hints
/// verification failed") only when -Werr-hints is also set.
LogicalResult verifyOptimizationHints(Operation *op,
                                      OptimizationHintsAttr hints);

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//

/// The di_loc found in `loc`, looking through name, fused, call site (the
/// caller) and opaque locations; null when there is none.
DILocAttr findDILoc(Location loc);

/// The subprogram that (transitively) encloses `scope`.
DISubprogramAttr getEnclosingSubprogram(DILocalScopeAttr scope);

/// Function rules: its scope, if any, is a subprogram named like it.
LogicalResult verifyFunctionDebugInfo(FunctionOpInterface function);
/// Body rule: op scopes belong to the function's subprogram.
LogicalResult verifyFunctionBodyDebugInfo(FunctionOpInterface function);
/// Module rule: module-level items other than functions carry no scope.
LogicalResult verifyModuleDebugInfo(Operation *module);

/// Renames `symbol` to `newName`, also in the linkage name of its debug info
/// subprogram. When `updateUses`, the references inside `scope` (which must
/// enclose `symbol`) follow.
LogicalResult updateSymbolName(Operation *symbol, StringAttr newName,
                               Operation *scope, bool updateUses);

} // namespace mlir::cuda_tile

#endif // TILECC_CUDATILE_IR_CUDATILEMISCUTILS_H
