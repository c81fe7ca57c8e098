// RUN: tilecc-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// Every nv_tileas verifier diagnostic, one case each.

// expected-error @+1 {{tiled_view must have at least one dimension}}
func.func private @f(%v: !nv_tileas.tiled_view<f16>)

// -----

// expected-error @+1 {{tiled_view dimensions must be positive}}
func.func private @f(%v: !nv_tileas.tiled_view<0x4xf16>)

// -----

// expected-error @+1 {{tiled_view element type must be an integer or float}}
func.func private @f(%v: !nv_tileas.tiled_view<4xcomplex<f32>>)

// -----

// expected-error @+1 {{tma_desc box rank must be at most 5}}
func.func private @f(%v: !nv_tileas.tma_desc<2x2x2x2x2x2xf16>)

// -----

// expected-error @+1 {{tma_desc box dimensions must be at most 256}}
func.func private @f(%v: !nv_tileas.tma_desc<512x8xf16>)

// -----

// expected-error @+1 {{unknown MMA family 'hmma'}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<hmma, m16n8k16, f16 x f16 -> f32>}

// -----

// expected-error @+1 {{expected an instruction shape `m<M>n<N>k<K>`, got 'm16k16'}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<mma_sync, m16k16, f16 x f16 -> f32>}

// -----

// expected-error @+1 {{invalid MMA atom shape: mma.sync with 16-bit operands is m16n8k16, not m16n8k8}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<mma_sync, m16n8k8, f16 x f16 -> f32>}

// -----

// expected-error @+1 {{invalid MMA atom shape: wgmma takes N from 8 to 256 in steps of 8, not 12}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<wgmma, m64n12k16, f16 x f16 -> f32>}

// -----

// expected-error @+1 {{invalid MMA atom shape: wgmma with 16-bit operands is m64n128k16, not m128n128k16}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<wgmma, m128n128k16, f16 x f16 -> f32>}

// -----

// expected-error @+1 {{invalid MMA atom shape: tcgen05.mma with 8-bit operands is m128n64k32, not m128n64k16}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<tcgen05, m128n64k16, f8E4M3FN x f8E4M3FN -> f32>}

// -----

// expected-error @+1 {{invalid MMA atom shape: fma with 32-bit operands is m1n1k1, not m16n8k8}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<fma, m16n8k8, f32 x f32 -> f32>}

// -----

// expected-error @+1 {{the tcgen05_block_scaled atom needs `scale <type> per <K elements>`}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k32, f8E4M3FN x f8E4M3FN -> f32>}

// -----

// expected-error @+1 {{the mma_sync atom takes no scale factors}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<mma_sync, m16n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>}

// -----

// expected-error @+1 {{invalid MMA atom shape: block-scaled mma.sync with 8-bit operands is m16n8k32, not m16n8k64}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k64, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>}

// -----

// expected-error @+1 {{MMA atom operand types must be integer or floating-point scalars, not 'index'}}
func.func private @f() attributes {a = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> index>}

// -----

// expected-error @+1 {{unknown copy kind 'ldmatrix'}}
func.func private @f() attributes {a = #nv_tileas.copy_atom<ldmatrix, 128>}

// -----

// expected-error @+1 {{invalid copy atom: cp.async copies 32, 64 or 128 bits, not 16}}
func.func private @f() attributes {a = #nv_tileas.copy_atom<cp_async, 16>}

// -----

// expected-error @+1 {{invalid copy atom: loads and stores move 1 to 128 bits an access, not 256}}
func.func private @f() attributes {a = #nv_tileas.copy_atom<ldg, 256>}

// -----

// expected-error @+1 {{invalid copy atom: loads and stores move 1 to 128 bits an access, not 0}}
func.func private @f() attributes {a = #nv_tileas.copy_atom<stg>}

// -----

// expected-error @+1 {{invalid copy atom: TMA copies move whole boxes and take no width}}
func.func private @f() attributes {a = #nv_tileas.copy_atom<tma, 128>}

// -----

// expected-error @+1 {{invalid copy atom: reductions access one element and take no width}}
func.func private @f() attributes {a = #nv_tileas.copy_atom<red_global, 32>}

// -----

func.func @f(%s: tensor<16xf32>, %d: tensor<64x64xf32>) {
  // expected-error @+1 {{source rank 1 does not match the sliced tile rank 2}}
  %0 = nv_tileas.insert_slice %s into %d[0, 0][16, 1][1, 1] : tensor<16xf32> into tensor<64x64xf32>
  return
}

// -----

func.func @f(%s: tensor<16x16xf16>, %d: tensor<64x64xf32>) {
  // expected-error @+1 {{source element type must match the sliced tile}}
  %0 = nv_tileas.insert_slice %s into %d[0, 0][16, 16][1, 1] : tensor<16x16xf16> into tensor<64x64xf32>
  return
}

// -----

func.func @f(%s: tensor<16x16xf32>, %d: tensor<64x64xf32>) {
  // expected-error @+1 {{source dimension 1 is 16 but the slice size is 8}}
  %0 = nv_tileas.insert_slice %s into %d[0, 0][16, 8][1, 1] : tensor<16x16xf32> into tensor<64x64xf32>
  return
}

// -----

func.func @f(%s: tensor<64x64xf32>) {
  // expected-error @+1 {{stride 0 in dimension 0 must be positive}}
  %0 = nv_tileas.extract_slice %s[0, 0][16, 16][0, 1] : tensor<64x64xf32> to tensor<16x16xf32>
  return
}

// -----

func.func @f(%s: tensor<64x64xf32>) {
  // expected-error @+1 {{slice runs out of bounds in dimension 1: last index 71 >= 64}}
  %0 = nv_tileas.extract_slice %s[0, 56][16, 16][1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
  return
}

// -----

func.func @f(%s: tensor<64x64xf32>) {
  // expected-error @+1 {{result dimension 0 is 8 but the slice size is 16}}
  %0 = nv_tileas.extract_slice %s[0, 0][16, 16][1, 1] : tensor<64x64xf32> to tensor<8x16xf32>
  return
}

// -----

func.func @f(%s: tensor<64x64xf32>) {
  // expected-error @+1 {{view must not change the element type}}
  %0 = nv_tileas.view %s : tensor<64x64xf32> to tensor<4096xi32>
  return
}

// -----

func.func @f(%s: tensor<64x64xf32>) {
  // expected-error @+1 {{view must preserve the element count (4096 vs 2048)}}
  %0 = nv_tileas.view %s : tensor<64x64xf32> to tensor<2048xf32>
  return
}

// -----

func.func @f(%s: tensor<64x64xf32, "a">) {
  // expected-error @+1 {{convert_layout may change only the layout encoding}}
  %0 = nv_tileas.convert_layout %s : tensor<64x64xf32, "a"> -> tensor<32x128xf32, "b">
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expects parent op to be one of}}
  nv_tileas.yield
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{non-weak memory ordering requires explicit scope}}
  %0 = nv_tileas.tiled_load %v[%i, %i] {atom = #nv_tileas.copy_atom<ldg, 128>, mem_semantic = #nv_tileas<mem_semantic acquire>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{weak memory ordering must not carry a scope}}
  %0 = nv_tileas.tiled_load %v[%i, %i] {atom = #nv_tileas.copy_atom<ldg, 128>, mem_scope = #nv_tileas<mem_scope gpu>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{does not accept 'release' memory semantic}}
  %0 = nv_tileas.tiled_load %v[%i, %i] {atom = #nv_tileas.copy_atom<ldg, 128>, mem_semantic = #nv_tileas<mem_semantic release>, mem_scope = #nv_tileas<mem_scope gpu>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index, %x: tensor<128x32xf16>) {
  // expected-error @+1 {{does not accept 'acquire' memory semantic}}
  nv_tileas.tiled_store %x, %v[%i, %i] {atom = #nv_tileas.copy_atom<stg, 128>, mem_semantic = #nv_tileas<mem_semantic acquire>, mem_scope = #nv_tileas<mem_scope sys>} : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{expects 2 indices for the tiled_view but got 1}}
  %0 = nv_tileas.tiled_load %v[%i] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{tile shape must match the tiled_view shape}}
  %0 = nv_tileas.tiled_load %v[%i, %i] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<64x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{tile element type must match the tiled_view element type}}
  %0 = nv_tileas.tiled_load %v[%i, %i] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf32>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index, %m: tensor<64x32xi1>) {
  // expected-error @+1 {{mask shape must match the tile shape}}
  %0 = nv_tileas.tiled_load %v[%i, %i] mask(%m : tensor<64x32xi1>) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{in_bounds has 1 entries but the view has rank 2}}
  %0 = nv_tileas.tiled_load %v[%i, %i] {atom = #nv_tileas.copy_atom<ldg, 128>, in_bounds = array<i1: true>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index, %t: !nv_tileas.mem_token) {
  // expected-error @+1 {{must return a token exactly when it consumes a token}}
  %0 = nv_tileas.tiled_load %v[%i, %i] token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{must return a token exactly when it consumes a token}}
  %0, %1 = nv_tileas.tiled_load %v[%i, %i] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index, %o: tensor<128x32xf16, "x">) {
  // expected-error @+1 {{other must have the result type}}
  %0 = nv_tileas.tiled_load %v[%i, %i] other(%o : tensor<128x32xf16, "x">) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index, %x: tensor<128x32xf16>) {
  // expected-error @+1 {{old value must have the operand type}}
  %0 = nv_tileas.tiled_atomic_rmw add, %x, %v[%i, %i] {atom = #nv_tileas.copy_atom<red_global>} : tensor<128x32xf16>, !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16, "x">
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{result must be a future of a tile with shape and element type of 'tensor<128x32xf16>'}}
  %0 = nv_tileas.async_load %v[%i, %i] {atom = #nv_tileas.copy_atom<cp_async, 128>} : !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.future<tensor<128x16xf16>>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index, %r: !nv_tileaa.ptr<f16, 3>) {
  // expected-error @+1 {{a shared-memory ring needs a slot and vice versa}}
  %0 = "nv_tileas.async_load"(%v, %i, %i, %r) <{atom = #nv_tileas.copy_atom<cp_async, 128>, operandSegmentSizes = array<i32: 1, 2, 1, 0>}> : (!nv_tileas.tiled_view<128x32xf16>, index, index, !nv_tileaa.ptr<f16, 3>) -> !nv_tileas.future<tensor<128x32xf16>>
  return
}

// -----

func.func @f(%v: !nv_tileas.tiled_view<128x32xf16>, %i: index) {
  // expected-error @+1 {{expects 2 indices for the tiled_view but got 3}}
  %0 = nv_tileas.async_load %v[%i, %i, %i] {atom = #nv_tileas.copy_atom<cp_async, 128>} : !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  return
}

// -----

func.func @f(%c: tensor<64x64xf32>) {
  // expected-error @+1 {{attribute 'num_pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %0 = nv_tileas.dot_wait %c {num_pending = -1 : i32} : tensor<64x64xf32>
  return
}

// -----

func.func @f(%t: !nv_tileas.mem_token) {
  // expected-error @+1 {{operand #0 must be variadic of completion of async work that produces no value or future}}
  nv_tileas.async_wait %t : !nv_tileas.mem_token
  return
}

// -----

func.func @f(%b: i64, %m: index) {
  // expected-error @+1 {{expects 2 sizes and strides for a rank-2 box}}
  %0 = nv_tileas.make_tiled_tma_desc %b sizes[%m] strides[%m, %m] : i64 -> !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<128x32xf16>, %i: index) {
  // expected-error @+1 {{result must be a future of a tile with shape and element type of 'tensor<128x32xf16>'}}
  %0 = nv_tileas.tma_load %d[%i, %i] : !nv_tileas.tma_desc<128x32xf16> -> !nv_tileas.future<tensor<128x32xf32>>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<128x32xf16>, %i: index) {
  // expected-error @+1 {{expects 2 indices for the descriptor box but got 1}}
  %0 = nv_tileas.tma_load %d[%i] : !nv_tileas.tma_desc<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16>>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<128x32xf16>, %i: index, %x: tensor<128x32xf32>) {
  // expected-error @+1 {{tile element type must match the descriptor box element type}}
  %0 = nv_tileas.tma_store %x, %d[%i, %i] : tensor<128x32xf32>, !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<128x32xf16>, %i: index, %x: tensor<128x32xf16>) {
  // expected-error @+1 {{TMA reduction does not support 'xchg'}}
  %0 = nv_tileas.tma_reduce xchg, %x, %d[%i, %i] : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<128x32xf16>, %i: index, %x: tensor<64x32xf16>) {
  // expected-error @+1 {{tile must be the descriptor's boxes side by side along the last dimension}}
  %0 = nv_tileas.tma_reduce add, %x, %d[%i, %i] : tensor<64x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<128x32xf16>, %i: index, %x: tensor<128x48xf16>) {
  // expected-error @+1 {{tile must be the descriptor's boxes side by side along the last dimension}}
  %0 = nv_tileas.tma_store %x, %d[%i, %i] : tensor<128x48xf16>, !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<128x32xf32>, %i: index, %x: tensor<128x32xf32>) {
  // expected-error @+1 {{stmatrix staging needs 16-bit elements}}
  %0 = nv_tileas.tma_store %x, %d[%i, %i] {staging = #nv_tileas.copy_atom<stmatrix, 128>} : tensor<128x32xf32>, !nv_tileas.tma_desc<128x32xf32>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<128x32xf16>, %i: index, %x: tensor<128x32xf16>) {
  // expected-error @+1 {{stages its boxes with st.shared or stmatrix, not #nv_tileas.copy_atom<ldg, 128>}}
  %0 = nv_tileas.tma_store %x, %d[%i, %i] {staging = #nv_tileas.copy_atom<ldg, 128>} : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<128x32xf16>, %i: index, %x: tensor<128x32xf16>) {
  // expected-error @+1 {{invalid copy atom: stmatrix stores 32, 64 or 128 bits a lane (1, 2 or 4 matrices), not 16}}
  %0 = nv_tileas.tma_store %x, %d[%i, %i] {staging = #nv_tileas.copy_atom<stmatrix, 16>} : tensor<128x32xf16>, !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%a: tensor<128xf16>, %b: tensor<128xf16>, %c: tensor<128xf32>) {
  // expected-error @+1 {{operands must all be rank 2, or rank 3 with a leading batch dimension}}
  %0 = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128xf16>, tensor<128xf16>, tensor<128xf32> -> tensor<128xf32>
  return
}

// -----

func.func @f(%a: tensor<2x16x8xf16>, %b: tensor<4x8x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{batch dimensions must agree}}
  %0 = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<2x16x8xf16>, tensor<4x8x16xf16>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
  return
}

// -----

func.func @f(%a: tensor<128x32xf16>, %b: tensor<16x128xf16>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{contracting dimensions disagree: A has K = 32, B has K = 16}}
  %0 = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<16x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
  return
}

// -----

func.func @f(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<64x128xf32>) {
  // expected-error @+1 {{accumulator must be 128x128}}
  %0 = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<64x128xf32> -> tensor<64x128xf32>
  return
}

// -----

func.func @f(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{result must have the accumulator's shape and element type}}
  %0 = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf16>
  return
}

// -----

func.func @f(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{block-scaled MMA atoms belong on block_scaled_mma}}
  %0 = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
  return
}

// -----

func.func @f(%a: tensor<128x32xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>, %sa: tensor<128x1xui8>, %sb: tensor<1x128xui8>) {
  // expected-error @+1 {{requires a block-scaled MMA atom (mma_sync_block_scaled or tcgen05_block_scaled)}}
  %0 = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05, m128n128k32, f8E4M3FN x f8E4M3FN -> f32>} : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  return
}

// -----

func.func @f(%a: tensor<128x32xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>, %sa: tensor<128x1xui8>, %sb: tensor<1x128xui8>) {
  // expected-error @+1 {{cta_group must be 1 or 2}}
  %0 = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k32, f8E4M3FN x f8E4M3FN -> f32, scale ui8 per 32>, cta_group = 4 : i32} : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  return
}

// -----

func.func @f(%a: tensor<128x16xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>, %sa: tensor<128x1xui8>, %sb: tensor<1x128xui8>) {
  // expected-error @+1 {{contracting dimensions disagree: A has K = 16, B has K = 32}}
  %0 = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k32, f8E4M3FN x f8E4M3FN -> f32, scale ui8 per 16>} : tensor<128x16xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  return
}

// -----

func.func @f(%a: tensor<128x32xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>, %sa: tensor<128xui8>, %sb: tensor<1x128xui8>) {
  // expected-error @+1 {{scale factors must have the operands' rank}}
  %0 = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k32, f8E4M3FN x f8E4M3FN -> f32, scale ui8 per 32>} : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  return
}

// -----

func.func @f(%a: tensor<128x32xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>, %sa: tensor<64x1xui8>, %sb: tensor<1x128xui8>) {
  // expected-error @+1 {{scale_a must have one row per row of A}}
  %0 = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k32, f8E4M3FN x f8E4M3FN -> f32, scale ui8 per 32>} : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<64x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  return
}

// -----

func.func @f(%a: tensor<128x32xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>, %sa: tensor<128x1xui8>, %sb: tensor<1x64xui8>) {
  // expected-error @+1 {{scale_b must have one column per column of B}}
  %0 = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k32, f8E4M3FN x f8E4M3FN -> f32, scale ui8 per 32>} : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x64xui8> -> tensor<128x128xf32>
  return
}

// -----

func.func @f(%a: tensor<128x32xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>, %sa: tensor<128x1xf32>, %sb: tensor<1x128xf32>) {
  // expected-error @+1 {{scale factors must have an 8-bit element type}}
  %0 = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k32, f8E4M3FN x f8E4M3FN -> f32, scale f32 per 32>} : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xf32>, tensor<1x128xf32> -> tensor<128x128xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expects at least one input}}
  "nv_tileas.reduce"() ({
    nv_tileas.yield
  }) {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 0 : i32} : () -> ()
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 2 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%acc: f32, %val: f32):
    %s = arith.addf %acc, %val : f32
    nv_tileas.yield %s : f32
  }
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{inputs must all have the same shape}}
  %0:2 = nv_tileas.reduce %x, %y {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32>, tensor<4x64xi32> -> tensor<8xf32>, tensor<4xi32> {
  ^bb0(%acc: f32, %ai: i32, %val: f32, %vi: i32):
    nv_tileas.yield %acc, %ai : f32, i32
  }
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{combiner must take 2 arguments (accumulators, then values)}}
  %0 = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%acc: f32):
    nv_tileas.yield %acc : f32
  }
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{combiner arguments 0 and 1 must have type 'f32'}}
  %0 = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%acc: f32, %val: f16):
    nv_tileas.yield %acc : f32
  }
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{combiner must end with nv_tileas.yield}}
  %0 = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%acc: f32, %val: f32):
    "some.terminator"() : () -> ()
  }
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{combiner must yield one accumulator per input, of its element type}}
  %0 = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%acc: f32, %val: f32):
    nv_tileas.yield %acc, %val : f32, f32
  }
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{expects one result per input}}
  %0:2 = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32>, tensor<8xf32> {
  ^bb0(%acc: f32, %val: f32):
    %s = arith.addf %acc, %val : f32
    nv_tileas.yield %s : f32
  }
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{result type 'tensor<64xf32>' does not match the reduced type 'tensor<8xf32>'}}
  %0 = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<64xf32> {
  ^bb0(%acc: f32, %val: f32):
    %s = arith.addf %acc, %val : f32
    nv_tileas.yield %s : f32
  }
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{input and result must have the same shape and element type}}
  %0 = nv_tileas.scan %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<8x32xf32> {
  ^bb0(%acc: f32, %val: f32):
    %s = arith.addf %acc, %val : f32
    nv_tileas.yield %s : f32
  }
  return
}

// -----

func.func @f(%x: tensor<8x64xf32>, %y: tensor<4x64xi32>) {
  // expected-error @+1 {{expects one result per input}}
  %0:2 = nv_tileas.scan %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<8x64xf32>, tensor<8x64xf32> {
  ^bb0(%acc: f32, %val: f32):
    %s = arith.addf %acc, %val : f32
    nv_tileas.yield %s : f32
  }
  return
}

// -----

func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>) {
  // expected-error @+1 {{a warp role's region ends with nv_tileas.yield}}
  nv_tileas.async.pipeline.producer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    "some.terminator"() : () -> ()
  }
  nv_tileas.async.pipeline.consumer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  return
}

// -----

func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>, %x: tensor<128x32xf16>) {
  nv_tileas.async.pipeline.producer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  // expected-error @+1 {{consumer must yield values of its result types}}
  %0 = nv_tileas.async.pipeline.consumer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> -> tensor<128x32xf32> {
    nv_tileas.yield %x : tensor<128x32xf16>
  }
  return
}

// -----

func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>) {
  // expected-error @+1 {{a warp role has whole warpgroups: 2 warps}}
  nv_tileas.async.pipeline.producer %p warps(2) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  nv_tileas.async.pipeline.consumer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  return
}

// -----

func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>) {
  // expected-error @+1 {{'max_registers' must be a multiple of 8 in 24..256, not 20}}
  nv_tileas.async.pipeline.producer %p warps(4) {max_registers = 20 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  nv_tileas.async.pipeline.consumer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  return
}

// -----

// The region ops are warp roles only: no per-slot form without `warps`.
func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>, %x: tensor<128x32xf16>) {
  // expected-error @+1 {{expected 'warps'}}
  nv_tileas.async.pipeline.producer %p {max_registers = 40 : i32} : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield %x : tensor<128x32xf16>
  }
  return
}

// -----

func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>, %x: tensor<128x32xf16>) {
  // expected-error @+1 {{a producer role yields nothing: it fills the slots itself}}
  nv_tileas.async.pipeline.producer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield %x : tensor<128x32xf16>
  }
  nv_tileas.async.pipeline.consumer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  return
}

// -----

func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>) {
  // expected-error @+1 {{a producer role is directly followed by the consumer role of its pipeline}}
  nv_tileas.async.pipeline.producer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  return
}

// -----

func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>) {
  // expected-error @+1 {{a consumer role directly follows the producer role of its pipeline}}
  nv_tileas.async.pipeline.consumer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  return
}

// -----

func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>) {
  nv_tileas.async.pipeline.producer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  // expected-error @+1 {{a warp role's region takes no arguments}}
  nv_tileas.async.pipeline.consumer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
  ^bb0(%a: tensor<128x32xf16>):
    nv_tileas.yield
  }
  return
}

// -----

func.func @f(%p: !nv_tileas.pipeline<tensor<128x32xf16>>) attributes {nv_tileas.num_warps = 8 : i32} {
  nv_tileas.async.pipeline.producer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  // expected-error @+1 {{a consumer role runs on the kernel's 8 warps, not 4}}
  nv_tileas.async.pipeline.consumer %p warps(4) : !nv_tileas.pipeline<tensor<128x32xf16>> {
    nv_tileas.yield
  }
  return
}

// -----

func.func @f(%ring: !nv_tileaa.ptr<f16, 3>, %i: index) {
  // expected-error @+1 {{a slot holds a tile of static shape}}
  %f = nv_tileas.async.pipeline.slot %ring[%i] : !nv_tileaa.ptr<f16, 3> -> !nv_tileas.future<tensor<?x32xf16>>
  return
}

// -----

func.func @f(%b: !nv_tileaa.ptr<i64, 3>) {
  // expected-error @+1 {{attribute 'num_stages' failed to satisfy constraint}}
  %0 = nv_tileas.async.pipeline.create barriers %b : !nv_tileaa.ptr<i64, 3> {num_stages = 0 : i32} : !nv_tileas.pipeline<tensor<4xf32>>
  return
}

// -----

// A stage released by MMA commits needs empty barriers of one arrival.
func.func @f(%b: !nv_tileaa.ptr<i64, 3>, %i: index) {
  %p = nv_tileas.async.pipeline.create barriers %b : !nv_tileaa.ptr<i64, 3> {num_stages = 2 : i32} : !nv_tileas.pipeline<tensor<4xf32>>
  // expected-error @+1 {{releases a stage of a pipeline not created 'released_by_mma'}}
  nv_tileas.async.pipeline.mma_release %p, %i : !nv_tileas.pipeline<tensor<4xf32>>
  return
}

// -----

// ... and the threads do not release such a stage.
func.func @f(%b: !nv_tileaa.ptr<i64, 3>, %i: index) {
  %p = nv_tileas.async.pipeline.create barriers %b : !nv_tileaa.ptr<i64, 3> {num_stages = 2 : i32, released_by_mma} : !nv_tileas.pipeline<tensor<4xf32>>
  // expected-error @+1 {{releases a stage of a pipeline 'released_by_mma': its MMAs release it (mma_release)}}
  nv_tileas.async.pipeline.consumer_release %p, %i : !nv_tileas.pipeline<tensor<4xf32>>
  return
}

// -----

// A pipeline always has its mbarriers (no barrier-less per-slot form).
func.func @f() {
  // expected-error @+1 {{expected 'barriers'}}
  %0 = nv_tileas.async.pipeline.create {num_stages = 2 : i32} : !nv_tileas.pipeline<tensor<4xf32>>
  return
}

// -----

// The seed-004 capability gate also holds in the dialect: a module scheduled
// for sm_90 cannot contain block-scaled MMA.
module attributes {nv_tileas.compute_capability = 90 : i32} {
  func.func @f(%a: tensor<128x32xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>,
               %sa: tensor<128x1xui8>, %sb: tensor<1x128xui8>) {
    // expected-error @+1 {{mma block scale is not supported by compute capability < sm100}}
    %0 = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n64k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>}
        : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>,
          tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
    return
  }
}

// -----

// expected-error @+1 {{'nv_tileas.compute_capability' must be a positive integer (major * 10 + minor)}}
module attributes {nv_tileas.compute_capability = "sm_100"} {
}

// -----

// expected-error @+1 {{'nv_tileas.static_shared_limit' must be a positive byte count}}
module attributes {nv_tileas.static_shared_limit = 0 : i32} {
}

// -----

// expected-error @+1 {{'nv_tileas.memory_plan' must be a dictionary on a module}}
module attributes {nv_tileas.memory_plan = 0 : i64} {
}

// -----

module {
  // expected-error @+1 {{'nv_tileas.shared' must be a dictionary with integer 'offset' and 'bytes'}}
  "test.op"() {nv_tileas.shared = {buffer = "tilecc_scratch"}} : () -> ()
}

// -----

module {
  // expected-error @+1 {{'nv_tileas.tmem_columns' must be a positive column count}}
  "test.op"() {nv_tileas.tmem_columns = 0 : i64} : () -> ()
}

// -----

module {
  // expected-error @+1 {{'nv_tileas.barrier' must be a boolean}}
  "test.op"() {nv_tileas.barrier} : () -> ()
}

// -----

// expected-error @+1 {{unknown nv_tileas attribute 'nv_tileas.target'}}
module attributes {nv_tileas.target = 100 : i32} {
}

// -----

// expected-error @+1 {{'nv_tileas.wgmma_operand' must be 0 (A) or 1 (B)}}
module attributes {nv_tileas.wgmma_operand = 2 : i32} {
}

// -----

// expected-error @+1 {{'nv_tileas.tcgen05_operand' must be 0 (A), 1 (B) or 2 (B held K-major)}}
module attributes {nv_tileas.tcgen05_operand = -1 : i32} {
}

// -----

// expected-error @+1 {{'nv_tileas.tcgen05_operand' must be 0 (A), 1 (B) or 2 (B held K-major)}}
module attributes {nv_tileas.tcgen05_operand = 3 : i32} {
}

// -----

// expected-error @+1 {{'nv_tileas.async_mma' is a unit attribute}}
module attributes {nv_tileas.async_mma = 1 : i32} {
}

// -----

func.func @f(%x: tensor<16xf32>, %y: tensor<8xf32>) {
  // expected-error @+1 {{'nv_tileas.extern_elementwise' op all non-scalar operands/results must have the same shape and base type}}
  %0 = nv_tileas.extern_elementwise "__nv_fmaxf"(%x, %y) : (tensor<16xf32>, tensor<8xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @f(%x: tensor<16xf32>) {
  // expected-error @+1 {{'nv_tileas.extern_elementwise' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = nv_tileas.extern_elementwise "__nv_fabsf"(%x) : (tensor<16xf32>) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'nv_tileas.extern_elementwise' op expects a non-empty symbol}}
  %0 = nv_tileas.extern_elementwise ""(%x) : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'nv_tileas.elementwise_inline_asm' op expects 2 constraints (results, then operands), got 3}}
  %0 = nv_tileas.elementwise_inline_asm "mov.b32 $0, $1;", "=f,f,f"(%x) : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'nv_tileas.elementwise_inline_asm' op expects packed_element to be positive}}
  %0 = nv_tileas.elementwise_inline_asm "mov.b32 $0, $1;", "=f,f"(%x) {packed_element = 0 : i32} : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'nv_tileas.call_elementwise_intrinsic' op expects an LLVM intrinsic name (llvm.*), got 'fabs'}}
  %0 = nv_tileas.call_elementwise_intrinsic "fabs"(%x) : (f32) -> f32
  return
}

// -----

func.func @f(%p: !nv_tileaa.ptr<f32, 1>) {
  // expected-error @+1 {{'nv_tileas.call_elementwise_intrinsic' op operand #0 must be variadic of}}
  %0 = nv_tileas.call_elementwise_intrinsic "llvm.nvvm.fabs"(%p) : (!nv_tileaa.ptr<f32, 1>) -> f32
  return
}

// -----

func.func @f(%r: i128) -> i32 {
  // expected-error @+1 {{'nv_tileas.canceled_program_id' op grid axis must be 0, 1 or 2, got 3}}
  %0 = nv_tileas.canceled_program_id %r dim 3
  return %0 : i32
}

// -----

module attributes {nv_tileas.compute_capability = 90 : i32} {
  func.func @f() -> i128 {
    // expected-error @+1 {{'nv_tileas.cancel_next_program' op needs compute capability >= sm100 (cluster launch control), the target is sm_90}}
    %0 = nv_tileas.cancel_next_program : i128
    return %0 : i128
  }
}

// -----

func.func @f(%c: tensor<128x128xf32>, %state: !nv_tileaa.ptr<i64, 3>) {
  // expected-error @+1 {{initial value type 'tensor<128x128xf32>' differs from the accumulator's 'tensor<128x64xf32>'}}
  %t = nv_tileas.tmem_alloc %c, %state : tensor<128x128xf32>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x64xf32>>
  return
}

// -----

func.func @f(%b: i64, %m: index) {
  // expected-error @+1 {{swizzle_bytes must be 0, 32, 64 or 128, not 16}}
  %0 = nv_tileas.make_tiled_tma_desc %b sizes[%m, %m] strides[%m, %m] {swizzle_bytes = 16 : i32} : i64 -> !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%a: tensor<128x32xf16>, %b: tensor<16x128xf16>, %t: !nv_tileas.tmem_acc<tensor<128x128xf32>>) {
  // expected-error @+1 {{expects A (M x K), B (K x N) and an M x N accumulator, or batched ones}}
  %d = nv_tileas.tmem_dot %a, %b, %t {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<16x128xf16>, !nv_tileas.tmem_acc<tensor<128x128xf32>>
  return
}

// -----

func.func @f(%b: i64, %m: index) {
  // expected-error @+1 {{box rows of 64 bytes exceed the 32-byte swizzle span}}
  %0 = nv_tileas.make_tiled_tma_desc %b sizes[%m, %m] strides[%m, %m] {swizzle_bytes = 32 : i32} : i64 -> !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%t: !nv_tileas.tmem_acc<tensor<128x128xf32>>) {
  // expected-error @+1 {{result type 'tensor<128x64xf32>' differs from the accumulator's 'tensor<128x128xf32>'}}
  %r = nv_tileas.tmem_load %t : !nv_tileas.tmem_acc<tensor<128x128xf32>> -> tensor<128x64xf32>
  return
}

// -----

func.func @f(%a: tensor<2x128x16xf16>, %b: tensor<4x16x32xf16>, %t: !nv_tileas.tmem_acc<tensor<2x128x32xf32>>) {
  // expected-error @+1 {{expects A (M x K), B (K x N) and an M x N accumulator, or batched ones}}
  %d = nv_tileas.tmem_dot %a, %b, %t {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<2x128x16xf16>, tensor<4x16x32xf16>, !nv_tileas.tmem_acc<tensor<2x128x32xf32>>
  return
}

// -----

func.func @f(%t: !nv_tileas.tmem_acc<tensor<128x64xf32>>, %rows: tensor<128x2xf32>) {
  // expected-error @+1 {{expects one f32 factor per row (128x1), not 'tensor<128x2xf32>'}}
  %s = nv_tileas.tmem_scale %t, %rows : !nv_tileas.tmem_acc<tensor<128x64xf32>>, tensor<128x2xf32>
  return
}

// -----

func.func @f(%t: !nv_tileas.tmem_acc<tensor<128x64xi32>>, %rows: tensor<128x1xi32>) {
  // expected-error @+1 {{scales a 2-d f32 accumulator, not 'tensor<128x64xi32>'}}
  %s = nv_tileas.tmem_scale %t, %rows : !nv_tileas.tmem_acc<tensor<128x64xi32>>, tensor<128x1xi32>
  return
}

// -----

func.func @f(%b: tensor<2xi64>, %m: index) {
  // expected-error @+1 {{base must be one address, not a tile}}
  %0 = nv_tileas.make_tiled_tma_desc %b sizes[%m, %m] strides[%m, %m] : tensor<2xi64> -> !nv_tileas.tma_desc<128x32xf16>
  return
}

// -----

func.func @f(%d: !nv_tileas.tma_desc<32x64xf16>, %i: index, %r: !nv_tileaa.ptr<f16, 3>,
             %p: !nv_tileas.pipeline<tensor<32x96xf16>>) {
  // expected-error @+1 {{a ring slot's tile must be the descriptor's boxes side by side along the last dimension}}
  %0 = nv_tileas.tma_load %d[%i, %i] into %r : !nv_tileaa.ptr<f16, 3> [%i] barrier %p : !nv_tileas.pipeline<tensor<32x96xf16>> [%i] : !nv_tileas.tma_desc<32x64xf16> -> !nv_tileas.future<tensor<32x96xf16>>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{warpgroup turns need named barriers 14..16 for 3 warpgroups within 1..15 (at least two warpgroups)}}
  nv_tileas.warpgroup_turns_begin {barrier = 14 : i32, warpgroups = 3 : i32}
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{attribute 'warpgroups' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 2}}
  nv_tileas.warpgroup_turns_end {barrier = 2 : i32, warpgroups = 1 : i32}
  return
}

// -----

func.func @f(%x: tensor<64x16xf16>, %y: tensor<16x8xf16>, %acc: tensor<64x8xf32>) {
  // expected-error @+1 {{warpgroup turns need named barriers 0..1 for 2 warpgroups within 1..15 (at least two warpgroups)}}
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n8k16, f16 x f16 -> f32>, nv_tileas.warpgroup_turn = array<i32: 0, 2>} : tensor<64x16xf16>, tensor<16x8xf16>, tensor<64x8xf32> -> tensor<64x8xf32>
  return
}

// -----

func.func @f(%x: tensor<64x16xf16>, %y: tensor<16x8xf16>, %acc: tensor<64x8xf32>) {
  // expected-error @+1 {{'nv_tileas.warpgroup_turn' must be array<i32: barrier, warpgroups> on a dot}}
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n8k16, f16 x f16 -> f32>, nv_tileas.warpgroup_turn = 2 : i32} : tensor<64x16xf16>, tensor<16x8xf16>, tensor<64x8xf32> -> tensor<64x8xf32>
  return
}
