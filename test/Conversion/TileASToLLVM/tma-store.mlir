// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm="arch=sm_90a num-warps=4" %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm="arch=sm_90a num-warps=4" %s | tilecc -arch=sm_90a --emit=ptx - -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: tilecc-ptxemu %t.ptx --kernel tma_store --grid 1 --block 128 --buf x:f32:512:iota --buf y:f32:512:zero --arg buf:x --arg buf:y --print y | FileCheck %s --check-prefix=EMU
// RUN: tilecc-ptxemu %t.ptx --kernel tma_reduce --grid 1 --block 128 --buf x:i32:512:iota --buf y:i32:512:iota --arg buf:x --arg buf:y --print y | FileCheck %s --check-prefix=EMU-RED
// RUN: tilecc-ptxemu %t.ptx --kernel tma_store_boxes --grid 1 --block 128 --buf x:f32:2560:iota --buf y:f32:2560:zero --arg buf:x --arg buf:y --print y | FileCheck %s --check-prefix=EMU-BOXES

// tma_store: every thread writes its elements (four adjacent ones as one
// 16-byte vector) into the planned staging buffer (1024-byte aligned) in the box's swizzled layout (128-byte swizzle:
// the 16-byte unit of each 128-byte line XORed with the line's index mod 8),
// fences them for the async proxy; after a barrier the elected thread issues
// the bulk tensor store, commits and waits for its bulk group; a barrier
// closes the op.
// CHECK-LABEL: llvm.func @tma_store(
// CHECK: llvm.mlir.addressof @tilecc_scratch : !llvm.ptr<3>
// CHECK: llvm.xor
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.elect.sync
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr, {{.*}}<3>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0
// CHECK: nvvm.barrier0
// CHECK-LABEL: llvm.func @tma_reduce(
// CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] {redKind = #nvvm.tma_redux_kind<add>} : !llvm.ptr, {{.*}}<3>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// PTX-LABEL: .entry tma_store(
// PTX: fence.proxy.async.shared::cta;
// PTX: elect.sync
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [tilecc_scratch];
// PTX-NEXT: cp.async.bulk.commit_group;
// PTX-NEXT: cp.async.bulk.wait_group 0;
// PTX-LABEL: .entry tma_reduce(
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
// The 16 x 32 f32 box lands as loaded (x = 0, 1, 2, ...), so the staging
// and the map agree on the swizzle.
// EMU: y: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34
// EMU-SAME: 510 511
// The i32 box added into y = x: 2x.
// EMU-RED: y: 0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 42 44 46 48 50 52 54 56 58 60 62 64
// EMU-RED-SAME: 1020 1022
// tma_store of a tile of boxes (16 x 128 f32 in 16 x 32 boxes): box by box,
// two staging buffers taking turns; each thread stores its four adjacent
// elements (the loaded tile's 128-bit blocked layout) as one 16-byte vector; before the third box reuses the
// first buffer the elected thread waits until the first copy has read it
// (wait_group.read 1) and a barrier lets the others write; after the last
// box the elected thread waits for the writes.
// CHECK-LABEL: llvm.func @tma_store_boxes(
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NOT: nvvm.cp.async.bulk.wait_group
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.cp.async.bulk.wait_group 1 {read}
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK: nvvm.cp.async.bulk.wait_group 1 {read}
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: llvm.return
// PTX-LABEL: .entry tma_store_boxes(
// PTX: st.shared.v4.b32
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX: cp.async.bulk.wait_group.read 1;
// The tile lands at rows 8..23 of the 20 x 128 tensor as loaded; the rows
// past the tensor's end are not written (the ragged edge needs no mask).
// EMU-BOXES: y: 0 0 0
// EMU-BOXES-SAME: 0 1 2 3 4 5 6 7 8 9 10
// EMU-BOXES-SAME: 1534 1535{{$}}
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
  nv_tileas.global @tilecc_tma_pool : tensor<2048xi8> {alignment = 128 : i64}
  nv_tileas.global @tilecc_tma_staging_0 : tensor<144xi8> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @tma_store(%x: !nv_tileaa.ptr<f32, 1>, %y: !nv_tileaa.ptr<f32, 1>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %vx = nv_tileas.make_tiled_view %x[%c0] sizes(%c16, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<16x32xf32>
    %t = nv_tileas.tiled_load %vx[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<16x32xf32> -> tensor<16x32xf32>
    %pool = nv_tileas.get_global @tilecc_tma_pool : !nv_tileaa.ptr<i8, 1>
    %staging = nv_tileas.get_global @tilecc_tma_staging_0 : !nv_tileaa.ptr<i8, 3>
    %d = nv_tileas.make_tiled_tma_desc %y sizes[%c16, %c32] strides[%c32, %c1] staging %staging : !nv_tileaa.ptr<i8, 3> pool %pool : !nv_tileaa.ptr<i8, 1> {swizzle_bytes = 128 : i32} : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tma_desc<16x32xf32>
    %tok = nv_tileas.tma_store %t, %d[%c0, %c0] : tensor<16x32xf32>, !nv_tileas.tma_desc<16x32xf32>
    nv_tileas.tma_desc_release %d : !nv_tileas.tma_desc<16x32xf32>
    nv_tileaa.return
  }
  nv_tileaa.func @tma_reduce(%x: !nv_tileaa.ptr<i32, 1>, %y: !nv_tileaa.ptr<i32, 1>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %vx = nv_tileas.make_tiled_view %x[%c0] sizes(%c16, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<16x32xi32>
    %t = nv_tileas.tiled_load %vx[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<16x32xi32> -> tensor<16x32xi32>
    %pool = nv_tileas.get_global @tilecc_tma_pool : !nv_tileaa.ptr<i8, 1>
    %staging = nv_tileas.get_global @tilecc_tma_staging_0 : !nv_tileaa.ptr<i8, 3>
    %d = nv_tileas.make_tiled_tma_desc %y sizes[%c16, %c32] strides[%c32, %c1] staging %staging : !nv_tileaa.ptr<i8, 3> pool %pool : !nv_tileaa.ptr<i8, 1> {swizzle_bytes = 128 : i32} : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tma_desc<16x32xi32>
    %tok = nv_tileas.tma_reduce add, %t, %d[%c0, %c0] : tensor<16x32xi32>, !nv_tileas.tma_desc<16x32xi32>
    nv_tileas.tma_desc_release %d : !nv_tileas.tma_desc<16x32xi32>
    nv_tileaa.return
  }
  nv_tileaa.func @tma_store_boxes(%x: !nv_tileaa.ptr<f32, 1>, %y: !nv_tileaa.ptr<f32, 1>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c20 = arith.constant 20 : index
    %c128 = arith.constant 128 : index
    %vx = nv_tileas.make_tiled_view %x[%c0] sizes(%c20, %c128) strides(%c128, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<16x128xf32>
    %t = nv_tileas.tiled_load %vx[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<16x128xf32> -> tensor<16x128xf32>
    %pool = nv_tileas.get_global @tilecc_tma_pool : !nv_tileaa.ptr<i8, 1>
    %staging = nv_tileas.get_global @tilecc_tma_staging_0 : !nv_tileaa.ptr<i8, 3>
    %d = nv_tileas.make_tiled_tma_desc %y sizes[%c20, %c128] strides[%c128, %c1] staging %staging : !nv_tileaa.ptr<i8, 3> pool %pool : !nv_tileaa.ptr<i8, 1> {swizzle_bytes = 128 : i32} : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tma_desc<16x32xf32>
    %tok = nv_tileas.tma_store %t, %d[%c8, %c0] : tensor<16x128xf32>, !nv_tileas.tma_desc<16x32xf32>
    nv_tileas.tma_desc_release %d : !nv_tileas.tma_desc<16x32xf32>
    nv_tileaa.return
  }
}
