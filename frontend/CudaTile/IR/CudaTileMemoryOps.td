//===- CudaTileMemoryOps.td - memory, views, pointers, atomics, tokens ---*- tablegen -*-===//
//
// Token ops, tensor_view / tile view construction and queries, view and
// pointer loads and stores, pointer arithmetic, atomics and stack allocation.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_MEMORY_OPS_TD
#define TILECC_CUDATILE_MEMORY_OPS_TD

include "CudaTile/IR/CudaTileTypes.td"
include "CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Scalar integer tiles: dynamic sizes/strides and shape query results.
def CudaTile_MemScalarIntTile : CudaTile_RankedTileOf<CudaTile_IntTypes, [0]>;
def CudaTile_MemTokenType : Type<
    CPred<"::llvm::isa<::mlir::cuda_tile::TokenType>($_self)">,
    "cuda tile token type", "::mlir::cuda_tile::TokenType">,
    BuildableType<"$_builder.getType<::mlir::cuda_tile::TokenType>()">;
def CudaTile_MemTensorView : Type<
    CPred<"::llvm::isa<::mlir::cuda_tile::TensorViewType>($_self)">,
    "tensor view type", "::mlir::cuda_tile::TensorViewType">;

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

def CudaTile_MakeTokenOp : CudaTile_Op<"make_token", [Pure]> {
  let summary = "A fresh token that depends on nothing";
  let results = (outs CudaTile_MemTokenType:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
}

def CudaTile_JoinTokensOp : CudaTile_Op<"join_tokens", [Pure]> {
  let summary = "A token that depends on all of its input tokens";
  let arguments = (ins Variadic<CudaTile_MemTokenType>:$tokens);
  let results = (outs CudaTile_MemTokenType:$result);
  let assemblyFormat = "$tokens attr-dict `:` custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
}

// Grid dependency control (programmatic dependent launch); no-ops below
// sm_90. The token orders them with the memory operations around them.
class CudaTile_GdcOp<string mnemonic, string summaryText>
    : CudaTile_Op<mnemonic, [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = summaryText;
  let sinceVersion = "13.4";
  let arguments = (ins Optional<CudaTile_MemTokenType>:$token);
  let results = (outs CudaTile_MemTokenType:$result);
  let assemblyFormat = [{
    (`token` `` `=` `` $token^)? attr-dict `->` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_GdcLaunchDependentsTkoOp : CudaTile_GdcOp<
    "gdc_launch_dependents_tko",
    "Signals that dependent (PDL) kernels may start launching">;
def CudaTile_GdcWaitTkoOp : CudaTile_GdcOp<"gdc_wait_tko",
    "Waits for the predecessor kernels to complete (acquire)">;

def CudaTile_MemoryFenceAliasTkoOp : CudaTile_Op<"memory_fence_alias_tko",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Orders accesses to one physical memory through virtual aliases";
  let sinceVersion = "13.4";
  let arguments = (ins CudaTile_MemTokenType:$token);
  let results = (outs CudaTile_MemTokenType:$result);
  let assemblyFormat = [{
    `token` `` `=` `` $token attr-dict `->` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

def CudaTile_MakeTensorViewOp : CudaTile_Op<"make_tensor_view",
    [AttrSizedOperandSegments, Pure,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A tensor_view over global memory at a base pointer";
  let description = [{
    Static sizes and strides are part of the result type; each `?` in the type
    takes one operand, all of the same scalar integer tile type:
    `make_tensor_view %p, shape = [%n, 32], strides = [32, 1]
       : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>`.
  }];
  let arguments = (ins CudaTile_ScalarTileOf<CudaTile_PointerType>:$base,
                       Variadic<CudaTile_MemScalarIntTile>:$dynamicShape,
                       Variadic<CudaTile_MemScalarIntTile>:$dynamicStrides);
  let results = (outs CudaTile_MemTensorView:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

class CudaTile_MakeViewOp<string mnemonic, Type viewType,
                          list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat([Pure], traits)> {
  let arguments = (ins CudaTile_MemTensorView:$tensor_view);
  let results = (outs viewType:$result);
  // `make_..._view %tv : <view type>`; the operand type is the view's
  // tensor_view.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakePartitionViewOp : CudaTile_MakeViewOp<"make_partition_view",
    Type<CPred<"::llvm::isa<::mlir::cuda_tile::PartitionViewType>($_self)">,
         "partition view type", "::mlir::cuda_tile::PartitionViewType">,
    [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A partition_view over a tensor_view";
}

def CudaTile_MakeStridedViewOp : CudaTile_MakeViewOp<"make_strided_view",
    Type<CPred<"::llvm::isa<::mlir::cuda_tile::StridedViewType>($_self)">,
         "strided view type", "::mlir::cuda_tile::StridedViewType">,
    [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A strided_view over a tensor_view";
  let sinceVersion = "13.3";
}

def CudaTile_MakeGatherScatterViewOp : CudaTile_MakeViewOp<"make_gather_scatter_view",
    Type<CPred<"::llvm::isa<::mlir::cuda_tile::GatherScatterViewType>($_self)">,
         "gather scatter view type", "::mlir::cuda_tile::GatherScatterViewType">,
    [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A gather_scatter_view over a tensor_view";
  let sinceVersion = "13.3";
}

def CudaTile_GetTensorShapeOp : CudaTile_Op<"get_tensor_shape", [Pure]> {
  let summary = "The sizes of a tensor_view, one scalar per dimension";
  let arguments = (ins CudaTile_MemTensorView:$src);
  let results = (outs Variadic<CudaTile_MemScalarIntTile>:$result);
  // `get_tensor_shape %tv : tensor_view<...> -> tile<i32>`: one result per
  // dimension, all of the written type.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_GetIndexSpaceShapeOp : CudaTile_Op<"get_index_space_shape", [Pure]> {
  let summary = "The number of tiles of a view along each index dimension";
  let arguments = (ins CudaTile_TileView:$src);
  let results = (outs Variadic<CudaTile_MemScalarIntTile>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

def CudaTile_LoadViewTkoOp : CudaTile_Op<"load_view_tko",
    [AttrSizedOperandSegments, MemoryEffects<[MemRead]>]> {
  let summary = "Loads the tile at an index of a tile view";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
                       CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       Optional<CudaTile_MemTokenType>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_AnyTile:$tile, CudaTile_MemTokenType:$result_token);
  // `weak %view[%i, %j] token = %t : view_type, index_type(s) -> tile, token`;
  // one index type stands for all indices.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_StoreViewTkoOp : CudaTile_Op<"store_view_tko",
    [AttrSizedOperandSegments, MemoryEffects<[MemWrite]>]> {
  let summary = "Stores a tile at an index of a tile view";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
                       CudaTile_AnyTile:$tile,
                       CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       Optional<CudaTile_MemTokenType>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_MemTokenType:$result_token);
  // `weak %tile, %view[%i] : tile_type, view_type, index_type(s) -> token`.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer loads, stores and arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_LoadPtrTkoOp : CudaTile_Op<"load_ptr_tko",
    [AttrSizedOperandSegments, MemoryEffects<[MemRead]>]> {
  let summary = "Gathers a tile from global memory through a tile of pointers";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
                       CudaTile_PointerTile:$source,
                       Optional<CudaTile_I1Tile>:$mask,
                       Optional<CudaTile_NumberTile>:$paddingValue,
                       Optional<CudaTile_MemTokenType>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_AnyTile:$result, CudaTile_MemTokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics ($memory_scope^)?
    $source (`,` $mask^)? (`,` $paddingValue^)?
    (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)?
    attr-dict `:` custom<CudaTileType>(type($source))
    (`,` custom<CudaTileType>(type($mask))^)?
    (`,` custom<CudaTileType>(type($paddingValue))^)?
    `->` custom<CudaTileType>(type($result)) `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_StorePtrTkoOp : CudaTile_Op<"store_ptr_tko",
    [AttrSizedOperandSegments, MemoryEffects<[MemWrite]>]> {
  let summary = "Scatters a tile to global memory through a tile of pointers";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
                       CudaTile_PointerTile:$destination,
                       CudaTile_AnyTile:$value,
                       Optional<CudaTile_I1Tile>:$mask,
                       Optional<CudaTile_MemTokenType>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CudaTile_MemTokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics ($memory_scope^)?
    $destination `,` $value (`,` $mask^)?
    (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)?
    attr-dict `:` custom<CudaTileType>(type($destination)) `,`
    custom<CudaTileType>(type($value))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_OffsetOp : CudaTile_Op<"offset", [Pure, Elementwise,
    SameOperandsAndResultShape, AllTypesMatch<["result", "ptr"]>]> {
  let summary = "Advances each pointer by a number of elements";
  let arguments = (ins CudaTile_PointerTile:$ptr, CudaTile_IntTile:$offset);
  let results = (outs CudaTile_PointerTile:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` custom<CudaTileType>(type($ptr)) `,`
    custom<CudaTileType>(type($offset)) `->` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def CudaTile_AtomicRMWTkoOp : CudaTile_Op<"atomic_rmw_tko", [
    AllShapesMatch<["pointers", "arg", "result"]>,
    AllTypesMatch<["arg", "result"]>, AttrSizedOperandSegments]> {
  let summary = "Atomic read-modify-write through a tile of pointers";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       CudaTile_MemoryScopeAttr:$memory_scope,
                       CudaTile_PointerTile:$pointers,
                       CudaTile_AtomicRMWModeAttr:$mode,
                       CudaTile_AnyTile:$arg,
                       Optional<CudaTile_I1Tile>:$mask,
                       Optional<CudaTile_MemTokenType>:$token);
  let results = (outs CudaTile_AnyTile:$result, CudaTile_MemTokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope
    $pointers `,` $mode `,` $arg (`,` $mask^)?
    (`token` `` `=` `` $token^)?
    attr-dict `:` custom<CudaTileType>(type($pointers))
    `,` custom<CudaTileType>(type($arg))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result)) `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicCASTkoOp : CudaTile_Op<"atomic_cas_tko", [
    AllShapesMatch<["pointers", "cmp", "val", "result"]>,
    AllTypesMatch<["cmp", "val", "result"]>, AttrSizedOperandSegments]> {
  let summary = "Atomic compare-and-swap through a tile of pointers";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       CudaTile_MemoryScopeAttr:$memory_scope,
                       CudaTile_PointerTile:$pointers,
                       CudaTile_AnyTile:$cmp,
                       CudaTile_AnyTile:$val,
                       Optional<CudaTile_I1Tile>:$mask,
                       Optional<CudaTile_MemTokenType>:$token);
  let results = (outs CudaTile_AnyTile:$result, CudaTile_MemTokenType:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope
    $pointers `,` $cmp `,` $val (`,` $mask^)?
    (`token` `` `=` `` $token^)?
    attr-dict `:` custom<CudaTileType>(type($pointers))
    `,` custom<CudaTileType>(type($val))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result)) `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicRedViewTkoOp : CudaTile_Op<"atomic_red_view_tko",
    [AttrSizedOperandSegments]> {
  let summary = "Atomic element-wise reduction of a tile into a view";
  let sinceVersion = "13.3";
  let arguments = (ins CudaTile_MemoryOrderingSemanticsAttr:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScopeAttr>:$memory_scope,
                       CudaTile_TileView:$view,
                       Variadic<CudaTile_AnyTile>:$index,
                       CudaTile_AtomicRMWModeAttr:$mode,
                       CudaTile_AnyTile:$value,
                       Optional<CudaTile_MemTokenType>:$token);
  let results = (outs CudaTile_MemTokenType:$result_token);
  // `relaxed device %view[%i, %j], add, %value token = %t
  //    : value_type, view_type, index_type(s) -> token`.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

def CudaTile_AllocaOp : CudaTile_Op<"alloca"> {
  let summary = "Allocates scratch memory for the kernel";
  let description = [{
    Reserves `num_elem` elements of the pointee type, aligned to `alignment`
    bytes, private to the tile block (or in global memory with `global`), and
    returns a pointer to the first one.
  }];
  let sinceVersion = "13.3";
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<0>]>:$num_elem,
                       ConfinedAttr<I64Attr, [IntMinValue<0>]>:$alignment,
                       UnitAttr:$global);
  let results = (outs CudaTile_ScalarTileOf<CudaTile_PointerType>:$result);
  let assemblyFormat = [{
    `num_elem` `=` $num_elem `,` `alignment` `=` $alignment (`global` $global^)?
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TILECC_CUDATILE_MEMORY_OPS_TD
