//===- InputKind.h - what an input file holds -------------------*- C++ -*-===//
//
// tilecc resumes from any stage's output, so an input may be MLIR text (any
// of tilecc's stages), LLVM IR (text or bitcode), PTX or a JSON stage dump.
// Producers name their files freely (.bc is LLVM bitcode for some and Tile IR
// bytecode for others, a dump may be called anything), so the kind is read
// from the contents; the extension only decides what the contents leave open
// (an empty file).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PIPELINE_INPUTKIND_H
#define TILECC_PIPELINE_INPUTKIND_H

#include "llvm/ADT/StringRef.h"

namespace tilecc {

enum class InputKind {
  MLIR,
  TileIRBytecode,
  LLVMIR,
  LLVMBitcode,
  PTX,
  StageDump
};

InputKind detectInputKind(llvm::StringRef contents, llvm::StringRef fileName);

} // namespace tilecc

#endif // TILECC_PIPELINE_INPUTKIND_H
