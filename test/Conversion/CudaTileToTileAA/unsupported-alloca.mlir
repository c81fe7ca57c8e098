// alloca global is freed at every exit of its allocation scope (see
// alloca-global.mlir); what tilecc still refuses around it is a return from
// inside a loop, which the control-flow lowering does not support: a
// located diagnostic from tilecc-opt and from the driver (exit code 1, no
// output).
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --verify-diagnostics %s
// RUN: rm -f %t.cubin
// RUN: not tilecc -arch=sm_80 %s -o %t.cubin 2>&1 | FileCheck %s
// RUN: not test -e %t.cubin
// CHECK: unsupported-alloca.mlir:[[@LINE+8]]:{{[0-9]+}}: error: 'cuda_tile.return' op inside a loop is not supported by tilecc yet

cuda_tile.module @global_scratch {
  entry @scratch(%c: tile<i1>) {
    loop {
      %0 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
      if %c {
        // expected-error @below {{'cuda_tile.return' op inside a loop is not supported by tilecc yet}}
        return
      }
      continue
    }
    return
  }
}
