// alloca forms tilecc cannot lower yet get a located diagnostic, from
// tilecc-opt and from the driver (exit code 1, no output file): scratch in
// global memory, and an alloca that may run more than once per tile block
// (in a loop or branch), which one static shared array cannot stand for.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s
// RUN: rm -f %t.cubin
// RUN: not tilecc -arch=sm_80 %s -o %t.cubin 2>&1 | FileCheck %s
// RUN: not test -e %t.cubin
// CHECK: unsupported-alloca.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'cuda_tile.alloca' op in global memory is not supported by tilecc yet

cuda_tile.module @global_scratch {
  entry @scratch() {
    // expected-error @below {{'cuda_tile.alloca' op in global memory is not supported by tilecc yet}}
    %0 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @loop_scratch {
  entry @scratch() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 4> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    for %iv in (%lb to %ub, step %step) : tile<i32> {
      // expected-error @below {{'cuda_tile.alloca' op is supported by tilecc only directly in an entry's body (one allocation per tile block)}}
      %0 = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
      continue
    }
    return
  }
}
