// pack / unpack of tf32 (19 bits kept in a 32-bit container) are reported,
// located, before anything is rewritten; the input is left unchanged.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s

cuda_tile.module @unsupported {
  testing$func @unpack(%x: tile<64xi8>) {
    // expected-error @below {{'cuda_tile.unpack' op on tf32 elements is not supported by tilecc yet}}
    %0 = unpack %x : tile<64xi8> -> tile<16xtf32>
    return
  }
}

// -----

// Every unsupported op is reported, not only the first, and the supported
// packs beside them are not expanded either.
cuda_tile.module @several {
  testing$func @views(%y: tile<64xf16>, %x: tile<64xi8>, %b: tile<64xi1>, %t: tile<16xtf32>) {
    %p = pack %y : tile<64xf16> -> tile<128xi8>
    %q = pack %b : tile<64xi1> -> tile<8xi8>
    // expected-error @below {{'cuda_tile.unpack' op on tf32 elements is not supported by tilecc yet}}
    %0 = unpack %x : tile<64xi8> -> tile<16xtf32>
    // expected-error @below {{'cuda_tile.pack' op on tf32 elements is not supported by tilecc yet}}
    %1 = pack %t : tile<16xtf32> -> tile<64xi8>
    return
  }
}
