// gather_load / scatter_store through a memref become a tile of pointers
// (base + offset + sum of index * stride, in i64) and the pointer-tile
// load / store; lanes outside the memref's extents join the masked-off ones.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @gather
// CHECK-SAME: (%[[P:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[M:[^:]*]]: index, %[[N:[^:]*]]: index, %[[S:[^:]*]]: index, %[[I:[^:]*]]: tensor<16xi32>, %[[J:[^:]*]]: tensor<16xindex>, %[[K:[^:]*]]: tensor<16xi1>, %[[V:[^:]*]]: tensor<16xf32>)
// CHECK: %[[OFF:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[BASE:.*]] = tensor.splat %[[OFF]] : tensor<16xi64>
// CHECK: %[[I64:.*]] = arith.extsi %[[I]] : tensor<16xi32> to tensor<16xi64>
// CHECK: %[[S64:.*]] = arith.index_cast %[[S]] : index to i64
// CHECK: %[[SS:.*]] = tensor.splat %[[S64]] : tensor<16xi64>
// CHECK: %[[ROW:.*]] = arith.muli %[[I64]], %[[SS]] : tensor<16xi64>
// CHECK: %[[O1:.*]] = arith.addi %[[BASE]], %[[ROW]] : tensor<16xi64>
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[I64]], %[[ZERO:.*]] : tensor<16xi64>
// CHECK: %[[M64:.*]] = arith.index_cast %[[M]] : index to i64
// CHECK: %[[MS:.*]] = tensor.splat %[[M64]] : tensor<16xi64>
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[I64]], %[[MS]] : tensor<16xi64>
// CHECK: %[[IN0:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<16xi1>
// CHECK: %[[J64:.*]] = arith.index_cast %[[J]] : tensor<16xindex> to tensor<16xi64>
// CHECK: %[[O2:.*]] = arith.addi %[[O1]], %{{.*}} : tensor<16xi64>
// CHECK: %[[IN:.*]] = arith.andi %[[IN0]], %{{.*}} : tensor<16xi1>
// CHECK: %[[PTRS:.*]] = nv_tileas.addptr %[[P]], %[[O2]] : !nv_tileaa.ptr<f32, 1>, tensor<16xi64> -> tensor<16x!nv_tileaa.ptr<f32, 1>>
// CHECK: %[[MASK:.*]] = arith.andi %[[IN]], %[[K]] : tensor<16xi1>
// CHECK: %[[G:.*]], %[[T:.*]] = nv_tileas.load %[[PTRS]] mask(%[[MASK]] : tensor<16xi1>) other(%[[V]] : tensor<16xf32>) token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 32>, mem_scope = #nv_tileas<mem_scope gpu>, mem_semantic = #nv_tileas<mem_semantic acquire>}
// CHECK: nv_tileas.addptr %[[P]], %{{.*}} : !nv_tileaa.ptr<f32, 1>, tensor<16xi64> -> tensor<16x!nv_tileaa.ptr<f32, 1>>
// CHECK: nv_tileas.store %[[G]], %{{.*}} mask(%{{.*}} : tensor<16xi1>) token(%[[T]]) {atom = #nv_tileas.copy_atom<stg, 32>}
// CHECK-NOT: nv_tileaa.{{(gather_load|scatter_store|load|store|addptr)}}
nv_tileaa.func @gather(%p: !nv_tileaa.ptr<f32, 1>, %m: index, %n: index, %s: index,
                       %i: tensor<16xi32>, %j: tensor<16xindex>, %k: tensor<16xi1>, %v: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mr = nv_tileaa.make_memref %p, %c0, %m, %n, %s, %c1 {operandSegmentSizes = array<i32: 1, 1, 2, 2>} : (!nv_tileaa.ptr<f32, 1>, index, index, index, index, index) -> !nv_tileaa.memref<?x?xf32, 1>
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %g, %t1 = nv_tileaa.gather_load %mr[%i, %j], %k, %v, %t0 {mem_semantic = #nv_tileaa<mem_semantic acquire>, mem_scope = #nv_tileaa<mem_scope gpu>}
      : !nv_tileaa.memref<?x?xf32, 1>, tensor<16xi32>, tensor<16xindex>, tensor<16xi1>, tensor<16xf32>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  %t2 = nv_tileaa.scatter_store %mr[%i, %j], %g, %k, %t1
      : !nv_tileaa.memref<?x?xf32, 1>, tensor<16xf32>, tensor<16xi32>, tensor<16xindex>, tensor<16xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return
}
