//===- TileASOpBase.td - shared op constraints ------------*- tablegen -*-===//
#ifndef TILECC_TILEAS_OPBASE_TD
#define TILECC_TILEAS_OPBASE_TD

include "TileAS/IR/TileASDialect.td"
include "TileAS/IR/TileASInterfaces.td"
include "TileAS/IR/TileASTypes.td"
include "TileAS/IR/TileASAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// A tile value: a builtin ranked tensor (its encoding is the layout).
def TileAS_Tile : RankedTensorOf<[AnyType]>;
def TileAS_Mask : RankedTensorOf<[I1]>;

def TileAS_Future : Type<CPred<"::llvm::isa<::mlir::nv_tileas::FutureType>($_self)">,
    "future", "::mlir::nv_tileas::FutureType">;

// The MemoryConsistencyOpInterface marker, attached verbatim.
def TileAS_MemoryConsistent : DeclareOpInterfaceMethods<TileAS_MemoryConsistencyOpInterface>;

#endif // TILECC_TILEAS_OPBASE_TD
