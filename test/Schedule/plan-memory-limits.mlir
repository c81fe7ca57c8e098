// Past the static shared-memory limit (48 KiB on sm_80, sm_86 and the family
// targets) the plan moves to dynamic shared memory: every buffer at an
// offset in declaration order, each at its alignment, and the bytes the
// launch passes. Arch-specific targets keep it static up to the budget.
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_80 %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100f %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90a %s | FileCheck %s --check-prefix=STATIC

// CHECK: module attributes {nv_tileas.memory_plan = {alignment = 128 : i64, buffers = [], dynamic = true, dynamic_bytes = 65552 : i64, shared_bytes = 65552 : i64}}
// CHECK: nv_tileas.global @ring {{.*}}nv_tileas.shared = {bytes = 65536 : i64, offset = 0 : i64}
// CHECK: nv_tileas.global @flag {{.*}}nv_tileas.shared = {bytes = 16 : i64, offset = 65536 : i64}
// STATIC: module attributes {nv_tileas.memory_plan = {buffers = [], dynamic = false, shared_bytes = 65552 : i64}}
module {
  nv_tileas.global @ring : tensor<32768xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileas.global @flag : tensor<4xi32> {address_space = 3 : i32, alignment = 16 : i64}
  nv_tileaa.func @kernel() {
    nv_tileaa.return
  }
}
