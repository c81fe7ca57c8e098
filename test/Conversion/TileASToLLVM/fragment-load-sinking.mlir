// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file %s | FileCheck %s

// A 16x32 A operand read back from the scratch buffer with one ldmatrix.x4
// per K step of 16: the dot issues its MMAs one K step at a time and each
// fragment load moves down to the MMA that consumes it, so the second
// step's load comes after the first step's MMA. The address is 32 bits.
#L = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (8, 0)], lane = [(0, 8), (0, 16), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0), (16, 0)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-LABEL: llvm.func @interleaved
// CHECK: nvvm.barrier0
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32
// CHECK-NOT: ldmatrix
// CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32
// CHECK-NOT: ldmatrix
// CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-NOT: mma.sync
nv_tileaa.func @interleaved(%x: tensor<16x32xf16, #L>, %y: tensor<32x8xf16, #B>, %acc: tensor<16x8xf32, #C>) -> tensor<16x8xf32, #C> attributes {nv_tileas.num_warps = 1 : i32} {
  %a = nv_tileas.convert_layout %x : tensor<16x32xf16, #L> -> tensor<16x32xf16, #A>
  %d = nv_tileas.dot %a, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<16x32xf16, #A>, tensor<32x8xf16, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return %d : tensor<16x8xf32, #C>
}

// -----

// A second conversion gets a scratch buffer of its own: the loads of the
// first move past its stores and barrier (they write another buffer, and no
// write of the first buffer follows), each to the MMA that consumes it.
#L = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (8, 0)], lane = [(0, 8), (0, 16), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0), (16, 0)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-LABEL: llvm.func @own_buffers
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK-NOT: ldmatrix
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK: nvvm.ldmatrix
// // CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK: nvvm.ldmatrix
// CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK: nvvm.ldmatrix
// CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK: nvvm.ldmatrix
// CHECK: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>
nv_tileaa.func @own_buffers(%x: tensor<16x32xf16, #L>, %z: tensor<16x32xf16, #L>, %y: tensor<32x8xf16, #B>, %acc: tensor<16x8xf32, #C>) -> tensor<16x8xf32, #C> attributes {nv_tileas.num_warps = 1 : i32} {
  %a = nv_tileas.convert_layout %x : tensor<16x32xf16, #L> -> tensor<16x32xf16, #A>
  %b = nv_tileas.convert_layout %z : tensor<16x32xf16, #L> -> tensor<16x32xf16, #A>
  %s = nv_tileas.dot %a, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<16x32xf16, #A>, tensor<32x8xf16, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  %d = nv_tileas.dot %b, %y, %s {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<16x32xf16, #A>, tensor<32x8xf16, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return %d : tensor<16x8xf32, #C>
}

// -----

// An FMA dot (2x2x2 on one warp) whose A and B come through shared memory:
// its multiply-adds consume the fragments, so A's load moves past B's
// stores and barrier (they write another buffer) to the first fma. The
// mark on the multiply-adds is gone afterwards.
#S = #nv_tileas.linear<{register = [(1, 0)], lane = [(0, 1), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#T = #nv_tileas.linear<{register = [(0, 1)], lane = [(1, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#C = #nv_tileas.linear<{register = [], lane = [(0, 1), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#A = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 0), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#B = #nv_tileas.linear<{register = [(1, 0)], lane = [(0, 1), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
// CHECK-LABEL: llvm.func @fma_operands
// CHECK: st.shared
// CHECK: nvvm.barrier0
// CHECK-NOT: llvm.load
// CHECK: st.shared
// CHECK-NOT: llvm.load
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> vector<2xf32>
// CHECK-NOT: tilecc.dot_fma
// CHECK: llvm.intr.fma
// CHECK-NOT: tilecc.dot_fma
nv_tileaa.func @fma_operands(%x: tensor<2x2xf32, #S>, %y: tensor<2x2xf32, #T>, %c: tensor<2x2xf32, #C>) -> tensor<2x2xf32, #C> attributes {nv_tileas.num_warps = 1 : i32} {
  %a = nv_tileas.convert_layout %x : tensor<2x2xf32, #S> -> tensor<2x2xf32, #A>
  %b = nv_tileas.convert_layout %y : tensor<2x2xf32, #T> -> tensor<2x2xf32, #B>
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<2x2xf32, #A>, tensor<2x2xf32, #B>, tensor<2x2xf32, #C> -> tensor<2x2xf32, #C>
  nv_tileaa.return %d : tensor<2x2xf32, #C>
}
