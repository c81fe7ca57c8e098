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
    strides (elements, the last dimension contiguous) of the tensor; the box
    is the result type's shape. `swizzle_bytes` (0, 32, 64 or 128) is the
    shared-memory swizzle span of the boxes it loads; elements outside the
    tensor read as zero.

    With `staging %s : !nv_tileaa.ptr<i8, 3> pool %p : !nv_tileaa.ptr<i8, 1>`
    the map is built on the device: one thread claims a free entry of the
    module's descriptor pool (`%p`, see tma_desc_release), writes every field
    with tensormap.replace into the 128-byte shared buffer `%s` and warp 0
    copies it to the entry with a tensor-map proxy fence; the descriptor is
    the entry's address.
  }];
  let arguments = (ins AnyType:$base, Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       Optional<AnyType>:$staging, Optional<AnyType>:$pool,
                       DefaultValuedAttr<I32Attr, "0">:$swizzle_bytes);
  let results = (outs TileAS_TmaDescType:$desc);
  let assemblyFormat = [{
    $base `sizes` `[` $sizes `]` `strides` `[` $strides `]`
    (`staging` $staging^ `:` type($staging) `pool` $pool `:` type($pool))?
    attr-dict `:` type($base) `->` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def TileAS_TmaDescReleaseOp : TileAS_Op<"tma_desc_release",
    [TileAS_MemoryConsistent]> {
  let summary = "give a device-built descriptor's pool entry back";
  let description = [{
    `nv_tileas.tma_desc_release %d : !nv_tileas.tma_desc<128x32xf16>` frees
    the pool entry `%d` (made with `staging`/`pool`) once every bulk copy
    through it has completed, so another CTA (of this launch or a concurrent
    one) may claim it.
  }];
  let arguments = (ins TileAS_TmaDescType:$desc);
  let assemblyFormat = "$desc attr-dict `:` qualified(type($desc))";
}

def TileAS_TmaLoadOp : TileAS_Op<"tma_load",
    [TileAS_MemoryConsistent, AttrSizedOperandSegments]> {
  let summary = "bulk tensor load of one box (cp.async.bulk.tensor)";
  let description = [{
    `nv_tileas.tma_load %d[%i, %j]`: the box at element coordinates
    (`%i`, `%j`). With `into %ring : !nv_tileaa.ptr<T, 3> [%slot] barrier
    %pipe : !nv_tileas.pipeline<...> [%stage]` the tile, boxes laid side by
    side along its last dimension (box `b` at element `b * box` of it,
    `b * box bytes` into the slot), lands in slot `%slot` of the ring, and
    its bytes complete the transaction count of the pipeline's full barrier
    of stage `%stage`; the future is the slot.
  }];
  let arguments = (ins TileAS_TmaDescType:$desc, Variadic<Index>:$coords,
                       Optional<AnyType>:$ring, Optional<Index>:$slot,
                       Optional<TileAS_PipelineType>:$pipeline,
                       Optional<Index>:$stage);
  let results = (outs TileAS_Future:$result);
  let assemblyFormat = [{
    $desc `[` $coords `]`
    (`into` $ring^ `:` type($ring) `[` $slot `]` `barrier` $pipeline `:`
     qualified(type($pipeline)) `[` $stage `]`)?
    attr-dict `:` qualified(type($desc)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileAS_TmaStoreOp : TileAS_Op<"tma_store", [TileAS_MemoryConsistent]> {
  let summary = "bulk tensor store of a tile of boxes";
  let description = [{
    `nv_tileas.tma_store %tile, %d[%i, %j]` writes the register tile at
    element coordinates (`%i`, `%j`) of the map's tensor: one box, or boxes
    side by side along the tile's last dimension (box `b` at element
    `b * box` of it, as tma_load fills a ring slot). Elements outside the
    tensor are not written. The op completes with the global writes
    performed.

    `staging` names how registers reach the shared staging of each box:
    vector `st.shared` where absent (or `sts`), or
    `#nv_tileas.copy_atom<stmatrix, 128>` (8x8 b16 matrices, 16-bit tiles
    whose layout lib/Layout's `planTmaBoxStmatrix` takes).
  }];
  let arguments = (ins TileAS_Tile:$value, TileAS_TmaDescType:$desc,
                       Variadic<Index>:$coords,
                       OptionalAttr<TileAS_CopyAtomAttr>:$staging);
  let results = (outs TileAS_AsyncTokenType:$token);
  let assemblyFormat = [{
    $value `,` $desc `[` $coords `]` attr-dict `:` type($value) `,`
    qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def TileAS_TmaReduceOp : TileAS_Op<"tma_reduce", [TileAS_MemoryConsistent]> {
  let summary = "bulk tensor reduction of a tile of boxes into global memory";
  let arguments = (ins TileAS_RmwModeAttr:$kind, TileAS_Tile:$value,
                       TileAS_TmaDescType:$desc, Variadic<Index>:$coords);
  let results = (outs TileAS_AsyncTokenType:$token);
  let assemblyFormat = [{
    $kind `,` $value `,` $desc `[` $coords `]` attr-dict `:` type($value) `,`
    qualified(type($desc))
  }];
  let hasVerifier = 1;
}

#endif // TILECC_TILEAS_TMAOPS_TD
