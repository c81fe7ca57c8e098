//===- TileAAOpBase.td - shared pieces of nv_tileaa ops ----*- tablegen -*-===//
#ifndef TILECC_TILEAA_OPBASE_TD
#define TILECC_TILEAA_OPBASE_TD

include "TileAA/IR/TileAADialect.td"
include "TileAA/IR/TileAATypes.td"
include "TileAA/IR/TileAAAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "TileAA/IR/TileAAInterfaces.td"

// A memory op whose operands are grouped by an explicit `operandSegmentSizes`
// (seed 002: {base, indices, mask, other} for loads, {base, value, indices,
// mask} for stores) plus the incoming token, outside the segments. The
// custom form prints `%base[%indices], %rest..., %token` and the types in
// segment order; `indexSegment` is the position of the indices group.
class TileAA_SegmentedMemOp<string mnemonic, int numSegments, int indexSegment,
                            list<Trait> traits = []>
    : TileAA_Op<mnemonic, !listconcat(traits,
          [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
           DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
           TileAA_MemTokenOpInterface])> {
  int segmentCount = numSegments;
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  code segmentedDecl = [{
    static constexpr unsigned kNumSegments = }] # numSegments # [{;
    static constexpr unsigned kIndexSegment = }] # indexSegment # [{;
    /// Operands of segment `i` (in segment order).
    ::mlir::OperandRange getSegment(unsigned i);
    ::mlir::Value getOptionalSegment(unsigned i) {
      auto range = getSegment(i);
      return range.empty() ? ::mlir::Value() : range.front();
    }
    ::mlir::Value getBase() { return getSegment(0).front(); }
    ::mlir::OperandRange getIndices() { return getSegment(kIndexSegment); }
    /// The incoming ordering token (null only on an op the verifier rejects).
    ::mlir::Value getInToken();
  }];
}

#endif // TILECC_TILEAA_OPBASE_TD
