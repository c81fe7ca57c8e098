//===- TileASStructureOps.td - pure tile-structure ops ----*- tablegen -*-===//
//
// alloc_tensor, insert_slice, extract_slice, view, convert_layout and yield.
// These are the ops canonicalization chains may walk through (seed 003).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_STRUCTUREOPS_TD
#define TILECC_TILEAS_STRUCTUREOPS_TD

include "TileAS/IR/TileASOpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def TileAS_AllocTensorOp : TileAS_Op<"alloc_tensor"> {
  let summary = "fresh tile with undefined contents";
  let description = [{
    `%t = nv_tileas.alloc_tensor : tensor<128x128xf32>`. A pure tile
    constructor; the allocation effect keeps CSE from merging two allocations
    into one shared mutable tile.
  }];
  let results = (outs Res<AnyStaticShapeTensor, "",
                          [MemAlloc<DefaultResource, 0, FullEffect>]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

class TileAS_SliceOp<string mnemonic, list<Trait> traits = []>
    : TileAS_Op<mnemonic, traits # [Pure, AttrSizedOperandSegments,
        OffsetSizeAndStrideOpInterface]> {
  code sliceClassDeclaration = [{
    std::array<unsigned, 3> getArrayAttrMaxRanks() {
      unsigned rank = getSliceRank();
      return {rank, rank, rank};
    }
  }];
}

def TileAS_InsertSliceOp : TileAS_SliceOp<"insert_slice",
    [AllTypesMatch<["dest", "result"]>]> {
  let summary = "insert a tile into a region of another tile";
  let description = [{
    `nv_tileas.insert_slice %src into %dst[offsets][sizes][strides]`. Source and
    destination have the same rank; static sizes must match the source shape.
  }];
  let arguments = (ins TileAS_Tile:$source, TileAS_Tile:$dest,
                       Variadic<Index>:$offsets, Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = [{
    $source `into` $dest ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `into` type($dest)
  }];
  let builders = [
    OpBuilder<(ins "Value":$source, "Value":$dest,
                   "ArrayRef<OpFoldResult>":$offsets,
                   "ArrayRef<OpFoldResult>":$sizes,
                   "ArrayRef<OpFoldResult>":$strides)>];
  let extraClassDeclaration = sliceClassDeclaration # [{
    static unsigned getOffsetSizeAndStrideStartOperandIndex() { return 2; }
    unsigned getSliceRank() { return getDest().getType().getRank(); }
  }];
  let hasVerifier = 1;
}

def TileAS_ExtractSliceOp : TileAS_SliceOp<"extract_slice"> {
  let summary = "extract a region of a tile";
  let description = [{
    `nv_tileas.extract_slice %src[offsets][sizes][strides] : T to U`. The
    result has the source's rank; a static size fixes the result dimension.
  }];
  let arguments = (ins TileAS_Tile:$source,
                       Variadic<Index>:$offsets, Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = [{
    $source ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
  let builders = [
    OpBuilder<(ins "RankedTensorType":$resultType, "Value":$source,
                   "ArrayRef<OpFoldResult>":$offsets,
                   "ArrayRef<OpFoldResult>":$sizes,
                   "ArrayRef<OpFoldResult>":$strides)>];
  let extraClassDeclaration = sliceClassDeclaration # [{
    static unsigned getOffsetSizeAndStrideStartOperandIndex() { return 1; }
    unsigned getSliceRank() { return getSource().getType().getRank(); }
  }];
  let hasVerifier = 1;
}

def TileAS_ViewOp : TileAS_Op<"view", [Pure]> {
  let summary = "reinterpret a tile's shape without moving elements";
  let arguments = (ins TileAS_Tile:$source);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($result)";
  let hasVerifier = 1;
}

def TileAS_ConvertLayoutOp : TileAS_Op<"convert_layout", [Pure]> {
  let summary = "move a tile between distributed layouts";
  let description = [{
    Same shape and element type; only the encoding (layout) changes. Chains of
    conversions are removed by the layout-conversion pass, not folded here.
  }];
  let arguments = (ins TileAS_Tile:$source);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def TileAS_YieldOp : TileAS_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["ReduceOp", "ScanOp", "PipelineProducerOp",
                 "PipelineConsumerOp"]>]> {
  let summary = "terminator of nv_tileas regions";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

//===----------------------------------------------------------------------===//
// Tile constructors without an upstream equivalent (ConvertTileAAToTileAS).
//===----------------------------------------------------------------------===//

def TileAS_MakeRangeOp : TileAS_Op<"make_range", [Pure]> {
  let summary = "the 1-d tile [start, end)";
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[AnySignlessInteger, Index]>:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TileAS_BroadcastOp : TileAS_Op<"broadcast", [Pure]> {
  let summary = "repeat a tile along its size-one axes";
  let arguments = (ins TileAS_Tile:$source);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($result)";
  let hasVerifier = 1;
}

def TileAS_PermuteOp : TileAS_Op<"permute", [Pure]> {
  let summary = "permute the axes of a tile: result dim i is source dim perm[i]";
  let arguments = (ins TileAS_Tile:$source, DenseI64ArrayAttr:$permutation);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Program cancellation (cluster launch control, sm_100+)
//===----------------------------------------------------------------------===//

def TileAS_CancelNextProgramOp : TileAS_Op<"cancel_next_program"> {
  let summary = "cancel the launch of a program that has not started";
  let description = [{
    `%r = nv_tileas.cancel_next_program : i128`. Executed by the whole CTA:
    asks the hardware to cancel one not-yet-launched program of the grid and
    returns the 16-byte opaque response (which program, if any), read with
    `program_is_canceled` and `canceled_program_id`. sm_100 and newer.
  }];
  let results = (outs I128:$response);
  let assemblyFormat = "attr-dict `:` type($response)";
  let hasVerifier = 1;
}

def TileAS_ProgramIsCanceledOp : TileAS_Op<"program_is_canceled", [Pure]> {
  let summary = "whether a cancel response names a cancelled program";
  let arguments = (ins I128:$response);
  let results = (outs I1:$result);
  let assemblyFormat = "$response attr-dict";
}

def TileAS_CanceledProgramIdOp : TileAS_Op<"canceled_program_id", [Pure]> {
  let summary = "grid coordinate of the program a cancel response names";
  let description = [{
    Undefined unless `program_is_canceled` holds for the response.
  }];
  let arguments = (ins I128:$response, I32Attr:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$response `dim` $dim attr-dict";
  let hasVerifier = 1;
}

#endif // TILECC_TILEAS_STRUCTUREOPS_TD
