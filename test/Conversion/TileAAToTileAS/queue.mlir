// Grid, plugin and directive ops of the core populator.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-NOT: nv_tileaa.plugin
nv_tileaa.plugin @frag {library = "libfrag.so"} : (tensor<16xf32>) -> tensor<16xf32>
nv_tileaa.plugin @frag_smem {library = "libfrag.so"} : (tensor<16xf32, 3>) -> tensor<16xf32, 3>

// Program ids are CTA ids; an index result needs no cast.
// CHECK-LABEL: nv_tileaa.func @grid
// CHECK: %[[Y:.*]] = gpu.block_id y
// CHECK: %[[Z:.*]] = gpu.block_id z
// CHECK: arith.index_cast %[[Z]] : index to i64
// CHECK: %[[N:.*]] = gpu.grid_dim x
// CHECK: arith.index_cast %[[N]] : index to i32
// CHECK: nv_tileaa.return %[[Y]]
nv_tileaa.func @grid() -> index {
  %0 = nv_tileaa.get_program_id 1 : index
  %1 = nv_tileaa.get_program_id 2 : i64
  %2 = nv_tileaa.get_num_programs 0 : i32
  nv_tileaa.return %0 : index
}

// A plugin fragment with resources tilecc honours and matching operand
// layouts runs in place; pragma regions too; barriers pass values through.
// CHECK-LABEL: nv_tileaa.func @inline
// CHECK-SAME: (%[[X:[^:]*]]: tensor<16xf32>, %[[L:[^:]*]]: tensor<16xf32, 3 : i64>)
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[X]], %[[X]] : tensor<16xf32>
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[L]], %[[L]] : tensor<16xf32, 3 : i64>
// CHECK-NEXT: %[[S:.*]] = arith.subf %[[A]], %[[A]] : tensor<16xf32>
// CHECK-NEXT: nv_tileaa.return %[[S]], %[[M]] : tensor<16xf32>, tensor<16xf32, 3 : i64>
nv_tileaa.func @inline(%x: tensor<16xf32>, %l: tensor<16xf32, 3>) -> (tensor<16xf32>, tensor<16xf32, 3>) {
  %0 = nv_tileaa.execute(%x : tensor<16xf32>) -> tensor<16xf32> attributes {plugin = @frag, shared_memory_bytes = 1024, max_registers = 64} {
  ^bb0(%in: tensor<16xf32>):
    %s = nv_tileaa.addf %in, %in : tensor<16xf32>
    nv_tileaa.yield %s : tensor<16xf32>
  }
  %1 = nv_tileaa.execute(%l : tensor<16xf32, 3>) -> tensor<16xf32, 3> attributes {plugin = @frag_smem, input_layouts = [3]} {
  ^bb0(%in: tensor<16xf32, 3>):
    %m = nv_tileaa.mulf %in, %in : tensor<16xf32, 3>
    nv_tileaa.yield %m : tensor<16xf32, 3>
  }
  %2 = nv_tileaa.optimization_barrier %0 : tensor<16xf32>
  %3 = nv_tileaa.pragma {unroll = 4} -> tensor<16xf32> {
    %d = nv_tileaa.subf %2, %2 : tensor<16xf32>
    nv_tileaa.yield %d : tensor<16xf32>
  }
  nv_tileaa.return %3, %1 : tensor<16xf32>, tensor<16xf32, 3>
}

// mark_for_reuse stays (ConvertTileFuncToLLVM owns it) when given queues.
// CHECK-LABEL: nv_tileaa.func @reuse
// CHECK: nv_tileaa.mark_for_reuse %{{.*}} : !nv_tileaa.queue<[tensor<16xf32>]>
nv_tileaa.func @reuse(%q: !nv_tileaa.queue<[tensor<16xf32>]>) {
  nv_tileaa.mark_for_reuse %q : !nv_tileaa.queue<[tensor<16xf32>]>
  nv_tileaa.return
}

