//===- tilecc.cpp - the tilecc compiler driver ----------------------------===//
//
//   tilecc [options] <input.tile | input.mlir> -o <output>
//
// Exit codes: 0 success, 1 input error (a located diagnostic was printed),
// 2 usage error, 3 failing or missing external tool. Outputs are written to a
// temporary file and renamed into place, so a failure never leaves a partial
// output behind.
//
//===----------------------------------------------------------------------===//
#include "Pipeline/Compiler.h"
#include "Pipeline/Stages.h"
#include "Target/TargetInfo.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

using namespace mlir;

namespace {
enum ExitCode { kOk = 0, kInputError = 1, kUsageError = 2, kToolError = 3 };

struct Options {
  std::string input;
  std::string output;
  std::string ptxas;
  std::string dumpDir;
  std::string metadata;
  std::string depFile;
  bool makeDeps = false;
  bool timeStages = false;
  std::vector<std::string> archs;
  std::string emit = "cubin";
  int optLevel = 3;
  bool lineInfo = false;
  bool debugInfo = false;
};
} // namespace

/// Compiler-style single-dash long options (`-arch=sm_90`, `-lineinfo`) are
/// rewritten to the `--` form CLI11 understands.
static std::vector<std::string> normalizeArgs(int argc, char **argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    bool optLevel = arg.size() == 3 && arg.rfind("-O", 0) == 0;
    bool attachedOutput = arg.rfind("-o", 0) == 0; // -ofile
    if (arg.size() > 2 && arg[0] == '-' && arg[1] != '-' && !optLevel &&
        !attachedOutput)
      arg = "-" + arg;
    args.push_back(arg);
  }
  std::reverse(args.begin(), args.end()); // CLI11 consumes from the back
  return args;
}

static std::string stageListHelp() {
  std::string text = "Stages (--emit=STAGE stops after it):\n";
  for (const tilecc::StageInfo &info : tilecc::getStages())
    text += "  " + info.name.str() + std::string(14 - info.name.size(), ' ') +
            info.description.str() + "\n";
  return text;
}

/// Writes `contents` to `path` atomically ("-" is stdout).
static int writeOutput(llvm::StringRef path,
                       llvm::function_ref<void(llvm::raw_ostream &)> write) {
  if (path == "-") {
    write(llvm::outs());
    llvm::outs().flush();
    return kOk;
  }
  llvm::SmallString<256> tmp;
  int fd;
  llvm::SmallString<256> model(path);
  model += ".tmp-%%%%%%";
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, tmp)) {
    llvm::errs() << "tilecc: error: cannot create '" << path
                 << "': " << ec.message() << "\n";
    return kInputError;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    write(os);
    os.close();
    if (os.has_error()) {
      llvm::sys::fs::remove(tmp);
      llvm::errs() << "tilecc: error: cannot write '" << path << "'\n";
      os.clear_error();
      return kInputError;
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) {
    llvm::sys::fs::remove(tmp);
    llvm::errs() << "tilecc: error: cannot write '" << path
                 << "': " << ec.message() << "\n";
    return kInputError;
  }
  return kOk;
}

/// Escapes spaces and `$` in a path for a Make rule.
static std::string escapeForMake(llvm::StringRef path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#')
      out += '\\';
    if (c == '$')
      out += '$';
    out += c;
  }
  return out;
}

int main(int argc, char **argv) {
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  Options opts;
  CLI::App app{"tilecc: compiles CUDA Tile IR (cuda_tile) kernels for NVIDIA GPUs",
               "tilecc"};
  app.footer(stageListHelp());
  app.add_option("input", opts.input, "input .tile / .mlir file or Tile IR bytecode")->required();
  app.add_option("-o", opts.output, "output file ('-' for stdout)");
  CLI::Option *archOption = app.add_option(
      "--arch,--gpu-name", opts.archs,
      "target GPU (sm_80 ... sm_121, a/f variants; default sm_100); repeat "
      "for a fatbin holding one cubin per target")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--emit", opts.emit, "stop after this stage");
  app.add_option("-O", opts.optLevel, "optimization level 0-3")->check(CLI::Range(0, 3));
  app.add_flag("--lineinfo", opts.lineInfo, "emit line information");
  app.add_flag("-g", opts.debugInfo, "emit debug information");
  app.add_option("--ptxas", opts.ptxas, "path of the ptxas to use");
  app.add_option("--dump-dir", opts.dumpDir, "write one JSON stage dump per stage run");
  app.add_option("--metadata", opts.metadata, "write kernel metadata (JSON)");
  app.add_flag("--MD", opts.makeDeps, "write a Make depfile (see -MF)");
  app.add_option("--MF", opts.depFile, "depfile path (default: OUTPUT.d with -MD)");
  app.add_flag("--time-stages", opts.timeStages, "print per-stage timings (JSON) to stderr");
  app.set_version_flag("--version", "tilecc 0.1.0 (MLIR/LLVM 22)");
  try {
    app.parse(normalizeArgs(argc, argv));
  } catch (const CLI::CallForVersion &) {
    std::cout << "tilecc 0.1.0 (MLIR/LLVM 22)\n";
    return kOk;
  } catch (const CLI::Success &) {
    std::cout << app.help();
    return kOk;
  } catch (const CLI::ParseError &e) {
    std::cerr << "tilecc: error: " << e.what() << "\n";
    return kUsageError;
  }

  std::optional<tilecc::Stage> stage = tilecc::parseStageName(opts.emit);
  if (!stage) {
    llvm::errs() << "tilecc: error: unknown stage '" << opts.emit
                 << "' for --emit\n"
                 << stageListHelp();
    return kUsageError;
  }
  if (opts.archs.empty())
    opts.archs.push_back("sm_100");
  std::vector<tilecc::TargetInfo> targets;
  for (const std::string &arch : opts.archs) {
    std::optional<tilecc::TargetInfo> target = tilecc::parseTarget(arch);
    if (!target) {
      llvm::errs() << "tilecc: error: unsupported target '" << arch
                   << "'; expected sm_XY, sm_XYa or sm_XYf with XY one of:";
      for (unsigned sm : tilecc::getSupportedSmVersions())
        llvm::errs() << " " << sm;
      llvm::errs() << "\n";
      return kUsageError;
    }
    targets.push_back(*target);
  }
  bool fatbin = targets.size() > 1;
  if (fatbin && *stage != tilecc::Stage::Cubin) {
    llvm::errs() << "tilecc: error: several -arch flags build a fatbin; they "
                    "need --emit=cubin\n";
    return kUsageError;
  }
  bool jsonOutput = llvm::StringRef(opts.output).ends_with(".json");
  if (opts.output.empty()) {
    // Binary output never goes to a terminal by default.
    if (*stage == tilecc::Stage::Cubin || *stage == tilecc::Stage::Bytecode) {
      llvm::SmallString<256> path(llvm::sys::path::filename(opts.input));
      llvm::sys::path::replace_extension(
          path, *stage == tilecc::Stage::Bytecode ? ".tileirbc"
                : fatbin                         ? ".fatbin"
                                                 : ".cubin");
      opts.output = std::string(path);
    } else {
      opts.output = "-";
    }
  }
  if (opts.makeDeps && opts.depFile.empty() && opts.output != "-")
    opts.depFile = opts.output + ".d";
  if ((opts.makeDeps || !opts.depFile.empty()) && opts.output == "-") {
    llvm::errs() << "tilecc: error: -MD/-MF need an output file (-o)\n";
    return kUsageError;
  }

  DialectRegistry registry;
  tilecc::registerTileccDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = openInputFile(opts.input, &error);
  if (!input) {
    llvm::errs() << "tilecc: error: " << error << "\n";
    return kInputError;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);

  // Compiles the input for one target; every target starts from the input.
  std::vector<tilecc::KernelMetadata> kernels;
  std::vector<tilecc::FatbinImage> images;
  std::unique_ptr<tilecc::Compiler> compiler;
  for (const tilecc::TargetInfo &target : targets) {
    tilecc::CompileOptions compileOptions;
    compileOptions.target = target;
    compileOptions.optLevel = opts.optLevel;
    compileOptions.lineInfo = opts.lineInfo;
    compileOptions.debugInfo = opts.debugInfo;
    compileOptions.ptxasPath = opts.ptxas;
    compileOptions.dumpDir = opts.dumpDir;
    compileOptions.archExplicit = archOption->count() > 0;
    compiler = std::make_unique<tilecc::Compiler>(context, compileOptions);
    tilecc::CompileStatus status = compiler->load(sourceMgr, opts.input);
    if (status == tilecc::CompileStatus::Ok &&
        *stage < compiler->getCurrentStage()) {
      llvm::errs() << opts.input << ": error: the input is already at stage '"
                   << tilecc::getStageInfo(compiler->getCurrentStage()).name
                   << "', after the requested --emit=" << opts.emit << "\n";
      return kInputError;
    }
    if (status == tilecc::CompileStatus::Ok)
      status = compiler->runTo(*stage);
    if (status == tilecc::CompileStatus::ToolError) {
      llvm::errs() << "tilecc: error: " << compiler->getToolError() << "\n";
      return kToolError;
    }
    if (status != tilecc::CompileStatus::Ok)
      return kInputError;
    if (opts.timeStages) {
      llvm::errs() << "{\"arch\": \"" << target.getName() << "\", \"timings_ms\": {";
      bool first = true;
      for (auto &[name, ms] : compiler->getTimings()) {
        llvm::errs() << (first ? "" : ", ") << "\"" << name << "\": " << ms;
        first = false;
      }
      llvm::errs() << "}}\n";
    }
    kernels.insert(kernels.end(), compiler->getKernels().begin(),
                   compiler->getKernels().end());
    if (fatbin)
      images.push_back({compiler->getOptions().target.getCodegenName(),
                        compiler->getCubin()});
  }

  if (!opts.metadata.empty()) {
    int rc = writeOutput(opts.metadata, [&](llvm::raw_ostream &os) {
      os << tilecc::printKernelMetadata(kernels);
    });
    if (rc != kOk)
      return rc;
  }
  int rc;
  if (fatbin) {
    std::optional<std::string> fatbinary = tilecc::findCudaTool("fatbinary");
    if (!fatbinary) {
      llvm::errs() << "tilecc: error: fatbinary not found (looked in "
                      "$CUDA_HOME/bin, $CUDA_PATH/bin, PATH and "
                      "/usr/local/cuda/bin)\n";
      return kToolError;
    }
    // fatbinary writes the file itself: let it write a temporary, then move.
    llvm::SmallString<256> tmp;
    if (llvm::sys::fs::createUniqueFile(opts.output + ".tmp-%%%%%%", tmp)) {
      llvm::errs() << "tilecc: error: cannot create '" << opts.output << "'\n";
      return kInputError;
    }
    std::string failure = tilecc::runFatbinary(*fatbinary, images, tmp);
    if (!failure.empty() || llvm::sys::fs::rename(tmp, opts.output)) {
      llvm::sys::fs::remove(tmp);
      llvm::errs() << "tilecc: error: "
                   << (failure.empty() ? "cannot write '" + opts.output + "'" : failure)
                   << "\n";
      return failure.empty() ? kInputError : kToolError;
    }
    rc = kOk;
  } else {
    rc = writeOutput(opts.output, [&](llvm::raw_ostream &os) {
      os << (jsonOutput ? compiler->printDump() : compiler->printOutput());
    });
  }
  if (rc != kOk)
    return rc;
  if (!opts.depFile.empty())
    return writeOutput(opts.depFile, [&](llvm::raw_ostream &os) {
      os << escapeForMake(opts.output) << ": " << escapeForMake(opts.input) << "\n";
    });
  return kOk;
}
