//===- TileAATypes.td - nv_tileaa types --------------------*- tablegen -*-===//
//
// Every type is uniqued through the context's StorageUniquer (TypeDef storage):
// equal keys give pointer-equal types, which type converters dispatch on.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAA_TYPES_TD
#define TILECC_TILEAA_TYPES_TD

include "TileAA/IR/TileAADialect.td"
include "mlir/IR/CommonTypeConstraints.td"

def TileAA_PtrType : TileAA_TypeDef<"Ptr", "ptr"> {
  let summary = "pointer to elements in an address space";
  let parameters = (ins "::mlir::Type":$pointeeType, "unsigned":$addressSpace);
  let builders = [TypeBuilderWithInferredContext<
      (ins "::mlir::Type":$pointeeType, "unsigned":$addressSpace), [{
    return $_get(pointeeType.getContext(), pointeeType, addressSpace);
  }]>];
  let assemblyFormat = "`<` $pointeeType `,` $addressSpace `>`";
}

def TileAA_ProgramIdType : TileAA_TypeDef<"ProgramId", "program_id"> {
  let summary = "grid program index";
}

def TileAA_QueueType : TileAA_TypeDef<"Queue", "queue"> {
  let summary = "typed queue between producer and consumer regions";
  let description = [{
    `!nv_tileaa.queue<[tensor<128x32xf16>, !nv_tileaa.mem_token]>`; an
    `isolated` queue (`queue<[...], isolated>`) shares no state with others.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$resultTypes,
                        "bool":$isolated);
  let hasCustomAssemblyFormat = 1;
}

def TileAA_MemRefType : TileAA_TypeDef<"TileMemRef", "memref"> {
  let summary = "strided memory reference with address space and alias scope";
  let description = [{
    `!nv_tileaa.memref<?x?xf32, 1>`: shape, element type, address space.
    Strides default to all dynamic and are printed only otherwise
    (`, strides = [?, 1]`); a nonzero alias scope prints as `, scope = 7`.
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"int64_t">:$strides,
                        "unsigned":$addressSpace,
                        "unsigned":$aliasScope);
  let builders = [TypeBuilderWithInferredContext<
      (ins "::mlir::Type":$elementType, "::llvm::ArrayRef<int64_t>":$shape,
           "unsigned":$addressSpace), [{
    ::llvm::SmallVector<int64_t> strides(shape.size(), ::mlir::ShapedType::kDynamic);
    return $_get(elementType.getContext(), elementType, shape, strides,
                 addressSpace, 0u);
  }]>];
  let skipDefaultBuilders = 0;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    unsigned getNumDynamicDims() const;
    unsigned getNumDynamicStrides() const;
  }];
}

def TileAA_TiledViewType : TileAA_TypeDef<"TiledView", "tiled_view"> {
  let summary = "tile-shaped view over a value or memory object";
  let description = [{
    `!nv_tileaa.tiled_view<128x32xf16>` views elements directly;
    `!nv_tileaa.tiled_view<128x32xf16, !nv_tileaa.memref<?x?xf16, 1>>` names the
    viewed source, and an optional trailing attribute is the layout.
  }];
  let parameters = (ins "::mlir::Type":$sourceType,
                        ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Attribute":$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Element type of the viewed source.
    ::mlir::Type getElementType() const;
  }];
}

def TileAA_MemTokenType : TileAA_TypeDef<"MemToken", "mem_token"> {
  let summary = "memory-ordering token (ordering only, no payload)";
}

//===----------------------------------------------------------------------===//
// Constraints used by the op families.
//===----------------------------------------------------------------------===//

def TileAA_Ptr : Type<CPred<"::llvm::isa<::mlir::nv_tileaa::PtrType>($_self)">,
                      "nv_tileaa pointer", "::mlir::nv_tileaa::PtrType">;
def TileAA_MemRef : Type<CPred<"::llvm::isa<::mlir::nv_tileaa::TileMemRefType>($_self)">,
                         "nv_tileaa memref", "::mlir::nv_tileaa::TileMemRefType">;
def TileAA_TiledView : Type<CPred<"::llvm::isa<::mlir::nv_tileaa::TiledViewType>($_self)">,
                            "nv_tileaa tiled view", "::mlir::nv_tileaa::TiledViewType">;
def TileAA_MemToken : Type<CPred<"::llvm::isa<::mlir::nv_tileaa::MemTokenType>($_self)">,
                           "nv_tileaa memory token", "::mlir::nv_tileaa::MemTokenType">,
    BuildableType<"$_builder.getType<::mlir::nv_tileaa::MemTokenType>()">;
def TileAA_Queue : Type<CPred<"::llvm::isa<::mlir::nv_tileaa::QueueType>($_self)">,
                        "nv_tileaa queue", "::mlir::nv_tileaa::QueueType">;
def TileAA_ProgramId : Type<CPred<"::llvm::isa<::mlir::nv_tileaa::ProgramIdType>($_self)">,
                            "nv_tileaa program id", "::mlir::nv_tileaa::ProgramIdType">,
    BuildableType<"$_builder.getType<::mlir::nv_tileaa::ProgramIdType>()">;

// A tile is a ranked tensor; a 0-d tile is its scalar element.
def TileAA_Tile : RankedTensorOf<[AnyType]>;
def TileAA_Scalar : AnyTypeOf<[AnyInteger, AnyFloat, Index, TileAA_Ptr]>;
def TileAA_TileOrScalar : AnyTypeOf<[AnyRankedTensor, AnyInteger, AnyFloat, Index, TileAA_Ptr]>;
def TileAA_FloatLike : AnyTypeOf<[AnyFloat, RankedTensorOf<[AnyFloat]>]>;
def TileAA_IntLike : AnyTypeOf<[AnySignlessInteger, RankedTensorOf<[AnySignlessInteger]>]>;
def TileAA_IndexLike : AnyTypeOf<[Index, AnySignlessInteger, RankedTensorOf<[Index, AnySignlessInteger]>]>;
def TileAA_PtrLike : AnyTypeOf<[TileAA_Ptr, RankedTensorOf<[TileAA_Ptr]>]>;
def TileAA_MaskLike : AnyTypeOf<[I1, RankedTensorOf<[I1]>]>;
// What memory ops address: a pointer (tile of pointers) or a memref / view.
def TileAA_Address : AnyTypeOf<[TileAA_Ptr, RankedTensorOf<[TileAA_Ptr]>,
                                TileAA_MemRef, TileAA_TiledView]>;

#endif // TILECC_TILEAA_TYPES_TD
