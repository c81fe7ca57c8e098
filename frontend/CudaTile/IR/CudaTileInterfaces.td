//===- CudaTileInterfaces.td - cuda_tile interfaces --------*- tablegen -*-===//
#ifndef TILECC_CUDATILE_INTERFACES_TD
#define TILECC_CUDATILE_INTERFACES_TD

include "mlir/IR/OpBase.td"

// A view that can be loaded from / stored to tile by tile (partition_view,
// strided_view, gather_scatter_view).
def CudaTile_TileViewTypeInterface : TypeInterface<"TileViewType"> {
  let cppNamespace = "::mlir::cuda_tile";
  let description = [{
    A view over a tensor_view that is indexed by a tile index space: the shape
    of one tile, the rank of the index space and the element type.
  }];
  let methods = [
    InterfaceMethod<"Shape of one tile of the view.",
      "::llvm::ArrayRef<int32_t>", "getViewTileShape">,
    InterfaceMethod<"Rank of the index space used to address tiles.",
      "unsigned", "getViewIndexRank">,
    InterfaceMethod<"Element type of the viewed tensor.",
      "::mlir::Type", "getViewElementType">,
  ];
}

// Predicates accepted by `assume` (div_by, bounded, same_elements).
def CudaTile_AssumePredicateAttrInterface : AttrInterface<"AssumePredicateAttr"> {
  let cppNamespace = "::mlir::cuda_tile";
  let description = [{ A fact that `assume` attaches to a value. }];
  let methods = [
    InterfaceMethod<"Checks that the predicate applies to a value of this type.",
      "::llvm::LogicalResult", "verifyWithAssume",
      (ins "::mlir::Operation *":$op, "::mlir::Type":$valueType)>,
  ];
}

#endif // TILECC_CUDATILE_INTERFACES_TD
