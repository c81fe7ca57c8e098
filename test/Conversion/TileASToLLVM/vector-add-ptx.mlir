// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s -o %t.llvm.mlir
// RUN: tilecc -arch=sm_80 --emit=ptx %t.llvm.mlir -o %t.sm_80.ptx
// RUN: FileCheck %s --input-file=%t.sm_80.ptx --check-prefixes=PTX,SM80
// RUN: tilecc -arch=sm_100 --emit=ptx %t.llvm.mlir -o %t.sm_100.ptx
// RUN: FileCheck %s --input-file=%t.sm_100.ptx --check-prefixes=PTX,SM100
// RUN: tilecc-ptxemu %t.sm_80.ptx --grid 3 --block 128 --buf a:f32:2503:iota --buf b:f32:2503:iota --buf c:f32:2503:zero --arg buf:a --arg buf:b --arg buf:c --arg i32:2503 --print c | FileCheck %s --check-prefix=EMU
// RUN: tilecc-ptxemu %t.sm_100.ptx --grid 3 --block 128 --buf a:f32:2600:iota --buf b:f32:2600:iota --buf c:f32:2600:zero --arg buf:a --arg buf:b --arg buf:c --arg i32:2503 --print c | FileCheck %s --check-prefix=EMU-PAST
// RUN: tilecc-ptxemu %t.sm_100.ptx --grid 5 --block 128 --buf a:f32:4700:random --buf b:f32:4700:random --buf c:f32:4700:zero --arg buf:a --arg buf:b --arg buf:c --arg i32:4611 --print a --print b --print c | python3 %S/Inputs/check-vector-add.py 4611 | FileCheck %s --check-prefix=HOST

// vector_add with 128-bit copy atoms (what convert-tileaa-to-tileas attaches
// when div_by facts prove 16-byte alignment, unit stride and a length that
// is a multiple of 4), through layout assignment, LLVM and PTX.
// Each thread holds two vectors of four consecutive f32: one predicated
// ld.global.v4 per vector, plus per-element loads for a vector cut by the
// ragged end (predicated off everywhere else).
// SM80: .target sm_80
// SM100: .target sm_100a
// PTX: .visible .entry vector_add(
// PTX: .maxntid 128, 1, 1
// PTX: @%p{{[0-9]+}} ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// PTX: @%p{{[0-9]+}} ld.global.v4.b32
// PTX: @%p{{[0-9]+}} ld.global.v4.b32
// PTX: @%p{{[0-9]+}} ld.global.v4.b32
// PTX: add.{{(rn.)?}}f32
// PTX: @%p{{[0-9]+}} st.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// PTX: @%p{{[0-9]+}} st.global.v4.b32

// On the emulator, against c[i] = a[i] + b[i] = 2i computed on the host: the
// last tile block is ragged (2503 = 2 * 1024 + 455), nothing is read or
// written out of bounds (the emulator would fail), and elements past n stay 0.
// EMU: {{^}}c: 0 2 4 6 8 10 12 14 16
// EMU-SAME: 2046 2048 2050
// EMU-SAME: 4094 4096 4098
// EMU-SAME: 5000 5002 5004{{$}}
// EMU-PAST: 5000 5002 5004 0 0 0
// With random inputs every element is compared with the host sum.
// HOST: ok: 4700 elements

module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @vector_add(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: !nv_tileaa.ptr<f32, 1>, %arg3: i32) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %0 = arith.index_cast %arg3 : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_0 = arith.constant 0 : index
    %c1_1 = arith.constant 1 : index
    %c0_2 = arith.constant 0 : index
    %c1_3 = arith.constant 1 : index
    %1 = nv_tileas.make_tiled_view %arg0[%c0] sizes(%0) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %2 = nv_tileas.make_tiled_view %arg1[%c0_0] sizes(%0) strides(%c1_1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %3 = nv_tileas.make_tiled_view %arg2[%c0_2] sizes(%0) strides(%c1_3) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %block_id_x = gpu.block_id  x
    %4 = arith.index_cast %block_id_x : index to i32
    %5 = arith.index_cast %4 : i32 to index
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %result = nv_tileas.tiled_load %1[%5] other(%cst : tensor<1024xf32>) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %result_5 = nv_tileas.tiled_load %2[%5] other(%cst_4 : tensor<1024xf32>) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32>
    %6 = arith.addf %result, %result_5 : tensor<1024xf32>
    nv_tileas.tiled_store %6, %3[%5] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<1024xf32>, !nv_tileas.tiled_view<1024xf32>
    nv_tileaa.return
  }
}

