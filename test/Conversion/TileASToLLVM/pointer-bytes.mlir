// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | tilecc -arch=sm_80 --emit=ptx - -o %t.ptx
// RUN: tilecc-ptxemu %t.ptx --grid 1 --block 128 --buf x:i8:200:iota --buf y:i8:256:zero --arg buf:x --arg buf:y --arg i32:100 --print y | FileCheck %s --check-prefix=EMU

// Pointer-tile accesses of one byte per register: PTX moves a lone byte in a
// 16-bit register (ld/st.global.b8 with an "h" operand), with or without a
// mask. y[i] = x[i] + 1 for i < n (masked load, unmasked store: the masked-off
// elements load 0 and store 1), then y[128 + i] = x[i] (unmasked load, masked
// store).
// CHECK-LABEL: llvm.func @bytes
// CHECK: "mov.b16 $0, $3;\0A\09@$2 ld.global.b8 $0, [$1];", "=&h,l,b,h,~{memory}"
// CHECK: llvm.trunc %{{.*}} : i16 to i8
// CHECK: "st.global.b8 [$0], $1;", "l,h"
// CHECK: "mov.b16 $0, $2;\0A\09ld.global.b8 $0, [$1];", "=&h,l,h,~{memory}"
// CHECK: llvm.zext %{{.*}} : i8 to i16
// CHECK: "@$2 st.global.b8 [$0], $1;", "l,h,b"
// EMU: y: 1 2 3
// EMU-SAME: 99 100 1 1 1
// EMU-SAME: 1 1 0 1 2
// EMU-SAME: 98 99 0 0
nv_tileaa.func @bytes(%x: !nv_tileaa.ptr<i8, 1>, %y: !nv_tileaa.ptr<i8, 1>, %n: i32) {
  %range = nv_tileas.make_range 0 to 128 : tensor<128xi32>
  %ns = tensor.splat %n : tensor<128xi32>
  %m = arith.cmpi slt, %range, %ns : tensor<128xi32>
  %xs = tensor.splat %x : tensor<128x!nv_tileaa.ptr<i8, 1>>
  %px = nv_tileas.addptr %xs, %range : tensor<128x!nv_tileaa.ptr<i8, 1>>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<i8, 1>>
  %v = nv_tileas.load %px mask(%m : tensor<128xi1>) {atom = #nv_tileas.copy_atom<ldg, 8>} : tensor<128x!nv_tileaa.ptr<i8, 1>> -> tensor<128xi8>
  %one = arith.constant dense<1> : tensor<128xi8>
  %w = arith.addi %v, %one : tensor<128xi8>
  %ys = tensor.splat %y : tensor<128x!nv_tileaa.ptr<i8, 1>>
  %py = nv_tileas.addptr %ys, %range : tensor<128x!nv_tileaa.ptr<i8, 1>>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<i8, 1>>
  nv_tileas.store %w, %py {atom = #nv_tileas.copy_atom<stg, 8>} : tensor<128xi8>, tensor<128x!nv_tileaa.ptr<i8, 1>>
  %u = nv_tileas.load %px {atom = #nv_tileas.copy_atom<ldg, 8>} : tensor<128x!nv_tileaa.ptr<i8, 1>> -> tensor<128xi8>
  %c128 = arith.constant dense<128> : tensor<128xi32>
  %hi = arith.addi %range, %c128 : tensor<128xi32>
  %ph = nv_tileas.addptr %ys, %hi : tensor<128x!nv_tileaa.ptr<i8, 1>>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<i8, 1>>
  nv_tileas.store %u, %ph mask(%m : tensor<128xi1>) {atom = #nv_tileas.copy_atom<stg, 8>} : tensor<128xi8>, tensor<128x!nv_tileaa.ptr<i8, 1>>
  nv_tileaa.return
}
