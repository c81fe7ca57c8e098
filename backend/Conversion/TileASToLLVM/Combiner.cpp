//===- Combiner.cpp - helpers shared by reduce and scan -------------------===//
#include "Conversion/TileASToLLVM/Combiner.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tilecc;

SmallVector<Value> mlir::tilecc::inlineCombiner(OpBuilder &b, Block &body,
                                                ValueRange lhs,
                                                ValueRange rhs) {
  IRMapping mapping;
  unsigned n = lhs.size();
  for (unsigned i = 0; i < n; ++i) {
    mapping.map(body.getArgument(i), lhs[i]);
    mapping.map(body.getArgument(n + i), rhs[i]);
  }
  for (Operation &inner : body.without_terminator())
    b.clone(inner, mapping);
  SmallVector<Value> result;
  for (Value v : body.getTerminator()->getOperands())
    result.push_back(mapping.lookupOrDefault(v));
  return result;
}

/// `v` (any integer or float type up to 64 bits) moved through `shfl`, one
/// 32-bit word at a time.
static FailureOr<Value> shuffleWords(OpBuilder &b, Location loc, Value v,
                                     function_ref<Value(Value)> shfl) {
  Type type = v.getType();
  if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() > 64)
    return failure();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  Type intType = b.getIntegerType(bits);
  Value asInt = type.isInteger()
                    ? v
                    : Value(LLVM::BitcastOp::create(b, loc, intType, v));
  Value out;
  if (bits == 64) {
    Value lo = LLVM::TruncOp::create(b, loc, i32, asInt);
    Value hi = LLVM::TruncOp::create(
        b, loc, i32,
        LLVM::LShrOp::create(b, loc, asInt, createI64(b, loc, 32)));
    Value lo2 = LLVM::ZExtOp::create(b, loc, intType, shfl(lo));
    Value hi2 = LLVM::ZExtOp::create(b, loc, intType, shfl(hi));
    out = LLVM::OrOp::create(
        b, loc, lo2, LLVM::ShlOp::create(b, loc, hi2, createI64(b, loc, 32)));
  } else if (bits == 32) {
    out = shfl(asInt);
  } else {
    Value wide = LLVM::ZExtOp::create(b, loc, i32, asInt);
    out = LLVM::TruncOp::create(b, loc, intType, shfl(wide));
  }
  return type.isInteger() ? out
                          : Value(LLVM::BitcastOp::create(b, loc, type, out));
}

FailureOr<Value> mlir::tilecc::shuffleXor(OpBuilder &b, Location loc, Value v,
                                          unsigned offset) {
  return shuffleWords(b, loc, v, [&](Value word) {
    return NVVM::ShflOp::create(b, loc, b.getI32Type(), createI32(b, loc, -1),
                                word, createI32(b, loc, offset),
                                createI32(b, loc, 31), NVVM::ShflKind::bfly,
                                UnitAttr())
        .getResult();
  });
}

FailureOr<Value> mlir::tilecc::shuffleIdx(OpBuilder &b, Location loc, Value v,
                                          Value srcLane) {
  return shuffleWords(b, loc, v, [&](Value word) {
    return NVVM::ShflOp::create(b, loc, b.getI32Type(), createI32(b, loc, -1),
                                word, srcLane, createI32(b, loc, 31),
                                NVVM::ShflKind::idx, UnitAttr())
        .getResult();
  });
}

unsigned mlir::tilecc::scratchElementBytes(Type type) {
  unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 64;
  return std::max(1u, bits / 8);
}

Type mlir::tilecc::scratchStorageType(Type type) {
  return type.isInteger(1) ? IntegerType::get(type.getContext(), 8) : type;
}

Value mlir::tilecc::toScratchStorage(OpBuilder &b, Location loc, Value v) {
  Type memType = scratchStorageType(v.getType());
  return memType == v.getType()
             ? v
             : Value(LLVM::ZExtOp::create(b, loc, memType, v));
}

Value mlir::tilecc::fromScratchStorage(OpBuilder &b, Location loc,
                                       Value stored, Type type) {
  return stored.getType() == type
             ? stored
             : Value(LLVM::TruncOp::create(b, loc, type, stored));
}
