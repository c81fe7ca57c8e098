// Scratch in global memory comes from the device heap and is freed when the
// body of its allocation scope ends, so an alloca global elsewhere (here in
// an if) is rejected with a located diagnostic from tilecc-opt and from the
// driver (exit code 1, no output). More cases: alloca-global.mlir.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --verify-diagnostics %s
// RUN: rm -f %t.cubin
// RUN: not tilecc -arch=sm_80 %s -o %t.cubin 2>&1 | FileCheck %s
// RUN: not test -e %t.cubin
// CHECK: unsupported-alloca.mlir:[[@LINE+6]]:{{[0-9]+}}: error: 'cuda_tile.alloca' op in global memory is supported by tilecc only directly in the body of a function, for or loop (the tile block frees it when that body ends)

cuda_tile.module @global_scratch {
  entry @scratch(%c: tile<i1>) {
    if %c {
      // expected-error @below {{'cuda_tile.alloca' op in global memory is supported by tilecc only directly in the body of a function, for or loop (the tile block frees it when that body ends)}}
      %0 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    }
    return
  }
}
