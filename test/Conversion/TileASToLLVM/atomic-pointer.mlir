// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

// Pointer atomics: ordering and scope become `.sem.scope`; an unused old
// value makes a `red` where the ordering has no acquire side; masked-off
// elements keep the operand (rmw) or the compared value (cas).
// CHECK-LABEL: llvm.func @orderings
// CHECK: "mov.b32 $0, $3;\0A\09atom.acquire.cta.global.add.u32 $0, [$1], $2;", "=&r,l,r,r"
// CHECK: "red.release.sys.global.or.b32 [$0], $1;", "l,r"
// CHECK: "mov.b32 $0, $3;\0A\09atom.acq_rel.gpu.global.xor.b32 $0, [$1], $2;"
// CHECK: "mov.b32 $0, $5;\0A\09@$4 atom.relaxed.gpu.global.cas.b32 $0, [$1], $2, $3;", "=&r,l,r,r,b,r"
module attributes {nv_tileas.compute_capability = 80 : i32} {
nv_tileaa.func @orderings(%p: tensor<128x!nv_tileaa.ptr<i32, 1>>, %v: tensor<128xi32>, %m: tensor<128xi1>) {
  %a = nv_tileas.atomic_rmw add, %v, %p {atom = #nv_tileas.copy_atom<red_global>, mem_semantic = #nv_tileas<mem_semantic acquire>, mem_scope = #nv_tileas<mem_scope tl_blk>} : tensor<128xi32>, tensor<128x!nv_tileaa.ptr<i32, 1>>
  %b = nv_tileas.atomic_rmw or, %v, %p {atom = #nv_tileas.copy_atom<red_global>, mem_semantic = #nv_tileas<mem_semantic release>, mem_scope = #nv_tileas<mem_scope sys>} : tensor<128xi32>, tensor<128x!nv_tileaa.ptr<i32, 1>>
  %c = nv_tileas.atomic_rmw xor, %v, %p {atom = #nv_tileas.copy_atom<red_global>, mem_semantic = #nv_tileas<mem_semantic acq_rel>, mem_scope = #nv_tileas<mem_scope gpu>} : tensor<128xi32>, tensor<128x!nv_tileaa.ptr<i32, 1>>
  %d = nv_tileas.atomic_cas %a, %v, %p mask(%m : tensor<128xi1>) {atom = #nv_tileas.copy_atom<red_global>, mem_semantic = #nv_tileas<mem_semantic relaxed>, mem_scope = #nv_tileas<mem_scope gpu>} : tensor<128xi32>, tensor<128x!nv_tileaa.ptr<i32, 1>>
  nv_tileas.store %d, %p {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<128xi32>, tensor<128x!nv_tileaa.ptr<i32, 1>>
  nv_tileaa.return
}
}

// -----

// A scalar atomic: thread 0 issues it; its old value reaches every thread
// through the shared scratch buffer.
// CHECK: llvm.mlir.global internal @tilecc_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4 x i8>
// CHECK-LABEL: llvm.func @scalar
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq"
// CHECK: atom.relaxed.gpu.global.add.u32 {{.*}} %[[OWNER]]
// CHECK: nvvm.barrier0
// CHECK: "@$2 st.shared.b32 [$0], $1;"
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i32
module attributes {nv_tileas.compute_capability = 80 : i32} {
nv_tileaa.func @scalar(%p: !nv_tileaa.ptr<i32, 1>, %v: i32) {
  %a = nv_tileas.atomic_rmw add, %v, %p {atom = #nv_tileas.copy_atom<red_global>, mem_semantic = #nv_tileas<mem_semantic relaxed>, mem_scope = #nv_tileas<mem_scope gpu>} : i32, !nv_tileaa.ptr<i32, 1>
  nv_tileas.store %a, %p {atom = #nv_tileas.copy_atom<stg, 32>} : i32, !nv_tileaa.ptr<i32, 1>
  nv_tileaa.return
}
}

// -----

// bf16 adds: native from sm_90, a 16-bit CAS loop before.
// CHECK-LABEL: llvm.func @bf16_sm80
// CHECK: fma.rn.bf16 %tcc_y, %tcc_x, %tcc_one, $2;
// CHECK-SAME: atom.relaxed.gpu.global.cas.b16 $0, [$1], %tcc_x, %tcc_y;
module attributes {nv_tileas.compute_capability = 80 : i32} {
nv_tileaa.func @bf16_sm80(%p: tensor<128x!nv_tileaa.ptr<bf16, 1>>, %v: tensor<128xbf16>) {
  %a = nv_tileas.atomic_rmw addf, %v, %p {atom = #nv_tileas.copy_atom<red_global>, mem_semantic = #nv_tileas<mem_semantic relaxed>, mem_scope = #nv_tileas<mem_scope gpu>} : tensor<128xbf16>, tensor<128x!nv_tileaa.ptr<bf16, 1>>
  nv_tileaa.return
}
}

// -----

// CHECK-LABEL: llvm.func @bf16_sm90
// CHECK: "red.relaxed.gpu.global.add.noftz.bf16 [$0], $1;", "l,h"
module attributes {nv_tileas.compute_capability = 90 : i32} {
nv_tileaa.func @bf16_sm90(%p: tensor<128x!nv_tileaa.ptr<bf16, 1>>, %v: tensor<128xbf16>) {
  %a = nv_tileas.atomic_rmw addf, %v, %p {atom = #nv_tileas.copy_atom<red_global>, mem_semantic = #nv_tileas<mem_semantic relaxed>, mem_scope = #nv_tileas<mem_scope gpu>} : tensor<128xbf16>, tensor<128x!nv_tileaa.ptr<bf16, 1>>
  nv_tileaa.return
}
}

// -----

module attributes {nv_tileas.compute_capability = 80 : i32} {
nv_tileaa.func @float_max(%p: tensor<128x!nv_tileaa.ptr<f32, 1>>, %v: tensor<128xf32>) {
  // expected-error @+2 {{atomic 'max' on 'f32' is not supported on sm_80}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.atomic_rmw'}}
  %a = nv_tileas.atomic_rmw max, %v, %p {atom = #nv_tileas.copy_atom<red_global>} : tensor<128xf32>, tensor<128x!nv_tileaa.ptr<f32, 1>>
  nv_tileaa.return
}
}
