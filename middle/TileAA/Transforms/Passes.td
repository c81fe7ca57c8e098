//===- Passes.td - nv_tileaa passes ------------------------*- tablegen -*-===//
#ifndef TILECC_TILEAA_PASSES_TD
#define TILECC_TILEAA_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileAACanonicalize : Pass<"tileaa-canonicalize"> {
  let summary = "nv_tileaa folds and canonicalizers in one greedy driver";
  let description = [{
    Runs every nv_tileaa folder and canonicalization pattern (seed 000: dot
    folding, addptr chains, assume/select over splats, masked memory ops,
    shape wrappers, extract motion, queue/pragma pruning, atomic identities)
    together with the arith canonicalizations they expose, in one greedy
    rewrite: a shape fold often enables a memory fold on the next iteration.
  }];
  let dependentDialects = ["::mlir::nv_tileaa::TileAADialect"];
}

def TestTileAATokenOrder : Pass<"test-tileaa-token-order"> {
  let summary = "report the token-graph facts the scheduler consumes";
  let description = [{
    Emits a remark on every create_mem_token with its producer count and on
    every op producing a token with the memory effects that token implies.
  }];
}

#endif // TILECC_TILEAA_PASSES_TD
