// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s -o %t.llvm.mlir
// RUN: FileCheck %s --input-file=%t.llvm.mlir
// RUN: tilecc -arch=sm_80 --emit=ptx %t.llvm.mlir -o %t.sm_80.ptx
// RUN: tilecc-ptxemu %t.sm_80.ptx --grid 1 --block 128 --buf x:f32:256:iota --buf a:f32:256:zero --buf b:f32:256:zero --buf c:i32:256:zero --buf d:f32:256:zero --arg buf:x --arg buf:a --arg buf:b --arg buf:c --arg buf:d --arg f32:3.5 --print a --print b --print c --print d | FileCheck %s --check-prefix=EMU

// The escape hatches run once per register (two per thread here), a scalar
// operand going to every instance: extern_elementwise is a call of the
// declared external (libdevice's fmaxf, linked at translation),
// elementwise_inline_asm an inline asm (side-effecting without `pure`; two
// results come back as a struct), call_elementwise_intrinsic the intrinsic.
// CHECK: llvm.func @__nv_fmaxf(f32, f32) -> f32
// CHECK-LABEL: llvm.func @escape(
// CHECK-SAME: %[[S:arg5]]: f32)
// CHECK: llvm.call @__nv_fmaxf(%{{.*}}, %[[S]]) : (f32, f32) -> f32
// CHECK: llvm.call @__nv_fmaxf(%{{.*}}, %[[S]]) : (f32, f32) -> f32
// CHECK: %[[ASM0:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "add.f32 $0, $2, $2; cvt.rzi.s32.f32 $1, $2;", "=f,=r,f" %{{.*}} : (f32) -> !llvm.struct<(f32, i32)>
// CHECK: llvm.extractvalue %[[ASM0]][0] : !llvm.struct<(f32, i32)>
// CHECK: llvm.extractvalue %[[ASM0]][1] : !llvm.struct<(f32, i32)>
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "add.f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.f"(%{{.*}}, %[[S]]) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.f"(%{{.*}}, %[[S]]) : (f32, f32) -> f32
// EMU: {{^}}a: 3.5 3.5 3.5 3.5 4 5 6 7 8
// EMU-SAME: 254 255{{$}}
// EMU: {{^}}b: 0 2 4 6 8
// EMU-SAME: 508 510{{$}}
// EMU: {{^}}c: 0 1 2 3 4
// EMU-SAME: 254 255{{$}}
// EMU: {{^}}d: 0 1 2 3 3.5 3.5
// EMU-SAME: 3.5 3.5{{$}}
module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @escape(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: !nv_tileaa.ptr<f32, 1>, %arg3: !nv_tileaa.ptr<i32, 1>, %arg4: !nv_tileaa.ptr<f32, 1>, %arg5: f32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %0 = nv_tileas.create_token : !nv_tileas.mem_token
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %c128 = arith.constant 256 : index
    %c1 = arith.constant 1 : index
    %c0_1 = arith.constant 0 : index
    %c128_2 = arith.constant 256 : index
    %c1_3 = arith.constant 1 : index
    %c0_4 = arith.constant 0 : index
    %c128_5 = arith.constant 256 : index
    %c1_6 = arith.constant 1 : index
    %c0_7 = arith.constant 0 : index
    %c128_8 = arith.constant 256 : index
    %c1_9 = arith.constant 1 : index
    %c0_10 = arith.constant 0 : index
    %c128_11 = arith.constant 256 : index
    %c1_12 = arith.constant 1 : index
    %1 = nv_tileas.make_tiled_view %arg0[%c0_0] sizes(%c128) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<256xf32>
    %result, %result_token = nv_tileas.tiled_load %1[%c0] token(%0) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<256xf32> -> tensor<256xf32>, !nv_tileas.mem_token
    %2 = nv_tileas.extern_elementwise "__nv_fmaxf"(%result, %arg5) {libname = "libdevice", pure} : (tensor<256xf32>, f32) -> tensor<256xf32>
    %3:2 = nv_tileas.elementwise_inline_asm "add.f32 $0, $2, $2; cvt.rzi.s32.f32 $1, $2;", "=f,=r,f"(%result) : (tensor<256xf32>) -> (tensor<256xf32>, tensor<256xi32>)
    %4 = nv_tileas.call_elementwise_intrinsic "llvm.nvvm.fmin.f"(%result, %arg5) : (tensor<256xf32>, f32) -> tensor<256xf32>
    %5 = nv_tileas.make_tiled_view %arg1[%c0_1] sizes(%c128_2) strides(%c1_3) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<256xf32>
    %6 = nv_tileas.tiled_store %2, %5[%c0] token(%result_token) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<256xf32>, !nv_tileas.tiled_view<256xf32> -> !nv_tileas.mem_token
    %7 = nv_tileas.make_tiled_view %arg2[%c0_4] sizes(%c128_5) strides(%c1_6) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<256xf32>
    %8 = nv_tileas.tiled_store %3#0, %7[%c0] token(%result_token) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<256xf32>, !nv_tileas.tiled_view<256xf32> -> !nv_tileas.mem_token
    %9 = nv_tileas.make_tiled_view %arg3[%c0_7] sizes(%c128_8) strides(%c1_9) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<256xi32>
    %10 = nv_tileas.tiled_store %3#1, %9[%c0] token(%result_token) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<256xi32>, !nv_tileas.tiled_view<256xi32> -> !nv_tileas.mem_token
    %11 = nv_tileas.make_tiled_view %arg4[%c0_10] sizes(%c128_11) strides(%c1_12) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<256xf32>
    %12 = nv_tileas.tiled_store %4, %11[%c0] token(%result_token) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<256xf32>, !nv_tileas.tiled_view<256xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

