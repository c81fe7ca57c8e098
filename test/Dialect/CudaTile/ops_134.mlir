// The operations Tile IR 13.4 adds: fpowi, insert, gdc_launch_dependents_tko,
// gdc_wait_tko, memory_fence_alias_tko; custom and generic forms round-trip.
// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s
// RUN: tilecc-opt -mlir-print-op-generic %s | tilecc-opt | FileCheck %s

cuda_tile.module @ops134 {
  // CHECK-LABEL: testing$func @fpowi
  testing$func @fpowi(%x: !cuda_tile.tile<4xf32>, %n: !cuda_tile.tile<4xi32>,
                      %h: !cuda_tile.tile<f16>, %b: !cuda_tile.tile<i1>,
                      %d: !cuda_tile.tile<2x2xf64>, %s: !cuda_tile.tile<2x2xi16>,
                      %g: !cuda_tile.tile<8xbf16>, %e: !cuda_tile.tile<8xi8>) {
    // CHECK: fpowi %{{.*}}, %{{.*}} : tile<4xf32>, tile<4xi32>
    %0 = fpowi %x, %n : tile<4xf32>, tile<4xi32>
    // CHECK: fpowi %{{.*}}, %{{.*}} : tile<f16>, tile<i1>
    %1 = fpowi %h, %b : tile<f16>, tile<i1>
    // CHECK: fpowi %{{.*}}, %{{.*}} : tile<2x2xf64>, tile<2x2xi16>
    %2 = fpowi %d, %s : tile<2x2xf64>, tile<2x2xi16>
    // CHECK: fpowi %{{.*}}, %{{.*}} : tile<8xbf16>, tile<8xi8>
    %3 = fpowi %g, %e : tile<8xbf16>, tile<8xi8>
  }

  // CHECK-LABEL: testing$func @insert
  testing$func @insert(%s: !cuda_tile.tile<2x4xf32>, %d: !cuda_tile.tile<8x4xf32>,
                       %i: !cuda_tile.tile<i32>, %p: !cuda_tile.tile<4xptr<i8>>,
                       %q: !cuda_tile.tile<16xptr<i8>>) {
    // CHECK: insert %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] : tile<2x4xf32> -> tile<8x4xf32>
    %0 = insert %s into %d[%i, %i] : tile<2x4xf32> -> tile<8x4xf32>
    // CHECK: insert %{{.*}} into %{{.*}}[%{{.*}}] : tile<4xptr<i8>> -> tile<16xptr<i8>>
    %1 = insert %p into %q[%i] : tile<4xptr<i8>> -> tile<16xptr<i8>>
    // A source as large as the destination replaces it.
    // CHECK: insert %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] : tile<8x4xf32> -> tile<8x4xf32>
    %2 = insert %d into %d[%i, %i] : tile<8x4xf32> -> tile<8x4xf32>
  }

  // CHECK-LABEL: testing$func @tokens
  testing$func @tokens(%t: !cuda_tile.token) {
    // CHECK: %[[W:.*]] = gdc_wait_tko -> token
    %0 = gdc_wait_tko -> token
    // CHECK: gdc_wait_tko token=%{{.*}} -> token
    %1 = gdc_wait_tko token=%t -> token
    // CHECK: %[[L:.*]] = gdc_launch_dependents_tko token=%[[W]] -> token
    %2 = gdc_launch_dependents_tko token=%0 -> token
    // CHECK: gdc_launch_dependents_tko -> token
    %3 = gdc_launch_dependents_tko -> token
    // CHECK: memory_fence_alias_tko token=%[[L]] -> token
    %4 = memory_fence_alias_tko token=%2 -> token
  }
}
