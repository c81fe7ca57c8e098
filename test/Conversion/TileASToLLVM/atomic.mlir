// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

// tiled_atomic_rmw modes, orderings and the cases it refuses.
// CHECK-LABEL: llvm.func @rmw_modes
// CHECK: atom.acq_rel.gpu.global.max.s32
// CHECK: atom.global.exch.b64
nv_tileaa.func @rmw_modes(%p: !nv_tileaa.ptr<i32, 1>, %q: !nv_tileaa.ptr<i64, 1>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %vp = nv_tileas.make_tiled_view %p[%c0] sizes(%n) strides(%c1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<128xi32>
  %vq = nv_tileas.make_tiled_view %q[%c0] sizes(%n) strides(%c1) : !nv_tileaa.ptr<i64, 1> -> !nv_tileas.tiled_view<128xi64>
  %a = arith.constant dense<7> : tensor<128xi32>
  %b = arith.constant dense<9> : tensor<128xi64>
  %o1 = nv_tileas.tiled_atomic_rmw max, %a, %vp[%c0] {atom = #nv_tileas.copy_atom<red_global>, mem_semantic = #nv_tileas<mem_semantic acq_rel>, mem_scope = #nv_tileas<mem_scope gpu>} : tensor<128xi32>, !nv_tileas.tiled_view<128xi32> -> tensor<128xi32>
  %o2 = nv_tileas.tiled_atomic_rmw xchg, %b, %vq[%c0] {atom = #nv_tileas.copy_atom<red_global>} : tensor<128xi64>, !nv_tileas.tiled_view<128xi64> -> tensor<128xi64>
  nv_tileaa.return
}

// -----

nv_tileaa.func @float_min(%p: !nv_tileaa.ptr<f32, 1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %vp = nv_tileas.make_tiled_view %p[%c0] sizes(%c128) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128xf32>
  %a = arith.constant dense<1.0> : tensor<128xf32>
  // expected-error @+2 {{atomic 'min' on 'f32' is not supported on sm_80}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.tiled_atomic_rmw'}}
  %o = nv_tileas.tiled_atomic_rmw min, %a, %vp[%c0] {atom = #nv_tileas.copy_atom<red_global>} : tensor<128xf32>, !nv_tileas.tiled_view<128xf32> -> tensor<128xf32>
  nv_tileaa.return
}

// -----

// Sixteen elements over 128 threads: only the owner of each element (lanes
// 0-15 of warp 0) updates it, under the owner predicate.
// CHECK-LABEL: llvm.func @duplicates
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq"
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.inline_asm {{.*}}"@$2 red.global.add.u32 [$0], $1;", "l,r,b" %{{.*}}, %{{.*}}, %[[OWNER]]
nv_tileaa.func @duplicates(%p: !nv_tileaa.ptr<i32, 1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %vp = nv_tileas.make_tiled_view %p[%c0] sizes(%c16) strides(%c1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<16xi32>
  %a = arith.constant dense<1> : tensor<16xi32>
  %o = nv_tileas.tiled_atomic_rmw add, %a, %vp[%c0] {atom = #nv_tileas.copy_atom<red_global>} : tensor<16xi32>, !nv_tileas.tiled_view<16xi32> -> tensor<16xi32>
  nv_tileaa.return
}
