// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

#L = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 128}>
#H = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32), (0)]} -> {dim0 = 64}>

// extract_slice: the source goes to shared memory (one store per element,
// by its owner), the result loads its elements at offset + coordinate.
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<512 x i8>
// CHECK-LABEL: llvm.func @extract
// CHECK: %[[OFF:.*]] = llvm.mlir.constant(64 : i64)
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.add %{{.*}}, %[[OFF]]
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
nv_tileaa.func @extract(%t: tensor<128xf32, #L>) -> tensor<64xf32, #H> {
  %r = nv_tileas.extract_slice %t[64] [64] [1] : tensor<128xf32, #L> to tensor<64xf32, #H>
  nv_tileaa.return %r : tensor<64xf32, #H>
}

// -----

#L = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 128}>
#H = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32), (0)]} -> {dim0 = 64}>

// insert_slice into a fresh alloc_tensor: the destination is not staged;
// the half is stored only by its owners (warp bit 1 duplicates it).
// CHECK-LABEL: llvm.func @insert
// CHECK: llvm.mlir.poison : !llvm.struct<(f32)>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: "@$2 st.shared.b32 [$0], $1;"
// CHECK: nvvm.barrier0
// CHECK: llvm.load
nv_tileaa.func @insert(%h: tensor<64xf32, #H>) -> tensor<128xf32, #L> {
  %a = nv_tileas.alloc_tensor : tensor<128xf32, #L>
  %r = nv_tileas.insert_slice %h into %a[64] [64] [1] : tensor<64xf32, #H> into tensor<128xf32, #L>
  nv_tileaa.return %r : tensor<128xf32, #L>
}

// -----

#L = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 128}>
#H = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32), (0)]} -> {dim0 = 64}>

nv_tileaa.func @strided(%t: tensor<128xf32, #L>) -> tensor<64xf32, #H> {
  // expected-error @+2 {{slices with non-unit strides are not supported}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.extract_slice'}}
  %r = nv_tileas.extract_slice %t[0] [64] [2] : tensor<128xf32, #L> to tensor<64xf32, #H>
  nv_tileaa.return %r : tensor<64xf32, #H>
}
