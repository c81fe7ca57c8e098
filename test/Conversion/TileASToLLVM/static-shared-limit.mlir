// ptxas accepts static shared memory up to 48 KiB for portable targets and
// up to the whole per-block budget for arch-specific ones (sm_90a, sm_100a:
// 227 KiB; sm_120a: 99 KiB), so the limit follows the codegen target; past
// it, portable targets place the buffers in dynamic shared memory
// (dynamic-shared.mlir), and past the budget nothing fits.
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm=arch=sm_100 -split-input-file %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm=arch=sm_90a -split-input-file %s | FileCheck %s
// RUN: not tilecc-opt --tileas-plan-memory=arch=sm_80 --convert-tileas-to-llvm=arch=sm_80 -split-input-file %s 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100f --convert-tileas-to-llvm=arch=sm_100f -split-input-file %s | FileCheck %s --check-prefix=DYN
// RUN: not tilecc-opt --tileas-plan-memory=arch=sm_120 --convert-tileas-to-llvm=arch=sm_120 -split-input-file %s 2>&1 | FileCheck %s --check-prefix=SM120

// CHECK: llvm.mlir.global internal @ring
// CHECK-NOT: tilecc_dynamic_shared
// DYN: llvm.mlir.global external @tilecc_dynamic_shared
// DYN-NOT: @ring
module {
  nv_tileas.global @ring : tensor<32768xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @big_ring() {
    nv_tileaa.return
  }
}

// -----

// SM80: error: kernel uses too much shared data (0x38000 bytes, 0x28c00 max): it needs 229376 bytes of shared memory, more than the 166912 one CTA may use on sm_80
// SM120: error: kernel uses too much shared data (0x38000 bytes, 0x18c00 max): it needs 229376 bytes of shared memory, more than the 101376 one CTA may use on sm_120: 229376 for shared buffer @huge
module {
  nv_tileas.global @huge : tensor<114688xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @huge_ring() {
    nv_tileaa.return
  }
}
