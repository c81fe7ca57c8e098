// Warp roles the branch on the warpgroup cannot express (warp-roles.mlir).

// The producer warps return after their region: not from a function with
// results.
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
  nv_tileas.global @barriers : tensor<4xi64> {address_space = 3 : i32, alignment = 8 : i64}
  nv_tileaa.func @with_result(%i: index) -> index attributes {nv_tileas.num_warps = 4 : i32} {
    %b = nv_tileas.get_global @barriers : !nv_tileaa.ptr<i64, 3>
    %p = nv_tileas.async.pipeline.create barriers %b : !nv_tileaa.ptr<i64, 3> {num_stages = 2 : i32} : !nv_tileas.pipeline<tensor<64x16xf16>>
    // expected-error @+1 {{a warp role is lowered in the body of a kernel without results (its producer warps return after it)}}
    nv_tileas.async.pipeline.producer %p warps(4) : !nv_tileas.pipeline<tensor<64x16xf16>> {
      nv_tileas.async.pipeline.producer_acquire %p, %i : !nv_tileas.pipeline<tensor<64x16xf16>>
      nv_tileas.yield
    }
    nv_tileas.async.pipeline.consumer %p warps(4) : !nv_tileas.pipeline<tensor<64x16xf16>> {
      nv_tileas.async.pipeline.consumer_wait %p, %i : !nv_tileas.pipeline<tensor<64x16xf16>>
      nv_tileas.yield
    }
    nv_tileaa.return %i : index
  }
}
