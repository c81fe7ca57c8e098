//===- TileAATokenOps.td - tokens, assumptions, lifetime ---*- tablegen -*-===//
#ifndef TILECC_TILEAA_TOKEN_OPS_TD
#define TILECC_TILEAA_TOKEN_OPS_TD

include "TileAA/IR/TileAAOpBase.td"

def TileAA_CreateMemTokenOp : TileAA_Op<"create_mem_token", [Pure]> {
  let summary = "a fresh memory-ordering token";
  let description = [{
    Starts an ordering chain. `producers` is the number of memory effects the
    token's barrier expects to merge (the mbarrier phase count after lowering).
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$producers);
  let results = (outs TileAA_MemToken:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, $_builder.getType<MemTokenType>(), IntegerAttr());
  }]>];
}

def TileAA_JoinMemTokenOp : TileAA_Op<"join_mem_token", [Pure]> {
  let summary = "a token complete only when every input token is";
  let arguments = (ins Variadic<TileAA_MemToken>:$tokens);
  let results = (outs TileAA_MemToken:$result);
  let assemblyFormat = "$tokens attr-dict `:` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TileAA_MarkForReuseOp : TileAA_Op<"mark_for_reuse"> {
  let summary = "extend the buffer lifetime of values beyond SSA liveness";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "$values attr-dict `:` type($values)";
}

def TileAA_AssertOp : TileAA_Op<"assert"> {
  let summary = "trap with a message when any lane of the condition is false";
  let arguments = (ins TileAA_MaskLike:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

def TileAA_AssumeOp : TileAA_Op<"assume", [Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "attach verifier-checked facts to a value";
  let arguments = (ins AnyType:$value, ArrayAttr:$predicates);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$value `,` $predicates attr-dict `:` type($value)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TileAA_OptimizationBarrierOp : TileAA_Op<"optimization_barrier", [
    AllTypesMatch<["values", "results"]>]> {
  let summary = "values the optimizer must not look through";
  let arguments = (ins Variadic<AnyType>:$values);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = "$values attr-dict `:` type($values)";
}

def TileAA_PragmaOp : TileAA_Op<"pragma", [RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "a region carrying an optimizer directive";
  let description = [{
    `payload` is the directive (e.g. `{unroll = 4}`); it never depends on the
    region's results, so unused results may be pruned.
  }];
  let arguments = (ins DictionaryAttr:$payload);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$payload (`->` type($results)^)? attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TileAA_MessageOp : TileAA_Op<"message"> {
  let summary = "compile-time remark attached to the program point";
  let arguments = (ins StrAttr:$text, DefaultValuedAttr<StrAttr, "\"remark\"">:$severity);
  let assemblyFormat = "$text attr-dict";
}

def TileAA_PrintOp : TileAA_Op<"print"> {
  let summary = "device-side formatted print";
  let arguments = (ins StrAttr:$format, Variadic<AnyType>:$args);
  let assemblyFormat = "$format (`,` $args^ `:` type($args))? attr-dict";
}

#endif // TILECC_TILEAA_TOKEN_OPS_TD
