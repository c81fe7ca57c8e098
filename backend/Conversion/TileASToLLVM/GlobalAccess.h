//===- GlobalAccess.h - predicated vector ld/st.global ----------*- C++ -*-===//
//
// One thread's access to `count` consecutive elements as one PTX instruction
// (`ld.global.v4.b32`, `st.global.b16`, ...), optionally under a predicate.
// Emitted as inline PTX so that the predicate guards the access itself: a
// masked-off lane never touches memory, and the vector width is exactly the
// one layout assignment proved legal.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_GLOBALACCESS_H
#define TILECC_CONVERSION_TILEASTOLLVM_GLOBALACCESS_H

#include "mlir/IR/Builders.h"

namespace mlir::tilecc {

/// Memory-ordering qualifier of the access (`""` for weak, else e.g.
/// `.relaxed.gpu`).
struct AccessQualifiers {
  std::string ordering;
};

/// The ordering qualifier of a memory op's mem_semantic / mem_scope.
AccessQualifiers getAccessQualifiers(Operation *op);

/// The conjunction of two access predicates, either of which may be null
/// (always true); null when both are.
Value andPredicates(OpBuilder &b, Location loc, Value a, Value c);

/// Whether `count` elements of `elementType` can move in one access.
bool isAccessSupported(Type elementType, unsigned count);

/// Loads `init.size()` elements from `ptr` (its address space picks the
/// state space: global, shared, const or generic). Where `pred` is
/// false (null: always true) the results are `init`.
SmallVector<Value> emitGlobalLoad(OpBuilder &b, Location loc, Value ptr,
                                  Value pred, ValueRange init,
                                  const AccessQualifiers &qualifiers);

/// Stores `values` to `ptr` where `pred` holds (null: always).
void emitGlobalStore(OpBuilder &b, Location loc, Value ptr, Value pred,
                     ValueRange values, const AccessQualifiers &qualifiers);

/// One atomic on one element at `ptr` where `pred` holds (null: always).
struct AtomicAccess {
  /// PTX operation and type, e.g. `add.u32`, `add.noftz.f16`, `cas.b64`.
  std::string opType;
  /// The operand (the new value for `cas`).
  Value value;
  /// `cas` only: the value compared with memory.
  Value compare;
  /// The result where `pred` is false.
  Value init;
  /// Emit `red` (no old value) instead of `atom`.
  bool reduction = false;
};

/// `atom{ordering}{space}.<opType>` (or `red`) of one 16-, 32- or 64-bit
/// element; returns the old value (`init` where `pred` is false), or null for
/// a `red`.
Value emitGlobalAtomic(OpBuilder &b, Location loc, Value ptr, Value pred,
                       const AtomicAccess &access,
                       const AccessQualifiers &qualifiers);

/// A bf16 atomic add as a loop of 16-bit compare-and-swaps (for targets
/// without `atom.add.bf16`): the sum is formed with `fma.rn.bf16 x, 1.0, v`.
/// Returns the old value (`init` where `pred` is false).
Value emitGlobalBF16AddCASLoop(OpBuilder &b, Location loc, Value ptr,
                               Value pred, Value value, Value init,
                               const AccessQualifiers &qualifiers);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_GLOBALACCESS_H
