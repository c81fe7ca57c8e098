//===- Passes.td - cuda_tile transformation passes ---------*- tablegen -*-===//
#ifndef TILECC_CUDATILE_TRANSFORMS_PASSES_TD
#define TILECC_CUDATILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

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
