// RUN: tilecc-opt --tileas-plan-memory=arch=sm_80 --split-input-file --verify-diagnostics %s

// Past the per-block budget: ptxas's wording first (Triton's autotuner parses
// the hex numbers), at the largest need, naming every buffer to shrink.
module {
  // expected-error @+1 {{kernel uses too much shared data (0x38010 bytes, 0x28c00 max): it needs 229392 bytes of shared memory, more than the 166912 one CTA may use on sm_80: 229376 for shared buffer @huge, 16 for shared buffer @flag; shrink those tiles (tile shape or element type) or split the work}}
  nv_tileas.global @huge : tensor<114688xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileas.global @flag : tensor<4xi32> {address_space = 3 : i32, alignment = 16 : i64}
}

// -----

// A scratch user larger than every global is where the error points.
#S = #nv_tileas.linear<{register = [(128), (256), (512), (1024), (2048), (4096), (8192), (16384), (32768)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 65536}>
#W = #nv_tileas.linear<{register = [(1), (2), (512), (1024), (2048), (4096), (8192), (16384), (32768)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 65536}>
module {
  nv_tileas.global @ring : tensor<8192xf16> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @big(%x: tensor<65536xf32, #S>) {
    // expected-error @+1 {{kernel uses too much shared data (0x44000 bytes, 0x28c00 max): it needs 278528 bytes of shared memory, more than the 166912 one CTA may use on sm_80: 262144 to stage the tiles of 'nv_tileas.convert_layout' (tensor<65536xf32>) here, 16384 for shared buffer @ring; shrink those tiles (tile shape or element type) or split the work}}
    %y = nv_tileas.convert_layout %x : tensor<65536xf32, #S> -> tensor<65536xf32, #W>
    nv_tileaa.return
  }
}

// -----

// The total fits the budget, but the dynamic layout's alignment padding does
// not (1 byte, then 166896 bytes at a 1024-byte boundary).
// expected-error @+1 {{kernel needs 167920 bytes of shared memory, more than the 166912 one CTA may use on sm_80}}
module {
  nv_tileas.global @byte : tensor<1xi8> {address_space = 3 : i32, alignment = 1 : i64}
  nv_tileas.global @big : tensor<166896xi8> {address_space = 3 : i32, alignment = 1024 : i64}
}
