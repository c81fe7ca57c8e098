//===- TmaStaging.h - shared staging of TMA stores --------------*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_TMASTAGING_H
#define TILECC_CONVERSION_TILEASTOLLVM_TMASTAGING_H

#include "mlir/IR/Operation.h"

namespace mlir::tilecc {

/// Bytes of the shared staging buffer a tma_store / tma_reduce writes its
/// box into (0 for other ops).
int64_t getTmaStoreScratchBytes(Operation *op);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_TMASTAGING_H
