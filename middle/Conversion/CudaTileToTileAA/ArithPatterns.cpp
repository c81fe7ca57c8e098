//===- ArithPatterns.cpp - elementwise arithmetic, math, compare, select --===//
//
// Elementwise ops become arith/math on tensors (or scalars). Attributes with
// no arith spelling select the op or survive on an nv_tileaa op:
//  * integer overflow -> arith overflow flags (nsw/nuw);
//  * signedness -> the signed or unsigned arith op;
//  * a non-default IEEE rounding mode -> nv_tileaa.addf/subf/mulf/divf/fma/
//    sqrt with `rounding_mode`; `flush_to_zero` -> the discardable
//    `nv_tileaa.flush_to_zero` unit attribute;
//  * `rounding<approx>` on exp/tanh -> arith fastmath `afn`.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
#include "Conversion/CudaTileToTileAA/PatternUtils.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

constexpr StringLiteral kFlushToZero = "nv_tileaa.flush_to_zero";

arith::IntegerOverflowFlags convertOverflow(cuda_tile::IntegerOverflow o) {
  switch (o) {
  case cuda_tile::IntegerOverflow::None:
    return arith::IntegerOverflowFlags::none;
  case cuda_tile::IntegerOverflow::NoSignedWrap:
    return arith::IntegerOverflowFlags::nsw;
  case cuda_tile::IntegerOverflow::NoUnsignedWrap:
    return arith::IntegerOverflowFlags::nuw;
  case cuda_tile::IntegerOverflow::NoWrap:
    return arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  }
  llvm_unreachable("unknown overflow");
}

} // namespace

void mlir::tilecc::setOverflowFlags(Operation *op,
                                    cuda_tile::IntegerOverflow overflow) {
  arith::IntegerOverflowFlags flags = convertOverflow(overflow);
  if (flags != arith::IntegerOverflowFlags::none)
    op->setAttr("overflowFlags",
                arith::IntegerOverflowFlagsAttr::get(op->getContext(), flags));
}

namespace {

/// One-to-one elementwise op with identical operand lists.
template <typename SourceOp, typename TargetOp>
struct ElementwisePattern : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    auto newOp = TargetOp::create(rewriter, op.getLoc(), type,
                                  adaptor.getOperands());
    if constexpr (llvm::is_detected<hasOverflowT, SourceOp>::value)
      setOverflowFlags(newOp, op.getOverflow());
    rewriter.replaceOp(op, newOp);
    return success();
  }
  template <typename T>
  using hasOverflowT = decltype(std::declval<T>().getOverflow());
};

/// Integer op whose signedness attribute picks the arith op.
template <typename SourceOp, typename SignedOp, typename UnsignedOp>
struct SignedPattern : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (op.getSignedness() == cuda_tile::Signedness::Signed)
      rewriter.replaceOpWithNewOp<SignedOp>(op, type, adaptor.getOperands());
    else
      rewriter.replaceOpWithNewOp<UnsignedOp>(op, type, adaptor.getOperands());
    return success();
  }
};

/// divi: signedness and rounding (zero, toward -inf, toward +inf).
struct DivIPattern : OpConversionPattern<cuda_tile::DivIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::DivIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    bool isSigned = op.getSignedness() == cuda_tile::Signedness::Signed;
    Value result;
    switch (op.getRounding()) {
    case cuda_tile::RoundingMode::PositiveInf:
      result = isSigned ? Value(arith::CeilDivSIOp::create(rewriter, op.getLoc(),
                                                          type, lhs, rhs))
                        : Value(arith::CeilDivUIOp::create(rewriter, op.getLoc(),
                                                          type, lhs, rhs));
      break;
    case cuda_tile::RoundingMode::NegativeInf:
      // Unsigned division already rounds toward -inf.
      result = isSigned ? Value(arith::FloorDivSIOp::create(
                              rewriter, op.getLoc(), type, lhs, rhs))
                        : Value(arith::DivUIOp::create(rewriter, op.getLoc(),
                                                       type, lhs, rhs));
      break;
    default:
      result = isSigned ? Value(arith::DivSIOp::create(rewriter, op.getLoc(),
                                                       type, lhs, rhs))
                        : Value(arith::DivUIOp::create(rewriter, op.getLoc(),
                                                       type, lhs, rhs));
      break;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// negi x = 0 - x (keeping the overflow flags).
struct NegIPattern : OpConversionPattern<cuda_tile::NegIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::NegIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    Value zero = createSplatConstant(
        rewriter, op.getLoc(), type,
        rewriter.getIntegerAttr(getElementTypeOrSelf(type), 0));
    auto sub = arith::SubIOp::create(rewriter, op.getLoc(), type, zero,
                                     adaptor.getSource());
    setOverflowFlags(sub, op.getOverflow());
    rewriter.replaceOp(op, sub);
    return success();
  }
};

/// Float op with an IEEE rounding mode and flush_to_zero: arith/math for the
/// default rounding, the nv_tileaa op (which carries the mode) otherwise.
template <typename SourceOp, typename DefaultOp, typename RoundedOp>
struct RoundedFloatPattern : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    cuda_tile::RoundingMode mode = op.getRoundingMode();
    Operation *newOp;
    if (mode == cuda_tile::RoundingMode::NearestEven) {
      newOp = DefaultOp::create(rewriter, op.getLoc(), type,
                                adaptor.getOperands());
    } else {
      auto rounding = nv_tileaa::RoundingModeAttr::get(
          op.getContext(),
          static_cast<nv_tileaa::RoundingMode>(static_cast<uint32_t>(mode)));
      OperationState state(op.getLoc(), RoundedOp::getOperationName());
      state.addOperands(adaptor.getOperands());
      state.addTypes(type);
      state.addAttribute("rounding_mode", rounding);
      newOp = rewriter.create(state);
    }
    if (op.getFlushToZero())
      newOp->setAttr(kFlushToZero, rewriter.getUnitAttr());
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// Unary float op with only `flush_to_zero`.
template <typename SourceOp, typename TargetOp>
struct FtzUnaryPattern : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    auto newOp = TargetOp::create(rewriter, op.getLoc(), type,
                                  adaptor.getSource());
    if (op.getFlushToZero())
      newOp->setAttr(kFlushToZero, rewriter.getUnitAttr());
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// exp / tanh: `rounding<approx>` allows an approximate implementation.
template <typename SourceOp, typename TargetOp>
struct ApproxUnaryPattern : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    auto fastmath = op.getRoundingMode() == cuda_tile::RoundingMode::Approx
                        ? arith::FastMathFlags::afn
                        : arith::FastMathFlags::none;
    rewriter.replaceOpWithNewOp<TargetOp>(op, type, adaptor.getSource(),
                                          fastmath);
    return success();
  }
};

/// maxf / minf: propagate_nan picks the NaN-propagating arith op.
template <typename SourceOp, typename NanOp, typename NumOp>
struct MinMaxFPattern : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    Operation *newOp;
    if (op.getPropagateNan())
      newOp = NanOp::create(rewriter, op.getLoc(), type, adaptor.getLhs(),
                            adaptor.getRhs());
    else
      newOp = NumOp::create(rewriter, op.getLoc(), type, adaptor.getLhs(),
                            adaptor.getRhs());
    if (op.getFlushToZero())
      newOp->setAttr(kFlushToZero, rewriter.getUnitAttr());
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

arith::CmpIPredicate convertCmpI(cuda_tile::ComparisonPredicate p,
                                 bool isSigned) {
  using P = arith::CmpIPredicate;
  switch (p) {
  case cuda_tile::ComparisonPredicate::Equal:
    return P::eq;
  case cuda_tile::ComparisonPredicate::NotEqual:
    return P::ne;
  case cuda_tile::ComparisonPredicate::LessThan:
    return isSigned ? P::slt : P::ult;
  case cuda_tile::ComparisonPredicate::LessThanOrEqual:
    return isSigned ? P::sle : P::ule;
  case cuda_tile::ComparisonPredicate::GreaterThan:
    return isSigned ? P::sgt : P::ugt;
  case cuda_tile::ComparisonPredicate::GreaterThanOrEqual:
    return isSigned ? P::sge : P::uge;
  }
  llvm_unreachable("unknown predicate");
}

arith::CmpFPredicate convertCmpF(cuda_tile::ComparisonPredicate p,
                                 bool ordered) {
  using P = arith::CmpFPredicate;
  switch (p) {
  case cuda_tile::ComparisonPredicate::Equal:
    return ordered ? P::OEQ : P::UEQ;
  case cuda_tile::ComparisonPredicate::NotEqual:
    return ordered ? P::ONE : P::UNE;
  case cuda_tile::ComparisonPredicate::LessThan:
    return ordered ? P::OLT : P::ULT;
  case cuda_tile::ComparisonPredicate::LessThanOrEqual:
    return ordered ? P::OLE : P::ULE;
  case cuda_tile::ComparisonPredicate::GreaterThan:
    return ordered ? P::OGT : P::UGT;
  case cuda_tile::ComparisonPredicate::GreaterThanOrEqual:
    return ordered ? P::OGE : P::UGE;
  }
  llvm_unreachable("unknown predicate");
}

struct CmpIPattern : OpConversionPattern<cuda_tile::CmpIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::CmpIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(
        op,
        convertCmpI(op.getComparisonPredicate(),
                    op.getSignedness() == cuda_tile::Signedness::Signed),
        adaptor.getLhs(), adaptor.getRhs());
    return success();
  }
};

struct CmpFPattern : OpConversionPattern<cuda_tile::CmpFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::CmpFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::CmpFOp>(
        op,
        convertCmpF(op.getComparisonPredicate(),
                    op.getComparisonOrdering() ==
                        cuda_tile::ComparisonOrdering::Ordered),
        adaptor.getLhs(), adaptor.getRhs());
    return success();
  }
};

/// fpowi: math.fpowi with the exponent sign-extended to i32 (the exponent
/// is signed, and libdevice's powi takes an int).
struct FPowIPattern : OpConversionPattern<cuda_tile::FPowIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::FPowIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    Value exponent = adaptor.getExponent();
    Type i32 = rewriter.getI32Type();
    if (getElementTypeOrSelf(exponent.getType()) != i32) {
      Type wide = i32;
      if (auto tensor = dyn_cast<RankedTensorType>(exponent.getType()))
        wide = tensor.clone(i32);
      exponent = arith::ExtSIOp::create(rewriter, loc, wide, exponent);
    }
    rewriter.replaceOpWithNewOp<math::FPowIOp>(op, type, adaptor.getSource(),
                                               exponent);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateCudaTileArithToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  namespace ct = cuda_tile;
  patterns.add<
      // Integer.
      ElementwisePattern<ct::AddIOp, arith::AddIOp>,
      ElementwisePattern<ct::SubIOp, arith::SubIOp>,
      ElementwisePattern<ct::MulIOp, arith::MulIOp>,
      ElementwisePattern<ct::ShLIOp, arith::ShLIOp>,
      ElementwisePattern<ct::AndIOp, arith::AndIOp>,
      ElementwisePattern<ct::OrIOp, arith::OrIOp>,
      ElementwisePattern<ct::XOrIOp, arith::XOrIOp>,
      ElementwisePattern<ct::AbsIOp, math::AbsIOp>,
      ElementwisePattern<ct::MulhiIOp, nv_tileaa::MulhiUIOp>,
      SignedPattern<ct::RemIOp, arith::RemSIOp, arith::RemUIOp>,
      SignedPattern<ct::MaxIOp, arith::MaxSIOp, arith::MaxUIOp>,
      SignedPattern<ct::MinIOp, arith::MinSIOp, arith::MinUIOp>,
      SignedPattern<ct::ShRIOp, arith::ShRSIOp, arith::ShRUIOp>, DivIPattern,
      NegIPattern,
      // Float.
      RoundedFloatPattern<ct::AddFOp, arith::AddFOp, nv_tileaa::AddFOp>,
      RoundedFloatPattern<ct::SubFOp, arith::SubFOp, nv_tileaa::SubFOp>,
      RoundedFloatPattern<ct::MulFOp, arith::MulFOp, nv_tileaa::MulFOp>,
      RoundedFloatPattern<ct::DivFOp, arith::DivFOp, nv_tileaa::DivFOp>,
      RoundedFloatPattern<ct::FmaOp, math::FmaOp, nv_tileaa::FmaOp>,
      RoundedFloatPattern<ct::SqrtOp, math::SqrtOp, nv_tileaa::SqrtOp>,
      MinMaxFPattern<ct::MaxFOp, arith::MaximumFOp, arith::MaxNumFOp>,
      MinMaxFPattern<ct::MinFOp, arith::MinimumFOp, arith::MinNumFOp>,
      ElementwisePattern<ct::AbsFOp, math::AbsFOp>,
      ElementwisePattern<ct::NegFOp, arith::NegFOp>,
      ElementwisePattern<ct::RemFOp, arith::RemFOp>,
      ElementwisePattern<ct::CeilOp, math::CeilOp>,
      ElementwisePattern<ct::FloorOp, math::FloorOp>,
      ElementwisePattern<ct::CosOp, math::CosOp>,
      ElementwisePattern<ct::CosHOp, math::CoshOp>,
      ElementwisePattern<ct::SinOp, math::SinOp>,
      ElementwisePattern<ct::SinHOp, math::SinhOp>,
      ElementwisePattern<ct::TanOp, math::TanOp>,
      ElementwisePattern<ct::LogOp, math::LogOp>,
      ElementwisePattern<ct::Log2Op, math::Log2Op>,
      ElementwisePattern<ct::PowOp, math::PowFOp>, FPowIPattern,
      ElementwisePattern<ct::Atan2Op, math::Atan2Op>,
      FtzUnaryPattern<ct::Exp2Op, math::Exp2Op>,
      FtzUnaryPattern<ct::RsqrtOp, math::RsqrtOp>,
      ApproxUnaryPattern<ct::ExpOp, math::ExpOp>,
      ApproxUnaryPattern<ct::TanHOp, math::TanhOp>,
      // Compare and select.
      CmpIPattern, CmpFPattern,
      ElementwisePattern<ct::SelectOp, arith::SelectOp>>(
      typeConverter, patterns.getContext());
}
