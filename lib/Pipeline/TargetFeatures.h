//===- TargetFeatures.h - arch features a module needs ----------*- C++ -*-===//
//
// The check that runs before LLVM code generation: every op whose lowering
// needs a hardware feature (TargetInfo's table) that the chosen arch lacks
// gets a located "'<op>' requires <feature>, which sm_XY does not have"
// error, so that such input never reaches an LLVM abort or a ptxas failure.
// The PTX ISA version the module is emitted for is then raised to what its
// NVVM ops need.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PIPELINE_TARGETFEATURES_H
#define TILECC_PIPELINE_TARGETFEATURES_H

#include "Target/TargetInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"

namespace tilecc {

/// The features `op` needs (nv_tileaa, nv_tileas, LLVM and NVVM ops; inline
/// PTX by its instructions' opcodes).
void getRequiredFeatures(mlir::Operation *op,
                         llvm::SmallVectorImpl<TargetFeature> &features);

/// Reports every op under `root` that needs a feature `target` lacks.
mlir::LogicalResult checkTargetFeatures(mlir::Operation *root,
                                        const TargetInfo &target);

/// Raises the PTX ISA version `module` is emitted for (the
/// kMinPtxVersionFlag module flag) to what its ops need beyond `target`'s
/// default (TargetInfo's getNvvmOpPtxVersion), so that NVPTX selects them
/// (it aborts on an op the PTX version lacks). Runs after
/// checkTargetFeatures: the ops are the target's.
void requireOpsPtxVersion(mlir::ModuleOp module, const TargetInfo &target);

} // namespace tilecc

#endif // TILECC_PIPELINE_TARGETFEATURES_H
