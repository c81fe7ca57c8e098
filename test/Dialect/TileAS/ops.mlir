// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s
// RUN: tilecc-opt %s --mlir-print-op-generic | tilecc-opt | FileCheck %s

// Every nv_tileas op, type and attribute round-trips through the custom form
// and through the generic form.

// CHECK-LABEL: func @structure(
func.func @structure(%seed: tensor<?x?xf32>, %i: index, %m: index,
                     %x: tensor<128x32xf16, "blocked">) -> tensor<32x128xf16> {
  // CHECK: %[[A:.*]] = nv_tileas.alloc_tensor : tensor<128x128xf32>
  %a = nv_tileas.alloc_tensor : tensor<128x128xf32>
  // CHECK: nv_tileas.insert_slice %{{.*}} into %[[A]][%{{.*}}, 0] [%{{.*}}, %{{.*}}] [1, 1] : tensor<?x?xf32> into tensor<128x128xf32>
  %b = nv_tileas.insert_slice %seed into %a[%i, 0][%m, %m][1, 1]
      : tensor<?x?xf32> into tensor<128x128xf32>
  // CHECK: nv_tileas.extract_slice %{{.*}}[0, 64] [64, 64] [1, 1] : tensor<128x128xf32> to tensor<64x64xf32>
  %c = nv_tileas.extract_slice %b[0, 64][64, 64][1, 1]
      : tensor<128x128xf32> to tensor<64x64xf32>
  // CHECK: nv_tileas.view %{{.*}} : tensor<64x64xf32> to tensor<4096xf32>
  %d = nv_tileas.view %c : tensor<64x64xf32> to tensor<4096xf32>
  // CHECK: nv_tileas.convert_layout %{{.*}} : tensor<128x32xf16, "blocked"> -> tensor<128x32xf16, "mma">
  %e = nv_tileas.convert_layout %x : tensor<128x32xf16, "blocked"> -> tensor<128x32xf16, "mma">
  // CHECK: nv_tileas.view %{{.*}} : tensor<128x32xf16, "mma"> to tensor<32x128xf16>
  %f = nv_tileas.view %e : tensor<128x32xf16, "mma"> to tensor<32x128xf16>
  return %f : tensor<32x128xf16>
}

// CHECK-LABEL: func @memory(
func.func @memory(%v: !nv_tileas.tiled_view<128x32xf16>, %s: !nv_tileas.tiled_view<128x32xf16, 3>,
                  %i: index, %k: index, %t0: !nv_tileas.mem_token,
                  %mask: tensor<128x32xi1>, %other: tensor<128x32xf16>) -> tensor<128x32xf16> {
  // CHECK: %[[L:.*]], %[[T1:.*]] = nv_tileas.tiled_load %{{.*}}[%{{.*}}, %{{.*}}] token(%{{.*}}) {atom = #nv_tileas.copy_atom<tma>, in_bounds = array<i1: true, true>, mem_scope = #nv_tileas<mem_scope cluster>, mem_semantic = #nv_tileas<mem_semantic relaxed>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
  %l, %t1 = nv_tileas.tiled_load %v[%i, %k] token(%t0)
      {atom = #nv_tileas.copy_atom<tma>, in_bounds = array<i1: true, true>,
       mem_semantic = #nv_tileas<mem_semantic relaxed>, mem_scope = #nv_tileas<mem_scope cluster>}
      : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
  // CHECK: nv_tileas.tiled_load %{{.*}}[%{{.*}}, %{{.*}}] mask(%{{.*}} : tensor<128x32xi1>) other(%{{.*}} : tensor<128x32xf16>) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16, 3> -> tensor<128x32xf16>
  %l2 = nv_tileas.tiled_load %s[%i, %k] mask(%mask : tensor<128x32xi1>) other(%other : tensor<128x32xf16>)
      {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16, 3> -> tensor<128x32xf16>
  // CHECK: nv_tileas.tiled_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] token(%[[T1]]) {atom = #nv_tileas.copy_atom<stg, 128>, mem_scope = #nv_tileas<mem_scope gpu>, mem_semantic = #nv_tileas<mem_semantic release>} : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.mem_token
  %t2 = nv_tileas.tiled_store %l, %v[%i, %k] token(%t1)
      {atom = #nv_tileas.copy_atom<stg, 128>, mem_semantic = #nv_tileas<mem_semantic release>,
       mem_scope = #nv_tileas<mem_scope gpu>}
      : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.mem_token
  // CHECK: nv_tileas.tiled_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] mask(%{{.*}} : tensor<128x32xi1>) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16>
  nv_tileas.tiled_store %l, %v[%i, %k] mask(%mask : tensor<128x32xi1>)
      {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16>
  // CHECK: nv_tileas.tiled_atomic_rmw addf, %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] token(%{{.*}}) {atom = #nv_tileas.copy_atom<red_global>, mem_scope = #nv_tileas<mem_scope gpu>, mem_semantic = #nv_tileas<mem_semantic acq_rel>} : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
  %old, %t3 = nv_tileas.tiled_atomic_rmw addf, %l, %v[%i, %k] token(%t2)
      {atom = #nv_tileas.copy_atom<red_global>, mem_semantic = #nv_tileas<mem_semantic acq_rel>,
       mem_scope = #nv_tileas<mem_scope gpu>}
      : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
  // CHECK: nv_tileas.tiled_atomic_rmw and
  %old2 = nv_tileas.tiled_atomic_rmw and, %l, %v[%i, %k] {atom = #nv_tileas.copy_atom<red_global>}
      : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  return %l2 : tensor<128x32xf16>
}

// CHECK-LABEL: func @async(
func.func @async(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index,
                 %ring: !nv_tileaa.ptr<f16, 3>,
                 %a: tensor<64x16xf16>, %b: tensor<16x64xf16>,
                 %acc: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // CHECK: %[[F:.*]] = nv_tileas.async_load %{{.*}}[%{{.*}}, %{{.*}}] {atom = #nv_tileas.copy_atom<cp_async, 128>} : !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  %f = nv_tileas.async_load %v[%i, %i] {atom = #nv_tileas.copy_atom<cp_async, 128>}
      : !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  // A load into slot %i of a shared-memory ring.
  // CHECK: nv_tileas.async_load %{{.*}}[%{{.*}}, %{{.*}}] into %{{.*}} : !nv_tileaa.ptr<f16, 3>[%{{.*}}] {atom = #nv_tileas.copy_atom<cp_async, 128>} : !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  %fr = nv_tileas.async_load %v[%i, %i] into %ring : !nv_tileaa.ptr<f16, 3>[%i] {atom = #nv_tileas.copy_atom<cp_async, 128>}
      : !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  // CHECK: nv_tileas.async_wait %[[F]] {num_pending = 1 : i32} : !nv_tileas.future<tensor<128x32xf16>>
  nv_tileas.async_wait %f {num_pending = 1 : i32}
      : !nv_tileas.future<tensor<128x32xf16>>
  // CHECK: nv_tileas.async.future_wait %[[F]] : !nv_tileas.future<tensor<128x32xf16>>
  %l = nv_tileas.async.future_wait %f : !nv_tileas.future<tensor<128x32xf16>>
  // A wgmma dot left in flight and its wait.
  // CHECK: %[[D:.*]] = nv_tileas.dot %{{.*}}, %{{.*}}, %{{.*}} {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>, nv_tileas.async_mma}
  %d = nv_tileas.dot %a, %b, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>, nv_tileas.async_mma}
      : tensor<64x16xf16>, tensor<16x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  // CHECK: nv_tileas.dot_wait %[[D]] {num_pending = 1 : i32} : tensor<64x64xf32>
  %w = nv_tileas.dot_wait %d {num_pending = 1 : i32} : tensor<64x64xf32>
  return %w : tensor<64x64xf32>
}

// An accumulator resident in tensor memory (TileASTmemOps.td).
// CHECK-LABEL: func.func @tmem_accumulator
func.func @tmem_accumulator(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>, %state: !nv_tileaa.ptr<i64, 3>) -> tensor<128x128xf32> {
  // CHECK: %[[T:.*]] = nv_tileas.tmem_alloc %{{.*}}, %{{.*}} : tensor<128x128xf32>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x128xf32>>
  %t = nv_tileas.tmem_alloc %c, %state : tensor<128x128xf32>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x128xf32>>
  // CHECK: %[[W:.*]] = nv_tileas.tmem_wait %[[T]] : !nv_tileas.tmem_acc<tensor<128x128xf32>>
  %w = nv_tileas.tmem_wait %t : !nv_tileas.tmem_acc<tensor<128x128xf32>>
  // CHECK: %[[D:.*]] = nv_tileas.tmem_dot %{{.*}}, %{{.*}}, %[[W]] {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, !nv_tileas.tmem_acc<tensor<128x128xf32>>
  %d = nv_tileas.tmem_dot %a, %b, %w {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, !nv_tileas.tmem_acc<tensor<128x128xf32>>
  // CHECK: nv_tileas.tmem_load %[[D]] : !nv_tileas.tmem_acc<tensor<128x128xf32>> -> tensor<128x128xf32>
  %r = nv_tileas.tmem_load %d : !nv_tileas.tmem_acc<tensor<128x128xf32>> -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}

// Attention's running output scaled row by row in tensor memory, and a
// batched accumulator (each slice its own columns).
// CHECK-LABEL: func.func @tmem_rescaled_and_batched
func.func @tmem_rescaled_and_batched(%t: !nv_tileas.tmem_acc<tensor<128x64xf32>>, %rows: tensor<128x1xf32>, %a: tensor<2x128x16xf16>, %b: tensor<2x16x32xf16>, %tb: !nv_tileas.tmem_acc<tensor<2x128x32xf32>>) {
  // CHECK: nv_tileas.tmem_scale %{{.*}}, %{{.*}} : !nv_tileas.tmem_acc<tensor<128x64xf32>>, tensor<128x1xf32>
  %s = nv_tileas.tmem_scale %t, %rows : !nv_tileas.tmem_acc<tensor<128x64xf32>>, tensor<128x1xf32>
  // CHECK: nv_tileas.tmem_dot %{{.*}}, %{{.*}}, %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<2x128x16xf16>, tensor<2x16x32xf16>, !nv_tileas.tmem_acc<tensor<2x128x32xf32>>
  %d = nv_tileas.tmem_dot %a, %b, %tb {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<2x128x16xf16>, tensor<2x16x32xf16>, !nv_tileas.tmem_acc<tensor<2x128x32xf32>>
  return
}

// A TMA ring released by tcgen05 MMAs (issue 18 item 2): only the issuing
// warps wait, the MMAs are committed per K step onto the slot's empty
// barrier and once onto the accumulator after the loop.
// CHECK-LABEL: func.func @tmem_mma_ring
func.func @tmem_mma_ring(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %t: !nv_tileas.tmem_acc<tensor<128x128xf32>>, %bars: !nv_tileaa.ptr<i64, 3>, %i: index) -> tensor<128x128xf32> {
  // CHECK: %[[P:.*]] = nv_tileas.async.pipeline.create barriers %{{.*}} : !nv_tileaa.ptr<i64, 3> {num_stages = 3 : i32, released_by_mma} : !nv_tileas.pipeline<tensor<128x32xf16>>
  %p = nv_tileas.async.pipeline.create barriers %bars : !nv_tileaa.ptr<i64, 3> {num_stages = 3 : i32, released_by_mma} : !nv_tileas.pipeline<tensor<128x32xf16>>
  // CHECK: nv_tileas.async.pipeline.producer_acquire %[[P]], %{{.*}} {copy_issuer} : !nv_tileas.pipeline<tensor<128x32xf16>>
  nv_tileas.async.pipeline.producer_acquire %p, %i {copy_issuer} : !nv_tileas.pipeline<tensor<128x32xf16>>
  // CHECK: nv_tileas.async.pipeline.consumer_wait %[[P]], %{{.*}} {mma_issuer} : !nv_tileas.pipeline<tensor<128x32xf16>>
  nv_tileas.async.pipeline.consumer_wait %p, %i {mma_issuer} : !nv_tileas.pipeline<tensor<128x32xf16>>
  // CHECK: %[[D:.*]] = nv_tileas.tmem_dot %{{.*}}, %{{.*}}, %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>, deferred_commit} :
  %d = nv_tileas.tmem_dot %a, %b, %t {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>, deferred_commit} : tensor<128x32xf16>, tensor<32x128xf16>, !nv_tileas.tmem_acc<tensor<128x128xf32>>
  // CHECK: nv_tileas.async.pipeline.mma_release %[[P]], %{{.*}} : !nv_tileas.pipeline<tensor<128x32xf16>>
  nv_tileas.async.pipeline.mma_release %p, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
  // CHECK: %[[C:.*]] = nv_tileas.tmem_commit %[[D]] : !nv_tileas.tmem_acc<tensor<128x128xf32>>
  %c = nv_tileas.tmem_commit %d : !nv_tileas.tmem_acc<tensor<128x128xf32>>
  // CHECK: nv_tileas.tmem_load %[[C]]
  %r = nv_tileas.tmem_load %c : !nv_tileas.tmem_acc<tensor<128x128xf32>> -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}

// A tma_store of boxes side by side along the tile's last dimension.
// CHECK-LABEL: func @tma_store_boxes(
// CHECK: nv_tileas.tma_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : tensor<128x128xf32>, !nv_tileas.tma_desc<128x32xf32>
func.func @tma_store_boxes(%desc: !nv_tileas.tma_desc<128x32xf32>, %i: index, %x: tensor<128x128xf32>) {
  %s = nv_tileas.tma_store %x, %desc[%i, %i] : tensor<128x128xf32>, !nv_tileas.tma_desc<128x32xf32>
  return
}

// CHECK-LABEL: func @tma(
func.func @tma(%base: i64, %m: index, %n: index, %i: index, %x: tensor<128x32xf16>) -> tensor<128x32xf16> {
  // CHECK: %[[DESC:.*]] = nv_tileas.make_tiled_tma_desc %{{.*}} sizes[%{{.*}}, %{{.*}}] strides[%{{.*}}, %{{.*}}] : i64 -> !nv_tileas.tma_desc<128x32xf16>
  %desc = nv_tileas.make_tiled_tma_desc %base sizes[%m, %n] strides[%n, %i]
      : i64 -> !nv_tileas.tma_desc<128x32xf16>
  // CHECK: nv_tileas.tma_load %[[DESC]][%{{.*}}, %{{.*}}] : !nv_tileas.tma_desc<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  %f = nv_tileas.tma_load %desc[%i, %i]
      : !nv_tileas.tma_desc<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  // CHECK: nv_tileas.tma_store %{{.*}}, %[[DESC]][%{{.*}}, %{{.*}}] : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  %s = nv_tileas.tma_store %x, %desc[%i, %i] : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  // CHECK: nv_tileas.tma_store %{{.*}}, %[[DESC]][%{{.*}}, %{{.*}}] {staging = #nv_tileas.copy_atom<stmatrix, 128>} : tensor<128x32xf16>
  %s2 = nv_tileas.tma_store %x, %desc[%i, %i] {staging = #nv_tileas.copy_atom<stmatrix, 128>} : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  // CHECK: nv_tileas.tma_reduce max, %{{.*}}, %[[DESC]][%{{.*}}, %{{.*}}] : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  %r = nv_tileas.tma_reduce max, %x, %desc[%i, %i] : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  nv_tileas.async_wait %s, %s2, %r : !nv_tileas.async_token, !nv_tileas.async_token, !nv_tileas.async_token
  %v = nv_tileas.async.future_wait %f : !nv_tileas.future<tensor<128x32xf16>>
  return %v : tensor<128x32xf16>
}

// CHECK-LABEL: func @compute(
func.func @compute(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>,
                   %qa: tensor<128x32xf8E4M3FN>, %qb: tensor<32x128xf8E4M3FN>,
                   %sa: tensor<128x1xui8>, %sb: tensor<1x128xui8>,
                   %ba: tensor<2x16x8xf16>, %bb: tensor<2x8x16xf16>, %bc: tensor<2x16x16xf32>,
                   %x: tensor<8x64xf32>, %y: tensor<8x64xi32>, %z: tensor<64xf32>) {
  // CHECK: nv_tileas.dot %{{.*}}, %{{.*}}, %{{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>}
      : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
  // CHECK: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n{{[0-9]+}}k16, f16 x f16 -> f32>} : tensor<2x16x8xf16>, tensor<2x8x16xf16>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
  %bd = nv_tileas.dot %ba, %bb, %bc {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>}
      : tensor<2x16x8xf16>, tensor<2x8x16xf16>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
  // CHECK: nv_tileas.block_scaled_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n{{[0-9]+}}k32, f8E4M3FN x f8E4M3FN -> f32, scale {{[a-zA-Z0-9]+}} per 32>, cta_group = 2 : i32} : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  %e = nv_tileas.block_scaled_mma %qa, %qb, %c, %sa, %sb
      {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n64k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>, cta_group = 2 : i32}
      : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>,
        tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  // CHECK: nv_tileas.block_scaled_mma {{.*}} {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n{{[0-9]+}}k32, f8E4M3FN x f8E4M3FN -> f32, scale {{[a-zA-Z0-9]+}} per 32>} :
  %e1 = nv_tileas.block_scaled_mma %qa, %qb, %c, %sa, %sb
      {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n64k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>}
      : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>,
        tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  // CHECK: nv_tileas.reduce %{{.*}} {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32>
  // CHECK-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[VAL:.*]]: f32):
  // CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]], %[[VAL]] : f32
  // CHECK-NEXT: nv_tileas.yield %[[SUM]] : f32
  %sum = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32}
      : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%acc: f32, %val: f32):
    %s = arith.addf %acc, %val : f32
    nv_tileas.yield %s : f32
  }
  // Two inputs reduced together (argmax-style); a 1-d reduction yields a scalar.
  // CHECK: nv_tileas.reduce %{{.*}}, %{{.*}} {{.*}} : tensor<8x64xf32>, tensor<8x64xi32> -> tensor<64xf32>, tensor<64xi32>
  %mx:2 = nv_tileas.reduce %x, %y {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32}
      : tensor<8x64xf32>, tensor<8x64xi32> -> tensor<64xf32>, tensor<64xi32> {
  ^bb0(%av: f32, %ai: i32, %bv: f32, %bi: i32):
    %gt = arith.cmpf ogt, %bv, %av : f32
    %v = arith.select %gt, %bv, %av : f32
    %i = arith.select %gt, %bi, %ai : i32
    nv_tileas.yield %v, %i : f32, i32
  }
  // CHECK: nv_tileas.reduce %{{.*}} {{.*}} : tensor<64xf32> -> f32
  %total = nv_tileas.reduce %z {atom = #nv_tileas<reduce_atom redux_sync>, axis = 0 : i32}
      : tensor<64xf32> -> f32 {
  ^bb0(%acc: f32, %val: f32):
    %s = arith.maximumf %acc, %val : f32
    nv_tileas.yield %s : f32
  }
  // CHECK: nv_tileas.scan %{{.*}} {atom = #nv_tileas<reduce_atom warp_shfl_up_f32>, axis = 1 : i32, reverse = true} : tensor<8x64xf32> -> tensor<8x64xf32>
  %cum = nv_tileas.scan %x {atom = #nv_tileas<reduce_atom warp_shfl_up_f32>, axis = 1 : i32, reverse = true}
      : tensor<8x64xf32> -> tensor<8x64xf32> {
  ^bb0(%acc: f32, %val: f32):
    %s = arith.addf %acc, %val : f32
    nv_tileas.yield %s : f32
  }
  return
}

// A device-built map, a TMA load of two 32x64 boxes into a ring slot on a
// pipeline's full barrier, and the map's release.
// CHECK-LABEL: func @tma_ring(
func.func @tma_ring(%base: !nv_tileaa.ptr<f16, 1>, %m: index, %n: index, %i: index,
                    %stg: !nv_tileaa.ptr<i8, 3>, %pool: !nv_tileaa.ptr<i8, 1>,
                    %ring: !nv_tileaa.ptr<f16, 3>, %bars: !nv_tileaa.ptr<i64, 3>) {
  // CHECK: %[[D:.*]] = nv_tileas.make_tiled_tma_desc %{{.*}} sizes[%{{.*}}, %{{.*}}] strides[%{{.*}}, %{{.*}}] staging %{{.*}} : !nv_tileaa.ptr<i8, 3> pool %{{.*}} : !nv_tileaa.ptr<i8, 1> {swizzle_bytes = 128 : i32} : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tma_desc<32x64xf16>
  %d = nv_tileas.make_tiled_tma_desc %base sizes[%m, %n] strides[%n, %i]
      staging %stg : !nv_tileaa.ptr<i8, 3> pool %pool : !nv_tileaa.ptr<i8, 1>
      {swizzle_bytes = 128 : i32} : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tma_desc<32x64xf16>
  // CHECK: %[[P:.*]] = nv_tileas.async.pipeline.create barriers %{{.*}} : !nv_tileaa.ptr<i64, 3> {num_stages = 4 : i32} : !nv_tileas.pipeline<tensor<32x128xf16>>
  %p = nv_tileas.async.pipeline.create barriers %bars : !nv_tileaa.ptr<i64, 3>
      {num_stages = 4 : i32} : !nv_tileas.pipeline<tensor<32x128xf16>>
  // CHECK: nv_tileas.tma_load %[[D]][%{{.*}}, %{{.*}}] into %{{.*}} : !nv_tileaa.ptr<f16, 3>[%{{.*}}] barrier %[[P]] : !nv_tileas.pipeline<tensor<32x128xf16>>[%{{.*}}] : !nv_tileas.tma_desc<32x64xf16> -> !nv_tileas.future<tensor<32x128xf16>>
  %f = nv_tileas.tma_load %d[%i, %i] into %ring : !nv_tileaa.ptr<f16, 3> [%i]
      barrier %p : !nv_tileas.pipeline<tensor<32x128xf16>> [%i]
      : !nv_tileas.tma_desc<32x64xf16> -> !nv_tileas.future<tensor<32x128xf16>>
  // CHECK: nv_tileas.tma_desc_release %[[D]] : !nv_tileas.tma_desc<32x64xf16>
  nv_tileas.tma_desc_release %d : !nv_tileas.tma_desc<32x64xf16>
  return
}

// CHECK-LABEL: func @pipeline(
func.func @pipeline(%bars: !nv_tileaa.ptr<i64, 3>, %i: index) {
  // CHECK: %[[P:.*]] = nv_tileas.async.pipeline.create barriers %{{.*}} : !nv_tileaa.ptr<i64, 3> {num_stages = 3 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>>
  %p = nv_tileas.async.pipeline.create barriers %bars : !nv_tileaa.ptr<i64, 3> {num_stages = 3 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>>
  // CHECK: nv_tileas.async.pipeline.producer_acquire %[[P]], %{{.*}} : !nv_tileas.pipeline<tensor<128x32xf16>>
  // CHECK: nv_tileas.async.pipeline.producer_commit %[[P]], %{{.*}} : !nv_tileas.pipeline<tensor<128x32xf16>>
  // CHECK: nv_tileas.async.pipeline.consumer_wait %[[P]], %{{.*}} : !nv_tileas.pipeline<tensor<128x32xf16>>
  // CHECK: nv_tileas.async.pipeline.consumer_release %[[P]], %{{.*}} : !nv_tileas.pipeline<tensor<128x32xf16>>
  nv_tileas.async.pipeline.producer_acquire %p, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
  nv_tileas.async.pipeline.producer_commit %p, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
  nv_tileas.async.pipeline.consumer_wait %p, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
  nv_tileas.async.pipeline.consumer_release %p, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
  return
}

// Warp roles: a producer warpgroup of its own fills the ring, the kernel's
// warps consume it; async.pipeline.slot names a slot's tile.
// CHECK-LABEL: func.func @warp_roles
// CHECK: nv_tileas.async.pipeline.producer %[[P:.*]] warps(4) {max_registers = 40 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>> {
// CHECK: nv_tileas.yield
// CHECK: nv_tileas.async.pipeline.consumer %[[P]] warps(8) {max_registers = 232 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>> -> tensor<128x32xf16> {
// CHECK: nv_tileas.async.pipeline.slot %{{.*}}[%{{.*}}] : !nv_tileaa.ptr<f16, 3> -> !nv_tileas.future<tensor<128x32xf16>>
func.func @warp_roles(%ring: !nv_tileaa.ptr<f16, 3>, %bars: !nv_tileaa.ptr<i64, 3>, %i: index) -> tensor<128x32xf16> {
  %p = nv_tileas.async.pipeline.create barriers %bars : !nv_tileaa.ptr<i64, 3> {num_stages = 3 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>>
  nv_tileas.async.pipeline.producer %p warps(4) {max_registers = 40 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.async.pipeline.producer_acquire %p, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
    nv_tileas.async.pipeline.producer_commit %p, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
    nv_tileas.yield
  }
  %r = nv_tileas.async.pipeline.consumer %p warps(8) {max_registers = 232 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>> -> tensor<128x32xf16> {
    nv_tileas.async.pipeline.consumer_wait %p, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
    %f = nv_tileas.async.pipeline.slot %ring[%i] : !nv_tileaa.ptr<f16, 3> -> !nv_tileas.future<tensor<128x32xf16>>
    %t = nv_tileas.async.future_wait %f : !nv_tileas.future<tensor<128x32xf16>>
    nv_tileas.async.pipeline.consumer_release %p, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
    nv_tileas.yield %t : tensor<128x32xf16>
  }
  return %r : tensor<128x32xf16>
}

// Block-scaled MMA is accepted in a module scheduled for sm_100.
// CHECK-LABEL: module attributes {nv_tileas.compute_capability = 100 : i32}
// CHECK: nv_tileas.block_scaled_mma
module attributes {nv_tileas.compute_capability = 100 : i32} {
  func.func @sm100(%a: tensor<128x32xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>,
                   %sa: tensor<128x1xui8>, %sb: tensor<1x128xui8>) -> tensor<128x128xf32> {
    %0 = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n64k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>}
        : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>,
          tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
    return %0 : tensor<128x128xf32>
  }
}

// The per-element escape hatches (extern_elementwise, elementwise_inline_asm,
// call_elementwise_intrinsic); scalar operands apply to every element.
// CHECK-LABEL: func @escape_hatches(
func.func @escape_hatches(%x: tensor<128xf32>, %s: f32, %h: f16) -> (tensor<128xf32>, tensor<128xi32>, f16) {
  // CHECK: nv_tileas.extern_elementwise "__nv_fmaxf"(%{{.*}}, %{{.*}}) {libname = "libdevice", pure} : (tensor<128xf32>, f32) -> tensor<128xf32>
  %0 = nv_tileas.extern_elementwise "__nv_fmaxf"(%x, %s) {libname = "libdevice", pure} : (tensor<128xf32>, f32) -> tensor<128xf32>
  // CHECK: nv_tileas.elementwise_inline_asm "mov.b32 $0, $2; cvt.rzi.s32.f32 $1, $2;", "=f,=r,f"(%{{.*}}) {pure} : (tensor<128xf32>) -> (tensor<128xf32>, tensor<128xi32>)
  %1:2 = nv_tileas.elementwise_inline_asm "mov.b32 $0, $2; cvt.rzi.s32.f32 $1, $2;", "=f,=r,f"(%0) {pure} : (tensor<128xf32>) -> (tensor<128xf32>, tensor<128xi32>)
  // CHECK: nv_tileas.elementwise_inline_asm "abs.f16 $0, $1;", "=h,h"(%{{.*}}) {packed_element = 2 : i32} : (f16) -> f16
  %2 = nv_tileas.elementwise_inline_asm "abs.f16 $0, $1;", "=h,h"(%h) {packed_element = 2 : i32} : (f16) -> f16
  // CHECK: nv_tileas.call_elementwise_intrinsic "llvm.nvvm.fmin.f"(%{{.*}}, %{{.*}}) : (tensor<128xf32>, f32) -> tensor<128xf32>
  %3 = nv_tileas.call_elementwise_intrinsic "llvm.nvvm.fmin.f"(%1#0, %s) : (tensor<128xf32>, f32) -> tensor<128xf32>
  return %3, %1#1, %2 : tensor<128xf32>, tensor<128xi32>, f16
}

// Program cancellation: a 16-byte response and its two queries.
// CHECK-LABEL: func @cancel(
func.func @cancel() -> (i1, i32) {
  // CHECK: %[[R:.*]] = nv_tileas.cancel_next_program : i128
  %r = nv_tileas.cancel_next_program : i128
  // CHECK: nv_tileas.program_is_canceled %[[R]]
  %ok = nv_tileas.program_is_canceled %r
  // CHECK: nv_tileas.canceled_program_id %[[R]] dim 2
  %z = nv_tileas.canceled_program_id %r dim 2
  return %ok, %z : i1, i32
}

// Warpgroups taking turns on the tensor core (tileas-warpgroup-pingpong):
// the first turn handed out before a loop, the last one taken back after.
// CHECK-LABEL: func @warpgroup_turns(
func.func @warpgroup_turns() {
  // CHECK: nv_tileas.warpgroup_turns_begin {barrier = 2 : i32, warpgroups = 2 : i32}
  nv_tileas.warpgroup_turns_begin {barrier = 2 : i32, warpgroups = 2 : i32}
  // CHECK: nv_tileas.warpgroup_turns_end {barrier = 2 : i32, warpgroups = 3 : i32}
  nv_tileas.warpgroup_turns_end {barrier = 2 : i32, warpgroups = 3 : i32}
  return
}
