//===- TileAAMemoryOps.td - pointer, memref and memory ops -*- tablegen -*-===//
//
// Pointer / memref / type-conversion family and the memory-effect family.
// Every op with a memory effect consumes an incoming token (the operand after
// the segments) and returns the successor token (its last result), seed 002.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAA_MEMORY_OPS_TD
#define TILECC_TILEAA_MEMORY_OPS_TD

include "TileAA/IR/TileAAOpBase.td"

//===----------------------------------------------------------------------===//
// Pointer, memref and type conversion
//===----------------------------------------------------------------------===//

def TileAA_AddPtrOp : TileAA_Op<"addptr", [Pure]> {
  let summary = "pointer plus an element offset";
  let description = [{
    Adds `offset` elements of the pointee type to `base` (bytes when `bytes`
    is set). A scalar base with a tile offset gives a tile of pointers; the
    address space is preserved.
  }];
  let arguments = (ins TileAA_PtrLike:$base, TileAA_IndexLike:$offset,
                       UnitAttr:$bytes);
  let results = (outs TileAA_PtrLike:$result);
  let assemblyFormat = [{
    $base `,` $offset attr-dict `:` type($base) `,` type($offset) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TileAA_IntToPtrOp : TileAA_Op<"int_to_ptr", [Pure, Elementwise]> {
  let summary = "integer to pointer";
  let arguments = (ins TileAA_IntLike:$src);
  let results = (outs TileAA_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TileAA_PtrToIntOp : TileAA_Op<"ptr_to_int", [Pure, Elementwise]> {
  let summary = "pointer to integer";
  let arguments = (ins TileAA_PtrLike:$src);
  let results = (outs TileAA_IntLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TileAA_MakeMemRefOp : TileAA_Op<"make_memref", [Pure, AttrSizedOperandSegments]> {
  let summary = "package a pointer with offset, sizes and strides";
  let description = [{
    Sizes are given for the dynamic dimensions of the result type and strides
    for its dynamic strides, in order. The custom form accepts the seed's
    `%base, %off, %sizes..., %strides... : (types) -> type`; without an explicit
    `operandSegmentSizes` the groups are inferred from the result type.
  }];
  let arguments = (ins TileAA_Ptr:$base, Optional<Index>:$offset,
                       Variadic<Index>:$sizes, Variadic<Index>:$strides,
                       OptionalAttr<I64Attr>:$alias_scope);
  let results = (outs TileAA_MemRef:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TileAA_BitcastOp : TileAA_Op<"bitcast", [Pure, Elementwise]> {
  let summary = "reinterpret the bits of each element";
  let arguments = (ins TileAA_TileOrScalar:$src);
  let results = (outs TileAA_TileOrScalar:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TileAA_FpToFpOp : TileAA_Op<"fp_to_fp", [Pure, Elementwise]> {
  let summary = "floating-point format conversion";
  let description = [{
    The only op that changes floating width. Block-scaled formats (f4E2M1FN,
    f8E8M0FNU) need a target with block-scaled MMA when the enclosing module or
    function names one (`nv_tileaa.target_spec` / `nv_tileaa.compute_capability`).
  }];
  let arguments = (ins TileAA_FloatLike:$src,
                       OptionalAttr<TileAA_RoundingModeAttr>:$rounding_mode);
  let results = (outs TileAA_FloatLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TileAA_ExternElementwiseOp : TileAA_Op<"extern_elementwise", [Elementwise]> {
  let summary = "call an external device function per element";
  let arguments = (ins Variadic<TileAA_TileOrScalar>:$args, StrAttr:$symbol,
                       OptionalAttr<StrAttr>:$libname, OptionalAttr<StrAttr>:$libpath,
                       UnitAttr:$pure);
  let results = (outs TileAA_TileOrScalar:$result);
  let assemblyFormat = "$symbol `(` $args `)` attr-dict `:` functional-type($args, $result)";
}

def TileAA_ElementwiseInlineAsmOp : TileAA_Op<"elementwise_inline_asm", [Elementwise]> {
  let summary = "inline PTX applied per element (or per packed group)";
  let arguments = (ins Variadic<TileAA_TileOrScalar>:$args, StrAttr:$asm_string,
                       StrAttr:$constraints, UnitAttr:$pure,
                       DefaultValuedAttr<I32Attr, "1">:$packed_element);
  let results = (outs Variadic<TileAA_TileOrScalar>:$results);
  let assemblyFormat = [{
    $asm_string `,` $constraints `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

def TileAA_CallElementwiseIntrinsicOp : TileAA_Op<"call_elementwise_intrinsic", [Pure, Elementwise]> {
  let summary = "call an LLVM/NVVM intrinsic per element";
  let arguments = (ins Variadic<TileAA_TileOrScalar>:$args, StrAttr:$intrinsic);
  let results = (outs TileAA_TileOrScalar:$result);
  let assemblyFormat = "$intrinsic `(` $args `)` attr-dict `:` functional-type($args, $result)";
}

//===----------------------------------------------------------------------===//
// Memory effects
//===----------------------------------------------------------------------===//

def TileAA_GetGlobalOp : TileAA_Op<"get_global", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "address of a nv_tileaa.global";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs TileAA_Ptr:$result);
  let assemblyFormat = "$name attr-dict `:` qualified(type($result))";
}

def TileAA_HeapAllocOp : TileAA_Op<"heap_alloc"> {
  let summary = "tile-block scratch from the device heap";
  let description = [{
    One thread of the tile block allocates `bytes` bytes with the device
    heap's `malloc` and publishes the pointer to the whole block through the
    shared variable `slot` and a barrier, so every thread gets the same
    pointer (16-byte aligned; null when the heap is exhausted). Executed
    uniformly by the block; released by heap_free.
  }];
  let arguments = (ins I64Attr:$bytes, StrAttr:$slot);
  let results = (outs TileAA_Ptr:$result);
  let assemblyFormat = "$bytes `slot` $slot attr-dict `:` qualified(type($result))";
}

def TileAA_HeapFreeOp : TileAA_Op<"heap_free"> {
  let summary = "release a heap_alloc block";
  let description = [{
    The tile block meets at a barrier (every access to the block is done),
    then one thread returns it to the device heap with `free`.
  }];
  let arguments = (ins TileAA_Ptr:$ptr);
  let assemblyFormat = "$ptr attr-dict `:` qualified(type($ptr))";
}

class TileAA_LoadLikeOp<string mnemonic> : TileAA_SegmentedMemOp<mnemonic, 4, 1> {
  let arguments = (ins Variadic<AnyType>:$args, DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<TileAA_CacheModifierAttr>:$cache_modifier,
                       OptionalAttr<TileAA_EvictionPolicyAttr>:$eviction_policy,
                       OptionalAttr<TileAA_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAA_MemScopeAttr>:$mem_scope,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds,
                       UnitAttr:$is_volatile);
  let results = (outs TileAA_TileOrScalar:$result, TileAA_MemToken:$out_token);
  let extraClassDeclaration = segmentedDecl # [{
    ::mlir::Value getMask() { return getOptionalSegment(2); }
    ::mlir::Value getOther() { return getOptionalSegment(3); }
  }];
  let hasCanonicalizer = 1;
}

def TileAA_LoadOp : TileAA_LoadLikeOp<"load"> {
  let summary = "load through a pointer, tile of pointers or memref";
}
def TileAA_TiledLoadOp : TileAA_LoadLikeOp<"tiled_load"> {
  let summary = "TMA-eligible tile load from a memref or tiled view";
  let arguments = (ins Variadic<AnyType>:$args, DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<TileAA_CacheModifierAttr>:$cache_modifier,
                       OptionalAttr<TileAA_EvictionPolicyAttr>:$eviction_policy,
                       OptionalAttr<TileAA_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAA_MemScopeAttr>:$mem_scope,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds,
                       UnitAttr:$is_volatile, UnitAttr:$allow_tma,
                       OptionalAttr<TileAA_PaddingValueAttr>:$padding_value);
}
def TileAA_GatherLoadOp : TileAA_LoadLikeOp<"gather_load"> {
  let summary = "load at per-lane index tiles from a memref";
}

class TileAA_StoreLikeOp<string mnemonic> : TileAA_SegmentedMemOp<mnemonic, 4, 2> {
  let arguments = (ins Variadic<AnyType>:$args, DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<TileAA_CacheModifierAttr>:$cache_modifier,
                       OptionalAttr<TileAA_EvictionPolicyAttr>:$eviction_policy,
                       OptionalAttr<TileAA_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAA_MemScopeAttr>:$mem_scope,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds,
                       UnitAttr:$is_volatile);
  let results = (outs TileAA_MemToken:$out_token);
  let extraClassDeclaration = segmentedDecl # [{
    ::mlir::Value getValue() { return getSegment(1).front(); }
    ::mlir::Value getMask() { return getOptionalSegment(3); }
  }];
  let hasCanonicalizer = 1;
}

def TileAA_StoreOp : TileAA_StoreLikeOp<"store"> {
  let summary = "store through a pointer, tile of pointers or memref";
}
def TileAA_TiledStoreOp : TileAA_StoreLikeOp<"tiled_store"> {
  let summary = "TMA-eligible tile store to a memref or tiled view";
  let arguments = (ins Variadic<AnyType>:$args, DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<TileAA_CacheModifierAttr>:$cache_modifier,
                       OptionalAttr<TileAA_EvictionPolicyAttr>:$eviction_policy,
                       OptionalAttr<TileAA_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAA_MemScopeAttr>:$mem_scope,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds,
                       UnitAttr:$is_volatile, UnitAttr:$allow_tma);
}
def TileAA_ScatterStoreOp : TileAA_StoreLikeOp<"scatter_store"> {
  let summary = "store at per-lane index tiles into a memref";
}

class TileAA_AtomicOpBase<string mnemonic, int numSegments, int indexSegment>
    : TileAA_SegmentedMemOp<mnemonic, numSegments, indexSegment> {
  let results = (outs TileAA_TileOrScalar:$result, TileAA_MemToken:$out_token);
  let hasCanonicalizer = 1;
}

def TileAA_AtomicCasOp : TileAA_AtomicOpBase<"atomic_cas", 5, 3> {
  let summary = "atomic compare-and-swap";
  let description = [{ Segments {base, compare, replacement, indices, mask}. }];
  let arguments = (ins Variadic<AnyType>:$args, DenseI32ArrayAttr:$operandSegmentSizes,
                       OptionalAttr<TileAA_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAA_MemScopeAttr>:$mem_scope,
                       UnitAttr:$is_volatile);
  let extraClassDeclaration = segmentedDecl # [{
    ::mlir::Value getCompare() { return getSegment(1).front(); }
    ::mlir::Value getReplacement() { return getSegment(2).front(); }
    ::mlir::Value getMask() { return getOptionalSegment(4); }
  }];
}

class TileAA_RmwOpBase<string mnemonic> : TileAA_AtomicOpBase<mnemonic, 4, 2> {
  let description = [{ Segments {base, value, indices, mask}. }];
  let arguments = (ins Variadic<AnyType>:$args, DenseI32ArrayAttr:$operandSegmentSizes,
                       TileAA_RmwModeAttr:$rmw_mode,
                       OptionalAttr<TileAA_MemSemanticAttr>:$mem_semantic,
                       OptionalAttr<TileAA_MemScopeAttr>:$mem_scope,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds,
                       UnitAttr:$is_volatile);
  let extraClassDeclaration = segmentedDecl # [{
    ::mlir::Value getValue() { return getSegment(1).front(); }
    ::mlir::Value getMask() { return getOptionalSegment(3); }
  }];
}

def TileAA_AtomicRmwOp : TileAA_RmwOpBase<"atomic_rmw"> {
  let summary = "atomic read-modify-write";
}
def TileAA_TiledAtomicRmwOp : TileAA_RmwOpBase<"tiled_atomic_rmw"> {
  let summary = "TMA-eligible tile atomic read-modify-write";
}

#endif // TILECC_TILEAA_MEMORY_OPS_TD
