//===- PTXEngine.cpp - running a case's compiled PTX on the emulator ------===//
//
// Compiles the case's kernel with tilecc's own pipeline down to PTX for the
// requested target and runs that PTX on the emulator: one CTA per tile block,
// the kernel's threads per CTA from its metadata, buffers at device
// addresses, scalars as .param bytes.
//
//===----------------------------------------------------------------------===//
#include "Run/Engines.h"

#include "PTXEmu/PTXEmu.h"
#include "Pipeline/Compiler.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace tilecc;

llvm::Expected<EngineResult>
tilecc::runOnPTXEmulator(const Case &testCase, const TargetInfo &target,
                         const PTXEngineOptions &engineOptions) {
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
      compiler.runTo(Stage::PTX) != CompileStatus::Ok)
    return llvm::createStringError("compiling " + testCase.kernelFile +
                                   " for " + target.getName() + " failed");

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

  ptxemu::Device device;
  std::string error;
  std::unique_ptr<ptxemu::Program> program =
      ptxemu::Program::load(device, compiler.getPTX(), error, testCase.kernel + ".ptx");
  if (!program)
    return llvm::createStringError("the emulator cannot load the PTX: " + error);

  std::vector<ptxemu::ParamValue> params;
  std::vector<uint64_t> addresses(testCase.args.size(), 0);
  for (auto [index, arg] : llvm::enumerate(testCase.args)) {
    const KernelParam &param = kernel->params[index];
    if (arg.buffer) {
      if (param.type != "ptr")
        return llvm::createStringError("argument " + std::to_string(index) +
                                       ": buffer passed to a " + param.type +
                                       " parameter");
      uint64_t bytes = std::max<uint64_t>(arg.buffer->bytes.size(), 1);
      addresses[index] = device.alloc(bytes, arg.buffer->name);
      if (!device.write(addresses[index], arg.buffer->bytes.data(),
                        arg.buffer->bytes.size(), &error))
        return llvm::createStringError(error);
      params.push_back(ptxemu::ParamValue::of(addresses[index]));
      continue;
    }
    ptxemu::ParamValue value;
    value.bytes.resize(param.size);
    std::memcpy(value.bytes.data(), &arg.scalar->bits,
                std::min<size_t>(param.size, sizeof(uint64_t)));
    params.push_back(std::move(value));
  }

  ptxemu::LaunchConfig launch;
  launch.grid = {testCase.grid[0], testCase.grid[1], testCase.grid[2]};
  launch.block = {kernel->threadsPerCTA ? kernel->threadsPerCTA : 128, 1, 1};
  ptxemu::LaunchResult run = program->launch(testCase.kernel, launch, params);
  if (!run.ok)
    return llvm::createStringError(
        "the emulator stopped: " + run.error +
        (run.output.empty() ? "" : "\nprinted before it stopped:\n" + run.output));
  if (!run.races.empty())
    return llvm::createStringError("shared-memory race: " + run.races.front());

  EngineResult result;
  result.printed = run.output;
  result.counters = run.counters.format();
  for (auto [index, arg] : llvm::enumerate(testCase.args)) {
    result.buffers.emplace_back();
    if (!arg.buffer)
      continue;
    result.buffers.back().resize(arg.buffer->bytes.size());
    if (!device.read(addresses[index], result.buffers.back().data(),
                     arg.buffer->bytes.size(), &error))
      return llvm::createStringError(error);
  }
  return result;
}
