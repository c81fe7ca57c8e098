// alloca (tile-block scratch) has no lowering yet: a located diagnostic,
// from tilecc-opt and from the driver (exit code 1, no output file).
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s
// RUN: rm -f %t.cubin
// RUN: not tilecc -arch=sm_80 %s -o %t.cubin 2>&1 | FileCheck %s
// RUN: not test -e %t.cubin
// CHECK: unsupported-alloca.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'cuda_tile.alloca' is not supported by tilecc yet

cuda_tile.module @unsupported {
  entry @scratch() {
    // expected-error @below {{'cuda_tile.alloca' is not supported by tilecc yet}}
    %0 = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    return
  }
}
