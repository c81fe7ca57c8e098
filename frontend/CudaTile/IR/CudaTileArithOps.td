//===- CudaTileArithOps.td - arithmetic, math and conversion ops -*- tablegen -*-===//
//
// Element-wise integer, bitwise, floating-point, math, comparison, select and
// conversion ops. Modifiers (`rounding<...>`, `flush_to_zero`, `overflow<...>`,
// `signed`/`unsigned`) are spelled as in the public dialect; the custom
// directives and verifiers live in CudaTileArithOps.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_ARITH_OPS_TD
#define TILECC_CUDATILE_ARITH_OPS_TD

include "CudaTile/IR/CudaTileTypes.td"
include "CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints. The element types carry their IR spelling as summary so
// that diagnostics read "tile of f16 or bf16 or f32 or f64 values".
//===----------------------------------------------------------------------===//

class CudaTileArith_Elem<Type base, string name>
    : Type<base.predicate, name, base.cppType>;

def CudaTileArith_I1 : CudaTileArith_Elem<I1, "i1">;
def CudaTileArith_I4 : CudaTileArith_Elem<I<4>, "i4">;
def CudaTileArith_I8 : CudaTileArith_Elem<I8, "i8">;
def CudaTileArith_I16 : CudaTileArith_Elem<I16, "i16">;
def CudaTileArith_I32 : CudaTileArith_Elem<I32, "i32">;
def CudaTileArith_I64 : CudaTileArith_Elem<I64, "i64">;
def CudaTileArith_F16 : CudaTileArith_Elem<F16, "f16">;
def CudaTileArith_BF16 : CudaTileArith_Elem<BF16, "bf16">;
def CudaTileArith_F32 : CudaTileArith_Elem<F32, "f32">;
def CudaTileArith_F64 : CudaTileArith_Elem<F64, "f64">;
def CudaTileArith_TF32 : CudaTileArith_Elem<TF32, "tf32">;
def CudaTileArith_F8E4M3FN : CudaTileArith_Elem<F8E4M3FN, "f8E4M3FN">;
def CudaTileArith_F8E5M2 : CudaTileArith_Elem<F8E5M2, "f8E5M2">;
def CudaTileArith_F8E8M0FNU : CudaTileArith_Elem<CudaTile_F8E8M0FNU, "f8E8M0FNU">;
def CudaTileArith_F4E2M1FN : CudaTileArith_Elem<CudaTile_F4E2M1FN, "f4E2M1FN">;
def CudaTileArith_Ptr : CudaTileArith_Elem<CudaTile_PointerType, "ptr">;

defvar CudaTileArith_IntTypes = [CudaTileArith_I1, CudaTileArith_I8,
    CudaTileArith_I16, CudaTileArith_I32, CudaTileArith_I64];
defvar CudaTileArith_BaseFloatTypes = [CudaTileArith_F16, CudaTileArith_BF16,
    CudaTileArith_F32, CudaTileArith_F64];
defvar CudaTileArith_FloatTypes = !listconcat(CudaTileArith_BaseFloatTypes, [
    CudaTileArith_TF32, CudaTileArith_F8E4M3FN, CudaTileArith_F8E5M2,
    CudaTileArith_F8E8M0FNU, CudaTileArith_F4E2M1FN]);

def CudaTileArith_IntTile : CudaTile_TileOf<CudaTileArith_IntTypes>;
// `exti`/`trunci` also reach the sub-byte i4.
def CudaTileArith_ExtTruncIntTile : CudaTile_TileOf<[CudaTileArith_I1,
    CudaTileArith_I4, CudaTileArith_I8, CudaTileArith_I16, CudaTileArith_I32,
    CudaTileArith_I64]>;
def CudaTileArith_I1Tile : CudaTile_TileOf<[CudaTileArith_I1]>;
def CudaTileArith_I8Tile : CudaTile_TileOf<[CudaTileArith_I8]>;
// Element types whose bits `pack`/`unpack` move to and from bytes.
def CudaTileArith_PackableTile : CudaTile_TileOf<!listconcat(
    [CudaTileArith_I1, CudaTileArith_I4, CudaTileArith_I8, CudaTileArith_I16,
     CudaTileArith_I32, CudaTileArith_I64], CudaTileArith_FloatTypes)>;
def CudaTileArith_I64Tile : CudaTile_TileOf<[CudaTileArith_I64]>;
def CudaTileArith_BaseFloatTile : CudaTile_TileOf<CudaTileArith_BaseFloatTypes>;
def CudaTileArith_FloatTile : CudaTile_TileOf<CudaTileArith_FloatTypes>;
def CudaTileArith_NumberTile : CudaTile_TileOf<
    !listconcat(CudaTileArith_IntTypes, CudaTileArith_FloatTypes)>;
def CudaTileArith_PointerTile : CudaTile_TileOf<[CudaTileArith_Ptr]>;
def CudaTileArith_AnyTile : CudaTile_TileOf<[AnyType]>;

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

// The common tail `attr-dict : type` of the single-type ops.
def CudaTileArith_Format {
  string resultType = "attr-dict `:` custom<CudaTileType>(type($result))";
}

// source -> result of one type.
class CudaTile_UnaryOp<string mnemonic, Type tileType, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure, AllTypesMatch<["source", "result"]>],
                                        traits)> {
  let arguments = (ins tileType:$source);
  let results = (outs tileType:$result);
  let assemblyFormat = !strconcat("$source ",
      CudaTileArith_Format.resultType);
}

// lhs, rhs -> result of one type.
class CudaTile_BinaryOp<string mnemonic, Type tileType, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat(
          [Pure, AllTypesMatch<["lhs", "rhs", "result"]>], traits)> {
  let arguments = (ins tileType:$lhs, tileType:$rhs);
  let results = (outs tileType:$result);
  let assemblyFormat = !strconcat("$lhs `,` $rhs ",
      CudaTileArith_Format.resultType);
}

// Integer ops with `overflow<...>` (elided when `none`).
class CudaTile_IntOverflowOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_BinaryOp<mnemonic, CudaTileArith_IntTile, traits> {
  let arguments = (ins CudaTileArith_IntTile:$lhs, CudaTileArith_IntTile:$rhs,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::mlir::cuda_tile::IntegerOverflow::None">:$overflow);
  let assemblyFormat = !strconcat("$lhs `,` $rhs (`overflow` `` $overflow^)? ",
      CudaTileArith_Format.resultType);
}

// Integer ops whose operands are read as signed or unsigned.
class CudaTile_IntSignedOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_BinaryOp<mnemonic, CudaTileArith_IntTile, traits> {
  let arguments = (ins CudaTileArith_IntTile:$lhs, CudaTileArith_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let assemblyFormat = !strconcat("$lhs `,` $rhs custom<Signedness>($signedness) ",
      CudaTileArith_Format.resultType);
}

// Float ops with an IEEE rounding mode (default `nearest_even`, elided) and
// `flush_to_zero`.
class CudaTile_FloatRoundingOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_BinaryOp<mnemonic, CudaTileArith_BaseFloatTile, traits> {
  let arguments = (ins CudaTileArith_BaseFloatTile:$lhs,
                       CudaTileArith_BaseFloatTile:$rhs,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let assemblyFormat = !strconcat("$lhs `,` $rhs `` custom<IEEERoundingMode>($rounding_mode) "
                       "(`flush_to_zero` $flush_to_zero^)? ",
      CudaTileArith_Format.resultType);
  let hasVerifier = 1;
}

// maxf/minf: `flush_to_zero` and `propagate_nan` in any order.
class CudaTile_FloatMinMaxOp<string mnemonic>
    : CudaTile_BinaryOp<mnemonic, CudaTileArith_BaseFloatTile> {
  let arguments = (ins CudaTileArith_BaseFloatTile:$lhs,
                       CudaTileArith_BaseFloatTile:$rhs,
                       UnitAttr:$propagate_nan, UnitAttr:$flush_to_zero);
  let assemblyFormat = !strconcat("$lhs `,` $rhs oilist(`flush_to_zero` $flush_to_zero "
                       "| `propagate_nan` $propagate_nan) ",
      CudaTileArith_Format.resultType);
  let hasVerifier = 1;
}

// Math ops taking only `flush_to_zero`.
class CudaTile_FloatFtzUnaryOp<string mnemonic>
    : CudaTile_UnaryOp<mnemonic, CudaTileArith_BaseFloatTile> {
  let arguments = (ins CudaTileArith_BaseFloatTile:$source, UnitAttr:$flush_to_zero);
  let assemblyFormat = !strconcat("$source (`flush_to_zero` $flush_to_zero^)? ",
      CudaTileArith_Format.resultType);
  let hasVerifier = 1;
}

// Math ops with an optional `rounding<approx|full>` (default `full`, elided).
class CudaTile_FloatApproxUnaryOp<string mnemonic>
    : CudaTile_UnaryOp<mnemonic, CudaTileArith_BaseFloatTile> {
  let arguments = (ins CudaTileArith_BaseFloatTile:$source,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::mlir::cuda_tile::RoundingMode::Full">:$rounding_mode);
  let assemblyFormat = !strconcat("$source (`rounding` `` $rounding_mode^)? ",
      CudaTileArith_Format.resultType);
  let hasVerifier = 1;
}

// from -> to conversions of equal shape.
class CudaTile_ConversionOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure, AllShapesMatch<["from", "to"]>],
                                        traits)>;

// source -> result casts of equal shape.
class CudaTile_CastOp<string mnemonic, Type sourceType, Type resultType>
    : CudaTile_Op<mnemonic, [Pure, AllShapesMatch<["source", "result"]>]> {
  let arguments = (ins sourceType:$source);
  let results = (outs resultType:$result);
  let assemblyFormat = "$source attr-dict `:` custom<CudaTileType>(type($source)) "
                       "`->` custom<CudaTileType>(type($result))";
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_AbsIOp : CudaTile_UnaryOp<"absi", CudaTileArith_IntTile> {
  let summary = "Element-wise absolute value of signed integers";
}

def CudaTile_NegIOp : CudaTile_UnaryOp<"negi", CudaTileArith_IntTile> {
  let summary = "Element-wise two's complement negation";
  let arguments = (ins CudaTileArith_IntTile:$source,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::mlir::cuda_tile::IntegerOverflow::None">:$overflow);
  let assemblyFormat = !strconcat("$source (`overflow` `` $overflow^)? ",
      CudaTileArith_Format.resultType);
  let hasVerifier = 1;
}

def CudaTile_AddIOp : CudaTile_IntOverflowOp<"addi"> {
  let summary = "Element-wise wrapping integer addition";
}

def CudaTile_SubIOp : CudaTile_IntOverflowOp<"subi"> {
  let summary = "Element-wise wrapping integer subtraction";
}

def CudaTile_MulIOp : CudaTile_IntOverflowOp<"muli"> {
  let summary = "Element-wise integer multiplication (low half)";
}

def CudaTile_MulhiIOp : CudaTile_Op<"mulhii", [Pure,
    AllTypesMatch<["x", "y", "result"]>]> {
  let summary = "Element-wise high half of an unsigned integer product";
  let arguments = (ins CudaTileArith_IntTile:$x, CudaTileArith_IntTile:$y);
  let results = (outs CudaTileArith_IntTile:$result);
  let assemblyFormat = !strconcat("$x `,` $y ",
      CudaTileArith_Format.resultType);
}

def CudaTile_DivIOp : CudaTile_Op<"divi", [NoMemoryEffect,
    AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "Element-wise integer division (truncating, floor or ceil)";
  let arguments = (ins CudaTileArith_IntTile:$lhs, CudaTileArith_IntTile:$rhs,
      CudaTile_SignednessAttr:$signedness,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::mlir::cuda_tile::RoundingMode::Zero">:$rounding);
  let results = (outs CudaTileArith_IntTile:$result);
  let assemblyFormat = !strconcat("$lhs `,` $rhs custom<Signedness>($signedness) "
                       "(`rounding` `` $rounding^)? ",
      CudaTileArith_Format.resultType);
  let hasVerifier = 1;
}

def CudaTile_RemIOp : CudaTile_IntSignedOp<"remi"> {
  let summary = "Element-wise integer remainder of truncating division";
}

def CudaTile_MaxIOp : CudaTile_IntSignedOp<"maxi"> {
  let summary = "Element-wise integer maximum";
}

def CudaTile_MinIOp : CudaTile_IntSignedOp<"mini"> {
  let summary = "Element-wise integer minimum";
}

//===----------------------------------------------------------------------===//
// Bitwise
//===----------------------------------------------------------------------===//

def CudaTile_AndIOp : CudaTile_BinaryOp<"andi", CudaTileArith_IntTile> {
  let summary = "Element-wise bitwise and";
}

def CudaTile_OrIOp : CudaTile_BinaryOp<"ori", CudaTileArith_IntTile> {
  let summary = "Element-wise bitwise or";
}

def CudaTile_XOrIOp : CudaTile_BinaryOp<"xori", CudaTileArith_IntTile> {
  let summary = "Element-wise bitwise exclusive or";
}

def CudaTile_ShLIOp : CudaTile_IntOverflowOp<"shli"> {
  let summary = "Element-wise left shift by an unsigned amount";
}

def CudaTile_ShRIOp : CudaTile_IntSignedOp<"shri"> {
  let summary = "Element-wise logical (unsigned) or arithmetic (signed) right shift";
}

//===----------------------------------------------------------------------===//
// Floating-point arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_AbsFOp : CudaTile_UnaryOp<"absf", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise floating-point absolute value";
}

def CudaTile_NegFOp : CudaTile_UnaryOp<"negf", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise floating-point sign flip";
}

def CudaTile_AddFOp : CudaTile_FloatRoundingOp<"addf"> {
  let summary = "Element-wise floating-point addition";
  let hasCanonicalizeMethod = 1;
}

def CudaTile_SubFOp : CudaTile_FloatRoundingOp<"subf"> {
  let summary = "Element-wise floating-point subtraction";
}

def CudaTile_MulFOp : CudaTile_FloatRoundingOp<"mulf"> {
  let summary = "Element-wise floating-point multiplication";
}

def CudaTile_DivFOp : CudaTile_FloatRoundingOp<"divf"> {
  let summary = "Element-wise floating-point division";
  let assemblyFormat = !strconcat("$lhs `,` $rhs `` custom<DivFRoundingMode>($rounding_mode) "
                       "(`flush_to_zero` $flush_to_zero^)? ",
      CudaTileArith_Format.resultType);
}

def CudaTile_RemFOp : CudaTile_BinaryOp<"remf", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise floating-point remainder of truncating division";
}

def CudaTile_MaxFOp : CudaTile_FloatMinMaxOp<"maxf"> {
  let summary = "Element-wise floating-point maximum";
}

def CudaTile_MinFOp : CudaTile_FloatMinMaxOp<"minf"> {
  let summary = "Element-wise floating-point minimum";
}

def CudaTile_FmaOp : CudaTile_Op<"fma", [Pure,
    AllTypesMatch<["lhs", "rhs", "acc", "result"]>]> {
  let summary = "Element-wise fused multiply-add: lhs * rhs + acc";
  let arguments = (ins CudaTileArith_BaseFloatTile:$lhs,
                       CudaTileArith_BaseFloatTile:$rhs,
                       CudaTileArith_BaseFloatTile:$acc,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTileArith_BaseFloatTile:$result);
  let assemblyFormat = !strconcat("$lhs `,` $rhs `,` $acc `` custom<IEEERoundingMode>($rounding_mode) "
                       "(`flush_to_zero` $flush_to_zero^)? ",
      CudaTileArith_Format.resultType);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Math
//===----------------------------------------------------------------------===//

def CudaTile_CeilOp : CudaTile_UnaryOp<"ceil", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise rounding towards positive infinity";
}

def CudaTile_FloorOp : CudaTile_UnaryOp<"floor", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise rounding towards negative infinity";
}

def CudaTile_CosOp : CudaTile_UnaryOp<"cos", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise cosine";
}

def CudaTile_CosHOp : CudaTile_UnaryOp<"cosh", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise hyperbolic cosine";
}

def CudaTile_SinOp : CudaTile_UnaryOp<"sin", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise sine";
}

def CudaTile_SinHOp : CudaTile_UnaryOp<"sinh", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise hyperbolic sine";
}

def CudaTile_TanOp : CudaTile_UnaryOp<"tan", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise tangent";
}

def CudaTile_TanHOp : CudaTile_FloatApproxUnaryOp<"tanh"> {
  let summary = "Element-wise hyperbolic tangent";
}

def CudaTile_ExpOp : CudaTile_FloatApproxUnaryOp<"exp"> {
  let summary = "Element-wise natural exponential";
}

def CudaTile_Exp2Op : CudaTile_FloatFtzUnaryOp<"exp2"> {
  let summary = "Element-wise power of two";
}

def CudaTile_LogOp : CudaTile_UnaryOp<"log", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise natural logarithm";
}

def CudaTile_Log2Op : CudaTile_UnaryOp<"log2", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise base-2 logarithm";
}

def CudaTile_RsqrtOp : CudaTile_FloatFtzUnaryOp<"rsqrt"> {
  let summary = "Element-wise reciprocal square root";
}

def CudaTile_SqrtOp : CudaTile_UnaryOp<"sqrt", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise square root";
  let arguments = (ins CudaTileArith_BaseFloatTile:$source,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let assemblyFormat = !strconcat("$source `` custom<SqrtRoundingMode>($rounding_mode) "
                       "(`flush_to_zero` $flush_to_zero^)? ",
      CudaTileArith_Format.resultType);
  let hasVerifier = 1;
}

def CudaTile_PowOp : CudaTile_Op<"pow", [Pure,
    AllTypesMatch<["source", "exponent", "result"]>]> {
  let summary = "Element-wise source raised to the power exponent";
  let arguments = (ins CudaTileArith_BaseFloatTile:$source,
                       CudaTileArith_BaseFloatTile:$exponent);
  let results = (outs CudaTileArith_BaseFloatTile:$result);
  let assemblyFormat = !strconcat("$source `,` $exponent ",
      CudaTileArith_Format.resultType);
}

// The exponent of `fpowi` is a signed integer of at most 32 bits.
def CudaTileArith_PowIExponentTile : CudaTile_TileOf<[CudaTileArith_I1,
    CudaTileArith_I8, CudaTileArith_I16, CudaTileArith_I32]>;

def CudaTile_FPowIOp : CudaTile_Op<"fpowi", [Pure,
    AllTypesMatch<["source", "result"]>]> {
  let summary = "Element-wise float source raised to a signed integer exponent";
  let sinceVersion = "13.4";
  let arguments = (ins CudaTileArith_BaseFloatTile:$source,
                       CudaTileArith_PowIExponentTile:$exponent);
  let results = (outs CudaTileArith_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source `,` $exponent attr-dict `:` custom<CudaTileType>(type($source))
    `,` custom<CudaTileType>(type($exponent))
  }];
  let hasVerifier = 1;
}

def CudaTile_Atan2Op : CudaTile_BinaryOp<"atan2", CudaTileArith_BaseFloatTile> {
  let summary = "Element-wise arc tangent of lhs / rhs using both signs";
  let sinceVersion = "13.2";
}

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

defvar CudaTileArith_CmpResultTrait = TypesMatchWith<
    "Result type has i1 element type and same shape as operands",
    "lhs", "result", "::mlir::cuda_tile::getI1TileLike($_self)">;

def CudaTile_CmpIOp : CudaTile_Op<"cmpi", [Pure,
    AllTypesMatch<["lhs", "rhs"]>, CudaTileArith_CmpResultTrait]> {
  let summary = "Element-wise integer comparison producing i1";
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTileArith_IntTile:$lhs, CudaTileArith_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTileArith_I1Tile:$result);
  let assemblyFormat = "custom<ComparisonPredicate>($comparison_predicate) "
      "$lhs `,` $rhs `,` custom<Signedness>($signedness) attr-dict `:` "
      "custom<CudaTileType>(type($lhs)) `->` custom<CudaTileType>(type($result))";
}

def CudaTile_CmpFOp : CudaTile_Op<"cmpf", [Pure,
    AllTypesMatch<["lhs", "rhs"]>, CudaTileArith_CmpResultTrait]> {
  let summary = "Element-wise floating-point comparison producing i1";
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_ComparisonOrderingAttr:$comparison_ordering,
                       CudaTileArith_BaseFloatTile:$lhs,
                       CudaTileArith_BaseFloatTile:$rhs);
  let results = (outs CudaTileArith_I1Tile:$result);
  let assemblyFormat = "custom<ComparisonPredicate>($comparison_predicate) "
      "custom<ComparisonOrdering>($comparison_ordering) $lhs `,` $rhs attr-dict "
      "`:` custom<CudaTileType>(type($lhs)) `->` custom<CudaTileType>(type($result))";
}

def CudaTile_SelectOp : CudaTile_Op<"select", [Pure,
    AllTypesMatch<["val_if_true", "val_if_false", "result"]>,
    AllShapesMatch<["cond", "val_if_true", "val_if_false", "result"]>]> {
  let summary = "Element-wise choice between two tiles under an i1 mask";
  let arguments = (ins CudaTileArith_I1Tile:$cond,
                       CudaTileArith_AnyTile:$val_if_true,
                       CudaTileArith_AnyTile:$val_if_false);
  let results = (outs CudaTileArith_AnyTile:$result);
  let assemblyFormat = "$cond `,` $val_if_true `,` $val_if_false attr-dict `:` "
      "custom<CudaTileType>(type($cond)) `,` custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

def CudaTile_ExtIOp : CudaTile_ConversionOp<"exti"> {
  let summary = "Sign- or zero-extend integers to a wider type";
  let arguments = (ins CudaTileArith_ExtTruncIntTile:$from,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTileArith_ExtTruncIntTile:$to);
  let assemblyFormat = "$from custom<Signedness>($signedness) attr-dict `:` "
      "custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))";
  let hasVerifier = 1;
}

def CudaTile_TruncIOp : CudaTile_ConversionOp<"trunci"> {
  let summary = "Truncate integers to a narrower type";
  let arguments = (ins CudaTileArith_ExtTruncIntTile:$from,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::mlir::cuda_tile::IntegerOverflow::None">:$overflow);
  let results = (outs CudaTileArith_ExtTruncIntTile:$to);
  let assemblyFormat = "$from (`overflow` `` $overflow^)? attr-dict `:` "
      "custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))";
  let hasVerifier = 1;
}

def CudaTile_FToFOp : CudaTile_ConversionOp<"ftof"> {
  let summary = "Convert between floating-point types";
  let arguments = (ins CudaTileArith_FloatTile:$from,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::mlir::cuda_tile::RoundingMode::NearestEven">:$rounding_mode);
  let results = (outs CudaTileArith_FloatTile:$to);
  let assemblyFormat = "$from `` custom<IEEERoundingMode>($rounding_mode) attr-dict `:` "
      "custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))";
  let hasVerifier = 1;
}

def CudaTile_IToFOp : CudaTile_ConversionOp<"itof"> {
  let summary = "Convert integers to the nearest floating-point value";
  let arguments = (ins CudaTileArith_IntTile:$from,
                       CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode);
  let results = (outs CudaTileArith_FloatTile:$to);
  let assemblyFormat = "$from custom<Signedness>($signedness) "
      "`` custom<IEEERoundingMode>($rounding_mode) attr-dict `:` "
      "custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))";
  let hasVerifier = 1;
}

def CudaTile_FToIOp : CudaTile_ConversionOp<"ftoi"> {
  let summary = "Convert floating-point values to integers, rounding towards zero";
  let arguments = (ins CudaTileArith_FloatTile:$from,
                       CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode);
  let results = (outs CudaTileArith_IntTile:$to);
  let assemblyFormat = "$from custom<Signedness>($signedness) "
      "`` custom<IntegerRoundingMode>($rounding_mode) attr-dict `:` "
      "custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))";
  let hasVerifier = 1;
}

def CudaTile_BitcastOp : CudaTile_CastOp<"bitcast", CudaTileArith_NumberTile,
                                         CudaTileArith_NumberTile> {
  let summary = "Reinterpret the bits of each element as another type of equal width";
  let hasVerifier = 1;
}

def CudaTile_IntToPtrOp : CudaTile_CastOp<"int_to_ptr", CudaTileArith_I64Tile,
                                          CudaTileArith_PointerTile> {
  let summary = "Convert 64-bit integers to pointers";
}

def CudaTile_PtrToIntOp : CudaTile_CastOp<"ptr_to_int", CudaTileArith_PointerTile,
                                          CudaTileArith_I64Tile> {
  let summary = "Convert pointers to 64-bit integers";
}

def CudaTile_PtrToPtrOp : CudaTile_CastOp<"ptr_to_ptr", CudaTileArith_PointerTile,
                                          CudaTileArith_PointerTile> {
  let summary = "Reinterpret pointers as pointers to another element type";
}

// Bit-preserving reshapes between a rank-1 tile and a rank-1 byte tile of the
// same total size.
class CudaTile_ByteRepackOp<string mnemonic, Type sourceType, Type resultType>
    : CudaTile_CastOp<mnemonic, sourceType, resultType> {
  let traits = [Pure, AllRanksMatch<["source", "result"]>];
  let hasVerifier = 1;
  let sinceVersion = "13.2";
}

def CudaTile_PackOp : CudaTile_ByteRepackOp<"pack", CudaTileArith_PackableTile,
                                            CudaTileArith_I8Tile> {
  let summary = "Reinterpret the bits of a rank-1 tile as bytes";
}

def CudaTile_UnpackOp : CudaTile_ByteRepackOp<"unpack", CudaTileArith_I8Tile,
                                              CudaTileArith_PackableTile> {
  let summary = "Reinterpret a rank-1 tile of bytes as elements of another type";
}

#endif // TILECC_CUDATILE_ARITH_OPS_TD
