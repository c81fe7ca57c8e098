// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" %S/../../Schedule/pipeline-dot-operands-tcgen05-chained.mlir --split-input-file | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" --split-input-file --verify-diagnostics %s

// Attention's O resident in tensor memory
// (test/Schedule/pipeline-dot-operands-tcgen05-chained.mlir): O's columns
// are allocated once before the K/V loop; per iteration the loop-top wait
// for O's last commit, then S = Q K^T (a plain dot: its own allocation,
// commit, tcgen05.ld and release), then tmem_scale: each warp votes whether
// all its factors are 1 and, unless so (or nothing was accumulated yet),
// reads its rows with tcgen05.ld 16x32bx2 (64 rows: Layout F), multiplies
// every word by its row's alpha and writes them back (tcgen05.st,
// wait::st); then P and V staged, the tcgen05 barrier, the MMAs of
// O += P V (the first with the accumulator's flag) and one commit, no wait.
// O is read once after the loop.
// CHECK-LABEL: llvm.func @attention
// CHECK: nvvm.tcgen05.alloc
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: nvvm.tcgen05.alloc
// S's B (K^T) from K's ring slot: K-major descriptors of the 128-byte
// swizzle (0x4000404000010000: mode 2, SBO 1024, LBO 16), not staged.
// CHECK: llvm.mlir.constant(4611756662049538048 : i64)
// CHECK: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.commit
// CHECK: nvvm.tcgen05.ld {{.*}}shape_16x32bx2
// CHECK: nvvm.tcgen05.dealloc
// CHECK: %[[UNIT:.*]] = llvm.fcmp "oeq" %[[ALPHA:.*]], %{{.*}} : f32
// CHECK: %[[ALL:.*]] = nvvm.vote.sync  all %{{.*}}, %[[UNIT]] -> i1
// CHECK: %[[NOTALL:.*]] = llvm.xor %[[ALL]], %{{.*}} : i1
// CHECK: %[[SCALE:.*]] = llvm.and %{{.*}}, %[[NOTALL]] : i1
// CHECK: llvm.cond_br %[[SCALE]]
// CHECK: nvvm.tcgen05.ld {{.*}}shape_16x32bx2
// CHECK: nvvm.tcgen05.wait <load>
// CHECK-COUNT-32: llvm.fmul %{{.*}}, %[[ALPHA]] : f32
// CHECK: nvvm.tcgen05.st {{.*}}shape_16x32bx2
// CHECK-NEXT: nvvm.tcgen05.wait <store>
// CHECK: llvm.store
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.tcgen05.fence <before>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-COUNT-4: nvvm.tcgen05.mma
// CHECK-NEXT: nvvm.tcgen05.commit
// CHECK-NOT: nvvm.tcgen05.{{ld|alloc}}
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.tcgen05.ld {{.*}}shape_16x32bx2
// CHECK: nvvm.tcgen05.dealloc

// The batched accumulator (2 x 64 x 32): 64 columns (slice s at 32 s), per
// K step one MMA per slice (instruction descriptor 0x08080490: M = 128,
// the 64 rows padded as for the per-dot lowering; each slice's first MMA
// with the accumulator's flag), one commit; after the loop one tcgen05.ld per slice, then the
// release of all 64 columns.
// CHECK-LABEL: llvm.func @batched
// CHECK: %[[COLS:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %{{.*}}, %[[COLS]]
// CHECK: llvm.mlir.constant(134742032 : i32)
// CHECK: %[[FLAG:.*]] = llvm.icmp "ne"
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FLAG]]
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FLAG]]
// CHECK-NEXT: nvvm.tcgen05.commit
// CHECK-COUNT-2: nvvm.tcgen05.ld {{.*}}shape_16x32bx2
// CHECK: %[[FREE:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: nvvm.tcgen05.dealloc %{{.*}}, %[[FREE]]

// -----

// tmem_scale takes its factors in the accumulator's row layout
// (lib/Layout's getTcgen05AccumulatorRowLayout): here rows split across
// registers as mma.sync's accumulator holds them.
#R = #nv_tileas.linear<{register = [(8, 0)], lane = [(0, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 1}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16), (0, 32)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 64}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
  func.func @wrong_rows(%t: !nv_tileas.tmem_acc<tensor<64x64xf32, #C>>, %r: tensor<64x1xf32, #R>) {
    // expected-error @+2 {{takes its factors in the accumulator's row layout (getTcgen05AccumulatorRowLayout)}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.tmem_scale'}}
    %s = nv_tileas.tmem_scale %t, %r : !nv_tileas.tmem_acc<tensor<64x64xf32, #C>>, tensor<64x1xf32, #R>
    return
  }
}

// -----

// A batched tmem_dot stages its operands from registers: ring slots hold
// 2-d canonical layouts only.
#A3 = #nv_tileas.linear<{register = [(0, 0, 1), (0, 8, 0), (0, 0, 8), (1, 0, 0)], lane = [(0, 0, 2), (0, 0, 4), (0, 1, 0), (0, 2, 0), (0, 4, 0)], warp = [(0, 16, 0), (0, 32, 0)]} -> {dim0 = 2, dim1 = 64, dim2 = 16}>
#B3 = #nv_tileas.linear<{register = [(0, 1, 0), (0, 8, 0), (0, 0, 8), (0, 0, 16), (1, 0, 0)], lane = [(0, 2, 0), (0, 4, 0), (0, 0, 1), (0, 0, 2), (0, 0, 4)], warp = [(0, 0, 0), (0, 0, 0)]} -> {dim0 = 2, dim1 = 16, dim2 = 32}>
#C3 = #nv_tileas.linear<{register = [(0, 0, 1), (0, 8, 0), (0, 0, 8), (0, 0, 16), (1, 0, 0)], lane = [(0, 0, 2), (0, 0, 4), (0, 1, 0), (0, 2, 0), (0, 4, 0)], warp = [(0, 16, 0), (0, 32, 0)]} -> {dim0 = 2, dim1 = 64, dim2 = 32}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
  func.func @batched_from_slots(%fa: !nv_tileas.future<tensor<2x64x16xf16, #A3>>, %fb: !nv_tileas.future<tensor<2x16x32xf16, #B3>>, %t: !nv_tileas.tmem_acc<tensor<2x64x32xf32, #C3>>) {
    %a = nv_tileas.async.future_wait %fa {nv_tileas.tcgen05_operand = 0 : i32} : !nv_tileas.future<tensor<2x64x16xf16, #A3>>
    %b = nv_tileas.async.future_wait %fb {nv_tileas.tcgen05_operand = 1 : i32} : !nv_tileas.future<tensor<2x16x32xf16, #B3>>
    // expected-error @+2 {{stages batched operands from registers, not from ring slots}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.tmem_dot'}}
    %d = nv_tileas.tmem_dot %a, %b, %t {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<2x64x16xf16, #A3>, tensor<2x16x32xf16, #B3>, !nv_tileas.tmem_acc<tensor<2x64x32xf32, #C3>>
    return
  }
}

// -----

// A K-major B slot (tcgen05_operand = 2) is read only through the
// transpose a tcgen05 dot takes as B.
#K = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (16, 0), (32, 0)], lane = [(0, 8), (0, 16), (0, 32), (1, 0), (2, 0)], warp = [(4, 0), (8, 0)]} -> {dim0 = 64, dim1 = 64}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
  func.func @kmajor_b_read_directly(%f: !nv_tileas.future<tensor<64x64xf16, #K>>) -> tensor<64x64xf16, #K> {
    // expected-error @+2 {{a K-major B slot is read only by tcgen05 dots through its transpose}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.async.future_wait'}}
    %k = nv_tileas.async.future_wait %f {nv_tileas.tcgen05_operand = 2 : i32} : !nv_tileas.future<tensor<64x64xf16, #K>>
    return %k : tensor<64x64xf16, #K>
  }
}
