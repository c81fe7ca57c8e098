//===- TileASTmaOps.td - TMA descriptors and bulk tensor ops -*- tablegen -*-===//
//
// Every op here consumes or produces a tensor-map descriptor and carries
// memory-ordering semantics, so all implement MemoryConsistencyOpInterface.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_TMAOPS_TD
#define TILECC_TILEAS_TMAOPS_TD

include "TileAS/IR/TileASOpBase.td"

def TileAS_MakeTiledTmaDescOp : TileAS_Op<"make_tiled_tma_desc",
    [TileAS_MemoryConsistent, AttrSizedOperandSegments]> {
  let summary = "build a tensor-map descriptor for a global tensor";
  let description = [{
    `%d = nv_tileas.make_tiled_tma_desc %base sizes[%m, %n] strides[%s0, %s1]
    : i64 -> !nv_tileas.tma_desc<128x32xf16>`: global address, extents and
    strides (elements) of the tensor; the box is the result type's shape.
  }];
  let arguments = (ins AnyTypeOf<[I64, Index]>:$base, Variadic<Index>:$sizes,
                       Variadic<Index>:$strides);
  let results = (outs TileAS_TmaDescType:$desc);
  let assemblyFormat = [{
    $base `sizes` `[` $sizes `]` `strides` `[` $strides `]` attr-dict `:`
    type($base) `->` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def TileAS_TmaLoadOp : TileAS_Op<"tma_load", [TileAS_MemoryConsistent]> {
  let summary = "bulk tensor load of one box (cp.async.bulk.tensor)";
  let arguments = (ins TileAS_TmaDescType:$desc, Variadic<Index>:$coords);
  let results = (outs TileAS_Future:$result);
  let assemblyFormat = [{
    $desc `[` $coords `]` attr-dict `:` qualified(type($desc)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileAS_TmaStoreOp : TileAS_Op<"tma_store", [TileAS_MemoryConsistent]> {
  let summary = "bulk tensor store of one box";
  let arguments = (ins TileAS_Tile:$value, TileAS_TmaDescType:$desc,
                       Variadic<Index>:$coords);
  let results = (outs TileAS_AsyncTokenType:$token);
  let assemblyFormat = [{
    $value `,` $desc `[` $coords `]` attr-dict `:` type($value) `,`
    qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def TileAS_TmaReduceOp : TileAS_Op<"tma_reduce", [TileAS_MemoryConsistent]> {
  let summary = "bulk tensor reduction of one box into global memory";
  let arguments = (ins TileAS_RmwModeAttr:$kind, TileAS_Tile:$value,
                       TileAS_TmaDescType:$desc, Variadic<Index>:$coords);
  let results = (outs TileAS_AsyncTokenType:$token);
  let assemblyFormat = [{
    $kind `,` $value `,` $desc `[` $coords `]` attr-dict `:` type($value) `,`
    qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def TileAS_TmaGatherOp : TileAS_Op<"tma_gather", [TileAS_MemoryConsistent]> {
  let summary = "bulk gather of rows (tile::gather4) from a 2-d tensor map";
  let arguments = (ins TileAS_TmaDescType:$desc,
                       RankedTensorOf<[I32]>:$rows, Index:$column);
  let results = (outs TileAS_Future:$result);
  let assemblyFormat = [{
    $desc `[` $rows `,` $column `]` attr-dict `:` qualified(type($desc)) `,`
    type($rows) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileAS_TmaScatterOp : TileAS_Op<"tma_scatter", [TileAS_MemoryConsistent]> {
  let summary = "bulk scatter of rows (tile::scatter4) into a 2-d tensor map";
  let arguments = (ins TileAS_Tile:$value, TileAS_TmaDescType:$desc,
                       RankedTensorOf<[I32]>:$rows, Index:$column);
  let results = (outs TileAS_AsyncTokenType:$token);
  let assemblyFormat = [{
    $value `,` $desc `[` $rows `,` $column `]` attr-dict `:` type($value) `,`
    qualified(type($desc)) `,` type($rows)
  }];
  let hasVerifier = 1;
}

#endif // TILECC_TILEAS_TMAOPS_TD
