// ptxas accepts static shared memory up to 48 KiB for portable targets and
// up to the whole per-block budget for arch-specific ones (sm_90a, sm_100a:
// 227 KiB; sm_120a: 99 KiB), so the limit follows the codegen target.
// RUN: tilecc-opt --convert-tileas-to-llvm=arch=sm_100 -split-input-file %s | FileCheck %s
// RUN: tilecc-opt --convert-tileas-to-llvm=arch=sm_90a -split-input-file %s | FileCheck %s
// RUN: not tilecc-opt --convert-tileas-to-llvm=arch=sm_80 -split-input-file %s 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not tilecc-opt --convert-tileas-to-llvm=arch=sm_100f -split-input-file %s 2>&1 | FileCheck %s --check-prefix=SM100F
// RUN: not tilecc-opt --convert-tileas-to-llvm=arch=sm_120 -split-input-file %s 2>&1 | FileCheck %s --check-prefix=SM120

// CHECK: llvm.mlir.global {{.*}}@ring
// SM80: error: kernel uses too much shared data (0x10000 bytes, 0xc000 max): it needs 65536 bytes of static shared memory (0 for staging tiles here, 65536 for shared buffers), more than the 49152 of sm_80
// SM100F: more than the 49152 of sm_100f
module {
  nv_tileas.global @ring : tensor<32768xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @big_ring() {
    nv_tileaa.return
  }
}

// -----

// SM120: error: kernel uses too much shared data (0x38000 bytes, 0x18c00 max): it needs 229376 bytes of static shared memory (0 for staging tiles here, 229376 for shared buffers), more than the 101376 of sm_120
module {
  nv_tileas.global @huge : tensor<114688xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @huge_ring() {
    nv_tileaa.return
  }
}
