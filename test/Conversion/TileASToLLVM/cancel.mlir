// Program cancellation lowers to cluster launch control on sm_100+ and is a
// located error on older targets.
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_120a --convert-tileas-to-llvm="arch=sm_120a" %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90 --convert-tileas-to-llvm="arch=sm_90" %s -verify-diagnostics -o /dev/null

// CHECK: llvm.mlir.global internal @tilecc_cancel_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<24 x i8>
// CHECK-LABEL: llvm.func internal @cancel
// CHECK: nvvm.barrier0
// CHECK: mbarrier.init.shared::cta.b64
// The other threads wait on the mbarrier only after a barrier behind its init.
// CHECK-NOT: mbarrier.try_wait
// CHECK: nvvm.barrier0
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64
// CHECK-SAME: clusterlaunchcontrol.try_cancel
// CHECK: mbarrier.try_wait.parity
// CHECK: %[[R:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> i128
// CHECK: nvvm.barrier0
// CHECK: mbarrier.inval.shared::cta.b64
// CHECK: nvvm.clusterlaunchcontrol.query.cancel query ={{ +}}is_canceled, %[[R]] : i1
// CHECK: nvvm.clusterlaunchcontrol.query.cancel query ={{ +}}get_first_cta_id_y, %[[R]] : i32
module {
  nv_tileaa.func private @cancel() -> i32 {
    // expected-error @+2 {{failed to legalize operation 'nv_tileas.cancel_next_program'}}
    // expected-error @+1 {{'nv_tileas.cancel_next_program' op needs cluster launch control (sm_100 or newer), the target is sm_90}}
    %r = nv_tileas.cancel_next_program : i128
    %ok = nv_tileas.program_is_canceled %r
    %y = nv_tileas.canceled_program_id %r dim 1
    %none = arith.constant -1 : i32
    %id = arith.select %ok, %y, %none : i32
    nv_tileaa.return %id : i32
  }
}
