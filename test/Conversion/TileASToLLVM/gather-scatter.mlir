// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s -o %t.llvm.mlir
// RUN: tilecc -arch=sm_80 --emit=ptx %t.llvm.mlir -o %t.ptx
// RUN: tilecc-ptxemu %t.ptx --grid 1 --block 128 --buf x:f32:128:iota --buf r:i32:128:0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1,2,3,4,5,6,7,8,0,1 --buf c:i32:128:0,7,14,4,11,1,8,15,5,12,2,9,16,6,13,3,10,0,7,14,4,11,1,8,15,5,12,2,9,16,6,13,3,10,0,7,14,4,11,1,8,15,5,12,2,9,16,6,13,3,10,0,7,14,4,11,1,8,15,5,12,2,9,16,6,13,3,10,0,7,14,4,11,1,8,15,5,12,2,9,16,6,13,3,10,0,7,14,4,11,1,8,15,5,12,2,9,16,6,13,3,10,0,7,14,4,11,1,8,15,5,12,2,9,16,6,13,3,10,0,7,14,4,11,1,8,15,5 --buf g:f32:128:zero --buf q:i32:128:0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3 --buf s:f32:128:zero --arg buf:x --arg buf:r --arg buf:c --arg buf:g --arg buf:q --arg buf:s --arg i64:8 --arg i64:16 --print g --print s | FileCheck %s

// A gather and a scatter through an 8x16 memref as ConvertTileAAToTileAS
// leaves them (pointer tiles, bounds folded into the masks) run through
// layouts, LLVM and PTX. Lane i reads row i mod 9 and column 7i mod 17 (row
// 8 and column 16 are outside: -1, the gather's other value, as are lanes
// with q = 3); lanes with q = 0 scatter what they read to the same place.
// CHECK: {{^}}g: 0 23 46 -1 75 81 104 -1 -1 12 18 -1 -1 70 93 -1 122 -1 7 -1 36 59 65 -1 111 117 -1 -1 25 -1 54 -1 83 106 112 -1 14 20 43 -1 72 95 101 -1 -1 9 -1 -1 61 67 90 -1 119 -1 4 -1 33 56 79 -1 108 114 -1 -1 22 45 51 -1 80 103 126 -1 11 17 40 -1 69 92 98 -1 -1 6 29 -1 58 64 87 -1 116 -1 1 -1 47 53 76 -1 105 -1 -1 -1 19 42 48 -1 94 100 123 -1 8 31 37 -1 66 89 -1 -1 -1 3 26 -1 55 78 84 -1 113 -1 15 -1{{$}}
// CHECK: {{^}}s: 0 0 0 0 0 0 0 0 8 0 0 11 0 0 14 0 0 0 0 19 0 0 22 0 0 25 0 0 0 0 0 0 0 33 0 0 36 0 0 0 0 0 0 0 0 0 0 47 0 0 0 0 0 0 0 55 0 0 58 0 0 61 0 0 0 0 66 0 0 69 0 0 72 0 0 75 0 0 0 0 80 0 0 83 0 0 0 0 0 0 0 0 0 0 94 0 0 0 0 0 0 0 0 0 0 105 0 0 108 0 0 111 0 113 0 0 116 0 0 119 0 0 122 0 0 0 0 0{{$}}
module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @gs(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<i32, 1>, %arg2: !nv_tileaa.ptr<i32, 1>, %arg3: !nv_tileaa.ptr<f32, 1>, %arg4: !nv_tileaa.ptr<i32, 1>, %arg5: !nv_tileaa.ptr<f32, 1>, %arg6: index, %arg7: index) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %0 = nv_tileas.create_token : !nv_tileas.mem_token
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c1_1 = arith.constant 1 : index
    %c0_2 = arith.constant 0 : index
    %c128_3 = arith.constant 128 : index
    %c1_4 = arith.constant 1 : index
    %c0_5 = arith.constant 0 : index
    %c128_6 = arith.constant 128 : index
    %c1_7 = arith.constant 1 : index
    %c0_8 = arith.constant 0 : index
    %c128_9 = arith.constant 128 : index
    %c1_10 = arith.constant 1 : index
    %1 = nv_tileas.make_tiled_view %arg1[%c0_0] sizes(%c128) strides(%c1_1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<128xi32>
    %result, %result_token = nv_tileas.tiled_load %1[%c0] token(%0) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<128xi32> -> tensor<128xi32>, !nv_tileas.mem_token
    %2 = nv_tileas.make_tiled_view %arg2[%c0_2] sizes(%c128_3) strides(%c1_4) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<128xi32>
    %result_11, %result_token_12 = nv_tileas.tiled_load %2[%c0] token(%0) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<128xi32> -> tensor<128xi32>, !nv_tileas.mem_token
    %3 = nv_tileas.make_tiled_view %arg4[%c0_5] sizes(%c128_6) strides(%c1_7) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<128xi32>
    %result_13, %result_token_14 = nv_tileas.tiled_load %3[%c0] token(%0) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<128xi32> -> tensor<128xi32>, !nv_tileas.mem_token
    %cst = arith.constant dense<-1.000000e+00> : tensor<128xf32>
    %cst_15 = arith.constant dense<3> : tensor<128xi32>
    %4 = arith.cmpi ne, %result_13, %cst_15 : tensor<128xi32>
    %5 = arith.index_cast %c0 : index to i64
    %splat = tensor.splat %5 : tensor<128xi64>
    %cst_16 = arith.constant dense<0> : tensor<128xi64>
    %6 = arith.extsi %result : tensor<128xi32> to tensor<128xi64>
    %7 = arith.index_cast %arg7 : index to i64
    %splat_17 = tensor.splat %7 : tensor<128xi64>
    %8 = arith.muli %6, %splat_17 : tensor<128xi64>
    %9 = arith.addi %splat, %8 : tensor<128xi64>
    %10 = arith.cmpi sge, %6, %cst_16 : tensor<128xi64>
    %11 = arith.index_cast %arg6 : index to i64
    %splat_18 = tensor.splat %11 : tensor<128xi64>
    %12 = arith.cmpi slt, %6, %splat_18 : tensor<128xi64>
    %13 = arith.andi %10, %12 : tensor<128xi1>
    %14 = arith.extsi %result_11 : tensor<128xi32> to tensor<128xi64>
    %15 = arith.index_cast %c1 : index to i64
    %splat_19 = tensor.splat %15 : tensor<128xi64>
    %16 = arith.muli %14, %splat_19 : tensor<128xi64>
    %17 = arith.addi %9, %16 : tensor<128xi64>
    %18 = arith.cmpi sge, %14, %cst_16 : tensor<128xi64>
    %19 = arith.index_cast %arg7 : index to i64
    %splat_20 = tensor.splat %19 : tensor<128xi64>
    %20 = arith.cmpi slt, %14, %splat_20 : tensor<128xi64>
    %21 = arith.andi %18, %20 : tensor<128xi1>
    %22 = arith.andi %13, %21 : tensor<128xi1>
    %23 = nv_tileas.addptr %arg0, %17 : !nv_tileaa.ptr<f32, 1>, tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
    %24 = arith.andi %22, %4 : tensor<128xi1>
    %result_21, %result_token_22 = nv_tileas.load %23 mask(%24 : tensor<128xi1>) other(%cst : tensor<128xf32>) token(%0) {atom = #nv_tileas.copy_atom<ldg, 32>} : tensor<128x!nv_tileaa.ptr<f32, 1>> -> tensor<128xf32>, !nv_tileas.mem_token
    %25 = nv_tileas.make_tiled_view %arg3[%c0_8] sizes(%c128_9) strides(%c1_10) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128xf32>
    %26 = nv_tileas.tiled_store %result_21, %25[%c0] token(%result_token_22) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<128xf32>, !nv_tileas.tiled_view<128xf32> -> !nv_tileas.mem_token
    %cst_23 = arith.constant dense<0> : tensor<128xi32>
    %27 = arith.cmpi eq, %result_13, %cst_23 : tensor<128xi32>
    %28 = arith.index_cast %c0 : index to i64
    %splat_24 = tensor.splat %28 : tensor<128xi64>
    %cst_25 = arith.constant dense<0> : tensor<128xi64>
    %29 = arith.extsi %result : tensor<128xi32> to tensor<128xi64>
    %30 = arith.index_cast %arg7 : index to i64
    %splat_26 = tensor.splat %30 : tensor<128xi64>
    %31 = arith.muli %29, %splat_26 : tensor<128xi64>
    %32 = arith.addi %splat_24, %31 : tensor<128xi64>
    %33 = arith.cmpi sge, %29, %cst_25 : tensor<128xi64>
    %34 = arith.index_cast %arg6 : index to i64
    %splat_27 = tensor.splat %34 : tensor<128xi64>
    %35 = arith.cmpi slt, %29, %splat_27 : tensor<128xi64>
    %36 = arith.andi %33, %35 : tensor<128xi1>
    %37 = arith.extsi %result_11 : tensor<128xi32> to tensor<128xi64>
    %38 = arith.index_cast %c1 : index to i64
    %splat_28 = tensor.splat %38 : tensor<128xi64>
    %39 = arith.muli %37, %splat_28 : tensor<128xi64>
    %40 = arith.addi %32, %39 : tensor<128xi64>
    %41 = arith.cmpi sge, %37, %cst_25 : tensor<128xi64>
    %42 = arith.index_cast %arg7 : index to i64
    %splat_29 = tensor.splat %42 : tensor<128xi64>
    %43 = arith.cmpi slt, %37, %splat_29 : tensor<128xi64>
    %44 = arith.andi %41, %43 : tensor<128xi1>
    %45 = arith.andi %36, %44 : tensor<128xi1>
    %46 = nv_tileas.addptr %arg5, %40 : !nv_tileaa.ptr<f32, 1>, tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
    %47 = arith.andi %45, %27 : tensor<128xi1>
    %48 = nv_tileas.store %result_21, %46 mask(%47 : tensor<128xi1>) token(%result_token_22) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<128xf32>, tensor<128x!nv_tileaa.ptr<f32, 1>> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
