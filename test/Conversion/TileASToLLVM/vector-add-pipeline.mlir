// RUN: tilecc-opt --convert-tileaa-to-tileas="compute-capability=sm_100" --tileas-assign-layouts --tileas-canonicalize --tileas-plan-memory --convert-tileas-to-llvm %s | tilecc -arch=sm_100 --emit=ptx - -o %t.ptx
// RUN: tilecc-ptxemu %t.ptx --grid 3 --block 128 --buf a:f32:2503:random --buf b:f32:2503:random --buf c:f32:2503:zero --arg buf:a --arg buf:b --arg buf:c --arg i32:2503 --print a --print b --print c | python3 %S/Inputs/check-vector-add.py 2503 | FileCheck %s

// The stages tileas, schedule and llvm chained on the nv_tileaa IR of
// examples/vector_add.tile (/work/wt/to-tileaa/docs/ir/vector_add.tileaa-canon.mlir),
// then PTX on the emulator against the host sum, ragged last block included.
// CHECK: ok: 2503 elements

module {
  nv_tileaa.func @vector_add(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: !nv_tileaa.ptr<f32, 1>, %arg3: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %0 = nv_tileaa.assume %arg0, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
    %1 = nv_tileaa.assume %arg1, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
    %2 = nv_tileaa.assume %arg2, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
    %3 = nv_tileaa.assume %arg3, [#nv_tileaa.bounded<lower = 0>] : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = nv_tileaa.make_memref %0, %4 : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
    %6 = nv_tileaa.make_memref %1, %4 : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
    %7 = nv_tileaa.make_memref %2, %4 : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
    %8 = nv_tileaa.block_tile %5 {dimGroups = [array<i64: 0>], tileSizes = array<i64: 1024>} : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>
    %9 = nv_tileaa.block_tile %6 {dimGroups = [array<i64: 0>], tileSizes = array<i64: 1024>} : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>
    %10 = nv_tileaa.block_tile %7 {dimGroups = [array<i64: 0>], tileSizes = array<i64: 1024>} : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>
    %11 = nv_tileaa.get_program_id 0 : i32
    %12 = arith.index_cast %11 : i32 to index
    %v, %tko0 = nv_tileaa.tiled_load %8[%12], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, index, !nv_tileaa.mem_token -> tensor<1024xf32>, !nv_tileaa.mem_token
    %v_0, %tko1 = nv_tileaa.tiled_load %9[%12], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, index, !nv_tileaa.mem_token -> tensor<1024xf32>, !nv_tileaa.mem_token
    %13 = arith.addf %v, %v_0 : tensor<1024xf32>
    %tko2 = nv_tileaa.tiled_store %10[%12], %13, %tk {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, tensor<1024xf32>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}

