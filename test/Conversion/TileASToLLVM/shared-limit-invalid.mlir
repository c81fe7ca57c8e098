// Past the target's per-block budget nothing fits: the diagnostic points at
// the largest need and names every buffer to shrink with its size.
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_86 --convert-tileas-to-llvm=arch=sm_86 --split-input-file --verify-diagnostics %s

module {
  // expected-error @+1 {{kernel uses too much shared data (0x20800 bytes, 0x18c00 max): it needs 133120 bytes of shared memory, more than the 101376 one CTA may use on sm_86: 131072 for shared buffer @big, 2048 for shared buffer @small; shrink those tiles (tile shape or element type) or split the work}}
  nv_tileas.global @big : tensor<65536xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileas.global @small : tensor<512xf32> {address_space = 3 : i32, alignment = 16 : i64}
  nv_tileaa.func @too_big() {
    nv_tileaa.return
  }
}

// -----

// A layout conversion's staging (elements move between warps: a round trip
// through shared memory) and a ring together.
#A = #nv_tileas.linear<{register = [(1), (2), (4), (8), (16), (32), (64), (128), (256), (512), (1024), (2048), (4096)], lane = [(8192), (16384), (32768), (65536), (131072)], warp = [(262144)]} -> {dim0 = 524288}>
#B = #nv_tileas.linear<{register = [(262144), (2), (4), (8), (16), (32), (64), (128), (256), (512), (1024), (2048), (4096)], lane = [(8192), (16384), (32768), (65536), (131072)], warp = [(1)]} -> {dim0 = 524288}>
module {
  nv_tileas.global @ring : tensor<1024xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @staging(%x: tensor<524288xf32, #A>) {
    // expected-error @+1 {{kernel uses too much shared data (0x200800 bytes, 0x18c00 max): it needs 2099200 bytes of shared memory, more than the 101376 one CTA may use on sm_86: 2097152 to stage the tiles of 'nv_tileas.convert_layout' (tensor<524288xf32>) here, 2048 for shared buffer @ring; shrink those tiles}}
    %y = nv_tileas.convert_layout %x : tensor<524288xf32, #A> -> tensor<524288xf32, #B>
    nv_tileaa.return
  }
}
