//===- TileAAMathOps.td - tile math, dot and collectives ---*- tablegen -*-===//
#ifndef TILECC_TILEAA_MATH_OPS_TD
#define TILECC_TILEAA_MATH_OPS_TD

include "TileAA/IR/TileAAOpBase.td"

//===----------------------------------------------------------------------===//
// Floating and integer elementwise math. Operands and result share one type;
// arith/math cover what has no nv_tileaa op.
//===----------------------------------------------------------------------===//

class TileAA_FloatBinaryOp<string mnemonic, list<Trait> traits = []>
    : TileAA_Op<mnemonic, !listconcat(traits,
          [Pure, Elementwise, SameOperandsAndResultType])> {
  let arguments = (ins TileAA_FloatLike:$lhs, TileAA_FloatLike:$rhs,
                       OptionalAttr<TileAA_RoundingModeAttr>:$rounding_mode);
  let results = (outs TileAA_FloatLike:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def TileAA_AddFOp : TileAA_FloatBinaryOp<"addf", [Commutative]> { let summary = "floating add"; }
def TileAA_SubFOp : TileAA_FloatBinaryOp<"subf"> { let summary = "floating subtract"; }
def TileAA_MulFOp : TileAA_FloatBinaryOp<"mulf", [Commutative]> { let summary = "floating multiply"; }
def TileAA_DivFOp : TileAA_FloatBinaryOp<"divf"> { let summary = "floating divide"; }

def TileAA_FmaOp : TileAA_Op<"fma", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "fused multiply-add a * b + c";
  let arguments = (ins TileAA_FloatLike:$a, TileAA_FloatLike:$b, TileAA_FloatLike:$c,
                       OptionalAttr<TileAA_RoundingModeAttr>:$rounding_mode);
  let results = (outs TileAA_FloatLike:$result);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($result)";
}

class TileAA_FloatUnaryOp<string mnemonic>
    : TileAA_Op<mnemonic, [Pure, Elementwise, SameOperandsAndResultType]> {
  let arguments = (ins TileAA_FloatLike:$src,
                       OptionalAttr<TileAA_RoundingModeAttr>:$rounding_mode);
  let results = (outs TileAA_FloatLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($result)";
}

def TileAA_SqrtOp : TileAA_FloatUnaryOp<"sqrt"> { let summary = "square root"; }
def TileAA_RsqrtOp : TileAA_FloatUnaryOp<"rsqrt"> { let summary = "reciprocal square root"; }
def TileAA_Exp2Op : TileAA_FloatUnaryOp<"exp2"> { let summary = "base-2 exponential"; }

def TileAA_ClampFOp : TileAA_Op<"clampf", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "clamp x into [lo, hi]";
  let arguments = (ins TileAA_FloatLike:$x, TileAA_FloatLike:$lo, TileAA_FloatLike:$hi,
                       OptionalAttr<TileAA_PropagateNanAttr>:$propagate_nan);
  let results = (outs TileAA_FloatLike:$result);
  let assemblyFormat = "$x `,` $lo `,` $hi attr-dict `:` type($result)";
}

def TileAA_MulhiUIOp : TileAA_Op<"mulhiui", [Pure, Elementwise, Commutative,
                                            SameOperandsAndResultType]> {
  let summary = "upper half of the zero-extended double-width product";
  let arguments = (ins TileAA_IntLike:$lhs, TileAA_IntLike:$rhs);
  let results = (outs TileAA_IntLike:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Dot, convolution and collectives
//===----------------------------------------------------------------------===//

def TileAA_DotOp : TileAA_Op<"dot", [Pure, AttrSizedOperandSegments]> {
  let summary = "matrix multiply-accumulate D = A * B + C";
  let description = [{
    Operand groups {A, B, C, sfa, sfb}; sfa/sfb are the block-scaled MMA scale
    factors. Custom form: `%a, %b, %c {attrs} : tA, tB, tC -> tD`.
  }];
  let arguments = (ins TileAA_Tile:$a, TileAA_Tile:$b, TileAA_Tile:$c,
                       Optional<TileAA_Tile>:$sfa, Optional<TileAA_Tile>:$sfb,
                       OptionalAttr<TileAA_SignednessAttr>:$signedness_a,
                       OptionalAttr<TileAA_SignednessAttr>:$signedness_b,
                       OptionalAttr<TileAA_PropagateNanAttr>:$propagate_nan);
  let results = (outs TileAA_Tile:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TileAA_ConvDotOp : TileAA_Op<"conv_dot", [Pure]> {
  let summary = "implicit-GEMM convolution step";
  let arguments = (ins TileAA_Tile:$input, TileAA_Tile:$filter, TileAA_Tile:$acc,
                       TileAA_ConvParamsAttr:$conv_params,
                       OptionalAttr<TileAA_PaddingValueAttr>:$padding_value,
                       OptionalAttr<TileAA_ActivationLayoutAttr>:$activation_layout);
  let results = (outs TileAA_Tile:$result);
  let assemblyFormat = [{
    $input `,` $filter `,` $acc attr-dict `:` type($input) `,` type($filter) `,`
      type($acc) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TileAA_ReduceOp : TileAA_Op<"reduce", [RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "reduce tiles along an axis with a combiner region";
  let arguments = (ins Variadic<TileAA_Tile>:$operands, I32Attr:$axis);
  let results = (outs Variadic<TileAA_TileOrScalar>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict `:` type($operands) `->` type($results) $body
  }];
  let hasVerifier = 1;
}

def TileAA_ScanOp : TileAA_Op<"scan", [RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "inclusive scan along an axis with a combiner region";
  let arguments = (ins Variadic<TileAA_Tile>:$operands, I32Attr:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<TileAA_Tile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict `:` type($operands) `->` type($results) $body
  }];
  let hasVerifier = 1;
}

def TileAA_HistogramOp : TileAA_Op<"histogram", [Pure]> {
  let summary = "count occurrences of each bin index";
  let arguments = (ins RankedTensorOf<[AnySignlessInteger]>:$src);
  let results = (outs RankedTensorOf<[AnySignlessInteger]>:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

#endif // TILECC_TILEAA_MATH_OPS_TD
