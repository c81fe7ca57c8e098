// RUN: tilecc-opt %s -test-tileas-memory-consistency -verify-diagnostics -o /dev/null

// MemoryConsistencyOpInterface covers exactly the seed-003 groups tilecc
// keeps (among them): async loads and waits, TMA load/store/reduction,
// make_tiled_tma_desc, reduce and scan. Pure tile
// structure (alloc_tensor, insert_slice, extract_slice, view), future_wait and
// the pipeline plumbing stay outside it; only pure tile structure and
// constants are safe to rewrite.

func.func @classify(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index, %x: tensor<128x32xf16>,
                    %a: tensor<64x16xf16>, %b: tensor<16x64xf16>, %acc: tensor<64x64xf32>,
                    %base: i64, %bars: !nv_tileaa.ptr<i64, 3>,
                    %qa: tensor<128x32xf8E4M3FN>, %qb: tensor<32x128xf8E4M3FN>,
                    %c: tensor<128x128xf32>, %sa: tensor<128x1xui8>, %sb: tensor<1x128xui8>,
                    %r: tensor<8x64xf32>) {
  // expected-remark @+1 {{unordered, rewrite: safe}}
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{unordered, rewrite: safe}}
  %t = nv_tileas.alloc_tensor : tensor<128x32xf16>
  // expected-remark @+1 {{unordered, rewrite: safe}}
  %s = nv_tileas.extract_slice %x[0, 0][64, 32][1, 1] : tensor<128x32xf16> to tensor<64x32xf16>
  // expected-remark @+1 {{unordered, rewrite: safe}}
  %u = nv_tileas.insert_slice %s into %t[%c0, 0][64, 32][1, 1] : tensor<64x32xf16> into tensor<128x32xf16>
  // expected-remark @+1 {{unordered, rewrite: safe}}
  %w = nv_tileas.view %u : tensor<128x32xf16> to tensor<4096xf16>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  %cl = nv_tileas.convert_layout %x : tensor<128x32xf16> -> tensor<128x32xf16, "mma">
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  %l = nv_tileas.tiled_load %v[%i, %i] {atom = #nv_tileas.copy_atom<ldg, 128>}
      : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  nv_tileas.tiled_store %l, %v[%i, %i] {atom = #nv_tileas.copy_atom<stg, 128>}
      : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  %o = nv_tileas.tiled_atomic_rmw add, %l, %v[%i, %i] {atom = #nv_tileas.copy_atom<red_global>}
      : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  // expected-remark @+1 {{memory-consistency, rewrite: fixed}}
  %f = nv_tileas.async_load %v[%i, %i] {atom = #nv_tileas.copy_atom<cp_async, 128>}
      : !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  // expected-remark @+1 {{memory-consistency, rewrite: fixed}}
  nv_tileas.async_wait %f : !nv_tileas.future<tensor<128x32xf16>>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  %fw = nv_tileas.async.future_wait %f : !nv_tileas.future<tensor<128x32xf16>>
  // expected-remark @+1 {{memory-consistency, rewrite: fixed}}
  %d = nv_tileas.make_tiled_tma_desc %base sizes[%i, %i] strides[%i, %i]
      : i64 -> !nv_tileas.tma_desc<128x32xf16>
  // expected-remark @+1 {{memory-consistency, rewrite: fixed}}
  %tl = nv_tileas.tma_load %d[%i, %i] : !nv_tileas.tma_desc<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  // expected-remark @+1 {{memory-consistency, rewrite: fixed}}
  %ts = nv_tileas.tma_store %x, %d[%i, %i] : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  // expected-remark @+1 {{memory-consistency, rewrite: fixed}}
  %tr = nv_tileas.tma_reduce add, %x, %d[%i, %i] : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  %dt = nv_tileas.dot %a, %b, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>}
      : tensor<64x16xf16>, tensor<16x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  %bs = nv_tileas.block_scaled_mma %qa, %qb, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n64k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>}
      : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>,
        tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  // expected-remark @+1 {{memory-consistency, rewrite: fixed}}
  %red = nv_tileas.reduce %r {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32}
      : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%p: f32, %q: f32):
    %sum = arith.addf %p, %q : f32
    // expected-remark @+1 {{unordered, rewrite: fixed}}
    nv_tileas.yield %sum : f32
  }
  // expected-remark @+1 {{memory-consistency, rewrite: fixed}}
  %scn = nv_tileas.scan %r {atom = #nv_tileas<reduce_atom warp_shfl_up_f32>, axis = 1 : i32}
      : tensor<8x64xf32> -> tensor<8x64xf32> {
  ^bb0(%p: f32, %q: f32):
    %sum = arith.addf %p, %q : f32
    // expected-remark @+1 {{unordered, rewrite: fixed}}
    nv_tileas.yield %sum : f32
  }
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  %pipe = nv_tileas.async.pipeline.create barriers %bars : !nv_tileaa.ptr<i64, 3> {num_stages = 2 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  nv_tileas.async.pipeline.producer %pipe warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    // expected-remark @+1 {{unordered, rewrite: fixed}}
    nv_tileas.yield
  }
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  nv_tileas.async.pipeline.consumer %pipe warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    // expected-remark @+1 {{unordered, rewrite: fixed}}
    nv_tileas.yield
  }
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  nv_tileas.async.pipeline.producer_acquire %pipe, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  nv_tileas.async.pipeline.producer_commit %pipe, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  nv_tileas.async.pipeline.consumer_wait %pipe, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
  // expected-remark @+1 {{unordered, rewrite: fixed}}
  nv_tileas.async.pipeline.consumer_release %pipe, %i : !nv_tileas.pipeline<tensor<128x32xf16>>
  return
}
