// An LLVM-dialect kernel whose inline PTX is a native bf16 atomic add.
module {
  llvm.func @bf16_red(%p: !llvm.ptr<1>, %v: i16) attributes {nvvm.kernel} {
    llvm.inline_asm has_side_effects "red.relaxed.gpu.global.add.noftz.bf16 [$0], $1;", "l,h" %p, %v : (!llvm.ptr<1>, i16) -> ()
    llvm.return
  }
}
