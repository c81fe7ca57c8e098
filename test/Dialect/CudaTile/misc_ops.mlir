// RUN: tilecc-opt %s | FileCheck %s
// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s
// RUN: tilecc-opt -mlir-print-op-generic %s | tilecc-opt | FileCheck %s

// CHECK-LABEL: testing$func @predicates
cuda_tile.module @m {
  testing$func @predicates(%i: tile<8xi16>, %p: tile<2x4xptr<f32>>, %s: tile<i64>,
                           %v: tensor_view<64x32xf32, strides=[32,1]>) {
    // CHECK: %{{.*}} = assume div_by<16>, %{{.*}} : tile<8xi16>
    %0 = assume div_by<16>, %i : tile<8xi16>
    // CHECK: assume div_by<4, every 2 along 1>, %{{.*}} : tile<2x4xptr<f32>>
    %1 = cuda_tile.assume #cuda_tile.div_by<4, every 2 along 1>, %p : !cuda_tile.tile<2x4xptr<f32>>
    // CHECK: assume div_by<8>, %{{.*}} : tensor_view<64x32xf32, strides=[32,1]>
    %2 = assume div_by<8>, %v : tensor_view<64x32xf32, strides=[32,1]>
    // CHECK: assume same_elements<[2, 4]>, %{{.*}} : tile<2x4xptr<f32>>
    %3 = assume same_elements<[2, 4]>, %p : tile<2x4xptr<f32>>
    // CHECK: assume same_elements<[]>, %{{.*}} : tile<i64>
    %4 = assume same_elements<[]>, %s : tile<i64>
    // CHECK: assume bounded<-3, 100>, %{{.*}} : tile<8xi16>
    %5 = assume bounded<-3, 100>, %i : tile<8xi16>
    // CHECK: assume bounded<?, 7>, %{{.*}} : tile<8xi16>
    %6 = assume #cuda_tile.bounded<?, 7>, %i : tile<8xi16>
    // CHECK: assume bounded<0, ?>, %{{.*}} : tile<i64>
    %7 = assume bounded<0, ?>, %s : tile<i64>
    // CHECK: assume bounded<?, ?>, %{{.*}} : tile<i64>
    %8 = assume bounded<?, ?>, %s : tile<i64>
    return
  }

  // CHECK-LABEL: testing$func @debug_ops
  testing$func @debug_ops(%c: tile<4xi1>, %x: tile<4xf32>, %n: tile<i32>) {
    // CHECK: assert %{{.*}}, "x must be positive" : tile<4xi1>
    assert %c, "x must be positive" : tile<4xi1>
    // CHECK: %[[T0:.*]] = print_tko "hello\0A" -> token
    %t0 = print_tko "hello\n" -> !cuda_tile.token
    // CHECK: %[[T1:.*]] = print_tko "x=%f n=%d", %{{.*}}, %{{.*}} token=%[[T0]] : tile<4xf32>, tile<i32> -> token
    %t1 = print_tko "x=%f n=%d", %x, %n token = %t0 : tile<4xf32>, tile<i32> -> token
    // 13.1 spelling: no result type.
    // CHECK: print_tko "%+08.3f %lld %% %5.2e", %{{.*}}, %{{.*}}, %{{.*}} : tile<4xf32>, tile<i32>, tile<4xf32> -> token
    print_tko "%+08.3f %lld %% %5.2e", %x, %n, %x : tile<4xf32>, tile<i32>, tile<4xf32>
    // CHECK: print_tko "%%%%" -> token
    print_tko "%%%%"
    return
  }
}
