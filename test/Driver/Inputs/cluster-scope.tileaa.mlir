// An nv_tileaa kernel (tileaa stage) with a cluster-scoped acquire load.
module attributes {tilecc.stage = "tileaa"} {
  nv_tileaa.func @k(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %1 = nv_tileaa.make_range 0 to 128 : tensor<128xi32>
    %2 = nv_tileaa.splat %arg0 : !nv_tileaa.ptr<f32, 1> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
    %3 = nv_tileaa.addptr %2, %1 : tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
    %4 = nv_tileaa.splat %arg1 : !nv_tileaa.ptr<f32, 1> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
    %5 = nv_tileaa.addptr %4, %1 : tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
    %v, %t = nv_tileaa.load %3, %0 {mem_scope = #nv_tileaa<mem_scope cluster>, mem_semantic = #nv_tileaa<mem_semantic acquire>} : tensor<128x!nv_tileaa.ptr<f32, 1>>, !nv_tileaa.mem_token -> tensor<128xf32>, !nv_tileaa.mem_token
    %t2 = nv_tileaa.store %5, %v, %t : tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xf32>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
