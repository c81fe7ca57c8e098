// RUN: tilecc-opt %s --allow-unregistered-dialect --test-debuginfo-update-symbol-name="symbol-to-rename=m::a scope=m::b new-name=c update-uses=true" -verify-diagnostics

cuda_tile.module @m {
  // expected-error @below {{attempted to update symbol names in a scope that did not enclose the symbol itself}}
  entry @a() {
    return
  }
  // expected-note @below {{scope defined here}}
  entry @b() {
    return
  }
}
