// RUN: tilecc-opt --tileas-assign-layouts=num-warps=8 %s | FileCheck %s

// A wgmma dot laid out for more warps than its atom was chosen for (64 rows
// cannot give 8 warps 16 rows each) runs on mma.sync: the atom becomes the
// mma.sync one and the layouts mma.sync's.
// CHECK-LABEL: nv_tileaa.func @refit
// CHECK: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x32xf16, #nv_tileas.linear<{{.*}}warp = [(0, 0), (16, 0), (32, 0)]}
// CHECK-NOT: wgmma
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @refit(%x: tensor<64x32xf16>, %y: tensor<32x64xf16>, %acc: tensor<64x64xf32>) {
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    nv_tileaa.return
  }
}
