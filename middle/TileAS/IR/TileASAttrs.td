//===- TileASAttrs.td - nv_tileas attributes --------------*- tablegen -*-===//
#ifndef TILECC_TILEAS_ATTRS_TD
#define TILECC_TILEAS_ATTRS_TD

include "TileAS/IR/TileASDialect.td"
include "TileAS/IR/TileASInterfaces.td"

//===----------------------------------------------------------------------===//
// Memory-ordering enums. Same discriminants as nv_tileaa's, re-keyed here so
// that the conversion only swaps the dialect prefix.
//===----------------------------------------------------------------------===//

def TileAS_MemSemantic : I32EnumAttr<"MemSemantic", "memory ordering semantic", [
    I32EnumAttrCase<"weak", 0>, I32EnumAttrCase<"relaxed", 1>,
    I32EnumAttrCase<"acquire", 2>, I32EnumAttrCase<"release", 3>,
    I32EnumAttrCase<"acq_rel", 4>]> {
  let cppNamespace = "::mlir::nv_tileas";
  let genSpecializedAttr = 0;
}
def TileAS_MemSemanticAttr
    : EnumAttr<TileAS_Dialect, TileAS_MemSemantic, "mem_semantic">;

def TileAS_MemScope : I32EnumAttr<"MemScope", "memory ordering scope", [
    I32EnumAttrCase<"tl_blk", 0>, I32EnumAttrCase<"cluster", 1>,
    I32EnumAttrCase<"gpu", 2>, I32EnumAttrCase<"sys", 3>]> {
  let cppNamespace = "::mlir::nv_tileas";
  let genSpecializedAttr = 0;
}
def TileAS_MemScopeAttr : EnumAttr<TileAS_Dialect, TileAS_MemScope, "mem_scope">;

def TileAS_RmwMode : I32EnumAttr<"RmwMode", "atomic read-modify-write mode", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"bit_and", 1, "and">,
    I32EnumAttrCase<"bit_or", 2, "or">, I32EnumAttrCase<"bit_xor", 3, "xor">,
    I32EnumAttrCase<"xchg", 4>, I32EnumAttrCase<"min", 5>,
    I32EnumAttrCase<"max", 6>, I32EnumAttrCase<"umin", 7>,
    I32EnumAttrCase<"umax", 8>, I32EnumAttrCase<"addf", 9>]> {
  let cppNamespace = "::mlir::nv_tileas";
  let genSpecializedAttr = 0;
}
def TileAS_RmwModeAttr : EnumAttr<TileAS_Dialect, TileAS_RmwMode, "rmw_mode">;

//===----------------------------------------------------------------------===//
// Atoms: the witnesses naming a concrete hardware primitive family.
//===----------------------------------------------------------------------===//

class TileAS_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TileAS_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TileAS_CopyAtomAttr : TileAS_Attr<"CopyAtom", "copy_atom",
    [DeclareAttrInterfaceMethods<TileAS_CopyAtomAttrInterface>]> {
  let summary = "copy primitive witness, e.g. #nv_tileas<copy_atom sm90_tma_load_2d>";
  let parameters = (ins StringRefParameter<"atom name">:$name);
  let assemblyFormat = "custom<AtomName>($name)";
}

def TileAS_MmaAtomAttr : TileAS_Attr<"MmaAtom", "atom"> {
  let summary = "MMA instruction family, e.g. #nv_tileas<atom mma_f16_f16_f32>";
  let description = [{
    The name's family prefix selects the tensor-core generation: `mma_`
    (mma.sync), `wgmma_` (sm_90a warpgroup MMA), `umma_` (sm_100 tcgen05) and
    `umma_bs_` (sm_100 block-scaled tcgen05).
  }];
  let parameters = (ins StringRefParameter<"atom name">:$name);
  let assemblyFormat = "custom<AtomName>($name)";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether the atom consumes per-block scale factors.
    bool isBlockScaled() const;
  }];
}

def TileAS_ReduceAtomAttr : TileAS_Attr<"ReduceAtom", "reduce_atom",
    [DeclareAttrInterfaceMethods<TileAS_ReduceAtomAttrInterface>]> {
  let summary = "reduction primitive witness, e.g. #nv_tileas<reduce_atom warp_shfl_xor_f32>";
  let parameters = (ins StringRefParameter<"atom name">:$name);
  let assemblyFormat = "custom<AtomName>($name)";
}

// The distributed-layout encoding of tile tensors (TileASLayoutAttrs.td).
include "TileAS/IR/TileASLayoutAttrs.td"

#endif // TILECC_TILEAS_ATTRS_TD
