// RUN: tilecc-opt --tileas-assign-layouts --split-input-file --verify-diagnostics %s | FileCheck %s

// Loads and stores with 128-bit copy atoms anchor a blocked layout with four
// consecutive f32 per thread; the add, the padding tiles and the stored value
// share it, so no conversion is needed.
// CHECK-LABEL: nv_tileaa.func @wide
// CHECK-SAME: nv_tileas.num_warps = 4 : i32
// CHECK: %[[PAD:.*]] = arith.constant dense<0.000000e+00> : tensor<1024xf32, #nv_tileas.linear<{register = [(1), (2), (512)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 1024}>>
// CHECK: %[[X:.*]] = nv_tileas.tiled_load {{.*}} other(%[[PAD]] : {{.*}}) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32, #nv_tileas.linear<{register = [(1), (2), (512)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 1024}>>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %{{.*}} : tensor<1024xf32, #nv_tileas.linear<{register = [(1), (2), (512)]
// CHECK-NOT: convert_layout
// CHECK: nv_tileas.tiled_store %[[S]]
module {
  nv_tileaa.func @wide(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>, %c: !nv_tileaa.ptr<f32, 1>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%n) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%n) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %vc = nv_tileas.make_tiled_view %c[%c0] sizes(%n) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %pad = arith.constant dense<0.0> : tensor<1024xf32>
    %x = nv_tileas.tiled_load %va[%c0] other(%pad : tensor<1024xf32>) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32>
    %y = nv_tileas.tiled_load %vb[%c0] other(%pad : tensor<1024xf32>) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32>
    %s = arith.addf %x, %y : tensor<1024xf32>
    nv_tileas.tiled_store %s, %vc[%c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<1024xf32>, !nv_tileas.tiled_view<1024xf32>
    nv_tileaa.return
  }
}

// -----

// Two loads of different widths meet in one add: the class takes the wider
// layout and only the narrow load gets a convert_layout (its padding tile is
// re-created in its own layout instead of being converted). 8 warps come from
// the kernel spec.
// CHECK-LABEL: nv_tileaa.func @mixed
// CHECK-SAME: nv_tileas.num_warps = 8 : i32
// CHECK: %[[NPAD:.*]] = arith.constant dense<0.000000e+00> : tensor<256x64xf16, #nv_tileas.linear<{register = [(0, 1), (8, 0), (16, 0), (32, 0), (64, 0), (128, 0)], lane = [(0, 2), (0, 4), (0, 8), (0, 16), (0, 32)], warp = [(1, 0), (2, 0), (4, 0)]} -> {dim0 = 256, dim1 = 64}>>
// CHECK: %[[NARROW:.*]] = nv_tileas.tiled_load {{.*}} other(%[[NPAD]] : {{.*}}) {atom = #nv_tileas.copy_atom<ldg, 32>}
// CHECK: %[[CVT:.*]] = nv_tileas.convert_layout %[[NARROW]] : tensor<256x64xf16, #nv_tileas.linear<{register = [(0, 1), (8, 0)
// CHECK-SAME: -> tensor<256x64xf16, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (32, 0), (64, 0), (128, 0)], lane = [(0, 8), (0, 16), (0, 32), (1, 0), (2, 0)], warp = [(4, 0), (8, 0), (16, 0)]} -> {dim0 = 256, dim1 = 64}>>
// CHECK: %[[WIDE:.*]] = nv_tileas.tiled_load {{.*}} {atom = #nv_tileas.copy_atom<ldg, 128>}
// CHECK: arith.mulf %[[CVT]], %[[WIDE]]
// CHECK-NOT: convert_layout
// CHECK: nv_tileas.tiled_store
module {
  nv_tileaa.func @mixed(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c256, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<256x64xf16>
    %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%c256, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<256x64xf16>
    %pad = arith.constant dense<0.0> : tensor<256x64xf16>
    %x = nv_tileas.tiled_load %va[%c0, %c0] other(%pad : tensor<256x64xf16>) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<256x64xf16> -> tensor<256x64xf16>
    %y = nv_tileas.tiled_load %vb[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<256x64xf16> -> tensor<256x64xf16>
    %p = arith.mulf %x, %y : tensor<256x64xf16>
    nv_tileas.tiled_store %p, %vb[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<256x64xf16>, !nv_tileas.tiled_view<256x64xf16>
    nv_tileaa.return
  }
}

// -----

// A tile carried by scf.for: init, iteration argument, yield and result share
// the load's layout; the splat feeding the loop body adopts it too.
// CHECK-LABEL: nv_tileaa.func @loop
// CHECK: %[[L:.*]] = nv_tileas.tiled_load {{.*}} -> tensor<128xi32, #nv_tileas.linear<{register = [(1)], lane = [(2), (4), (8), (16), (32)], warp = [(64), (0)]} -> {dim0 = 128}>>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[L]]) -> (tensor<128xi32, #nv_tileas.linear<{register = [(1)], lane = [(2), (4), (8), (16), (32)], warp = [(64), (0)]} -> {dim0 = 128}>>)
// CHECK: tensor.splat {{.*}} : tensor<128xi32, #nv_tileas.linear<{register = [(1)], lane = [(2), (4), (8), (16), (32)], warp = [(64), (0)]} -> {dim0 = 128}>>
// CHECK: scf.yield {{.*}} : tensor<128xi32, #nv_tileas.linear<{register = [(1)]
// CHECK-NOT: convert_layout
// CHECK: nv_tileas.tiled_store %[[R]]
module {
  nv_tileaa.func @loop(%a: !nv_tileaa.ptr<i32, 1>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c128) strides(%c1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<128xi32>
    %x = nv_tileas.tiled_load %va[%c0] {atom = #nv_tileas.copy_atom<ldg, 64>} : !nv_tileas.tiled_view<128xi32> -> tensor<128xi32>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<128xi32>) {
      %s = tensor.splat %k : tensor<128xi32>
      %n = arith.addi %acc, %s : tensor<128xi32>
      scf.yield %n : tensor<128xi32>
    }
    nv_tileas.tiled_store %r, %va[%c0] {atom = #nv_tileas.copy_atom<stg, 64>} : tensor<128xi32>, !nv_tileas.tiled_view<128xi32>
    nv_tileaa.return
  }
}

// -----

// A value whose layout gives narrower stores than the store's atom allows is
// converted before the store.
// CHECK-LABEL: nv_tileaa.func @store_wider
// CHECK: %[[V:.*]] = nv_tileas.tiled_load {{.*}} {atom = #nv_tileas.copy_atom<ldg, 32>} {{.*}} -> tensor<512xf32, #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>>
// CHECK: %[[C:.*]] = nv_tileas.convert_layout %[[V]] {{.*}} -> tensor<512xf32, #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>>
// CHECK: nv_tileas.tiled_store %[[C]]
module {
  nv_tileaa.func @store_wider(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c512 = arith.constant 512 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c512) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<512xf32>
    %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%c512) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<512xf32>
    %x = nv_tileas.tiled_load %va[%c0] {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<512xf32> -> tensor<512xf32>
    nv_tileas.tiled_store %x, %vb[%c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<512xf32>, !nv_tileas.tiled_view<512xf32>
    nv_tileaa.return
  }
}

// -----

// A tile argument (device function) takes its class's layout, and the
// function type follows.
// CHECK-LABEL: nv_tileaa.func private @device(%arg0: tensor<512xf32, #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>>, %arg1: !nv_tileaa.ptr<f32, 1>)
module {
  nv_tileaa.func private @device(%x: tensor<512xf32>, %b: !nv_tileaa.ptr<f32, 1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c512 = arith.constant 512 : index
    %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%c512) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<512xf32>
    nv_tileas.tiled_store %x, %vb[%c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<512xf32>, !nv_tileas.tiled_view<512xf32>
    nv_tileaa.return
  }
}

// -----

// expected-error @+1 {{fails to assign layout: 3 warps per CTA is not a power of two}}
nv_tileaa.func @bad_warps() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 3>} {
  nv_tileaa.return
}

// -----

// A broadcast source that no access constrains follows the result: the
// result layout with the broadcast dimension projected away (no movement).
// CHECK-LABEL: nv_tileaa.func @broadcast
// CHECK: tensor.splat %{{.*}} : tensor<1x64xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2)], lane = [(0, 4), (0, 8), (0, 16), (0, 32), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 64}>>
// CHECK: nv_tileas.broadcast {{.*}} to tensor<64x64xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (16, 0), (32, 0)], lane = [(0, 4), (0, 8), (0, 16), (0, 32), (1, 0)], warp = [(2, 0), (4, 0)]} -> {dim0 = 64, dim1 = 64}>>
// CHECK-NOT: convert_layout
module {
  nv_tileaa.func @broadcast(%a: !nv_tileaa.ptr<f32, 1>, %x: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x64xf32>
    %row = tensor.splat %x : tensor<1x64xf32>
    %b = nv_tileas.broadcast %row : tensor<1x64xf32> to tensor<64x64xf32>
    nv_tileas.tiled_store %b, %va[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x64xf32>, !nv_tileas.tiled_view<64x64xf32>
    nv_tileaa.return
  }
}

// -----

// A reduce result takes the slice of its input's layout along the reduced
// dimension; a result that a store constrains otherwise is converted.
// CHECK-LABEL: nv_tileaa.func @reduce_slice
// CHECK: nv_tileas.reduce %{{.*}} : tensor<64x64xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (16, 0), (32, 0)], lane = [(0, 4), (0, 8), (0, 16), (0, 32), (1, 0)], warp = [(2, 0), (4, 0)]} -> {dim0 = 64, dim1 = 64}>> -> tensor<64xf32, #nv_tileas.linear<{register = [(8), (16), (32)], lane = [(0), (0), (0), (0), (1)], warp = [(2), (4)]} -> {dim0 = 64}>>
// CHECK: arith.addf %{{.*}} : tensor<64xf32, #nv_tileas.linear<{register = [(8), (16), (32)], lane = [(0), (0), (0), (0), (1)], warp = [(2), (4)]} -> {dim0 = 64}>>
// CHECK: %[[S:.*]] = nv_tileas.reduce
// CHECK-SAME: -> tensor<64xf32, #nv_tileas.linear<{register = [(8), (16), (32)], lane = [(0), (0), (0), (0), (1)], warp = [(2), (4)]} -> {dim0 = 64}>>
// CHECK: nv_tileas.convert_layout %[[S]]
// CHECK: nv_tileas.tiled_store
module {
  nv_tileaa.func @reduce_slice(%a: !nv_tileaa.ptr<f32, 1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x64xf32>
    %vb = nv_tileas.make_tiled_view %a[%c0] sizes(%c64) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64xf32>
    %x = nv_tileas.tiled_load %va[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x64xf32> -> tensor<64x64xf32>
    %m = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
    ^bb0(%p: f32, %q: f32):
      %r = arith.maximumf %p, %q : f32
      nv_tileas.yield %r : f32
    }
    %d = arith.addf %m, %m : tensor<64xf32>
    %s = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      nv_tileas.yield %r : f32
    }
    nv_tileas.tiled_store %s, %vb[%c0] {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<64xf32>, !nv_tileas.tiled_view<64xf32>
    nv_tileaa.return
  }
}

// -----

// A scan works in place: its result has its input's layout (here the one the
// 128-bit load anchors), whatever the store would have preferred. The
// operands of a two-operand reduce share one layout as well, so the iota-like
// constant is created in the loaded tile's layout.
// CHECK-LABEL: nv_tileaa.func @scan_in_place
// CHECK: %[[X:.*]] = nv_tileas.tiled_load
// CHECK: %[[S:.*]] = nv_tileas.scan %[[X]] {{.*}} : tensor<64x64xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (16, 0), (32, 0)], lane = [(0, 4), (0, 8), (0, 16), (0, 32), (1, 0)], warp = [(2, 0), (4, 0)]} -> {dim0 = 64, dim1 = 64}>> -> tensor<64x64xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (16, 0), (32, 0)], lane = [(0, 4), (0, 8), (0, 16), (0, 32), (1, 0)], warp = [(2, 0), (4, 0)]} -> {dim0 = 64, dim1 = 64}>>
// CHECK: %[[IDX:.*]] = arith.constant dense<7> : tensor<64x64xi32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (16, 0), (32, 0)]
// CHECK: nv_tileas.reduce %[[S]], %[[IDX]]
module {
  nv_tileaa.func @scan_in_place(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x64xf32>
    %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%c64) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64xf32>
    %x = nv_tileas.tiled_load %va[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x64xf32> -> tensor<64x64xf32>
    %s = nv_tileas.scan %x {atom = #nv_tileas<reduce_atom warp_shfl_up_f32>, axis = 1 : i32} : tensor<64x64xf32> -> tensor<64x64xf32> {
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      nv_tileas.yield %r : f32
    }
    %idx = arith.constant dense<7> : tensor<64x64xi32>
    %m:2 = nv_tileas.reduce %s, %idx {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<64x64xf32>, tensor<64x64xi32> -> tensor<64xf32>, tensor<64xi32> {
    ^bb0(%p: f32, %i: i32, %q: f32, %j: i32):
      %r = arith.maximumf %p, %q : f32
      nv_tileas.yield %r, %i : f32, i32
    }
    nv_tileas.tiled_store %m#0, %vb[%c0] {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<64xf32>, !nv_tileas.tiled_view<64xf32>
    nv_tileaa.return
  }
}

// -----

// A view keeps every element on its thread. The 8-element range gets a
// layout of its own, which read as 8x1 does not match the one its view's
// result takes from the broadcast: the range is converted first, to the
// view result's layout in the range's shape.
// CHECK-LABEL: nv_tileaa.func @view_needs_conversion
// CHECK: %[[R:.*]] = nv_tileas.make_range 0 to 8 : tensor<8xi32, #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (0), (0)], warp = [(0), (0)]} -> {dim0 = 8}>>
// CHECK: %[[C:.*]] = nv_tileas.convert_layout %[[R]] : tensor<8xi32, #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (0), (0)], warp = [(0), (0)]} -> {dim0 = 8}>> -> tensor<8xi32, #nv_tileas.linear<{register = [(1), (2), (4)]
// CHECK: nv_tileas.view %[[C]] : tensor<8xi32, #nv_tileas.linear<{register = [(1), (2), (4)]
module {
  nv_tileaa.func @view_needs_conversion(%a: !nv_tileaa.ptr<i32, 1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c256 = arith.constant 256 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c8, %c256) strides(%c256, %c1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<8x256xi32>
    %r = nv_tileas.make_range 0 to 8 : tensor<8xi32>
    %v = nv_tileas.view %r : tensor<8xi32> to tensor<8x1xi32>
    %b = nv_tileas.broadcast %v : tensor<8x1xi32> to tensor<8x256xi32>
    nv_tileas.tiled_store %b, %va[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<8x256xi32>, !nv_tileas.tiled_view<8x256xi32>
    nv_tileaa.return
  }
}
