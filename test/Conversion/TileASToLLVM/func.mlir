// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm="num-warps=2" --split-input-file %s 2>/dev/null | FileCheck %s --check-prefix=OPT

// Kernels become nvvm kernels with 32 threads per recorded warp; pointers
// become global pointers; grid queries read %ctaid / %nctaid.
// CHECK-LABEL: llvm.func @kernel(%arg0: !llvm.ptr<1>, %arg1: i32)
// CHECK-SAME: attributes {nvvm.kernel, nvvm.maxntid = array<i32: 256, 1, 1>}
// CHECK: %[[Y:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: llvm.zext %[[Y]] : i32 to i64
// CHECK: %[[N:.*]] = nvvm.read.ptx.sreg.nctaid.z : i32
// CHECK: llvm.zext %[[N]] : i32 to i64
// CHECK: llvm.return
// OPT-LABEL: llvm.func @kernel
// OPT-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
nv_tileaa.func @kernel(%p: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {nv_tileas.num_warps = 8 : i32} {
  %y = gpu.block_id y
  %z = gpu.grid_dim z
  nv_tileaa.return
}

// -----

// Without a recorded warp count the kernel spec decides, then the option.
// CHECK-LABEL: llvm.func @spec()
// CHECK-SAME: nvvm.maxntid = array<i32: 64, 1, 1>
// OPT-LABEL: llvm.func @spec()
// OPT-SAME: nvvm.maxntid = array<i32: 64, 1, 1>
nv_tileaa.func @spec() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @plain()
// CHECK-SAME: nvvm.maxntid = array<i32: 128, 1, 1>
// OPT-LABEL: llvm.func @plain()
// OPT-SAME: nvvm.maxntid = array<i32: 64, 1, 1>
nv_tileaa.func @plain() {
  nv_tileaa.return
}

// -----

// Private functions are device functions: internal, no kernel attributes.
// CHECK-LABEL: llvm.func internal @helper(%arg0: i32) -> i32
// CHECK-NOT: nvvm.kernel
// CHECK: llvm.return %arg0 : i32
nv_tileaa.func private @helper(%x: i32) -> i32 {
  nv_tileaa.return %x : i32
}
