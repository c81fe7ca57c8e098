// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=warp-specialize=false --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" %S/../../Schedule/pipeline-dot-operands-tcgen05-tma.mlir --split-input-file | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" %S/../../Schedule/pipeline-dot-operands-tcgen05-tma.mlir --split-input-file | FileCheck %s --check-prefix=ROLES

// The TMA ring of a resident tcgen05 dot (test/Schedule/
// pipeline-dot-operands-tcgen05-tma.mlir, without warp roles): every
// barrier of the pipeline takes one arrival (the empty ones: the MMAs'
// commit); in the loop the fill is waited for by warp 0 only (tid < 32),
// the two K-step MMAs issue with no commit of their own, the issuing thread
// commits them onto the fill's empty barrier (fill >= 0), warp 0 waits for
// the slot of the next fill and the elected thread issues its boxes; after
// the loop one commit onto the accumulator's barrier, every thread's wait
// for it, tcgen05.ld.
// CHECK-LABEL: llvm.func @gemm
// CHECK-COUNT-6: nvvm.mbarrier.init %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.tcgen05.alloc
// CHECK: llvm.icmp "ult"
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.mma
// CHECK-NOT: nvvm.tcgen05.commit
// CHECK: llvm.icmp "sge"
// CHECK: nvvm.tcgen05.commit
// CHECK-NOT: nvvm.tcgen05.commit
// CHECK: llvm.icmp "ult"
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.mbarrier.arrive
// CHECK: nvvm.tcgen05.commit
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.tcgen05.ld
// CHECK: nvvm.tcgen05.dealloc

// With warp roles (the 8-warp kernel): the producer warpgroup (warps 8-11)
// branches off at tid >= 256 and runs the fills; the consumer's barriers
// count its 256 threads only.
// ROLES-LABEL: llvm.func @gemm
// ROLES: nvvm.barrier0
// ROLES: llvm.icmp "ult" %{{.*}}, %{{.*}} : i32
// ROLES: nvvm.cp.async.bulk.tensor.shared.cluster.global
// ROLES: nvvm.tcgen05.alloc
// ROLES: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// ROLES: nvvm.tcgen05.mma
// ROLES: nvvm.tcgen05.commit
// ROLES: nvvm.tcgen05.commit
// ROLES: nvvm.tcgen05.ld
