// nv_tileaa.dot -> nv_tileas.dot with the atom of the instruction it lowers
// to: mma.sync (`mma_`) on every target (wgmma on sm_90a where it fits,
// dot-wgmma.mlir), its partition checked against the
// m16n8k<256/bits> (m8n8k4 for f64) instruction; the block-scaled form
// (scale operands) -> nv_tileas.block_scaled_mma, admitted from sm_100 only
// (seed 004).
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s --check-prefix=SM80
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_90a | FileCheck %s --check-prefix=SM90
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_100 | FileCheck %s --check-prefix=SM100

// Seed 004 "dot Dispatch by Compute Capability": the plain dot.
// SM80-LABEL: nv_tileaa.func @plain
// SM80: %[[D:.*]] = nv_tileas.dot %{{.*}}, %{{.*}}, %{{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
// SM80: return %[[D]]
// SM90-LABEL: nv_tileaa.func @plain
// SM90: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>}
// SM100-LABEL: nv_tileaa.func @plain
// SM100: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>}
nv_tileaa.func @plain(%av: tensor<128x32xf16>, %bv: tensor<32x128xf16>, %c_in: tensor<128x128xf32>) -> tensor<128x128xf32>
    attributes {cute.kernel} {
  %d = nv_tileaa.dot %av, %bv, %c_in {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
  nv_tileaa.return %d : tensor<128x128xf32>
}

// Integer operands name their signedness; f32 operands stay f32 (their
// precision is kept) and only tf32 operands name tf32; a batch dimension is
// kept.
// SM80-LABEL: nv_tileaa.func @typed
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, si8 x ui8 -> i32>} : tensor<64x32xi8>, tensor<32x8xi8>, tensor<64x8xi32> -> tensor<64x8xi32>
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k8, f32 x f32 -> f32>} : tensor<2x64x8xf32>, tensor<2x8x8xf32>, tensor<2x64x8xf32> -> tensor<2x64x8xf32>
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k8, tf32 x tf32 -> f32>} : tensor<16x8xtf32>, tensor<8x8xtf32>, tensor<16x8xf32> -> tensor<16x8xf32>
nv_tileaa.func @typed(%a: tensor<64x32xi8>, %b: tensor<32x8xi8>, %c: tensor<64x8xi32>,
                      %fa: tensor<2x64x8xf32>, %fb: tensor<2x8x8xf32>, %fc: tensor<2x64x8xf32>,
                      %ta: tensor<16x8xtf32>, %tb: tensor<8x8xtf32>, %tc: tensor<16x8xf32>) {
  %0 = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa<signedness signed>, signedness_b = #nv_tileaa<signedness unsigned>}
      : tensor<64x32xi8>, tensor<32x8xi8>, tensor<64x8xi32> -> tensor<64x8xi32>
  %1 = nv_tileaa.dot %fa, %fb, %fc : tensor<2x64x8xf32>, tensor<2x8x8xf32>, tensor<2x64x8xf32> -> tensor<2x64x8xf32>
  %2 = nv_tileaa.dot %ta, %tb, %tc : tensor<16x8xtf32>, tensor<8x8xtf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  nv_tileaa.return
}

// A dimension-order layout over all axes is inferable.
// SM80-LABEL: nv_tileaa.func @ordered
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x32xf16, [1, 0]>
nv_tileaa.func @ordered(%a: tensor<64x32xf16, [1, 0]>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) {
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16, [1, 0]>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  nv_tileaa.return
}

// Tiles of one or two m16 instruction rows partition on every target: the
// atom is the mma.sync instruction whatever the capability.
// SM80-LABEL: nv_tileaa.func @small_m
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<16x16xf16>, tensor<16x8xf16>, tensor<16x8xf32>
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, bf16 x bf16 -> f32>} : tensor<32x32xbf16>, tensor<32x24xbf16>, tensor<32x24xf32>
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, si8 x si8 -> i32>} : tensor<16x32xi8>, tensor<32x8xi8>, tensor<16x8xi32>
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m8n8k4, f64 x f64 -> f64>} : tensor<8x4xf64>, tensor<4x8xf64>, tensor<8x8xf64>
// SM90-LABEL: nv_tileaa.func @small_m
// SM90: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<16x16xf16>
// SM90: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, bf16 x bf16 -> f32>} : tensor<32x32xbf16>
// SM90: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, si8 x si8 -> i32>} : tensor<16x32xi8>
// SM90: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m8n8k4, f64 x f64 -> f64>} : tensor<8x4xf64>
// SM100-LABEL: nv_tileaa.func @small_m
// SM100: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<16x16xf16>
// SM100: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, bf16 x bf16 -> f32>} : tensor<32x32xbf16>
// SM100: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, si8 x si8 -> i32>} : tensor<16x32xi8>
// SM100: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m8n8k4, f64 x f64 -> f64>} : tensor<8x4xf64>
nv_tileaa.func @small_m(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>,
                        %ha: tensor<32x32xbf16>, %hb: tensor<32x24xbf16>, %hc: tensor<32x24xf32>,
                        %ia: tensor<16x32xi8>, %ib: tensor<32x8xi8>, %ic: tensor<16x8xi32>,
                        %da: tensor<8x4xf64>, %db: tensor<4x8xf64>, %dc: tensor<8x8xf64>) {
  %0 = nv_tileaa.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xf16>, tensor<16x8xf32> -> tensor<16x8xf32>
  %1 = nv_tileaa.dot %ha, %hb, %hc : tensor<32x32xbf16>, tensor<32x24xbf16>, tensor<32x24xf32> -> tensor<32x24xf32>
  %2 = nv_tileaa.dot %ia, %ib, %ic {signedness_a = #nv_tileaa<signedness signed>, signedness_b = #nv_tileaa<signedness signed>}
      : tensor<16x32xi8>, tensor<32x8xi8>, tensor<16x8xi32> -> tensor<16x8xi32>
  %3 = nv_tileaa.dot %da, %db, %dc : tensor<8x4xf64>, tensor<4x8xf64>, tensor<8x8xf64> -> tensor<8x8xf64>
  nv_tileaa.return
}
