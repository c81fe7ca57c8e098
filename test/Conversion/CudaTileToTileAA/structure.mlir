// Module dissolution, entries with the launch hints of their optimization
// hints (per architecture, with the `default` fallback), testing functions,
// globals and the grid queries. The kernel spec is decided from the hints in
// convert-tileaa-to-tileas (SPEC).
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s --check-prefixes=CHECK,SM100
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa=arch=sm_100a %s | FileCheck %s --check-prefixes=CHECK,SM100
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa=arch=sm_90 %s | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa=arch=sm_100a --convert-tileaa-to-tileas=compute-capability=sm_100a %s | FileCheck %s --check-prefix=SPEC

// CHECK: module {
// CHECK-NOT: cuda_tile
cuda_tile.module @structure {
  // CHECK: nv_tileaa.global @table : tensor<2xf32> = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32> {alignment = 128 : i64, constant}
  global constant @table alignment = 128 <f32: [1.0, 2.0]> : tile<2xf32>
  // CHECK: nv_tileaa.global @counter : tensor<1xi32> = dense<0> : tensor<1xi32> {sym_visibility = "private"}
  global private @counter <i32: [0]> : tile<1xi32>

  // CHECK-LABEL: nv_tileaa.func @plain()
  // CHECK-SAME: attributes {cute.kernel} {
  // Scalars only: one warp (more would only hold copies).
  // SPEC-LABEL: nv_tileaa.func @plain()
  // SPEC-SAME: attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>}
  entry @plain() {
    // CHECK: nv_tileaa.get_global @table : !nv_tileaa.ptr<f32, 1>
    %p = get_global @table : tile<ptr<f32>>
    // CHECK: nv_tileaa.get_program_id 0 : i32
    // CHECK: nv_tileaa.get_program_id 1 : i32
    // CHECK: nv_tileaa.get_program_id 2 : i32
    %x, %y, %z = get_tile_block_id : tile<i32>
    // CHECK: nv_tileaa.get_num_programs 0 : i32
    // CHECK: nv_tileaa.get_num_programs 1 : i32
    // CHECK: nv_tileaa.get_num_programs 2 : i32
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    // CHECK: return
    return
  }

  // CHECK-LABEL: nv_tileaa.func @hinted()
  // SM100-SAME: nv_tileaa.launch_hints = {num_cta_in_cga = 2 : i64, num_worker_warps_per_cta = 8 : i64, occupancy = 2 : i64}
  // SM90-SAME: nv_tileaa.launch_hints = {occupancy = 3 : i64}
  // SPEC-LABEL: nv_tileaa.func @hinted()
  // SPEC-SAME: nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [2, 1, 1], occupancy = 2>
  entry @hinted() optimization_hints=<sm_100 = {num_cta_in_cga = 2, num_worker_warps_per_cta = 8, occupancy = 2}, default = {occupancy = 3}> {
    return
  }

  // Without a hint the default 4 warps shrink to the largest tile: 64
  // elements fill 2 warps, 128 fill 4.
  // SPEC-LABEL: nv_tileaa.func @small_tiles()
  // SPEC-SAME: #nv_tileaa.kernel_spec<numWarps = 2>
  entry @small_tiles() {
    %a = iota : tile<64xi32>
    return
  }
  // SPEC-LABEL: nv_tileaa.func @full_tiles()
  // SPEC-SAME: #nv_tileaa.kernel_spec<numWarps = 4>
  entry @full_tiles() {
    %a = iota : tile<128xi32>
    return
  }

  // A testing function is a plain function: no kernel attributes.
  // CHECK-LABEL: nv_tileaa.func @helper(
  // CHECK-SAME: %[[A:.+]]: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NEXT: return %[[A]] : tensor<4xf32>
  testing$func @helper(%a: tile<4xf32>) -> tile<4xf32> {
    return %a : tile<4xf32>
  }
}
