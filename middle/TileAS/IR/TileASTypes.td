//===- TileASTypes.td - nv_tileas types -------------------*- tablegen -*-===//
#ifndef TILECC_TILEAS_TYPES_TD
#define TILECC_TILEAS_TYPES_TD

include "TileAS/IR/TileASDialect.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class TileAS_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TileAS_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TileAS_TiledViewType : TileAS_Type<"TiledView", "tiled_view"> {
  let summary = "static tile box over addressable memory";
  let description = [{
    `!nv_tileas.tiled_view<128x32xf16>` (global memory) or
    `!nv_tileas.tiled_view<128x32xf16, 3>` (explicit address space): the box a
    tiled memory op reads or writes, with a static shape.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType,
                        DefaultValuedParameter<"unsigned", "1">:$addressSpace);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
  }];
}

def TileAS_TmaDescType : TileAS_Type<"TmaDesc", "tma_desc"> {
  let summary = "tensor-map descriptor with a static box, e.g. tma_desc<128x32xf16>";
  let parameters = (ins ArrayRefParameter<"int64_t">:$boxShape,
                        "Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getBoxShape().size(); }
  }];
}

def TileAS_MemTokenType : TileAS_Type<"MemToken", "mem_token"> {
  let summary = "ordering edge between synchronous memory effects";
}

def TileAS_AsyncTokenType : TileAS_Type<"AsyncToken", "async_token"> {
  let summary = "completion of async work that produces no value";
}

def TileAS_FutureType : TileAS_Type<"Future", "future"> {
  let summary = "a value that becomes available when async work completes";
  let parameters = (ins "Type":$valueType);
  let assemblyFormat = "`<` $valueType `>`";
}

def TileAS_PipelineType : TileAS_Type<"Pipeline", "pipeline"> {
  let summary = "multi-stage producer/consumer channel carrying tiles";
  let parameters = (ins ArrayRefParameter<"Type">:$elementTypes);
  let assemblyFormat = "`<` $elementTypes `>`";
}

def TileAS_TmemAccType : TileAS_Type<"TmemAcc", "tmem_acc"> {
  let summary = "an MMA accumulator held in tensor memory (tcgen05)";
  let description = [{
    `!nv_tileas.tmem_acc<tensor<128x128xf32, #layout>>`: the accumulator of
    a tcgen05 dot chain kept in tensor memory across a K loop
    (TileASTmemOps.td); `valueType` is the tile it holds, which
    `nv_tileas.tmem_load` reads back into registers.
  }];
  let parameters = (ins "RankedTensorType":$valueType);
  let assemblyFormat = "`<` $valueType `>`";
}

#endif // TILECC_TILEAS_TYPES_TD
