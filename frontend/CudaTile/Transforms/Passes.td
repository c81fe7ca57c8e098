//===- Passes.td - cuda_tile transformation passes ---------*- tablegen -*-===//
#ifndef TILECC_CUDATILE_TRANSFORMS_PASSES_TD
#define TILECC_CUDATILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// LoopSplit
//===----------------------------------------------------------------------===//

def LoopSplitPass : Pass<"loop-split", "::mlir::cuda_tile::EntryOp"> {
  let summary = "Split `for` loops where an `if` on the induction variable flips";
  let description = [{
    A `for` loop whose body branches on `iv <cmp> x` (signed, `x` loop
    invariant) runs the same branch on every iteration before the point where
    the comparison changes and the other branch after it. The loop is split
    there into two loops, each with the branch resolved. The threshold
    (minimum number of operations in a branch) can be set per entry, loop or
    `if` with the `cuda_tile.loop_split` attribute; 0 disables splitting.
  }];
  let options = [
    Option<"splitThreshold", "split-threshold", "int", /*default=*/"1",
           "Minimum number of operations in a branch for splitting to pay off "
           "(1: always split, 0: never)">
  ];
}

#endif // TILECC_CUDATILE_TRANSFORMS_PASSES_TD
