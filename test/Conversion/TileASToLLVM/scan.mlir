// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

// A 1-d tile: register bit 0 holds coordinate bit 0, five lanes the next
// bits, two warps the top ones. The two registers are walked in the thread
// (one combine for the prefix, one for the total), each lane bit is one
// butterfly shuffle, and the warps exchange block totals in the scratch
// buffer (2 registers * 4 warps * 32 lanes * 4 bytes = 1024 bytes).
#L = #nv_tileas.linear<{register = [(1)], lane = [(2), (4), (8), (16), (32)], warp = [(64), (128)]} -> {dim0 = 256}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<1024 x i8>
// CHECK-LABEL: llvm.func internal @cumsum_1d
// CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: llvm.fadd %[[R0]], %[[R1]] : f32
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
nv_tileaa.func private @cumsum_1d(%x: tensor<256xf32, #L>) -> tensor<256xf32, #L> {
  %s = nv_tileas.scan %x {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<256xf32, #L> -> tensor<256xf32, #L> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    nv_tileas.yield %c : f32
  }
  nv_tileaa.return %s : tensor<256xf32, #L>
}

// -----

// Columns on lanes (one lane bit duplicates data and is not shuffled), rows
// on warps: scanning dim1 needs only shuffles. A reverse scan puts the lanes
// with the bit clear second (xor with true), and the combiner takes the
// earlier block on the left: subf(partner total, own prefix).
#P = #nv_tileas.linear<{register = [], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 0)], warp = [(1, 0), (2, 0)]} -> {dim0 = 4, dim1 = 16}>
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: llvm.func internal @reverse_rows
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: %[[SECOND:.*]] = llvm.xor %{{.*}}, %[[TRUE]] : i1
// CHECK: %[[PARTNER:.*]] = nvvm.shfl.sync bfly
// CHECK: %[[P:.*]] = llvm.bitcast %[[PARTNER]] : i32 to f32
// CHECK: llvm.fsub %[[P]], %[[X:.*]] : f32
// CHECK-COUNT-3: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func private @reverse_rows(%x: tensor<4x16xf32, #P>) -> tensor<4x16xf32, #P> {
  %m = nv_tileas.scan %x {atom = #nv_tileas<reduce_atom warp_shfl_up_f32>, axis = 1 : i32, reverse = true} : tensor<4x16xf32, #P> -> tensor<4x16xf32, #P> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.subf %a, %b : f32
    nv_tileas.yield %c : f32
  }
  nv_tileaa.return %m : tensor<4x16xf32, #P>
}

// -----

// Rows on registers (in the thread only): a two-operand scan walks the four
// registers in order, three prefix and three total combines per operand,
// with no shuffle and no shared memory.
#Q = #nv_tileas.linear<{register = [(1, 0), (2, 0)], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = []} -> {dim0 = 4, dim1 = 32}>
// CHECK-LABEL: llvm.func internal @argmax_prefix
// CHECK-COUNT-6: llvm.icmp "sgt"
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func private @argmax_prefix(%v: tensor<4x32xi32, #Q>, %i: tensor<4x32xi32, #Q>) -> tensor<4x32xi32, #Q> {
  %m:2 = nv_tileas.scan %v, %i {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<4x32xi32, #Q>, tensor<4x32xi32, #Q> -> tensor<4x32xi32, #Q>, tensor<4x32xi32, #Q> {
  ^bb0(%av: i32, %ai: i32, %bv: i32, %bi: i32):
    %gt = arith.cmpi sgt, %bv, %av : i32
    %nv = arith.select %gt, %bv, %av : i32
    %ni = arith.select %gt, %bi, %ai : i32
    nv_tileas.yield %nv, %ni : i32, i32
  }
  nv_tileaa.return %m#1 : tensor<4x32xi32, #Q>
}

// -----

// A lane bit that walks both the scanned and a kept dimension.
#S = #nv_tileas.linear<{register = [], lane = [(1, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = []} -> {dim0 = 2, dim1 = 32}>
nv_tileaa.func private @skewed(%x: tensor<2x32xf32, #S>) -> tensor<2x32xf32, #S> {
  // expected-error @+2 {{scan of this layout is not supported: a thread bit that moves along the scanned and a kept dimension at once}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.scan'}}
  %m = nv_tileas.scan %x {atom = #nv_tileas<reduce_atom smem_tree>, axis = 1 : i32} : tensor<2x32xf32, #S> -> tensor<2x32xf32, #S> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    nv_tileas.yield %c : f32
  }
  nv_tileaa.return %m : tensor<2x32xf32, #S>
}

// -----

// Results in another layout than the inputs.
#A = #nv_tileas.linear<{register = [], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = [(1, 0), (2, 0)]} -> {dim0 = 4, dim1 = 32}>
#B = #nv_tileas.linear<{register = [], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = [(2, 0), (1, 0)]} -> {dim0 = 4, dim1 = 32}>
nv_tileaa.func private @other_layout(%x: tensor<4x32xf32, #A>) -> tensor<4x32xf32, #B> {
  // expected-error @+2 {{scan inputs and results must share one layout}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.scan'}}
  %m = nv_tileas.scan %x {atom = #nv_tileas<reduce_atom smem_tree>, axis = 1 : i32} : tensor<4x32xf32, #A> -> tensor<4x32xf32, #B> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    nv_tileas.yield %c : f32
  }
  nv_tileaa.return %m : tensor<4x32xf32, #B>
}
