// mmaf_scaled (no block-scaled MMA before sm_100a) under debug-info locations.
#file = #cuda_tile.di_file<"kernel.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 3>
#l0 = #cuda_tile.di_loc<loc("kernel.py":3:1) in #sp>
#l1 = #cuda_tile.di_loc<loc("kernel.py":4:9) in #sp>
#l2 = #cuda_tile.di_loc<loc("kernel.py":7:12) in #sp>
cuda_tile.module @kernels {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<16x64xf8E4M3FN> loc(#l1)
    %b = constant <f8E4M3FN: 1.0> : tile<64x16xf8E4M3FN> loc(#l1)
    %c = constant <f32: 0.0> : tile<16x16xf32> loc(#l1)
    %sa = constant <f8E8M0FNU: 1.0> : tile<16x2xf8E8M0FNU> loc(#l1)
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x16xf8E8M0FNU> loc(#l1)
    %r = mmaf_scaled %a, %b, %c, %sa, %sb : tile<16x64xf8E4M3FN>, tile<64x16xf8E4M3FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU> loc(#l2)
    return loc(#l1)
  } loc(#l0)
}
