//===- tilecc.cpp - the tilecc compiler driver ----------------------------===//
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::desc("<input>"),
                                                llvm::cl::init("-"));
static llvm::cl::opt<std::string> outputFilename("o", llvm::cl::desc("output"),
                                                 llvm::cl::init("-"));
static llvm::cl::opt<std::string> emitStage("emit", llvm::cl::desc("stage"),
                                            llvm::cl::init("cuda_tile"));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv, "tilecc\n");
  DialectRegistry registry;
  registry.insert<cuda_tile::CudaTileDialect>();
  MLIRContext context(registry);
  std::string error;
  auto input = openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "tilecc: error: " << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<Operation *> module =
      parseSourceFile(sourceMgr, ParserConfig(&context));
  if (!module)
    return 1;
  auto output = openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << "tilecc: error: " << error << "\n";
    return 2;
  }
  module->print(output->os());
  output->keep();
  return 0;
}
