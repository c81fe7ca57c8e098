// A view parameter of an nv_tileaa.func crosses the call as the parts its
// make_memref takes: base pointer, offset (0 when absent), one index per
// dynamic size and per dynamic stride; a tiled_view also rebuilds its
// block_tile (the box and dim_map are in its type). Every call passes the
// parts of the make_memref (and block_tile) that built its view.
// RUN: tilecc-opt --convert-tileaa-to-tileas --split-input-file --verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: nv_tileaa.func private @copy
// CHECK-SAME: (%[[VB:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[VO:[^:]*]]: index, %[[VN:[^:]*]]: index, %[[I:[^:]*]]: index, %[[MB:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[MO:[^:]*]]: index, %[[MN:[^:]*]]: index, %[[MS:[^:]*]]: index)
// CHECK: nv_tileas.make_tiled_view %[[VB]][%[[VO]]] sizes(%[[VN]]) strides(%{{.*}}) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<16xf32>
// CHECK: nv_tileas.make_tiled_view %[[MB]][%[[MO]]] sizes(%{{.*}}, %[[MN]]) strides(%{{.*}}, %[[MS]]) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<16x1xf32>
// CHECK-LABEL: nv_tileaa.func @kern
// CHECK-SAME: (%[[P:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[N:[^:]*]]: index, %[[Q:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[OFF:[^:]*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: nv_tileaa.call @copy(%[[P]], %{{.*}}, %[[N]], %[[C0]], %[[Q]], %[[OFF]], %[[C32]], %[[C32]]) : (!nv_tileaa.ptr<f32, 1>, index, index, index, !nv_tileaa.ptr<f32, 1>, index, index, index) -> ()
module {
  nv_tileaa.func private @copy(%v: !nv_tileaa.tiled_view<16xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, %i: index,
                               %m: !nv_tileaa.memref<?x32xf32, 1, strides = [?, 1]>) {
    %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %x, %t1 = nv_tileaa.tiled_load %v[%i], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : !nv_tileaa.tiled_view<16xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, index, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
    %b = nv_tileaa.block_tile %m {dimGroups = [array<i64: 1>, array<i64: 0>], tileSizes = array<i64: 16, 1>} : !nv_tileaa.memref<?x32xf32, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<16x1xf32, !nv_tileaa.memref<?x32xf32, 1, strides = [?, 1]>, array<i64: 1, 0>>
    %x2 = nv_tileaa.view %x : tensor<16xf32> -> tensor<16x1xf32>
    %t2 = nv_tileaa.tiled_store %b[%i, %i], %x2, %t1 {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.tiled_view<16x1xf32, !nv_tileaa.memref<?x32xf32, 1, strides = [?, 1]>, array<i64: 1, 0>>, tensor<16x1xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
  // The callee's own view parameters, rebuilt, pass on to a further call.
  nv_tileaa.func @kern(%p: !nv_tileaa.ptr<f32, 1>, %n: index, %q: !nv_tileaa.ptr<f32, 1>, %off: index) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %m = nv_tileaa.make_memref %p, %n : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
    %v = nv_tileaa.block_tile %m {dimGroups = [array<i64: 0>], tileSizes = array<i64: 16>} : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> !nv_tileaa.tiled_view<16xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>
    %o = nv_tileaa.make_memref %q, %off, %c32, %c32 {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (!nv_tileaa.ptr<f32, 1>, index, index, index) -> !nv_tileaa.memref<?x32xf32, 1, strides = [?, 1]>
    nv_tileaa.call @copy(%v, %c0, %o) : (!nv_tileaa.tiled_view<16xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, index, !nv_tileaa.memref<?x32xf32, 1, strides = [?, 1]>) -> ()
    nv_tileaa.return
  }
}

// -----

// A view parameter passed on: the caller's parameter is itself flattened and
// rebuilt, so its parts reach the inner call.
// CHECK-LABEL: nv_tileaa.func private @inner
// CHECK-SAME: (%{{[^:]*}}: !nv_tileaa.ptr<i32, 1>, %{{[^:]*}}: index)
// CHECK-LABEL: nv_tileaa.func private @outer
// CHECK-SAME: (%[[B:[^:]*]]: !nv_tileaa.ptr<i32, 1>, %[[O:[^:]*]]: index)
// CHECK: nv_tileaa.call @inner(%[[B]], %[[O]])
module {
  nv_tileaa.func private @inner(%m: !nv_tileaa.memref<64xi32, 1, strides = [1]>) {
    nv_tileaa.return
  }
  nv_tileaa.func private @outer(%m: !nv_tileaa.memref<64xi32, 1, strides = [1]>) {
    nv_tileaa.call @inner(%m) : (!nv_tileaa.memref<64xi32, 1, strides = [1]>) -> ()
    nv_tileaa.return
  }
}

// -----

module {
  // expected-error @below {{view argument #0 of 'boxed' is not supported by tilecc: a tiled_view of no memref has no parts to pass}}
  nv_tileaa.func private @boxed(%v: !nv_tileaa.tiled_view<64x32xf32>) {
    nv_tileaa.return
  }
}

// -----

module {
  nv_tileaa.func private @take(%v: !nv_tileaa.tiled_view<16x16xf32, !nv_tileaa.memref<?x?xf32, 1>>) {
    nv_tileaa.return
  }
  nv_tileaa.func @kern(%p: !nv_tileaa.ptr<f32, 1>, %n: index) attributes {cute.kernel} {
    %m = nv_tileaa.make_memref %p, %n, %n, %n, %n : (!nv_tileaa.ptr<f32, 1>, index, index, index, index) -> !nv_tileaa.memref<?x?xf32, 1>
    // Transposed groups that the view's type does not record.
    %v = nv_tileaa.block_tile %m {dimGroups = [array<i64: 1>, array<i64: 0>], tileSizes = array<i64: 16, 16>} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<16x16xf32, !nv_tileaa.memref<?x?xf32, 1>>
    // expected-error @below {{'nv_tileaa.call' op passes view operand #0, which is not built in the calling function by make_memref (and a block_tile of its type); a view crosses a call as the parts it is built from}}
    nv_tileaa.call @take(%v) : (!nv_tileaa.tiled_view<16x16xf32, !nv_tileaa.memref<?x?xf32, 1>>) -> ()
    nv_tileaa.return
  }
}
