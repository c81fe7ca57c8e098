// Scratch in global memory would need a buffer per tile block sized by the
// grid at launch, which tilecc's kernel ABI does not provide: a located
// diagnostic from tilecc-opt and from the driver (exit code 1, no output).
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --verify-diagnostics %s
// RUN: rm -f %t.cubin
// RUN: not tilecc -arch=sm_80 %s -o %t.cubin 2>&1 | FileCheck %s
// RUN: not test -e %t.cubin
// CHECK: unsupported-alloca.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'cuda_tile.alloca' op in global memory is not supported by tilecc: it needs a scratch buffer per tile block sized by the grid at launch, which tilecc's kernel ABI does not provide

cuda_tile.module @global_scratch {
  entry @scratch() {
    // expected-error @below {{'cuda_tile.alloca' op in global memory is not supported by tilecc: it needs a scratch buffer per tile block sized by the grid at launch, which tilecc's kernel ABI does not provide}}
    %0 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    return
  }
}
