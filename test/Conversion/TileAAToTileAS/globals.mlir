// Module-scope globals keep their symbol, type, initializer and placement.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK: nv_tileas.global @table : tensor<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32> {alignment = 16 : i64, constant}
// CHECK: nv_tileas.global @scratch : tensor<16xi32> {address_space = 3 : i32}
// CHECK-NOT: nv_tileaa.global
nv_tileaa.global @table : tensor<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32> {alignment = 16, constant}
nv_tileaa.global @scratch : tensor<16xi32> {address_space = 3 : i32}

// CHECK-LABEL: nv_tileaa.func @use
// CHECK: %[[T:.*]] = nv_tileas.get_global @table : !nv_tileaa.ptr<f32, 1>
// CHECK: %[[S:.*]] = nv_tileas.get_global @scratch : !nv_tileaa.ptr<i32, 3>
// CHECK: nv_tileas.load %[[T]] token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 32>}
nv_tileaa.func @use() -> f32 {
  %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %t = nv_tileaa.get_global @table : !nv_tileaa.ptr<f32, 1>
  %s = nv_tileaa.get_global @scratch : !nv_tileaa.ptr<i32, 3>
  %v, %tko0 = nv_tileaa.load %t, %tk : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return %v : f32
}
