// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s -o %t.llvm.mlir
// RUN: FileCheck %s --input-file=%t.llvm.mlir
// RUN: tilecc -arch=sm_80 --emit=ptx %t.llvm.mlir -o %t.ptx
// RUN: tilecc-ptxemu %t.ptx --grid 1 --block 32 --buf a:f32:1:zero --buf o:f32:1:zero --arg buf:a --arg buf:o --arg f32:1.5 --print a --print o | FileCheck %s --check-prefix=EMU

// A call of a device function is an llvm.call of its internal llvm.func.
// CHECK: llvm.func internal @scale(%{{.*}}: !llvm.ptr<1>, %{{.*}}: f32, %{{.*}}: i32) -> f32
// CHECK: llvm.func internal @noop()
// CHECK-LABEL: llvm.func @kern(
// CHECK: %[[Y:.*]] = llvm.call @scale(%arg0, %arg2, %{{.*}}) : (!llvm.ptr<1>, f32, i32) -> f32
// CHECK: llvm.call @noop() : () -> ()
// CHECK: llvm.fadd %[[Y]], %[[Y]]
// EMU: a: 4.5
// EMU: o: 9
module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func private @scale(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: f32, %arg2: i32) -> f32 {
    %0 = arith.sitofp %arg2 : i32 to f32
    %1 = arith.mulf %arg1, %0 : f32
    %2 = nv_tileas.create_token : !nv_tileas.mem_token
    %3 = nv_tileas.store %1, %arg0 token(%2) {atom = #nv_tileas.copy_atom<stg, 32>} : f32, !nv_tileaa.ptr<f32, 1> -> !nv_tileas.mem_token
    nv_tileaa.return %1 : f32
  }
  nv_tileaa.func private @noop() {
    nv_tileaa.return
  }
  nv_tileaa.func @kern(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: f32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
    %c3_i32 = arith.constant 3 : i32
    %0 = nv_tileaa.call @scale(%arg0, %arg2, %c3_i32) : (!nv_tileaa.ptr<f32, 1>, f32, i32) -> f32
    nv_tileaa.call @noop() : () -> ()
    %1 = nv_tileas.create_token : !nv_tileas.mem_token
    %2 = arith.addf %0, %0 : f32
    %3 = nv_tileas.store %2, %arg1 token(%1) {atom = #nv_tileas.copy_atom<stg, 32>} : f32, !nv_tileaa.ptr<f32, 1> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
