//===- Passes.h - cuda_tile transformation passes ---------------*- C++ -*-===//
#ifndef TILECC_CUDATILE_TRANSFORMS_PASSES_H
#define TILECC_CUDATILE_TRANSFORMS_PASSES_H

#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::cuda_tile {

#define GEN_PASS_DECL
#include "CudaTile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "CudaTile/Transforms/Passes.h.inc"

} // namespace mlir::cuda_tile

#endif // TILECC_CUDATILE_TRANSFORMS_PASSES_H
