// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=use-tma=false --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" %S/../../Schedule/pipeline-dot-operands-tcgen05.mlir --split-input-file | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" --split-input-file --verify-diagnostics %s

// The tensor-memory accumulator ops of the scheduled K loop
// (test/Schedule/pipeline-dot-operands-tcgen05.mlir): tmem_alloc (the state
// global's mbarrier and address slot, 128 columns, the zero C not stored),
// per iteration tmem_wait (skipped before the first commit, parity of the
// last one), tmem_dot (two K-step MMAs from slot descriptors, the first with
// the accumulator's enable-input-d flag, one commit), and tmem_load after
// the loop (wait, tcgen05.ld, dealloc, inval).
// CHECK-LABEL: llvm.func @gemm
// CHECK: llvm.mlir.addressof @tilecc_tmem_0
// CHECK: llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.init
// CHECK-NOT: tcgen05.st
// The wait for the last commit, in a branch taken once a commit was made.
// CHECK: %[[MADE:.*]] = llvm.icmp "ne" %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: llvm.cond_br %[[MADE]]
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: nvvm.cp.async.wait.group
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: nvvm.elect.sync
// CHECK: %[[FIRST:.*]] = llvm.icmp "ne" %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[NEXT:.*]] = llvm.mlir.constant(true) : i1
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]] {{.*}}kind = #nvvm.tcgen05_mma_kind<f16>
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NEXT]] {{.*}}kind = #nvvm.tcgen05_mma_kind<f16>
// CHECK-NEXT: nvvm.tcgen05.commit %{{.*}} : !llvm.ptr<3>
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<32xi32>
// CHECK: llvm.mlir.constant(128 : i32) : i32
// CHECK: nvvm.tcgen05.dealloc
// CHECK: nvvm.mbarrier.inval

// The other kinds from the same table: the 64-row e4m3 tile runs the
// M = 64 instruction (descriptor 0x04110010: E4M3 x E4M3 -> F32, N-major
// B, N = 64, M = 64; one K step of 32 bytes) onto 64 columns, read back
// with tcgen05.ld 16x32bx2 (its rows in lanes 0-15 of each quarter); the
// s8 tile kind::i8 (0x081104a0: S8 x S8 -> S32, M = 128), two K steps.
// CHECK-LABEL: llvm.func @gemm_e4m3_m64
// CHECK: nvvm.tcgen05.alloc
// CHECK: llvm.mlir.constant(68222992 : i32)
// CHECK: %[[FIRST:.*]] = llvm.icmp "ne"
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]] {{.*}}kind = #nvvm.tcgen05_mma_kind<f8f6f4>
// CHECK-NOT: tcgen05.mma
// CHECK: nvvm.tcgen05.commit
// CHECK: nvvm.tcgen05.ld %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<32xi32>
// CHECK: %[[COLS:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: nvvm.tcgen05.dealloc %{{.*}}, %[[COLS]]
// CHECK-LABEL: llvm.func @gemm_s8
// CHECK: llvm.mlir.constant(135333024 : i32)
// CHECK-COUNT-2: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<i8>
// CHECK: nvvm.tcgen05.commit
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<32xi32>
// An f16 accumulator: D type F16 (0x04110000), its cells' low halves read
// back from the 32-bit words.
// CHECK-LABEL: llvm.func @gemm_f16_acc
// CHECK: llvm.mlir.constant(68222976 : i32)
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<f16>
// CHECK: nvvm.tcgen05.ld %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<32xi32>
// CHECK: %[[H:.*]] = llvm.trunc %{{.*}} : i32 to i16
// CHECK-NEXT: llvm.bitcast %[[H]] : i16 to f16

#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = [(0, 32), (0, 64)]} -> {dim0 = 32, dim1 = 128}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (0, 64)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 128}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
  func.func @split_f32_from_slots(%fa: !nv_tileas.future<tensor<128x32xf32, #A>>, %fb: !nv_tileas.future<tensor<32x128xf32, #B>>, %t: !nv_tileas.tmem_acc<tensor<128x128xf32, #C>>) {
    %a = nv_tileas.async.future_wait %fa {nv_tileas.tcgen05_operand = 0 : i32} : !nv_tileas.future<tensor<128x32xf32, #A>>
    %b = nv_tileas.async.future_wait %fb {nv_tileas.tcgen05_operand = 1 : i32} : !nv_tileas.future<tensor<32x128xf32, #B>>
    // expected-error @+2 {{splits f32 operands into tf32 parts from registers, not from ring slots}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.tmem_dot'}}
    %d = nv_tileas.tmem_dot %a, %b, %t {atom = #nv_tileas.mma_atom<tcgen05, m128n128k8, f32 x f32 -> f32>} : tensor<128x32xf32, #A>, tensor<32x128xf32, #B>, !nv_tileas.tmem_acc<tensor<128x128xf32, #C>>
    return
  }
}

// -----

#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = [(0, 32), (0, 64)]} -> {dim0 = 32, dim1 = 128}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (0, 64)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 128}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
  func.func @not_a_kind(%a: tensor<128x32xf64, #A>, %b: tensor<32x128xf64, #B>, %t: !nv_tileas.tmem_acc<tensor<128x128xf64, #C>>) {
    // expected-error @+2 {{keeps accumulators of a tcgen05.mma kind (f16, tf32, f8f6f4, i8) in tensor memory, not atom #nv_tileas.mma_atom<tcgen05, m128n128k4, f64 x f64 -> f64>}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.tmem_dot'}}
    %d = nv_tileas.tmem_dot %a, %b, %t {atom = #nv_tileas.mma_atom<tcgen05, m128n128k4, f64 x f64 -> f64>} : tensor<128x32xf64, #A>, tensor<32x128xf64, #B>, !nv_tileas.tmem_acc<tensor<128x128xf64, #C>>
    return
  }
}

// -----

#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)]} -> {dim0 = 32, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)]} -> {dim0 = 32, dim1 = 32}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)]} -> {dim0 = 32, dim1 = 32}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
  func.func @m32(%a: tensor<32x32xf16, #A>, %b: tensor<32x32xf16, #B>, %t: !nv_tileas.tmem_acc<tensor<32x32xf32, #C>>) {
    // expected-error @+2 {{the tcgen05 atom #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32> does not fit this dot's tile}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.tmem_dot'}}
    %d = nv_tileas.tmem_dot %a, %b, %t {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<32x32xf16, #A>, tensor<32x32xf16, #B>, !nv_tileas.tmem_acc<tensor<32x32xf32, #C>>
    return
  }
}

// -----

#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)]} -> {dim0 = 32, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)]} -> {dim0 = 32, dim1 = 32}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)]} -> {dim0 = 32, dim1 = 32}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
  func.func @m32_slots(%fa: !nv_tileas.future<tensor<32x32xf16, #A>>, %fb: !nv_tileas.future<tensor<32x32xf16, #B>>, %t: !nv_tileas.tmem_acc<tensor<32x32xf32, #C>>) {
    %a = nv_tileas.async.future_wait %fa {nv_tileas.tcgen05_operand = 0 : i32} : !nv_tileas.future<tensor<32x32xf16, #A>>
    %b = nv_tileas.async.future_wait %fb {nv_tileas.tcgen05_operand = 1 : i32} : !nv_tileas.future<tensor<32x32xf16, #B>>
    // expected-error @+2 {{needs M = 64 or a multiple of 128, N a power of two from 16 and K a multiple of 16}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.tmem_dot'}}
    %d = nv_tileas.tmem_dot %a, %b, %t {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<32x32xf16, #A>, tensor<32x32xf16, #B>, !nv_tileas.tmem_acc<tensor<32x32xf32, #C>>
    return
  }
}
