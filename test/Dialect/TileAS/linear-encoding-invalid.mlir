// RUN: tilecc-opt --split-input-file --verify-diagnostics %s


// expected-error @+1 {{layout covers 32 elements along dim 0 but the tile has 64}}
func.func @wrong_shape(%t: tensor<64xf32, #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 32}>>) {
  return
}

// -----

// expected-error @+1 {{layout has 1 dimensions but the tile has rank 2}}
func.func @wrong_rank(%t: tensor<32x1xf32, #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 32}>>) {
  return
}

// -----

// expected-error @+1 {{linear encoding input 'thread' must be register, lane or warp}}
func.func @bad_input(%t: tensor<32xf32, #nv_tileas.linear<{thread = [(1), (2), (4), (8), (16)]} -> {dim0 = 32}>>) {
  return
}

// -----

// expected-error @+1 {{linear encoding output 0 must be named 'dim0', got 'x'}}
func.func @bad_output(%t: tensor<32xf32, #nv_tileas.linear<{lane = [(1), (2), (4), (8), (16)]} -> {x = 32}>>) {
  return
}

// -----

// expected-error @+1 {{linear encoding must distribute over 32 lanes, got 4}}
func.func @few_lanes(%t: tensor<4xf32, #nv_tileas.linear<{lane = [(1), (2)]} -> {dim0 = 4}>>) {
  return
}

// -----

// expected-error @+1 {{invalid linear layout:}}
func.func @not_power_of_two(%t: tensor<3xf32, #nv_tileas.linear<{lane = [(1), (2), (4), (8), (16)]} -> {dim0 = 3}>>) {
  return
}

// -----

// expected-error @+1 {{expected '->'}}
func.func @missing_arrow(%t: tensor<32xf32, #nv_tileas.linear<{lane = [(1), (2), (4), (8), (16)]} {dim0 = 32}>>) {
  return
}
