//===- LowerToLLVMIR.cpp - llvm/nvvm dialects to LLVM IR ------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/Module.h"

using namespace mlir;

FailureOr<std::unique_ptr<llvm::Module>>
mlir::tilecc::lowerToLLVMIR(ModuleOp module, llvm::LLVMContext &ctx) {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, ctx);
  if (!llvmModule) {
    module.emitError("failed to translate the module to LLVM IR");
    return failure();
  }
  return llvmModule;
}
