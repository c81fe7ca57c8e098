// block_tile dimension groups of several memref dimensions: a group walked
// as one row-major index is one view dimension with extent outer * inner
// extents and the innermost stride, when the static strides say the members
// are contiguous (unsupported.mlir has the other cases). Groups may also
// reorder: [2], [0, 1] reads the box transposed. Copy atoms of grouped views
// move single elements (no per-dimension alignment facts).
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @groups
// CHECK-SAME: (%[[X:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[O:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[N:[^:]*]]: index)
// CHECK: arith.constant 4 : index
// CHECK: arith.constant 4 : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[M:.*]] = arith.muli %[[N]], %[[C4]] : index
// CHECK: nv_tileas.make_tiled_view %[[X]][%{{.*}}] sizes(%{{.*}}, %[[M]]) strides(%{{.*}}, %{{.*}}) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<8x16xf32>
// CHECK: %[[M2:.*]] = arith.muli %[[N]], %{{.*}} : index
// CHECK: nv_tileas.make_tiled_view %[[O]][%{{.*}}] sizes(%[[M2]], %{{.*}}) strides(%{{.*}}, %{{.*}}) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<16x8xf32>
// CHECK: nv_tileas.tiled_load {{.*}} {atom = #nv_tileas.copy_atom<ldg, 32>}
// CHECK: nv_tileas.tiled_store {{.*}} {atom = #nv_tileas.copy_atom<stg, 32>}
module {
  nv_tileaa.func @groups(%px: !nv_tileaa.ptr<f32, 1>, %po: !nv_tileaa.ptr<f32, 1>, %n: index) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %mx = nv_tileaa.make_memref %px, %c0, %n {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!nv_tileaa.ptr<f32, 1>, index, index) -> !nv_tileaa.memref<?x4x8xf32, 1, strides = [32, 8, 1]>
    %mo = nv_tileaa.make_memref %po, %c0, %n {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!nv_tileaa.ptr<f32, 1>, index, index) -> !nv_tileaa.memref<?x4x8xf32, 1, strides = [32, 8, 1]>
    %vx = nv_tileaa.block_tile %mx {dimGroups = [array<i64: 2>, array<i64: 0, 1>], tileSizes = array<i64: 8, 16>} : !nv_tileaa.memref<?x4x8xf32, 1, strides = [32, 8, 1]> -> !nv_tileaa.tiled_view<8x16xf32, !nv_tileaa.memref<?x4x8xf32, 1, strides = [32, 8, 1]>>
    %vo = nv_tileaa.block_tile %mo {dimGroups = [array<i64: 0, 1>, array<i64: 2>], tileSizes = array<i64: 16, 8>} : !nv_tileaa.memref<?x4x8xf32, 1, strides = [32, 8, 1]> -> !nv_tileaa.tiled_view<16x8xf32, !nv_tileaa.memref<?x4x8xf32, 1, strides = [32, 8, 1]>>
    %x, %t0 = nv_tileaa.tiled_load %vx[%c0, %c1], %tk {operandSegmentSizes = array<i32: 1, 2, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<8x16xf32, !nv_tileaa.memref<?x4x8xf32, 1, strides = [32, 8, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<8x16xf32>, !nv_tileaa.mem_token
    %y = nv_tileaa.permute %x {permutation = array<i64: 1, 0>} : tensor<8x16xf32> -> tensor<16x8xf32>
    %t1 = nv_tileaa.tiled_store %vo[%c0, %c0], %y, %t0 {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.tiled_view<16x8xf32, !nv_tileaa.memref<?x4x8xf32, 1, strides = [32, 8, 1]>>, tensor<16x8xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
