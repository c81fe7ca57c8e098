// pack / unpack become integer tile arithmetic on the same-width integer:
// whole-byte elements split into bytes least significant byte first,
// sub-byte elements share a byte, the first in its low bits.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @repack {
  // CHECK-LABEL: nv_tileaa.func @pack_f16
  // CHECK: %[[W:.*]] = nv_tileaa.bitcast %arg0 : tensor<64xf16> -> tensor<64xi16>
  // CHECK: %[[C:.*]] = nv_tileaa.view %[[W]] : tensor<64xi16> -> tensor<64x1xi16>
  // CHECK: %[[S:.*]] = nv_tileaa.broadcast %[[C]] : tensor<64x1xi16> -> tensor<64x2xi16>
  // CHECK: %[[K:.*]] = arith.constant dense<{{\[\[}}0, 8]]> : tensor<1x2xi16>
  // CHECK: %[[KB:.*]] = nv_tileaa.broadcast %[[K]] : tensor<1x2xi16> -> tensor<64x2xi16>
  // CHECK: %[[SH:.*]] = arith.shrui %[[S]], %[[KB]] : tensor<64x2xi16>
  // CHECK: %[[T:.*]] = arith.trunci %[[SH]] : tensor<64x2xi16> to tensor<64x2xi8>
  // CHECK: %[[R:.*]] = nv_tileaa.view %[[T]] : tensor<64x2xi8> -> tensor<128xi8>
  // CHECK: nv_tileaa.return %[[R]]
  testing$func @pack_f16(%x: tile<64xf16>) -> tile<128xi8> {
    %p = pack %x : tile<64xf16> -> tile<128xi8>
    return %p : tile<128xi8>
  }

  // An integer needs no bitcast.
  // CHECK-LABEL: nv_tileaa.func @pack_i64
  // CHECK-NOT: bitcast
  // CHECK: arith.constant dense<{{\[\[}}0, 8, 16, 24, 32, 40, 48, 56]]> : tensor<1x8xi64>
  // CHECK: arith.shrui {{.*}} : tensor<16x8xi64>
  // CHECK: arith.trunci {{.*}} : tensor<16x8xi64> to tensor<16x8xi8>
  testing$func @pack_i64(%x: tile<16xi64>) -> tile<128xi8> {
    %p = pack %x : tile<16xi64> -> tile<128xi8>
    return %p : tile<128xi8>
  }

  // CHECK-LABEL: nv_tileaa.func @unpack_f32
  // CHECK: %[[B:.*]] = nv_tileaa.view %arg0 : tensor<256xi8> -> tensor<64x4xi8>
  // CHECK: %[[E:.*]] = arith.extui %[[B]] : tensor<64x4xi8> to tensor<64x4xi32>
  // CHECK: %[[K:.*]] = arith.constant dense<{{\[\[}}0, 8, 16, 24]]> : tensor<1x4xi32>
  // CHECK: %[[KB:.*]] = nv_tileaa.broadcast %[[K]] : tensor<1x4xi32> -> tensor<64x4xi32>
  // CHECK: %[[SH:.*]] = arith.shli %[[E]], %[[KB]] : tensor<64x4xi32>
  // CHECK: %[[W:.*]] = nv_tileaa.reduce %[[SH]] {axis = 1 : i32, nv_tileaa.identities = [0 : i32]} : tensor<64x4xi32> -> tensor<64xi32>
  // CHECK: arith.ori
  // CHECK: %[[F:.*]] = nv_tileaa.bitcast %[[W]] : tensor<64xi32> -> tensor<64xf32>
  // CHECK: nv_tileaa.return %[[F]]
  testing$func @unpack_f32(%y: tile<256xi8>) -> tile<64xf32> {
    %u = unpack %y : tile<256xi8> -> tile<64xf32>
    return %u : tile<64xf32>
  }

  // Two f4E2M1FN per byte: element 2j in bits 0-3 of byte j, 2j+1 in 4-7.
  // CHECK-LABEL: nv_tileaa.func @pack_f4
  // CHECK: %[[I:.*]] = nv_tileaa.bitcast %arg0 : tensor<64xf4E2M1FN> -> tensor<64xi4>
  // CHECK: %[[P:.*]] = nv_tileaa.view %[[I]] : tensor<64xi4> -> tensor<32x2xi4>
  // CHECK: %[[E:.*]] = arith.extui %[[P]] : tensor<32x2xi4> to tensor<32x2xi8>
  // CHECK: %[[K:.*]] = arith.constant dense<{{\[\[}}0, 4]]> : tensor<1x2xi8>
  // CHECK: %[[KB:.*]] = nv_tileaa.broadcast %[[K]]
  // CHECK: %[[SH:.*]] = arith.shli %[[E]], %[[KB]] : tensor<32x2xi8>
  // CHECK: %[[B:.*]] = nv_tileaa.reduce %[[SH]] {axis = 1 : i32, nv_tileaa.identities = [0 : i8]} : tensor<32x2xi8> -> tensor<32xi8>
  // CHECK: arith.ori
  // CHECK: nv_tileaa.return %[[B]]
  testing$func @pack_f4(%x: tile<64xf4E2M1FN>) -> tile<32xi8> {
    %p = pack %x : tile<64xf4E2M1FN> -> tile<32xi8>
    return %p : tile<32xi8>
  }

  // CHECK-LABEL: nv_tileaa.func @unpack_i4
  // CHECK: %[[C:.*]] = nv_tileaa.view %arg0 : tensor<32xi8> -> tensor<32x1xi8>
  // CHECK: %[[S:.*]] = nv_tileaa.broadcast %[[C]] : tensor<32x1xi8> -> tensor<32x2xi8>
  // CHECK: %[[K:.*]] = arith.constant dense<{{\[\[}}0, 4]]> : tensor<1x2xi8>
  // CHECK: %[[KB:.*]] = nv_tileaa.broadcast %[[K]]
  // CHECK: %[[SH:.*]] = arith.shrui %[[S]], %[[KB]] : tensor<32x2xi8>
  // CHECK: %[[T:.*]] = arith.trunci %[[SH]] : tensor<32x2xi8> to tensor<32x2xi4>
  // CHECK: %[[R:.*]] = nv_tileaa.view %[[T]] : tensor<32x2xi4> -> tensor<64xi4>
  // CHECK: nv_tileaa.return %[[R]]
  testing$func @unpack_i4(%y: tile<32xi8>) -> tile<64xi4> {
    %u = unpack %y : tile<32xi8> -> tile<64xi4>
    return %u : tile<64xi4>
  }

  // Eight i1 per byte, element 0 in bit 0.
  // CHECK-LABEL: nv_tileaa.func @pack_i1
  // CHECK: arith.extui %{{.*}} : tensor<8x8xi1> to tensor<8x8xi8>
  // CHECK: arith.constant dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi8>
  testing$func @pack_i1(%x: tile<64xi1>) -> tile<8xi8> {
    %p = pack %x : tile<64xi1> -> tile<8xi8>
    return %p : tile<8xi8>
  }
}
