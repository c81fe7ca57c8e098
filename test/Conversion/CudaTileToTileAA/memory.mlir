// Tensor and partition views (static/dynamic, dim_map, padding), view loads
// and stores at tile indices, view shape queries, pointer arithmetic, pointer
// loads/stores with masks and padding, atomics and token threading.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @memory {

// CHECK-LABEL: nv_tileaa.func @tokens()
testing$func @tokens() -> !cuda_tile.token {
  // CHECK: %[[A:.+]] = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // CHECK: %[[B:.+]] = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // CHECK: %[[J:.+]] = nv_tileaa.join_mem_token %[[A]], %[[B]] : !nv_tileaa.mem_token
  // CHECK: return %[[J]] : !nv_tileaa.mem_token
  %a = make_token : token
  %b = make_token : token
  %j = join_tokens %a, %b : token
  return %j : token
}

// CHECK-LABEL: nv_tileaa.func @views(
// CHECK-SAME: %[[P:.+]]: !nv_tileaa.ptr<f16, 1>, %[[N:.+]]: i32, %[[I:.+]]: i32, %[[T:.+]]: !nv_tileaa.mem_token)
testing$func @views(%p: tile<ptr<f16>>, %n: tile<i32>, %i: tile<i32>, %t: token) {
  // Accesses without a token consume the function's entry token, created
  // once, which orders them after nothing else (as in cuda_tile).
  // CHECK-NEXT: %[[E:.+]] = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // CHECK: %[[S:.+]] = nv_tileaa.make_memref %[[P]] : (!nv_tileaa.ptr<f16, 1>) -> !nv_tileaa.memref<16x32xf16, 1, strides = [32, 1]>
  %s = make_tensor_view %p, shape = [16, 32], strides = [32, 1] : tensor_view<16x32xf16, strides=[32,1]>
  // CHECK: %[[NS:.+]] = arith.index_cast %[[N]] : i32 to index
  // CHECK: %[[NT:.+]] = arith.index_cast %[[N]] : i32 to index
  // CHECK: %[[D:.+]] = nv_tileaa.make_memref %[[P]], %[[NS]], %[[NT]] : (!nv_tileaa.ptr<f16, 1>, index, index) -> !nv_tileaa.memref<?x64xf16, 1, strides = [?, 1]>
  %d = make_tensor_view %p, shape = [%n, 64], strides = [%n, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[?,1]>
  // CHECK: %[[V:.+]] = nv_tileaa.block_tile %[[D]] {dimGroups = [array<i64: 1>, array<i64: 0>], tileSizes = array<i64: 8, 16>} : !nv_tileaa.memref<?x64xf16, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<8x16xf16, !nv_tileaa.memref<?x64xf16, 1, strides = [?, 1]>, array<i64: 1, 0>>
  %v = make_partition_view %d : partition_view<tile=(8x16), padding_value = nan, tensor_view<?x64xf16, strides=[?,1]>, dim_map=[1, 0]>
  // CHECK: %[[W:.+]] = nv_tileaa.block_tile %[[S]] {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 4, 32>} : !nv_tileaa.memref<16x32xf16, 1, strides = [32, 1]> -> !nv_tileaa.tiled_view<4x32xf16, !nv_tileaa.memref<16x32xf16, 1, strides = [32, 1]>>
  %w = make_partition_view %s : partition_view<tile=(4x32), tensor_view<16x32xf16, strides=[32,1]>>
  // A load with an incoming token threads it.
  // CHECK: %[[I0:.+]] = arith.index_cast %[[I]] : i32 to index
  // CHECK: %[[I1:.+]] = arith.index_cast %[[I]] : i32 to index
  // CHECK: %[[X:.+]], %[[T1:.+]] = nv_tileaa.tiled_load %[[V]][%[[I0]], %[[I1]]], %[[T]] {operandSegmentSizes = array<i32: 1, 2, 0, 0>, padding_value = #nv_tileaa<padding_value nan>} : !nv_tileaa.tiled_view<8x16xf16, !nv_tileaa.memref<?x64xf16, 1, strides = [?, 1]>, array<i64: 1, 0>>, index, index, !nv_tileaa.mem_token -> tensor<8x16xf16>, !nv_tileaa.mem_token
  %x, %t1 = load_view_tko weak %v[%i, %i] token = %t : partition_view<tile=(8x16), padding_value = nan, tensor_view<?x64xf16, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<8x16xf16>, token
  // Without a token: the entry token.
  // CHECK-NOT: create_mem_token
  // CHECK: %[[Y:.+]], %[[T2:.+]] = nv_tileaa.tiled_load %[[W]][%{{.+}}, %{{.+}}], %[[E]] {mem_scope = #nv_tileaa<mem_scope gpu>, mem_semantic = #nv_tileaa<mem_semantic acquire>, operandSegmentSizes = array<i32: 1, 2, 0, 0>}
  %y, %t2 = load_view_tko acquire device %w[%i, %i] : partition_view<tile=(4x32), tensor_view<16x32xf16, strides=[32,1]>>, tile<i32> -> tile<4x32xf16>, token
  // CHECK: %[[T3:.+]] = nv_tileaa.tiled_store %[[W]][%{{.+}}, %{{.+}}], %[[Y]], %[[T2]] {mem_scope = #nv_tileaa<mem_scope sys>, mem_semantic = #nv_tileaa<mem_semantic release>, operandSegmentSizes = array<i32: 1, 1, 2, 0>}
  %t3 = store_view_tko release sys %y, %w[%i, %i] token = %t2 : tile<4x32xf16>, partition_view<tile=(4x32), tensor_view<16x32xf16, strides=[32,1]>>, tile<i32> -> token
  // Without a token and an unused result token: still the entry token, and a
  // successor token nobody uses.
  // CHECK-NOT: create_mem_token
  // CHECK: nv_tileaa.tiled_store %[[W]][%{{.+}}, %{{.+}}], %[[Y]], %[[E]] {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.tiled_view
  %t4 = store_view_tko weak %y, %w[%i, %i] : tile<4x32xf16>, partition_view<tile=(4x32), tensor_view<16x32xf16, strides=[32,1]>>, tile<i32> -> token
  return
}

// CHECK-LABEL: nv_tileaa.func @shapes(
testing$func @shapes(%p: tile<ptr<f32>>, %n: tile<i64>) {
  %d = make_tensor_view %p, shape = [%n, 64], strides = [64, 1] : tile<i64> -> tensor_view<?x64xf32, strides=[64,1]>
  // CHECK: %[[M:.+]] = nv_tileaa.make_memref
  // CHECK: %[[D0:.+]] = nv_tileaa.get_dim_size %[[M]], 0 : !nv_tileaa.memref<?x64xf32, 1, strides = [64, 1]>
  // CHECK: arith.index_cast %[[D0]] : index to i64
  // CHECK: %[[C64:.+]] = arith.constant 64 : index
  // CHECK: arith.index_cast %[[C64]] : index to i64
  %s:2 = get_tensor_shape %d : tensor_view<?x64xf32, strides=[64,1]> -> tile<i64>
  // Tiles per view dimension: ceil(size(dim_map[i]) / tile[i]).
  // CHECK: nv_tileaa.block_tile
  // CHECK: %[[S1:.+]] = arith.constant 64 : index
  // CHECK: %[[T0:.+]] = arith.constant 16 : index
  // CHECK: %[[Q0:.+]] = arith.ceildivui %[[S1]], %[[T0]] : index
  // CHECK: arith.index_cast %[[Q0]] : index to i32
  // CHECK: %[[S0:.+]] = nv_tileaa.get_dim_size %[[M]], 0
  // CHECK: %[[T1:.+]] = arith.constant 8 : index
  // CHECK: %[[Q1:.+]] = arith.ceildivui %[[S0]], %[[T1]] : index
  // CHECK: arith.index_cast %[[Q1]] : index to i32
  %v = make_partition_view %d : partition_view<tile=(16x8), tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>
  %c:2 = get_index_space_shape %v : partition_view<tile=(16x8), tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]> -> tile<i32>
  return
}

// CHECK-LABEL: nv_tileaa.func @pointers(
// CHECK-SAME: %[[P:.+]]: tensor<4x!nv_tileaa.ptr<f32, 1>>, %[[O:.+]]: tensor<4xi32>, %[[M:.+]]: tensor<4xi1>, %[[PAD:.+]]: tensor<4xf32>, %[[T:.+]]: !nv_tileaa.mem_token)
testing$func @pointers(%p: tile<4xptr<f32>>, %o: tile<4xi32>, %m: tile<4xi1>, %pad: tile<4xf32>, %t: token) {
  // CHECK-NEXT: %[[E:.+]] = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // CHECK: %[[Q:.+]] = nv_tileaa.addptr %[[P]], %[[O]] : tensor<4x!nv_tileaa.ptr<f32, 1>>, tensor<4xi32> -> tensor<4x!nv_tileaa.ptr<f32, 1>>
  %q = offset %p, %o : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
  // CHECK: %[[V:.+]], %[[T1:.+]] = nv_tileaa.load %[[Q]], %[[M]], %[[PAD]], %[[T]] {operandSegmentSizes = array<i32: 1, 0, 1, 1>} : tensor<4x!nv_tileaa.ptr<f32, 1>>, tensor<4xi1>, tensor<4xf32>, !nv_tileaa.mem_token -> tensor<4xf32>, !nv_tileaa.mem_token
  %v, %t1 = load_ptr_tko weak %q, %m, %pad token=%t : tile<4xptr<f32>>, tile<4xi1>, tile<4xf32> -> tile<4xf32>, token
  // CHECK: %[[W:.+]], %{{.+}} = nv_tileaa.load %[[Q]], %[[E]] {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : tensor<4x!nv_tileaa.ptr<f32, 1>>, !nv_tileaa.mem_token -> tensor<4xf32>, !nv_tileaa.mem_token
  %w, %tw = load_ptr_tko weak %q : tile<4xptr<f32>> -> tile<4xf32>, token
  // CHECK: %[[T2:.+]] = nv_tileaa.store %[[Q]], %[[V]], %[[M]], %[[T1]] {operandSegmentSizes = array<i32: 1, 1, 0, 1>} : tensor<4x!nv_tileaa.ptr<f32, 1>>, tensor<4xf32>, tensor<4xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t2 = store_ptr_tko weak %q, %v, %m token=%t1 : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> token
  // CHECK: %[[R:.+]], %[[T3:.+]] = nv_tileaa.atomic_rmw %[[Q]], %[[W]], %[[T2]] {mem_scope = #nv_tileaa<mem_scope gpu>, mem_semantic = #nv_tileaa<mem_semantic relaxed>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, rmw_mode = #nv_tileaa<rmw_mode addf>}
  %r, %t3 = atomic_rmw_tko relaxed device %q, addf, %w token=%t2 : tile<4xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
  // CHECK: nv_tileaa.atomic_cas %[[Q]], %[[R]], %[[W]], %[[M]], %[[T3]] {mem_scope = #nv_tileaa<mem_scope tl_blk>, mem_semantic = #nv_tileaa<mem_semantic acq_rel>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>}
  %c, %t4 = atomic_cas_tko acq_rel tl_blk %q, %r, %w, %m token=%t3 : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> tile<4xf32>, token
  return
}

// CHECK-LABEL: nv_tileaa.func @atomic_reduce(
// CHECK-SAME: %[[B:[^:]+]]: !nv_tileaa.ptr<i32, 1>, %[[X:[^:]+]]: tensor<2x2xi32>, %[[T:[^:]+]]: !nv_tileaa.mem_token)
// CHECK: %[[M:.+]] = nv_tileaa.make_memref %[[B]]
// CHECK: %[[V:.+]] = nv_tileaa.block_tile %[[M]]
testing$func @atomic_reduce(%v: !cuda_tile.partition_view<tile=(2x2), !cuda_tile.tensor_view<2x2xi32, strides=[2, 1]>>,
                            %x: tile<2x2xi32>, %t: token) -> token {
  %c0 = constant <i32: 0> : tile<i32>
  // CHECK: %[[OLD:.+]], %[[T1:.+]] = nv_tileaa.tiled_atomic_rmw %[[V]][%{{.+}}, %{{.+}}], %[[X]], %[[T]] {mem_scope = #nv_tileaa<mem_scope gpu>, mem_semantic = #nv_tileaa<mem_semantic relaxed>, operandSegmentSizes = array<i32: 1, 1, 2, 0>, rmw_mode = #nv_tileaa<rmw_mode add>} : {{.+}} -> tensor<2x2xi32>, !nv_tileaa.mem_token
  // CHECK: return %[[T1]]
  %t1 = atomic_red_view_tko relaxed device %v[%c0, %c0], add, %x token = %t
      : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token
  return %t1 : token
}

}
