// RUN: tilecc-opt --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

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
