//===- Passes.td - cuda_tile transformation passes ---------*- tablegen -*-===//
#ifndef TILECC_CUDATILE_TRANSFORMS_PASSES_TD
#define TILECC_CUDATILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// FuseFMA
//===----------------------------------------------------------------------===//

def FuseFMA : Pass<"fuse-fma"> {
  let summary = "Fuse a floating-point multiply feeding an add or subtract into fma";
  let description = [{
    Rewrites `addf(mulf(x, y), z)` into `fma(x, y, z)` and `subf(mulf(x, y), z)`
    into `fma(x, y, negf(z))` (and `subf(z, mulf(x, y))` into
    `fma(negf(x), y, z)`). Fusion needs the multiply to have no other use and
    both ops to agree on the rounding mode and on `flush_to_zero`; the result
    is then rounded once, with that mode. The multiply is moved to the left
    operand of `addf` first, as the `addf` canonicalization does.
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
}

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

//===----------------------------------------------------------------------===//
// Debug info passes
//===----------------------------------------------------------------------===//

def SynthesizeDebugInfoScopesPass
    : Pass<"synthesize-debug-info-scopes", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Give every function without debug scope a synthesized subprogram";
  let description = [{
    Creates a compile unit from the module location and, for each function
    whose location carries no `#cuda_tile.di_loc`, a `di_subprogram` named
    after the function. The function and all nested ops then get a `di_loc`
    in that subprogram, reusing their file locations where they have one.
  }];
}

def TestDebugInfoUpdateSymbolNamePass
    : Pass<"test-debuginfo-update-symbol-name", "::mlir::ModuleOp"> {
  let summary = "Test pass: rename a symbol and its debug info linkage name";
  let options = [
    Option<"symbolToRename", "symbol-to-rename", "std::string", "",
           "Symbol to rename, as a nested path outer::inner">,
    Option<"scope", "scope", "std::string", "",
           "Symbol whose body limits the update of uses (default: the module)">,
    Option<"newName", "new-name", "std::string", "",
           "New name of the innermost symbol">,
    Option<"updateUses", "update-uses", "bool", "false",
           "Also rename the references to the symbol">,
  ];
}

#endif // TILECC_CUDATILE_TRANSFORMS_PASSES_TD
