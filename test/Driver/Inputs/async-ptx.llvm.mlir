// An LLVM-dialect kernel holding the inline PTX tilecc's own lowerings write
// (ValueModel's createInlinePtx/emitPtx): cp.async, an mbarrier wait, an
// async-proxy fence, wgmma and tcgen05.
module {
  llvm.func @async_ptx(%p: !llvm.ptr<1>, %s: !llvm.ptr<3>, %d: i64, %v: f32) attributes {nvvm.kernel} {
    llvm.inline_asm has_side_effects "cp.async.cg.shared.global [$0], [$1], 16;", "r,l" %s, %p : (!llvm.ptr<3>, !llvm.ptr<1>) -> ()
    llvm.inline_asm has_side_effects "{\0A.reg .pred %done;\0AWAIT:\0Ambarrier.try_wait.parity.shared::cta.b64 %done, [$0], 0;\0A@!%done bra WAIT;\0A}", "r" %s : (!llvm.ptr<3>) -> ()
    llvm.inline_asm has_side_effects "fence.proxy.async.shared::cta;", "" : () -> ()
    %w = llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;\0A\09wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, $4, $4, 1, 1, 1, 0, 0;\0A\09wgmma.commit_group.sync.aligned;\0A\09wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,l,0,1,2,3" %d, %v, %v, %v, %v : (i64, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    llvm.inline_asm has_side_effects "tcgen05.fence::before_thread_sync;", "" : () -> ()
    llvm.return
  }
}
