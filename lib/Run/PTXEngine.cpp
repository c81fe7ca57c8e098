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
#include "Run/CompiledKernel.h"

using namespace tilecc;

llvm::Expected<EngineResult>
tilecc::runOnPTXEmulator(const Case &testCase, const TargetInfo &target,
                         const PTXEngineOptions &engineOptions) {
  llvm::Expected<CompiledKernel> compiled =
      compileCaseKernel(testCase, target, /*assemble=*/false);
  if (!compiled)
    return compiled.takeError();
  const KernelMetadata *kernel = &compiled->metadata;

  ptxemu::Device device;
  std::string error;
  std::unique_ptr<ptxemu::Program> program =
      ptxemu::Program::load(device, compiled->ptx, error, testCase.kernel + ".ptx");
  if (!program)
    return llvm::createStringError("the emulator cannot load the PTX: " + error);

  std::vector<ptxemu::ParamValue> params;
  std::vector<uint64_t> addresses(testCase.args.size(), 0);
  for (auto [index, arg] : llvm::enumerate(testCase.args)) {
    if (arg.buffer) {
      uint64_t bytes = std::max<uint64_t>(arg.buffer->bytes.size(), 1);
      addresses[index] = device.alloc(bytes, arg.buffer->name);
      if (!device.write(addresses[index], arg.buffer->bytes.data(),
                        arg.buffer->bytes.size(), &error))
        return llvm::createStringError(error);
      params.push_back(ptxemu::ParamValue::of(addresses[index]));
      continue;
    }
    ptxemu::ParamValue value;
    value.bytes = getScalarParamBytes(*arg.scalar, kernel->params[index]);
    params.push_back(std::move(value));
  }

  ptxemu::LaunchConfig launch;
  launch.grid = {testCase.grid[0], testCase.grid[1], testCase.grid[2]};
  launch.block = {getThreadsPerCTA(*kernel), 1, 1};
  launch.dynamicShared = kernel->dynamicSharedBytes;
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
