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

// Discriminants equal lib/Layout's CopyKind (InstructionTable.h).
def TileAS_CopyKind : I32EnumAttr<"CopyKind", "copy instruction kind", [
    I32EnumAttrCase<"ldg", 0>, I32EnumAttrCase<"stg", 1>,
    I32EnumAttrCase<"lds", 2>, I32EnumAttrCase<"sts", 3>,
    I32EnumAttrCase<"red_global", 4>, I32EnumAttrCase<"red_shared", 5>,
    I32EnumAttrCase<"cp_async", 6>, I32EnumAttrCase<"tma", 7>,
    I32EnumAttrCase<"stmatrix", 8>]> {
  let cppNamespace = "::mlir::nv_tileas";
  let genSpecializedAttr = 0;
}

def TileAS_CopyAtomAttr : TileAS_Attr<"CopyAtom", "copy_atom",
    [DeclareAttrInterfaceMethods<TileAS_CopyAtomAttrInterface>]> {
  let summary = "copy instruction, e.g. #nv_tileas.copy_atom<ldg, 128>";
  let description = [{
    The instruction a memory op moves its data with, from lib/Layout's
    instruction table (InstructionTable.h): its kind and the bits one access
    moves. `ldg`/`stg` (global) and `lds`/`sts` (shared) move 8 to 128 bits
    an access, `cp_async` 32, 64 or 128; `red_global`/`red_shared`
    (element-wise read-modify-write) and `tma` (whole boxes) have no width;
    `stmatrix` (registers to shared, 8x8 b16 matrices) moves 32, 64 or 128
    bits a lane (1, 2 or 4 matrices):

      #nv_tileas.copy_atom<ldg, 128>
      #nv_tileas.copy_atom<cp_async, 64>
      #nv_tileas.copy_atom<tma>
  }];
  let parameters = (ins EnumParameter<TileAS_CopyKind>:$kind,
                        DefaultValuedParameter<"unsigned", "0">:$bits);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// Discriminants equal lib/Layout's MmaFamily (InstructionTable.h).
def TileAS_MmaFamily : I32EnumAttr<"MmaFamily", "MMA instruction family", [
    I32EnumAttrCase<"mma_sync", 0>, I32EnumAttrCase<"mma_sync_block_scaled", 1>,
    I32EnumAttrCase<"wgmma", 2>, I32EnumAttrCase<"tcgen05", 3>,
    I32EnumAttrCase<"tcgen05_block_scaled", 4>, I32EnumAttrCase<"fma", 5>]> {
  let cppNamespace = "::mlir::nv_tileas";
  let genSpecializedAttr = 0;
}

def TileAS_MmaAtomAttr : TileAS_Attr<"MmaAtom", "mma_atom"> {
  let summary = "MMA instruction, e.g. #nv_tileas.mma_atom<wgmma, m64n128k16, f16 x f16 -> f32>";
  let description = [{
    The instruction a dot lowers to, chosen in TileAAToTileAS from lib/Layout's
    instruction table (InstructionTable.h): its family, the shape of one
    instruction (M x N x K elements) and the element types of A, B and the
    accumulator. Integer A and B carry their signedness (`si8`, `ui8`); tf32
    operands are `tf32`. Block-scaled families also name the scale factors'
    type and how many K elements share one scale:

      #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>
      #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k32,
                          f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>

    The verifier checks the shape against the table for the family and the
    width of A.
  }];
  let parameters = (ins EnumParameter<TileAS_MmaFamily>:$family,
                        "unsigned":$m, "unsigned":$n, "unsigned":$k,
                        "::mlir::Type":$a, "::mlir::Type":$b,
                        "::mlir::Type":$c,
                        OptionalParameter<"::mlir::Type">:$scaleType,
                        DefaultValuedParameter<"unsigned", "0">:$scaleBlock);
  let builders = [
    AttrBuilderWithInferredContext<(ins "MmaFamily":$family,
        "unsigned":$m, "unsigned":$n, "unsigned":$k, "::mlir::Type":$a,
        "::mlir::Type":$b, "::mlir::Type":$c,
        CArg<"::mlir::Type", "{}">:$scaleType,
        CArg<"unsigned", "0">:$scaleBlock), [{
      return $_get(a.getContext(), family, m, n, k, a, b, c, scaleType,
                   scaleBlock);
    }]>
  ];
  let skipDefaultBuilders = 0;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether the atom consumes per-block scale factors.
    bool isBlockScaled() const;
    /// The same instruction of another family (and shape), e.g. the
    /// mma.sync a wgmma dot falls back to.
    MmaAtomAttr withFamily(MmaFamily family, unsigned m, unsigned n,
                           unsigned k) const;
    /// The atom with another accumulator type.
    MmaAtomAttr withAccumulator(::mlir::Type c) const;
    /// The instruction-table names of A, B and C (`f16`, `tf32`, `e4m3`,
    /// `s8`, `u8`, `s32`, ...), which are also their PTX type suffixes.
    std::string getAName() const;
    std::string getBName() const;
    std::string getCName() const;
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
