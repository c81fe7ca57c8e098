// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --tileas-plan-memory=arch=sm_100a --convert-tileas-to-llvm="arch=sm_100a" %S/../../Schedule/pipeline-dot-operands-tcgen05-registers.mlir --split-input-file | FileCheck %s

// A tmem_dot whose operands arrive in registers
// (test/Schedule/pipeline-dot-operands-tcgen05-registers.mlir) stages them
// as a plain tcgen05 dot does, into a buffer of its own (the MMAs read it
// after the op, until the loop's next tmem_wait), onto the accumulator
// tmem_alloc made: no allocation, no tcgen05.st / ld in the loop. f32
// operands: 128 x 64 x 64 splits into big and small tf32 parts (two per
// register), in two passes of 32 (64 KiB each); the first pass's first MMA
// takes the accumulator's enable-input-d flag, the second pass waits for
// the first's commit by the parity of the accumulator's commit count (a
// run-time value), each pass commits once (3 MMAs x 4 K steps).
// CHECK: llvm.mlir.global internal @tilecc_tmem_operands_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<65536 x i8>
// CHECK-LABEL: llvm.func @gemm_f32
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$1], 128;
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], $2;
// CHECK: llvm.mlir.addressof @tilecc_tmem_operands_0
// CHECK-NOT: tcgen05.alloc
// CHECK-NOT: tcgen05.st
// CHECK: cvt.rna.tf32.f32
// CHECK: fence.proxy.async.shared::cta
// CHECK: setp.ne.u32 %acc, $5, 0;\0A@%p tcgen05.mma.cta_group::1.kind::tf32 [$1], $2, $3, $4, %acc;
// CHECK-COUNT-11: @%p tcgen05.mma.cta_group::1.kind::tf32 [$1], $2, $3, $4, %p;
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], $1;
// CHECK: cvt.rna.tf32.f32
// CHECK-COUNT-12: @%p tcgen05.mma.cta_group::1.kind::tf32 [$1], $2, $3, $4, %p;
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK-NOT: tcgen05.ld
// CHECK: llvm.br
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 $1, 128;

// B through a transposed view: kind::f16 from registers, one pass, a
// 64-row tile on the padded M = 128 arrangement (read back 16x32bx2).
// CHECK-LABEL: llvm.func @gemm_transposed_b
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$1], 64;
// CHECK-NOT: tcgen05.alloc
// CHECK: setp.ne.u32 %acc, $5, 0;\0A@%p tcgen05.mma.cta_group::1.kind::f16
// CHECK: @%p tcgen05.mma.cta_group::1.kind::f16 [$1], $2, $3, $4, %p;
// CHECK: tcgen05.commit
// CHECK: tcgen05.ld.sync.aligned.16x32bx2.x32.b32

// A 16-row tile: its accumulator occupies 64 rows (64 columns allocated,
// read back 16x32bx2; only its own rows are read into registers).
// CHECK-LABEL: llvm.func @gemm_m16
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$1], 64;
// CHECK: tcgen05.mma.cta_group::1.kind::f16
// CHECK: tcgen05.ld.sync.aligned.16x32bx2.x32.b32

// The per-dot lowering where the operands' buffer did not fit.
// CHECK-LABEL: llvm.func @gemm_f32_no_room
// CHECK: tcgen05.alloc
// CHECK: tcgen05.mma.cta_group::1.kind::tf32
// CHECK: tcgen05.ld
// CHECK: tcgen05.dealloc
