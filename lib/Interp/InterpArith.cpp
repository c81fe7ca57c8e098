//===- InterpArith.cpp - interpreter semantics of arithmetic ops ----------===//
//
// Elementwise integer, floating-point, math and conversion ops. Floating-point
// results are computed with APFloat in the element type's own format and the
// op's rounding mode (for f16/bf16 this equals the spec's "emulated in f32"
// result for +, -, *, / and fma, since f32 carries more than twice their
// precision); transcendental functions are evaluated in double and rounded.
//
//===----------------------------------------------------------------------===//
#include "Interp/Interpreter.h"
#include "Interp/LowPrecision.h"

#include "CudaTile/IR/CudaTileDialect.h"

#include "llvm/ADT/APSInt.h"

#include <cmath>

using namespace mlir;
using namespace tilecc::interp;
namespace ct = mlir::cuda_tile;
using llvm::APFloat;
using llvm::RoundingMode;

namespace {

/// The rounding mode an op asks for (its `rounding_mode` attribute), mapped
/// to APFloat's; approximate and full modes round to nearest.
RoundingMode roundingOf(Operation *op, StringRef name = "rounding_mode") {
  auto attr = op->getAttrOfType<ct::RoundingModeAttr>(name);
  if (!attr)
    return RoundingMode::NearestTiesToEven;
  switch (attr.getValue()) {
  case ct::RoundingMode::Zero:
  case ct::RoundingMode::NearestIntToZero:
    return RoundingMode::TowardZero;
  case ct::RoundingMode::NegativeInf:
    return RoundingMode::TowardNegative;
  case ct::RoundingMode::PositiveInf:
    return RoundingMode::TowardPositive;
  default:
    return RoundingMode::NearestTiesToEven;
  }
}

bool isSigned(Operation *op) {
  auto attr = op->getAttrOfType<ct::SignednessAttr>("signedness");
  return !attr || attr.getValue() == ct::Signedness::Signed;
}

Type elementTypeOf(Value value) {
  return cast<ct::TileType>(value.getType()).getElementType();
}

/// Flushes a subnormal to a zero of the same sign (flush_to_zero).
APFloat flushSubnormal(APFloat value) {
  if (value.isDenormal())
    return APFloat::getZero(value.getSemantics(), value.isNegative());
  return value;
}

/// Bits per element of a pack/unpack's wide side. tf32 (19 bits kept in a
/// 32-bit container) has no lowering in the compiler and is refused alike.
FailureOr<unsigned> bitsPerElement(Operation *op, Type elementType) {
  if (isa<FloatTF32Type>(elementType))
    return op->emitOpError("on tf32 elements is not supported by tilecc yet");
  return getBitWidth(elementType);
}

/// Applies `fn` to every element of the op's operands and stores the result.
template <typename Fn>
LogicalResult mapElements(Operation *op, BlockExecution &exec, Fn fn) {
  Value result = op->getResult(0);
  auto resultType = cast<ct::TileType>(result.getType());
  Tile out(resultType.getShape(), resultType.getElementType());
  llvm::SmallVector<const Tile *, 3> inputs;
  for (Value operand : op->getOperands())
    inputs.push_back(&exec.get(operand));
  for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
    llvm::SmallVector<uint64_t, 3> args;
    for (const Tile *input : inputs)
      args.push_back(input->bits[i]);
    std::optional<uint64_t> value = fn(args);
    if (!value)
      return failure();
    out.bits[i] = *value;
  }
  exec.set(result, std::move(out));
  return success();
}

/// Floating-point elementwise op over APFloat values of the element type.
template <typename Fn>
LogicalResult mapFloat(Operation *op, BlockExecution &exec, Fn fn) {
  Type type = elementTypeOf(op->getOperand(0));
  bool ftz = op->hasAttr("flush_to_zero");
  return mapElements(op, exec, [&](ArrayRef<uint64_t> args) -> std::optional<uint64_t> {
    llvm::SmallVector<APFloat, 3> values;
    for (uint64_t bits : args) {
      APFloat v = toAPFloat(type, bits);
      values.push_back(ftz ? flushSubnormal(v) : v);
    }
    APFloat result = fn(values);
    return fromAPFloat(ftz ? flushSubnormal(result) : result);
  });
}

/// A math function evaluated in double and rounded to the element type with
/// the op's rounding mode; flush_to_zero flushes subnormal operands and
/// results, as for the arithmetic ops.
template <typename Fn>
LogicalResult mapMath(Operation *op, BlockExecution &exec, Fn fn) {
  Type type = elementTypeOf(op->getOperand(0));
  bool ftz = op->hasAttr("flush_to_zero");
  RoundingMode mode = roundingOf(op);
  return mapElements(op, exec, [&](ArrayRef<uint64_t> args) -> std::optional<uint64_t> {
    llvm::SmallVector<double, 2> values;
    for (uint64_t bits : args) {
      APFloat v = toAPFloat(type, bits);
      if (ftz)
        v = flushSubnormal(v);
      values.push_back(decodeFloat(type, fromAPFloat(v)));
    }
    uint64_t result = encodeFloat(type, fn(values), mode);
    return ftz ? fromAPFloat(flushSubnormal(toAPFloat(type, result))) : result;
  });
}

/// Integer elementwise op on the raw (zero-extended) operand bits.
template <typename Fn>
LogicalResult mapInt(Operation *op, BlockExecution &exec, Fn fn) {
  Type type = elementTypeOf(op->getOperand(0));
  return mapElements(op, exec, [&](ArrayRef<uint64_t> args) -> std::optional<uint64_t> {
    std::optional<uint64_t> result = fn(type, args);
    if (!result)
      return std::nullopt;
    return truncateToWidth(elementTypeOf(op->getResult(0)), *result);
  });
}

APFloat binary(APFloat a, const APFloat &b,
               APFloat::opStatus (APFloat::*fn)(const APFloat &, RoundingMode),
               RoundingMode mode) {
  (a.*fn)(b, mode);
  return a;
}

/// IEEE maximum/minimum as PTX max/min: a NaN operand yields the other
/// operand unless NaNs propagate; +0 is greater than -0.
APFloat minMax(const APFloat &a, const APFloat &b, bool isMax, bool propagateNan) {
  if (a.isNaN() || b.isNaN()) {
    if (propagateNan || (a.isNaN() && b.isNaN()))
      return APFloat::getNaN(a.getSemantics());
    return a.isNaN() ? b : a;
  }
  if (a.isZero() && b.isZero())
    return (a.isNegative() == isMax) ? b : a;
  APFloat::cmpResult order = a.compare(b);
  bool pickA = isMax ? order == APFloat::cmpGreaterThan : order == APFloat::cmpLessThan;
  return pickA ? a : b;
}

bool comparePredicate(ct::ComparisonPredicate predicate, int order) {
  switch (predicate) {
  case ct::ComparisonPredicate::Equal: return order == 0;
  case ct::ComparisonPredicate::NotEqual: return order != 0;
  case ct::ComparisonPredicate::LessThan: return order < 0;
  case ct::ComparisonPredicate::LessThanOrEqual: return order <= 0;
  case ct::ComparisonPredicate::GreaterThan: return order > 0;
  case ct::ComparisonPredicate::GreaterThanOrEqual: return order >= 0;
  }
  return false;
}

/// Rounds a real value to an integer with APFloat rounding `mode` and
/// saturates it to the integer type, NaN giving zero (PTX cvt semantics).
uint64_t floatToInt(const APFloat &value, Type intType, bool isSignedResult,
                    RoundingMode mode) {
  unsigned width = getBitWidth(intType);
  if (value.isNaN())
    return 0;
  llvm::APSInt result(width, /*isUnsigned=*/!isSignedResult);
  bool exact;
  value.convertToInteger(result, mode, &exact); // saturates on overflow
  return truncateToWidth(intType, result.getZExtValue());
}

LogicalResult divideByZero(Operation *op) {
  return op->emitError("integer division by zero in the reference interpreter");
}

} // namespace

void tilecc::interp::registerArithHandlers(OpHandlerRegistry &registry) {
  //===--------------------------------------------------------------------===//
  // Integer
  //===--------------------------------------------------------------------===//
  auto intBinary = [&](auto tag, auto fn) {
    using OpTy = decltype(tag);
    registry.add<OpTy>([fn](Operation *op, BlockExecution &exec) {
      return mapInt(op, exec, [&](Type type, ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
        return fn(op, type, a[0], a[1]);
      });
    });
  };
  intBinary(ct::AddIOp(), [](Operation *, Type, uint64_t a, uint64_t b) -> std::optional<uint64_t> { return a + b; });
  intBinary(ct::SubIOp(), [](Operation *, Type, uint64_t a, uint64_t b) -> std::optional<uint64_t> { return a - b; });
  intBinary(ct::MulIOp(), [](Operation *, Type, uint64_t a, uint64_t b) -> std::optional<uint64_t> { return a * b; });
  intBinary(ct::AndIOp(), [](Operation *, Type, uint64_t a, uint64_t b) -> std::optional<uint64_t> { return a & b; });
  intBinary(ct::OrIOp(), [](Operation *, Type, uint64_t a, uint64_t b) -> std::optional<uint64_t> { return a | b; });
  intBinary(ct::XOrIOp(), [](Operation *, Type, uint64_t a, uint64_t b) -> std::optional<uint64_t> { return a ^ b; });
  intBinary(ct::MulhiIOp(), [](Operation *, Type type, uint64_t a, uint64_t b) -> std::optional<uint64_t> {
    unsigned width = getBitWidth(type);
    llvm::APInt x(width, a), y(width, b);
    return (x.zext(2 * width) * y.zext(2 * width)).lshr(width).trunc(width).getZExtValue();
  });
  intBinary(ct::ShLIOp(), [](Operation *, Type type, uint64_t a, uint64_t b) -> std::optional<uint64_t> {
    uint64_t amount = decodeUnsigned(type, b);
    return amount >= getBitWidth(type) ? 0 : a << amount;
  });
  intBinary(ct::ShRIOp(), [](Operation *op, Type type, uint64_t a, uint64_t b) -> std::optional<uint64_t> {
    unsigned width = getBitWidth(type);
    uint64_t amount = std::min<uint64_t>(decodeUnsigned(type, b), width);
    if (isSigned(op)) {
      int64_t v = decodeSigned(type, a);
      return static_cast<uint64_t>(amount >= 64 ? (v < 0 ? -1 : 0) : v >> std::min<uint64_t>(amount, 63));
    }
    return amount >= width ? 0 : decodeUnsigned(type, a) >> amount;
  });
  intBinary(ct::MaxIOp(), [](Operation *op, Type type, uint64_t a, uint64_t b) -> std::optional<uint64_t> {
    if (isSigned(op))
      return decodeSigned(type, a) >= decodeSigned(type, b) ? a : b;
    return decodeUnsigned(type, a) >= decodeUnsigned(type, b) ? a : b;
  });
  intBinary(ct::MinIOp(), [](Operation *op, Type type, uint64_t a, uint64_t b) -> std::optional<uint64_t> {
    if (isSigned(op))
      return decodeSigned(type, a) <= decodeSigned(type, b) ? a : b;
    return decodeUnsigned(type, a) <= decodeUnsigned(type, b) ? a : b;
  });
  intBinary(ct::DivIOp(), [](Operation *op, Type type, uint64_t a, uint64_t b) -> std::optional<uint64_t> {
    if (decodeUnsigned(type, b) == 0) {
      (void)divideByZero(op);
      return std::nullopt;
    }
    RoundingMode mode = roundingOf(op, "rounding");
    if (!isSigned(op)) {
      uint64_t x = decodeUnsigned(type, a), y = decodeUnsigned(type, b);
      uint64_t q = x / y;
      if (mode == RoundingMode::TowardPositive && q * y != x)
        ++q;
      return q;
    }
    int64_t x = decodeSigned(type, a), y = decodeSigned(type, b);
    if (y == -1)
      return static_cast<uint64_t>(0) - static_cast<uint64_t>(x); // wraps at INT_MIN
    int64_t q = x / y, r = x % y;
    bool inexact = r != 0, negative = (x < 0) != (y < 0);
    if (inexact && mode == RoundingMode::TowardNegative && negative)
      --q;
    if (inexact && mode == RoundingMode::TowardPositive && !negative)
      ++q;
    return static_cast<uint64_t>(q);
  });
  intBinary(ct::RemIOp(), [](Operation *op, Type type, uint64_t a, uint64_t b) -> std::optional<uint64_t> {
    if (decodeUnsigned(type, b) == 0) {
      (void)divideByZero(op);
      return std::nullopt;
    }
    if (!isSigned(op))
      return decodeUnsigned(type, a) % decodeUnsigned(type, b);
    int64_t y = decodeSigned(type, b);
    if (y == -1)
      return 0;
    return static_cast<uint64_t>(decodeSigned(type, a) % y);
  });
  registry.add<ct::AbsIOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapInt(op, exec, [](Type type, ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      int64_t v = decodeSigned(type, a[0]);
      return static_cast<uint64_t>(v < 0 ? -static_cast<uint64_t>(v) : v);
    });
  });
  registry.add<ct::NegIOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapInt(op, exec, [](Type, ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      return 0 - a[0];
    });
  });
  registry.add<ct::CmpIOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto cmp = cast<ct::CmpIOp>(op);
    Type type = elementTypeOf(cmp.getLhs());
    bool isSignedCmp = isSigned(op);
    ct::ComparisonPredicate predicate = cmp.getComparisonPredicate();
    return mapElements(op, exec, [&](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      int order;
      if (isSignedCmp) {
        int64_t x = decodeSigned(type, a[0]), y = decodeSigned(type, a[1]);
        order = x < y ? -1 : (x > y ? 1 : 0);
      } else {
        uint64_t x = decodeUnsigned(type, a[0]), y = decodeUnsigned(type, a[1]);
        order = x < y ? -1 : (x > y ? 1 : 0);
      }
      return comparePredicate(predicate, order) ? 1 : 0;
    });
  });

  //===--------------------------------------------------------------------===//
  // Floating point
  //===--------------------------------------------------------------------===//
  auto floatBinary = [&](auto tag, auto member) {
    using OpTy = decltype(tag);
    registry.add<OpTy>([member](Operation *op, BlockExecution &exec) {
      RoundingMode mode = roundingOf(op);
      return mapFloat(op, exec, [&](ArrayRef<APFloat> v) {
        return binary(v[0], v[1], member, mode);
      });
    });
  };
  floatBinary(ct::AddFOp(), &APFloat::add);
  floatBinary(ct::SubFOp(), &APFloat::subtract);
  floatBinary(ct::MulFOp(), &APFloat::multiply);
  floatBinary(ct::DivFOp(), &APFloat::divide);
  registry.add<ct::FmaOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    RoundingMode mode = roundingOf(op);
    return mapFloat(op, exec, [&](ArrayRef<APFloat> v) {
      APFloat r = v[0];
      r.fusedMultiplyAdd(v[1], v[2], mode);
      return r;
    });
  });
  registry.add<ct::RemFOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapFloat(op, exec, [](ArrayRef<APFloat> v) {
      APFloat r = v[0];
      r.mod(v[1]); // C fmod: the sign of the dividend
      return r;
    });
  });
  registry.add<ct::MaxFOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    bool propagate = op->hasAttr("propagate_nan");
    return mapFloat(op, exec, [&](ArrayRef<APFloat> v) { return minMax(v[0], v[1], true, propagate); });
  });
  registry.add<ct::MinFOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    bool propagate = op->hasAttr("propagate_nan");
    return mapFloat(op, exec, [&](ArrayRef<APFloat> v) { return minMax(v[0], v[1], false, propagate); });
  });
  registry.add<ct::AbsFOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapFloat(op, exec, [](ArrayRef<APFloat> v) { return llvm::abs(v[0]); });
  });
  registry.add<ct::NegFOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapFloat(op, exec, [](ArrayRef<APFloat> v) { return -v[0]; });
  });
  registry.add<ct::CeilOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapFloat(op, exec, [](ArrayRef<APFloat> v) {
      APFloat r = v[0];
      r.roundToIntegral(RoundingMode::TowardPositive);
      return r;
    });
  });
  registry.add<ct::FloorOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapFloat(op, exec, [](ArrayRef<APFloat> v) {
      APFloat r = v[0];
      r.roundToIntegral(RoundingMode::TowardNegative);
      return r;
    });
  });
  registry.add<ct::SqrtOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    // The double square root of a narrower float is exact or at least one
    // double ulp away from every value of the narrower format, so rounding
    // it with the op's mode gives the correctly rounded result. In f64 the
    // rounded-to-nearest root is moved one step when its square falls on
    // the wrong side of the operand for a directed mode.
    Type type = elementTypeOf(op->getOperand(0));
    RoundingMode mode = roundingOf(op);
    return mapMath(op, exec, [type, mode](ArrayRef<double> v) {
      double r = std::sqrt(v[0]);
      if (!type.isF64() || !std::isfinite(r) || r == 0)
        return r;
      double residual = std::fma(r, r, -v[0]); // r*r - x, exact
      if (mode == RoundingMode::TowardPositive && residual < 0)
        return std::nextafter(r, INFINITY);
      if ((mode == RoundingMode::TowardNegative ||
           mode == RoundingMode::TowardZero) && residual > 0)
        return std::nextafter(r, 0.0);
      return r;
    });
  });
  auto math = [&](auto tag, double (*fn)(double)) {
    using OpTy = decltype(tag);
    registry.add<OpTy>([fn](Operation *op, BlockExecution &exec) {
      return mapMath(op, exec, [&](ArrayRef<double> v) { return fn(v[0]); });
    });
  };
  math(ct::ExpOp(), [](double x) { return std::exp(x); });
  math(ct::Exp2Op(), [](double x) { return std::exp2(x); });
  math(ct::LogOp(), [](double x) { return std::log(x); });
  math(ct::Log2Op(), [](double x) { return std::log2(x); });
  math(ct::RsqrtOp(), [](double x) { return 1.0 / std::sqrt(x); });
  math(ct::SinOp(), [](double x) { return std::sin(x); });
  math(ct::CosOp(), [](double x) { return std::cos(x); });
  math(ct::TanOp(), [](double x) { return std::tan(x); });
  math(ct::SinHOp(), [](double x) { return std::sinh(x); });
  math(ct::CosHOp(), [](double x) { return std::cosh(x); });
  math(ct::TanHOp(), [](double x) { return std::tanh(x); });
  registry.add<ct::PowOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapMath(op, exec, [](ArrayRef<double> v) { return std::pow(v[0], v[1]); });
  });
  // x^n for a signed integer n, evaluated in double and rounded once.
  registry.add<ct::FPowIOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto powi = cast<ct::FPowIOp>(op);
    Type type = elementTypeOf(powi.getSource());
    Type exponentType = elementTypeOf(powi.getExponent());
    return mapElements(op, exec, [&](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      double x = decodeFloat(type, a[0]);
      int64_t n = decodeSigned(exponentType, a[1]);
      return encodeFloat(type, std::pow(x, double(n)), RoundingMode::NearestTiesToEven);
    });
  });
  registry.add<ct::Atan2Op>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapMath(op, exec, [](ArrayRef<double> v) { return std::atan2(v[0], v[1]); });
  });
  registry.add<ct::CmpFOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto cmp = cast<ct::CmpFOp>(op);
    Type type = elementTypeOf(cmp.getLhs());
    bool ordered = cmp.getComparisonOrdering() == ct::ComparisonOrdering::Ordered;
    ct::ComparisonPredicate predicate = cmp.getComparisonPredicate();
    return mapElements(op, exec, [&](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      APFloat x = toAPFloat(type, a[0]), y = toAPFloat(type, a[1]);
      APFloat::cmpResult order = x.compare(y);
      if (order == APFloat::cmpUnordered)
        return ordered ? 0 : 1;
      int o = order == APFloat::cmpLessThan ? -1 : (order == APFloat::cmpGreaterThan ? 1 : 0);
      return comparePredicate(predicate, o) ? 1 : 0;
    });
  });
  registry.add<ct::SelectOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return mapElements(op, exec, [](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      return (a[0] & 1) ? a[1] : a[2];
    });
  });

  //===--------------------------------------------------------------------===//
  // Conversions
  //===--------------------------------------------------------------------===//
  registry.add<ct::ExtIOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    Type from = elementTypeOf(op->getOperand(0));
    Type to = elementTypeOf(op->getResult(0));
    bool sext = isSigned(op);
    return mapElements(op, exec, [&](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      uint64_t v = sext ? static_cast<uint64_t>(decodeSigned(from, a[0])) : a[0];
      return truncateToWidth(to, v);
    });
  });
  registry.add<ct::TruncIOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    Type to = elementTypeOf(op->getResult(0));
    return mapElements(op, exec, [&](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      return truncateToWidth(to, a[0]);
    });
  });
  registry.add<ct::FToFOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    Type from = elementTypeOf(op->getOperand(0));
    Type to = elementTypeOf(op->getResult(0));
    RoundingMode mode = roundingOf(op);
    return mapElements(op, exec, [&](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      return roundToFloat(toAPFloat(from, a[0]), to, mode);
    });
  });
  registry.add<ct::IToFOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    Type from = elementTypeOf(op->getOperand(0));
    Type to = elementTypeOf(op->getResult(0));
    bool fromSigned = isSigned(op);
    return mapElements(op, exec, [&](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      return intToFloat(llvm::APInt(getBitWidth(from), a[0]), fromSigned, to);
    });
  });
  registry.add<ct::FToIOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    Type from = elementTypeOf(op->getOperand(0));
    Type to = elementTypeOf(op->getResult(0));
    RoundingMode mode = roundingOf(op);
    if (auto attr = op->getAttrOfType<ct::RoundingModeAttr>("rounding_mode");
        attr && attr.getValue() == ct::RoundingMode::NearestEven)
      mode = RoundingMode::NearestTiesToEven;
    bool toSigned = isSigned(op);
    return mapElements(op, exec, [&](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
      return floatToInt(toAPFloat(from, a[0]), to, toSigned, mode);
    });
  });
  auto reinterpret = [&](auto tag) {
    using OpTy = decltype(tag);
    registry.add<OpTy>([](Operation *op, BlockExecution &exec) -> LogicalResult {
      Type to = elementTypeOf(op->getResult(0));
      return mapElements(op, exec, [&](ArrayRef<uint64_t> a) -> std::optional<uint64_t> {
        return truncateToWidth(to, a[0]);
      });
    });
  };
  reinterpret(ct::BitcastOp());
  reinterpret(ct::IntToPtrOp());
  reinterpret(ct::PtrToIntOp());
  reinterpret(ct::PtrToPtrOp());
  // pack / unpack: the wide tile is a little-endian bit stream: element i
  // holds bits [i*W, i*W+W) and byte j bits [8j, 8j+8). Wide elements are
  // split least significant byte first; sub-byte elements share a byte,
  // the first in the least significant bits (the low nibble for 4-bit
  // types, as PTX's e2m1x2 and CUDA's __nv_fp4x2_e2m1 store them).
  registry.add<ct::PackOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    const Tile &in = exec.get(op->getOperand(0));
    FailureOr<unsigned> width = bitsPerElement(op, in.elementType);
    if (failed(width))
      return failure();
    auto type = cast<ct::TileType>(op->getResult(0).getType());
    Tile out(type.getShape(), type.getElementType());
    for (int64_t i = 0, e = in.getNumElements(); i < e; ++i)
      for (unsigned k = 0; k < *width; ++k) {
        uint64_t bit = i * *width + k;
        out.bits[bit / 8] |= ((in.bits[i] >> k) & 1) << (bit % 8);
      }
    exec.set(op->getResult(0), std::move(out));
    return success();
  });
  registry.add<ct::UnpackOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    const Tile &in = exec.get(op->getOperand(0));
    auto type = cast<ct::TileType>(op->getResult(0).getType());
    FailureOr<unsigned> width = bitsPerElement(op, type.getElementType());
    if (failed(width))
      return failure();
    Tile out(type.getShape(), type.getElementType());
    for (int64_t i = 0, e = out.getNumElements(); i < e; ++i)
      for (unsigned k = 0; k < *width; ++k) {
        uint64_t bit = i * *width + k;
        out.bits[i] |= ((in.bits[bit / 8] >> (bit % 8)) & 1) << k;
      }
    exec.set(op->getResult(0), std::move(out));
    return success();
  });
}
