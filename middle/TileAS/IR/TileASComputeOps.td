//===- TileASComputeOps.td - MMA, reduce and scan ---------*- tablegen -*-===//
#ifndef TILECC_TILEAS_COMPUTEOPS_TD
#define TILECC_TILEAS_COMPUTEOPS_TD

include "TileAS/IR/TileASOpBase.td"

def TileAS_DotOp : TileAS_Op<"dot", [Pure]> {
  let summary = "matrix multiply-accumulate through an MMA atom";
  let description = [{
    `%d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas<atom mma_f16_f16_f32>}`:
    A is MxK, B is KxN, C and the result MxN (an optional leading batch
    dimension is shared by all four).
  }];
  let arguments = (ins TileAS_Tile:$a, TileAS_Tile:$b, TileAS_Tile:$c,
                       TileAS_MmaAtomAttr:$atom);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `,` type($c) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def TileAS_BlockScaledMmaOp : TileAS_Op<"block_scaled_mma", [Pure]> {
  let summary = "sm_100 block-scaled MMA with per-block scale factors";
  let arguments = (ins TileAS_Tile:$a, TileAS_Tile:$b, TileAS_Tile:$c,
                       TileAS_Tile:$scale_a, TileAS_Tile:$scale_b,
                       TileAS_MmaAtomAttr:$atom,
                       DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c `,` $scale_a `,` $scale_b attr-dict `:` type($a) `,`
    type($b) `,` type($c) `,` type($scale_a) `,` type($scale_b) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

class TileAS_CombinerOp<string mnemonic>
    : TileAS_Op<mnemonic, [TileAS_MemoryConsistent]> {
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    $inputs attr-dict `:` type($inputs) `->` type($results) $combiner
  }];
  let hasRegionVerifier = 1;
}

def TileAS_ReduceOp : TileAS_CombinerOp<"reduce"> {
  let summary = "reduce tiles along one axis with a combiner region";
  let description = [{
    The combiner block takes (accumulators..., values...) as element scalars
    and yields the new accumulators. Reducing a 1-d tile yields a scalar.
  }];
  let arguments = (ins Variadic<TileAS_Tile>:$inputs,
                       TileAS_ReduceAtomAttrInterface:$atom, I32Attr:$axis);
  let results = (outs Variadic<AnyType>:$results);
}

def TileAS_ScanOp : TileAS_CombinerOp<"scan"> {
  let summary = "inclusive scan along one axis with a combiner region";
  let arguments = (ins Variadic<TileAS_Tile>:$inputs,
                       TileAS_ReduceAtomAttrInterface:$atom, I32Attr:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$reverse);
  let results = (outs Variadic<TileAS_Tile>:$results);
}

#endif // TILECC_TILEAS_COMPUTEOPS_TD
