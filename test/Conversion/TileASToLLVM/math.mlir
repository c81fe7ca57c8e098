// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | tilecc -arch=sm_80 --emit=llvm - -o - | FileCheck %s --check-prefix=IR
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | tilecc -arch=sm_80 --emit=ptx - -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX
// RUN: sed -e 's/math.sin %a/math.exp %a/' -e 's/%e, %q/%e, %e/' %s > %t.exp.mlir
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %t.exp.mlir | tilecc -arch=sm_80 --emit=ptx - -o %t.exp.ptx
// RUN: tilecc-ptxemu %t.exp.ptx --grid 1 --block 128 --buf x:f32:256:random --buf y:f32:256:zero --arg buf:x --arg buf:y --print x --print y | python3 %S/Inputs/check-unary.py exp 1e-5 | FileCheck %s --check-prefix=EMU

// Transcendental math on tiles: scalarized per register, then libdevice
// calls (NVPTX has no instructions for them), linked into the module at
// translation and internalized. The emulator checks exp against the host
// (it has no shf.l.wrap, which sinf's argument reduction uses).
// CHECK-LABEL: llvm.func @exp_sin
// CHECK-COUNT-2: llvm.call @__nv_expf
// CHECK-COUNT-2: llvm.call @__nv_sinf
// IR-DAG: define internal float @__nv_expf(
// IR-DAG: define internal float @__nv_sinf(
// PTX: .visible .entry exp_sin(
// PTX-NOT: .extern
// EMU: ok: 256 elements
nv_tileaa.func @exp_sin(%x: !nv_tileaa.ptr<f32, 1>, %y: !nv_tileaa.ptr<f32, 1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %vx = nv_tileas.make_tiled_view %x[%c0] sizes(%c256) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<256xf32>
  %vy = nv_tileas.make_tiled_view %y[%c0] sizes(%c256) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<256xf32>
  %a = nv_tileas.tiled_load %vx[%c0] {atom = #nv_tileas.copy_atom<ldg, 64>} : !nv_tileas.tiled_view<256xf32> -> tensor<256xf32>
  %e = math.exp %a : tensor<256xf32>
  %q = math.sin %a : tensor<256xf32>
  %r = arith.addf %e, %q : tensor<256xf32>
  nv_tileas.tiled_store %r, %vy[%c0] {atom = #nv_tileas.copy_atom<stg, 64>} : tensor<256xf32>, !nv_tileas.tiled_view<256xf32>
  nv_tileaa.return
}
