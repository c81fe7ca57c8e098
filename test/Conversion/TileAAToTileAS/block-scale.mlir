// Seed 004 "dot Dispatch by Compute Capability", block-scaled variant: on
// sm_100 it becomes nv_tileas.block_scaled_mma with a tcgen05_block_scaled atom; a
// cluster pairing CTAs along x selects the 2-CTA form.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100 | FileCheck %s
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_103a | FileCheck %s
// The seed's output spells the default cta_group = 1; the generic form shows it.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100 --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// GENERIC: "nv_tileas.block_scaled_mma"(%{{.*}}) <{atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n{{[0-9]+}}k32, f8E4M3FN x f8E4M3FN -> f32, scale {{[a-zA-Z0-9]+}} per 32>, cta_group = 1 : i32}>
// GENERIC: "nv_tileas.block_scaled_mma"(%{{.*}}) <{atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n{{[0-9]+}}k64, f4E2M1FN x f4E2M1FN -> f16, scale {{[a-zA-Z0-9]+}} per 32>, cta_group = 2 : i32}>

// CHECK: module attributes {{[{]}}{{(nv_tileas.arch_specific, )?}}nv_tileas.compute_capability = 10{{[03]}} : i32, nv_tileas.static_shared_limit = {{[0-9]+}} : i32}
// CHECK-LABEL: nv_tileaa.func @block_scaled
// CHECK: %[[D:.*]] = nv_tileas.block_scaled_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n{{[0-9]+}}k32, f8E4M3FN x f8E4M3FN -> f32, scale {{[a-zA-Z0-9]+}} per 32>} : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
// CHECK-NOT: nv_tileaa.dot
nv_tileaa.func @block_scaled(%av: tensor<128x32xf8E4M3FN>, %bv: tensor<32x128xf8E4M3FN>, %c_in: tensor<128x128xf32>,
                             %scale_a: tensor<128x1xui8>, %scale_b: tensor<1x128xui8>) -> tensor<128x128xf32>
    attributes {cute.kernel} {
  %d = nv_tileaa.dot %av, %bv, %c_in, %scale_a, %scale_b
      : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  nv_tileaa.return %d : tensor<128x128xf32>
}

// -----

// CHECK-LABEL: nv_tileaa.func @paired
// CHECK-SAME: nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [2, 1, 1]>
// CHECK: nv_tileas.block_scaled_mma {{.*}} {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n{{[0-9]+}}k64, f4E2M1FN x f4E2M1FN -> f16, scale {{[a-zA-Z0-9]+}} per 32>, cta_group = 2 : i32}
nv_tileaa.func @paired(%a: tensor<128x64xf4E2M1FN>, %b: tensor<64x128xf4E2M1FN>, %c: tensor<128x128xf16>,
                       %sa: tensor<128x2xf8E8M0FNU>, %sb: tensor<2x128xf8E8M0FNU>) -> tensor<128x128xf16>
    attributes {cute.kernel, num_cta_in_cga = 2 : i32} {
  %d = nv_tileaa.dot %a, %b, %c, %sa, %sb
      : tensor<128x64xf4E2M1FN>, tensor<64x128xf4E2M1FN>, tensor<128x128xf16>, tensor<128x2xf8E8M0FNU>, tensor<2x128xf8E8M0FNU> -> tensor<128x128xf16>
  nv_tileaa.return %d : tensor<128x128xf16>
}
