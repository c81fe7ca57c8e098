// mmaf_scaled needs block-scaled MMA hardware: on other targets it is
// rejected at the op, naming the targets that have it.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa="arch=sm_80" --verify-diagnostics %s
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa="arch=sm_90a" --verify-diagnostics %s
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa="arch=sm_100" %s | FileCheck %s --check-prefix=SM100
// SM100: nv_tileaa.dot
cuda_tile.module @scaled {
  testing$func @mma(%a: tile<16x64xf8E4M3FN>, %b: tile<64x16xf8E4M3FN>, %c: tile<16x16xf32>, %sa: tile<16x2xf8E8M0FNU>, %sb: tile<2x16xf8E8M0FNU>) {
    // expected-error @below {{'cuda_tile.mmaf_scaled' op requires block-scaled MMA (sm_100a, sm_103a, sm_110a, sm_120a or sm_121a); not supported on}}
    %r = mmaf_scaled %a, %b, %c, %sa, %sb : tile<16x64xf8E4M3FN>, tile<64x16xf8E4M3FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU>
    return
  }
}
