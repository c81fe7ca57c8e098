// A tcgen05.mma of kind::i8 as an LLVM-dialect kernel: sm_100a and sm_110a
// have the kind, sm_103a has tcgen05 but not kind::i8.
module {
  llvm.func @tcgen05_i8(%a: i64, %b: i64, %t: !llvm.ptr<6>) attributes {nvvm.kernel} {
    %idesc = llvm.mlir.constant(136380432 : i32) : i32
    %leader = nvvm.elect.sync -> i1
    nvvm.tcgen05.mma %t, %a, %b, %idesc, %leader {kind = #nvvm.tcgen05_mma_kind<i8>, ctaGroup = #nvvm.cta_group<cta_1>} : (!llvm.ptr<6>, i64, i64, i32, i1)
    llvm.return
  }
}
