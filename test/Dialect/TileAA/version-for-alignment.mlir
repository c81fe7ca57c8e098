// RUN: tilecc-opt --tileaa-version-for-alignment --split-input-file %s | FileCheck %s
// RUN: tilecc-opt --tileaa-version-for-alignment=max-cloned-ops=10 --split-input-file %s | FileCheck %s --check-prefix=LIMIT

// A GEMM that said nothing of its pointers and strides: after the last
// operand the views need, one check (each base 16-byte aligned, each outer
// stride a whole 16-byte vector: 8 f16 for A and B, 4 f32 for C, so 8 for the
// N shared by B and C) chooses between the body with those facts assumed
// (the views remade from nv_tileaa.assume) and the body unchanged.
// CHECK-LABEL: nv_tileaa.func @gemm(
// CHECK-SAME: %[[A:[^:]+]]: !nv_tileaa.ptr<f16, 1>, %[[B:[^:]+]]: !nv_tileaa.ptr<f16, 1>, %[[C:[^:]+]]: !nv_tileaa.ptr<f32, 1>
// CHECK: %[[M:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[K:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[AV:.*]] = nv_tileaa.make_memref %[[A]], %[[M]], %[[K]], %[[K]]
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[AI:.*]] = nv_tileaa.ptr_to_int %[[A]] : !nv_tileaa.ptr<f16, 1> -> i64
// CHECK: %[[C15:.*]] = arith.constant 15 : i64
// CHECK: arith.andi %[[AI]], %[[C15]] : i64
// CHECK: arith.cmpi eq
// CHECK: %[[C7:.*]] = arith.constant 7 : index
// CHECK: arith.andi %[[K]], %[[C7]] : index
// CHECK: nv_tileaa.ptr_to_int %[[B]]
// CHECK: arith.andi %[[N]], %{{.*}} : index
// CHECK: nv_tileaa.ptr_to_int %[[C]]
// CHECK: %[[OK:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-DAG: %[[FA:.*]] = nv_tileaa.assume %[[A]], [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f16, 1>
// CHECK-DAG: %[[FK:.*]] = nv_tileaa.assume %[[K]], [#nv_tileaa.div_by<8>] : index
// CHECK-DAG: %[[FB:.*]] = nv_tileaa.assume %[[B]], [#nv_tileaa.div_by<16>]
// CHECK-DAG: %[[FN:.*]] = nv_tileaa.assume %[[N]], [#nv_tileaa.div_by<8>] : index
// CHECK-DAG: %[[FC:.*]] = nv_tileaa.assume %[[C]], [#nv_tileaa.div_by<16>]
// CHECK: %[[FAV:.*]] = nv_tileaa.make_memref %[[FA]], %[[M]], %[[FK]], %[[FK]]
// CHECK: %[[FBV:.*]] = nv_tileaa.make_memref %[[FB]], %[[FK]], %[[FN]], %[[FN]]
// CHECK: %[[FCV:.*]] = nv_tileaa.make_memref %[[FC]], %[[M]], %[[FN]], %[[FN]]
// CHECK-NOT: nv_tileaa.make_memref
// CHECK: nv_tileaa.block_tile %[[FAV]]
// CHECK: nv_tileaa.block_tile %[[FBV]]
// CHECK: nv_tileaa.block_tile %[[FCV]]
// CHECK: scf.for
// CHECK: nv_tileaa.dot
// CHECK: nv_tileaa.tiled_store
// CHECK-NEXT: {{^ *}}} else {
// CHECK-NOT: nv_tileaa.assume
// CHECK: %[[SBV:.*]] = nv_tileaa.make_memref %[[B]], %[[K]], %[[N]], %[[N]]
// CHECK: %[[SCV:.*]] = nv_tileaa.make_memref %[[C]], %[[M]], %[[N]], %[[N]]
// CHECK: nv_tileaa.block_tile %[[AV]]
// CHECK: scf.for
// CHECK: nv_tileaa.dot
// CHECK: nv_tileaa.tiled_store
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: nv_tileaa.return
// The body is larger than 10 ops: left as it is.
// LIMIT-LABEL: nv_tileaa.func @gemm(
// LIMIT-NOT: scf.if
// LIMIT: nv_tileaa.return
nv_tileaa.func @gemm(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c32_i32 = arith.constant 32 : i32
  %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %1 = arith.index_cast %m : i32 to index
  %2 = arith.index_cast %k : i32 to index
  %3 = nv_tileaa.make_memref %a, %1, %2, %2 : (!nv_tileaa.ptr<f16, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>
  %4 = arith.index_cast %n : i32 to index
  %5 = nv_tileaa.make_memref %b, %2, %4, %4 : (!nv_tileaa.ptr<f16, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>
  %6 = nv_tileaa.make_memref %c, %1, %4, %4 : (!nv_tileaa.ptr<f32, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf32, 1, strides = [?, 1]>
  %7 = nv_tileaa.block_tile %3 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 128, 32>} : !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<128x32xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>
  %8 = nv_tileaa.block_tile %5 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 32, 128>} : !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<32x128xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>
  %9 = nv_tileaa.block_tile %6 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 128, 128>} : !nv_tileaa.memref<?x?xf32, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<128x128xf32, !nv_tileaa.memref<?x?xf32, 1, strides = [?, 1]>>
  %10 = nv_tileaa.get_program_id 0 : i32
  %11 = nv_tileaa.get_program_id 1 : i32
  %12 = arith.ceildivsi %k, %c32_i32 : i32
  %13 = scf.for %i = %c0_i32 to %12 step %c1_i32 iter_args(%acc = %cst) -> (tensor<128x128xf32>)  : i32 {
    %16 = arith.index_cast %10 : i32 to index
    %17 = arith.index_cast %i : i32 to index
    %v, %t0 = nv_tileaa.tiled_load %7[%16, %17], %0 {operandSegmentSizes = array<i32: 1, 2, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<128x32xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<128x32xf16>, !nv_tileaa.mem_token
    %18 = arith.index_cast %11 : i32 to index
    %w, %t1 = nv_tileaa.tiled_load %8[%17, %18], %0 {operandSegmentSizes = array<i32: 1, 2, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<32x128xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<32x128xf16>, !nv_tileaa.mem_token
    %19 = nv_tileaa.dot %v, %w, %acc {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
    scf.yield %19 : tensor<128x128xf32>
  }
  %14 = arith.index_cast %10 : i32 to index
  %15 = arith.index_cast %11 : i32 to index
  %token = nv_tileaa.tiled_store %9[%14, %15], %13, %0 {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.tiled_view<128x128xf32, !nv_tileaa.memref<?x?xf32, 1, strides = [?, 1]>>, tensor<128x128xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

// Facts the kernel wrote are what it knows: B's base and K (div_by 16 and
// 8) and N (div_by 4, less than 8 f16) are not checked again, only the bases
// of A and C that it said nothing about.
// CHECK-LABEL: nv_tileaa.func @partly_known(
// CHECK-SAME: %[[A:[^:]+]]: !nv_tileaa.ptr<f16, 1>, %{{[^:]+}}: !nv_tileaa.ptr<f16, 1>, %[[C:[^:]+]]: !nv_tileaa.ptr<f32, 1>
// CHECK: nv_tileaa.ptr_to_int %[[A]]
// CHECK-NOT: index
// CHECK: nv_tileaa.ptr_to_int %[[C]]
// CHECK-NOT: index
// CHECK: scf.if
// CHECK-NEXT: nv_tileaa.assume %[[A]], [#nv_tileaa.div_by<16>]
// CHECK-NEXT: nv_tileaa.assume %[[C]], [#nv_tileaa.div_by<16>]
// CHECK-NEXT: nv_tileaa.make_memref
// CHECK-NEXT: nv_tileaa.make_memref
// CHECK-NOT: nv_tileaa.assume
// CHECK: } else {
nv_tileaa.func @partly_known(%a: !nv_tileaa.ptr<f16, 1>, %b0: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n0: i32, %k0: i32) {
  %b = nv_tileaa.assume %b0, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f16, 1>
  %k = nv_tileaa.assume %k0, [#nv_tileaa.div_by<8>] : i32
  %n = nv_tileaa.assume %n0, [#nv_tileaa.div_by<4>] : i32
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %1 = arith.index_cast %m : i32 to index
  %2 = arith.index_cast %k : i32 to index
  %3 = nv_tileaa.make_memref %a, %1, %2, %2 : (!nv_tileaa.ptr<f16, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>
  %4 = arith.index_cast %n : i32 to index
  %5 = nv_tileaa.make_memref %b, %2, %4, %4 : (!nv_tileaa.ptr<f16, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>
  %6 = nv_tileaa.make_memref %c, %1, %4, %4 : (!nv_tileaa.ptr<f32, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf32, 1, strides = [?, 1]>
  %7 = nv_tileaa.block_tile %3 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 128, 32>} : !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<128x32xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>
  %8 = nv_tileaa.block_tile %5 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 32, 128>} : !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<32x128xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>
  %9 = nv_tileaa.block_tile %6 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 128, 128>} : !nv_tileaa.memref<?x?xf32, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<128x128xf32, !nv_tileaa.memref<?x?xf32, 1, strides = [?, 1]>>
  %13 = scf.for %i = %c0_i32 to %k step %c1_i32 iter_args(%acc = %cst) -> (tensor<128x128xf32>)  : i32 {
    %17 = arith.index_cast %i : i32 to index
    %v, %t0 = nv_tileaa.tiled_load %7[%17, %17], %0 {operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.tiled_view<128x32xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<128x32xf16>, !nv_tileaa.mem_token
    %w, %t1 = nv_tileaa.tiled_load %8[%17, %17], %0 {operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.tiled_view<32x128xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<32x128xf16>, !nv_tileaa.mem_token
    %19 = nv_tileaa.dot %v, %w, %acc {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
    scf.yield %19 : tensor<128x128xf32>
  }
  %c0 = arith.constant 0 : index
  %token = nv_tileaa.tiled_store %9[%c0, %c0], %13, %0 {operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.tiled_view<128x128xf32, !nv_tileaa.memref<?x?xf32, 1, strides = [?, 1]>>, tensor<128x128xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

// Nothing to gain: no dot (an elementwise copy) or the dot outside any loop.
// CHECK-LABEL: nv_tileaa.func @no_dot_in_loop(
// CHECK-NOT: scf.if
// CHECK: nv_tileaa.return
nv_tileaa.func @no_dot_in_loop(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %m: i32, %k: i32) {
  %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %1 = arith.index_cast %m : i32 to index
  %2 = arith.index_cast %k : i32 to index
  %3 = nv_tileaa.make_memref %a, %1, %2, %2 : (!nv_tileaa.ptr<f16, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>
  %5 = nv_tileaa.make_memref %b, %2, %1, %1 : (!nv_tileaa.ptr<f16, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>
  %7 = nv_tileaa.block_tile %3 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 16, 16>} : !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<16x16xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>
  %8 = nv_tileaa.block_tile %5 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 16, 16>} : !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<16x16xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>
  %c0 = arith.constant 0 : index
  %v, %t0 = nv_tileaa.tiled_load %7[%c0, %c0], %0 {operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.tiled_view<16x16xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<16x16xf16>, !nv_tileaa.mem_token
  %w, %t1 = nv_tileaa.tiled_load %8[%c0, %c0], %0 {operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.tiled_view<16x16xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<16x16xf16>, !nv_tileaa.mem_token
  %d = nv_tileaa.dot %v, %w, %cst {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
  nv_tileaa.return
}

// -----

// A view with a dynamic inner stride cannot become vectors by any fact
// about its base: nothing to version.
// CHECK-LABEL: nv_tileaa.func @strided_inner(
// CHECK-NOT: scf.if
// CHECK: nv_tileaa.return
nv_tileaa.func @strided_inner(%a: !nv_tileaa.ptr<f16, 1>, %m: i32, %s: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %1 = arith.index_cast %m : i32 to index
  %2 = arith.index_cast %s : i32 to index
  %3 = nv_tileaa.make_memref %a, %1, %1, %1, %2 : (!nv_tileaa.ptr<f16, 1>, index, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1, strides = [?, ?]>
  %7 = nv_tileaa.block_tile %3 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 16, 16>} : !nv_tileaa.memref<?x?xf16, 1, strides = [?, ?]> -> !nv_tileaa.tiled_view<16x16xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, ?]>>
  %r = scf.for %i = %c0_i32 to %m step %c1_i32 iter_args(%acc = %cst) -> (tensor<16x16xf32>)  : i32 {
    %17 = arith.index_cast %i : i32 to index
    %v, %t0 = nv_tileaa.tiled_load %7[%17, %17], %0 {operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.tiled_view<16x16xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, ?]>>, index, index, !nv_tileaa.mem_token -> tensor<16x16xf16>, !nv_tileaa.mem_token
    %19 = nv_tileaa.dot %v, %v, %acc {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
    scf.yield %19 : tensor<16x16xf32>
  }
  nv_tileaa.return
}

// -----

// The view is made inside the loop (no top-level point to check it at):
// left as it is.
// CHECK-LABEL: nv_tileaa.func @view_in_loop(
// CHECK-NOT: scf.if
// CHECK: nv_tileaa.return
nv_tileaa.func @view_in_loop(%a: !nv_tileaa.ptr<f16, 1>, %m: i32, %k: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %1 = arith.index_cast %m : i32 to index
  %2 = arith.index_cast %k : i32 to index
  %r = scf.for %i = %c0_i32 to %m step %c1_i32 iter_args(%acc = %cst) -> (tensor<16x16xf32>)  : i32 {
    %3 = nv_tileaa.make_memref %a, %1, %2, %2 : (!nv_tileaa.ptr<f16, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>
    %7 = nv_tileaa.block_tile %3 {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 16, 16>} : !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]> -> !nv_tileaa.tiled_view<16x16xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>
    %17 = arith.index_cast %i : i32 to index
    %v, %t0 = nv_tileaa.tiled_load %7[%17, %17], %0 {operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.tiled_view<16x16xf16, !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<16x16xf16>, !nv_tileaa.mem_token
    %19 = nv_tileaa.dot %v, %v, %acc {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
    scf.yield %19 : tensor<16x16xf32>
  }
  nv_tileaa.return
}
