// The Tile IR 13.4 ops: fpowi (math.fpowi on an i32 exponent), insert (the
// source replicated over the destination, selected by slice), grid
// dependency control (nvvm.griddepcontrol from sm_90, nothing below) and the
// alias-proxy fence (nvvm.fence.proxy alias).
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa=arch=sm_90a %s | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa=arch=sm_80 %s | FileCheck %s --check-prefixes=CHECK,SM80

cuda_tile.module @ops134 {

// CHECK-LABEL: nv_tileaa.func @fpowi(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>, %[[N:.*]]: tensor<4xi32>, %[[H:.*]]: f16, %[[B:.*]]: i8)
testing$func @fpowi(%x: !cuda_tile.tile<4xf32>, %n: !cuda_tile.tile<4xi32>,
                    %h: !cuda_tile.tile<f16>, %b: !cuda_tile.tile<i8>) {
  // CHECK: math.fpowi %[[X]], %[[N]] : tensor<4xf32>, tensor<4xi32>
  %0 = fpowi %x, %n : tile<4xf32>, tile<4xi32>
  // CHECK: %[[W:.*]] = arith.extsi %[[B]] : i8 to i32
  // CHECK: math.fpowi %[[H]], %[[W]] : f16, i32
  %1 = fpowi %h, %b : tile<f16>, tile<i8>
  return
}

// CHECK-LABEL: nv_tileaa.func @insert(
// CHECK-SAME: %[[S:.*]]: tensor<2x4xf32>, %[[D:.*]]: tensor<8x4xf32>, %[[I:.*]]: i32, %[[J:.*]]: i32)
testing$func @insert(%s: !cuda_tile.tile<2x4xf32>, %d: !cuda_tile.tile<8x4xf32>,
                     %i: !cuda_tile.tile<i32>, %j: !cuda_tile.tile<i32>) {
  // CHECK: %[[V:.*]] = nv_tileaa.view %[[S]] : tensor<2x4xf32> -> tensor<1x2x1x4xf32>
  // CHECK: %[[R:.*]] = nv_tileaa.broadcast %[[V]] : tensor<1x2x1x4xf32> -> tensor<4x2x1x4xf32>
  // CHECK: %[[REP:.*]] = nv_tileaa.view %[[R]] : tensor<4x2x1x4xf32> -> tensor<8x4xf32>
  // CHECK: %[[ROWS:.*]] = nv_tileaa.make_range 0 to 8 : tensor<8xi32>
  // CHECK: %[[TWO:.*]] = arith.constant dense<2> : tensor<8xi32>
  // CHECK: %[[SLICE:.*]] = arith.divui %[[ROWS]], %[[TWO]]
  // CHECK: %[[IS:.*]] = nv_tileaa.splat %[[I]] : i32 -> tensor<8xi32>
  // CHECK: arith.cmpi eq, %[[SLICE]], %[[IS]] : tensor<8xi32>
  // CHECK: nv_tileaa.make_range 0 to 4 : tensor<4xi32>
  // CHECK: nv_tileaa.splat %[[J]] : i32 -> tensor<4xi32>
  // CHECK: %[[M:.*]] = arith.andi
  // CHECK: arith.select %[[M]], %[[REP]], %[[D]] : tensor<8x4xi1>, tensor<8x4xf32>
  %0 = insert %s into %d[%i, %j] : tile<2x4xf32> -> tile<8x4xf32>
  // A source of the destination's shape is the result.
  // CHECK-NOT: arith.select
  // CHECK: return
  %1 = insert %d into %d[%i, %i] : tile<8x4xf32> -> tile<8x4xf32>
  return
}

// CHECK-LABEL: nv_tileaa.func @sync()
testing$func @sync() {
  // SM90: nvvm.griddepcontrol wait
  // SM80-NOT: nvvm.griddepcontrol
  %0 = gdc_wait_tko -> token
  // SM90: nvvm.griddepcontrol launch_dependents
  %1 = gdc_launch_dependents_tko token=%0 -> token
  // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<alias>}
  %2 = memory_fence_alias_tko token=%1 -> token
  return
}

}
