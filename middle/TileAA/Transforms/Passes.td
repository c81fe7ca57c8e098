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

def TileAAVersionForAlignment : Pass<"tileaa-version-for-alignment"> {
  let summary = "a runtime-checked fast path for views not proven aligned";
  let description = [{
    When a dot inside an scf.for reads an operand tiled_load-ed through a
    view (nv_tileaa.make_memref with a unit inner stride) whose base
    alignment, outer strides or offset the IR does not prove whole 16-byte
    vectors, the function body after the views' operands becomes
    `scf.if %aligned`: the then-branch remakes every such view from
    `nv_tileaa.assume div_by` of its base (16 bytes), outer strides and
    offset (16 bytes in elements), as if the kernel had said so, and the
    else-branch is the body unchanged. %aligned is one check of those values
    per tile block. Bodies of more than `max-cloned-ops` ops stay as they
    are.
  }];
  let options = [
    Option<"maxClonedOps", "max-cloned-ops", "unsigned", "4096",
           "the largest body (ops, nested ones included) versioned">,
  ];
  let dependentDialects = ["::mlir::nv_tileaa::TileAADialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TestTileAATokenOrder : Pass<"test-tileaa-token-order"> {
  let summary = "report the token-graph facts the scheduler consumes";
  let description = [{
    Emits a remark on every create_mem_token with its producer count and on
    every op producing a token with the memory effects that token implies.
  }];
}

#endif // TILECC_TILEAA_PASSES_TD
