//===- FloatModePatterns.cpp - rounding, flush_to_zero and approx ---------===//
//
// Scalar float ops whose rounding the upstream lowerings would lose, turned
// into the NVVM intrinsics (or PTX) that perform them exactly:
//   - a directed rounding mode (`nv_tileaa.rounding_mode`: zero,
//     negative_inf, positive_inf) or `nv_tileaa.flush_to_zero` on add, sub,
//     mul, div, fma and sqrt: add/mul/div/fma/sqrt.{rz,rm,rp,rn}[.ftz]; sqrt
//     always (libdevice's sqrtf is approximate without NVVM reflection);
//   - the `afn` fast-math flag (the IR's rounding<approx>) on f32 div, sqrt,
//     exp and tanh: div.approx, sqrt.approx, ex2.approx of x*log2(e),
//     tanh.approx;
//   - flush_to_zero on f32 exp2, rsqrt, max and min: ex2.approx.ftz,
//     rsqrt.approx.ftz, max/min.ftz[.NaN];
//   - f32/f64 -> f16/bf16 truncf rounding toward zero or an infinity:
//     cvt.{rz,rm,rp} (how directed f16/bf16 arithmetic ends, see
//     TileAAToTileAS/FloatAttrs.h).
// Approximate instructions appear only where the IR allows them. These
// patterns outrank the libdevice and arith ones; ops without such modes fall
// through to them.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ValueModel.h"

#include "TileAA/IR/TileAADialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {
constexpr StringLiteral kRoundingModeAttr = "nv_tileaa.rounding_mode";
constexpr StringLiteral kFlushToZeroAttr = "nv_tileaa.flush_to_zero";
constexpr unsigned kBenefit = 4;

/// PTX rounding suffix of the op's directed rounding mode ("rn" without).
StringRef roundingSuffix(Operation *op) {
  auto attr = op->getAttrOfType<nv_tileaa::RoundingModeAttr>(kRoundingModeAttr);
  if (!attr)
    return "rn";
  switch (attr.getValue()) {
  case nv_tileaa::RoundingMode::Zero:
    return "rz";
  case nv_tileaa::RoundingMode::NegativeInf:
    return "rm";
  case nv_tileaa::RoundingMode::PositiveInf:
    return "rp";
  default:
    return "rn";
  }
}

/// flush_to_zero applies to f32 only (PTX has no .ftz for other types).
bool flushes(Operation *op) {
  return op->hasAttr(kFlushToZeroAttr) &&
         op->getResult(0).getType().isF32();
}

bool isApprox(Operation *op) {
  auto fm = dyn_cast<arith::ArithFastMathInterface>(op);
  return fm && bitEnumContainsAll(fm.getFastMathFlagsAttr().getValue(),
                                  arith::FastMathFlags::afn);
}

Value callIntrinsic(OpBuilder &b, Location loc, Type type, StringRef name,
                    ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, type, b.getStringAttr(name),
                                       args)
      .getResult(0);
}

/// add, sub, mul, div, fma and sqrt with a directed rounding mode or
/// flush_to_zero: `llvm.nvvm.<base>.<rounding>[.ftz].<f|d>`.
template <typename OpTy>
struct RoundedLowering : OpConversionPattern<OpTy> {
  RoundedLowering(const TypeConverter &converter, MLIRContext *ctx,
                  StringRef base, bool always = false)
      : OpConversionPattern<OpTy>(converter, ctx, kBenefit), base(base),
        always(always) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool directed = op->hasAttr(kRoundingModeAttr);
    Type type = op.getType();
    // Tiles are unrolled to scalars first (ElementwiseLowering).
    if (!isa<FloatType>(type) || (!directed && !flushes(op) && !always))
      return failure();
    // Directed rounding of other types is rejected before this stage.
    if (!type.isF32() && !type.isF64())
      return failure();
    // The approximate forms have no directed rounding.
    if (isApprox(op) && !directed)
      return failure();
    SmallVector<Value> args(adaptor.getOperands());
    StringRef name = base;
    if constexpr (std::is_same_v<OpTy, arith::SubFOp>) {
      // a - b rounds like a + (-b): negation is exact.
      args[1] = LLVM::FNegOp::create(rewriter, op.getLoc(), args[1]);
    }
    std::string intrinsic = ("llvm.nvvm." + name + "." + roundingSuffix(op) +
                             (flushes(op) ? ".ftz" : "") +
                             (type.isF32() ? ".f" : ".d"))
                                .str();
    rewriter.replaceOp(
        op, callIntrinsic(rewriter, op.getLoc(), type, intrinsic, args));
    return success();
  }

  std::string base;
  bool always;
};

/// f32 div / sqrt with rounding<approx>: div.approx / sqrt.approx.
template <typename OpTy>
struct ApproxLowering : OpConversionPattern<OpTy> {
  ApproxLowering(const TypeConverter &converter, MLIRContext *ctx,
                 StringRef base)
      : OpConversionPattern<OpTy>(converter, ctx, kBenefit), base(base) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32() || !isApprox(op) ||
        op->hasAttr(kRoundingModeAttr))
      return failure();
    std::string intrinsic =
        "llvm.nvvm." + base + ".approx" + (flushes(op) ? ".ftz" : "") + ".f";
    rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(), op.getType(),
                                         intrinsic, adaptor.getOperands()));
    return success();
  }

  std::string base;
};

/// f32 exp with rounding<approx>: ex2.approx(x * log2(e)).
struct ApproxExpLowering : OpConversionPattern<math::ExpOp> {
  ApproxExpLowering(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, kBenefit) {}
  LogicalResult
  matchAndRewrite(math::ExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32() || !isApprox(op))
      return failure();
    Location loc = op.getLoc();
    Value log2e = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getF32Type(),
        rewriter.getF32FloatAttr(1.4426950408889634f));
    Value scaled =
        LLVM::FMulOp::create(rewriter, loc, adaptor.getOperand(), log2e);
    rewriter.replaceOp(op, callIntrinsic(rewriter, loc, op.getType(),
                                         "llvm.nvvm.ex2.approx.f32", scaled));
    return success();
  }
};

/// f32 tanh with rounding<approx>: tanh.approx.f32 (sm_75+; NVVM has no
/// intrinsic for it).
struct ApproxTanhLowering : OpConversionPattern<math::TanhOp> {
  ApproxTanhLowering(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, kBenefit) {}
  LogicalResult
  matchAndRewrite(math::TanhOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32() || !isApprox(op))
      return failure();
    auto asmOp = createInlinePtx(rewriter, op.getLoc(), op.getType(),
                                 adaptor.getOperand(),
                                 "tanh.approx.f32 $0, $1;", "=f,f", false);
    rewriter.replaceOp(op, asmOp.getResult(0));
    return success();
  }
};

/// An f32 op with flush_to_zero whose PTX instruction has a .ftz form: exp2
/// and rsqrt (approximate instructions, as accurate as the default lowering,
/// which uses them too), max and min.
template <typename OpTy>
struct FlushLowering : OpConversionPattern<OpTy> {
  FlushLowering(const TypeConverter &converter, MLIRContext *ctx,
                     StringRef intrinsic)
      : OpConversionPattern<OpTy>(converter, ctx, kBenefit),
        intrinsic(intrinsic) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!flushes(op))
      return failure();
    rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(), op.getType(),
                                         intrinsic, adaptor.getOperands()));
    return success();
  }
  std::string intrinsic;
};
/// An f32/f64 -> f16/bf16 truncf with a directed rounding mode: one PTX
/// `cvt.<rz|rm|rp>.<f16|bf16>.<f32|f64>` (the upstream lowering's constrained
/// fptrunc reaches PTX as cvt.rn, losing the direction).
struct DirectedTruncLowering : OpConversionPattern<arith::TruncFOp> {
  DirectedTruncLowering(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, kBenefit) {}
  LogicalResult
  matchAndRewrite(arith::TruncFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<arith::RoundingMode> mode = op.getRoundingmode();
    Type src = op.getIn().getType(), dst = op.getType();
    if (!mode || !(src.isF32() || src.isF64()) ||
        !(dst.isF16() || dst.isBF16()))
      return failure();
    StringRef rnd;
    switch (*mode) {
    case arith::RoundingMode::toward_zero:
      rnd = "rz";
      break;
    case arith::RoundingMode::downward:
      rnd = "rm";
      break;
    case arith::RoundingMode::upward:
      rnd = "rp";
      break;
    default:
      return failure();
    }
    std::string text = ("cvt." + rnd + (dst.isF16() ? ".f16" : ".bf16") +
                        (src.isF32() ? ".f32" : ".f64") + " $0, $1;")
                           .str();
    Location loc = op.getLoc();
    auto asmOp =
        createInlinePtx(rewriter, loc, rewriter.getI16Type(), adaptor.getIn(),
                        text, src.isF32() ? "=h,f" : "=h,d", false);
    rewriter.replaceOpWithNewOp<LLVM::BitcastOp>(op, dst, asmOp.getResult(0));
    return success();
  }
};
} // namespace

void mlir::tilecc::populateTileASFloatModeToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<RoundedLowering<arith::AddFOp>>(converter, ctx, "add");
  patterns.add<RoundedLowering<arith::SubFOp>>(converter, ctx, "add");
  patterns.add<RoundedLowering<arith::MulFOp>>(converter, ctx, "mul");
  patterns.add<RoundedLowering<arith::DivFOp>>(converter, ctx, "div");
  patterns.add<RoundedLowering<math::FmaOp>>(converter, ctx, "fma");
  // libdevice's __nv_sqrtf is sqrt.approx unless reflection says otherwise:
  // sqrt is lowered here always, correctly rounded.
  patterns.add<RoundedLowering<math::SqrtOp>>(converter, ctx, "sqrt",
                                              /*always=*/true);
  patterns.add<ApproxLowering<arith::DivFOp>>(converter, ctx, "div");
  patterns.add<ApproxLowering<math::SqrtOp>>(converter, ctx, "sqrt");
  patterns.add<ApproxExpLowering, ApproxTanhLowering, DirectedTruncLowering>(
      converter, ctx);
  patterns.add<FlushLowering<math::Exp2Op>>(converter, ctx,
                                                 "llvm.nvvm.ex2.approx.ftz.f32");
  patterns.add<FlushLowering<math::RsqrtOp>>(converter, ctx,
                                                  "llvm.nvvm.rsqrt.approx.ftz.f");
  patterns.add<FlushLowering<arith::MaxNumFOp>>(converter, ctx,
                                                     "llvm.nvvm.fmax.ftz.f");
  patterns.add<FlushLowering<arith::MinNumFOp>>(converter, ctx,
                                                     "llvm.nvvm.fmin.ftz.f");
  patterns.add<FlushLowering<arith::MaximumFOp>>(
      converter, ctx, "llvm.nvvm.fmax.ftz.nan.f");
  patterns.add<FlushLowering<arith::MinimumFOp>>(
      converter, ctx, "llvm.nvvm.fmin.ftz.nan.f");
}
