// RUN: tilecc-opt %s -Wunsupported-hints -split-input-file -verify-diagnostics
// With -Werr-hints each bad entry also fails verification of the op.
// RUN: not tilecc-opt %s -Wunsupported-hints -Werr-hints -split-input-file 2>&1 | FileCheck %s --check-prefix=ERR
// -Werr-hints alone changes nothing.
// RUN: tilecc-opt %s -Werr-hints -split-input-file -o /dev/null

// ERR: warning: unknown hint key sm_42
// ERR: error: 'cuda_tile.entry' op Optimization hints verification failed
cuda_tile.module @m {
  // expected-warning @below {{unknown hint key sm_42}}
  entry @k() optimization_hints=<sm_42 = {num_cta_in_cga = 2}> {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-warning @below {{latency is not known hint for current Operation}}
  entry @k() optimization_hints=<sm_100 = {latency = 2}> {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-warning @below {{expected power-of-two ≤ 16 for sm_120.num_cta_in_cga}}
  entry @k() optimization_hints=<sm_120 = {num_cta_in_cga = 32}> {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-warning @below {{expected 1 for sm_80.num_cta_in_cga (thread block clusters are not supported)}}
  entry @k() optimization_hints=<sm_80 = {num_cta_in_cga = 2}> {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-warning @below {{integer value expected for default.occupancy}}
  entry @k() optimization_hints=<default = {occupancy = true}> {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-warning @below {{integer value in the range [1, 32] is expected for sm_90.occupancy}}
  // expected-warning @below {{expected power-of-two ≤ 32 for sm_90.num_worker_warps_per_cta}}
  entry @k() optimization_hints=<sm_90 = {occupancy = 0, num_worker_warps_per_cta = 6}> {
    return
  }
}

// -----

// Valid hints produce no diagnostic.
cuda_tile.module @m {
  entry @k() optimization_hints=<sm_100 = {num_cta_in_cga = 16, num_worker_warps_per_cta = 4, occupancy = 32}, sm_80 = {num_cta_in_cga = 1}> {
    return
  }
}
