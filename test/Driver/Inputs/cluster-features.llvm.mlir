// An LLVM-dialect kernel (the output of convert-tileas-to-llvm) that uses
// cluster-scoped PTX and the cluster id register.
module {
  llvm.func @cluster_atomic(%p: !llvm.ptr<1>, %v: i32) attributes {nvvm.kernel} {
    %old = llvm.inline_asm has_side_effects "atom.relaxed.cluster.global.add.u32 $0, [$1], $2;", "=r,l,r" %p, %v : (!llvm.ptr<1>, i32) -> i32
    %id = nvvm.read.ptx.sreg.clusterid.x : i32
    llvm.store %id, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}
