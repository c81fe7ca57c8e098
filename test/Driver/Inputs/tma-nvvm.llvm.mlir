// The NVVM ops the TMA ring and store lowerings use, as an LLVM-dialect
// kernel: each needs sm_90.
module {
  llvm.mlir.global internal @bar() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<1 x i64>
  llvm.func @tma_sync(%map: !llvm.ptr, %parity: i32) attributes {nvvm.kernel} {
    %b = llvm.mlir.addressof @bar : !llvm.ptr<3>
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c128 = llvm.mlir.constant(128 : i32) : i32
    nvvm.mbarrier.init %b, %c1 : !llvm.ptr<3>, i32
    nvvm.fence.mbarrier.init
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    nvvm.fence.proxy.acquire <gpu> %map, %c128
    %done = nvvm.mbarrier.try_wait %b, %parity : !llvm.ptr<3>, i32 -> i1
    llvm.return
  }
}
