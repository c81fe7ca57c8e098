//===- TileAAInterfaces.td - nv_tileaa interfaces ----------*- tablegen -*-===//
#ifndef TILECC_TILEAA_INTERFACES_TD
#define TILECC_TILEAA_INTERFACES_TD

include "mlir/IR/OpBase.td"

// Predicates attached by `nv_tileaa.assume` (div_by, bounded, same_elements).
def TileAA_AssumePredicateAttrInterface : AttrInterface<"AssumePredicateAttrInterface"> {
  let cppNamespace = "::mlir::nv_tileaa";
  let description = [{
    A fact about the value constrained by `nv_tileaa.assume`; it checks its own
    parameters against the value's type and reports through the assume op.
  }];
  let methods = [
    InterfaceMethod<"Verifies the predicate against the constrained type.",
      "::llvm::LogicalResult", "verifyWithAssumeOp",
      (ins "::mlir::Type":$constrainedType, "::mlir::Operation *":$op)>,
    InterfaceMethod<"True when the fact holds lane by lane, independent of the "
                    "lane's position (so it can move through a splat).",
      "bool", "isElementwise">,
  ];
}

// Ops with a memory effect thread an ordering token: they consume the incoming
// token and produce the successor token.
def TileAA_MemTokenOpInterface : OpInterface<"MemTokenOpInterface"> {
  let cppNamespace = "::mlir::nv_tileaa";
  let description = [{
    A memory effect in the token protocol. Its result token is complete only
    once the effect is, and the effect may not start before its input token
    is complete.
  }];
  let methods = [
    InterfaceMethod<"The incoming token.", "::mlir::Value",
      "getInputToken", (ins), [{ return $_op.getInToken(); }]>,
    InterfaceMethod<"The successor token.", "::mlir::Value",
      "getOutputToken", (ins), [{ return $_op.getOutToken(); }]>,
  ];
}

#endif // TILECC_TILEAA_INTERFACES_TD
