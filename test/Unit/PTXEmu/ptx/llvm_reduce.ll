target triple = "nvptx64-nvidia-cuda"
@s = internal addrspace(3) global [32 x float] undef, align 4
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
declare void @llvm.nvvm.barrier0()
declare float @llvm.exp2.f32(float)
declare half @llvm.fma.f16(half, half, half)
define ptx_kernel void @lk(ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %nt
  %i = add i32 %base, %tid
  %inb = icmp slt i32 %i, %n
  br i1 %inb, label %load, label %join
load:
  %ie = sext i32 %i to i64
  %px = getelementptr float, ptr addrspace(1) %x, i64 %ie
  %xv = load float, ptr addrspace(1) %px, align 4
  br label %join
join:
  %v0 = phi float [ %xv, %load ], [ 0.0, %entry ]
  %s1 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v0, i32 16, i32 31)
  %v1 = fadd float %v0, %s1
  %s2 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v1, i32 8, i32 31)
  %v2 = fadd float %v1, %s2
  %s3 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v2, i32 4, i32 31)
  %v3 = fadd float %v2, %s3
  %s4 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v3, i32 2, i32 31)
  %v4 = fadd float %v3, %s4
  %s5 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v4, i32 1, i32 31)
  %v5 = fadd float %v4, %s5
  %lane = and i32 %tid, 31
  %w = lshr i32 %tid, 5
  %is0 = icmp eq i32 %lane, 0
  br i1 %is0, label %st, label %sync
st:
  %we = zext i32 %w to i64
  %ps = getelementptr [32 x float], ptr addrspace(3) @s, i64 0, i64 %we
  store float %v5, ptr addrspace(3) %ps, align 4
  br label %sync
sync:
  call void @llvm.nvvm.barrier0()
  %t0 = icmp eq i32 %tid, 0
  br i1 %t0, label %red, label %tail
red:
  %a = load float, ptr addrspace(3) @s, align 4
  %bp = getelementptr [32 x float], ptr addrspace(3) @s, i64 0, i64 1
  %b = load float, ptr addrspace(3) %bp, align 4
  %ab = fadd float %a, %b
  %old = atomicrmw fadd ptr addrspace(1) %y, float %ab monotonic
  br label %tail
tail:
  br i1 %inb, label %wr, label %done
wr:
  %ie2 = sext i32 %i to i64
  %i1 = add i64 %ie2, 1
  %py = getelementptr float, ptr addrspace(1) %y, i64 %i1
  %e = call float @llvm.exp2.f32(float %v0)
  %h = fptrunc float %v0 to half
  %hh = call half @llvm.fma.f16(half %h, half %h, half %h)
  %hf = fpext half %hh to float
  %sum = fadd float %e, %hf
  store float %sum, ptr addrspace(1) %py, align 4
  br label %done
done:
  ret void
}
