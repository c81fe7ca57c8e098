// A cuTile-style kernel whose locations are debug-info locations (di_loc).
#file = #cuda_tile.di_file<"kernel.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 3>
#l0 = #cuda_tile.di_loc<loc("kernel.py":3:1) in #sp>
#l1 = #cuda_tile.di_loc<loc("kernel.py":4:9) in #sp>
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32>>) {
    %c = constant <f32: 1.0> : tile<f32> loc(#l1)
    %t = store_ptr_tko weak %p, %c : tile<ptr<f32>>, tile<f32> -> token loc(#l1)
    return loc(#l1)
  } loc(#l0)
}
