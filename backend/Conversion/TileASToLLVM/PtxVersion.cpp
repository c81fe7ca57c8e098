//===- PtxVersion.cpp - PTX ISA version that inline PTX needs -------------===//
#include "Conversion/TileASToLLVM/PtxVersion.h"

#include "Codegen/PTXEmitter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

void mlir::tilecc::requirePtxVersion(OpBuilder &b, Operation *op,
                                     int32_t version) {
  auto module = op->getParentOfType<ModuleOp>();
  MLIRContext *ctx = b.getContext();
  auto flag = LLVM::ModuleFlagAttr::get(
      ctx, LLVM::ModFlagBehavior::Max,
      StringAttr::get(ctx, ::tilecc::kMinPtxVersionFlag),
      b.getI32IntegerAttr(version));
  for (auto flags : module.getOps<LLVM::ModuleFlagsOp>())
    for (Attribute existing : flags.getFlags())
      if (existing == flag)
        return;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  LLVM::ModuleFlagsOp::create(b, module.getLoc(), b.getArrayAttr({flag}));
}
