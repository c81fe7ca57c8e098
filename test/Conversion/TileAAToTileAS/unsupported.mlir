// nv_tileaa ops tilecc has no nv_tileas lowering for are reported at the op
// with the missing feature, every one of them, before the conversion runs.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas -verify-diagnostics
// RUN: not tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100 2>&1 | FileCheck %s --check-prefix=SM100

nv_tileaa.func @callee(%x: tensor<64xf16>) -> tensor<64xf16> {
  nv_tileaa.return %x : tensor<64xf16>
}

nv_tileaa.func @structure(%x: tensor<64xf16>, %n: index) {
  // expected-error @below {{'nv_tileaa.launch_func' op is not supported by tilecc: device-side kernel launch (dynamic parallelism)}}
  nv_tileaa.launch_func @callee grid(%n, %n, %n) args(%x : tensor<64xf16>)
  // expected-error @below {{'nv_tileaa.inject_ir' op is not supported by tilecc: splicing textual IR into the lowering}}
  %r = nv_tileaa.inject_ir "llvm.call @impl" (%x) : (tensor<64xf16>) -> tensor<64xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @conv(%in: tensor<4x8x8x16xf16>, %flt: tensor<3x3x16x32xf16>, %acc: tensor<64x32xf32>,
                     %mr: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @below {{'nv_tileaa.conv_dot' op is not supported by tilecc: implicit-GEMM convolution blocking}}
  %0 = nv_tileaa.conv_dot %in, %flt, %acc {conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1, 1], padHigh = [1, 1], dilations = [1, 1]>}
      : tensor<4x8x8x16xf16>, tensor<3x3x16x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
  // expected-error @below {{'nv_tileaa.conv_tile' op is not supported by tilecc: implicit-GEMM convolution blocking}}
  %1 = nv_tileaa.conv_tile %mr {filterSizes = array<i64: 3, 3>, conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1, 1], padHigh = [1, 1], dilations = [1, 1]>, dimGroups = [array<i64: 0, 1>, array<i64: 3>], channel = 3}
      : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
  nv_tileaa.return
}

// -----

// Program cancellation is cluster launch control: sm_100 and newer only
// (lowered there, cancel.mlir).
nv_tileaa.func @cancel() -> i1 {
  // expected-error @below {{'nv_tileaa.cancel_next_program_id' op is not supported by tilecc: cluster launch control needs compute capability >= sm100, the target is sm_80}}
  %pid = nv_tileaa.cancel_next_program_id
  // expected-error @below {{'nv_tileaa.is_valid_program_id' op is not supported by tilecc: cluster launch control needs compute capability >= sm100, the target is sm_80}}
  %ok = nv_tileaa.is_valid_program_id %pid
  nv_tileaa.return %ok : i1
}
// SM100-NOT: error: 'nv_tileaa.cancel_next_program_id' op is not supported
// SM100-NOT: error: 'nv_tileaa.is_valid_program_id' op is not supported
// SM100-NOT: error: 'nv_tileaa.get_program_id' op is not supported

// -----

// A dimension group of several memref dimensions converts only when its
// members are contiguous by static strides and extents (block-tile-groups.mlir).
nv_tileaa.func @grouped(%mr: !nv_tileaa.memref<?x?x?xf32, 1>, %v: !nv_tileaa.tiled_view<64x32xf32>,
                        %s: !nv_tileaa.memref<4x8x16xf32, 1, strides = [256, 16, 1]>) {
  // expected-error @below {{'nv_tileaa.block_tile' op is not supported by tilecc: dimension groups that do not cover the memref or whose members are not contiguous by static extents and strides}}
  %0 = nv_tileaa.block_tile %mr {tileSizes = array<i64: 64, 32>, dimGroups = [array<i64: 0, 1>, array<i64: 2>]}
      : !nv_tileaa.memref<?x?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32, !nv_tileaa.memref<?x?x?xf32, 1>>
  // expected-error @below {{'nv_tileaa.block_tile' op is not supported by tilecc: blocking a tiled view or a tile}}
  %1 = nv_tileaa.block_tile %v {tileSizes = array<i64: 16, 16>, dimGroups = [array<i64: 0>, array<i64: 1>]}
      : !nv_tileaa.tiled_view<64x32xf32> -> !nv_tileaa.tiled_view<16x16xf32, !nv_tileaa.tiled_view<64x32xf32>>
  // Rows of 16 are 256 apart: dims 0 and 1 do not form one index.
  // expected-error @below {{'nv_tileaa.block_tile' op is not supported by tilecc: dimension groups that do not cover the memref or whose members are not contiguous by static extents and strides}}
  %2 = nv_tileaa.block_tile %s {tileSizes = array<i64: 8, 16>, dimGroups = [array<i64: 0, 1>, array<i64: 2>]}
      : !nv_tileaa.memref<4x8x16xf32, 1, strides = [256, 16, 1]> -> !nv_tileaa.tiled_view<8x16xf32, !nv_tileaa.memref<4x8x16xf32, 1, strides = [256, 16, 1]>>
  // Dimension 2 is in no group.
  // expected-error @below {{'nv_tileaa.block_tile' op is not supported by tilecc: dimension groups that do not cover the memref or whose members are not contiguous by static extents and strides}}
  %3 = nv_tileaa.block_tile %s {tileSizes = array<i64: 2, 8>, dimGroups = [array<i64: 0>, array<i64: 1>]}
      : !nv_tileaa.memref<4x8x16xf32, 1, strides = [256, 16, 1]> -> !nv_tileaa.tiled_view<2x8xf32, !nv_tileaa.memref<4x8x16xf32, 1, strides = [256, 16, 1]>>
  nv_tileaa.return
}

// -----

// Calls of device functions stay nv_tileaa.call (call.mlir) when only
// scalars and pointers cross them.
nv_tileaa.func @kernel(%x: f32) {
  nv_tileaa.return
}
nv_tileaa.func private @tiles(%x: tensor<64xf16>) -> tensor<64xf16> {
  nv_tileaa.return %x : tensor<64xf16>
}
nv_tileaa.func private @two(%x: f32) -> (f32, f32) {
  nv_tileaa.return %x, %x : f32, f32
}
nv_tileaa.func @calls(%x: f32, %t: tensor<64xf16>, %pid: !nv_tileaa.program_id) {
  // expected-error @below {{'nv_tileaa.call' op is not supported by tilecc: calling a kernel (public function) from device code}}
  nv_tileaa.call @kernel(%x) : (f32) -> ()
  // expected-error @below {{'nv_tileaa.call' op is not supported by tilecc: passing tiles or tokens to a function (layouts and tokens stay inside one function)}}
  %0 = nv_tileaa.call @tiles(%t) : (tensor<64xf16>) -> tensor<64xf16>
  // expected-error @below {{'nv_tileaa.call' op is not supported by tilecc: a call with several results}}
  %1:2 = nv_tileaa.call @two(%x) : (f32) -> (f32, f32)
  // expected-error @below {{'nv_tileaa.get_program_id' op is not supported by tilecc: cluster launch control needs compute capability >= sm100, the target is sm_80}}
  %2 = nv_tileaa.get_program_id 0 of %pid : i32
  nv_tileaa.return
}
