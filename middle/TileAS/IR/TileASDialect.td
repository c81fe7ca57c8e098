//===- TileASDialect.td - nv_tileas dialect definition ----*- tablegen -*-===//
//
// nv_tileas is the scheduling dialect below nv_tileaa: memory ops carry
// CopyAtom witnesses, dots carry MMA atoms, reductions carry ReduceAtom
// witnesses, and async/TMA/pipeline ops make the schedule explicit. Tile values
// are builtin ranked tensors whose encoding is the distributed layout. The op
// families live in TileAS<Family>Ops.td, each generated separately.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_DIALECT_TD
#define TILECC_TILEAS_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def TileAS_Dialect : Dialect {
  let name = "nv_tileas";
  let cppNamespace = "::mlir::nv_tileas";
  let summary = "Scheduling tile dialect: atoms, async copies, TMA and pipelines";
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // `nv_tileas.compute_capability` (major * 10 + minor) on an enclosing op
  // tells verifiers which target the IR is scheduled for.
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    static constexpr ::llvm::StringLiteral kComputeCapabilityAttrName =
        "nv_tileas.compute_capability";

    /// The compute capability of the nearest enclosing op that names one.
    static std::optional<int64_t> getComputeCapability(Operation *op);

  private:
    // One registration hook per op family (TileAS<Family>Ops.cpp).
    void registerTypes();
    void registerAttributes();
    void registerStructureOps();
    void registerMemoryOps();
    void registerExtensionOps();
    void registerAsyncOps();
    void registerTmaOps();
    void registerComputeOps();
    void registerPipelineOps();
  }];
}

class TileAS_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileAS_Dialect, mnemonic, traits>;

#endif // TILECC_TILEAS_DIALECT_TD
