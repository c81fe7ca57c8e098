//===- CudaTileMiscOps.td - assume, assert and print ops ---*- tablegen -*-===//
#ifndef TILECC_CUDATILE_MISC_OPS_TD
#define TILECC_CUDATILE_MISC_OPS_TD

include "CudaTile/IR/CudaTileTypes.td"
include "CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// `%r = assume div_by<16>, %x : tile<4xi32>`: %r is %x, with a fact about it
// that the compiler may rely on.
def CudaTile_AssumeOp : CudaTile_Op<"assume", [Pure,
    AllTypesMatch<["value", "result"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Attach a predicate to a value";
  let arguments = (ins AnyType:$value,
                       CudaTile_AssumePredicateAttrInterface:$predicate);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<AssumePredicate>($predicate) `,` $value attr-dict `:`
    custom<CudaTileType>(type($value))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

// `assert %cond, "message" : tile<4xi1>`.
def CudaTile_AssertOp : CudaTile_Op<"assert", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Report an error for each false element of a condition";
  let arguments = (ins CudaTile_I1Tile:$condition, StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` custom<CudaTileType>(type($condition))
  }];
}

// `%t = print_tko "x = %f\n", %x token=%t0 : tile<4xf32> -> token`. The
// result token orders the print after `token` and before its users. 13.1
// files omit `-> token`.
def CudaTile_PrintTkoOp : CudaTile_Op<"print_tko", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Print a printf-style formatted string";
  let sinceVersion = "13.2";
  let arguments = (ins StrAttr:$str,
                       Variadic<CudaTile_AnyTile>:$args,
                       Optional<CudaTile_TokenType>:$token);
  let results = (outs CudaTile_TokenType:$result);
  let assemblyFormat = [{
    $str (`,` $args^)? (`token` `` `=` `` $token^)? attr-dict
    (`:` custom<CudaTileTypeList>(type($args))^)?
    custom<OptionalTokenResult>(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TILECC_CUDATILE_MISC_OPS_TD
