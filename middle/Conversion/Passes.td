//===- Passes.td - conversions between the tile dialects --*- tablegen -*-===//
#ifndef TILECC_CONVERSION_PASSES_TD
#define TILECC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// TileAAToTileAS (seed 004)
//===----------------------------------------------------------------------===//

def ConvertTileAAToTileAS : Pass<"convert-tileaa-to-tileas", "ModuleOp"> {
  let summary = "Lower nv_tileaa to nv_tileas (atoms, static tiled views)";
  let description = [{
    One partial conversion: the arith, math and nv_tileaa core populators (in
    that order) rewrite every executable nv_tileaa op; nv_tileaa.func,
    nv_tileaa.return and nv_tileaa.mark_for_reuse stay. Before converting,
    every `cute.kernel` function gets an `nv_tileaa.kernel_spec` mirror and the
    module the `nv_tileas.compute_capability` the block-scale guard reads.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "std::string",
           /*default=*/"\"sm_80\"",
           "Target compute capability (sm_XY); a module "
           "`nv_tileas.compute_capability` attribute takes precedence">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::nv_tileas::TileASDialect"];
}

//===----------------------------------------------------------------------===//
// end TileAAToTileAS
//===----------------------------------------------------------------------===//

#endif // TILECC_CONVERSION_PASSES_TD
