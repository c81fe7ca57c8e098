//===- ValueModel.h - tiles as per-thread registers -------------*- C++ -*-===//
//
// A tile with a distributed layout is, in each thread, the registers the
// layout's "register" input enumerates; register r of the thread with lane l
// in warp w holds the element at layout(r, l, w). These helpers move between
// the packed struct form and the registers, and compute the coordinates.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_VALUEMODEL_H
#define TILECC_CONVERSION_TILEASTOLLVM_VALUEMODEL_H

#include "Layout/LinearLayout.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::tilecc {

/// The layout of an encoded tile type (asserts it has one).
::tilecc::layout::LinearLayout getTileLayout(Type tensorType);

SmallVector<Value> unpackRegisters(OpBuilder &b, Location loc, Value packed);
Value packRegisters(OpBuilder &b, Location loc, Type structType,
                    ValueRange registers);

Value createI32(OpBuilder &b, Location loc, int64_t value);
Value createI64(OpBuilder &b, Location loc, int64_t value);

/// `values` (one type) as one LLVM vector; a lone value as itself.
Value toVector(OpBuilder &b, Location loc, ArrayRef<Value> values);

/// Inline PTX (`$N` operands); a null `resultType` is a statement without
/// outputs. Every inline-asm op of the lowering is made here.
LLVM::InlineAsmOp createInlinePtx(OpBuilder &b, Location loc, Type resultType,
                                  ValueRange operands, StringRef text,
                                  StringRef constraints,
                                  bool hasSideEffects = true);
/// Inline PTX with side effects; returns its result, or null when
/// `resultType` is null.
Value emitPtx(OpBuilder &b, Location loc, Type resultType, ValueRange operands,
              StringRef text, StringRef constraints);

/// Lane (0..31) and warp index of the current thread, as i32.
std::pair<Value, Value> getLaneAndWarp(OpBuilder &b, Location loc);

/// For every register of `layout`, the tile coordinates (i64, one per output
/// dimension) the current thread holds in it.
SmallVector<SmallVector<Value>>
getRegisterCoordinates(OpBuilder &b, Location loc,
                       const ::tilecc::layout::LinearLayout &layout);

/// Register coordinates as thread part + register constant, available when
/// the two never share a bit along any dimension. Code that adds the thread
/// part to a loop-varying start first and the constant last keeps LLVM from
/// hoisting one loop-invariant coordinate per register out of loops.
struct SplitCoordinates {
  SmallVector<Value> thread;                // per dimension, i64
  SmallVector<SmallVector<int64_t>> reg;    // per register, per dimension
};
std::optional<SplitCoordinates>
getSplitRegisterCoordinates(OpBuilder &b, Location loc,
                            const ::tilecc::layout::LinearLayout &layout);

/// Bits of the register / lane / warp ids that only select duplicates.
struct DuplicateMasks {
  uint32_t reg = 0, lane = 0, warp = 0;
};
DuplicateMasks getDuplicateMasks(const ::tilecc::layout::LinearLayout &layout);

/// i1 that is true in the one thread of every group of threads holding the
/// same elements (null when no thread holds duplicates).
Value getUniqueOwnerPredicate(OpBuilder &b, Location loc,
                              const DuplicateMasks &masks);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_VALUEMODEL_H
