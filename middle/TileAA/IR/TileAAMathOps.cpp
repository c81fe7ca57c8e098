//===- TileAAMathOps.cpp - tile math, dot and collectives -----------------===//
#include "TileAA/IR/TileAADialect.h"
#include "TileAA/IR/TileAAOpAsm.h"
#include "TileAA/IR/TileAAPatterns.h"

#include "mlir/Dialect/CommonFolders.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

#define GET_OP_CLASSES
#include "TileAA/IR/TileAAMathOps.cpp.inc"

void TileAADialect::registerMathOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAA/IR/TileAAMathOps.cpp.inc"
      >();
}

OpFoldResult MulhiUIOp::fold(FoldAdaptor adaptor) {
  return constFoldBinaryOp<IntegerAttr>(
      adaptor.getOperands(), [](const APInt &a, const APInt &b) {
        unsigned width = a.getBitWidth();
        return (a.zext(2 * width) * b.zext(2 * width)).lshr(width).trunc(width);
      });
}

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

ParseResult DotOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFlatSegmentedOp(
      parser, result,
      [](TypeRange operands, TypeRange) -> FailureOr<SmallVector<int32_t>> {
        // A, B, C, then sfa and sfb in order; a lone sfa is left for the
        // verifier to report.
        if (operands.size() < 3 || operands.size() > 5)
          return failure();
        int32_t extra = operands.size() - 3;
        return SmallVector<int32_t>{1, 1, 1, extra >= 1, extra >= 2};
      });
}

void DotOp::print(OpAsmPrinter &printer) {
  printFlatSegmentedOp(printer, *this, /*parenthesize=*/false,
                       /*elideSegments=*/false);
}

LogicalResult DotOp::verify() {
  auto aType = cast<RankedTensorType>(getA().getType());
  auto bType = cast<RankedTensorType>(getB().getType());
  auto cType = cast<RankedTensorType>(getC().getType());
  auto dType = cast<RankedTensorType>(getType());
  Type a = aType.getElementType(), b = bType.getElementType(),
       c = cType.getElementType(), d = dType.getElementType();
  bool allInt = isa<IntegerType>(a) && isa<IntegerType>(b) &&
                isa<IntegerType>(c) && isa<IntegerType>(d);
  bool allFloat = isa<FloatType>(a) && isa<FloatType>(b) && isa<FloatType>(c) &&
                  isa<FloatType>(d);
  if (!allInt && !allFloat)
    return emitOpError("expected the element types of A, B, C, and D to be "
                       "either all integers or all floats.");
  if (allInt) {
    if (a.getIntOrFloatBitWidth() != b.getIntOrFloatBitWidth())
      return emitOpError("expects #A and #B have same bit width but got ")
             << a.getIntOrFloatBitWidth() << " vs "
             << b.getIntOrFloatBitWidth();
    if (!getSignednessA())
      return emitOpError("expect signedness attribute for operand A");
  }
  if (allFloat) {
    if (isa<Float4E2M1FNType>(a)) {
      if (!c.isF32() && !c.isF16())
        return emitOpError(
                   "expects #C element type to be either f32 or f16, but got ")
               << c;
    } else if (!c.isF32() && !(a.isF64() && b.isF64() && c.isF64())) {
      // f64 operands accumulate in f64 (mma.sync.m8n8k4).
      return emitOpError("expects #C element type to be f32, but got ") << c;
    }
  }
  int64_t rank = dType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError("expects rank-2 or rank-3 tensor for result, but got (")
           << rank << ")";
  ArrayRef<int64_t> as = aType.getShape(), bs = bType.getShape();
  bool mmaCompatible = aType.getRank() == rank && bType.getRank() == rank &&
                       as[rank - 1] == bs[rank - 2] &&
                       (rank == 2 || as[0] == bs[0]);
  if (!mmaCompatible)
    return emitOpError(
        "expects the shape of operand #A and #B to be compatible");
  SmallVector<int64_t> expected(as.begin(), as.end() - 1);
  expected.push_back(bs[rank - 1]);
  if (cType.getShape() != ArrayRef<int64_t>(expected) ||
      dType.getShape() != cType.getShape())
    return emitOpError("expects the shape of operand #C is compatible with "
                       "operands #A and #B");
  if (d != c)
    return emitOpError("expects the result element type to match #C");
  if (getSfa() || getSfb()) {
    if (!getSfa() || !getSfb())
      return emitOpError("expects both SFA and SFB to be present");
    TargetSpecAttr target = lookupTargetSpec(*this);
    if (target && !target.supportsBlockScaledMma())
      return emitOpError("expects a target that supports block-scaled MMA for "
                         "scale-factor operands, but got sm_")
             << target.getComputeCapability();
  }
  return success();
}

/// Folds D = A * B + C over constant tiles. Products and sums are formed in the
/// accumulator type (never the narrow input format); integer inputs are
/// extended according to their signedness attributes.
static Attribute foldConstantDot(DotOp op, DenseElementsAttr a,
                                 DenseElementsAttr b, DenseElementsAttr c) {
  auto type = cast<RankedTensorType>(op.getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = shape.size();
  int64_t batch = rank == 3 ? shape[0] : 1, m = shape[rank - 2],
          n = shape[rank - 1];
  int64_t k = cast<RankedTensorType>(op.getA().getType()).getShape()[rank - 1];
  // Keep compile time bounded.
  if (batch * m * n * k > (int64_t(1) << 20))
    return {};
  Type accType = type.getElementType();

  if (auto accFloat = dyn_cast<FloatType>(accType)) {
    const llvm::fltSemantics &sem = accFloat.getFloatSemantics();
    auto widen = [&](APFloat v) {
      bool lost;
      v.convert(sem, APFloat::rmNearestTiesToEven, &lost);
      return v;
    };
    SmallVector<APFloat> av(a.getValues<APFloat>()), bv(b.getValues<APFloat>());
    SmallVector<APFloat> result(c.getValues<APFloat>());
    for (int64_t p = 0; p < batch; ++p)
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          APFloat &acc = result[(p * m + i) * n + j];
          for (int64_t q = 0; q < k; ++q) {
            APFloat prod = widen(av[(p * m + i) * k + q]);
            prod.multiply(widen(bv[(p * k + q) * n + j]),
                          APFloat::rmNearestTiesToEven);
            acc.add(prod, APFloat::rmNearestTiesToEven);
          }
        }
    return DenseElementsAttr::get(type, result);
  }

  unsigned width = accType.getIntOrFloatBitWidth();
  auto extend = [&](const APInt &v, std::optional<Signedness> s) {
    bool isSigned = !s || *s == Signedness::Signed;
    return isSigned ? v.sextOrTrunc(width) : v.zextOrTrunc(width);
  };
  SmallVector<APInt> av(a.getValues<APInt>()), bv(b.getValues<APInt>());
  SmallVector<APInt> result(c.getValues<APInt>());
  for (int64_t p = 0; p < batch; ++p)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        APInt &acc = result[(p * m + i) * n + j];
        for (int64_t q = 0; q < k; ++q)
          acc += extend(av[(p * m + i) * k + q], op.getSignednessA()) *
                 extend(bv[(p * k + q) * n + j], op.getSignednessB());
      }
  return DenseElementsAttr::get(type, result);
}

OpFoldResult DotOp::fold(FoldAdaptor adaptor) {
  // Scale factors change the products; leave block-scaled MMA alone.
  if (getSfa() || getSfb())
    return {};
  // 0 * B + C == C, unless NaN propagation was requested (0 * inf is NaN).
  bool keepNan = getPropagateNan() == PropagateNan::All;
  if (!keepNan && getC().getType() == getType() &&
      (isZeroAttr(adaptor.getA()) || isZeroAttr(adaptor.getB())))
    return getC();
  auto a = dyn_cast_if_present<DenseElementsAttr>(adaptor.getA());
  auto b = dyn_cast_if_present<DenseElementsAttr>(adaptor.getB());
  auto c = dyn_cast_if_present<DenseElementsAttr>(adaptor.getC());
  if (!a || !b || !c)
    return {};
  return foldConstantDot(*this, a, b, c);
}

//===----------------------------------------------------------------------===//
// conv_dot and collectives
//===----------------------------------------------------------------------===//

LogicalResult ConvDotOp::verify() {
  if (!getConvParams().isConsistent())
    return emitOpError("expects conv params size matched with each other");
  if (getAcc().getType() != getType())
    return emitOpError("expects the result type to match the accumulator");
  return success();
}

// Checks a combiner body: 2 * N scalar arguments (accumulators then values),
// yielding N values of the operands' element types.
static LogicalResult verifyCombiner(Operation *op, Region &body,
                                    ValueRange operands) {
  Block &block = body.front();
  if (block.getNumArguments() != 2 * operands.size())
    return op->emitOpError("expects the combiner to take ")
           << 2 * operands.size() << " arguments, but got "
           << block.getNumArguments();
  for (auto [i, operand] : llvm::enumerate(operands)) {
    Type element = getTileElementType(operand.getType());
    if (block.getArgument(i).getType() != element ||
        block.getArgument(i + operands.size()).getType() != element)
      return op->emitOpError("expects combiner argument types to match the "
                             "operand element types");
  }
  // A foreign terminator is reported by SingleBlockImplicitTerminator.
  Operation *terminator = &block.back();
  if (!isa<YieldOp>(terminator))
    return success();
  if (terminator->getNumOperands() != operands.size())
    return op->emitOpError("expects the combiner to yield ")
           << operands.size() << " values";
  for (auto [value, operand] : llvm::zip(terminator->getOperands(), operands))
    if (value.getType() != getTileElementType(operand.getType()))
      return op->emitOpError("expects the combiner to yield the operand "
                             "element types");
  return success();
}

static LogicalResult verifyAxis(Operation *op, ValueRange operands,
                                int32_t axis) {
  if (operands.empty())
    return op->emitOpError("expects at least one operand");
  for (Value operand : operands) {
    int64_t rank = cast<RankedTensorType>(operand.getType()).getRank();
    if (axis < 0 || axis >= rank)
      return op->emitOpError("expects axis ")
             << axis << " to be within the operand rank " << rank;
  }
  return success();
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyAxis(*this, getOperands(), getAxis())))
    return failure();
  if (getNumResults() != getOperands().size())
    return emitOpError("expects one result per operand");
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    auto type = cast<RankedTensorType>(operand.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape.erase(shape.begin() + getAxis());
    Type expected =
        shape.empty()
            ? type.getElementType()
            : Type(RankedTensorType::get(shape, type.getElementType()));
    if (result.getType() != expected)
      return emitOpError("expects result type ")
             << expected << ", but got " << result.getType();
  }
  return verifyCombiner(*this, getBody(), getOperands());
}

LogicalResult ScanOp::verify() {
  if (failed(verifyAxis(*this, getOperands(), getAxis())))
    return failure();
  if (TypeRange(getResults()) != TypeRange(getOperands()))
    return emitOpError("expects results to have the operand types");
  return verifyCombiner(*this, getBody(), getOperands());
}

LogicalResult HistogramOp::verify() {
  if (getSrc().getType().getRank() != 1 || getType().getRank() != 1)
    return emitOpError("expects rank-1 source and result tiles");
  return success();
}
