// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s -o %t.llvm.mlir
// RUN: tilecc -arch=sm_80 --emit=ptx %t.llvm.mlir -o %t.ptx
// RUN: tilecc-ptxemu %t.ptx --grid 1 --block 128 --buf x:i32:256:-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13,18,2,7,12,17,1,6,11,16,0,5,10,15,-1,4,9,14,-2,3,8,13 --buf o:i32:16:zero --arg buf:x --arg buf:o --print o | FileCheck %s

// A histogram as ConvertTileAAToTileAS leaves it (compare with the bins,
// widen, reduce over the source axis) runs through layouts, LLVM and PTX.
// The 256 values are (5 * i) mod 21 - 2: -2..18, so -2, -1 and 16..18 fall
// in no bin; bins 3, 8 and 13 get 13 hits, the others 12.
// CHECK: {{^}}o: 12 12 12 13 12 12 12 12 13 12 12 12 12 13 12 12{{$}}
module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @hist(%arg0: !nv_tileaa.ptr<i32, 1>, %arg1: !nv_tileaa.ptr<i32, 1>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %0 = nv_tileas.create_token : !nv_tileas.mem_token
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c1 = arith.constant 1 : index
    %c0_1 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1_2 = arith.constant 1 : index
    %1 = nv_tileas.make_tiled_view %arg0[%c0_0] sizes(%c256) strides(%c1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<256xi32>
    %result, %result_token = nv_tileas.tiled_load %1[%c0] token(%0) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<256xi32> -> tensor<256xi32>, !nv_tileas.mem_token
    %2 = nv_tileas.view %result : tensor<256xi32> to tensor<256x1xi32>
    %3 = nv_tileas.broadcast %2 : tensor<256x1xi32> to tensor<256x16xi32>
    %4 = nv_tileas.make_range 0 to 16 : tensor<16xi32>
    %5 = nv_tileas.view %4 : tensor<16xi32> to tensor<1x16xi32>
    %6 = nv_tileas.broadcast %5 : tensor<1x16xi32> to tensor<256x16xi32>
    %7 = arith.cmpi eq, %3, %6 : tensor<256x16xi32>
    %8 = arith.extui %7 : tensor<256x16xi1> to tensor<256x16xi32>
    %9 = nv_tileas.reduce %8 {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<256x16xi32> -> tensor<16xi32> {
    ^bb0(%arg2: i32, %arg3: i32):
      %12 = arith.addi %arg2, %arg3 : i32
      nv_tileas.yield %12 : i32
    }
    %10 = nv_tileas.make_tiled_view %arg1[%c0_1] sizes(%c16) strides(%c1_2) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<16xi32>
    %11 = nv_tileas.tiled_store %9, %10[%c0] token(%result_token) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<16xi32>, !nv_tileas.tiled_view<16xi32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
