//===- PTXEmitter.cpp - LLVM IR to PTX with the NVPTX backend -------------===//
#include "Codegen/PTXEmitter.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace tilecc;

static void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

static llvm::OptimizationLevel toPassBuilderLevel(unsigned level) {
  switch (level) {
  case 0: return llvm::OptimizationLevel::O0;
  case 1: return llvm::OptimizationLevel::O1;
  case 2: return llvm::OptimizationLevel::O2;
  default: return llvm::OptimizationLevel::O3;
  }
}

llvm::Expected<std::string> tilecc::emitPTX(llvm::Module &module,
                                            const TargetInfo &target,
                                            const PTXOptions &options) {
  initializeNVPTX();
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return llvm::createStringError("NVPTX backend unavailable: " + error);

  unsigned ptxVersion = target.ptxVersion;
  if (auto *flag = llvm::mdconst::extract_or_null<llvm::ConstantInt>(
          module.getModuleFlag(kMinPtxVersionFlag)))
    ptxVersion = std::max<unsigned>(ptxVersion, flag->getZExtValue());
  std::string features = "+ptx" + std::to_string(ptxVersion);
  llvm::CodeGenOptLevel codegenLevel =
      options.optLevel == 0 ? llvm::CodeGenOptLevel::None
                            : llvm::CodeGenOptLevel::Aggressive;
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget->createTargetMachine(
      triple, target.getCodegenName(), features, llvm::TargetOptions(),
      std::nullopt, std::nullopt, codegenLevel));
  if (!machine)
    return llvm::createStringError("cannot create an NVPTX target machine for " +
                                   target.getCodegenName());
  module.setTargetTriple(triple);
  module.setDataLayout(machine->createDataLayout());

  std::string verifyErrors;
  llvm::raw_string_ostream verifyStream(verifyErrors);
  if (llvm::verifyModule(module, &verifyStream))
    return llvm::createStringError("invalid LLVM IR: " + verifyErrors);

  if (options.optLevel > 0) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder builder(machine.get());
    builder.registerModuleAnalyses(mam);
    builder.registerCGSCCAnalyses(cgam);
    builder.registerFunctionAnalyses(fam);
    builder.registerLoopAnalyses(lam);
    builder.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager passes = builder.buildPerModuleDefaultPipeline(
        toPassBuilderLevel(options.optLevel));
    passes.run(module, mam);
  }

  llvm::SmallString<0> ptx;
  {
    llvm::raw_svector_ostream os(ptx);
    llvm::legacy::PassManager codegen;
    if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                     llvm::CodeGenFileType::AssemblyFile))
      return llvm::createStringError("NVPTX cannot emit assembly");
    codegen.run(module);
  }
  return std::string(ptx.str());
}
