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
include "mlir/IR/SymbolInterfaces.td"

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

//===----------------------------------------------------------------------===//
// Pointer accesses and pointer arithmetic. Pointers are nv_tileaa pointers
// (scalars or tiles of them); the ops name no other dialect's types.
//===----------------------------------------------------------------------===//

class TileAS_PtrAccessOp<string mnemonic, list<Trait> traits = []>
    : TileAS_Op<mnemonic, traits # [AttrSizedOperandSegments]> {
  let hasVerifier = 1;
}

def TileAS_LoadOp : TileAS_PtrAccessOp<"load", [MemoryEffects<[MemRead]>]> {
  let summary = "load through a pointer or a tile of pointers via a copy atom";
  let arguments = (ins AnyType:$ptr, Optional<AnyType>:$mask,
                       Optional<AnyType>:$other,
                       Optional<TileAS_MemTokenType>:$token,
                       TileAS_CopyAtomAttrInterface:$atom,
                       OptionalAttr<TileAS_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAS_MemScopeAttr>:$mem_scope);
  let results = (outs AnyType:$result, Optional<TileAS_MemTokenType>:$result_token);
  let assemblyFormat = [{
    $ptr (`mask` `(` $mask^ `:` type($mask) `)`)?
    (`other` `(` $other^ `:` type($other) `)`)? (`token` `(` $token^ `)`)?
    attr-dict `:` type($ptr) `->` type($result) (`,` qualified(type($result_token))^)?
  }];
}

def TileAS_StoreOp : TileAS_PtrAccessOp<"store", [MemoryEffects<[MemWrite]>]> {
  let summary = "store through a pointer or a tile of pointers via a copy atom";
  let arguments = (ins AnyType:$value, AnyType:$ptr, Optional<AnyType>:$mask,
                       Optional<TileAS_MemTokenType>:$token,
                       TileAS_CopyAtomAttrInterface:$atom,
                       OptionalAttr<TileAS_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAS_MemScopeAttr>:$mem_scope);
  let results = (outs Optional<TileAS_MemTokenType>:$result_token);
  let assemblyFormat = [{
    $value `,` $ptr (`mask` `(` $mask^ `:` type($mask) `)`)? (`token` `(` $token^ `)`)?
    attr-dict `:` type($value) `,` type($ptr) (`->` qualified(type($result_token))^)?
  }];
}

def TileAS_AtomicRMWOp : TileAS_PtrAccessOp<"atomic_rmw",
    [MemoryEffects<[MemRead, MemWrite]>, AllTypesMatch<["value", "result"]>]> {
  let summary = "atomic read-modify-write through pointers via a copy atom";
  let arguments = (ins TileAS_RmwModeAttr:$mode, AnyType:$value, AnyType:$ptr,
                       Optional<AnyType>:$mask,
                       Optional<TileAS_MemTokenType>:$token,
                       TileAS_CopyAtomAttrInterface:$atom,
                       OptionalAttr<TileAS_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAS_MemScopeAttr>:$mem_scope);
  let results = (outs AnyType:$result, Optional<TileAS_MemTokenType>:$result_token);
  let assemblyFormat = [{
    $mode `,` $value `,` $ptr (`mask` `(` $mask^ `:` type($mask) `)`)?
    (`token` `(` $token^ `)`)? attr-dict `:` type($value) `,` type($ptr)
    (`,` qualified(type($result_token))^)?
  }];
}

def TileAS_AtomicCASOp : TileAS_PtrAccessOp<"atomic_cas",
    [MemoryEffects<[MemRead, MemWrite]>,
     AllTypesMatch<["compare", "value", "result"]>]> {
  let summary = "atomic compare-and-swap through pointers via a copy atom";
  let arguments = (ins AnyType:$compare, AnyType:$value, AnyType:$ptr,
                       Optional<AnyType>:$mask,
                       Optional<TileAS_MemTokenType>:$token,
                       TileAS_CopyAtomAttrInterface:$atom,
                       OptionalAttr<TileAS_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAS_MemScopeAttr>:$mem_scope);
  let results = (outs AnyType:$result, Optional<TileAS_MemTokenType>:$result_token);
  let assemblyFormat = [{
    $compare `,` $value `,` $ptr (`mask` `(` $mask^ `:` type($mask) `)`)?
    (`token` `(` $token^ `)`)? attr-dict `:` type($value) `,` type($ptr)
    (`,` qualified(type($result_token))^)?
  }];
}

def TileAS_AddPtrOp : TileAS_Op<"addptr", [Pure]> {
  let summary = "pointer(s) plus element offsets (bytes with `bytes`)";
  let arguments = (ins AnyType:$base, AnyType:$offset, UnitAttr:$bytes);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $base `,` $offset attr-dict `:` type($base) `,` type($offset) `->` type($result)
  }];
}

def TileAS_IntToPtrOp : TileAS_Op<"int_to_ptr", [Pure]> {
  let summary = "integer(s) to pointer(s)";
  let arguments = (ins AnyType:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TileAS_PtrToIntOp : TileAS_Op<"ptr_to_int", [Pure]> {
  let summary = "pointer(s) to integer(s)";
  let arguments = (ins AnyType:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TileAS_GlobalOp : TileAS_Op<"global", [Symbol]> {
  let summary = "module-scope memory object in an address space";
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type,
                       OptionalAttr<AnyAttr>:$initial_value,
                       DefaultValuedAttr<I32Attr, "1">:$address_space,
                       OptionalAttr<I64Attr>:$alignment, UnitAttr:$constant);
  let assemblyFormat = "$sym_name `:` $type (`=` $initial_value^)? attr-dict";
}

def TileAS_GetGlobalOp : TileAS_Op<"get_global", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "address of an nv_tileas.global";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$name attr-dict `:` type($result)";
}

#endif // TILECC_TILEAS_MEMORYOPS_TD
