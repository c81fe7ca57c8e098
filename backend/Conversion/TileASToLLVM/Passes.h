//===- Passes.h - nv_tileas to LLVM -----------------------------*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_PASSES_H
#define TILECC_CONVERSION_TILEASTOLLVM_PASSES_H

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tilecc {
#define GEN_PASS_DECL
#include "Conversion/TileASToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/TileASToLLVM/Passes.h.inc"
} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_PASSES_H
