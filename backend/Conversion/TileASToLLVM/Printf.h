//===- Printf.h - vprintf and its format strings --------------------------===//
//
// Shared by the print and assert lowerings, which both call the CUDA
// runtime's device printf.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_PRINTF_H
#define TILECC_CONVERSION_TILEASTOLLVM_PRINTF_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tilecc {

/// `i32 vprintf(ptr format, ptr args)`, declared once per module.
LLVM::LLVMFuncOp getOrDeclareVprintf(OpBuilder &b, ModuleOp module,
                                     Location loc);

/// A module-level constant C string named `<prefix><n>`; equal strings share
/// one global.
LLVM::GlobalOp getOrCreateCString(OpBuilder &b, ModuleOp module, Location loc,
                                  StringRef prefix, StringRef text);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_PRINTF_H
