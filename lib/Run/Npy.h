//===- Npy.h - writing NumPy .npy files -------------------------*- C++ -*-===//
#ifndef TILECC_RUN_NPY_H
#define TILECC_RUN_NPY_H

#include "Run/Case.h"

#include "llvm/Support/Error.h"

namespace tilecc {

/// Writes a 1-D array of `count` elements of `kind` as a version 1.0 .npy file
/// (bf16, which NumPy lacks, is widened to float32).
llvm::Error writeNpy(const std::string &path, ElementKind kind,
                     const std::vector<uint8_t> &bytes, uint64_t count);

} // namespace tilecc

#endif // TILECC_RUN_NPY_H
