// RUN: tilecc-opt %s | FileCheck %s
// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s

// Typed MMA and copy atoms: every family and kind of lib/Layout's
// instruction table, printed as parsed.

// CHECK-LABEL: func.func private @mma_atoms
// CHECK-SAME: a = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>
// CHECK-SAME: b = #nv_tileas.mma_atom<mma_sync, m16n8k32, si8 x ui8 -> i32>
// CHECK-SAME: c = #nv_tileas.mma_atom<mma_sync, m8n8k4, f64 x f64 -> f64>
// CHECK-SAME: d = #nv_tileas.mma_atom<mma_sync, m16n8k8, tf32 x tf32 -> f32>
// CHECK-SAME: e = #nv_tileas.mma_atom<wgmma, m64n128k16, bf16 x bf16 -> f32>
// CHECK-SAME: f = #nv_tileas.mma_atom<tcgen05, m128n256k32, f8E4M3FN x f8E5M2 -> f32>
// CHECK-SAME: g = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E4M3FN per 16>
// CHECK-SAME: h = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E4M3FN per 16>
// CHECK-SAME: i = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>
// CHECK-SAME: j = #nv_tileas.mma_atom<fma, m1n1k1, si32 x si32 -> i32>
func.func private @mma_atoms() attributes {
  a = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>,
  b = #nv_tileas.mma_atom<mma_sync, m16n8k32, si8 x ui8 -> i32>,
  c = #nv_tileas.mma_atom<mma_sync, m8n8k4, f64 x f64 -> f64>,
  d = #nv_tileas.mma_atom<mma_sync, m16n8k8, tf32 x tf32 -> f32>,
  e = #nv_tileas.mma_atom<wgmma, m64n128k16, bf16 x bf16 -> f32>,
  f = #nv_tileas.mma_atom<tcgen05, m128n256k32, f8E4M3FN x f8E5M2 -> f32>,
  g = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n128k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E4M3FN per 16>,
  h = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E4M3FN per 16>,
  i = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>,
  j = #nv_tileas.mma_atom<fma, m1n1k1, si32 x si32 -> i32>}

// CHECK-LABEL: func.func private @copy_atoms
// CHECK-SAME: a = #nv_tileas.copy_atom<ldg, 128>
// CHECK-SAME: b = #nv_tileas.copy_atom<stg, 8>
// CHECK-SAME: c = #nv_tileas.copy_atom<lds, 32>
// CHECK-SAME: d = #nv_tileas.copy_atom<sts, 64>
// CHECK-SAME: e = #nv_tileas.copy_atom<red_global>
// CHECK-SAME: f = #nv_tileas.copy_atom<red_shared>
// CHECK-SAME: g = #nv_tileas.copy_atom<cp_async, 32>
// CHECK-SAME: h = #nv_tileas.copy_atom<tma>
func.func private @copy_atoms() attributes {
  a = #nv_tileas.copy_atom<ldg, 128>, b = #nv_tileas.copy_atom<stg, 8>,
  c = #nv_tileas.copy_atom<lds, 32>, d = #nv_tileas.copy_atom<sts, 64>,
  e = #nv_tileas.copy_atom<red_global>, f = #nv_tileas.copy_atom<red_shared>,
  g = #nv_tileas.copy_atom<cp_async, 32>, h = #nv_tileas.copy_atom<tma>}
