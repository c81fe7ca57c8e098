// RUN: tilecc-opt --tileas-plan-memory=arch=sm_80 --split-input-file %s | FileCheck %s

// One conversion through shared memory (512 f32 = 2048 bytes) and one that
// only permutes registers: the first takes its turn in tilecc_scratch behind
// a barrier, the second needs no shared memory.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
#A = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = []} -> {dim0 = 128}>
#B = #nv_tileas.linear<{register = [(2), (1)], lane = [(4), (8), (16), (32), (64)], warp = []} -> {dim0 = 128}>
// CHECK-LABEL: module attributes
// CHECK-SAME: nv_tileas.memory_plan = {buffers = [{alignment = 16 : i64, bytes = 2048 : i64, name = "tilecc_scratch", offset = 0 : i64}], dynamic = false, shared_bytes = 2048 : i64}
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = true, buffer = "tilecc_scratch", bytes = 2048 : i64, offset = 0 : i64}}
// CHECK: nv_tileas.convert_layout
// CHECK-NOT: nv_tileas.shared
// CHECK: nv_tileaa.return
nv_tileaa.func @one(%x: tensor<512xf32, #S>, %p: tensor<128xf32, #A>) {
  %y = nv_tileas.convert_layout %x : tensor<512xf32, #S> -> tensor<512xf32, #W>
  %q = nv_tileas.convert_layout %p : tensor<128xf32, #A> -> tensor<128xf32, #B>
  nv_tileaa.return
}

// -----

// Two conversions through shared memory in one block get a buffer each
// (they fit 48 KiB) and drop their leading barriers; the broadcast keeps
// its turn in tilecc_scratch (128 bytes) behind a barrier. Offsets follow
// the declaration order.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
#R = #nv_tileas.linear<{register = [], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = [(0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 32}>
#C = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 2), (0, 4), (0, 8), (0, 16), (1, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 2, dim1 = 32}>
// CHECK-LABEL: module attributes
// CHECK-SAME: nv_tileas.memory_plan = {buffers = [{alignment = 16 : i64, bytes = 128 : i64, name = "tilecc_scratch", offset = 0 : i64}, {alignment = 16 : i64, bytes = 2048 : i64, name = "tilecc_scratch_0", offset = 128 : i64}, {alignment = 16 : i64, bytes = 2048 : i64, name = "tilecc_scratch_1", offset = 2176 : i64}], dynamic = false, shared_bytes = 4224 : i64}
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = false, buffer = "tilecc_scratch_0", bytes = 2048 : i64, offset = 128 : i64}}
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = false, buffer = "tilecc_scratch_1", bytes = 2048 : i64, offset = 2176 : i64}}
// CHECK: nv_tileas.broadcast {{.*}} {nv_tileas.shared = {barrier = true, buffer = "tilecc_scratch", bytes = 128 : i64, offset = 0 : i64}}
nv_tileaa.func @own_buffers(%x: tensor<512xf32, #S>, %y: tensor<512xf32, #S>, %r: tensor<1x32xf32, #R>) {
  %a = nv_tileas.convert_layout %x : tensor<512xf32, #S> -> tensor<512xf32, #W>
  %b = nv_tileas.convert_layout %y : tensor<512xf32, #S> -> tensor<512xf32, #W>
  %c = nv_tileas.broadcast %r : tensor<1x32xf32, #R> to tensor<2x32xf32, #C>
  nv_tileaa.return
}

// -----

// In different blocks each conversion still gets its own buffer but keeps
// its barrier: nothing is known to run a barrier between two runs of the
// loop's one.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
// CHECK-LABEL: nv_tileaa.func @different_blocks
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = true, buffer = "tilecc_scratch_0"
// CHECK: scf.for
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = true, buffer = "tilecc_scratch_1"
nv_tileaa.func @different_blocks(%x: tensor<512xf32, #S>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = nv_tileas.convert_layout %x : tensor<512xf32, #S> -> tensor<512xf32, #W>
  scf.for %i = %c0 to %n step %c1 {
    %b = nv_tileas.convert_layout %x : tensor<512xf32, #S> -> tensor<512xf32, #W>
    scf.yield
  }
  nv_tileaa.return
}

// -----

// When the conversions' own buffers would not fit the static limit next to
// a 40 KiB ring, they take turns in tilecc_scratch behind barriers; the ring
// is placed after it at its alignment.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
#S2 = #nv_tileas.linear<{register = [(128), (256), (512), (1024)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 2048}>
#W2 = #nv_tileas.linear<{register = [(1), (2), (512), (1024)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 2048}>
// CHECK-LABEL: module attributes
// CHECK-SAME: nv_tileas.memory_plan = {buffers = [{alignment = 16 : i64, bytes = 8192 : i64, name = "tilecc_scratch", offset = 0 : i64}], dynamic = false, shared_bytes = 49152 : i64}
// CHECK: nv_tileas.global @ring {{.*}} {address_space = 3 : i32, alignment = 128 : i64, nv_tileas.shared = {bytes = 40960 : i64, offset = 8192 : i64}}
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = true, buffer = "tilecc_scratch", bytes = 8192 : i64, offset = 0 : i64}}
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = true, buffer = "tilecc_scratch", bytes = 2048 : i64, offset = 0 : i64}}
nv_tileas.global @ring : tensor<20480xf16> {address_space = 3 : i32, alignment = 128 : i64}
nv_tileaa.func @taking_turns(%x: tensor<2048xf32, #S2>, %y: tensor<512xf32, #S>) {
  %a = nv_tileas.convert_layout %x : tensor<2048xf32, #S2> -> tensor<2048xf32, #W2>
  %b = nv_tileas.convert_layout %y : tensor<512xf32, #S> -> tensor<512xf32, #W>
  nv_tileaa.return
}

// -----

// Two conversions with buffers of their own feeding one dot: the dot's
// fragment loads move down to its multiply-adds, past the second
// conversion (sinkFragmentLoads), so the first waits for the previous turn
// at its buffer itself; the second comes after that barrier.
#S = #nv_tileas.linear<{register = [(1, 0)], lane = [(0, 1), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#T = #nv_tileas.linear<{register = [(0, 1)], lane = [(1, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#C = #nv_tileas.linear<{register = [], lane = [(0, 1), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#A = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 0), (1, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
#B = #nv_tileas.linear<{register = [(1, 0)], lane = [(0, 1), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 2, dim1 = 2}>
// CHECK-LABEL: nv_tileaa.func @dot_operands
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = true, buffer = "tilecc_scratch_0"
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = false, buffer = "tilecc_scratch_1"
nv_tileaa.func @dot_operands(%x: tensor<2x2xf32, #S>, %y: tensor<2x2xf32, #T>, %c: tensor<2x2xf32, #C>) -> tensor<2x2xf32, #C> attributes {nv_tileas.num_warps = 1 : i32} {
  %a = nv_tileas.convert_layout %x : tensor<2x2xf32, #S> -> tensor<2x2xf32, #A>
  %b = nv_tileas.convert_layout %y : tensor<2x2xf32, #T> -> tensor<2x2xf32, #B>
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<2x2xf32, #A>, tensor<2x2xf32, #B>, tensor<2x2xf32, #C> -> tensor<2x2xf32, #C>
  nv_tileaa.return %d : tensor<2x2xf32, #C>
}

// -----

// Four conversions feeding dots need 64 KiB as buffers of their own, more
// than the static 48 KiB: the dot operands still take a buffer per operand
// position of their block, shared by the two branches (32 KiB), instead of
// one scratch where the first operand's fragments would wait in registers
// for the second's round trip. Each block's first one takes the barrier.
#S = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (32, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = []} -> {dim0 = 64, dim1 = 64}>
#C = #nv_tileas.linear<{register = [(0, 8), (0, 16), (0, 32), (4, 0), (8, 0), (16, 0), (32, 0)], lane = [(0, 1), (0, 2), (0, 4), (1, 0), (2, 0)], warp = []} -> {dim0 = 64, dim1 = 64}>
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (4, 0), (8, 0), (16, 0), (32, 0)], lane = [(0, 0), (0, 0), (0, 0), (1, 0), (2, 0)], warp = []} -> {dim0 = 64, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0), (32, 0), (0, 8), (0, 16), (0, 32)], lane = [(0, 1), (0, 2), (0, 4), (0, 0), (0, 0)], warp = []} -> {dim0 = 64, dim1 = 64}>
// CHECK-LABEL: module attributes
// CHECK-SAME: nv_tileas.memory_plan = {buffers = [{alignment = 16 : i64, bytes = 16384 : i64, name = "tilecc_scratch_0", offset = 0 : i64}, {alignment = 16 : i64, bytes = 16384 : i64, name = "tilecc_scratch_1", offset = 16384 : i64}], dynamic = false, shared_bytes = 32768 : i64}
// CHECK: scf.if
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = true, buffer = "tilecc_scratch_0"
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = false, buffer = "tilecc_scratch_1"
// CHECK: } else {
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = true, buffer = "tilecc_scratch_0"
// CHECK: nv_tileas.convert_layout {{.*}} {nv_tileas.shared = {barrier = false, buffer = "tilecc_scratch_1"
nv_tileaa.func @slots(%x: tensor<64x64xf32, #S>, %y: tensor<64x64xf32, #S>, %c: tensor<64x64xf32, #C>, %p: i1) -> tensor<64x64xf32, #C> attributes {nv_tileas.num_warps = 1 : i32} {
  %r = scf.if %p -> tensor<64x64xf32, #C> {
    %a = nv_tileas.convert_layout %x : tensor<64x64xf32, #S> -> tensor<64x64xf32, #A>
    %b = nv_tileas.convert_layout %y : tensor<64x64xf32, #S> -> tensor<64x64xf32, #B>
    %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<64x64xf32, #A>, tensor<64x64xf32, #B>, tensor<64x64xf32, #C> -> tensor<64x64xf32, #C>
    scf.yield %d : tensor<64x64xf32, #C>
  } else {
    %a = nv_tileas.convert_layout %y : tensor<64x64xf32, #S> -> tensor<64x64xf32, #A>
    %b = nv_tileas.convert_layout %x : tensor<64x64xf32, #S> -> tensor<64x64xf32, #B>
    %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<64x64xf32, #A>, tensor<64x64xf32, #B>, tensor<64x64xf32, #C> -> tensor<64x64xf32, #C>
    scf.yield %d : tensor<64x64xf32, #C>
  }
  nv_tileaa.return %r : tensor<64x64xf32, #C>
}
