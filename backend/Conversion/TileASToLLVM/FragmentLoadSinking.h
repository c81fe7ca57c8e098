//===- FragmentLoadSinking.h - MMA operand loads next to their MMAs -*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_FRAGMENTLOADSINKING_H
#define TILECC_CONVERSION_TILEASTOLLVM_FRAGMENTLOADSINKING_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tilecc {

/// After the conversion to LLVM: moves each MMA operand fragment load from
/// shared memory to just before its first consumer, in blocks that issue
/// mma.sync.
void sinkFragmentLoads(ModuleOp module);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_FRAGMENTLOADSINKING_H
