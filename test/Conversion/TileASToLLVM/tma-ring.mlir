// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=warp-specialize=false --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm="arch=sm_90a num-warps=8" %s | FileCheck %s

// A wgmma K loop whose rings TMA fills (tileas-pipeline-dot-operands on
// sm_90a; two 16 KiB slots: the maps' staging and the barriers leave no
// room for a third in 48 KiB). Before the loop each operand's tensor map is
// built on the device: the elected thread (elect.sync's leader of warp 0)
// claims a pool entry (an acquire CAS on its lock word, 128 bytes into the
// 256-byte entry, probing from the CTA's linear id), leaves the index behind
// the map, zeroes the shared staging buffer and writes every field (B:
// boxes 32 x 64, 128-byte swizzle, mode 3; A: box 128 x 32, 64-byte
// swizzle, mode 2; fill mode 0: zeros outside the tensor); warp 0 copies it
// to the entry with a tensor-map proxy fence, and after a barrier every
// thread acquires it. The pipeline's barriers are initialized between two
// barriers (full: 1 arrival, empty: 256, one per thread of the 8 warps).
// Only tensormap.replace and tensormap.cp_fenceproxy stay inline PTX.
// CHECK-DAG: llvm.mlir.global internal @tilecc_tma_pool() {addr_space = 1 : i32, alignment = 128 : i64} : !llvm.array<4194304 x i8>
// CHECK-DAG: llvm.mlir.global internal @tilecc_ring_barriers_{{[0-9]+}}() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<4 x i64>
// CHECK-DAG: llvm.mlir.global internal @tilecc_tma_staging_{{[0-9]+}}() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<144 x i8>
// CHECK-LABEL: llvm.func @gemm(
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %[[W0:.*]] = llvm.icmp "ult" %[[TID]], %[[C32]] : i32
// CHECK-NEXT: %[[LEAD:.*]] = nvvm.elect.sync -> i1
// CHECK-NEXT: %[[ELECTED:.*]] = llvm.and %[[W0]], %[[LEAD]] : i1
// CHECK-NEXT: llvm.cond_br %[[ELECTED]], ^[[CLAIM:.*]], ^[[JOIN:bb[0-9]+]]
// CHECK: llvm.urem
// CHECK: ^[[PROBE:bb[0-9]+]](%[[I:.*]]: i32):
// CHECK: %[[CAS:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} syncscope("device") acquire monotonic : !llvm.ptr<1>, i32
// CHECK: %[[WON:.*]] = llvm.extractvalue %[[CAS]][1]
// CHECK: llvm.cond_br %[[WON]], ^[[CLAIMED:bb[0-9]+]], ^[[PROBE]](%{{.*}} : i32)
// CHECK: ^[[CLAIMED]]:
// CHECK: llvm.store %[[I]], %{{.*}} : i32, !llvm.ptr<3>
// CHECK-COUNT-16: llvm.store %{{.*}} : i64, !llvm.ptr<3>
// CHECK: "tensormap.replace.tile.global_address.shared::cta.b1024.b64 [$0], $1;
// CHECK-SAME: tensormap.replace.tile.rank.shared::cta.b1024.b32 [$0], 1;
// CHECK-SAME: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 0, 64;
// CHECK-SAME: tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$0], 0, $2;
// CHECK-SAME: tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [$0], 0, 1;
// CHECK-SAME: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 1, 32;
// CHECK-SAME: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$0], 0, $4;
// CHECK-SAME: tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [$0], 6;
// CHECK-SAME: tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [$0], 0;
// CHECK-SAME: tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$0], 3;
// CHECK-SAME: tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [$0], 0;"
// CHECK: ^[[JOIN]]:
// CHECK: nvvm.bar.warp.sync
// CHECK: "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$0], [$1], 128;"
// CHECK: nvvm.barrier0
// CHECK: nvvm.fence.proxy.acquire <gpu> %{{.*}}, %{{.*}}
// CHECK: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 0, 32;
// CHECK-SAME: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 1, 128;
// CHECK-SAME: tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$0], 2;
// CHECK: nvvm.fence.proxy.acquire <gpu>
// CHECK: nvvm.barrier0
// CHECK: nvvm.elect.sync
// CHECK: nvvm.mbarrier.init %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK-COUNT-3: nvvm.mbarrier.init
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NEXT: llvm.br
// CHECK-NEXT: ^{{.*}}:
// CHECK-NEXT: nvvm.barrier0
// The prologue's fill: wait until the slot is free (the parity before the
// fill's), then the elected thread expects each tile's bytes and issues its
// boxes (B: two 32 x 64 boxes 4096 bytes apart) into the slot's
// shared::cluster address, and arms the full barrier.
// CHECK: ^[[SPIN:bb[0-9]+]]:
// CHECK-NEXT: %[[DONE:.*]] = nvvm.mbarrier.try_wait %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32 -> i1
// CHECK-NEXT: llvm.cond_br %[[DONE]], ^{{.*}}, ^[[SPIN]]
// CHECK: nvvm.elect.sync
// CHECK: nvvm.mbarrier.expect_tx %[[FULL:.*]], %{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %[[FULL]], box[%{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// CHECK: llvm.mlir.constant(4096 : i64)
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %[[FULL]], box
// CHECK: nvvm.mbarrier.expect_tx
// CHECK: nvvm.elect.sync
// CHECK: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// In the loop: wait for the fill, multiply with a group in flight, release
// the previous fill (none in the first iteration: stage -1) after the wait
// that retired its MMAs, then refill its slot.
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: %[[LIVE:.*]] = llvm.icmp "sge" %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: llvm.cond_br %[[LIVE]]
// CHECK-NEXT: ^{{.*}}:
// CHECK-NEXT: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// After the loop: the last group, the fill past the end, the pool entries.
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvvm.mbarrier.try_wait
// CHECK: atom.release.gpu.global.exch.b32 %tcc_old, [$0+128], 0;
// CHECK: atom.release.gpu.global.exch.b32 %tcc_old, [$0+128], 0;
// CHECK-NOT: cp.async.wait_group
// CHECK-NOT: mbarrier.{{.*}}shared::cta.b64
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @gemm(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cK = arith.constant 32 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x128xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<128x128xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<128x32xf16>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<128x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<32x128xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<32x128xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x128xf16> -> tensor<32x128xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
