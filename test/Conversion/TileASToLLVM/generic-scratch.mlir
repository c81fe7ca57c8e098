// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s

// alloca's scratch: a shared-memory array whose address is converted to a
// generic pointer; a write through a generic pointer (it may reach the tile
// block's scratch) sits between two CTA barriers, a global one does not.
// CHECK: llvm.mlir.global internal @__alloca_k_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
// CHECK-LABEL: llvm.func @k
// CHECK: %[[S:.*]] = llvm.mlir.addressof @__alloca_k_0 : !llvm.ptr<3>
// CHECK: %[[G:.*]] = llvm.addrspacecast %[[S]] : !llvm.ptr<3> to !llvm.ptr
// CHECK: nvvm.barrier0
// CHECK-NOT: st.global
// CHECK: llvm.inline_asm {{.*}}"st.b32 [$0], $1;", "l,r" %[[G]]
// CHECK-NOT: st.global
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: "st.global.b32 [$0], $1;"
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileas.global @__alloca_k_0 : tensor<4xf32> {address_space = 3 : i32, alignment = 16 : i64}
nv_tileaa.func @k(%g: !nv_tileaa.ptr<f32, 1>) attributes {cute.kernel} {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = nv_tileas.create_token : !nv_tileas.mem_token
  %1 = nv_tileas.get_global @__alloca_k_0 : !nv_tileaa.ptr<f32, 0>
  %2 = nv_tileas.store %cst, %1 token(%0) {atom = #nv_tileas.copy_atom<stg, 32>} : f32, !nv_tileaa.ptr<f32, 0> -> !nv_tileas.mem_token
  %3 = nv_tileas.store %cst, %g token(%2) {atom = #nv_tileas.copy_atom<stg, 32>} : f32, !nv_tileaa.ptr<f32, 1> -> !nv_tileas.mem_token
  nv_tileaa.return
}
