// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s

// A printed tile whose elements several threads hold is staged once per
// element, by the owner (lanes 0-3 of warp 0 here), so that threads do not
// race on the scratch buffer.
#S = #nv_tileas.linear<{register = [], lane = [(1), (2), (0), (0), (0)], warp = [(0), (0)]} -> {dim0 = 4}>
// CHECK-LABEL: llvm.func @print4
// CHECK: nvvm.barrier0
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq"
// CHECK: "@$2 st.shared.b32 [$0], $1;", "l,r,b" %{{.*}}, %{{.*}}, %[[OWNER]]
// CHECK: nvvm.barrier0
// CHECK: llvm.call @vprintf
nv_tileaa.func @print4(%t: tensor<4xi32, #S>) {
  nv_tileaa.print "%d\n", %t : tensor<4xi32, #S>
  nv_tileaa.return
}
