// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s
// RUN: tilecc-opt -mlir-print-op-generic %s | tilecc-opt | FileCheck %s

cuda_tile.module @memory {

// CHECK-LABEL: @tokens
testing$func @tokens() -> !cuda_tile.token {
  // CHECK: %[[A:.+]] = make_token : token
  // CHECK: %[[B:.+]] = make_token : token
  // CHECK: join_tokens %[[A]], %[[B]], %[[A]] : token
  %a = make_token : token
  %b = make_token : !cuda_tile.token
  %j = join_tokens %a, %b, %a : token
  return %j : token
}

// CHECK-LABEL: @views
testing$func @views(%p: !cuda_tile.tile<!cuda_tile.ptr<f16>>, %n: !cuda_tile.tile<i32>) {
  // CHECK: make_tensor_view %{{.+}}, shape = [], strides = [] : tensor_view<f16>
  %s = make_tensor_view %p, shape = [], strides = [] : tensor_view<f16>
  // CHECK: %[[TV:.+]] = make_tensor_view %{{.+}}, shape = [%{{.+}}, 64], strides = [%{{.+}}, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[?,1]>
  %tv = make_tensor_view %p, shape = [%n, 64], strides = [%n, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[?,1]>
  // CHECK: make_partition_view %[[TV]] : partition_view<tile=(8x16), padding_value = nan, tensor_view<?x64xf16, strides=[?,1]>, dim_map=[1, 0]>
  %pv = make_partition_view %tv : partition_view<tile=(8x16), padding_value = nan, tensor_view<?x64xf16, strides=[?,1]>, dim_map=[1, 0]>
  // CHECK: make_strided_view %[[TV]] : strided_view<tile=(8x16), traversal_strides=[4,8], tensor_view<?x64xf16, strides=[?,1]>>
  %sv = make_strided_view %tv : strided_view<tile=(8x16), traversal_strides=[4, 8], tensor_view<?x64xf16, strides=[?,1]>, dim_map=[0, 1]>
  // CHECK: make_strided_view %[[TV]] : strided_view<tile=(8x16), traversal_strides=[4,8], padding_value = zero, tensor_view<?x64xf16, strides=[?,1]>, dim_map=[1, 0]>
  %sv2 = make_strided_view %tv : strided_view<tile=(8x16), traversal_strides=[4,8], padding_value = zero, tensor_view<?x64xf16, strides=[?,1]>, dim_map=[1, 0]>
  // CHECK: make_gather_scatter_view %[[TV]] : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<?x64xf16, strides=[?,1]>, sparse_dim=0>
  %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<?x64xf16, strides=[?,1]>, sparse_dim=0>
  // CHECK: get_tensor_shape %[[TV]] : tensor_view<?x64xf16, strides=[?,1]> -> tile<i64>
  %d:2 = get_tensor_shape %tv : tensor_view<?x64xf16, strides=[?,1]> -> tile<i64>
  // CHECK: get_index_space_shape %{{.+}} : strided_view<tile=(8x16), traversal_strides=[4,8], tensor_view<?x64xf16, strides=[?,1]>> -> tile<i32>
  %i:2 = get_index_space_shape %sv : strided_view<tile=(8x16), traversal_strides=[4,8], tensor_view<?x64xf16, strides=[?,1]>> -> tile<i32>
  // CHECK: get_index_space_shape %{{.+}} : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<?x64xf16, strides=[?,1]>, sparse_dim=0> -> tile<i16>
  %g:2 = get_index_space_shape %gv : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<?x64xf16, strides=[?,1]>, sparse_dim=0> -> tile<i16>
  return
}

// CHECK-LABEL: @view_access
testing$func @view_access(%v: !cuda_tile.strided_view<tile=(4x4), traversal_strides=[2,2], tensor_view<16x16xf32, strides=[16,1]>>,
                          %t: !cuda_tile.token) {
  %c = constant <i64: 1> : tile<i64>
  // CHECK: %[[X:.+]], %{{.+}} = load_view_tko acquire sys %{{.+}}[%{{.+}}, %{{.+}}] token = %{{.+}} optimization_hints = <sm_100 = {latency = 3}> : strided_view<tile=(4x4), traversal_strides=[2,2], tensor_view<16x16xf32, strides=[16,1]>>, tile<i64> -> tile<4x4xf32>, token
  %x, %t1 = load_view_tko acquire sys %v[%c, %c] token = %t optimization_hints = <sm_100 = {latency = 3}> : strided_view<tile=(4x4), traversal_strides=[2,2], tensor_view<16x16xf32, strides=[16,1]>>, tile<i64> -> tile<4x4xf32>, token
  // CHECK: store_view_tko release tl_blk %[[X]], %{{.+}}[%{{.+}}, %{{.+}}] : tile<4x4xf32>, strided_view<{{.+}}>, tile<i64> -> token
  %t2 = store_view_tko release tl_blk %x, %v[%c, %c] : tile<4x4xf32>, strided_view<tile=(4x4), traversal_strides=[2,2], tensor_view<16x16xf32, strides=[16,1]>>, tile<i64> -> token
  // CHECK: atomic_red_view_tko relaxed tl_blk %{{.+}}[%{{.+}}, %{{.+}}], addf, %[[X]] token = %{{.+}} : tile<4x4xf32>, strided_view<{{.+}}>, tile<i64> -> token
  %t3 = atomic_red_view_tko relaxed tl_blk %v[%c, %c], addf, %x token = %t2 : tile<4x4xf32>, strided_view<tile=(4x4), traversal_strides=[2,2], tensor_view<16x16xf32, strides=[16,1]>>, tile<i64> -> token
  return
}

// CHECK-LABEL: @gather
testing$func @gather(%v: !cuda_tile.gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>,
                     %rows: !cuda_tile.tile<4xi32>, %c: !cuda_tile.tile<i64>) {
  // CHECK: %[[G:.+]], %{{.+}} = load_view_tko weak %{{.+}}[%{{.+}}, %{{.+}}] : gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>, tile<4xi32>, tile<i64> -> tile<4x8xf16>, token
  %g, %t = load_view_tko weak %v[%rows, %c] : gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>, tile<4xi32>, tile<i64> -> tile<4x8xf16>, token
  // CHECK: store_view_tko weak %[[G]], %{{.+}}[%{{.+}}, %{{.+}}] : tile<4x8xf16>, gather_scatter_view<{{.+}}>, tile<4xi32>, tile<i64> -> token
  %t2 = store_view_tko weak %g, %v[%rows, %c] : tile<4x8xf16>, gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>, tile<4xi32>, tile<i64> -> token
  return
}

// CHECK-LABEL: @pointers
testing$func @pointers(%p: !cuda_tile.tile<4xptr<i64>>, %m: !cuda_tile.tile<4xi1>, %o: !cuda_tile.tile<4xi16>) {
  // CHECK: %[[Q:.+]] = offset %{{.+}}, %{{.+}} : tile<4xptr<i64>>, tile<4xi16> -> tile<4xptr<i64>>
  %q = offset %p, %o : tile<4xptr<i64>>, tile<4xi16> -> tile<4xptr<i64>>
  %pad = constant <i64: 7> : tile<4xi64>
  // CHECK: load_ptr_tko relaxed device %[[Q]], %{{.+}}, %{{.+}} optimization_hints = <sm_120 = {latency = 2}> : tile<4xptr<i64>>, tile<4xi1>, tile<4xi64> -> tile<4xi64>, token
  %v, %t = load_ptr_tko relaxed device %q, %m, %pad optimization_hints = <sm_120 = {latency = 2}> : tile<4xptr<i64>>, tile<4xi1>, tile<4xi64> -> tile<4xi64>, token
  // CHECK: store_ptr_tko release sys %[[Q]], %{{.+}}, %{{.+}} token=%{{.+}} : tile<4xptr<i64>>, tile<4xi64>, tile<4xi1> -> token
  %t2 = store_ptr_tko release sys %q, %v, %m token=%t : tile<4xptr<i64>>, tile<4xi64>, tile<4xi1> -> token
  // CHECK: atomic_rmw_tko acq_rel sys %[[Q]], umin, %{{.+}}, %{{.+}} token=%{{.+}} : tile<4xptr<i64>>, tile<4xi64>, tile<4xi1> -> tile<4xi64>, token
  %r, %t3 = atomic_rmw_tko acq_rel sys %q, umin, %v, %m token=%t2 : tile<4xptr<i64>>, tile<4xi64>, tile<4xi1> -> tile<4xi64>, token
  // CHECK: atomic_cas_tko acquire tl_blk %[[Q]], %{{.+}}, %{{.+}}, %{{.+}} : tile<4xptr<i64>>, tile<4xi64>, tile<4xi1> -> tile<4xi64>, token
  %c, %t4 = atomic_cas_tko acquire tl_blk %q, %v, %r, %m : tile<4xptr<i64>>, tile<4xi64>, tile<4xi1> -> tile<4xi64>, token
  return
}

// CHECK-LABEL: @scratch
entry @scratch() {
  // CHECK: alloca num_elem = 0, alignment = 8 : tile<ptr<i64>>
  %0 = alloca num_elem = 0, alignment = 8 : tile<ptr<i64>>
  // CHECK: alloca num_elem = 32, alignment = 1 global : tile<ptr<i1>>
  %1 = alloca num_elem = 32, alignment = 1 global : tile<ptr<i1>>
}

}
