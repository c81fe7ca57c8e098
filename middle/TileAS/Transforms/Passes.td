//===- Passes.td - nv_tileas passes -----------------------*- tablegen -*-===//
#ifndef TILECC_TILEAS_PASSES_TD
#define TILECC_TILEAS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileASCanonicalize : Pass<"tileas-canonicalize"> {
  let summary = "Run the seven nv_tileas structural canonicalizations to a fixed point";
  let description = [{
    Applies simplify-extract-slice, decompose-loop-iter-args, decompose-if by
    insert and by extract slice, swap-view-and-extract-slice,
    coalesce-perfectly-nested-loops and simplify-extract-from-insert (seed 003)
    greedily over the whole operation. Every pattern refuses to move,
    duplicate or erase ops implementing MemoryConsistencyOpInterface.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::nv_tileas::TileASDialect"];
}

#endif // TILECC_TILEAS_PASSES_TD
