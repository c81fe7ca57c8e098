// Accesses without a cuda_tile token consume their function's entry token:
// one create_mem_token per function, at its top, also for accesses nested in
// loops; explicit cuda_tile token chains and joins are kept as they are, and
// no ordering edge is added between untokened accesses.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @entry_token {

// CHECK-LABEL: nv_tileaa.func @nested(
// CHECK-SAME: %[[P:.+]]: tensor<4x!nv_tileaa.ptr<f32, 1>>, %[[N:.+]]: i32, %[[T:.+]]: !nv_tileaa.mem_token)
// CHECK-NEXT: %[[E:.+]] = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
// CHECK-NOT: create_mem_token
// CHECK: %[[V:.+]], %[[TV:.+]] = nv_tileaa.load %[[P]], %[[E]]
// CHECK: scf.for
// CHECK-NEXT: %[[W:.+]], %{{.+}} = nv_tileaa.load %[[P]], %[[E]]
// CHECK-NEXT: %{{.+}} = nv_tileaa.store %[[P]], %[[W]], %[[E]]
// CHECK: %[[S:.+]] = nv_tileaa.store %[[P]], %[[V]], %[[T]]
// CHECK: %[[J:.+]] = nv_tileaa.join_mem_token %[[S]], %[[TV]] : !nv_tileaa.mem_token
// CHECK: %{{.+}}, %{{.+}} = nv_tileaa.load %[[P]], %[[J]]
// CHECK-NOT: create_mem_token
// CHECK: return
testing$func @nested(%p: tile<4xptr<f32>>, %n: tile<i32>, %t: token) {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %v, %tv = load_ptr_tko weak %p : tile<4xptr<f32>> -> tile<4xf32>, token
  for %i in (%c0 to %n, step %c1) : tile<i32> {
    %w, %tw = load_ptr_tko weak %p : tile<4xptr<f32>> -> tile<4xf32>, token
    %ts = store_ptr_tko weak %p, %w : tile<4xptr<f32>>, tile<4xf32> -> token
    continue
  }
  %s = store_ptr_tko weak %p, %v token=%t : tile<4xptr<f32>>, tile<4xf32> -> token
  %j = join_tokens %s, %tv : token
  %x, %tx = load_ptr_tko weak %p token=%j : tile<4xptr<f32>> -> tile<4xf32>, token
  return
}

// A function whose accesses all carry tokens gets no entry token.
// CHECK-LABEL: nv_tileaa.func @all_tokened(
// CHECK-NOT: create_mem_token
// CHECK: nv_tileaa.load
// CHECK: return
testing$func @all_tokened(%p: tile<4xptr<f32>>, %t: token) {
  %v, %tv = load_ptr_tko weak %p token=%t : tile<4xptr<f32>> -> tile<4xf32>, token
  return
}

}
