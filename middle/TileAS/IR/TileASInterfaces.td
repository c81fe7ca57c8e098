//===- TileASInterfaces.td - nv_tileas interfaces ---------*- tablegen -*-===//
#ifndef TILECC_TILEAS_INTERFACES_TD
#define TILECC_TILEAS_INTERFACES_TD

include "mlir/IR/OpBase.td"

// Witness that a memory op's data movement has a concrete copy atom (the
// hardware primitive family: ldg/stg, cp.async, TMA, ldmatrix, ...).
def TileAS_CopyAtomAttrInterface : AttrInterface<"CopyAtomAttrInterface"> {
  let cppNamespace = "::mlir::nv_tileas";
  let description = [{
    Implemented by attributes that name the copy primitive a tiled memory op
    lowers to. Lowering reads the witness only through this interface.
  }];
  let methods = [
    InterfaceMethod<"Bits one access moves (0: element-wise or whole "
                    "boxes).",
                    "unsigned", "getAccessBits">,
    InterfaceMethod<"The target feature the copy needs, from lib/Layout's "
                    "instruction table.",
                    "::std::optional<::tilecc::TargetFeature>",
                    "getRequiredFeature">,
    InterfaceMethod<"Whether the atom moves data through the tensor memory "
                    "accelerator (and so needs a TMA descriptor).",
                    "bool", "isTmaAtom">,
  ];
}

// Witness that a reduce/scan has a concrete cross-lane/warp reduction atom.
def TileAS_ReduceAtomAttrInterface : AttrInterface<"ReduceAtomAttrInterface"> {
  let cppNamespace = "::mlir::nv_tileas";
  let description = [{
    Implemented by attributes that name the reduction primitive (warp shuffle,
    redux.sync, shared-memory tree, ...) a reduce or scan lowers to.
  }];
  let methods = [
    InterfaceMethod<"Name of the reduce atom in the target's atom catalog.",
                    "::llvm::StringRef", "getAtomName">,
  ];
}

// Marks ops whose position in the program order is observable. Pure tile
// canonicalizations never move, duplicate or erase them (seed 003).
def TileAS_MemoryConsistencyOpInterface
    : OpInterface<"MemoryConsistencyOpInterface"> {
  let cppNamespace = "::mlir::nv_tileas";
  let description = [{
    Ops in this set carry memory-ordering semantics: async memory ops and their
    waits, TMA ops and descriptor builders, synchronous copies, and reductions
    or scans whose bodies may contain ordering-sensitive ops. Canonicalization
    may inspect them but must not reorder, duplicate or erase them.
  }];
}

#endif // TILECC_TILEAS_INTERFACES_TD
