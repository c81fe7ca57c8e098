// alloca becomes a shared-memory nv_tileaa.global per op and its generic
// address; every pointer and view of a module that allocates is generic
// (address space 0), including a global's address and the kernel's pointer
// arguments. A module without alloca keeps global pointers (memory.mlir).
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

// CHECK: nv_tileaa.global @table : tensor<2xf32> = dense<{{.*}}> {alignment = 16 : i64, constant}
// CHECK: nv_tileaa.global @__alloca_scratch_0 : tensor<64xf32> {address_space = 3 : i32, alignment = 16 : i64}
// CHECK: nv_tileaa.global @__alloca_scratch_1 : tensor<8xi64> {address_space = 3 : i32, alignment = 64 : i64}
// CHECK-LABEL: nv_tileaa.func @scratch(
// CHECK-SAME: !nv_tileaa.ptr<f32, 0>
cuda_tile.module @allocas {
  global constant @table alignment = 16 <f32: [1.0, 2.0]> : tile<2xf32>
  entry @scratch(%x: tile<ptr<f32>>) {
    // CHECK: %[[A:.*]] = nv_tileaa.get_global @__alloca_scratch_0 : !nv_tileaa.ptr<f32, 0>
    %a = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    // CHECK: nv_tileaa.get_global @__alloca_scratch_1 : !nv_tileaa.ptr<i64, 0>
    %b = alloca num_elem = 8, alignment = 64 : tile<ptr<i64>>
    // CHECK: nv_tileaa.get_global @table : !nv_tileaa.ptr<f32, 0>
    %t = get_global @table : tile<ptr<f32>>
    // CHECK: nv_tileaa.make_memref %[[A]] : (!nv_tileaa.ptr<f32, 0>) -> !nv_tileaa.memref<64xf32, 0, strides = [1]>
    %v = make_tensor_view %a, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    return
  }
}

// for and loop are allocation scopes: an alloca in a loop body lives for one
// iteration, so the next iteration takes the same static array; one in an if
// outside any loop runs at most once. Arrays are numbered per function in
// source order.
// CHECK: nv_tileaa.global @__alloca_scoped_0 : tensor<32xi32> {address_space = 3 : i32, alignment = 4 : i64}
// CHECK: nv_tileaa.global @__alloca_scoped_1 : tensor<16xf32> {address_space = 3 : i32, alignment = 16 : i64}
// CHECK-LABEL: nv_tileaa.func @scoped(
// CHECK: scf.for
// CHECK: nv_tileaa.get_global @__alloca_scoped_0 : !nv_tileaa.ptr<i32, 0>
// CHECK: scf.if
// CHECK: nv_tileaa.get_global @__alloca_scoped_1 : !nv_tileaa.ptr<f32, 0>
cuda_tile.module @scoped_allocas {
  entry @scoped(%c: tile<i1>) {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 4> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    for %iv in (%lb to %ub, step %step) : tile<i32> {
      %0 = alloca num_elem = 32, alignment = 4 : tile<ptr<i32>>
      %t = store_ptr_tko weak %0, %iv : tile<ptr<i32>>, tile<i32> -> token
      continue
    }
    if %c {
      %1 = alloca num_elem = 16, alignment = 16 : tile<ptr<f32>>
      %f = constant <f32: 1.0> : tile<f32>
      %t = store_ptr_tko weak %1, %f : tile<ptr<f32>>, tile<f32> -> token
    }
    return
  }
}

// A non-entry function is an allocation scope too (device code does not
// recurse, so its calls never overlap): its own static array.
// CHECK: nv_tileaa.global @__alloca_helper_0 : tensor<4xf32> {address_space = 3 : i32, alignment = 4 : i64}
// CHECK-LABEL: nv_tileaa.func @helper(
// CHECK: nv_tileaa.get_global @__alloca_helper_0 : !nv_tileaa.ptr<f32, 0>
cuda_tile.module @function_alloca {
  testing$func @helper(%x: tile<f32>) -> tile<f32> {
    %a = alloca num_elem = 4, alignment = 4 : tile<ptr<f32>>
    %t = store_ptr_tko weak %a, %x : tile<ptr<f32>>, tile<f32> -> token
    %y, %t2 = load_ptr_tko weak %a token = %t : tile<ptr<f32>> -> tile<f32>, token
    return %y : tile<f32>
  }
}
