// Ops without a lowering are reported, located, before anything is
// rewritten; the input is left unchanged.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s

cuda_tile.module @unsupported {
  testing$func @unpack(%x: tile<64xi8>) {
    // expected-error @below {{'cuda_tile.unpack' is not supported by tilecc yet}}
    %0 = unpack %x : tile<64xi8> -> tile<512xi1>
    return
  }
}

// -----

// Every unsupported op is reported, not only the first.
cuda_tile.module @several {
  testing$func @views(%y: tile<64xf16>, %x: tile<64xi8>) {
    // expected-error @below {{'cuda_tile.pack' is not supported by tilecc yet}}
    %p = pack %y : tile<64xf16> -> tile<128xi8>
    // expected-error @below {{'cuda_tile.unpack' is not supported by tilecc yet}}
    %0 = unpack %x : tile<64xi8> -> tile<512xi1>
    return
  }
}
