//===- TileAADivisibility.cpp - powers of two known to divide -------------===//
#include "TileAA/IR/TileAADivisibility.h"

#include "TileAA/IR/TileAADialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

int64_t nv_tileaa::getKnownDivisor(Value v) {
  APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant))) {
    int64_t c = constant.getSExtValue();
    return c == 0 ? (int64_t(1) << 62) : (c & -c);
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return 1;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(def))
    return getKnownDivisor(def->getOperand(0));
  if (auto assume = dyn_cast<AssumeOp>(def)) {
    int64_t divisor = getKnownDivisor(assume.getValue());
    for (Attribute predicate : assume.getPredicates())
      if (auto divBy = dyn_cast<DivByAttr>(predicate))
        if (!divBy.getEvery())
          divisor = std::max(divisor, divBy.getDivisor());
    return divisor;
  }
  return 1;
}
