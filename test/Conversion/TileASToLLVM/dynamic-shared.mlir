// Shared buffers past what ptxas accepts as static (48 KiB on sm_80, sm_86,
// sm_89 and the family targets) but within the target's per-block budget
// move into one extern dynamic shared array, each at a fixed offset (module
// order, its alignment); every kernel records the bytes its launch must pass.
// Arch-specific targets keep them static up to the budget.
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_80 --convert-tileas-to-llvm=arch=sm_80 %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_86 --convert-tileas-to-llvm=arch=sm_86 %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100f --convert-tileas-to-llvm=arch=sm_100f %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm=arch=sm_90a %s | FileCheck %s --check-prefix=STATIC
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm=arch=sm_100 %s | FileCheck %s --check-prefix=STATIC

// CHECK: llvm.mlir.global external @tilecc_dynamic_shared() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<0 x i8>
// CHECK-NOT: llvm.mlir.global {{.*}}@ring
// CHECK-NOT: llvm.mlir.global {{.*}}@flag
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: passthrough = {{\[\[}}"tilecc-dynamic-shared-bytes", "65552"]]
// CHECK: %[[BASE:.*]] = llvm.mlir.addressof @tilecc_dynamic_shared : !llvm.ptr<3>
// CHECK: %[[BASE2:.*]] = llvm.mlir.addressof @tilecc_dynamic_shared : !llvm.ptr<3>
// CHECK: llvm.getelementptr %[[BASE2]][65536] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-LABEL: llvm.func @other
// CHECK-SAME: passthrough = {{\[\[}}"tilecc-dynamic-shared-bytes", "65552"]]
// STATIC: llvm.mlir.global internal @ring() {addr_space = 3 : i32, alignment = 128 : i64}
// STATIC-NOT: tilecc_dynamic_shared
// STATIC-NOT: passthrough
module {
  nv_tileas.global @ring : tensor<32768xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileas.global @flag : tensor<4xi32> {address_space = 3 : i32, alignment = 16 : i64}
  nv_tileaa.func @kernel() {
    %0 = nv_tileas.get_global @ring : !nv_tileaa.ptr<f16, 3>
    %1 = nv_tileas.get_global @flag : !nv_tileaa.ptr<i32, 3>
    nv_tileaa.return
  }
  nv_tileaa.func @other() {
    nv_tileaa.return
  }
}
