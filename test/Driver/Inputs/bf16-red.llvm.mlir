// An LLVM-dialect kernel whose inline PTX names a native bf16 atomic add and
// an f8 conversion.
module {
  llvm.func @bf16_red(%p: !llvm.ptr<1>, %v: i16, %x: f32) attributes {nvvm.kernel} {
    llvm.inline_asm has_side_effects "red.relaxed.gpu.global.add.noftz.bf16 [$0], $1;", "l,h" %p, %v : (!llvm.ptr<1>, i16) -> ()
    %f = llvm.inline_asm "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $1;", "=h,f" %x : (f32) -> i16
    llvm.store %f, %p : i16, !llvm.ptr<1>
    llvm.return
  }
}
