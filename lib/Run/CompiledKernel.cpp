//===- CompiledKernel.cpp - a case's kernel compiled by tilecc ------------===//
#include "Run/CompiledKernel.h"

#include "Pipeline/Compiler.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstring>

using namespace tilecc;

llvm::Expected<CompiledKernel>
tilecc::compileCaseKernel(const Case &testCase, const TargetInfo &target,
                          bool assemble) {
  mlir::DialectRegistry registry;
  registerTileccDialects(registry);
  mlir::MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  auto file = llvm::MemoryBuffer::getFile(testCase.kernelFile, /*IsText=*/true);
  if (!file)
    return llvm::createStringError("cannot read " + testCase.kernelFile + ": " +
                                   file.getError().message());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);

  CompileOptions options;
  options.target = target;
  options.archExplicit = true;
  Compiler compiler(context, options);
  if (compiler.load(sourceMgr, testCase.kernelFile) != CompileStatus::Ok ||
      compiler.runTo(assemble ? Stage::Cubin : Stage::PTX) != CompileStatus::Ok)
    return llvm::createStringError(
        "compiling " + testCase.kernelFile + " for " + target.getName() +
        " failed" +
        (compiler.getToolError().empty() ? "" : ": " + compiler.getToolError()));

  CompiledKernel result;
  const KernelMetadata *kernel = nullptr;
  for (const KernelMetadata &k : compiler.getKernels())
    if (k.symbol == testCase.kernel)
      kernel = &k;
  if (!kernel)
    return llvm::createStringError("the compiled module has no kernel '" +
                                   testCase.kernel + "'");
  if (kernel->params.size() != testCase.args.size())
    return llvm::createStringError(
        "the compiled kernel takes " + std::to_string(kernel->params.size()) +
        " parameters, the case gives " + std::to_string(testCase.args.size()));
  for (auto [index, arg] : llvm::enumerate(testCase.args))
    if (arg.buffer && kernel->params[index].type != "ptr")
      return llvm::createStringError("argument " + std::to_string(index) +
                                     ": buffer passed to a " +
                                     kernel->params[index].type + " parameter");
  result.metadata = *kernel;
  result.ptx = compiler.getPTX();
  result.cubin = compiler.getCubin();
  return result;
}

std::vector<uint8_t> tilecc::getScalarParamBytes(const CaseScalar &scalar,
                                                 const KernelParam &param) {
  std::vector<uint8_t> bytes(param.size, 0);
  std::memcpy(bytes.data(), &scalar.bits,
              std::min<size_t>(param.size, sizeof(uint64_t)));
  return bytes;
}

unsigned tilecc::getThreadsPerCTA(const KernelMetadata &kernel) {
  return kernel.threadsPerCTA ? kernel.threadsPerCTA : 128;
}
