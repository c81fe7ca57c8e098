//===- tilecc-run.cpp - run end-to-end cases on tilecc's engines ----------===//
//
//   tilecc-run CASE.json --engine=interp|ptx|both --arch=sm_XY [--save DIR]
//   tilecc-run CASE.json --arch=sm_XY --gpu-export DIR [--gpu-image=ptx]
//   tilecc-run CASE.json --engine=interp --gpu-results DIR
//
// Loads the case, runs its kernel on the requested engines, compares output
// buffers (and printed output) and exits non-zero on any error or mismatch.
// A real GPU is a third engine run in two halves (Run/GpuLaunch.h): export a
// launch directory, run scripts/gpu-run.py on it where the GPU is, then
// compare its results here.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/Bytecode/Bytecode.h"
#include "CudaTile/IR/CudaTileDialect.h"
#include "Run/Case.h"
#include "Run/Engines.h"
#include "Run/GpuLaunch.h"
#include "Run/Npy.h"
#include "Target/TargetInfo.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"

#include <CLI/CLI.hpp>

#include <iostream>

using namespace mlir;
using namespace tilecc;

static llvm::Error saveBuffers(const Case &testCase,
                               const std::vector<std::vector<uint8_t>> &buffers,
                               const std::string &dir) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError("cannot create " + dir + ": " + ec.message());
  for (auto [index, arg] : llvm::enumerate(testCase.args)) {
    if (!arg.buffer)
      continue;
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, arg.buffer->name + ".npy");
    if (llvm::Error error = writeNpy(std::string(path), arg.buffer->type,
                                     buffers[index], arg.buffer->count))
      return error;
  }
  return llvm::Error::success();
}

/// The GPU interleaves printf lines of different threads in no fixed order;
/// the engines' printouts agree when they hold the same lines.
static bool isSamePrintout(llvm::StringRef actual, llvm::StringRef expected) {
  if (actual == expected)
    return true;
  llvm::SmallVector<llvm::StringRef> actualLines, expectedLines;
  actual.split(actualLines, '\n');
  expected.split(expectedLines, '\n');
  llvm::sort(actualLines);
  llvm::sort(expectedLines);
  return actualLines == expectedLines;
}

int main(int argc, char **argv) {
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  std::string casePath, engine = "both", arch = "sm_100", saveDir;
  CLI::App app{"tilecc-run: runs an end-to-end case on the reference "
               "interpreter and/or the compiled PTX on the emulator",
               "tilecc-run"};
  app.add_option("case", casePath, "case file (JSON)")->required();
  app.add_option("--engine", engine, "interp, ptx or both")
      ->check(CLI::IsMember({"interp", "ptx", "both"}));
  app.add_option("--arch", arch, "target for the ptx engine");
  app.add_option("--save", saveDir, "write every buffer as .npy under DIR");
  bool profile = false;
  app.add_flag("--profile", profile, "print the emulator's execution counters");
  std::string gpuExportDir, gpuImage = "cubin", gpuResultsDir;
  app.add_option("--gpu-export", gpuExportDir,
                 "compile for --arch and write a GPU launch directory, then "
                 "stop (run it with scripts/gpu-run.py)");
  app.add_option("--gpu-image", gpuImage,
                 "what the launch directory carries: cubin, or ptx for the "
                 "driver to JIT")
      ->check(CLI::IsMember({"cubin", "ptx"}));
  app.add_option("--gpu-results", gpuResultsDir,
                 "compare the results scripts/gpu-run.py left in DIR as the "
                 "'gpu' engine");
  CLI11_PARSE(app, argc, argv);

  std::optional<TargetInfo> target = parseTarget(arch);
  if (!target) {
    std::cerr << "tilecc-run: error: unsupported target '" << arch << "'\n";
    return 2;
  }
  llvm::Expected<Case> testCase = loadCase(casePath);
  if (!testCase) {
    std::cerr << "tilecc-run: error: " << llvm::toString(testCase.takeError())
              << "\n";
    return 1;
  }
  if (!gpuExportDir.empty()) {
    if (llvm::Error error = writeGpuLaunch(
            *testCase, *target,
            gpuImage == "ptx" ? GpuImage::PTX : GpuImage::Cubin, gpuExportDir)) {
      std::cerr << "tilecc-run: error: " << llvm::toString(std::move(error))
                << "\n";
      return 1;
    }
    return 0;
  }

  DialectRegistry registry;
  registry.insert<cuda_tile::CudaTileDialect>();
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  // Diagnostics are also kept, for a case that expects the kernel to fail.
  std::string diagnostics;
  ScopedDiagnosticHandler collect(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return failure();
  });
  // An engine that stops is an error, unless the case expects exactly that
  // (its "expect_error" text appears in the error or the diagnostics).
  unsigned expectedFailures = 0;
  auto engineFailed = [&](const char *name, llvm::Error error) {
    std::string message = llvm::toString(std::move(error));
    if (testCase->expectError &&
        (message + "\n" + diagnostics).find(*testCase->expectError) !=
            std::string::npos) {
      ++expectedFailures;
      diagnostics.clear();
      return true;
    }
    std::cerr << "tilecc-run: error: " << name << ": " << message << "\n";
    return false;
  };
  // The kernel file is cuda_tile text or Tile IR bytecode, told by content
  // as the compiler tells it.
  OwningOpRef<Operation *> module;
  auto kernelBuffer = llvm::MemoryBuffer::getFile(testCase->kernelFile);
  if (kernelBuffer &&
      mlir::cuda_tile::isTileIRBytecode((*kernelBuffer)->getBuffer()))
    module = mlir::cuda_tile::readBytecode((*kernelBuffer)->getMemBufferRef(),
                                           &context);
  else
    module = parseSourceFile(testCase->kernelFile, sourceMgr,
                             ParserConfig(&context));
  if (!module)
    return 1;

  if (!saveDir.empty()) {
    std::vector<std::vector<uint8_t>> inputs;
    for (const CaseArg &arg : testCase->args)
      inputs.push_back(arg.buffer ? arg.buffer->bytes : std::vector<uint8_t>());
    if (llvm::Error error = saveBuffers(*testCase, inputs, saveDir + "/input")) {
      std::cerr << "tilecc-run: error: " << llvm::toString(std::move(error)) << "\n";
      return 1;
    }
  }

  std::optional<EngineResult> interpResult;
  if (engine == "interp" || engine == "both") {
    llvm::Expected<EngineResult> result = runOnInterpreter(*testCase, module.get());
    if (!result && !engineFailed("interp", result.takeError()))
      return 1;
    if (result)
      interpResult = std::move(*result);
    if (interpResult && !saveDir.empty())
      if (llvm::Error error =
              saveBuffers(*testCase, interpResult->buffers, saveDir + "/interp")) {
        std::cerr << "tilecc-run: error: " << llvm::toString(std::move(error)) << "\n";
        return 1;
      }
  }
  std::optional<EngineResult> ptxResult;
  if (engine == "ptx" || engine == "both") {
    llvm::Expected<EngineResult> result = runOnPTXEmulator(*testCase, *target);
    if (!result && !engineFailed("ptx", result.takeError()))
      return 1;
    if (result)
      ptxResult = std::move(*result);
    if (ptxResult && !saveDir.empty())
      if (llvm::Error error =
              saveBuffers(*testCase, ptxResult->buffers, saveDir + "/ptx")) {
        std::cerr << "tilecc-run: error: " << llvm::toString(std::move(error)) << "\n";
        return 1;
      }
    if (ptxResult && profile)
      std::cout << "counters (" << arch << "):\n" << ptxResult->counters;
  }

  std::optional<EngineResult> gpuResult;
  if (!gpuResultsDir.empty()) {
    llvm::Expected<EngineResult> result = readGpuResult(*testCase, gpuResultsDir);
    if (!result && !engineFailed("gpu", result.takeError()))
      return 1;
    if (result)
      gpuResult = std::move(*result);
    if (gpuResult && profile)
      std::cout << "counters (gpu):\n" << gpuResult->counters;
  }

  if (testCase->expectError) {
    if (gpuResult) {
      std::cerr << "tilecc-run: " << testCase->kernel
                << ": gpu finished, but the case expects it to stop with: "
                << *testCase->expectError << "\n";
      return 1;
    }
    if (interpResult || ptxResult) {
      std::cerr << "tilecc-run: " << testCase->kernel << ": "
                << (interpResult ? "interp" : "ptx")
                << " finished, but the case expects it to stop with: "
                << *testCase->expectError << "\n";
      return 1;
    }
    std::cout << "tilecc-run: " << testCase->kernel << ": ok (" << engine
              << (engine != "interp" ? ", " + arch : std::string())
              << ", stopped as expected)\n";
    return 0;
  }

  if (!interpResult && !ptxResult && !gpuResult) {
    std::cerr << "tilecc-run: no engine ran\n";
    return 1;
  }
  const EngineResult &reference =
      interpResult ? *interpResult : ptxResult ? *ptxResult : *gpuResult;
  if (testCase->expectPrint && reference.printed != *testCase->expectPrint) {
    std::cerr << "tilecc-run: printed output differs from the case's "
                 "expect_print:\n--- expected\n"
              << *testCase->expectPrint << "--- " << engine << "\n"
              << reference.printed;
    return 1;
  }
  for (auto [result, name] : {std::pair{&interpResult, "interp"},
                               std::pair{&ptxResult, "ptx"},
                               std::pair{&gpuResult, "gpu"}}) {
    if (!*result)
      continue;
    std::string report = checkExpected(*testCase, **result, name);
    if (!report.empty()) {
      std::cerr << "tilecc-run: " << testCase->kernel << ": " << name
                << " differs from the case's expected contents:\n"
                << report;
      return 1;
    }
  }
  if (interpResult && ptxResult) {
    std::string report =
        compareResults(*testCase, *interpResult, *ptxResult, "interp", "ptx");
    if (!report.empty()) {
      std::cerr << "tilecc-run: " << testCase->kernel << ": interp and ptx ("
                << arch << ") differ:\n"
                << report;
      return 1;
    }
  }
  if (gpuResult && (interpResult || ptxResult)) {
    const EngineResult &expected = interpResult ? *interpResult : *ptxResult;
    const char *expectedName = interpResult ? "interp" : "ptx";
    if (testCase->expectPrint &&
        !isSamePrintout(gpuResult->printed, *testCase->expectPrint)) {
      std::cerr << "tilecc-run: gpu printed output differs from the case's "
                   "expect_print:\n--- expected\n"
                << *testCase->expectPrint << "--- gpu\n"
                << gpuResult->printed;
      return 1;
    }
    std::string report = compareResults(*testCase, expected, *gpuResult,
                                        expectedName, "gpu");
    if (!report.empty()) {
      std::cerr << "tilecc-run: " << testCase->kernel << ": " << expectedName
                << " and gpu differ:\n"
                << report;
      return 1;
    }
  }
  std::cout << reference.printed;
  std::cout << "tilecc-run: " << testCase->kernel << ": ok (" << engine
            << (ptxResult ? ", " + arch : std::string())
            << (gpuResult ? ", gpu" : "") << ")\n";
  return 0;
}
