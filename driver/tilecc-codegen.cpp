//===- tilecc-codegen.cpp - LLVM-dialect module to LLVM IR / PTX / cubin --===//
//
//   tilecc-codegen -arch=sm_80 --emit=ptx lowered.mlir -o kernel.ptx
//   tilecc-codegen -arch=sm_100 --emit=ptxas lowered.mlir
//
// Reads the output of convert-tileas-to-llvm, translates it with
// lowerToLLVMIR and generates PTX with the in-process NVPTX backend.
// `--emit=ptxas` also assembles the PTX and prints each kernel's registers
// and spills; any spill makes the tool fail. Exit codes: 0 success, 1 bad
// input or failed translation, 2 usage, 3 ptxas missing or failing.
//
//===----------------------------------------------------------------------===//
#include "Codegen/PTXEmitter.h"
#include "Codegen/Ptxas.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                                      cl::init("-"));
static cl::opt<std::string> outputFile("o", cl::desc("output file"),
                                       cl::init("-"));
static cl::opt<std::string> arch("arch", cl::desc("target (sm_XY[a|f])"),
                                 cl::init("sm_100"));
static cl::opt<std::string> emit("emit", cl::desc("llvm | ptx | ptxas"),
                                 cl::init("ptx"));

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "tilecc code generation\n");
  std::optional<tilecc::TargetInfo> target = tilecc::parseTarget(arch);
  if (!target) {
    errs() << "error: unsupported target '" << arch << "'\n";
    return 2;
  }
  if (emit != "llvm" && emit != "ptx" && emit != "ptxas") {
    errs() << "error: --emit must be llvm, ptx or ptxas\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  registry.insert<mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
  mlir::MLIRContext context(registry);
  context.allowUnregisteredDialects(); // stage attributes such as nv_tileas.*
  std::string error;
  auto input = mlir::openInputFile(inputFile, &error);
  if (!input) {
    errs() << "error: " << error << "\n";
    return 1;
  }
  SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  llvm::LLVMContext llvmContext;
  auto llvmModule = mlir::tilecc::lowerToLLVMIR(*module, llvmContext);
  if (failed(llvmModule))
    return 1;
  std::string text;
  raw_string_ostream os(text);
  if (emit == "llvm") {
    (*llvmModule)->print(os, nullptr);
  } else {
    Expected<std::string> ptx = tilecc::emitPTX(**llvmModule, *target);
    if (!ptx) {
      errs() << "error: " << toString(ptx.takeError()) << "\n";
      return 1;
    }
    text = *ptx;
  }
  if (emit == "ptxas") {
    std::optional<std::string> ptxas = tilecc::findPtxas();
    if (!ptxas) {
      errs() << "error: ptxas not found\n";
      return 3;
    }
    tilecc::PtxasResult result =
        tilecc::runPtxas(*ptxas, text, *target, 3, false, false);
    if (!result.succeeded) {
      errs() << result.log << "\n";
      return 3;
    }
    text.clear();
    bool spills = false;
    for (auto &[name, usage] : result.kernels) {
      os << name << ": registers " << usage.registers << ", spill stores "
         << usage.spillStoreBytes << ", spill loads " << usage.spillLoadBytes
         << ", shared " << usage.sharedMemoryBytes << "\n";
      spills |= usage.spillStoreBytes || usage.spillLoadBytes;
    }
    if (spills) {
      errs() << text << "error: register spills\n";
      return 1;
    }
  }
  auto output = mlir::openOutputFile(outputFile, &error);
  if (!output) {
    errs() << "error: " << error << "\n";
    return 1;
  }
  output->os() << text;
  output->keep();
  return 0;
}
