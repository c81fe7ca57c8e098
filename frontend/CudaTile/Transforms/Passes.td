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

#endif // TILECC_CUDATILE_TRANSFORMS_PASSES_TD
