//===- tilecc-translate.cpp - text <-> Tile IR bytecode --------------------===//
//
// tilecc's stand-in for NVIDIA's cuda-tile-translate (same flags):
//   -mlir-to-cudatilebc [-bytecode-version=13.x]   text -> bytecode
//   -cudatilebc-to-mlir                            bytecode -> text
//   -test-cudatile-roundtrip                       text -> bytecode -> text
//   --list-versions                                the versions it writes
//
//===----------------------------------------------------------------------===//
#include "CudaTile/Bytecode/Bytecode.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Block.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

static llvm::cl::opt<std::string> bytecodeVersionFlag(
    "bytecode-version",
    llvm::cl::desc("Tile IR bytecode version to write (default: 13.3)"),
    llvm::cl::init(""));

/// The version -bytecode-version names; prints cuda-tile-translate's message
/// for one tilecc does not write.
static FailureOr<cuda_tile::BytecodeVersion> targetVersion() {
  auto versions = cuda_tile::supportedBytecodeVersions();
  if (bytecodeVersionFlag.empty())
    return cuda_tile::BytecodeVersion{};
  if (auto v = cuda_tile::BytecodeVersion::parseSupported(bytecodeVersionFlag))
    return *v;
  llvm::errs() << "Invalid argument '" << bytecodeVersionFlag
               << "': the supported versions are [" << versions.front().str()
               << " - " << versions.back().str() << "]\n";
  return failure();
}

static void registerDialects(DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect>();
}

static LogicalResult writeModule(Operation *op, raw_ostream &os) {
  FailureOr<cuda_tile::BytecodeVersion> version = targetVersion();
  if (failed(version))
    return failure();
  return cuda_tile::writeBytecode(op, os, *version);
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    // Like cuda-tile-translate, reject a bad version before reading input.
    if (arg.consume_front("--bytecode-version=") ||
        arg.consume_front("-bytecode-version=")) {
      bytecodeVersionFlag = arg.str();
      if (failed(targetVersion()))
        return 1;
      continue;
    }
    if (arg == "--list-versions" || arg == "-list-versions") {
      for (const cuda_tile::BytecodeVersion &v :
           cuda_tile::supportedBytecodeVersions())
        llvm::outs() << v.str() << "\n";
      return 0;
    }
  }

  TranslateFromMLIRRegistration toBytecode(
      "mlir-to-cudatilebc", "cuda_tile text to Tile IR bytecode", writeModule,
      registerDialects);

  TranslateToMLIRRegistration fromBytecode(
      "cudatilebc-to-mlir", "Tile IR bytecode to cuda_tile text",
      TranslateRawSourceMgrToMLIRFunction(
          [](llvm::SourceMgr &sourceMgr, MLIRContext *context) {
            const llvm::MemoryBuffer *buffer =
                sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
            return cuda_tile::readBytecode(buffer->getMemBufferRef(), context);
          }),
      registerDialects);

  // Writes the parsed text as bytecode and prints what reading it gives.
  TranslateRegistration roundTrip(
      "test-cudatile-roundtrip", "cuda_tile text -> bytecode -> text",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
         MLIRContext *context) -> LogicalResult {
        DialectRegistry registry;
        registerDialects(registry);
        context->appendDialectRegistry(registry);
        FailureOr<cuda_tile::BytecodeVersion> version = targetVersion();
        if (failed(version))
          return failure();
        Block block;
        ParserConfig config(context);
        if (failed(parseSourceFile(*sourceMgr, &block, config)))
          return failure();
        if (!llvm::hasSingleElement(block))
          return emitError(UnknownLoc::get(context),
                           "expected one top-level operation");
        std::string bytes;
        llvm::raw_string_ostream bytesOs(bytes);
        if (failed(cuda_tile::writeBytecode(&block.front(), bytesOs,
                                            *version)))
          return failure();
        auto buffer = llvm::MemoryBuffer::getMemBuffer(bytes, "<roundtrip>",
                                                       false);
        OwningOpRef<Operation *> read =
            cuda_tile::readBytecode(buffer->getMemBufferRef(), context);
        if (!read)
          return failure();
        read->print(os, OpPrintingFlags());
        os << "\n";
        return success();
      });

  return failed(mlirTranslateMain(argc, argv, "tilecc Tile IR translator"));
}
