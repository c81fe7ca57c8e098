//===- FragmentLoadSinking.h - MMA operand loads next to their MMAs -*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_FRAGMENTLOADSINKING_H
#define TILECC_CONVERSION_TILEASTOLLVM_FRAGMENTLOADSINKING_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tilecc {

/// Marks the multiply-adds of an FMA dot (FmaDotPatterns.cpp) for
/// sinkFragmentLoads, which removes the mark.
inline constexpr llvm::StringLiteral kDotFmaAttrName = "tilecc.dot_fma";

/// After the conversion to LLVM: moves each MMA operand fragment load from
/// shared memory to just before its first consumer, in blocks that issue
/// mma.sync or an FMA dot's multiply-adds.
void sinkFragmentLoads(ModuleOp module);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_FRAGMENTLOADSINKING_H
