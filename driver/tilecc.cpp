//===- tilecc.cpp - the tilecc compiler driver ----------------------------===//
//
//   tilecc [options] <input> -o <output>
//
// Run under the name `tileiras` (a link the build installs), the same binary
// stands in for NVIDIA's tileiras: it takes its command line as the Tile IR
// producers pass it and prints diagnostics in its `loc(...): error:` form.
//
// Exit codes: 0 success, 1 input error (a located diagnostic was printed),
// 2 usage error, 3 failing or missing external tool. Outputs are written to a
// temporary file and renamed into place, so a failure never leaves a partial
// output behind.
//
//===----------------------------------------------------------------------===//
#include "Pipeline/Compiler.h"
#include "Pipeline/LocDiagnostics.h"
#include "Pipeline/Remarks.h"
#include "Pipeline/Stages.h"
#include "Pipeline/Version.h"
#include "Target/TargetInfo.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
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
  std::string diagnosticFormat; // source or loc; empty: by program name
  std::string remarksFile;
  tilecc::RemarkOptions remarks;
};
} // namespace

/// The name messages start with: tilecc, or tileiras when run as such.
static std::string prog = "tilecc";

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
  // A device or pipe (-o /dev/null, a FIFO) is written in place: renaming a
  // temporary over it would replace the device node with a regular file.
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) &&
      llvm::sys::fs::exists(status) &&
      !llvm::sys::fs::is_regular_file(status) &&
      !llvm::sys::fs::is_directory(status)) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (!ec) {
      write(os);
      os.close();
    }
    if (ec || os.has_error()) {
      llvm::errs() << prog << ": error: cannot write '" << path << "'\n";
      os.clear_error();
      return kInputError;
    }
    return kOk;
  }
  llvm::SmallString<256> tmp;
  int fd;
  llvm::SmallString<256> model(path);
  model += ".tmp-%%%%%%";
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, tmp)) {
    llvm::errs() << prog << ": error: cannot create '" << path
                 << "': " << ec.message() << "\n";
    return kInputError;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    write(os);
    os.close();
    if (os.has_error()) {
      llvm::sys::fs::remove(tmp);
      llvm::errs() << prog << ": error: cannot write '" << path << "'\n";
      os.clear_error();
      return kInputError;
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) {
    llvm::sys::fs::remove(tmp);
    llvm::errs() << prog << ": error: cannot write '" << path
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
  // Invoked as tileiras: the same compiler, with tileiras's diagnostics.
  const bool asTileiras =
      llvm::sys::path::filename(argv[0]).starts_with("tileiras");
  prog = asTileiras ? "tileiras" : "tilecc";
  Options opts;
  CLI::App app{prog + ": compiles CUDA Tile IR (cuda_tile) kernels for NVIDIA GPUs",
               prog};
  app.footer(stageListHelp());
  app.add_option("input", opts.input,
                 "input: cuda_tile text or Tile IR bytecode, or any stage's "
                 "output (MLIR, LLVM IR, PTX, stage dump)")
      ->required();
  app.add_option("-o,--output-file", opts.output, "output file ('-' for stdout)");
  CLI::Option *archOption = app.add_option(
      "--arch,--gpu-name", opts.archs,
      "target GPU (sm_80 ... sm_121, a/f variants; default sm_100); repeat "
      "for a fatbin holding one cubin per target")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--emit", opts.emit, "stop after this stage");
  app.add_option("-O,--opt-level", opts.optLevel, "optimization level 0-3")
      ->check(CLI::Range(0, 3));
  app.add_flag("--lineinfo", opts.lineInfo, "emit line information");
  app.add_flag("-g,--device-debug", opts.debugInfo, "emit debug information");
  app.add_option("--diagnostic-format", opts.diagnosticFormat,
                 "source: file:line:col with the source line and a caret "
                 "(tilecc's default); loc: loc(\"file\":line:col): error: "
                 "(the default as tileiras)")
      ->check(CLI::IsMember({"source", "loc"}));
  app.add_option("--remarks-output-file", opts.remarksFile,
                 "write optimization remarks about the kernels to this file");
  app.add_option("--remark-format", opts.remarks.format,
                 "remarks file format: yaml (default) or bitstream");
  app.add_option("--remarks", opts.remarks.filter,
                 "which remarks, by name: all (default) or a regular expression");
  app.add_option("--ptxas", opts.ptxas, "path of the ptxas to use");
  app.add_option("--dump-dir", opts.dumpDir, "write one JSON stage dump per stage run");
  app.add_option("--metadata", opts.metadata, "write kernel metadata (JSON)");
  app.add_flag("--MD", opts.makeDeps, "write a Make depfile (see -MF)");
  app.add_option("--MF", opts.depFile, "depfile path (default: OUTPUT.d with -MD)");
  app.add_flag("--time-stages", opts.timeStages, "print per-stage timings (JSON) to stderr");
  app.set_version_flag("--version", tilecc::getVersionText());
  try {
    app.parse(normalizeArgs(argc, argv));
  } catch (const CLI::CallForVersion &) {
    std::cout << tilecc::getVersionText();
    return kOk;
  } catch (const CLI::Success &) {
    std::cout << app.help();
    return kOk;
  } catch (const CLI::ParseError &e) {
    std::cerr << prog << ": error: " << e.what() << "\n";
    return kUsageError;
  }
  if (llvm::Error error = tilecc::validateRemarkOptions(opts.remarks)) {
    llvm::errs() << prog << ": error: " << llvm::toString(std::move(error))
                 << "\n";
    return kUsageError;
  }

  std::optional<tilecc::Stage> stage = tilecc::parseStageName(opts.emit);
  if (!stage) {
    llvm::errs() << prog << ": error: unknown stage '" << opts.emit
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
      llvm::errs() << prog << ": error: unsupported target '" << arch
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
    llvm::errs() << prog << ": error: several -arch flags build a fatbin; they "
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
    llvm::errs() << prog << ": error: -MD/-MF need an output file (-o)\n";
    return kUsageError;
  }

  DialectRegistry registry;
  tilecc::registerTileccDialects(registry);
  // Dialects load when the parser or a pass first needs them: most runs use
  // a few of the registered ones. A kernel module is small: spawning the
  // context's worker threads costs more than running its passes in parallel
  // saves.
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = openInputFile(opts.input, &error);
  if (!input) {
    llvm::errs() << prog << ": error: " << error << "\n";
    return kInputError;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  bool locDiagnostics = opts.diagnosticFormat.empty()
                            ? asTileiras
                            : opts.diagnosticFormat == "loc";
  std::optional<SourceMgrDiagnosticHandler> sourceHandler;
  std::optional<tilecc::LocDiagnosticHandler> locHandler;
  if (locDiagnostics)
    locHandler.emplace(&context);
  else
    sourceHandler.emplace(sourceMgr, &context);

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
      llvm::errs() << prog << ": error: " << compiler->getToolError() << "\n";
      return kToolError;
    }
    if (status != tilecc::CompileStatus::Ok)
      return kInputError;
    if (opts.timeStages) {
      // One JSON line: wall and CPU milliseconds per stage run, and the CPU
      // time of the whole process so far (start-up and parsing included).
      auto print = [](const std::map<std::string, double> &timings) {
        bool first = true;
        for (auto &[name, ms] : timings) {
          llvm::errs() << (first ? "" : ", ") << "\"" << name << "\": " << ms;
          first = false;
        }
      };
      llvm::errs() << "{\"arch\": \"" << target.getName() << "\", \"timings_ms\": {";
      print(compiler->getTimings());
      llvm::errs() << "}, \"cpu_ms\": {";
      print(compiler->getCpuTimings());
      llvm::errs() << "}, \"process_cpu_ms\": " << tilecc::getProcessCpuTimeMs()
                   << "}\n";
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
  if (!opts.remarksFile.empty()) {
    int rc = writeOutput(opts.remarksFile, [&](llvm::raw_ostream &os) {
      // The options were validated: writing cannot fail on them.
      llvm::cantFail(tilecc::writeRemarks(os, opts.remarks, kernels,
                                          *stage == tilecc::Stage::Cubin));
    });
    if (rc != kOk)
      return rc;
  }
  int rc;
  if (fatbin) {
    std::optional<std::string> fatbinary = tilecc::findCudaTool("fatbinary");
    if (!fatbinary) {
      llvm::errs() << prog << ": error: fatbinary not found (looked in "
                      "$CUDA_HOME/bin, $CUDA_PATH/bin, PATH and "
                      "/usr/local/cuda/bin)\n";
      return kToolError;
    }
    // fatbinary writes a file itself: let it write a temporary, then write
    // that like any other output (atomically, or in place for a device).
    llvm::SmallString<256> tmp;
    if (llvm::sys::fs::createTemporaryFile("tilecc", "fatbin", tmp)) {
      llvm::errs() << prog << ": error: cannot create a temporary file\n";
      return kInputError;
    }
    llvm::FileRemover removeTmp(tmp);
    std::string failure = tilecc::runFatbinary(*fatbinary, images, tmp);
    if (!failure.empty()) {
      llvm::errs() << prog << ": error: " << failure << "\n";
      return kToolError;
    }
    auto image = llvm::MemoryBuffer::getFile(tmp, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
    if (!image) {
      llvm::errs() << prog << ": error: cannot read fatbinary's output\n";
      return kToolError;
    }
    rc = writeOutput(opts.output, [&](llvm::raw_ostream &os) {
      os << (*image)->getBuffer();
    });
  } else {
    rc = writeOutput(opts.output, [&](llvm::raw_ostream &os) {
      os << (jsonOutput ? compiler->printDump() : compiler->printOutput());
    });
  }
  if (rc != kOk)
    return rc;
  if (!opts.depFile.empty())
    rc = writeOutput(opts.depFile, [&](llvm::raw_ostream &os) {
      os << escapeForMake(opts.output) << ": " << escapeForMake(opts.input) << "\n";
    });
  // Every output is written and closed: leave without destroying the IR,
  // the contexts and the dialects, a few percent of a small kernel's run.
  llvm::outs().flush();
  llvm::errs().flush();
  std::cout.flush();
  llvm::sys::Process::Exit(rc, /*NoCleanup=*/true);
}
