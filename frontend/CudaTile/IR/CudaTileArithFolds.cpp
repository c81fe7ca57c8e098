//===- CudaTileArithFolds.cpp - folds and canonicalizations ---------------===//
//
// Folders and canonicalization patterns of the arithmetic family: operand
// order of `addf` (multiply first, so that FuseFMA sees it) and the `select`
// simplifications.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileArithOps.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The splat integer value of a constant tile, if `value` is one.
static std::optional<APInt> getSplatInt(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat())
    return std::nullopt;
  return attr.getSplatValue<APInt>();
}

static bool isSplatOne(Value value) {
  std::optional<APInt> splat = getSplatInt(value);
  return splat && splat->isOne();
}

static bool isSplatZero(Value value) {
  std::optional<APInt> splat = getSplatInt(value);
  return splat && splat->isZero();
}

/// A constant tile of `type` whose elements are all `true`.
static Value createTrue(PatternRewriter &rewriter, Location loc, TileType type) {
  auto tensorType = RankedTensorType::get(type.getShape(), type.getElementType());
  return ConstantOp::create(rewriter, loc, type,
                            DenseElementsAttr::get(tensorType, true));
}

/// If `value` is `xori %x, true` (either operand order), returns `%x`.
static Value getNegatedCondition(Value value) {
  auto xorOp = value.getDefiningOp<XOrIOp>();
  if (!xorOp)
    return Value();
  if (isSplatOne(xorOp.getRhs()))
    return xorOp.getLhs();
  if (isSplatOne(xorOp.getLhs()))
    return xorOp.getRhs();
  return Value();
}

//===----------------------------------------------------------------------===//
// AddFOp
//===----------------------------------------------------------------------===//

/// z + x * y -> x * y + z: a multiply on the left is what FMA fusion matches.
LogicalResult AddFOp::canonicalize(AddFOp op, PatternRewriter &rewriter) {
  if (op.getLhs().getDefiningOp<MulFOp>() ||
      !op.getRhs().getDefiningOp<MulFOp>())
    return failure();
  rewriter.modifyOpInPlace(op, [&] {
    Value lhs = op.getLhs();
    op.getLhsMutable().assign(op.getRhs());
    op.getRhsMutable().assign(lhs);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  Value trueValue = getValIfTrue(), falseValue = getValIfFalse();
  if (trueValue == falseValue)
    return trueValue;

  if (auto cond = dyn_cast_or_null<DenseIntElementsAttr>(adaptor.getCond())) {
    if (cond.isSplat())
      return cond.getSplatValue<bool>() ? trueValue : falseValue;
    // Element-wise choice between two constant tiles.
    auto trueAttr = dyn_cast_or_null<DenseElementsAttr>(adaptor.getValIfTrue());
    auto falseAttr =
        dyn_cast_or_null<DenseElementsAttr>(adaptor.getValIfFalse());
    if (trueAttr && falseAttr) {
      SmallVector<Attribute> elements;
      auto trueValues = llvm::to_vector(trueAttr.getValues<Attribute>());
      auto falseValues = llvm::to_vector(falseAttr.getValues<Attribute>());
      for (auto [index, bit] : llvm::enumerate(cond.getValues<bool>()))
        elements.push_back(bit ? trueValues[index] : falseValues[index]);
      return DenseElementsAttr::get(trueAttr.getType(), elements);
    }
  }

  // select %c, true, false -> %c
  if (getType().getElementType().isInteger(1) && isSplatOne(trueValue) &&
      isSplatZero(falseValue))
    return getCond();

  // select (cmpi eq %a, %b), %a, %b -> %b (and %a for not_equal).
  if (auto cmp = getCond().getDefiningOp<CmpIOp>()) {
    ComparisonPredicate predicate = cmp.getComparisonPredicate();
    if (predicate == ComparisonPredicate::Equal ||
        predicate == ComparisonPredicate::NotEqual) {
      Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
      if ((lhs == trueValue && rhs == falseValue) ||
          (rhs == trueValue && lhs == falseValue))
        return predicate == ComparisonPredicate::Equal ? falseValue : trueValue;
    }
  }
  return nullptr;
}

namespace {

/// select %c, (select %c, %a, %b), %d -> select %c, %a, %d
/// select %c, %a, (select %c, %b, %d) -> select %c, %a, %d
struct SelectOfSelectSameCondition : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    Value cond = op.getCond();
    if (auto inner = op.getValIfTrue().getDefiningOp<SelectOp>();
        inner && inner.getCond() == cond) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getValIfTrueMutable().assign(inner.getValIfTrue());
      });
      return success();
    }
    if (auto inner = op.getValIfFalse().getDefiningOp<SelectOp>();
        inner && inner.getCond() == cond) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getValIfFalseMutable().assign(inner.getValIfFalse());
      });
      return success();
    }
    return failure();
  }
};

/// select (xori %c, true), %a, %b -> select %c, %b, %a
struct SelectOfNegatedCondition : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    Value cond = getNegatedCondition(op.getCond());
    if (!cond)
      return failure();
    rewriter.replaceOpWithNewOp<SelectOp>(op, cond, op.getValIfFalse(),
                                          op.getValIfTrue());
    return success();
  }
};

/// Selecting between the constants 0 and 1 is a (possibly negated) condition:
///   select %c, false, true : i1  -> xori %c, true
///   select %c, 1, 0 : iN         -> exti %c unsigned
///   select %c, 0, 1 : iN         -> exti (xori %c, true) unsigned
struct SelectOfZeroOne : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<TileType>(op.getType());
    if (!isa<IntegerType>(type.getElementType()))
      return failure();
    bool isOneZero = isSplatOne(op.getValIfTrue()) &&
                     isSplatZero(op.getValIfFalse());
    bool isZeroOne = isSplatZero(op.getValIfTrue()) &&
                     isSplatOne(op.getValIfFalse());
    if (!isOneZero && !isZeroOne)
      return failure();
    bool isI1 = type.getElementType().isInteger(1);
    // select %c, true, false is folded away.
    if (isI1 && isOneZero)
      return failure();

    Value cond = op.getCond();
    if (isI1) {
      // The false operand is the `true` tile of the condition's type.
      rewriter.replaceOpWithNewOp<XOrIOp>(op, cond, op.getValIfFalse());
      return success();
    }
    if (isZeroOne) {
      auto condType = cast<TileType>(cond.getType());
      Value trueTile = createTrue(rewriter, op.getLoc(), condType);
      cond = XOrIOp::create(rewriter, op.getLoc(), cond, trueTile);
    }
    rewriter.replaceOpWithNewOp<ExtIOp>(op, type, cond, Signedness::Unsigned);
    return success();
  }
};

} // namespace

void SelectOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           MLIRContext *context) {
  patterns.add<SelectOfSelectSameCondition, SelectOfNegatedCondition,
               SelectOfZeroOne>(context);
}
