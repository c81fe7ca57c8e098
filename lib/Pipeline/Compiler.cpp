//===- Compiler.cpp - running tilecc's stages -----------------------------===//
#include "Pipeline/Compiler.h"
#include "Pipeline/InputKind.h"
#include "CudaTile/Bytecode/Bytecode.h"
#include "Pipeline/TargetFeatures.h"

#include "Codegen/PTXEmitter.h"
#include "Conversion/Passes.h"
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/Transforms/Passes.h"
#include "TileAA/Transforms/Passes.h"
#include "TileAS/Transforms/Passes.h"
#include "Conversion/TileASToLLVM/Passes.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Schedule/Passes.h"
#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

#include <sys/resource.h>

using namespace tilecc;
using namespace mlir;

void ::tilecc::registerTileccDialects(DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect, nv_tileaa::TileAADialect,
                  nv_tileas::TileASDialect, arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect, tensor::TensorDialect,
                  func::FuncDialect, ub::UBDialect, gpu::GPUDialect,
                  LLVM::LLVMDialect, NVVM::NVVMDialect,
                  cf::ControlFlowDialect>(); // cf.assert from the tileas stage
  // What each op needs of shared memory, for tileas-plan-memory.
  mlir::tilecc::registerSharedMemoryUserModels(registry);
}

void ::tilecc::registerTileccPasses() {
  static bool registered = [] {
    cuda_tile::registerCudaTilePasses();
    nv_tileaa::registerTileAAPasses();
    nv_tileas::registerTileASPasses();
    mlir::tilecc::registerTileccConversionPasses();
    nv_tileas::registerSchedulePasses();
    mlir::tilecc::registerTileASToLLVMPasses();
    registerCSEPass();
    registerCanonicalizerPass();
    return true;
  }();
  (void)registered;
}

Compiler::Compiler(MLIRContext &context, CompileOptions options)
    : context(context), options(std::move(options)),
      llvmContext(std::make_unique<llvm::LLVMContext>()) {
  registerTileccPasses();
}

Compiler::~Compiler() = default;

/// The stage an MLIR module was produced by: its tilecc.stage attribute when
/// present, else the newest of tilecc's dialects it contains. A module with
/// only LLVM-dialect functions is at the llvm stage whatever its attribute
/// says: tilecc-opt's conversions keep the attribute of their input.
static std::optional<Stage> detectStage(ModuleOp module) {
  std::optional<Stage> claimed;
  if (auto attr = module->getAttrOfType<StringAttr>(kStageAttrName)) {
    claimed = parseStageName(attr.getValue());
    if (!claimed)
      return std::nullopt;
  }
  bool tileaa = false, tileas = false, cudaTile = false;
  module.walk([&](Operation *op) {
    StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
    tileas |= ns == "nv_tileas";
    tileaa |= ns == "nv_tileaa";
    cudaTile |= ns == "cuda_tile";
  });
  bool lowered = !tileas && !tileaa && !cudaTile &&
                 !module.getOps<LLVM::LLVMFuncOp>().empty();
  if (claimed)
    return lowered && *claimed < Stage::LLVM ? Stage::LLVM : *claimed;
  if (tileas)
    return Stage::TileAS;
  if (tileaa)
    return Stage::TileAA;
  if (cudaTile)
    return Stage::CudaTile;
  // The llvm stage before translation: LLVM (and NVVM) dialect only.
  if (!module.getOps<LLVM::LLVMFuncOp>().empty())
    return Stage::LLVM;
  return std::nullopt;
}

CompileStatus Compiler::load(llvm::SourceMgr &sourceMgr, StringRef fileName) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  options.sourceName = fileName.str();
  switch (detectInputKind(buffer->getBuffer(), fileName)) {
  case InputKind::StageDump:
    return loadStageDump(buffer->getBuffer(), fileName);
  case InputKind::TileIRBytecode:
    return loadBytecode(buffer->getMemBufferRef());
  case InputKind::LLVMIR:
  case InputKind::LLVMBitcode:
    return loadLLVMIR(buffer->getMemBufferRef(), fileName);
  case InputKind::PTX:
    ptx = buffer->getBuffer().str();
    current = Stage::PTX;
    return CompileStatus::Ok;
  case InputKind::MLIR:
    return loadMLIR(sourceMgr);
  }
  return CompileStatus::InputError;
}

CompileStatus Compiler::loadStageDump(StringRef text, StringRef fileName) {
  // Problems with a dump as a whole point at its first line.
  auto dumpError = [&] {
    return emitError(FileLineColLoc::get(&context, fileName, 1, 1));
  };
  llvm::Expected<LoadedStageDump> dump = readStageDump(text);
  if (!dump) {
    dumpError() << llvm::toString(dump.takeError());
    return CompileStatus::InputError;
  }
  std::optional<Stage> stage = parseStageName(dump->info.stage);
  if (!stage) {
    dumpError() << "unknown stage '" << dump->info.stage << "' in stage dump";
    return CompileStatus::InputError;
  }
  if (!dump->info.source.empty())
    options.sourceName = dump->info.source;
  // A dump resumes for the target it was made for unless -arch says otherwise.
  if (!options.archExplicit && !dump->info.arch.empty()) {
    std::optional<TargetInfo> target = parseTarget(dump->info.arch);
    if (!target) {
      dumpError() << "unsupported target '" << dump->info.arch
                  << "' in stage dump";
      return CompileStatus::InputError;
    }
    options.target = *target;
  }
  current = *stage;
  switch (getStageInfo(*stage).output) {
  case StageOutput::MLIR:
    // The IR carries the original source locations; syntax errors in the
    // embedded text are reported against the dump.
    module = parseSourceString<ModuleOp>(dump->ir, ParserConfig(&context),
                                         fileName.str() + ":ir");
    return module ? CompileStatus::Ok : CompileStatus::InputError;
  case StageOutput::Bytecode: {
    llvm::Expected<std::string> bytes = decodeBase64(dump->info.text);
    if (!bytes) {
      dumpError() << llvm::toString(bytes.takeError());
      return CompileStatus::InputError;
    }
    return loadBytecode(llvm::MemoryBufferRef(*bytes, fileName));
  }
  case StageOutput::LLVMIR:
    return loadLLVMIR(llvm::MemoryBufferRef(dump->info.text, fileName),
                      fileName);
  case StageOutput::PTX:
    ptx = std::move(dump->info.text);
    return CompileStatus::Ok;
  case StageOutput::Cubin: {
    llvm::Expected<std::string> bytes = decodeBase64(dump->info.text);
    if (!bytes) {
      dumpError() << llvm::toString(bytes.takeError());
      return CompileStatus::InputError;
    }
    cubin = std::move(*bytes);
    return CompileStatus::Ok;
  }
  }
  return CompileStatus::InputError;
}

CompileStatus Compiler::loadLLVMIR(llvm::MemoryBufferRef input,
                                   StringRef fileName) {
  // The module owns copies of everything it needs from the text or bitcode.
  llvm::SMDiagnostic error;
  llvmModule = llvm::parseIR(input, error, *llvmContext);
  if (!llvmModule) {
    emitError(FileLineColLoc::get(&context, fileName, error.getLineNo(),
                                  error.getColumnNo() + 1))
        << error.getMessage();
    return CompileStatus::InputError;
  }
  current = Stage::LLVM;
  return CompileStatus::Ok;
}

CompileStatus Compiler::loadMLIR(llvm::SourceMgr &sourceMgr) {
  module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return CompileStatus::InputError;
  std::optional<Stage> stage = detectStage(*module);
  if (!stage) {
    emitError(module->getLoc())
        << "the input contains no cuda_tile, nv_tileaa, nv_tileas or LLVM "
           "dialect code";
    return CompileStatus::InputError;
  }
  current = *stage;
  // An LLVM-dialect module (the llvm stage's passes already ran) resumes at
  // its translation to LLVM IR.
  if (getStageInfo(*stage).output == StageOutput::LLVMIR)
    return translateToLLVMIR();
  return CompileStatus::Ok;
}

std::string Compiler::substitute(StringRef pipeline) const {
  std::string result = pipeline.str();
  auto replace = [&](StringRef key, const std::string &value) {
    for (size_t pos; (pos = result.find(key.str())) != std::string::npos;)
      result.replace(pos, key.size(), value);
  };
  replace("{arch}", options.target.getName());
  replace("{num_warps}", "4");
  // FuseFMA and LoopSplit are cuda_tile-level optimizations: -O1 and above.
  replace("{cuda_tile_opts}",
          options.optLevel >= 1
              ? "cuda_tile.module(fuse-fma,cuda_tile.entry(loop-split)),"
              : "");
  // Alignment versioning (a runtime-checked fast path) is an optimization.
  replace("{tileaa_opts}",
          options.optLevel >= 1 ? ",tileaa-version-for-alignment" : "");
  return result;
}

CompileStatus Compiler::loadBytecode(llvm::MemoryBufferRef buffer) {
  OwningOpRef<Operation *> read =
      mlir::cuda_tile::readBytecode(buffer, &context);
  if (!read)
    return CompileStatus::InputError;
  // The stages run on a builtin module holding the cuda_tile.module, as the
  // text parser gives it.
  module = ModuleOp::create(UnknownLoc::get(&context));
  module->getBody()->push_back(read.release());
  current = Stage::CudaTile;
  return CompileStatus::Ok;
}

double ::tilecc::getProcessCpuTimeMs() {
  double ms = 0;
  for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
    struct rusage usage;
    if (getrusage(who, &usage) != 0)
      continue;
    for (const timeval &t : {usage.ru_utime, usage.ru_stime})
      ms += t.tv_sec * 1e3 + t.tv_usec * 1e-3;
  }
  return ms;
}

CompileStatus Compiler::runTo(Stage last) {
  for (const StageInfo &stage : getStages()) {
    if (stage.stage <= current || stage.stage > last)
      continue;
    // Another form of the previous stage: only written when asked for.
    if (stage.output == StageOutput::Bytecode && stage.stage != last)
      continue;
    auto start = std::chrono::steady_clock::now();
    double cpuStart = getProcessCpuTimeMs();
    CompileStatus status = runStage(stage);
    auto end = std::chrono::steady_clock::now();
    timingsMs[stage.name.str()] =
        std::chrono::duration<double, std::milli>(end - start).count();
    cpuTimingsMs[stage.name.str()] = getProcessCpuTimeMs() - cpuStart;
    if (status != CompileStatus::Ok)
      return status;
    current = stage.stage;
    if (!options.dumpDir.empty())
      if (CompileStatus dumped = writeDump(); dumped != CompileStatus::Ok)
        return dumped;
  }
  return CompileStatus::Ok;
}

CompileStatus Compiler::runStage(const StageInfo &stage) {
  switch (stage.output) {
  case StageOutput::MLIR:
    return runPassPipeline(stage);
  case StageOutput::Bytecode:
    return writeBytecode();
  case StageOutput::LLVMIR:
    return lowerToLLVM(stage);
  case StageOutput::PTX:
    return emitPTX();
  case StageOutput::Cubin:
    return assemble();
  }
  return CompileStatus::InputError;
}

CompileStatus Compiler::runPassPipeline(const StageInfo &stage) {
  PassManager pm(&context);
  // The passes run on the top-level builtin.module the pass manager anchors.
  std::string pipeline = substitute(stage.passPipeline);
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(parsePassPipeline(pipeline, pm, errorStream))) {
    emitError(module->getLoc()) << "tilecc cannot build the pass pipeline of stage '"
                                << stage.name << "': " << error;
    return CompileStatus::InputError;
  }
  if (failed(pm.run(*module)))
    return CompileStatus::InputError;
  (*module)->setAttr(kStageAttrName, StringAttr::get(&context, stage.name));
  return CompileStatus::Ok;
}

CompileStatus Compiler::lowerToLLVM(const StageInfo &stage) {
  // The stage's passes lower nv_tileas to the LLVM and NVVM dialects; the
  // result is then translated to an LLVM module. Features the target lacks
  // are reported on the ops that need them, before and after the lowering.
  if (failed(checkTargetFeatures(*module, options.target)))
    return CompileStatus::InputError;
  if (CompileStatus status = runPassPipeline(stage); status != CompileStatus::Ok)
    return status;
  return translateToLLVMIR();
}

CompileStatus Compiler::translateToLLVMIR() {
  if (failed(checkTargetFeatures(*module, options.target)))
    return CompileStatus::InputError;
  requireOpsPtxVersion(*module, options.target);
  FailureOr<std::unique_ptr<llvm::Module>> lowered =
      mlir::tilecc::lowerToLLVMIR(*module, *llvmContext);
  if (failed(lowered))
    return CompileStatus::InputError;
  llvmModule = std::move(*lowered);
  return CompileStatus::Ok;
}

/// Writes the default version (13.3), or the first newer one that expresses
/// the module (one with 13.4's operations); a module no version expresses
/// gets the newest version's diagnostics.
CompileStatus Compiler::writeBytecode() {
  using mlir::cuda_tile::BytecodeVersion;
  llvm::ArrayRef<BytecodeVersion> versions =
      mlir::cuda_tile::supportedBytecodeVersions();
  for (const BytecodeVersion &version : versions) {
    if (version < BytecodeVersion{})
      continue;
    std::optional<ScopedDiagnosticHandler> quiet;
    if (!(version == versions.back()))
      quiet.emplace(&context, [](Diagnostic &) { return success(); });
    bytecode.clear();
    llvm::raw_string_ostream os(bytecode);
    if (succeeded(mlir::cuda_tile::writeBytecode(*module, os, version)))
      return CompileStatus::Ok;
  }
  return CompileStatus::InputError;
}

CompileStatus Compiler::emitPTX() {
  PTXOptions ptxOptions;
  ptxOptions.optLevel = options.optLevel;
  llvm::Expected<std::string> result =
      ::tilecc::emitPTX(*llvmModule, options.target, ptxOptions);
  if (!result) {
    emitError(UnknownLoc::get(&context))
        << "PTX generation failed: " << llvm::toString(result.takeError());
    return CompileStatus::InputError;
  }
  ptx = std::move(*result);
  // After emission: the module then has NVPTX's data layout, which gives the
  // parameters' ABI sizes and alignments (i64 is 8-aligned there).
  kernels = collectKernelMetadata(*llvmModule, options.target.getName());
  return CompileStatus::Ok;
}

CompileStatus Compiler::assemble() {
  std::optional<std::string> ptxas = findPtxas(options.ptxasPath);
  if (!ptxas) {
    toolError = options.ptxasPath.empty()
                    ? "ptxas not found (looked in $CUDA_HOME/bin, "
                      "$CUDA_PATH/bin, PATH and /usr/local/cuda/bin; use "
                      "--ptxas=PATH)"
                    : "ptxas not found at '" + options.ptxasPath + "'";
    return CompileStatus::ToolError;
  }
  PtxasResult result = runPtxas(*ptxas, ptx, options.target, options.optLevel,
                                options.lineInfo, options.debugInfo);
  if (!result.succeeded) {
    // A command that reproduces the failure from the user's own input.
    std::string stem = llvm::sys::path::stem(options.sourceName).str();
    std::string repro = "tilecc -arch=" + options.target.getName() +
                        " --emit=ptx " + options.sourceName + " -o " + stem +
                        ".ptx && " + *ptxas;
    for (const std::string &flag : result.flags)
      repro += " " + flag;
    repro += " " + stem + ".ptx -o " + stem + ".cubin";
    toolError = "ptxas failed:\n" + result.log + "repro: " + repro;
    return CompileStatus::ToolError;
  }
  cubin = std::move(result.cubin);
  for (auto &[name, usage] : result.kernels) {
    auto it = llvm::find_if(kernels, [&](const KernelMetadata &k) {
      return k.symbol == name;
    });
    if (it == kernels.end()) {
      KernelMetadata kernel;
      kernel.symbol = name;
      kernel.arch = options.target.getName();
      kernels.push_back(kernel);
      it = std::prev(kernels.end());
    }
    it->resources = usage;
  }
  return CompileStatus::Ok;
}

std::string Compiler::printOutput() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (getStageInfo(current).output) {
  case StageOutput::MLIR:
    module.get()->print(os);
    break;
  case StageOutput::Bytecode:
    return bytecode;
  case StageOutput::LLVMIR:
    llvmModule->print(os, nullptr);
    break;
  case StageOutput::PTX:
    return ptx;
  case StageOutput::Cubin:
    return cubin;
  }
  return text;
}

StageDumpInfo Compiler::makeDumpInfo() const {
  StageDumpInfo info;
  info.stage = getStageInfo(current).name.str();
  info.arch = options.target.getName();
  info.source = options.sourceName;
  info.timingsMs = timingsMs;
  for (const KernelMetadata &kernel : kernels)
    info.kernels.push_back(kernel.symbol);
  StageOutput output = getStageInfo(current).output;
  if (output == StageOutput::LLVMIR || output == StageOutput::PTX)
    info.text = printOutput();
  else if (output == StageOutput::Cubin)
    info.text = encodeBase64(cubin);
  else if (output == StageOutput::Bytecode)
    info.text = encodeBase64(bytecode);
  if (output == StageOutput::MLIR && module) {
    int64_t ops = 0;
    (*module)->walk([&](Operation *) { ++ops; });
    info.stats["operations"] = ops;
  }
  return info;
}

std::string Compiler::printDump() const {
  bool hasModule = getStageInfo(current).output == StageOutput::MLIR;
  return writeStageDump(makeDumpInfo(), hasModule ? module.get().getOperation() : nullptr);
}

CompileStatus Compiler::writeDump() {
  if (std::error_code ec = llvm::sys::fs::create_directories(options.dumpDir)) {
    toolError = "cannot create dump directory '" + options.dumpDir + "': " + ec.message();
    return CompileStatus::ToolError;
  }
  llvm::SmallString<256> path(options.dumpDir);
  llvm::sys::path::append(path, llvm::sys::path::stem(options.sourceName) + "." +
                                    getStageInfo(current).name + ".json");
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    toolError = "cannot write '" + std::string(path) + "': " + ec.message();
    return CompileStatus::ToolError;
  }
  os << printDump();
  return CompileStatus::Ok;
}
