//===- Bytecode.h - Tile IR bytecode reader and writer ----------*- C++ -*-===//
//
// The binary form of a cuda_tile module (NVIDIA's Tile IR bytecode, magic
// `7F 'TileIR' 00`), versions 13.1 to 13.3. docs/bytecode.md describes what is
// supported.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_BYTECODE_BYTECODE_H
#define TILECC_CUDATILE_BYTECODE_BYTECODE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::cuda_tile {

/// A bytecode version `major.minor` (the header's tag is kept, not compared).
/// Default-constructed it is the version written by default: 13.3, the newest
/// whose encoding NVIDIA's own reader source fixes (13.4's rows follow NVIDIA's
/// cuTile Python writer; docs/bytecode.md).
struct BytecodeVersion {
  uint8_t major = 13;
  uint8_t minor = 3;
  uint16_t tag = 0;

  bool operator<(const BytecodeVersion &o) const {
    return major != o.major ? major < o.major : minor < o.minor;
  }
  bool operator>=(const BytecodeVersion &o) const { return !(*this < o); }
  bool operator==(const BytecodeVersion &o) const {
    return major == o.major && minor == o.minor;
  }
  std::string str() const;

  /// Parses `13.2`; std::nullopt unless tilecc reads and writes that version.
  static std::optional<BytecodeVersion> parseSupported(llvm::StringRef text);
};

/// The versions tilecc reads and writes, oldest first.
llvm::ArrayRef<BytecodeVersion> supportedBytecodeVersions();

/// True when `buffer` starts with the Tile IR bytecode magic.
bool isTileIRBytecode(llvm::StringRef buffer);

/// Reads a module from `buffer`. On malformed input it reports one error,
/// located at `<buffer identifier>` and naming the byte offset, and returns
/// null. Never allocates more than the input's size allows.
OwningOpRef<Operation *> readBytecode(llvm::MemoryBufferRef buffer,
                                      MLIRContext *context);

/// Writes the cuda_tile.module `module` as bytecode of `version`; reports an
/// error on the op that the version cannot express.
LogicalResult writeBytecode(Operation *module, llvm::raw_ostream &os,
                            BytecodeVersion version = {});

} // namespace mlir::cuda_tile

#endif // TILECC_CUDATILE_BYTECODE_BYTECODE_H
