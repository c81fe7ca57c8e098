// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | tilecc -arch=sm_80 --emit=ptx - -o %t.ptx
// RUN: tilecc-ptxemu %t.ptx --grid 2 --block 128 --buf c:f32:512:iota --buf v:f32:512:iota --arg buf:c --arg buf:v --print c | FileCheck %s --check-prefix=EMU

// tiled_atomic_rmw: one atomic per element, each element owned by one
// thread; the old values are unused, so it is a `red`. The extent is a static
// multiple of the box, so no predicate.
// CHECK-LABEL: llvm.func @histogram_add
// CHECK-NOT: llvm.icmp
// CHECK: "red.global.add.f32 [$0], $1;", "l,r"
// Two CTAs add v (0, 1, 2, ...) into c (0, 1, 2, ...) over the same 256 elements.
// EMU: c: 0 3 6 9 12
// EMU-SAME: 765 256 257 258
nv_tileaa.func @histogram_add(%c: !nv_tileaa.ptr<f32, 1>, %v: !nv_tileaa.ptr<f32, 1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %n = arith.constant 256 : index
  %vc = nv_tileas.make_tiled_view %c[%c0] sizes(%n) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<256xf32>
  %vv = nv_tileas.make_tiled_view %v[%c0] sizes(%c256) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<256xf32>
  %x = nv_tileas.tiled_load %vv[%c0] {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<256xf32> -> tensor<256xf32>
  %old = nv_tileas.tiled_atomic_rmw addf, %x, %vc[%c0] {atom = #nv_tileas.copy_atom<red_global>} : tensor<256xf32>, !nv_tileas.tiled_view<256xf32> -> tensor<256xf32>
  nv_tileaa.return
}

