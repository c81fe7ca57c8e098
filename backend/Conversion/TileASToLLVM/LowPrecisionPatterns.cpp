//===- LowPrecisionPatterns.cpp - f8 / f4 / e8m0 / tf32 conversions -------===//
//
// The narrow float types (f8E4M3FN, f8E5M2, f4E2M1FN, f8E8M0FNU) live in
// registers as integers of their width, tf32 as its f32 bit pattern (i32). Conversions into and out of them go
// through f32, with the rounding rules of the reference interpreter
// (lib/Interp/LowPrecision.h): round to nearest even with saturation to the
// largest finite value, and rz / rp exponent rounding for f8E8M0FNU.
//
// Where the target has the conversion instruction it is used (cvt with
// .e4m3x2 / .e5m2x2 from sm_90 (sm_89 needs PTX 8.1), .e2m1x2 / .ue8m0x2 on
// sm_100a-class devices, .rn.tf32 from sm_90); elsewhere an exact integer
// sequence computes the same bits. An
// f64 source is first narrowed to f32 with round-to-odd (rounding toward
// zero plus a sticky bit), which makes the second rounding exact; for
// f8E8M0FNU both steps round in the same direction.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Target/TargetInfo.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

enum class NarrowKind { E4M3, E5M2, E2M1, UE8M0, TF32 };

std::optional<NarrowKind> getNarrowKind(Type type) {
  if (isa<Float8E4M3FNType>(type))
    return NarrowKind::E4M3;
  if (isa<Float8E5M2Type>(type))
    return NarrowKind::E5M2;
  if (isa<Float4E2M1FNType>(type))
    return NarrowKind::E2M1;
  if (isa<Float8E8M0FNUType>(type))
    return NarrowKind::UE8M0;
  if (isa<FloatTF32Type>(type))
    return NarrowKind::TF32;
  return std::nullopt;
}

bool isNarrow(Type type) { return getNarrowKind(getElementTypeOrSelf(type)).has_value(); }

/// Sign/exponent/mantissa formats with a sign bit (not UE8M0).
struct Format {
  unsigned expBits, manBits;
  int bias;
  uint32_t maxCode; // the largest finite magnitude's code
  uint32_t nanCode; // what NaN converts to
};

Format getFormat(NarrowKind kind) {
  switch (kind) {
  case NarrowKind::E4M3: return {4, 3, 7, 0x7E, 0x7F};
  case NarrowKind::E5M2: return {5, 2, 15, 0x7B, 0x7F};
  case NarrowKind::E2M1: return {2, 1, 1, 0x7, 0x7};
  case NarrowKind::UE8M0: case NarrowKind::TF32: break;
  }
  return {8, 0, 127, 0xFE, 0xFF};
}

/// Register width: tf32 is kept as the f32 bit pattern (low 13 bits zero).
unsigned getWidth(NarrowKind kind) {
  return kind == NarrowKind::E2M1 ? 4 : kind == NarrowKind::TF32 ? 32 : 8;
}

/// Builds the scalar conversions of one register.
class ConversionEmitter {
public:
  ConversionEmitter(OpBuilder &b, Location loc, const ::tilecc::TargetInfo &target)
      : b(b), loc(loc), target(target) {}

  /// `value` (a register of type `from`, narrow types as integers) converted
  /// to `to`; integer results come from arith ops legalized afterwards.
  Value convert(Value value, Type from, Type to, bool isSigned, bool roundUp) {
    // Into f32 (or f64 when that is the source), exactly.
    Value f;
    if (auto kind = getNarrowKind(from))
      f = decode(value, *kind);
    else if (isa<IntegerType>(from))
      f = getNarrowKind(to) == NarrowKind::TF32
              ? intToF32Odd(value, isSigned)
              : isSigned ? Value(LLVM::SIToFPOp::create(b, loc, f32(), value))
                         : Value(LLVM::UIToFPOp::create(b, loc, f32(), value));
    else if (from.isF64())
      f = value;
    else if (!from.isF32())
      f = LLVM::FPExtOp::create(b, loc, f32(), value);
    else
      f = value;

    if (auto kind = getNarrowKind(to)) {
      if (f.getType().isF64())
        f = narrowF64(f, *kind == NarrowKind::UE8M0 ? (roundUp ? "rp" : "rz")
                                                    : "odd");
      return encode(f, *kind, roundUp);
    }
    // Out of a narrow type: the rest is an ordinary conversion of f32.
    if (isa<IntegerType>(to))
      return isSigned ? Value(arith::FPToSIOp::create(b, loc, to, f))
                      : Value(arith::FPToUIOp::create(b, loc, to, f));
    if (to.isF64())
      return LLVM::FPExtOp::create(b, loc, to, f);
    if (to.isF32())
      return f;
    return arith::TruncFOp::create(b, loc, to, f);
  }

private:
  Type f32() { return b.getF32Type(); }
  Type i32() { return b.getI32Type(); }
  Value c32(int64_t v) { return createI32(b, loc, v); }
  Value cmp(LLVM::ICmpPredicate p, Value x, Value y) {
    return LLVM::ICmpOp::create(b, loc, p, x, y);
  }
  Value sel(Value c, Value x, Value y) { return LLVM::SelectOp::create(b, loc, c, x, y); }
  Value shl(Value x, int64_t n) { return LLVM::ShlOp::create(b, loc, x, c32(n)); }
  Value lshr(Value x, int64_t n) { return LLVM::LShrOp::create(b, loc, x, c32(n)); }
  Value andI(Value x, int64_t m) { return LLVM::AndOp::create(b, loc, x, c32(m)); }
  Value orI(Value x, Value y) { return LLVM::OrOp::create(b, loc, x, y); }
  Value add(Value x, Value y) { return LLVM::AddOp::create(b, loc, x, y); }
  Value bitsOf(Value f) { return LLVM::BitcastOp::create(b, loc, i32(), f); }
  Value floatOf(Value i) { return LLVM::BitcastOp::create(b, loc, f32(), i); }
  Value umin(Value x, int64_t m) {
    return sel(cmp(LLVM::ICmpPredicate::ugt, x, c32(m)), c32(m), x);
  }

  /// One PTX instruction with register operands.
  Value asmOp(Type result, StringRef text, StringRef constraints,
              ValueRange operands) {
    return createInlinePtx(b, loc, result, operands, text, constraints, false)
        .getResult(0);
  }

  /// cvt .e4m3x2/.e5m2x2: sm_90+, or sm_89 with PTX 8.1.
  bool hasFp8Cvt() const {
    return target.smVersion >= 90 ||
           (target.smVersion == 89 && target.ptxVersion >= 81);
  }
  bool hasFp4Cvt() const {
    return target.has(::tilecc::TargetFeature::Fp4) &&
           target.variant != ::tilecc::ArchVariant::FamilySpecific;
  }

  /// f64 -> f32 rounded toward zero / +inf, or to odd (toward zero, with
  /// the last bit set when the result is inexact).
  Value narrowF64(Value d, StringRef mode) {
    StringRef rounding = mode == "rp" ? "rp" : "rz";
    Value f = asmOp(f32(), ("cvt." + rounding + ".f32.f64 $0, $1;").str(),
                    "=f,d", d);
    if (mode != "odd")
      return f;
    Value back = LLVM::FPExtOp::create(b, loc, b.getF64Type(), f);
    Value inexact = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::une, back, d);
    Value sticky = LLVM::ZExtOp::create(b, loc, i32(), inexact);
    return floatOf(orI(bitsOf(f), sticky));
  }

  /// An integer -> f32 rounded to odd (toward zero, the last bit set when
  /// inexact), so that rounding on to tf32 is exact. (Integers reach f8 and
  /// f4 values only below 2^24 or saturated, so those use plain sitofp.)
  Value intToF32Odd(Value x, bool isSigned) {
    unsigned width = x.getType().getIntOrFloatBitWidth();
    Value wide = x;
    if (width < 32)
      wide = isSigned ? Value(LLVM::SExtOp::create(b, loc, i32(), x))
                      : Value(LLVM::ZExtOp::create(b, loc, i32(), x));
    unsigned w = std::max(width, 32u);
    std::string text = llvm::formatv("cvt.rz.f32.{0}{1} $0, $1;",
                                     isSigned ? "s" : "u", w).str();
    Value f = asmOp(f32(), text, w == 64 ? "=f,l" : "=f,r", wide);
    Value back = isSigned ? Value(LLVM::FPToSIOp::create(b, loc, wide.getType(), f))
                          : Value(LLVM::FPToUIOp::create(b, loc, wide.getType(), f));
    Value inexact = cmp(LLVM::ICmpPredicate::ne, back, wide);
    Value sticky = LLVM::ZExtOp::create(b, loc, i32(), inexact);
    return floatOf(orI(bitsOf(f), sticky));
  }

  /// A narrow register (integer of its width) -> f32, exactly.
  Value decode(Value x, NarrowKind kind) {
    if (kind == NarrowKind::TF32) // a loaded f32 pattern: drop the low bits
      return floatOf(andI(x, ~0x1FFF));
    if (kind == NarrowKind::UE8M0 && hasFp4Cvt()) {
      Value h = LLVM::ZExtOp::create(b, loc, b.getI16Type(), x);
      Value pair = asmOp(i32(), "cvt.rn.bf16x2.ue8m0x2 $0, $1;", "=r,h", h);
      return floatOf(shl(pair, 16));
    }
    bool hw = kind == NarrowKind::E2M1 ? hasFp4Cvt()
                                       : kind != NarrowKind::UE8M0 && hasFp8Cvt();
    if (hw) {
      Value h = LLVM::ZExtOp::create(b, loc, b.getI16Type(), x);
      std::string text =
          kind == NarrowKind::E2M1
              ? "{ .reg .b8 t; cvt.u8.u16 t, $1; cvt.rn.f16x2.e2m1x2 $0, t; }"
              : llvm::formatv("cvt.rn.f16x2.{0}x2 $0, $1;",
                              kind == NarrowKind::E4M3 ? "e4m3" : "e5m2")
                    .str();
      Value pair = asmOp(i32(), text, "=r,h", h);
      Value half = LLVM::TruncOp::create(b, loc, b.getI16Type(), pair);
      Value f16 = LLVM::BitcastOp::create(b, loc, b.getF16Type(), half);
      return LLVM::FPExtOp::create(b, loc, f32(), f16);
    }
    Value v = LLVM::ZExtOp::create(b, loc, i32(), x);
    if (kind == NarrowKind::UE8M0) {
      Value normal = shl(v, 23);
      Value bits = sel(cmp(LLVM::ICmpPredicate::eq, v, c32(0)), c32(0x00400000),
                       normal);
      bits = sel(cmp(LLVM::ICmpPredicate::eq, v, c32(0xFF)), c32(0x7FFFFFFF), bits);
      return floatOf(bits);
    }
    // |x| = mantissa * 2^(exponent - bias - manBits), the hidden bit for
    // normal numbers; the product is exact.
    Format fmt = getFormat(kind);
    unsigned m = fmt.manBits, e = fmt.expBits;
    Value sign = andI(lshr(v, e + m), 1);
    Value exp = andI(lshr(v, m), (1 << e) - 1);
    Value man = andI(v, (1 << m) - 1);
    Value isNormal = cmp(LLVM::ICmpPredicate::ne, exp, c32(0));
    Value mantissa = sel(isNormal, orI(man, c32(1 << m)), man);
    Value scaleExp = add(sel(isNormal, exp, c32(1)), c32(127 - fmt.bias - int(m)));
    Value scale = floatOf(shl(scaleExp, 23));
    Value magnitude = LLVM::FMulOp::create(
        b, loc, LLVM::UIToFPOp::create(b, loc, f32(), mantissa), scale);
    Value bits = orI(bitsOf(magnitude), shl(sign, 31));
    Value magnitudeCode = andI(v, (1 << (e + m)) - 1);
    if (kind == NarrowKind::E4M3)
      bits = sel(cmp(LLVM::ICmpPredicate::eq, magnitudeCode, c32(0x7F)),
                 c32(0x7FFFFFFF), bits);
    if (kind == NarrowKind::E5M2) {
      Value special = cmp(LLVM::ICmpPredicate::uge, magnitudeCode, c32(0x7C));
      Value inf = orI(c32(0x7F800000), shl(sign, 31));
      Value isInf = cmp(LLVM::ICmpPredicate::eq, magnitudeCode, c32(0x7C));
      bits = sel(special, sel(isInf, inf, c32(0x7FFFFFFF)), bits);
    }
    return floatOf(bits);
  }

  /// f32 -> a narrow register, with the interpreter's rounding rules.
  Value encode(Value f, NarrowKind kind, bool roundUp) {
    Type narrow = b.getIntegerType(getWidth(kind));
    if (kind == NarrowKind::TF32) {
      if (target.smVersion >= 90)
        return asmOp(i32(), "cvt.rn.tf32.f32 $0, $1;", "=r,f", f);
      // Round the mantissa to 10 bits, nearest even; a NaN keeps a nonzero
      // mantissa bit.
      Value bits = bitsOf(f);
      Value odd = andI(lshr(bits, 13), 1);
      Value rounded = andI(add(add(bits, c32(0xFFF)), odd), ~0x1FFF);
      Value isNaN = cmp(LLVM::ICmpPredicate::ugt, andI(bits, 0x7FFFFFFF),
                        c32(0x7F800000));
      return sel(isNaN, orI(andI(bits, ~0x1FFF), c32(0x400000)), rounded);
    }
    if (kind == NarrowKind::UE8M0 && hasFp4Cvt()) {
      Value zero = LLVM::ConstantOp::create(b, loc, f32(), b.getF32FloatAttr(0));
      std::string text = llvm::formatv("cvt.{0}.satfinite.ue8m0x2.f32 $0, $1, $2;",
                                       roundUp ? "rp" : "rz");
      Value pair = asmOp(b.getI16Type(), text, "=h,f,f", {zero, f});
      return LLVM::TruncOp::create(b, loc, narrow, pair);
    }
    bool hw = kind == NarrowKind::E2M1 ? hasFp4Cvt()
                                       : kind != NarrowKind::UE8M0 && hasFp8Cvt();
    if (hw) {
      Value zero = LLVM::ConstantOp::create(b, loc, f32(), b.getF32FloatAttr(0));
      std::string text =
          kind == NarrowKind::E2M1
              ? "{ .reg .b8 t; cvt.rn.satfinite.e2m1x2.f32 t, $1, $2; cvt.u16.u8 $0, t; }"
              : llvm::formatv("cvt.rn.satfinite.{0}x2.f32 $0, $1, $2;",
                              kind == NarrowKind::E4M3 ? "e4m3" : "e5m2")
                    .str();
      Value pair = asmOp(b.getI16Type(), text, "=h,f,f", {zero, f});
      if (kind == NarrowKind::E2M1)
        pair = LLVM::AndOp::create(b, loc, pair,
                                   LLVM::ConstantOp::create(b, loc, b.getI16Type(),
                                                            b.getI16IntegerAttr(0xF)));
      return LLVM::TruncOp::create(b, loc, narrow, pair);
    }
    Value bits = bitsOf(f);
    Value a = andI(bits, 0x7FFFFFFF);
    Value isNaN = cmp(LLVM::ICmpPredicate::ugt, a, c32(0x7F800000));
    Value code;
    if (kind == NarrowKind::UE8M0) {
      // The f32 exponent field is the e8m0 code (same bias); rp adds one
      // for anything above the power of two. Below 2^-126 only rp's
      // (2^-127, 2^-126) range gives code 1.
      Value field = lshr(a, 23);
      Value man = andI(a, 0x7FFFFF);
      Value up = roundUp ? cmp(LLVM::ICmpPredicate::ne, man, c32(0)) : Value();
      Value normalCode = roundUp ? add(field, LLVM::ZExtOp::create(b, loc, i32(), up))
                                 : field;
      Value subnormalCode =
          roundUp ? Value(LLVM::ZExtOp::create(
                        b, loc, i32(), cmp(LLVM::ICmpPredicate::ugt, man, c32(0x400000))))
                  : c32(0);
      code = sel(cmp(LLVM::ICmpPredicate::eq, field, c32(0)), subnormalCode,
                 normalCode);
      code = umin(code, 0xFE);
      code = sel(isNaN, c32(0xFF), code);
      return LLVM::TruncOp::create(b, loc, narrow, code);
    }
    Format fmt = getFormat(kind);
    unsigned m = fmt.manBits, e = fmt.expBits;
    int minNormalExp = 1 - fmt.bias;
    // Normal range: round the f32 mantissa to m bits, nearest even (a carry
    // moves into the exponent), then rebias.
    unsigned shift = 23 - m;
    Value odd = andI(lshr(a, shift), 1);
    Value rounded = add(add(a, c32((1 << (shift - 1)) - 1)), odd);
    Value normalCode = LLVM::SubOp::create(b, loc, lshr(rounded, shift),
                                           c32((127 - fmt.bias) << m));
    // Below the smallest normal: count units of the smallest subnormal,
    // rounded to the nearest even integer (the scaling is exact).
    Value unitScale = floatOf(c32((127 + int(m) - minNormalExp) << 23));
    Value units = LLVM::FMulOp::create(b, loc, floatOf(a), unitScale);
    Value roundedUnits = LLVM::RoundEvenOp::create(b, loc, units);
    Value subnormalCode = LLVM::FPToUIOp::create(b, loc, i32(), roundedUnits);
    Value isNormal = cmp(LLVM::ICmpPredicate::uge, a,
                         c32(uint32_t(127 + minNormalExp) << 23));
    code = umin(sel(isNormal, normalCode, subnormalCode), fmt.maxCode);
    code = orI(code, shl(lshr(bits, 31), e + m));
    code = sel(isNaN, c32(fmt.nanCode), code);
    return LLVM::TruncOp::create(b, loc, narrow, code);
  }

  OpBuilder &b;
  Location loc;
  const ::tilecc::TargetInfo &target;
};

/// A conversion op (truncf, extf, sitofp, uitofp, fptosi, fptoui) with a
/// narrow source or result, on tiles (register by register) or scalars.
template <typename OpTy>
struct NarrowConversionLowering : OpConversionPattern<OpTy> {
  NarrowConversionLowering(const TypeConverter &converter, MLIRContext *ctx,
                           const ::tilecc::TargetInfo &target)
      : OpConversionPattern<OpTy>(converter, ctx, /*benefit=*/3), target(target) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type fromType = op.getIn().getType(), toType = op.getType();
    if (!isNarrow(fromType) && !isNarrow(toType))
      return failure();
    Type from = getElementTypeOrSelf(fromType), to = getElementTypeOrSelf(toType);
    Location loc = op.getLoc();
    bool isSigned = isa<arith::SIToFPOp, arith::FPToSIOp>(op.getOperation());
    bool roundUp = false;
    if constexpr (std::is_same_v<OpTy, arith::TruncFOp>)
      roundUp = op.getRoundingmode() == arith::RoundingMode::upward;
    ConversionEmitter emitter(rewriter, loc, target);
    // Operands arrive as registers (narrow types as integers); results made
    // by arith ops keep their own type until those are lowered.
    auto registerOf = [&](Value v, Type scalar) -> Value {
      Type converted = this->getTypeConverter()->convertType(scalar);
      if (v.getType() == converted)
        return v;
      return UnrealizedConversionCastOp::create(rewriter, loc, converted, v)
          .getResult(0);
    };
    auto convertOne = [&](Value reg) -> Value {
      return emitter.convert(reg, from, to, isSigned, roundUp);
    };
    auto toRegister = [&](Value v) { return registerOf(v, to); };

    auto tile = dyn_cast<RankedTensorType>(toType);
    if (!tile) {
      rewriter.replaceOp(op, toRegister(convertOne(adaptor.getIn())));
      return success();
    }
    Type structType = this->getTypeConverter()->convertType(tile);
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    SmallVector<Value> results;
    for (Value reg : unpackRegisters(rewriter, loc, adaptor.getIn()))
      results.push_back(toRegister(convertOne(reg)));
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, results));
    return success();
  }

  const ::tilecc::TargetInfo &target;
};

/// Narrow constants become integer constants of their bits and a bitcast,
/// which the generic patterns lower.
struct NarrowConstantToBits : OpRewritePattern<arith::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    auto kind = getNarrowKind(getElementTypeOrSelf(type));
    if (!kind)
      return failure();
    Type bitsType = rewriter.getIntegerType(getWidth(*kind));
    // The register's bits of one value (tf32: its f32 pattern).
    auto registerBits = [&](const APFloat &v) {
      APInt raw = v.bitcastToAPInt();
      return *kind == NarrowKind::TF32 ? raw.zext(32).shl(13) : raw;
    };
    TypedAttr bits;
    if (auto f = dyn_cast<FloatAttr>(op.getValue())) {
      bits = rewriter.getIntegerAttr(bitsType, registerBits(f.getValue()));
    } else if (auto dense = dyn_cast<DenseElementsAttr>(op.getValue())) {
      SmallVector<APInt> values;
      for (const APFloat &v : dense.getValues<APFloat>())
        values.push_back(registerBits(v));
      bits = DenseElementsAttr::get(dense.getType().clone(bitsType), values);
    } else {
      return failure();
    }
    Value constant = arith::ConstantOp::create(rewriter, op.getLoc(), bits);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, type, constant);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateNarrowConstantToBitsPatterns(RewritePatternSet &patterns) {
  patterns.add<NarrowConstantToBits>(patterns.getContext());
}

void mlir::tilecc::populateTileASLowPrecisionToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<NarrowConversionLowering<arith::TruncFOp>,
               NarrowConversionLowering<arith::ExtFOp>,
               NarrowConversionLowering<arith::SIToFPOp>,
               NarrowConversionLowering<arith::UIToFPOp>,
               NarrowConversionLowering<arith::FPToSIOp>,
               NarrowConversionLowering<arith::FPToUIOp>>(converter, ctx, target);
}
