//===- TileASMemoryOps.td - synchronous tiled memory ops --*- tablegen -*-===//
//
// tiled_load / tiled_store / tiled_atomic_rmw carry a CopyAtom witness and the
// same mem_semantic / mem_scope discipline as nv_tileaa. `copy` is the
// synchronous copy between tiles, a memory-consistency op (seed 003).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_MEMORYOPS_TD
#define TILECC_TILEAS_MEMORYOPS_TD

include "TileAS/IR/TileASOpBase.td"

class TileAS_TiledMemOp<string mnemonic, list<Trait> traits = []>
    : TileAS_Op<mnemonic, traits # [AttrSizedOperandSegments]> {
  let hasVerifier = 1;
}

def TileAS_TiledLoadOp : TileAS_TiledMemOp<"tiled_load", [MemoryEffects<[MemRead]>]> {
  let summary = "load a tile box through a copy atom";
  let arguments = (ins TileAS_TiledViewType:$view, Variadic<Index>:$indices,
                       Optional<TileAS_Mask>:$mask, Optional<TileAS_Tile>:$other,
                       Optional<TileAS_MemTokenType>:$token,
                       TileAS_CopyAtomAttrInterface:$atom,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds,
                       OptionalAttr<TileAS_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAS_MemScopeAttr>:$mem_scope);
  let results = (outs TileAS_Tile:$result,
                      Optional<TileAS_MemTokenType>:$result_token);
  let assemblyFormat = [{
    $view `[` $indices `]` (`mask` `(` $mask^ `:` type($mask) `)`)?
    (`other` `(` $other^ `:` type($other) `)`)? (`token` `(` $token^ `)`)?
    attr-dict `:` qualified(type($view)) `->` type($result)
    (`,` qualified(type($result_token))^)?
  }];
}

def TileAS_TiledStoreOp : TileAS_TiledMemOp<"tiled_store", [MemoryEffects<[MemWrite]>]> {
  let summary = "store a tile box through a copy atom";
  let arguments = (ins TileAS_Tile:$value, TileAS_TiledViewType:$view,
                       Variadic<Index>:$indices, Optional<TileAS_Mask>:$mask,
                       Optional<TileAS_MemTokenType>:$token,
                       TileAS_CopyAtomAttrInterface:$atom,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds,
                       OptionalAttr<TileAS_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAS_MemScopeAttr>:$mem_scope);
  let results = (outs Optional<TileAS_MemTokenType>:$result_token);
  let assemblyFormat = [{
    $value `,` $view `[` $indices `]` (`mask` `(` $mask^ `:` type($mask) `)`)?
    (`token` `(` $token^ `)`)?
    attr-dict `:` type($value) `,` qualified(type($view))
    (`->` qualified(type($result_token))^)?
  }];
}

def TileAS_TiledAtomicRMWOp : TileAS_TiledMemOp<"tiled_atomic_rmw",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "atomic read-modify-write of a tile box through a copy atom";
  let arguments = (ins TileAS_RmwModeAttr:$mode, TileAS_Tile:$value,
                       TileAS_TiledViewType:$view, Variadic<Index>:$indices,
                       Optional<TileAS_Mask>:$mask,
                       Optional<TileAS_MemTokenType>:$token,
                       TileAS_CopyAtomAttrInterface:$atom,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds,
                       OptionalAttr<TileAS_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAS_MemScopeAttr>:$mem_scope);
  let results = (outs TileAS_Tile:$result,
                      Optional<TileAS_MemTokenType>:$result_token);
  let assemblyFormat = [{
    $mode `,` $value `,` $view `[` $indices `]`
    (`mask` `(` $mask^ `:` type($mask) `)`)? (`token` `(` $token^ `)`)?
    attr-dict `:` type($value) `,` qualified(type($view)) `->` type($result)
    (`,` qualified(type($result_token))^)?
  }];
}

def TileAS_CopyOp : TileAS_Op<"copy", [TileAS_MemoryConsistent,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "synchronous copy of a tile into a destination tile";
  let description = [{
    `%r = nv_tileas.copy %src into %dst {atom = ...}`: moves data between
    storage classes (registers, shared memory, tensor memory) as the atom says.
    It may publish data to async regions, so it is ordered.
  }];
  let arguments = (ins TileAS_Tile:$source, TileAS_Tile:$dest,
                       TileAS_CopyAtomAttrInterface:$atom);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = [{
    $source `into` $dest attr-dict `:` type($source) `into` type($dest)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// View construction and token plumbing (the ConvertTileAAToTileAS outputs).
//===----------------------------------------------------------------------===//

def TileAS_MakeTiledViewOp : TileAS_Op<"make_tiled_view",
    [Pure, AttrSizedOperandSegments]> {
  let summary = "static tile box over a strided memory object";
  let description = [{
    `%v = nv_tileas.make_tiled_view %base[%offset] sizes(%n) strides(%s) :
    !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>`. The memory
    object is `base + offset` with one extent and one element stride per
    dimension; the result type is the box. Tiled ops index boxes: index `i`
    along a dimension addresses elements `[i * box, (i + 1) * box)`, and
    elements at or past the extent are out of bounds.
  }];
  let arguments = (ins AnyType:$base, Index:$offset, Variadic<Index>:$sizes,
                       Variadic<Index>:$strides);
  let results = (outs TileAS_TiledViewType:$result);
  let assemblyFormat = [{
    $base `[` $offset `]` `sizes` `(` $sizes `)` `strides` `(` $strides `)`
    attr-dict `:` type($base) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileAS_CreateTokenOp : TileAS_Op<"create_token", [Pure]> {
  let summary = "start a memory-ordering chain";
  let arguments = (ins OptionalAttr<I64Attr>:$producers);
  let results = (outs TileAS_MemTokenType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def TileAS_JoinTokensOp : TileAS_Op<"join_tokens", [Pure]> {
  let summary = "a token complete only when every input token is";
  let arguments = (ins Variadic<TileAS_MemTokenType>:$tokens);
  let results = (outs TileAS_MemTokenType:$result);
  let assemblyFormat = "$tokens attr-dict `:` qualified(type($result))";
}

#endif // TILECC_TILEAS_MEMORYOPS_TD
