// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | tilecc --emit=ptx -arch=sm_80 - -o - | FileCheck %s --check-prefix=PTX

// heap_alloc: thread 0 calls malloc and stores the block's address in a
// shared slot, the CTA meets at a barrier, every thread loads the slot.
// heap_free: a barrier, then thread 0 calls free. malloc and free are the
// PTX system calls (plain external declarations).
// CHECK-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @free(!llvm.ptr)
// CHECK-DAG: llvm.mlir.global internal @__alloca_k_0_slot() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.ptr
// CHECK-LABEL: llvm.func @k
// CHECK: %[[T:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[T]]
// CHECK: llvm.cond_br %[[FIRST]], ^[[ALLOC:.*]], ^[[JOIN:[a-z0-9]+]]
// CHECK: ^[[ALLOC]]:
// CHECK: %[[B:.*]] = llvm.call @malloc(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK: llvm.store %[[B]], %{{.*}} : !llvm.ptr, !llvm.ptr<3>
// CHECK: ^[[JOIN]]:
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[P:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> !llvm.ptr
// CHECK: nvvm.barrier0
// CHECK: llvm.cond_br
// CHECK: llvm.call @free(%[[P]]) : (!llvm.ptr) -> ()
// CHECK: llvm.return

// PTX-DAG: .extern .func free
// PTX-DAG: .extern .func {{ *}}(.param .b64 func_retval0) malloc
// PTX: .shared .align 8 .u64 __alloca_k_0_slot;
// PTX: call.uni (retval0), malloc,
// PTX: st.shared.b64 [__alloca_k_0_slot],
// PTX: bar.sync 0;
// PTX: ld.shared.b64 %rd{{[0-9]+}}, [__alloca_k_0_slot];
// PTX: bar.sync 0;
// PTX: call.uni free,
nv_tileaa.func @k(%g: !nv_tileaa.ptr<f32, 1>) attributes {cute.kernel} {
  %0 = nv_tileaa.heap_alloc 256 slot "__alloca_k_0_slot" : !nv_tileaa.ptr<f32, 0>
  nv_tileaa.heap_free %0 : !nv_tileaa.ptr<f32, 0>
  nv_tileaa.return
}
