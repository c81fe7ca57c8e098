// Counted by K steps (KernelResources.cpp): when no warp count fits the
// fitted estimate, which holds a dot's whole K slice of fragments live, the
// fewest warps whose live registers fit, for operands that pass through
// registers (their fragment loads sit next to the MMAs). f32 128x128x128
// (3xTF32) needs 128 KiB a stage, too much for a ring: on 4 warps the
// accumulators and the loaded tiles alone pass 255 registers, on 8 warps
// about 222 are live at once. Versioned for alignment, the two copies of
// the loop are never live together: their accumulators are not added.
// RUN: tilecc-opt %s --convert-cuda-tile-to-tileaa=arch=sm_80 --tileaa-version-for-alignment --convert-tileaa-to-tileas=compute-capability=sm_80 2>&1 | FileCheck %s
// RUN: tilecc-opt %s --convert-cuda-tile-to-tileaa=arch=sm_90a --tileaa-version-for-alignment --convert-tileaa-to-tileas=compute-capability=sm_90a 2>&1 | FileCheck %s
// CHECK-NOT: remark
// CHECK-LABEL: nv_tileaa.func @f32_deep_k
// CHECK-SAME: #nv_tileaa.kernel_spec<numWarps = 8>
// CHECK: scf.if
// CHECK: nv_tileas.dot
// CHECK: } else {
// CHECK: nv_tileas.dot
cuda_tile.module @f32_deep_k {
  entry @f32_deep_k(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %av = make_tensor_view %a, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %bv = make_tensor_view %b, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %cv = make_tensor_view %c, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(128x128), tensor_view<256x128xf32, strides=[128,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(128x128), tensor_view<256x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %kt = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x128xf32>) {
      %al, %t1 = load_view_tko weak %ap[%bx, %i] : partition_view<tile=(128x128), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> tile<128x128xf32>, token
      %bl, %t2 = load_view_tko weak %bp[%i, %by] : partition_view<tile=(128x128), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32> -> tile<128x128xf32>, token
      %r = mmaf %al, %bl, %s : tile<128x128xf32>, tile<128x128xf32>, tile<128x128xf32>
      continue %r : tile<128x128xf32>
    }
    %d = store_view_tko weak %acc, %cp[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
