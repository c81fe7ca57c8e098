// A persistent-style kernel: each program processes its own work item, then
// keeps cancelling the launch of the next not-yet-started program and
// processing that program's item until no program is left. Every item must be
// processed exactly once, whichever CTA runs it.
// RUN: tilecc-opt --convert-tileaa-to-tileas=compute-capability=sm_100 --tileas-assign-layouts --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm=arch=sm_100 %s -o %t.llvm.mlir
// RUN: FileCheck %s --input-file=%t.llvm.mlir --check-prefix=LLVM
// RUN: tilecc -arch=sm_100 --emit=ptx %t.llvm.mlir -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX
// RUN: tilecc-ptxemu %t.ptx --grid 4 --block 128 --buf x:i32:128:iota --buf o:i32:128:zero --buf w:i32:4:zero --arg buf:x --arg buf:o --arg buf:w --arg i32:128 --print o --print w | FileCheck %s --check-prefix=EMU

// LLVM-DAG: llvm.mlir.global internal @tilecc_cancel_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<24 x i8>
// LLVM-DAG: llvm.mlir.global internal @tilecc_cancel_1() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<24 x i8>
// LLVM: nvvm.barrier0
// LLVM: mbarrier.arrive.expect_tx.shared::cta.b64 %state, [$2], 16
// LLVM: clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [$1], [$2]
// LLVM: mbarrier.try_wait.parity.shared::cta.b64
// LLVM: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> i128
// LLVM: nvvm.clusterlaunchcontrol.query.cancel query ={{ +}}is_canceled, %{{.*}} : i1
// LLVM: nvvm.clusterlaunchcontrol.query.cancel query ={{ +}}get_first_cta_id_x, %{{.*}} : i32

// PTX: clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128
// PTX: clusterlaunchcontrol.query_cancel.is_canceled.pred.b128
// PTX: clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128

// The emulator starts CTA 0 first; its cancellations take CTAs 3, 2 and 1
// before they start, so CTA 0 processes all four items (o = x + 1 once each)
// and records itself as each item's worker (w = ctaid + 1).
// EMU: {{^}}o: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128{{$}}
// EMU: {{^}}w: 1 1 1 1{{$}}
module {
  nv_tileaa.func @persistent(%x: !nv_tileaa.ptr<i32, 1>, %o: !nv_tileaa.ptr<i32, 1>, %w: !nv_tileaa.ptr<i32, 1>, %n: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %len = arith.index_cast %n : i32 to index
    %c4 = arith.constant 4 : index
    %xm = nv_tileaa.make_memref %x, %len : (!nv_tileaa.ptr<i32, 1>, index) -> !nv_tileaa.memref<?xi32, 1, strides = [1]>
    %om = nv_tileaa.make_memref %o, %len : (!nv_tileaa.ptr<i32, 1>, index) -> !nv_tileaa.memref<?xi32, 1, strides = [1]>
    %wm = nv_tileaa.make_memref %w, %c4 : (!nv_tileaa.ptr<i32, 1>, index) -> !nv_tileaa.memref<?xi32, 1, strides = [1]>
    %xv = nv_tileaa.block_tile %xm {dimGroups = [array<i64: 0>], tileSizes = array<i64: 32>} : !nv_tileaa.memref<?xi32, 1, strides = [1]> -> !nv_tileaa.tiled_view<32xi32, !nv_tileaa.memref<?xi32, 1, strides = [1]>>
    %ov = nv_tileaa.block_tile %om {dimGroups = [array<i64: 0>], tileSizes = array<i64: 32>} : !nv_tileaa.memref<?xi32, 1, strides = [1]> -> !nv_tileaa.tiled_view<32xi32, !nv_tileaa.memref<?xi32, 1, strides = [1]>>
    %wv = nv_tileaa.block_tile %wm {dimGroups = [array<i64: 0>], tileSizes = array<i64: 1>} : !nv_tileaa.memref<?xi32, 1, strides = [1]> -> !nv_tileaa.tiled_view<1xi32, !nv_tileaa.memref<?xi32, 1, strides = [1]>>
    %one = arith.constant dense<1> : tensor<32xi32>
    %own = nv_tileaa.get_program_id 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %own1 = arith.addi %own, %c1_i32 : i32
    %worker = nv_tileaa.splat %own1 : i32 -> tensor<1xi32>
    %first = nv_tileaa.cancel_next_program_id
    %items:2 = scf.while (%item = %own, %p = %first) : (i32, !nv_tileaa.program_id) -> (i32, !nv_tileaa.program_id) {
      // Process %item: o[item] = o[item] + x[item] + 1, w[item] = worker.
      %i = arith.index_cast %item : i32 to index
      %xt, %t0 = nv_tileaa.tiled_load %xv[%i], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<32xi32, !nv_tileaa.memref<?xi32, 1, strides = [1]>>, index, !nv_tileaa.mem_token -> tensor<32xi32>, !nv_tileaa.mem_token
      %ot, %t1 = nv_tileaa.tiled_load %ov[%i], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<32xi32, !nv_tileaa.memref<?xi32, 1, strides = [1]>>, index, !nv_tileaa.mem_token -> tensor<32xi32>, !nv_tileaa.mem_token
      %s0 = arith.addi %xt, %ot : tensor<32xi32>
      %s1 = arith.addi %s0, %one : tensor<32xi32>
      %t2 = nv_tileaa.tiled_store %ov[%i], %s1, %t1 {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : !nv_tileaa.tiled_view<32xi32, !nv_tileaa.memref<?xi32, 1, strides = [1]>>, tensor<32xi32>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
      %t3 = nv_tileaa.tiled_store %wv[%i], %worker, %tk {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : !nv_tileaa.tiled_view<1xi32, !nv_tileaa.memref<?xi32, 1, strides = [1]>>, tensor<1xi32>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
      %ok = nv_tileaa.is_valid_program_id %p
      scf.condition(%ok) %item, %p : i32, !nv_tileaa.program_id
    } do {
    ^bb0(%prev: i32, %p: !nv_tileaa.program_id):
      %next_item = nv_tileaa.get_program_id 0 of %p : i32
      %next = nv_tileaa.cancel_next_program_id
      scf.yield %next_item, %next : i32, !nv_tileaa.program_id
    }
    nv_tileaa.return
  }
}
