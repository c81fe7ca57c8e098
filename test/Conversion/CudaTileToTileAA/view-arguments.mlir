// A view that a function takes (the conformance tests' testing$func form)
// is passed as its base pointer, then one i64 per `?` in its tensor_view's
// shape and one per `?` in its strides; the function rebuilds the view from
// them (make_tensor_view, then the make_*_view of its type) before the
// conversion, which needs every view's make ops.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file %s | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @copy
// CHECK-SAME: (%[[VB:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[VN:[^:]*]]: i64, %[[I:[^:]*]]: i32, %[[TB:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[TN:[^:]*]]: i64, %[[TS:[^:]*]]: i64)
// CHECK-DAG: %[[N:.*]] = arith.index_cast %[[VN]] : i64 to index
// CHECK-DAG: %[[M:.*]] = nv_tileaa.make_memref %[[VB]], %[[N]] : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
// CHECK-DAG: %[[V:.*]] = nv_tileaa.block_tile %[[M]] {dimGroups = [array<i64: 0>], tileSizes = array<i64: 16>}
// CHECK-DAG: %[[N2:.*]] = arith.index_cast %[[TN]] : i64 to index
// CHECK-DAG: %[[S2:.*]] = arith.index_cast %[[TS]] : i64 to index
// CHECK-DAG: %[[M2:.*]] = nv_tileaa.make_memref %[[TB]], %[[N2]], %[[S2]] : (!nv_tileaa.ptr<f32, 1>, index, index) -> !nv_tileaa.memref<64x?xf32, 1, strides = [?, 1]>
// CHECK: nv_tileaa.tiled_load %[[V]]
// CHECK: %[[P:.*]] = nv_tileaa.block_tile %[[M2]] {dimGroups = [array<i64: 1>, array<i64: 0>], tileSizes = array<i64: 16, 1>}
// CHECK: nv_tileaa.tiled_store %[[P]]
cuda_tile.module @views {
  testing$func @copy(%v: !cuda_tile.partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>, %i: tile<i32>,
                     %t: !cuda_tile.tensor_view<64x?xf32, strides=[?,1]>) {
    %x, %tok = load_view_tko weak %v[%i] : partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %p = make_partition_view %t : partition_view<tile=(16x1), tensor_view<64x?xf32, strides=[?,1]>, dim_map=[1, 0]>
    %x2 = reshape %x : tile<16xf32> -> tile<16x1xf32>
    %t2 = store_view_tko weak %x2, %p[%i, %i] : tile<16x1xf32>, partition_view<tile=(16x1), tensor_view<64x?xf32, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> token
    return
  }
}

// -----

// Strided and gather/scatter views, of packed f4E2M1FN too: the views
// rebuilt from the parameters are expanded into pointer programs like any
// other (the static views pass their base pointer only).
// CHECK-LABEL: nv_tileaa.func @windows
// CHECK-SAME: (%{{[^:]*}}: !nv_tileaa.ptr<f4E2M1FN, 1>, %{{[^:]*}}: i32, %{{[^:]*}}: !nv_tileaa.ptr<f32, 1>, %{{[^:]*}}: !nv_tileaa.ptr<i32, 1>, %{{[^:]*}}: i64, %{{[^:]*}}: i64)
// CHECK-NOT: make_strided_view
// CHECK: nv_tileaa.load
cuda_tile.module @views {
  testing$func @windows(%s: !cuda_tile.strided_view<tile=(8), traversal_strides=[5], padding_value = neg_zero, tensor_view<19xf4E2M1FN, strides=[1]>>,
                        %i: tile<i32>, %o: !cuda_tile.tensor_view<8xf32, strides=[1]>,
                        %g: !cuda_tile.gather_scatter_view<tile=(4x4), tensor_view<16x?xi32, strides=[?,1]>, sparse_dim=0>) {
    %w, %t0 = load_view_tko weak %s[%i] : strided_view<tile=(8), traversal_strides=[5], padding_value = neg_zero, tensor_view<19xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<8xf4E2M1FN>, token
    %wf = ftof %w : tile<8xf4E2M1FN> -> tile<8xf32>
    %op = make_partition_view %o : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t1 = store_view_tko weak %wf, %op[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %rows = iota : tile<4xi32>
    %r, %t2 = load_view_tko weak %g[%rows, %c0] : gather_scatter_view<tile=(4x4), tensor_view<16x?xi32, strides=[?,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<4x4xi32>, token
    return
  }
}

// -----

// get_index_space_shape of a view argument reads its rebuilt tensor_view:
// ceil(n / 16) tiles.
// CHECK-LABEL: nv_tileaa.func @count
// CHECK-SAME: (%[[B:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[N:[^:]*]]: i64) -> i32
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK: %[[M:.*]] = nv_tileaa.make_memref %[[B]], %[[NI]]
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: arith.ceildivui %{{.*}}, %[[C16]] : index
cuda_tile.module @views {
  testing$func @count(%v: !cuda_tile.partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>) -> tile<i32> {
    %n = get_index_space_shape %v : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>> -> tile<i32>
    return %n : tile<i32>
  }
}
