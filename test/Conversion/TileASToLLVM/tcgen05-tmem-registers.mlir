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
// CHECK: llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.try_wait
// CHECK: llvm.mlir.addressof @tilecc_tmem_operands_0
// CHECK-NOT: nvvm.tcgen05.alloc
// CHECK-NOT: nvvm.tcgen05.st
// CHECK: %[[FIRST:.*]] = llvm.icmp "ne" %{{.*}}, %{{.*}} : i32
// CHECK: cvt.rna.tf32.f32
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>
// CHECK: nvvm.elect.sync
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]] {{.*}}kind = #nvvm.tcgen05_mma_kind<tf32>
// CHECK-COUNT-11: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<tf32>
// CHECK-NEXT: nvvm.tcgen05.commit
// CHECK: llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: nvvm.mbarrier.try_wait
// CHECK: cvt.rna.tf32.f32
// CHECK: nvvm.elect.sync
// CHECK-COUNT-12: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<tf32>
// CHECK-NEXT: nvvm.tcgen05.commit
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<32xi32>
// CHECK: llvm.mlir.constant(128 : i32) : i32
// CHECK: nvvm.tcgen05.dealloc

// B through a transposed view: kind::f16 from registers, one pass, a
// 64-row tile on the padded M = 128 arrangement (read back 16x32bx2).
// CHECK-LABEL: llvm.func @gemm_transposed_b
// CHECK: llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc
// CHECK-NOT: nvvm.tcgen05.alloc
// CHECK: llvm.mlir.addressof @tilecc_tmem_operands_0
// CHECK: %[[FIRST:.*]] = llvm.icmp "ne" %{{.*}}, %{{.*}} : i32
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]] {{.*}}kind = #nvvm.tcgen05_mma_kind<f16>
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<f16>
// CHECK: nvvm.tcgen05.commit
// CHECK: nvvm.tcgen05.ld %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<32xi32>

// A 16-row tile: its accumulator occupies 64 rows (64 columns allocated,
// read back 16x32bx2; only its own rows are read into registers).
// CHECK-LABEL: llvm.func @gemm_m16
// CHECK: nvvm.tcgen05.alloc
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<f16>
// CHECK: nvvm.tcgen05.ld %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<32xi32>

// The per-dot lowering where the operands' buffer did not fit.
// CHECK-LABEL: llvm.func @gemm_f32_no_room
// CHECK: nvvm.tcgen05.alloc
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<tf32>
// CHECK: nvvm.tcgen05.ld
// CHECK: nvvm.tcgen05.dealloc
