// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" %S/../../Schedule/pipeline-dot-operands-tcgen05-invariant-a.mlir --split-input-file | FileCheck %s

// A loop-invariant A of a per-dot tcgen05 dot
// (test/Schedule/pipeline-dot-operands-tcgen05-invariant-a.mlir): its slot is
// filled by cp.async once before the loop (wait, fence toward the async
// proxy, barrier; the future_wait is a poison, nothing reads A's registers),
// and the dot in the loop reads the slot through a descriptor of the 128-byte
// swizzled K-major layout (mode 2 at bits 61-63, LBO 16 B, SBO 1024 B) with
// the M = 64 instruction descriptor (M >> 4 = 4 at bits 24-28), the slot
// holding only the tile's 64 rows.
// CHECK-LABEL: llvm.func @invariant_a(
// CHECK-COUNT-4: nvvm.cp.async.shared.global
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: fence.proxy.async.shared::cta
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.mlir.poison
// CHECK: llvm.cond_br
// CHECK-DAG: llvm.mlir.constant(67633168 : i32)
// CHECK-DAG: llvm.mlir.constant(4611756662049538048 : i64)
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<f16>
// CHECK: llvm.return

// The same A read by two dots stays in registers: staged in the no-swizzle
// layout with the padded M = 128 instruction.
// CHECK-LABEL: llvm.func @shared_a(
// CHECK-NOT: 67633168
// CHECK: llvm.mlir.constant(134742032 : i32)
// CHECK-NOT: 67633168
// CHECK: llvm.return
