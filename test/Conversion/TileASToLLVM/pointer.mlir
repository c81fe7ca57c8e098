// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | tilecc -arch=sm_80 --emit=ptx - -o %t.ptx
// RUN: tilecc-ptxemu %t.ptx --grid 2 --block 128 --buf x:f32:300:iota --buf y:f32:300:zero --arg buf:x --arg buf:y --arg i32:300 --print y | FileCheck %s --check-prefix=EMU

// y[i] = 2 * x[i] through tiles of pointers: make_range gives each register
// its element index, addptr offsets splatted base pointers, and the masked
// pointer load/store are predicated per register (256 elements over 128
// threads: two registers each).
// CHECK-LABEL: llvm.func @scale
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: %[[I0:.*]] = llvm.trunc %{{.*}} : i64 to i32
// CHECK: %[[I1:.*]] = llvm.trunc %{{.*}} : i64 to i32
// CHECK: llvm.icmp "slt" %{{.*}}, %{{.*}} : i32
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-COUNT-2: "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [$1];", "=&r,l,b,r,~{memory}"
// CHECK-COUNT-2: llvm.fmul
// CHECK-COUNT-2: "@$2 st.global.b32 [$0], $1;", "l,r,b"
// EMU: y: 0 2 4 6 8 10
// EMU-SAME: 594 596 598{{$}}
nv_tileaa.func @scale(%x: !nv_tileaa.ptr<f32, 1>, %y: !nv_tileaa.ptr<f32, 1>, %n: i32) {
  %bid = gpu.block_id x
  %b = arith.index_cast %bid : index to i32
  %c256 = arith.constant 256 : i32
  %start = arith.muli %b, %c256 : i32
  %starts = tensor.splat %start : tensor<256xi32>
  %range = nv_tileas.make_range 0 to 256 : tensor<256xi32>
  %idx = arith.addi %range, %starts : tensor<256xi32>
  %ns = tensor.splat %n : tensor<256xi32>
  %m = arith.cmpi slt, %idx, %ns : tensor<256xi32>
  %xs = tensor.splat %x : tensor<256x!nv_tileaa.ptr<f32, 1>>
  %px = nv_tileas.addptr %xs, %idx : tensor<256x!nv_tileaa.ptr<f32, 1>>, tensor<256xi32> -> tensor<256x!nv_tileaa.ptr<f32, 1>>
  %v = nv_tileas.load %px mask(%m : tensor<256xi1>) {atom = #nv_tileas.copy_atom<ldg, 32>} : tensor<256x!nv_tileaa.ptr<f32, 1>> -> tensor<256xf32>
  %two = arith.constant dense<2.0> : tensor<256xf32>
  %w = arith.mulf %v, %two : tensor<256xf32>
  %ys = tensor.splat %y : tensor<256x!nv_tileaa.ptr<f32, 1>>
  %py = nv_tileas.addptr %ys, %idx : tensor<256x!nv_tileaa.ptr<f32, 1>>, tensor<256xi32> -> tensor<256x!nv_tileaa.ptr<f32, 1>>
  nv_tileas.store %w, %py mask(%m : tensor<256xi1>) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<256xf32>, tensor<256x!nv_tileaa.ptr<f32, 1>>
  nv_tileaa.return
}
