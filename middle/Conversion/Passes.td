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
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::nv_tileas::TileASDialect"];
}

//===----------------------------------------------------------------------===//
// end TileAAToTileAS
//===----------------------------------------------------------------------===//

// CudaTileToTileAA
//===----------------------------------------------------------------------===//

def ConvertCudaTileToTileAA : Pass<"convert-cuda-tile-to-tileaa", "::mlir::ModuleOp"> {
  let summary = "Lower cuda_tile to nv_tileaa (+ arith/math/scf on tensors)";
  let description = [{
    Tiles become builtin ranked tensors (0-d tiles scalars), pointers
    `!nv_tileaa.ptr<T, 1>`, tensor views `!nv_tileaa.memref`, partition views
    `!nv_tileaa.tiled_view` and tokens `!nv_tileaa.mem_token`. Every
    `cuda_tile.module` is dissolved into the enclosing builtin module and each
    entry becomes an `nv_tileaa.func` carrying the `cute.kernel` marker and an
    `nv_tileaa.kernel_spec` derived from the optimization hints for `arch`.
    Ops without a lowering are reported as "... is not supported by tilecc
    yet" before anything is rewritten.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"sm_100\"",
           "Target whose optimization hints select the kernel spec">
  ];
  let dependentDialects = ["::mlir::nv_tileaa::TileAADialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // TILECC_CONVERSION_PASSES_TD
