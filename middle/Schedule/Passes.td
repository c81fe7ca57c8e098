//===- Passes.td - schedule-stage passes ------------------*- tablegen -*-===//
#ifndef TILECC_SCHEDULE_PASSES_TD
#define TILECC_SCHEDULE_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileASAssignLayouts : Pass<"tileas-assign-layouts", "ModuleOp"> {
  let summary = "give every tile tensor a distributed-layout encoding";
  let description = [{
    Global loads and stores anchor blocked layouts that are contiguous along
    the fastest dimension, as wide as the access's copy atom allows (up to
    128 bits). Elementwise ops, splats, constants and scf iteration values
    share the layout of what they are connected to; a load whose own layout
    differs from its consumers' gets an `nv_tileas.convert_layout`, and so
    does a store whose value layout would give narrower accesses.
  }];
  let options = [
    Option<"numWarps", "num-warps", "int", "4",
           "warps per CTA when the kernel spec does not say">,
  ];
  let dependentDialects = ["::mlir::nv_tileas::TileASDialect"];
}

#endif // TILECC_SCHEDULE_PASSES_TD
