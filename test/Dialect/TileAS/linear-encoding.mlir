// RUN: tilecc-opt --split-input-file %s | FileCheck %s
// RUN: tilecc-opt --split-input-file %s | tilecc-opt --split-input-file | FileCheck %s

// The layout encoding round-trips in LinearLayout's own text form.
// CHECK-LABEL: func.func @blocked
// CHECK-SAME: tensor<64x8xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (32, 0)], lane = [(0, 4), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0)]} -> {dim0 = 64, dim1 = 8}>>
func.func @blocked(%t: tensor<64x8xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (32, 0)], lane = [(0, 4), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0)]} -> {dim0 = 64, dim1 = 8}>>) {
  return
}

// -----

// A layout without registers or warps (one element per lane).
// CHECK-LABEL: func.func @one_warp
// CHECK-SAME: #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 32}>
func.func @one_warp(%t: tensor<32xi8, #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 32}>>) {
  return
}
