// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

// A global becomes a module-local LLVM array in global memory with its
// initializer; get_global is its address.
// CHECK: llvm.mlir.global internal constant @table(dense<[5.000000e-01, 1.000000e+00, 2.000000e+00, 4.000000e+00]> : tensor<4xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
// CHECK: llvm.mlir.global internal @counters(dense<0> : tensor<2xi32>) {addr_space = 1 : i32} : !llvm.array<2 x i32>
// CHECK-LABEL: llvm.func @k
// CHECK: llvm.mlir.addressof @table : !llvm.ptr<1>
nv_tileas.global @table : tensor<4xf32> = dense<[0.5, 1.0, 2.0, 4.0]> : tensor<4xf32> {constant, alignment = 16 : i64}
nv_tileas.global @counters : tensor<2xi32> = dense<0> : tensor<2xi32>
nv_tileaa.func @k() attributes {cute.kernel} {
  %0 = nv_tileas.get_global @table : !nv_tileaa.ptr<f32, 1>
  nv_tileaa.return
}

// -----

// expected-error @below {{only rank-1 globals of integers or floats can be lowered}}
// expected-error @below {{failed to legalize operation 'nv_tileas.global'}}
nv_tileas.global @matrix : tensor<2x2xf32> = dense<0.0> : tensor<2x2xf32>

// -----

// Sub-byte elements are packed two per byte, the lower index in the low
// nibble: [0.5, 1.0, 2.0, 4.0, -0.5, -1.0] (e2m1 codes 1, 2, 4, 6, 9, 10)
// is 0x21, 0x64, 0xA9. i4 packs the same way.
// CHECK: llvm.mlir.global internal constant @codes(dense<[33, 100, -87]> : tensor<3xi8>) {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<3 x i8>
// CHECK: llvm.mlir.global internal @nibbles(dense<[33, -13]> : tensor<2xi8>) {addr_space = 1 : i32} : !llvm.array<2 x i8>
// CHECK: llvm.mlir.global internal @blank() {addr_space = 1 : i32} : !llvm.array<4 x i8>
nv_tileas.global @codes : tensor<6xf4E2M1FN> = dense<[0.5, 1.0, 2.0, 4.0, -0.5, -1.0]> : tensor<6xf4E2M1FN> {constant, alignment = 4 : i64}
nv_tileas.global @nibbles : tensor<4xi4> = dense<[1, 2, 3, -1]> : tensor<4xi4>
nv_tileas.global @blank : tensor<8xf4E2M1FN>
nv_tileaa.func @k() attributes {cute.kernel} {
  %0 = nv_tileas.get_global @codes : !nv_tileaa.ptr<f4E2M1FN, 1>
  nv_tileaa.return
}
