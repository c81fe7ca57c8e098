//===- InputKind.cpp - what an input file holds ---------------------------===//
#include "Pipeline/InputKind.h"

#include "CudaTile/Bytecode/Bytecode.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Support/Path.h"

using namespace tilecc;

/// Drops leading whitespace and comments that start with `lineComment`
/// (and, with `blockComments`, C-style /* */ comments).
static llvm::StringRef skipTrivia(llvm::StringRef text,
                                  llvm::StringRef lineComment,
                                  bool blockComments) {
  while (true) {
    text = text.ltrim();
    if (text.starts_with(lineComment)) {
      text = text.drop_until([](char c) { return c == '\n'; });
      continue;
    }
    if (blockComments && text.starts_with("/*")) {
      size_t end = text.find("*/", 2);
      text = end == llvm::StringRef::npos ? "" : text.drop_front(end + 2);
      continue;
    }
    return text;
  }
}

/// PTX starts with `.version` after comments (the PTX ISA requires it first).
static bool isPTX(llvm::StringRef text) {
  return skipTrivia(text, "//", /*blockComments=*/true).starts_with(".version");
}

/// LLVM IR text: `;` comments, or a first entity only LLVM IR has at the top
/// level (MLIR's top level holds operations and `#`/`!` aliases).
static bool isLLVMIR(llvm::StringRef text) {
  llvm::StringRef trimmed = text.ltrim();
  if (trimmed.starts_with(";"))
    return true;
  trimmed = skipTrivia(trimmed, ";", /*blockComments=*/false);
  for (llvm::StringRef keyword :
       {"source_filename", "target datalayout", "target triple", "define ",
        "declare ", "attributes #", "module asm", "@"})
    if (trimmed.starts_with(keyword))
      return true;
  // `%T = type ...` (MLIR has no top-level values); `!0 = !{...}` metadata
  // (MLIR's `!alias = ...` never starts with a digit).
  if (trimmed.starts_with("%") && trimmed.contains(" = type "))
    return true;
  return trimmed.size() > 1 && trimmed[0] == '!' && llvm::isDigit(trimmed[1]);
}

/// A stage dump is a JSON object: `{` then a string key. MLIR may start with
/// `{-#` (file metadata), never with `{"`.
static bool isStageDump(llvm::StringRef text) {
  llvm::StringRef trimmed = text.ltrim();
  return trimmed.consume_front("{") && trimmed.ltrim().starts_with("\"");
}

InputKind tilecc::detectInputKind(llvm::StringRef contents,
                                  llvm::StringRef fileName) {
  if (mlir::cuda_tile::isTileIRBytecode(contents))
    return InputKind::TileIRBytecode;
  if (llvm::identify_magic(contents) == llvm::file_magic::bitcode)
    return InputKind::LLVMBitcode;
  if (isStageDump(contents))
    return InputKind::StageDump;
  if (isPTX(contents))
    return InputKind::PTX;
  if (isLLVMIR(contents))
    return InputKind::LLVMIR;
  if (!contents.trim().empty())
    return InputKind::MLIR;
  // Nothing to tell by: the extension decides.
  return llvm::StringSwitch<InputKind>(llvm::sys::path::extension(fileName))
      .Case(".json", InputKind::StageDump)
      .Case(".ptx", InputKind::PTX)
      .Case(".ll", InputKind::LLVMIR)
      .Default(InputKind::MLIR);
}
