// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s

// cf.assert: where the condition fails, thread 0 prints the message (a `%`
// in it doubled for printf) with the tile block id, the block meets at a
// barrier and traps.
// CHECK: llvm.mlir.global internal constant @tilecc_assert_message_0("tile block (%d, %d, %d): assertion failed: 100%% x > 0\0A\00")
// CHECK-LABEL: llvm.func @check
// CHECK: llvm.cond_br %{{.*}}, ^[[OK:.*]], ^[[FAIL:[a-z0-9]+]]
// CHECK: ^[[FAIL]]:
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.cond_br %{{.*}}, ^[[PRINT:.*]], ^[[TRAP:[a-z0-9]+]]
// CHECK: ^[[PRINT]]:
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: llvm.call @vprintf
// CHECK: ^[[TRAP]]:
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.intr.trap
// CHECK-NEXT: llvm.unreachable
// CHECK: ^[[OK]]:
// CHECK-NEXT: llvm.return
nv_tileaa.func @check(%c: i1) {
  cf.assert %c, "100% x > 0"
  nv_tileaa.return
}
