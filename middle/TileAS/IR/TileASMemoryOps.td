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

def TileAS_CreateMemTokenOp : TileAS_Op<"create_mem_token", [Pure]> {
  let summary = "initial memory-ordering token";
  let results = (outs TileAS_MemTokenType:$token);
  let assemblyFormat = "attr-dict";
}

def TileAS_JoinMemTokenOp : TileAS_Op<"join_mem_token", [Pure]> {
  let summary = "a token ordered after every input token";
  let arguments = (ins Variadic<TileAS_MemTokenType>:$tokens);
  let results = (outs TileAS_MemTokenType:$token);
  let assemblyFormat = "$tokens attr-dict";
  let hasVerifier = 1;
}

#endif // TILECC_TILEAS_MEMORYOPS_TD
