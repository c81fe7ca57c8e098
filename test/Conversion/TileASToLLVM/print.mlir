// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | tilecc -arch=sm_80 --emit=ptx - -o %t.ptx
// RUN: tilecc-ptxemu %t.ptx --grid 1 --block 128 --buf x:f32:128:iota --arg buf:x --arg i32:7 | FileCheck %s --check-prefix=EMU

// nv_tileaa.print: thread 0 prints once per block through vprintf; tile
// arguments are staged in the shared scratch buffer and the format is applied
// once per element in row-major order, scalars repeated; floats are passed
// as double, narrow integers as i32.
// CHECK: llvm.mlir.global internal constant @tilecc_printf_format_{{.*}}("x[%d] = %.1f (n=%d)\0A\00")
// CHECK: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK: llvm.mlir.global internal @tilecc_scratch
// CHECK-LABEL: llvm.func @print
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.icmp "eq"
// CHECK: llvm.cond_br
// CHECK: llvm.fpext {{.*}} : f32 to f64
// CHECK: llvm.call @vprintf
// EMU: x[0] = 0.0 (n=7)
// EMU-NEXT: x[1] = 1.0 (n=7)
// EMU-NEXT: x[2] = 2.0 (n=7)
// EMU: x[127] = 127.0 (n=7)
// EMU-NOT: x[
nv_tileaa.func @print(%x: !nv_tileaa.ptr<f32, 1>, %n: i32) {
  %range = nv_tileas.make_range 0 to 128 : tensor<128xi32>
  %xs = tensor.splat %x : tensor<128x!nv_tileaa.ptr<f32, 1>>
  %px = nv_tileas.addptr %xs, %range : tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
  %v = nv_tileas.load %px {atom = #nv_tileas.copy_atom<ldg, 32>} : tensor<128x!nv_tileaa.ptr<f32, 1>> -> tensor<128xf32>
  nv_tileaa.print "x[%d] = %.1f (n=%d)\n", %range, %v, %n : tensor<128xi32>, tensor<128xf32>, i32
  nv_tileaa.return
}
