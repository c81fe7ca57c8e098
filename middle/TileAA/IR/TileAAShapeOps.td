//===- TileAAShapeOps.td - shape and tile construction -----*- tablegen -*-===//
#ifndef TILECC_TILEAA_SHAPE_OPS_TD
#define TILECC_TILEAA_SHAPE_OPS_TD

include "TileAA/IR/TileAAOpBase.td"

def TileAA_SplatOp : TileAA_Op<"splat", [Pure]> {
  let summary = "scalar to tile";
  let arguments = (ins TileAA_Scalar:$src);
  let results = (outs TileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TileAA_BroadcastOp : TileAA_Op<"broadcast", [Pure]> {
  let summary = "repeat a tile along size-one axes";
  let arguments = (ins TileAA_Tile:$src);
  let results = (outs TileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TileAA_ExpandDimsOp : TileAA_Op<"expand_dims", [Pure]> {
  let summary = "insert a size-one axis";
  let arguments = (ins TileAA_Tile:$src, I32Attr:$axis);
  let results = (outs TileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TileAA_ExtractOp : TileAA_Op<"extract", [Pure]> {
  let summary = "index the leading axes of a tile";
  let description = [{
    `%s = nv_tileaa.extract %t[%i] : tensor<4x8xf32> -> tensor<8xf32>` drops
    one leading axis per index; indexing every axis yields the scalar.
  }];
  let arguments = (ins TileAA_Tile:$src, Variadic<Index>:$indices);
  let results = (outs TileAA_TileOrScalar:$result);
  let assemblyFormat = "$src `[` $indices `]` attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TileAA_ExtractSliceOp : TileAA_Op<"extract_slice", [Pure]> {
  let summary = "a static-shaped window at dynamic offsets";
  let arguments = (ins TileAA_Tile:$src, Variadic<Index>:$offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs TileAA_Tile:$result);
  let assemblyFormat = "$src `[` $offsets `]` attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TileAA_ViewOp : TileAA_Op<"view", [Pure]> {
  let summary = "reinterpret the shape with the same element count";
  let arguments = (ins TileAA_Tile:$src);
  let results = (outs TileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TileAA_CatOp : TileAA_Op<"cat", [Pure]> {
  let summary = "concatenate tiles along an axis";
  let arguments = (ins Variadic<TileAA_Tile>:$inputs, DefaultValuedAttr<I32Attr, "0">:$axis);
  let results = (outs TileAA_Tile:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` type($result)";
  let hasVerifier = 1;
}

def TileAA_PermuteOp : TileAA_Op<"permute", [Pure]> {
  let summary = "permute the axes of a tile";
  let arguments = (ins TileAA_Tile:$src, DenseI64ArrayAttr:$permutation);
  let results = (outs TileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TileAA_MakeRangeOp : TileAA_Op<"make_range", [Pure]> {
  let summary = "the 1-d tile [start, end)";
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[AnySignlessInteger, Index]>:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TileAA_GenerateOp : TileAA_Op<"generate", [RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "build a tile element by element from its indices";
  let description = [{ The body receives one index per axis and yields the element. }];
  let arguments = (ins Variadic<AnyType>:$captures);
  let results = (outs TileAA_Tile:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    ($captures^ `:` type($captures))? attr-dict `->` type($result) $body
  }];
  let hasVerifier = 1;
}

def TileAA_BlockTileOp : TileAA_Op<"block_tile", [Pure]> {
  let summary = "block a memory object into tiles by dimension groups";
  let arguments = (ins AnyTypeOf<[TileAA_MemRef, TileAA_TiledView, TileAA_Tile]>:$src,
                       DenseI64ArrayAttr:$tileSizes, ArrayAttr:$dimGroups);
  let results = (outs TileAA_TiledView:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TileAA_ConvTileOp : TileAA_Op<"conv_tile", [Pure]> {
  let summary = "convolution blocking of an activation tensor";
  let arguments = (ins AnyTypeOf<[TileAA_MemRef, TileAA_TiledView, TileAA_Tile]>:$src,
                       DenseI64ArrayAttr:$filterSizes, TileAA_ConvParamsAttr:$conv_params,
                       ArrayAttr:$dimGroups, I64Attr:$channel,
                       OptionalAttr<TileAA_PaddingValueAttr>:$padding_value,
                       OptionalAttr<TileAA_ActivationLayoutAttr>:$activation_layout);
  let results = (outs TileAA_TiledView:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TileAA_GetDimSizeOp : TileAA_Op<"get_dim_size", [Pure]> {
  let summary = "extent of one dimension of a memref, view or tile";
  let arguments = (ins AnyTypeOf<[TileAA_MemRef, TileAA_TiledView, TileAA_Tile]>:$src,
                       I32Attr:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$src `,` $dim attr-dict `:` type($src)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // TILECC_TILEAA_SHAPE_OPS_TD
