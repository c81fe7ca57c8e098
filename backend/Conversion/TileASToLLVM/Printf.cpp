//===- Printf.cpp - vprintf and its format strings ------------------------===//
#include "Conversion/TileASToLLVM/Printf.h"

using namespace mlir;

LLVM::LLVMFuncOp mlir::tilecc::getOrDeclareVprintf(OpBuilder &b,
                                                   ModuleOp module,
                                                   Location loc) {
  if (auto vprintf = module.lookupSymbol<LLVM::LLVMFuncOp>("vprintf"))
    return vprintf;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::LLVMFuncOp::create(
      b, loc, "vprintf",
      LLVM::LLVMFunctionType::get(b.getI32Type(), {ptrType, ptrType}));
}

LLVM::GlobalOp mlir::tilecc::getOrCreateCString(OpBuilder &b, ModuleOp module,
                                                Location loc, StringRef prefix,
                                                StringRef text) {
  std::string value = text.str();
  value.push_back('\0');
  for (unsigned n = 0;; ++n) {
    std::string name = (prefix + Twine(n)).str();
    auto existing = module.lookupSymbol<LLVM::GlobalOp>(name);
    if (!existing) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      return LLVM::GlobalOp::create(
          b, loc, LLVM::LLVMArrayType::get(b.getI8Type(), value.size()),
          /*isConstant=*/true, LLVM::Linkage::Internal, name,
          b.getStringAttr(value));
    }
    if (auto s = dyn_cast_or_null<StringAttr>(existing.getValueOrNull()))
      if (s.getValue() == value)
        return existing;
  }
}
