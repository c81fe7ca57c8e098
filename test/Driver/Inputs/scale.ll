define ptx_kernel void @scale(ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %n) "nvvm.maxntid"="128" {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %px = getelementptr float, ptr addrspace(1) %x, i64 %idx
  %v = load float, ptr addrspace(1) %px, align 4
  %r = fmul float %v, 2.0
  %py = getelementptr float, ptr addrspace(1) %y, i64 %idx
  store float %r, ptr addrspace(1) %py, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
