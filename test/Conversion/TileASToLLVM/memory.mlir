// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file %s | FileCheck %s

// Four consecutive f32 per thread and a 128-bit atom: one predicated
// ld.global.v4 per vector. The extent is dynamic, so a vector may be cut by
// the bound: its in-bounds elements are then loaded one by one. Lanes start
// from the padding tile.
#V = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = []} -> {dim0 = 128}>
// CHECK-LABEL: llvm.func @load_ragged
// CHECK: %[[BOX:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK: %[[START:.*]] = llvm.mul %{{.*}}, %[[BOX]] : i64
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.icmp "slt"
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: llvm.inline_asm asm_dialect = att "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=&r,=&r,=&r,=&r,l,b,r,r,r,r,~{memory}" %[[P]], %{{.*}} : (!llvm.ptr<1>, i1, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-4: "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [$1];", "=&r,l,b,r,~{memory}"
// CHECK-NOT: ld.global
nv_tileaa.func @load_ragged(%p: !nv_tileaa.ptr<f32, 1>, %n: index, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = nv_tileas.make_tiled_view %p[%c0] sizes(%n) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128xf32>
  %pad = arith.constant dense<1.0> : tensor<128xf32, #V>
  %x = nv_tileas.tiled_load %v[%i] other(%pad : tensor<128xf32, #V>) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128xf32> -> tensor<128xf32, #V>
  nv_tileaa.return
}

// -----

// A static extent that is a multiple of the box needs no bounds check: the
// access is unpredicated. The atom (64 bits) narrows the vector to two.
#V = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = []} -> {dim0 = 128}>
// CHECK-LABEL: llvm.func @store_static
// CHECK-NOT: llvm.icmp
// CHECK-COUNT-2: "st.global.v2.b32 [$0], {$1, $2};", "l,r,r"
// CHECK-NOT: st.global
nv_tileaa.func @store_static(%p: !nv_tileaa.ptr<f32, 1>, %x: tensor<128xf32, #V>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %v = nv_tileas.make_tiled_view %p[%c0] sizes(%c512) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128xf32>
  nv_tileas.tiled_store %x, %v[%i] {atom = #nv_tileas.copy_atom<stg, 64>} : tensor<128xf32, #V>, !nv_tileas.tiled_view<128xf32>
  nv_tileaa.return
}

// -----

// Sixteen elements over 32 lanes: lanes 16-31 hold duplicates and do not
// store (the owner predicate tests lane bit 4).
#D = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (0)], warp = []} -> {dim0 = 16}>
// CHECK-LABEL: llvm.func @store_duplicates
// CHECK: %[[MASK:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[BITS:.*]] = llvm.and %{{.*}}, %[[MASK]] : i32
// CHECK: %[[OWN:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$2 st.global.b32 [$0], $1;", "l,r,b" %{{.*}}, %{{.*}}, %[[OWN]]
nv_tileaa.func @store_duplicates(%p: !nv_tileaa.ptr<i32, 1>, %x: tensor<16xi32, #D>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %v = nv_tileas.make_tiled_view %p[%c0] sizes(%c16) strides(%c1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<16xi32>
  nv_tileas.tiled_store %x, %v[%c0] {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<16xi32, #D>, !nv_tileas.tiled_view<16xi32>
  nv_tileaa.return
}

// -----

// Eight f16 per thread travel as four 32-bit words; an explicit mask makes
// every vector splittable; acquire ordering at gpu scope is kept; tokens
// vanish.
#H = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = []} -> {dim0 = 16, dim1 = 16}>
// CHECK-LABEL: llvm.func @load_f16_masked
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: "{{.*}}@$5 ld.acquire.gpu.global.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK-COUNT-8: ld.acquire.gpu.global.b16 $0, [$1];", "=&h,l,b,h,~{memory}"
nv_tileaa.func @load_f16_masked(%p: !nv_tileaa.ptr<f16, 1>, %m: tensor<16x16xi1, #H>, %o: tensor<16x16xf16, #H>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %t = nv_tileas.create_token : !nv_tileas.mem_token
  %v = nv_tileas.make_tiled_view %p[%c0] sizes(%c16, %c16) strides(%c16, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<16x16xf16>
  %x, %t2 = nv_tileas.tiled_load %v[%c0, %c0] mask(%m : tensor<16x16xi1, #H>) other(%o : tensor<16x16xf16, #H>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>, mem_semantic = #nv_tileas<mem_semantic acquire>, mem_scope = #nv_tileas<mem_scope gpu>} : !nv_tileas.tiled_view<16x16xf16> -> tensor<16x16xf16, #H>, !nv_tileas.mem_token
  nv_tileaa.return
}

// -----

// Register and thread bits never overlap, so every register's position is
// the thread's position (start of the box plus thread part, computed once)
// plus a constant added last: nothing per register is loop-invariant for
// LLVM to hoist out of a loop around the load (one live register per element
// otherwise).
#C = #nv_tileas.linear<{register = [(256), (512)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64), (128)]} -> {dim0 = 1024}>
// CHECK-LABEL: llvm.func @load_split_coordinates
// CHECK: %[[START:.*]] = llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK: %[[THREAD:.*]] = llvm.zext %{{.*}} : i32 to i64
// CHECK: %[[POS:.*]] = llvm.add %[[START]], %[[THREAD]] : i64
// CHECK: llvm.icmp "slt" %[[POS]], %{{.*}} : i64
// CHECK: %[[C256:.*]] = llvm.mlir.constant(256 : i64) : i64
// CHECK: %[[POS1:.*]] = llvm.add %[[POS]], %[[C256]] : i64
// CHECK: llvm.icmp "slt" %[[POS1]], %{{.*}} : i64
// CHECK: %[[C512:.*]] = llvm.mlir.constant(512 : i64) : i64
// CHECK: llvm.add %[[POS]], %[[C512]] : i64
// CHECK: %[[C768:.*]] = llvm.mlir.constant(768 : i64) : i64
// CHECK: llvm.add %[[POS]], %[[C768]] : i64
// CHECK-COUNT-4: ld.global.b32
nv_tileaa.func @load_split_coordinates(%p: !nv_tileaa.ptr<f32, 1>, %n: index, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = nv_tileas.make_tiled_view %p[%c0] sizes(%n) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
  %pad = arith.constant dense<0.0> : tensor<1024xf32, #C>
  %x = nv_tileas.tiled_load %v[%i] other(%pad : tensor<1024xf32, #C>) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32, #C>
  nv_tileaa.return
}
