// RUN: tilecc-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

cuda_tile.module @m {
  // expected-error @below {{expected dictionary attribute for optimization_hints entry `sm_100` got value=2 : i64}}
  entry @k() optimization_hints=<sm_100 = 2> {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below {{duplicate optimization_hints key `sm_100`}}
  entry @k() optimization_hints=<sm_100 = {}, sm_100 = {}> {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below {{expected valid keyword or string}}
  entry @k() optimization_hints=<{}> {
    return
  }
}

// -----

// The generic form goes through the attribute verifier.
// expected-error @below {{expected dictionary attribute for optimization_hints entry `sm_90` got value="x"}}
"test.op"() {hints = #cuda_tile.optimization_hints<sm_90 = "x">} : () -> ()
