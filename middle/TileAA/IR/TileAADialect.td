//===- TileAADialect.td - nv_tileaa dialect definition -----*- tablegen -*-===//
//
// The alias-aware tile dialect between cuda_tile and nv_tileas. Tile values are
// builtin ranked tensors, 0-d tiles are scalars. Op families live in
// TileAA<Family>Ops.td, each generated separately.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAA_DIALECT_TD
#define TILECC_TILEAA_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def TileAA_Dialect : Dialect {
  let name = "nv_tileaa";
  let cppNamespace = "::mlir::nv_tileaa";
  let summary = "alias-aware tile dialect";
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::ub::UBDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 0;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
    void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

  private:
    void registerTypes();
    void registerAttributes();
    void registerMathOps();
    void registerShapeOps();
    void registerMemoryOps();
    void registerTokenOps();
    void registerStructureOps();
  }];
}

class TileAA_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileAA_Dialect, mnemonic, traits>;

class TileAA_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TileAA_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class TileAA_AttrDef<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TileAA_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// Printed as `#nv_tileaa<mnemonic value>`, the form the seeds use.
class TileAA_EnumAttr<EnumAttrInfo info, string name>
    : EnumAttr<TileAA_Dialect, info, name> {
  let assemblyFormat = "$value";
}

#endif // TILECC_TILEAA_DIALECT_TD
