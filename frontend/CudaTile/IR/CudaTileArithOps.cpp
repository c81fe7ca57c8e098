//===- CudaTileArithOps.cpp - arithmetic, math and conversion ops ---------===//
//
// Custom assembly directives for the modifiers of the arithmetic family and
// the op verifiers. Folders and canonicalization patterns are in
// CudaTileArithFolds.cpp.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileArithOps.h"
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

Type mlir::cuda_tile::getI1TileLike(Type type) {
  auto tile = dyn_cast<TileType>(type);
  if (!tile)
    return Type();
  return TileType::get(tile.getShape(), IntegerType::get(type.getContext(), 1));
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// Parses a keyword naming one case of an enum. A missing keyword reports both
/// the generic keyword error and the list of accepted spellings, like the
/// public dialect does.
template <typename EnumT>
static ParseResult parseEnumKeyword(OpAsmParser &parser, StringRef what,
                                    ArrayRef<StringRef> spellings,
                                    EnumT &result) {
  SMLoc loc = parser.getCurrentLocation();
  auto listError = [&]() -> ParseResult {
    InFlightDiagnostic diag = parser.emitError(loc, "expected ");
    diag << what << " to be one of: {";
    llvm::interleave(
        spellings, [&](StringRef s) { diag << "'" << s << "'"; },
        [&] { diag << ", "; });
    diag << "}";
    return failure();
  };
  StringRef keyword;
  if (parser.parseKeyword(&keyword)) {
    (void)listError();
    return failure();
  }
  std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword);
  if (!value)
    return listError();
  result = *value;
  return success();
}

ParseResult mlir::cuda_tile::parseSignedness(OpAsmParser &parser,
                                             SignednessAttr &attr) {
  Signedness value;
  if (parseEnumKeyword<Signedness>(parser, "signedness", {"signed", "unsigned"}, value))
    return failure();
  attr = SignednessAttr::get(parser.getContext(), value);
  return success();
}

void mlir::cuda_tile::printSignedness(OpAsmPrinter &printer, Operation *,
                                      SignednessAttr attr) {
  printer << stringifySignedness(attr.getValue());
}

ParseResult mlir::cuda_tile::parseComparisonPredicate(
    OpAsmParser &parser, ComparisonPredicateAttr &attr) {
  ComparisonPredicate value;
  if (parseEnumKeyword<ComparisonPredicate>(
          parser, "'comparison_predicate'",
          {"equal", "not_equal", "less_than", "less_than_or_equal",
           "greater_than", "greater_than_or_equal"},
          value))
    return failure();
  attr = ComparisonPredicateAttr::get(parser.getContext(), value);
  return success();
}

void mlir::cuda_tile::printComparisonPredicate(OpAsmPrinter &printer,
                                               Operation *,
                                               ComparisonPredicateAttr attr) {
  printer << stringifyComparisonPredicate(attr.getValue());
}

ParseResult mlir::cuda_tile::parseComparisonOrdering(
    OpAsmParser &parser, ComparisonOrderingAttr &attr) {
  ComparisonOrdering value;
  if (parseEnumKeyword<ComparisonOrdering>(
          parser, "'comparison_ordering'", {"ordered", "unordered"},
          value))
    return failure();
  attr = ComparisonOrderingAttr::get(parser.getContext(), value);
  return success();
}

void mlir::cuda_tile::printComparisonOrdering(OpAsmPrinter &printer,
                                              Operation *,
                                              ComparisonOrderingAttr attr) {
  printer << stringifyComparisonOrdering(attr.getValue());
}

static constexpr RoundingMode kIEEEModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf};
static constexpr RoundingMode kSqrtModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf, RoundingMode::Approx};
static constexpr RoundingMode kDivFModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf, RoundingMode::Approx, RoundingMode::Full};
static constexpr RoundingMode kIntegerModes[] = {RoundingMode::NearestIntToZero};
static constexpr RoundingMode kApproxModes[] = {RoundingMode::Approx,
                                                RoundingMode::Full};
static constexpr RoundingMode kDivIModes[] = {
    RoundingMode::Zero, RoundingMode::NegativeInf, RoundingMode::PositiveInf};

/// Parses an optional `rounding<mode>` restricted to `allowed`; without it the
/// attribute takes `defaultMode`.
static ParseResult parseRounding(OpAsmParser &parser, RoundingModeAttr &attr,
                                 RoundingMode defaultMode,
                                 ArrayRef<RoundingMode> allowed) {
  attr = RoundingModeAttr::get(parser.getContext(), defaultMode);
  if (failed(parser.parseOptionalKeyword("rounding")))
    return success();
  if (parser.parseLess())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<RoundingMode> mode = symbolizeRoundingMode(keyword);
  if (!mode || !llvm::is_contained(allowed, *mode)) {
    InFlightDiagnostic diag =
        parser.emitError(loc, "expected rounding mode to be one of: ");
    llvm::interleave(
        allowed,
        [&](RoundingMode m) { diag << "'" << stringifyRoundingMode(m) << "'"; },
        [&] { diag << ", "; });
    return diag << ", got: '" << keyword << "'";
  }
  attr = RoundingModeAttr::get(parser.getContext(), *mode);
  return parser.parseGreater();
}

/// Prints ` rounding<mode>` (with its leading space) unless it is the default.
static void printRounding(OpAsmPrinter &printer, RoundingModeAttr attr,
                          RoundingMode defaultMode) {
  if (attr && attr.getValue() != defaultMode)
    printer << " rounding<" << stringifyRoundingMode(attr.getValue()) << ">";
}

ParseResult mlir::cuda_tile::parseIEEERoundingMode(OpAsmParser &parser,
                                                   RoundingModeAttr &attr) {
  return parseRounding(parser, attr, RoundingMode::NearestEven, kIEEEModes);
}
void mlir::cuda_tile::printIEEERoundingMode(OpAsmPrinter &printer, Operation *,
                                            RoundingModeAttr attr) {
  printRounding(printer, attr, RoundingMode::NearestEven);
}

ParseResult mlir::cuda_tile::parseDivFRoundingMode(OpAsmParser &parser,
                                                   RoundingModeAttr &attr) {
  return parseRounding(parser, attr, RoundingMode::NearestEven, kDivFModes);
}
void mlir::cuda_tile::printDivFRoundingMode(OpAsmPrinter &printer, Operation *,
                                            RoundingModeAttr attr) {
  printRounding(printer, attr, RoundingMode::NearestEven);
}

ParseResult mlir::cuda_tile::parseSqrtRoundingMode(OpAsmParser &parser,
                                                   RoundingModeAttr &attr) {
  return parseRounding(parser, attr, RoundingMode::NearestEven, kSqrtModes);
}
void mlir::cuda_tile::printSqrtRoundingMode(OpAsmPrinter &printer, Operation *,
                                            RoundingModeAttr attr) {
  printRounding(printer, attr, RoundingMode::NearestEven);
}

ParseResult mlir::cuda_tile::parseIntegerRoundingMode(OpAsmParser &parser,
                                                      RoundingModeAttr &attr) {
  return parseRounding(parser, attr, RoundingMode::NearestIntToZero,
                       kIntegerModes);
}
void mlir::cuda_tile::printIntegerRoundingMode(OpAsmPrinter &printer,
                                               Operation *,
                                               RoundingModeAttr attr) {
  printRounding(printer, attr, RoundingMode::NearestIntToZero);
}

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileArithOps.cpp.inc"

void CudaTileDialect::registerArithOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileArithOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared verification helpers
//===----------------------------------------------------------------------===//

static Type getElementType(Type type) {
  return cast<TileType>(type).getElementType();
}

/// The modifiers `flush_to_zero`, `approx` and `full` exist only for f32.
static LogicalResult verifyF32Only(Operation *op, StringRef modifier,
                                   bool present, Type type) {
  Type element = getElementType(type);
  if (present && !element.isF32())
    return op->emitOpError() << modifier
                             << " modifier only supported for f32 data type, "
                                "but got: "
                             << element;
  return success();
}

static LogicalResult verifyRoundingIn(Operation *op, RoundingMode mode,
                                      ArrayRef<RoundingMode> allowed) {
  if (llvm::is_contained(allowed, mode))
    return success();
  InFlightDiagnostic diag =
      op->emitOpError("invalid rounding mode specified, expect one of [");
  llvm::interleave(
      allowed, [&](RoundingMode m) { diag << stringifyRoundingMode(m); },
      [&] { diag << ", "; });
  return diag << "]";
}

/// Rounding set, then f32-only modifiers, in the public diagnostic order.
static LogicalResult verifyFloatModifiers(Operation *op, RoundingMode mode,
                                          ArrayRef<RoundingMode> allowed,
                                          bool flushToZero, Type type) {
  if (failed(verifyRoundingIn(op, mode, allowed)) ||
      failed(verifyF32Only(op, "flush_to_zero", flushToZero, type)) ||
      failed(verifyF32Only(op, "approx", mode == RoundingMode::Approx, type)) ||
      failed(verifyF32Only(op, "full", mode == RoundingMode::Full, type)))
    return failure();
  return success();
}

static unsigned getElementWidth(Type type) {
  return getElementType(type).getIntOrFloatBitWidth();
}

//===----------------------------------------------------------------------===//
// Integer ops
//===----------------------------------------------------------------------===//

LogicalResult NegIOp::verify() {
  IntegerOverflow overflow = getOverflow();
  if (overflow != IntegerOverflow::None &&
      overflow != IntegerOverflow::NoSignedWrap)
    return emitOpError("'") << stringifyIntegerOverflow(overflow)
                            << "' overflow flag is not supported";
  return success();
}

LogicalResult DivIOp::verify() {
  if (failed(verifyRoundingIn(*this, getRounding(), kDivIModes)))
    return failure();
  if (getRounding() == RoundingMode::NegativeInf &&
      getSignedness() == Signedness::Unsigned)
    return emitOpError(
        "rounding mode 'negative_inf' is not allowed with 'unsigned' flag");
  return success();
}

//===----------------------------------------------------------------------===//
// Floating-point and math ops
//===----------------------------------------------------------------------===//

LogicalResult AddFOp::verify() {
  return verifyFloatModifiers(*this, getRoundingMode(), kIEEEModes,
                              getFlushToZero(), getType());
}

LogicalResult SubFOp::verify() {
  return verifyFloatModifiers(*this, getRoundingMode(), kIEEEModes,
                              getFlushToZero(), getType());
}

LogicalResult MulFOp::verify() {
  return verifyFloatModifiers(*this, getRoundingMode(), kIEEEModes,
                              getFlushToZero(), getType());
}

LogicalResult FmaOp::verify() {
  return verifyFloatModifiers(*this, getRoundingMode(), kIEEEModes,
                              getFlushToZero(), getType());
}

LogicalResult DivFOp::verify() {
  return verifyFloatModifiers(*this, getRoundingMode(), kDivFModes,
                              getFlushToZero(), getType());
}

LogicalResult SqrtOp::verify() {
  return verifyFloatModifiers(*this, getRoundingMode(), kSqrtModes,
                              getFlushToZero(), getType());
}

LogicalResult MaxFOp::verify() {
  return verifyF32Only(*this, "flush_to_zero", getFlushToZero(), getType());
}

LogicalResult MinFOp::verify() {
  return verifyF32Only(*this, "flush_to_zero", getFlushToZero(), getType());
}

LogicalResult Exp2Op::verify() {
  return verifyF32Only(*this, "flush_to_zero", getFlushToZero(), getType());
}

LogicalResult RsqrtOp::verify() {
  return verifyF32Only(*this, "flush_to_zero", getFlushToZero(), getType());
}

/// exp and tanh: `approx` (f32 only) or the default `full` (any float type).
static LogicalResult verifyApproxOrFull(Operation *op, RoundingMode mode,
                                       Type type) {
  if (failed(verifyRoundingIn(op, mode, kApproxModes)))
    return failure();
  return verifyF32Only(op, "approx", mode == RoundingMode::Approx, type);
}

LogicalResult ExpOp::verify() {
  return verifyApproxOrFull(*this, getRoundingMode(), getType());
}

LogicalResult TanHOp::verify() {
  return verifyApproxOrFull(*this, getRoundingMode(), getType());
}

//===----------------------------------------------------------------------===//
// Selection
//===----------------------------------------------------------------------===//

LogicalResult SelectOp::verify() {
  Type element = getElementType(getType());
  if (isa<Float4E2M1FNType>(element))
    return emitOpError("cannot operate on sub-byte type F4E2M1FN");
  if (auto integer = dyn_cast<IntegerType>(element);
      integer && integer.getWidth() > 1 && integer.getWidth() < 8)
    return emitOpError("cannot operate on sub-byte type ") << integer;
  return success();
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

LogicalResult ExtIOp::verify() {
  if (getElementWidth(getFrom().getType()) >= getElementWidth(getType()))
    return emitOpError("extending to smaller or identical integer");
  return success();
}

LogicalResult TruncIOp::verify() {
  if (getElementWidth(getFrom().getType()) <= getElementWidth(getType()))
    return emitOpError("truncating to larger or identical integer");
  return success();
}

LogicalResult FToFOp::verify() {
  if (getFrom().getType() == getType())
    return emitOpError("converting tiles must not be a no-op");
  RoundingMode mode = getRoundingMode();
  if (isa<Float8E8M0FNUType>(getElementType(getType()))) {
    if (mode != RoundingMode::Zero && mode != RoundingMode::PositiveInf)
      return emitOpError("invalid rounding mode specified for conversion to "
                         "f8E8M0FNU. Only 'zero' and 'positive_inf' are "
                         "supported");
    return success();
  }
  if (mode != RoundingMode::NearestEven)
    return emitOpError(
        "invalid rounding mode specified. Only 'nearest_even' is supported");
  return success();
}

LogicalResult IToFOp::verify() {
  if (getRoundingMode() != RoundingMode::NearestEven)
    return emitOpError(
        "invalid rounding mode specified. Only 'nearest_even' is supported");
  if (isa<Float8E8M0FNUType>(getElementType(getType())))
    return emitOpError("integer to f8E8M0FNU conversion is not supported, "
                       "please first convert to another float type");
  return success();
}

LogicalResult FToIOp::verify() {
  if (getRoundingMode() != RoundingMode::NearestIntToZero)
    return emitOpError("invalid rounding mode specified. Only "
                       "'nearest_int_to_zero' is supported");
  return success();
}

LogicalResult BitcastOp::verify() {
  if (getElementWidth(getSource().getType()) != getElementWidth(getType()))
    return emitOpError("types must be equal width");
  return success();
}

/// Bits an element occupies in memory (tf32 is stored in 32 bits).
static int64_t getStorageBits(Type element) {
  if (isa<FloatTF32Type>(element))
    return 32;
  return element.getIntOrFloatBitWidth();
}

/// pack/unpack: rank-1 tiles of different element widths and equal size.
static LogicalResult verifyByteRepack(Operation *op, TileType source,
                                      TileType result) {
  if (source.getRank() != 1)
    return op->emitOpError("expects source and result to be rank-1 tiles");
  int64_t sourceBits = getStorageBits(source.getElementType());
  int64_t resultBits = getStorageBits(result.getElementType());
  if (sourceBits == resultBits)
    return op->emitOpError(
        "expects source and result to have different element type widths");
  int64_t sourceSize = source.getNumElements() * sourceBits;
  int64_t resultSize = result.getNumElements() * resultBits;
  if (sourceSize != resultSize)
    return op->emitOpError("expects source and result to have the same size "
                           "in bytes, but got source tile size ")
           << sourceSize / 8 << " bytes and result tile size "
           << resultSize / 8 << " bytes";
  return success();
}

LogicalResult PackOp::verify() {
  return verifyByteRepack(*this, getSource().getType(), getType());
}

LogicalResult UnpackOp::verify() {
  return verifyByteRepack(*this, getSource().getType(), getType());
}

LogicalResult FPowIOp::verify() {
  auto source = cast<TileType>(getSource().getType());
  auto exponent = cast<TileType>(getExponent().getType());
  if (source.getShape() != exponent.getShape())
    return emitOpError("source and exponent must have the same shape");
  return success();
}
