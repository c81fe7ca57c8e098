// The NVVM ops of the wgmma lowering, as an LLVM-dialect kernel: each needs
// sm_90a. nvvm.wgmma.mma_async has no LLVM intrinsic; it becomes its own
// inline PTX before the translation.
!acc = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
module {
  llvm.func @wgmma(%a: i64, %b: i64, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %zero = llvm.mlir.constant(0.0 : f32) : f32
    %undef = llvm.mlir.undef : !acc
    %acc = llvm.insertvalue %zero, %undef[0] : !acc
    nvvm.wgmma.fence.aligned
    %d = nvvm.wgmma.mma_async %a, %b, %acc, #nvvm.shape<m = 64, n = 16, k = 16>, D [<f32>, #nvvm.wgmma_scale_out<one>], A [<f16>, #nvvm.wgmma_scale_in<one>, <row>], B [<f16>, #nvvm.wgmma_scale_in<one>, <row>] : !acc -> !acc
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %d0 = llvm.extractvalue %d[0] : !acc
    llvm.store %d0, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}
