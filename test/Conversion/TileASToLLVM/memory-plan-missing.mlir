// RUN: tilecc-opt --convert-tileas-to-llvm=arch=sm_80 --split-input-file --verify-diagnostics %s

// The conversion only materializes tileas-plan-memory's decisions: an op
// that needs shared memory without a plan is a located error, not a guess.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
nv_tileaa.func @unplanned(%x: tensor<512xf32, #S>) {
  // expected-error @+2 {{'nv_tileas.convert_layout' has no shared-memory plan (run tileas-plan-memory)}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.convert_layout'}}
  %y = nv_tileas.convert_layout %x : tensor<512xf32, #S> -> tensor<512xf32, #W>
  nv_tileaa.return
}

// -----

module {
  // expected-error @+1 {{shared-memory global @ring has no place in the memory plan (run tileas-plan-memory)}}
  nv_tileas.global @ring : tensor<32768xf16> {address_space = 3 : i32, alignment = 128 : i64}
}

// -----

// A plan naming a buffer the module does not declare.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
nv_tileaa.func @stale(%x: tensor<512xf32, #S>) {
  // expected-error @+2 {{the planned shared buffer @elsewhere does not exist}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.convert_layout'}}
  %y = nv_tileas.convert_layout %x {nv_tileas.shared = {barrier = true, buffer = "elsewhere", bytes = 2048 : i64, offset = 0 : i64}} : tensor<512xf32, #S> -> tensor<512xf32, #W>
  nv_tileaa.return
}

// -----

// expected-error @+1 {{malformed nv_tileas.memory_plan: {shared_bytes = 0 : i64}}}
module attributes {nv_tileas.memory_plan = {shared_bytes = 0 : i64}} {
}

// -----

// expected-error @+1 {{malformed shared buffer in nv_tileas.memory_plan: {name = "tilecc_scratch"}}}
module attributes {nv_tileas.memory_plan = {buffers = [{name = "tilecc_scratch"}], dynamic = false, shared_bytes = 0 : i64}} {
}

// -----

// Dynamic shared memory places only what the plan placed.
module attributes {nv_tileas.memory_plan = {alignment = 16 : i64, buffers = [], dynamic = true, dynamic_bytes = 65536 : i64, shared_bytes = 65536 : i64}} {
  // expected-error @+1 {{shared buffer @stray has no offset in the memory plan (tileas-plan-memory)}}
  llvm.mlir.global internal @stray() {addr_space = 3 : i32} : !llvm.array<16 x i8>
}
