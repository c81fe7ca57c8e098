// Kernel-spec attachment (seed 004): the target is recorded on the module and
// each kernel's launch hints are mirrored into nv_tileaa.kernel_spec; what
// they leave open is decided (kernel-resources.mlir).
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100a | FileCheck %s
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas | FileCheck %s --check-prefix=DEFAULT

// CHECK: module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = {{[0-9]+}} : i32}
// DEFAULT: module attributes {nv_tileas.compute_capability = 80 : i32, nv_tileas.static_shared_limit = {{[0-9]+}} : i32}
// CHECK-LABEL: nv_tileaa.func @hinted
// CHECK-SAME: nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [2, 1, 1], occupancy = 2>
// No tile at all: one warp (more would only hold copies).
// CHECK-LABEL: nv_tileaa.func @plain
// CHECK-SAME: nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>}
// An existing spec is kept.
// CHECK-LABEL: nv_tileaa.func @given
// CHECK-SAME: nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>}
// A function that is no kernel gets none.
// CHECK-LABEL: nv_tileaa.func @helper()
// CHECK-NOT: kernel_spec
// CHECK: nv_tileaa.return
nv_tileaa.func @hinted() attributes {cute.kernel,
    hints = {num_worker_warps_per_cta = 8 : i32, num_cta_in_cga = array<i64: 2, 1, 1>, occupancy = 2 : i32}} {
  nv_tileaa.return
}
nv_tileaa.func @plain() attributes {nv_tileaa.kernel} {
  nv_tileaa.return
}
nv_tileaa.func @given() attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
  nv_tileaa.return
}
nv_tileaa.func @helper() {
  nv_tileaa.return
}

// -----

// A module that names its target keeps it over the option.
// CHECK: module attributes {nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = {{[0-9]+}} : i32}
// DEFAULT: module attributes {nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = {{[0-9]+}} : i32}
module attributes {nv_tileas.compute_capability = 90 : i32} {
}
