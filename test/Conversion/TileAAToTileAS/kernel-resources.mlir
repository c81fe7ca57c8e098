// The kernel-spec decision of convert-tileaa-to-tileas (KernelResources.cpp):
// warps from the dots' registers per thread against the register file, ring
// depth from the operand loads' `latency` hints, for what the launch hints
// leave open.
// RUN: tilecc-opt %s --split-input-file --convert-cuda-tile-to-tileaa=arch=sm_80 --convert-tileaa-to-tileas=compute-capability=sm_80 2>/dev/null | FileCheck %s
// RUN: tilecc-opt %s --split-input-file --convert-cuda-tile-to-tileaa=arch=sm_100a --convert-tileaa-to-tileas=compute-capability=sm_100a 2>/dev/null | FileCheck %s
// RUN: tilecc-opt %s --split-input-file --convert-cuda-tile-to-tileaa=arch=sm_90a --convert-tileaa-to-tileas=compute-capability=sm_90a 2>/dev/null | FileCheck %s
// The remarks, for the tiles no warp count fits:
// RUN: tilecc-opt %s --split-input-file --convert-cuda-tile-to-tileaa=arch=sm_80 --convert-tileaa-to-tileas=compute-capability=sm_80 2>&1 >/dev/null | FileCheck %s --check-prefix=MMA-REMARK
// RUN: tilecc-opt %s --split-input-file --convert-cuda-tile-to-tileaa=arch=sm_90a --convert-tileaa-to-tileas=compute-capability=sm_90a 2>&1 >/dev/null | FileCheck %s --check-prefix=WGMMA-REMARK
// The latency hints, resolved for the target on the nv_tileaa loads:
// RUN: tilecc-opt %s --split-input-file --convert-cuda-tile-to-tileaa=arch=sm_80 | FileCheck %s --check-prefix=HINT

// 64x64x32 f16 -> f32: 104 registers a thread on the default 4 warps; a
// second CTA fits the registers, three stages its shared memory; 4 warps
// need no .minnctapersm for that (255 registers either way).
// CHECK-LABEL: nv_tileaa.func @small
// CHECK-SAME: nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>, nv_tileaa.num_stages = 3 : i32
cuda_tile.module @small {
  entry @small(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %k8 = assume div_by<8>, %k : tile<i32>
    %av = make_tensor_view %pa, shape = [%m, %k8], strides = [%k8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bv = make_tensor_view %pb, shape = [%k8, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %cv = make_tensor_view %pc, shape = [%m, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: 32> : tile<i32>
    %kt = divi %k8, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %r = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<64x64xf32>) {
      %at, %t1 = load_view_tko weak %ap[%bx, %i] : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t2 = load_view_tko weak %bp[%i, %by] : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %at, %bt, %s : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %r, %cp[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// 128x256x64: 4 warps would hold 256 accumulators a thread. On mma.sync
// (sm_80, sm_100a) 8 warps need about 326 (accumulators 128, fragments 128,
// the loaded tiles: two 48 KiB stages do not fit the rings): no count fits,
// 8 spill the fewest registers per CTA (16 leave 128 registers a thread),
// with a remark; on sm_90a 8 warps are two warpgroups of wgmma (B stays in
// shared memory) and fit.
// CHECK-LABEL: nv_tileaa.func @wide
// CHECK-SAME: #nv_tileaa.kernel_spec<numWarps = 8>
// MMA-REMARK: remark: the dots need about 326 registers a thread, 71 more than a thread of 8 warps may have, and no warp count fits them: expect spills (smaller tiles fit)
// WGMMA-REMARK-NOT: 8 warps
cuda_tile.module @wide {
  entry @wide(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %k8 = assume div_by<8>, %k : tile<i32>
    %av = make_tensor_view %pa, shape = [%m, %k8], strides = [%k8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bv = make_tensor_view %pb, shape = [%k8, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %cv = make_tensor_view %pc, shape = [%m, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: 64> : tile<i32>
    %kt = divi %k8, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %r = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x256xf32>) {
      %at, %t1 = load_view_tko weak %ap[%bx, %i] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %bt, %t2 = load_view_tko weak %bp[%i, %by] : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %d = mmaf %at, %bt, %s : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %d : tile<128x256xf32>
    }
    %t = store_view_tko weak %r, %cp[%bx, %by] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// 256x128x32 bf16 -> f32: 8 warps (64x64 each: 128 accumulators).
// CHECK-LABEL: nv_tileaa.func @tall
// CHECK-SAME: #nv_tileaa.kernel_spec<numWarps = 8>
cuda_tile.module @tall {
  entry @tall(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<bf16>>
    %pb = assume div_by<16>, %b : tile<ptr<bf16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %k8 = assume div_by<8>, %k : tile<i32>
    %av = make_tensor_view %pa, shape = [%m, %k8], strides = [%k8, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %bv = make_tensor_view %pb, shape = [%k8, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %cv = make_tensor_view %pc, shape = [%m, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(256x32), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(256x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: 32> : tile<i32>
    %kt = divi %k8, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.0> : tile<256x128xf32>
    %r = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<256x128xf32>) {
      %at, %t1 = load_view_tko weak %ap[%bx, %i] : partition_view<tile=(256x32), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<256x32xbf16>, token
      %bt, %t2 = load_view_tko weak %bp[%i, %by] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<32x128xbf16>, token
      %d = mmaf %at, %bt, %s : tile<256x32xbf16>, tile<32x128xbf16>, tile<256x128xf32>
      continue %d : tile<256x128xf32>
    }
    %t = store_view_tko weak %r, %cp[%bx, %by] : tile<256x128xf32>, partition_view<tile=(256x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// 256x256 f32: 256 KiB of accumulators, the whole register file. No warp
// count fits; the fewest registers over the limit per CTA are at 8 warps
// (mma.sync everywhere: 16 warps of wgmma would need 128 accumulators of
// one m64n256k16 plus its operands within 128 registers, which ptxas
// refuses).
// CHECK-LABEL: nv_tileaa.func @huge
// CHECK-SAME: #nv_tileaa.kernel_spec<numWarps = 8>
// MMA-REMARK: remark: the dots need about 450 registers a thread, 195 more than a thread of 8 warps may have
// On sm_90a the operand tiles fit rings in the static shared memory (227 KiB),
// so they do not pass through registers.
// WGMMA-REMARK: remark: the dots need about 426 registers a thread, 171 more than a thread of 8 warps may have
cuda_tile.module @huge {
  entry @huge(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %k8 = assume div_by<8>, %k : tile<i32>
    %av = make_tensor_view %pa, shape = [%m, %k8], strides = [%k8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bv = make_tensor_view %pb, shape = [%k8, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %cv = make_tensor_view %pc, shape = [%m, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(256x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: 32> : tile<i32>
    %kt = divi %k8, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %r = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<256x256xf32>) {
      %at, %t1 = load_view_tko weak %ap[%bx, %i] : partition_view<tile=(256x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<256x32xf16>, token
      %bt, %t2 = load_view_tko weak %bp[%i, %by] : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x256xf16>, token
      %d = mmaf %at, %bt, %s : tile<256x32xf16>, tile<32x256xf16>, tile<256x256xf32>
      continue %d : tile<256x256xf32>
    }
    %t = store_view_tko weak %r, %cp[%bx, %by] : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// f64 128x64x32 (m8n8k4): 8 warps.
// CHECK-LABEL: nv_tileaa.func @f64
// CHECK-SAME: #nv_tileaa.kernel_spec<numWarps = 8>
cuda_tile.module @f64 {
  entry @f64(%a: tile<ptr<f64>>, %b: tile<ptr<f64>>, %c: tile<ptr<f64>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f64>>
    %pb = assume div_by<16>, %b : tile<ptr<f64>>
    %pc = assume div_by<16>, %c : tile<ptr<f64>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %k8 = assume div_by<8>, %k : tile<i32>
    %av = make_tensor_view %pa, shape = [%m, %k8], strides = [%k8, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %bv = make_tensor_view %pb, shape = [%k8, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %cv = make_tensor_view %pc, shape = [%m, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(128x64), tensor_view<?x?xf64, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: 32> : tile<i32>
    %kt = divi %k8, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <f64: 0.0> : tile<128x64xf64>
    %r = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x64xf64>) {
      %at, %t1 = load_view_tko weak %ap[%bx, %i] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> tile<128x32xf64>, token
      %bt, %t2 = load_view_tko weak %bp[%i, %by] : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> tile<32x64xf64>, token
      %d = mmaf %at, %bt, %s : tile<128x32xf64>, tile<32x64xf64>, tile<128x64xf64>
      continue %d : tile<128x64xf64>
    }
    %t = store_view_tko weak %r, %cp[%bx, %by] : tile<128x64xf64>, partition_view<tile=(128x64), tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// `latency = 9` on both operand loads: 1 + ceil(9 / 2) = 6 stages.
// CHECK-LABEL: nv_tileaa.func @deep
// CHECK-SAME: nv_tileaa.num_stages = 6 : i32
// HINT-LABEL: nv_tileaa.func @deep
// HINT: nv_tileaa.tiled_load {{.*}}nv_tileaa.latency = 9 : i32
// HINT: nv_tileaa.tiled_load {{.*}}nv_tileaa.latency = 9 : i32
cuda_tile.module @deep {
  entry @deep(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %k8 = assume div_by<8>, %k : tile<i32>
    %av = make_tensor_view %pa, shape = [%m, %k8], strides = [%k8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bv = make_tensor_view %pb, shape = [%k8, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %cv = make_tensor_view %pc, shape = [%m, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: 32> : tile<i32>
    %kt = divi %k8, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %r = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<64x64xf32>) {
      %at, %t1 = load_view_tko weak %ap[%bx, %i] optimization_hints = <sm_80 = {latency = 9}, sm_90 = {latency = 9}, sm_100 = {latency = 9}> : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t2 = load_view_tko weak %bp[%i, %by] optimization_hints = <sm_80 = {latency = 9}, sm_90 = {latency = 9}, sm_100 = {latency = 9}> : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %at, %bt, %s : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %r, %cp[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// `latency = 1` (the `default` entry): double buffering.
// CHECK-LABEL: nv_tileaa.func @light
// CHECK-SAME: nv_tileaa.num_stages = 2 : i32
// HINT-LABEL: nv_tileaa.func @light
// HINT: nv_tileaa.tiled_load {{.*}}nv_tileaa.latency = 1 : i32
cuda_tile.module @light {
  entry @light(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %k8 = assume div_by<8>, %k : tile<i32>
    %av = make_tensor_view %pa, shape = [%m, %k8], strides = [%k8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bv = make_tensor_view %pb, shape = [%k8, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %cv = make_tensor_view %pc, shape = [%m, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: 32> : tile<i32>
    %kt = divi %k8, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %r = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<64x64xf32>) {
      %at, %t1 = load_view_tko weak %ap[%bx, %i] optimization_hints = <default = {latency = 1}> : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t2 = load_view_tko weak %bp[%i, %by] optimization_hints = <default = {latency = 1}> : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %at, %bt, %s : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %r, %cp[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A warp hint wins, even where it spills; no budget is added to it.
// CHECK-LABEL: nv_tileaa.func @hinted
// CHECK-SAME: nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>,
cuda_tile.module @hinted {
  entry @hinted(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) optimization_hints=<sm_80 = {num_worker_warps_per_cta = 4}, sm_90 = {num_worker_warps_per_cta = 4}, sm_100 = {num_worker_warps_per_cta = 4}> {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %k8 = assume div_by<8>, %k : tile<i32>
    %av = make_tensor_view %pa, shape = [%m, %k8], strides = [%k8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bv = make_tensor_view %pb, shape = [%k8, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %cv = make_tensor_view %pc, shape = [%m, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: 64> : tile<i32>
    %kt = divi %k8, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %r = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<128x256xf32>) {
      %at, %t1 = load_view_tko weak %ap[%bx, %i] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %bt, %t2 = load_view_tko weak %bp[%i, %by] : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %d = mmaf %at, %bt, %s : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %d : tile<128x256xf32>
    }
    %t = store_view_tko weak %r, %cp[%bx, %by] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
