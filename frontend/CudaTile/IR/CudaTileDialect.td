//===- CudaTileDialect.td - cuda_tile dialect definition ---*- tablegen -*-===//
//
// tilecc's own definition of NVIDIA's public CUDA Tile IR dialect. The op
// families live in CudaTile<Family>Ops.td, each generated separately so that
// rebuilding one family does not recompile the others.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_DIALECT_TD
#define TILECC_CUDATILE_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def CudaTile_Dialect : Dialect {
  let name = "cuda_tile";
  let cppNamespace = "::mlir::cuda_tile";
  let summary = "CUDA Tile IR: tile programs for NVIDIA GPUs";
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 0;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    Type parseType(DialectAsmParser &parser) const override;
    void printType(Type type, DialectAsmPrinter &printer) const override;
    Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
    void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

  private:
    // One registration hook per op family (CudaTile<Family>Ops.cpp).
    void registerTypes();
    void registerAttributes();
    void registerCoreOps();
    void registerArithOps();
    void registerMemoryOps();
    void registerControlFlowOps();
    void registerMiscOps();
  }];
}

// Base class of every cuda_tile op. `sinceVersion` records the Tile IR release
// that introduced the op (used by the bytecode writer and version checks).
class CudaTile_Op<string mnemonic, list<Trait> traits = []>
    : Op<CudaTile_Dialect, mnemonic, traits> {
  string sinceVersion = "13.1";
}

class CudaTile_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CudaTile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class CudaTile_AttrDef<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<CudaTile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class CudaTile_EnumAttr<EnumAttrInfo info, string name, list<Trait> traits = []>
    : EnumAttr<CudaTile_Dialect, info, name, traits> {
  let assemblyFormat = "`<` $value `>`";
}

// The region-holding ops (module, entry, function) let nested ops omit the
// `cuda_tile.` prefix.
class CudaTile_DefaultDialectOp {
  code defaultDialectDecl = [{
    static ::llvm::StringRef getDefaultDialect() { return "cuda_tile"; }
  }];
}

#endif // TILECC_CUDATILE_DIALECT_TD
