// Loads and stores through strided_view and gather_scatter_view become
// masked pointer accesses: one pointer per element from the make_tensor_view's
// base, sizes and strides.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s | FileCheck %s

// Tile i of a strided view starts at i * traversal_stride; elements outside
// [0, size) read the padding value (-inf here).
// CHECK-LABEL: nv_tileaa.func @strided(
// CHECK-SAME: %[[P:.+]]: !nv_tileaa.ptr<f32, 1>, %[[N:.+]]: i64, %[[I:.+]]: i32)
// CHECK: %[[SIZE:.*]] = arith.trunci %[[N]] : i64 to i32
// CHECK: %[[ORIGIN:.*]] = arith.muli %[[I]], %c3_i32 : i32
// CHECK: %[[RANGE:.*]] = nv_tileaa.make_range 0 to 8 : tensor<8xi32>
// CHECK: %[[COORD:.*]] = arith.addi %{{.*}}, %[[RANGE]] : tensor<8xi32>
// CHECK: %[[OFF:.*]] = arith.muli %[[COORD]], %{{.*}} : tensor<8xi32>
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[COORD]], %{{.*}} : tensor<8xi32>
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[COORD]], %{{.*}} : tensor<8xi32>
// CHECK: %[[MASK:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<8xi1>
// CHECK: %[[PTRS:.*]] = nv_tileaa.addptr %{{.*}}, %[[OFF]]
// CHECK: %[[PAD:.*]] = arith.constant dense<0xFF800000> : tensor<8xf32>
// CHECK: nv_tileaa.load %[[PTRS]], %[[MASK]], %[[PAD]]
cuda_tile.module @views {
  entry @strided(%p: tile<ptr<f32>>, %n: tile<i64>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %sv = make_strided_view %tv : strided_view<tile=(8), traversal_strides=[3], padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>
    %t, %tok = load_view_tko weak %sv[%i] : strided_view<tile=(8), traversal_strides=[3], padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    return
  }
}

// -----

// Along sparse_dim a gather_scatter_view takes the given rows; the store is
// masked where a row or column falls outside the tensor.
// CHECK-LABEL: nv_tileaa.func @scatter(
// CHECK-SAME: %[[P:.+]]: !nv_tileaa.ptr<f16, 1>, %[[ROWS:.+]]: tensor<4xi32>, %[[C:.+]]: i32, %[[X:.+]]: tensor<4x8xf16>)
// CHECK: %[[R2:.*]] = nv_tileaa.view %[[ROWS]] : tensor<4xi32> -> tensor<4x1xi32>
// CHECK: %[[RB:.*]] = nv_tileaa.broadcast %[[R2]] : tensor<4x1xi32> -> tensor<4x8xi32>
// CHECK: %[[COLS:.*]] = nv_tileaa.make_range 0 to 8 : tensor<8xi32>
// CHECK: arith.muli %[[RB]], %{{.*}} : tensor<4x8xi32>
// CHECK: nv_tileaa.addptr %{{.*}} : tensor<4x8x!nv_tileaa.ptr<f16, 1>>, tensor<4x8xi32>
// CHECK: nv_tileaa.store %{{.*}}, %[[X]], %{{.*}} {{.*}} : tensor<4x8x!nv_tileaa.ptr<f16, 1>>, tensor<4x8xf16>, tensor<4x8xi1>
cuda_tile.module @views {
  testing$func @scatter(%p: tile<ptr<f16>>, %rows: tile<4xi32>, %c: tile<i32>, %x: tile<4x8xf16>) {
    %tv = make_tensor_view %p, shape = [64, 8], strides = [8, 1] : tensor_view<64x8xf16, strides=[8,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>
    %t = store_view_tko weak %x, %gv[%rows, %c] : tile<4x8xf16>, gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> token
    return
  }
}

// -----

// atomic_red_view_tko through a strided_view is an atomic_rmw through the
// element pointers, masked at the bound; get_index_space_shape counts the
// windows starting inside the tensor, ceil(size / traversal_stride).
// CHECK-LABEL: nv_tileaa.func @red_and_shape(
// CHECK-SAME: %[[P:.+]]: !nv_tileaa.ptr<i32, 1>, %[[N:.+]]: i32, %[[I:.+]]: i32, %[[X:.+]]: tensor<8xi32>)
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<8xi1>
// CHECK: %[[PTRS:.*]] = nv_tileaa.addptr
// CHECK: nv_tileaa.atomic_rmw %[[PTRS]], %[[X]], %[[MASK]], %{{.*}} {mem_scope = #nv_tileaa<mem_scope gpu>, mem_semantic = #nv_tileaa<mem_semantic relaxed>, {{.*}}rmw_mode = #nv_tileaa<rmw_mode add>}
// CHECK: %[[SUM:.*]] = arith.addi %[[N]], %c3_i32 : i32
// CHECK: %[[COUNT:.*]] = arith.divui %[[SUM]], %{{.*}} : i32
// CHECK: %[[WIDE:.*]] = arith.extui %[[COUNT]] : i32 to i64
// CHECK: nv_tileaa.print "%d", %[[WIDE]] : i64
cuda_tile.module @views {
  testing$func @red_and_shape(%p: tile<ptr<i32>>, %n: tile<i32>, %i: tile<i32>, %x: tile<8xi32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [2] : tile<i32> -> tensor_view<?xi32, strides=[2]>
    %sv = make_strided_view %tv : strided_view<tile=(8), traversal_strides=[4], tensor_view<?xi32, strides=[2]>>
    %t = atomic_red_view_tko relaxed device %sv[%i], add, %x : tile<8xi32>, strided_view<tile=(8), traversal_strides=[4], tensor_view<?xi32, strides=[2]>>, tile<i32> -> token
    %s = get_index_space_shape %sv : strided_view<tile=(8), traversal_strides=[4], tensor_view<?xi32, strides=[2]>> -> tile<i64>
    print_tko "%d", %s : tile<i64> -> token
    return
  }
}

// -----

// Along a gather_scatter_view's sparse dimension every row is an index;
// along the others the index space counts whole tiles, ceil(12 / 8) = 2.
// CHECK-LABEL: nv_tileaa.func @gather_shape(
// CHECK: %[[ROWS:.*]] = arith.constant 64 : i32
// CHECK: %[[R:.*]] = arith.trunci %[[ROWS]] : i32 to i16
// CHECK: %[[COLS:.*]] = arith.divui %{{.*}}, %{{.*}} : i32
// CHECK: %[[C:.*]] = arith.trunci %[[COLS]] : i32 to i16
// CHECK: nv_tileaa.print "%d %d", %[[R]], %[[C]] : i16, i16
cuda_tile.module @views {
  testing$func @gather_shape(%p: tile<ptr<f16>>) {
    %tv = make_tensor_view %p, shape = [64, 12], strides = [12, 1] : tensor_view<64x12xf16, strides=[12,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x8), tensor_view<64x12xf16, strides=[12,1]>, sparse_dim=0>
    %r, %c = get_index_space_shape %gv : gather_scatter_view<tile=(4x8), tensor_view<64x12xf16, strides=[12,1]>, sparse_dim=0> -> tile<i16>
    print_tko "%d %d", %r, %c : tile<i16>, tile<i16> -> token
    return
  }
}

// -----

// Packed f4E2M1FN through a partition view: element e lies in byte e >> 1,
// at bit 4 * (e & 1). A load reads the bytes and shifts the nibble down (the
// out-of-bounds ones select the padding -0.0, bits 0x8); a store clears and
// sets its nibble with two atomics on the aligned 32-bit word, so elements
// sharing a byte can be stored by different threads.
// CHECK-LABEL: nv_tileaa.func @packed(
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<8xi1>
// CHECK: %[[BYTE:.*]] = arith.shrsi %[[E:.*]], %{{.*}} : tensor<8xi32>
// CHECK: %[[ODD:.*]] = arith.andi %[[E]], %{{.*}} : tensor<8xi32>
// CHECK: %[[BIT:.*]] = arith.muli %[[ODD]], %{{.*}} : tensor<8xi32>
// CHECK: nv_tileaa.int_to_ptr %{{.*}} : i64 -> !nv_tileaa.ptr<i8, 1>
// CHECK: %[[PTRS:.*]] = nv_tileaa.addptr %{{.*}}, %[[BYTE]] : tensor<8x!nv_tileaa.ptr<i8, 1>>
// The 8 elements fill one word: when it is aligned and all in bounds it is
// one i32 load, each element shifted out of it; the others read bytes.
// CHECK: %[[GPTR:.*]] = nv_tileaa.int_to_ptr %{{.*}} : tensor<1xi64> -> tensor<1x!nv_tileaa.ptr<i32, 1>>
// CHECK: %[[WORD:.*]], %[[WTOK:.*]] = nv_tileaa.load %[[GPTR]], %{{.*}}, %{{.*}}, %{{.*}} {{.*}} -> tensor<1xi32>, !nv_tileaa.mem_token
// CHECK: %[[FROMWORD:.*]] = arith.shrui %{{.*}}, %{{.*}} : tensor<8xi32>
// CHECK: %[[COVERED:.*]] = arith.xori %[[WHOLE:.*]], %{{.*}} : tensor<8xi1>
// CHECK: %[[BYTEMASK:.*]] = arith.andi %[[MASK]], %[[COVERED]] : tensor<8xi1>
// CHECK: %[[V:.*]], %[[TOK:.*]] = nv_tileaa.load %[[PTRS]], %[[BYTEMASK]], %{{.*}}, %[[WTOK]] {{.*}} -> tensor<8xi8>, !nv_tileaa.mem_token
// CHECK: %[[W:.*]] = arith.extui %[[V]] : tensor<8xi8> to tensor<8xi32>
// CHECK: %[[SH:.*]] = arith.shrui %[[W]], %[[BIT]] : tensor<8xi32>
// CHECK: %[[PICK:.*]] = arith.select %[[WHOLE]], %[[FROMWORD]], %[[SH]] : tensor<8xi1>, tensor<8xi32>
// CHECK: %c8_i32{{.*}} = arith.constant 8 : i32
// CHECK: %[[SEL:.*]] = arith.select %[[MASK]], %[[PICK]], %{{.*}} : tensor<8xi1>, tensor<8xi32>
// CHECK: %[[N:.*]] = arith.trunci %[[SEL]] : tensor<8xi32> to tensor<8xi4>
// CHECK: %[[X:.*]] = nv_tileaa.bitcast %[[N]] : tensor<8xi4> -> tensor<8xf4E2M1FN>
// CHECK: %[[ADDR:.*]] = nv_tileaa.ptr_to_int %{{.*}} : tensor<8x!nv_tileaa.ptr<i8, 1>> -> tensor<8xi64>
// CHECK: %c-4_i64 = arith.constant -4 : i64
// CHECK: %[[WADDR:.*]] = arith.andi %[[ADDR]], %{{.*}} : tensor<8xi64>
// CHECK: %[[WORDS:.*]] = nv_tileaa.int_to_ptr %[[WADDR]] : tensor<8xi64> -> tensor<8x!nv_tileaa.ptr<i32, 1>>
// CHECK: %[[SHIFT:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<8xi32>
// CHECK: %[[XI:.*]] = nv_tileaa.bitcast %[[X]] : tensor<8xf4E2M1FN> -> tensor<8xi4>
// CHECK: %[[XW:.*]] = arith.extui %[[XI]] : tensor<8xi4> to tensor<8xi32>
// CHECK: %c15_i32 = arith.constant 15 : i32
// CHECK: %[[FIELD:.*]] = arith.shli %{{.*}}, %[[SHIFT]] : tensor<8xi32>
// CHECK: %[[CLEAR:.*]] = arith.xori %[[FIELD]], %{{.*}} : tensor<8xi32>
// CHECK: %[[SET:.*]] = arith.shli %[[XW]], %[[SHIFT]] : tensor<8xi32>
// Eight consecutive elements that fill an aligned word, all in bounds, are
// or-ed into one i32 and stored plainly; the atomics take the others.
// CHECK: %[[ALLIN:.*]] = nv_tileaa.reduce %{{.*}} {axis = 1 : i32, nv_tileaa.identities = [1 : i32]}
// CHECK: arith.minsi
// CHECK: %[[FIRST:.*]] = nv_tileaa.reduce %{{.*}} {axis = 1 : i32, nv_tileaa.identities = [9223372036854775807]} : tensor<1x8xi64> -> tensor<1xi64>
// CHECK: %[[WPTR:.*]] = nv_tileaa.int_to_ptr %[[FIRST]] : tensor<1xi64> -> tensor<1x!nv_tileaa.ptr<i32, 1>>
// CHECK: %[[PLACED:.*]] = arith.shli %{{.*}}, %{{.*}} : tensor<8xi32>
// CHECK: %[[GROUP:.*]] = nv_tileaa.view %[[PLACED]] : tensor<8xi32> -> tensor<1x8xi32>
// CHECK: %[[WORD:.*]] = nv_tileaa.reduce %[[GROUP]] {axis = 1 : i32, nv_tileaa.identities = [0 : i32]} : tensor<1x8xi32> -> tensor<1xi32>
// CHECK: arith.ori
// CHECK: %[[T0:.*]] = nv_tileaa.store %[[WPTR]], %[[WORD]], %{{.*}}, %[[TOK]] {{.*}} : tensor<1x!nv_tileaa.ptr<i32, 1>>, tensor<1xi32>, tensor<1xi1>
// CHECK: %[[REST:.*]] = arith.andi %[[MASK2:.*]], %{{.*}} : tensor<8xi1>
// CHECK: %{{.*}}, %[[T1:.*]] = nv_tileaa.atomic_rmw %[[WORDS]], %[[CLEAR]], %[[REST]], %[[T0]] {{{.*}}rmw_mode = #nv_tileaa<rmw_mode and>}
// CHECK: nv_tileaa.atomic_rmw %[[WORDS]], %[[SET]], %[[REST]], %[[T1]] {{{.*}}rmw_mode = #nv_tileaa<rmw_mode or>}
cuda_tile.module @views {
  testing$func @packed(%p: tile<ptr<f4E2M1FN>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [60], strides = [1] : tensor_view<60xf4E2M1FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), padding_value = neg_zero, tensor_view<60xf4E2M1FN, strides=[1]>>
    %x, %t = load_view_tko weak %pv[%i] : partition_view<tile=(8), padding_value = neg_zero, tensor_view<60xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<8xf4E2M1FN>, token
    %t2 = store_view_tko weak %x, %pv[%i] token = %t : tile<8xf4E2M1FN>, partition_view<tile=(8), padding_value = neg_zero, tensor_view<60xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    return
  }
}
