//===- CudaTileTypes.td - cuda_tile types ------------------*- tablegen -*-===//
#ifndef TILECC_CUDATILE_TYPES_TD
#define TILECC_CUDATILE_TYPES_TD

include "CudaTile/IR/CudaTileDialect.td"
include "CudaTile/IR/CudaTileInterfaces.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"

//===----------------------------------------------------------------------===//
// Element types. The order of the lists is part of the public diagnostics
// ("... must be tile of i1 or i8 ...").
//===----------------------------------------------------------------------===//

def CudaTile_F8E8M0FNU : Type<CPred<"::llvm::isa<::mlir::Float8E8M0FNUType>($_self)">, "f8E8M0FNU">,
    BuildableType<"$_builder.getType<::mlir::Float8E8M0FNUType>()">;
def CudaTile_F4E2M1FN : Type<CPred<"::llvm::isa<::mlir::Float4E2M1FNType>($_self)">, "f4E2M1FN">,
    BuildableType<"$_builder.getType<::mlir::Float4E2M1FNType>()">;

// The public diagnostics spell element types the way the IR does ("i1",
// "f16"), not with the builtin summaries ("1-bit signless integer").
def CudaTile_I1 : TypeAlias<I1, "i1">;
def CudaTile_I8 : TypeAlias<I8, "i8">;
def CudaTile_I16 : TypeAlias<I16, "i16">;
def CudaTile_I32 : TypeAlias<I32, "i32">;
def CudaTile_I64 : TypeAlias<I64, "i64">;
def CudaTile_F16 : TypeAlias<F16, "f16">;
def CudaTile_BF16 : TypeAlias<BF16, "bf16">;
def CudaTile_F32 : TypeAlias<F32, "f32">;
def CudaTile_F64 : TypeAlias<F64, "f64">;
def CudaTile_TF32 : TypeAlias<TF32, "tf32">;
def CudaTile_F8E4M3FN : TypeAlias<F8E4M3FN, "f8E4M3FN">;
def CudaTile_F8E5M2 : TypeAlias<F8E5M2, "f8E5M2">;

defvar CudaTile_IntTypes = [CudaTile_I1, CudaTile_I8, CudaTile_I16,
                             CudaTile_I32, CudaTile_I64];
defvar CudaTile_BaseFloatTypes = [CudaTile_F16, CudaTile_BF16, CudaTile_F32,
                                  CudaTile_F64];
// Every float element type, in the order the public dialect lists them.
defvar CudaTile_FloatTypes = [CudaTile_F16, CudaTile_BF16, CudaTile_F32,
                              CudaTile_F64, CudaTile_TF32, CudaTile_F8E4M3FN,
                              CudaTile_F8E5M2, CudaTile_F8E8M0FNU,
                              CudaTile_F4E2M1FN];

// Pointee types of !cuda_tile.ptr.
def CudaTile_NumberType : AnyTypeOf<[
    CudaTile_F16, CudaTile_BF16, CudaTile_F32, CudaTile_TF32, CudaTile_F64,
    CudaTile_F8E4M3FN, CudaTile_F8E5M2, CudaTile_F8E8M0FNU, CudaTile_F4E2M1FN,
    CudaTile_I1, CudaTile_I8, CudaTile_I16, CudaTile_I32, CudaTile_I64]> {
  let cppType = "::mlir::Type";
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def CudaTile_PointerType : CudaTile_TypeDef<"Pointer", "ptr"> {
  let summary = "Pointer type";
  let description = [{ A typed pointer to one element in global memory. }];
  let parameters = (ins CudaTile_NumberType:$pointeeType);
  let builders = [TypeBuilderWithInferredContext<(ins "Type":$pointeeType), [{
    return $_get(pointeeType.getContext(), pointeeType);
  }]>];
  let assemblyFormat = "`<` custom<CudaTileType>($pointeeType) `>`";
}

// Tiles also hold the sub-byte i4 produced by `trunci`; the public summary does
// not list it.
def CudaTile_TileElementType : AnyTypeOf<[CudaTile_NumberType, CudaTile_PointerType, I<4>],
    "f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or "
    "f4E2M1FN or i1 or i8 or i16 or i32 or i64 or Pointer type"> {
  let cppType = "::mlir::Type";
}

def CudaTile_TileType : CudaTile_TypeDef<"Tile", "tile", [ShapedTypeInterface]> {
  let summary = "tile type";
  let description = [{
    A statically shaped value distributed over the threads of a tile block.
    Every dimension is a power of two; a rank-0 tile is a scalar.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        CudaTile_TileElementType:$elementType);
  let builders = [TypeBuilderWithInferredContext<
      (ins "::llvm::ArrayRef<int64_t>":$shape, "Type":$elementType), [{
    return $_get(elementType.getContext(), shape, elementType);
  }]>];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 0;
  let extraClassDeclaration = [{
    bool hasRank() const { return true; }
    TileType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                       Type elementType) const;
  }];
}

def CudaTile_TensorViewType : CudaTile_TypeDef<"TensorView", "tensor_view"> {
  let summary = "tensor view type";
  let description = [{
    A tensor in global memory: element type, shape and strides, each dimension
    static or dynamic (`?`).
  }];
  let parameters = (ins CudaTile_NumberType:$elementType,
                        ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"int64_t">:$strides);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kDynamic = ::mlir::ShapedType::kDynamic;
    int64_t getRank() const { return getShape().size(); }
    size_t getNumDynamicShapeDims() const;
    size_t getNumDynamicStrides() const;
  }];
}

def CudaTile_PartitionViewType : CudaTile_TypeDef<"PartitionView", "partition_view",
    [DeclareTypeInterfaceMethods<CudaTile_TileViewTypeInterface>]> {
  let summary = "partition view type";
  let description = [{
    A grid of equally sized tiles laid over a tensor_view; `dim_map` maps tile
    dimensions to tensor_view dimensions and `padding_value` defines
    out-of-bounds loads.
  }];
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tileShape,
                        CudaTile_TensorViewType:$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_StridedViewType : CudaTile_TypeDef<"StridedView", "strided_view",
    [DeclareTypeInterfaceMethods<CudaTile_TileViewTypeInterface>]> {
  let summary = "strided view type";
  let description = [{
    Tiles of a fixed shape laid over a tensor_view, where consecutive tile
    indices move the tile origin by `traversal_strides` elements per dimension
    (so tiles may overlap or leave gaps). `dim_map` and `padding_value` behave
    as for partition_view.
  }];
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tileShape,
                        ArrayRefParameter<"int32_t">:$traversalStrides,
                        CudaTile_TensorViewType:$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_GatherScatterViewType : CudaTile_TypeDef<"GatherScatterView",
    "gather_scatter_view",
    [DeclareTypeInterfaceMethods<CudaTile_TileViewTypeInterface>]> {
  let summary = "gather/scatter view type";
  let description = [{
    Tiles laid over a tensor_view like partition_view, except that along
    `sparse_dim` the rows of a tile are picked individually (gathered or
    scattered) instead of being contiguous.
  }];
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tileShape,
                        CudaTile_TensorViewType:$tensorView,
                        "uint32_t":$sparseDim,
                        OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_TokenType : CudaTile_TypeDef<"Token", "token"> {
  let summary = "cuda tile token type";
  let description = [{ Orders token-ordered memory operations; no runtime value. }];
}

//===----------------------------------------------------------------------===//
// Type constraints used by the op families.
//===----------------------------------------------------------------------===//

def CudaTile_IsTileTypePred : CPred<"::llvm::isa<::mlir::cuda_tile::TileType>($_self)">;

class CudaTile_TileOf<list<Type> allowedTypes, list<Pred> preds = [],
                      string summary = "tile">
    : ShapedContainerType<allowedTypes,
        And<!listconcat([CudaTile_IsTileTypePred], preds)>,
        summary, "::mlir::cuda_tile::TileType">;

class CudaTile_RankedTileOf<list<Type> allowedTypes, list<int> ranks>
    : CudaTile_TileOf<allowedTypes, [HasAnyRankOfPred<ranks>],
        !interleave(!foreach(rank, ranks, rank # "D"), "/") # " tile">;

class CudaTile_ScalarTileOf<Type elementType>
    : CudaTile_RankedTileOf<[elementType], [0]>;

def CudaTile_IntTile : CudaTile_TileOf<CudaTile_IntTypes>;
def CudaTile_I1Tile : CudaTile_TileOf<[CudaTile_I1]>;
def CudaTile_I64Tile : CudaTile_TileOf<[CudaTile_I64]>;
def CudaTile_BaseFloatTile : CudaTile_TileOf<CudaTile_BaseFloatTypes>;
def CudaTile_FloatTile : CudaTile_TileOf<CudaTile_FloatTypes>;
def CudaTile_NumberTile : CudaTile_TileOf<!listconcat(CudaTile_IntTypes, CudaTile_FloatTypes)>;
def CudaTile_PointerTile : CudaTile_TileOf<[CudaTile_PointerType]>;
def CudaTile_AnyTile : CudaTile_TileOf<[AnyType]>;

// Any of the tile views (partition_view, strided_view, gather_scatter_view).
def CudaTile_TileView : Type<
    CPred<"::llvm::isa<::mlir::cuda_tile::TileViewType>($_self)">,
    "TileView instance", "::mlir::cuda_tile::TileViewType">;

def CudaTile_AnyCudaTileType : Type<
    CPred<"::llvm::isa<::mlir::cuda_tile::CudaTileDialect>(&$_self.getDialect())">,
    "cuda_tile type">;

#endif // TILECC_CUDATILE_TYPES_TD
