// An LLVM-dialect kernel holding the NVVM ops tilecc's mma.sync lowerings
// write: cp.async with its commit and wait, ldmatrix, mma.sync and a
// block-scaled mma.sync (nvvm.mma.block_scale, sm_120a).
module {
  llvm.func @nvvm_mma(%g: !llvm.ptr<1>, %s: !llvm.ptr<3>, %h: vector<2xf16>, %f: f32, %w: i32) attributes {nvvm.kernel} {
    nvvm.cp.async.shared.global %s, %g, 16, cache = cg, %w : !llvm.ptr<3>, !llvm.ptr<1>, i32
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    %l = nvvm.ldmatrix %s {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 1 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> i32
    %m = nvvm.mma.sync A[%h, %h, %h, %h] B[%h, %h] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    %z = llvm.mlir.constant(0 : i16) : i16
    %b = nvvm.mma.block_scale A[%l, %l, %l, %l] B[%l, %l] C[%f, %f, %f, %f] scaleA[%w, %z, %z] scaleB[%w, %z, %z] {blockScaleFormat = #nvvm.block_scale_format<ue8m0>, kind = #nvvm.block_scale_kind<mxf8f6f4>, multiplicandAPtxType = #nvvm.mma_type<e4m3>, multiplicandBPtxType = #nvvm.mma_type<e4m3>, scaleVecSize = #nvvm.scale_vec_size<x1>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    %m0 = llvm.extractvalue %m[0] : !llvm.struct<(f32, f32, f32, f32)>
    %b0 = llvm.extractvalue %b[0] : !llvm.struct<(f32, f32, f32, f32)>
    %sum = llvm.fadd %m0, %b0 : f32
    llvm.store %sum, %g : f32, !llvm.ptr<1>
    llvm.return
  }
}
