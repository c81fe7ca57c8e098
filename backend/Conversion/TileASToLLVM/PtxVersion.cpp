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
  // One flag per key: LLVM refuses a module that names a key twice, so a
  // later, higher requirement replaces the earlier one.
  for (auto flags : module.getOps<LLVM::ModuleFlagsOp>()) {
    SmallVector<Attribute> entries(flags.getFlags().begin(),
                                   flags.getFlags().end());
    for (Attribute &entry : entries) {
      auto existing = dyn_cast<LLVM::ModuleFlagAttr>(entry);
      if (!existing || existing.getKey() != flag.getKey())
        continue;
      auto value = dyn_cast<IntegerAttr>(existing.getValue());
      if (value && value.getInt() >= version)
        return;
      entry = flag;
      flags.setFlagsAttr(b.getArrayAttr(entries));
      return;
    }
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  LLVM::ModuleFlagsOp::create(b, module.getLoc(), b.getArrayAttr({flag}));
}
