//===- AtomicLowering.h - shared pieces of the atomic lowerings -*- C++ -*-===//
//
// Pointer atomics (atomic_rmw / atomic_cas) and tiled_atomic_rmw both perform
// one atomic per element, in the one thread (and register) that owns it, and
// then hand the old value to every other holder of the element.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_ATOMICLOWERING_H
#define TILECC_CONVERSION_TILEASTOLLVM_ATOMICLOWERING_H

#include "TileAS/IR/TileASDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tilecc {

/// How PTX performs an RMW mode on one element.
struct AtomicKind {
  /// `atom`/`red` operation and type (`add.u32`, `add.noftz.f16`, ...).
  std::string opType;
  /// bf16 add without `atom.add.bf16` (before sm_90): a CAS loop.
  bool bf16CASLoop = false;
  /// `red` exists for the operation (not for exch and cas).
  bool hasReduction = false;
};

/// The PTX form of `mode` on `elem` for compute capability `cc`, or nullopt
/// when the target has none.
std::optional<AtomicKind> getAtomicKind(nv_tileas::RmwMode mode, Type elem,
                                        int64_t cc);

/// Performs one atomic per element of a tile (or of a scalar, which every
/// thread holds): `emit(r, pred)` emits the atomic of register r under
/// `pred` (null: always) and returns its old value. Registers and threads
/// that hold a duplicate perform nothing; when `resultUsed`, they get the
/// owner's old value (threads through the shared scratch buffer). Returns
/// the old value of every register.
FailureOr<SmallVector<Value>>
lowerOwnedAtomics(ConversionPatternRewriter &rewriter, Operation *op,
                  Type tileOrScalar, unsigned numRegs, bool resultUsed,
                  function_ref<Value(unsigned, Value)> emit);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_ATOMICLOWERING_H
