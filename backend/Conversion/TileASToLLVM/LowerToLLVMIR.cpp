//===- LowerToLLVMIR.cpp - llvm/nvvm dialects to LLVM IR ------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace mlir;

/// libdevice.10.bc from $CUDA_HOME, $CUDA_PATH or /usr/local/cuda.
static std::optional<std::string> findLibdevice() {
  SmallVector<std::string> roots;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (std::optional<std::string> root = llvm::sys::Process::GetEnv(var))
      roots.push_back(*root);
  roots.push_back("/usr/local/cuda");
  for (const std::string &root : roots) {
    SmallString<256> path(root);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(path))
      return std::string(path);
  }
  return std::nullopt;
}

/// Links the libdevice functions the module calls (`__nv_*`) and makes them
/// internal, so that only the kernels stay visible. libdevice is read
/// lazily: only the functions (and tables) the kernel reaches are
/// materialized, not the whole library of some 500 functions.
static LogicalResult linkLibdevice(ModuleOp module, llvm::Module &llvmModule) {
  bool needed = llvm::any_of(llvmModule.functions(), [](llvm::Function &f) {
    return f.isDeclaration() && f.getName().starts_with("__nv_");
  });
  if (!needed)
    return success();
  std::optional<std::string> path = findLibdevice();
  if (!path)
    return module.emitError(
        "libdevice.10.bc not found (set CUDA_HOME); it provides the math "
        "functions this kernel calls");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(*path);
  if (!buffer)
    return module.emitError() << "cannot read " << *path;
  llvm::Expected<std::unique_ptr<llvm::Module>> libdevice =
      llvm::getOwningLazyBitcodeModule(std::move(*buffer),
                                       llvmModule.getContext());
  if (!libdevice)
    return module.emitError() << "cannot parse " << *path << ": "
                              << llvm::toString(libdevice.takeError());
  (*libdevice)->setTargetTriple(llvmModule.getTargetTriple());
  (*libdevice)->setDataLayout(llvmModule.getDataLayout());
  if (llvm::Linker::linkModules(llvmModule, std::move(*libdevice),
                                llvm::Linker::LinkOnlyNeeded))
    return module.emitError() << "cannot link " << *path;
  for (llvm::Function &f : llvmModule.functions())
    if (!f.isDeclaration() && f.getName().starts_with("__nv_"))
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  return success();
}

/// The location as the LLVM IR translation knows locations: dialect
/// location kinds (cuda_tile's di_loc, which every cuTile kernel carries)
/// become the first file location they hold. The translation crashes on
/// location kinds it does not know.
static Location toBuiltinLocation(Location loc) {
  MLIRContext *ctx = loc->getContext();
  if (isa<FileLineColLoc, UnknownLoc, OpaqueLoc>(loc))
    return loc;
  if (auto cs = dyn_cast<CallSiteLoc>(loc))
    return CallSiteLoc::get(toBuiltinLocation(cs.getCallee()),
                            toBuiltinLocation(cs.getCaller()));
  if (auto name = dyn_cast<NameLoc>(loc))
    return NameLoc::get(name.getName(), toBuiltinLocation(name.getChildLoc()));
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    SmallVector<Location> parts;
    for (Location part : fused.getLocations())
      parts.push_back(toBuiltinLocation(part));
    return FusedLoc::get(ctx, parts, fused.getMetadata());
  }
  Location found = UnknownLoc::get(ctx);
  Attribute(loc).walk([&](FileLineColLoc file) {
    found = file;
    return WalkResult::interrupt();
  });
  return found;
}

static void useBuiltinLocations(ModuleOp module) {
  module->walk([](Operation *op) {
    op->setLoc(toBuiltinLocation(op->getLoc()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setLoc(toBuiltinLocation(arg.getLoc()));
  });
}

FailureOr<std::unique_ptr<llvm::Module>>
mlir::tilecc::lowerToLLVMIR(ModuleOp module, llvm::LLVMContext &ctx) {
  useBuiltinLocations(module);
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);
  // NVVM ops that no LLVM intrinsic implements (nvvm.wgmma.mma_async) become
  // the inline PTX their op interface writes; the others stay for the
  // translation. Also for LLVM-dialect input that resumes here.
  PassManager pm(module->getContext());
  pm.addPass(createConvertNVVMToLLVMPass());
  if (failed(pm.run(module)))
    return failure();
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, ctx);
  if (!llvmModule) {
    module.emitError("failed to translate the module to LLVM IR");
    return failure();
  }
  if (failed(linkLibdevice(module, *llvmModule)))
    return failure();
  return llvmModule;
}
