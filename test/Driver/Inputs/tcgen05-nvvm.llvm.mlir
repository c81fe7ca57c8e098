// The NVVM ops of the tcgen05 lowerings, as an LLVM-dialect kernel:
// elect.sync needs sm_90, the tcgen05 ops sm_100a / sm_103a / sm_110a, and
// the block-scaled MMA's .block32 form PTX ISA 8.8.
module {
  llvm.mlir.global internal @slot() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<2 x i64>
  llvm.func @tcgen05_ops(%a: i64, %b: i64, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %s = llvm.mlir.addressof @slot : !llvm.ptr<3>
    %c128 = llvm.mlir.constant(128 : i32) : i32
    %idesc = llvm.mlir.constant(136380432 : i32) : i32
    %true = llvm.mlir.constant(true) : i1
    %leader = nvvm.elect.sync -> i1
    nvvm.tcgen05.alloc %s, %c128 : !llvm.ptr<3>, i32
    %addr = llvm.load %s : !llvm.ptr<3> -> i32
    %t = llvm.inttoptr %addr : i32 to !llvm.ptr<6>
    nvvm.tcgen05.mma %t, %a, %b, %idesc, %leader {kind = #nvvm.tcgen05_mma_kind<f16>, ctaGroup = #nvvm.cta_group<cta_1>} : (!llvm.ptr<6>, i64, i64, i32, i1)
    nvvm.tcgen05.mma.block_scale %t, %a, %b, %idesc, %true, %t, %t {kind = #nvvm.block_scale_kind<mxf8f6f4>, ctaGroup = #nvvm.cta_group<cta_1>, blockScale = #nvvm.tcgen05_mma_block_scale<block32>} : (!llvm.ptr<6>, i64, i64, i32, i1, !llvm.ptr<6>, !llvm.ptr<6>)
    nvvm.tcgen05.commit %s : !llvm.ptr<3>
    %v = nvvm.tcgen05.ld %t {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<4xi32>
    nvvm.tcgen05.wait <load>
    llvm.store %v, %out : vector<4xi32>, !llvm.ptr<1>
    nvvm.tcgen05.dealloc %t, %c128 : !llvm.ptr<6>, i32
    llvm.return
  }
}
