//===- Compiler.h - running tilecc's stages ---------------------*- C++ -*-===//
//
// A Compiler holds one compilation: the input (at whatever stage it was
// produced), the options, and the artifacts of every stage run so far. The
// driver, tilecc-run's ptx engine and the tests all compile through it, so
// the stage table is the only place that says what each stage does.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PIPELINE_COMPILER_H
#define TILECC_PIPELINE_COMPILER_H

#include "Codegen/Ptxas.h"
#include "Pipeline/KernelMetadata.h"
#include "Pipeline/StageDump.h"
#include "Pipeline/Stages.h"
#include "Target/TargetInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <memory>
#include <string>

namespace tilecc {

struct CompileOptions {
  TargetInfo target;
  unsigned optLevel = 3;
  bool lineInfo = false;
  bool debugInfo = false;
  std::string ptxasPath;  // empty: search (see findPtxas)
  std::string sourceName; // recorded in dumps
  std::string dumpDir;    // when set, one JSON dump per stage run
  bool archExplicit = false; // false: a stage dump's own target wins
};

/// Why a compilation stopped.
enum class CompileStatus {
  Ok,
  InputError, // a located diagnostic was emitted
  ToolError,  // ptxas missing or failing (message in getToolError())
};

class Compiler {
public:
  Compiler(mlir::MLIRContext &context, CompileOptions options);
  ~Compiler();

  /// Reads the input, whatever its file name: Tile IR bytecode, MLIR text of
  /// any of tilecc's stages (an LLVM-dialect module is translated at once, as
  /// the llvm stage does), LLVM IR (text or bitcode), PTX or a stage dump
  /// (InputKind.h).
  /// The source manager must outlive the compiler (diagnostics point into
  /// it).
  CompileStatus load(llvm::SourceMgr &sourceMgr, llvm::StringRef fileName);

  /// Runs every stage after the current one up to and including `last`.
  CompileStatus runTo(Stage last);

  Stage getCurrentStage() const { return current; }
  mlir::ModuleOp getModule() { return module.get(); }
  llvm::Module *getLLVMModule() { return llvmModule.get(); }
  const std::string &getPTX() const { return ptx; }
  const std::string &getCubin() const { return cubin; }
  const std::string &getToolError() const { return toolError; }
  const std::map<std::string, double> &getTimings() const { return timingsMs; }
  /// CPU time of each stage run (user + system, of tilecc and of the tools
  /// it waited for): unlike the wall time, barely inflated by a loaded
  /// machine.
  const std::map<std::string, double> &getCpuTimings() const {
    return cpuTimingsMs;
  }
  const CompileOptions &getOptions() const { return options; }
  /// Per-kernel metadata; complete once the cubin stage has run.
  const std::vector<KernelMetadata> &getKernels() const { return kernels; }

  /// The current stage's output as text (MLIR, LLVM IR, PTX) or bytes (cubin).
  std::string printOutput() const;
  /// The current stage's output as a stage dump.
  std::string printDump() const;

private:
  CompileStatus loadStageDump(llvm::StringRef text, llvm::StringRef fileName);
  CompileStatus loadLLVMIR(llvm::MemoryBufferRef input, llvm::StringRef fileName);
  CompileStatus loadMLIR(llvm::SourceMgr &sourceMgr);
  CompileStatus runStage(const StageInfo &stage);
  CompileStatus runPassPipeline(const StageInfo &stage);
  CompileStatus lowerToLLVM(const StageInfo &stage);
  /// Checks the target's features on the LLVM-dialect module and translates
  /// it to the LLVM module.
  CompileStatus translateToLLVMIR();
  CompileStatus loadBytecode(llvm::MemoryBufferRef buffer);
  CompileStatus writeBytecode();
  CompileStatus emitPTX();
  CompileStatus assemble();
  CompileStatus writeDump();
  StageDumpInfo makeDumpInfo() const;
  std::string substitute(llvm::StringRef pipeline) const;

  mlir::MLIRContext &context;
  CompileOptions options;
  Stage current = Stage::CudaTile;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<llvm::LLVMContext> llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  std::string bytecode;
  std::string ptx;
  std::string cubin;
  std::string toolError;
  std::map<std::string, double> timingsMs;
  std::map<std::string, double> cpuTimingsMs;
  std::vector<KernelMetadata> kernels;
};

/// User + system time of this process and of the children it waited for
/// (ptxas), in milliseconds.
double getProcessCpuTimeMs();

/// The dialects every stage's IR may contain.
void registerTileccDialects(mlir::DialectRegistry &registry);

/// Makes every pass the stage table names (and the generic ones it uses)
/// known to the textual pipeline parser; idempotent. tilecc-opt registers
/// through the same two functions.
void registerTileccPasses();

} // namespace tilecc

#endif // TILECC_PIPELINE_COMPILER_H
