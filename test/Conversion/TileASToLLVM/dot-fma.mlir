// RUN: tilecc-opt --tileas-plan-memory=arch=sm_80 --convert-tileas-to-llvm=arch=sm_80 --split-input-file --verify-diagnostics %s | FileCheck %s

// A 2x2x2 f32 FMA dot on one warp: lane bit 0 walks N, lane bit 1 M, each
// thread holds one accumulator element, its A row and its B column (K in
// registers). Two chained fma in K order.
#C = #nv_tileas.linear<{register = [], lane = [(0, 1), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#A = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 0), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#B = #nv_tileas.linear<{register = [(1, 0)], lane = [(0, 1), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
// CHECK-LABEL: llvm.func @fma_f32
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[AS:.*]][0]
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[AS]][1]
// CHECK: %[[B0:.*]] = llvm.extractvalue %[[BS:.*]][0]
// CHECK: %[[B1:.*]] = llvm.extractvalue %[[BS]][1]
// CHECK: %[[C0:.*]] = llvm.extractvalue
// CHECK: %[[D0:.*]] = llvm.intr.fma(%[[A0]], %[[B0]], %[[C0]]) : (f32, f32, f32) -> f32
// CHECK: %[[D1:.*]] = llvm.intr.fma(%[[A1]], %[[B1]], %[[D0]]) : (f32, f32, f32) -> f32
// CHECK: llvm.insertvalue %[[D1]]
nv_tileaa.func @fma_f32(%a: tensor<2x2xf32, #A>, %b: tensor<2x2xf32, #B>, %c: tensor<2x2xf32, #C>) -> tensor<2x2xf32, #C> attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<2x2xf32, #A>, tensor<2x2xf32, #B>, tensor<2x2xf32, #C> -> tensor<2x2xf32, #C>
  nv_tileaa.return %d : tensor<2x2xf32, #C>
}

// -----

// i32: multiply and add (wrapping, as the interpreter's exact sum truncated).
#C = #nv_tileas.linear<{register = [], lane = [(0, 1), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#A = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 0), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#B = #nv_tileas.linear<{register = [(1, 0)], lane = [(0, 1), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
// CHECK-LABEL: llvm.func @fma_i32
// CHECK: llvm.mul {{.*}} : i32
// CHECK: llvm.add {{.*}} : i32
// CHECK: llvm.mul {{.*}} : i32
// CHECK: llvm.add {{.*}} : i32
nv_tileaa.func @fma_i32(%a: tensor<2x2xi32, #A>, %b: tensor<2x2xi32, #B>, %c: tensor<2x2xi32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<fma, m1n1k1, si32 x si32 -> i32>} : tensor<2x2xi32, #A>, tensor<2x2xi32, #B>, tensor<2x2xi32, #C> -> tensor<2x2xi32, #C>
  nv_tileaa.return
}

// -----

// Operands not in the layouts their accumulator implies.
#C = #nv_tileas.linear<{register = [], lane = [(0, 1), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
nv_tileaa.func @fma_layout(%a: tensor<2x2xf32, #C>, %b: tensor<2x2xf32, #C>, %c: tensor<2x2xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{FMA dot operands are not in the layouts of their accumulator; run tileas-assign-layouts}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<2x2xf32, #C>, tensor<2x2xf32, #C>, tensor<2x2xf32, #C> -> tensor<2x2xf32, #C>
  nv_tileaa.return
}

// -----

// Operands not widened to the accumulator's type.
#C = #nv_tileas.linear<{register = [], lane = [(0, 1), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#A = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 0), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#B = #nv_tileas.linear<{register = [(1, 0)], lane = [(0, 1), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
nv_tileaa.func @fma_types(%a: tensor<2x2xf16, #A>, %b: tensor<2x2xf16, #B>, %c: tensor<2x2xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{an FMA dot multiplies in its accumulator's type (f32, f64 or i32), not 'f16' x 'f16' -> 'f32'}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<fma, m1n1k1, f16 x f16 -> f32>} : tensor<2x2xf16, #A>, tensor<2x2xf16, #B>, tensor<2x2xf32, #C> -> tensor<2x2xf32, #C>
  nv_tileaa.return
}
