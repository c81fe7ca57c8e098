// Round trip of every nv_tileaa type, attribute and op: custom form, the
// generic form read back, and a few generic spellings.
// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s
// RUN: tilecc-opt %s --mlir-print-op-generic | tilecc-opt | FileCheck %s
// RUN: tilecc-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// GENERIC: "nv_tileaa.dot"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}>
// GENERIC: "nv_tileaa.make_memref"(%{{.*}}) <{alias_scope = 7 : i64, operandSegmentSizes = array<i32: 1, 1, 2, 2>}>
// GENERIC: "nv_tileaa.tiled_load"(%{{.*}}) <{allow_tma, in_bounds = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 2, 0, 0>, padding_value = #nv_tileaa<padding_value zero>}>
// GENERIC: "nv_tileaa.func"() <{function_type = (tensor<64xf16>) -> tensor<64xf16>, sym_name = "callee"}>

// The legacy `compute-capability` spelling parses to compute_capability and is
// never printed.
// RUN: tilecc-opt %s | FileCheck %s --check-prefix=LEGACY
// LEGACY-NOT: compute-capability
// LEGACY: legacy = #nv_tileaa.compute_capability<80>
// LEGACY-NOT: compute-capability

module attributes {nv_tileaa.target_spec = #nv_tileaa.target_spec<computeCapability = 100, archSuffix = "a">} {

nv_tileaa.global @gbuf : tensor<16xf32> {address_space = 1 : i32}
nv_tileaa.plugin @attn {library = "libattn.so"} : (tensor<64xf16>) -> tensor<64xf16>

// Types and attributes.
nv_tileaa.func private @types(!nv_tileaa.ptr<f32, 1>, !nv_tileaa.program_id,
    !nv_tileaa.queue<[tensor<128x32xf16>, !nv_tileaa.mem_token]>,
    !nv_tileaa.queue<[f32], isolated>,
    !nv_tileaa.memref<?x?xf32, 1>,
    !nv_tileaa.memref<4x8xf16, 3, strides = [8, 1], scope = 7>,
    !nv_tileaa.tiled_view<128x32xf16>,
    !nv_tileaa.tiled_view<128x32xf16, !nv_tileaa.memref<?x?xf16, 1>>,
    !nv_tileaa.tiled_view<64x64xf32, !nv_tileaa.memref<?x?xf32, 1>, #nv_tileaa<activation_layout nhwc>>,
    !nv_tileaa.mem_token)
    attributes {cc = #nv_tileaa.compute_capability<90>,
                legacy = #nv_tileaa.compute-capability<80>,
                nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [2, 1, 1]>,
                full_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [1, 1, 1], occupancy = 2, maxRegisters = 128>,
                target = #nv_tileaa.target_spec<computeCapability = 90, archSuffix = "a", ptxVersion = 84>,
                cache = #nv_tileaa<cache_modifier cg>, evict = #nv_tileaa<eviction_policy last>,
                sem = #nv_tileaa<mem_semantic acq_rel>, scope = #nv_tileaa<mem_scope sys>,
                rmw = #nv_tileaa<rmw_mode umax>, rnd = #nv_tileaa<rounding_mode zero>,
                nan = #nv_tileaa<propagate_nan all>, sign = #nv_tileaa<signedness unsigned>,
                pad = #nv_tileaa<padding_value neg_inf>, act = #nv_tileaa<activation_layout ncdhw>,
                conv = #nv_tileaa.conv_params<strides = [1, 1], padLow = [0, 0], padHigh = [1, 1], dilations = [1, 2]>,
                div = #nv_tileaa.div_by<16>, div2 = #nv_tileaa.div_by<8, every 4 along 1>,
                bnd = #nv_tileaa.bounded<lower = 0, upper = 127>, bnd2 = #nv_tileaa.bounded<upper = 5>,
                same = #nv_tileaa.same_elements<[4, 1]>}

nv_tileaa.func @math(%x: tensor<16xf32>, %y: tensor<16xf32>, %z: tensor<16xf32>,
                     %i: tensor<16xi32>, %j: tensor<16xi32>, %s: f32) -> tensor<16xf32> {
  %0 = nv_tileaa.addf %x, %y : tensor<16xf32>
  %1 = nv_tileaa.subf %0, %y {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<16xf32>
  %2 = nv_tileaa.mulf %1, %z : tensor<16xf32>
  %3 = nv_tileaa.divf %2, %z {rounding_mode = #nv_tileaa<rounding_mode approx>} : tensor<16xf32>
  %4 = nv_tileaa.fma %3, %x, %y : tensor<16xf32>
  %5 = nv_tileaa.sqrt %4 : tensor<16xf32>
  %6 = nv_tileaa.rsqrt %5 : tensor<16xf32>
  %7 = nv_tileaa.exp2 %6 : tensor<16xf32>
  %8 = nv_tileaa.clampf %7, %x, %y {propagate_nan = #nv_tileaa<propagate_nan all>} : tensor<16xf32>
  %9 = nv_tileaa.mulhiui %i, %j : tensor<16xi32>
  %10 = nv_tileaa.addf %s, %s : f32
  nv_tileaa.return %8 : tensor<16xf32>
}

nv_tileaa.func @collectives(%a: tensor<8x16xi8>, %b: tensor<16x8xi8>, %c: tensor<8x8xi32>,
    %fa: tensor<2x8x16xf16>, %fb: tensor<2x16x8xf16>, %fc: tensor<2x8x8xf32>,
    %qa: tensor<8x16xf4E2M1FN>, %qb: tensor<16x8xf4E2M1FN>, %qc: tensor<8x8xf16>,
    %sa: tensor<8x1xf8E8M0FNU>, %sb: tensor<1x8xf8E8M0FNU>,
    %in: tensor<4x8x8x16xf16>, %flt: tensor<3x3x16x32xf16>, %acc: tensor<64x32xf32>,
    %v: tensor<8x64xf32>, %h: tensor<128xi32>) {
  %0 = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa<signedness signed>, signedness_b = #nv_tileaa<signedness unsigned>}
      : tensor<8x16xi8>, tensor<16x8xi8>, tensor<8x8xi32> -> tensor<8x8xi32>
  %1 = nv_tileaa.dot %fa, %fb, %fc {propagate_nan = #nv_tileaa<propagate_nan none>}
      : tensor<2x8x16xf16>, tensor<2x16x8xf16>, tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  %2 = nv_tileaa.dot %qa, %qb, %qc, %sa, %sb
      : tensor<8x16xf4E2M1FN>, tensor<16x8xf4E2M1FN>, tensor<8x8xf16>, tensor<8x1xf8E8M0FNU>, tensor<1x8xf8E8M0FNU> -> tensor<8x8xf16>
  %3 = nv_tileaa.conv_dot %in, %flt, %acc {conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1, 1], padHigh = [1, 1], dilations = [1, 1]>, padding_value = #nv_tileaa<padding_value zero>, activation_layout = #nv_tileaa<activation_layout nhwc>}
      : tensor<4x8x8x16xf16>, tensor<3x3x16x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
  %4 = nv_tileaa.reduce %v {axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%acc0: f32, %val: f32):
    %s = nv_tileaa.addf %acc0, %val : f32
    nv_tileaa.yield %s : f32
  }
  %5 = nv_tileaa.scan %v {axis = 0 : i32, reverse} : tensor<8x64xf32> -> tensor<8x64xf32> {
  ^bb0(%acc0: f32, %val: f32):
    %s = arith.maximumf %acc0, %val : f32
    nv_tileaa.yield %s : f32
  }
  %6 = nv_tileaa.histogram %h : tensor<128xi32> -> tensor<16xi32>
  nv_tileaa.return
}

nv_tileaa.func @shapes(%s: f32, %t: tensor<1x8xf32>, %u: tensor<4x8xf32>, %i: index,
                       %mr: !nv_tileaa.memref<?x?xf32, 1>) {
  %0 = nv_tileaa.splat %s : f32 -> tensor<4x8xf32>
  %1 = nv_tileaa.broadcast %t : tensor<1x8xf32> -> tensor<4x8xf32>
  %2 = nv_tileaa.expand_dims %u {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
  %3 = nv_tileaa.extract %u[%i] : tensor<4x8xf32> -> tensor<8xf32>
  %4 = nv_tileaa.extract %u[%i, %i] : tensor<4x8xf32> -> f32
  %5 = nv_tileaa.extract_slice %u[%i, %i] {strides = array<i64: 1, 1>} : tensor<4x8xf32> -> tensor<2x4xf32>
  %6 = nv_tileaa.view %u : tensor<4x8xf32> -> tensor<32xf32>
  %7 = nv_tileaa.cat %u, %1 {axis = 0 : i32} : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  %8 = nv_tileaa.permute %u {permutation = array<i64: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %9 = nv_tileaa.make_range 0 to 128 : tensor<128xi32>
  %10 = nv_tileaa.generate %s : f32 -> tensor<4x8xf32> {
  ^bb0(%r: index, %c: index, %cap: f32):
    nv_tileaa.yield %cap : f32
  }
  %11 = nv_tileaa.block_tile %mr {tileSizes = array<i64: 64, 32>, dimGroups = [array<i64: 0>, array<i64: 1>]}
      : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32, !nv_tileaa.memref<?x?xf32, 1>>
  %12 = nv_tileaa.conv_tile %mr {filterSizes = array<i64: 3, 3>, conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1, 1], padHigh = [1, 1], dilations = [1, 1]>, dimGroups = [array<i64: 0, 1>, array<i64: 3>], channel = 3}
      : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
  %13 = nv_tileaa.get_dim_size %mr, 1 : !nv_tileaa.memref<?x?xf32, 1>
  nv_tileaa.return
}

nv_tileaa.func @pointers(%p: !nv_tileaa.ptr<f32, 1>, %off: index, %lanes: tensor<128xi32>,
                         %ints: tensor<128xi64>, %h: tensor<16xf16>, %f: tensor<16xf32>, %x: f32) {
  %0 = nv_tileaa.addptr %p, %off : !nv_tileaa.ptr<f32, 1>, index -> !nv_tileaa.ptr<f32, 1>
  %1 = nv_tileaa.addptr %p, %lanes : !nv_tileaa.ptr<f32, 1>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
  %2 = nv_tileaa.addptr %1, %lanes {bytes} : tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
  %3 = nv_tileaa.ptr_to_int %2 : tensor<128x!nv_tileaa.ptr<f32, 1>> -> tensor<128xi64>
  %4 = nv_tileaa.int_to_ptr %ints : tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
  %5 = nv_tileaa.make_memref %p, %off, %off, %off, %off, %off {alias_scope = 7, operandSegmentSizes = array<i32: 1, 1, 2, 2>}
      : (!nv_tileaa.ptr<f32, 1>, index, index, index, index, index) -> !nv_tileaa.memref<?x?xf32, 1>
  %6 = nv_tileaa.make_memref %p : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4x8xf32, 1, strides = [8, 1]>
  %7 = nv_tileaa.bitcast %f : tensor<16xf32> -> tensor<16xi32>
  %8 = nv_tileaa.fp_to_fp %f {rounding_mode = #nv_tileaa<rounding_mode nearest_even>} : tensor<16xf32> -> tensor<16xf8E4M3FN>
  %9 = nv_tileaa.fp_to_fp %h : tensor<16xf16> -> tensor<16xf4E2M1FN>
  %10 = nv_tileaa.extern_elementwise "__nv_expf"(%x) {libname = "libdevice", pure} : (f32) -> f32
  %11:2 = nv_tileaa.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $2;", "=r,=r,r"(%f) {pure, packed_element = 1 : i32} : (tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  %12 = nv_tileaa.call_elementwise_intrinsic "llvm.nvvm.ex2.approx.f"(%f) : (tensor<16xf32>) -> tensor<16xf32>
  %13 = nv_tileaa.get_global @gbuf : !nv_tileaa.ptr<f32, 1>
  nv_tileaa.return
}

nv_tileaa.func @memory(%p: !nv_tileaa.ptr<f32, 1>, %pp: tensor<16x!nv_tileaa.ptr<f32, 1>>,
                       %mr: !nv_tileaa.memref<?x?xf32, 1>, %view: !nv_tileaa.tiled_view<16x16xf32>,
                       %i: index, %m: tensor<16xi1>, %o: tensor<16xf32>, %v: tensor<16x16xf32>,
                       %idx: tensor<16xi32>, %x: f32, %y: f32, %g: tensor<16xf32>) {
  %t0 = nv_tileaa.create_mem_token {producers = 2} : !nv_tileaa.mem_token
  %a, %t1 = nv_tileaa.load %p, %t0 {cache_modifier = #nv_tileaa<cache_modifier ca>, eviction_policy = #nv_tileaa<eviction_policy first>}
      : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  %b, %t2 = nv_tileaa.load %pp, %m, %o, %t1 {mem_semantic = #nv_tileaa<mem_semantic acquire>, mem_scope = #nv_tileaa<mem_scope gpu>}
      : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<16xi1>, tensor<16xf32>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  %c, %tc = nv_tileaa.load %pp, %t0 {is_volatile} : tensor<16x!nv_tileaa.ptr<f32, 1>>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  %d, %t3 = nv_tileaa.tiled_load %view[%i, %i], %t2 {allow_tma, in_bounds = array<i1: true, false>, padding_value = #nv_tileaa<padding_value zero>}
      : !nv_tileaa.tiled_view<16x16xf32>, index, index, !nv_tileaa.mem_token -> tensor<16x16xf32>, !nv_tileaa.mem_token
  %e, %t4 = nv_tileaa.gather_load %mr[%idx, %idx], %m, %t3
      : !nv_tileaa.memref<?x?xf32, 1>, tensor<16xi32>, tensor<16xi32>, tensor<16xi1>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  %t5 = nv_tileaa.store %pp, %b, %m, %t4 {mem_semantic = #nv_tileaa<mem_semantic release>, mem_scope = #nv_tileaa<mem_scope cluster>}
      : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<16xf32>, tensor<16xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %ts = nv_tileaa.store %p, %a, %tc : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t6 = nv_tileaa.tiled_store %mr[%i, %i], %v, %t5 {allow_tma, operandSegmentSizes = array<i32: 1, 1, 2, 0>}
      : !nv_tileaa.memref<?x?xf32, 1>, tensor<16x16xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t7 = nv_tileaa.scatter_store %mr[%idx, %idx], %e, %m, %t6
      : !nv_tileaa.memref<?x?xf32, 1>, tensor<16xf32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %f, %t8 = nv_tileaa.atomic_cas %p, %x, %y, %t7 {mem_semantic = #nv_tileaa<mem_semantic acq_rel>, mem_scope = #nv_tileaa<mem_scope gpu>}
      : !nv_tileaa.ptr<f32, 1>, f32, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  %h, %t9 = nv_tileaa.atomic_rmw %pp, %g, %m, %t8 {rmw_mode = #nv_tileaa<rmw_mode addf>}
      : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<16xf32>, tensor<16xi1>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  %k, %t10 = nv_tileaa.tiled_atomic_rmw %mr[%i, %i], %v, %t9 {rmw_mode = #nv_tileaa<rmw_mode addf>, in_bounds = array<i1: true, true>}
      : !nv_tileaa.memref<?x?xf32, 1>, tensor<16x16xf32>, index, index, !nv_tileaa.mem_token -> tensor<16x16xf32>, !nv_tileaa.mem_token
  %t11 = nv_tileaa.join_mem_token %t10, %t3, %ts : !nv_tileaa.mem_token
  nv_tileaa.mark_for_reuse %t11, %k : !nv_tileaa.mem_token, tensor<16x16xf32>
  nv_tileaa.return
}

nv_tileaa.func @tokens_and_hints(%c: tensor<16xi1>, %v: tensor<16xi32>, %p: !nv_tileaa.ptr<f16, 1>) -> tensor<16xi32> {
  nv_tileaa.assert %c, "lanes must be valid" : tensor<16xi1>
  %0 = nv_tileaa.assume %v, [#nv_tileaa.div_by<16>, #nv_tileaa.bounded<lower = 0, upper = 1024>, #nv_tileaa.same_elements<[16]>] : tensor<16xi32>
  %1 = nv_tileaa.assume %p, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f16, 1>
  %2:2 = nv_tileaa.optimization_barrier %0, %p : tensor<16xi32>, !nv_tileaa.ptr<f16, 1>
  %3 = nv_tileaa.pragma {unroll = 4 : i64} -> tensor<16xi32> {
    nv_tileaa.yield %2#0 : tensor<16xi32>
  }
  nv_tileaa.pragma {no_vectorize} {
    nv_tileaa.yield
  }
  nv_tileaa.message "tile shapes fixed" {severity = "warning"}
  nv_tileaa.print "v = %d\n", %3 : tensor<16xi32>
  nv_tileaa.print "done\n"
  nv_tileaa.return %3 : tensor<16xi32>
}

nv_tileaa.func @callee(%x: tensor<64xf16>) -> tensor<64xf16> {
  nv_tileaa.return %x : tensor<64xf16>
}

nv_tileaa.func @structure(%x: tensor<64xf16>, %n: index) -> tensor<64xf16> {
  %0 = nv_tileaa.call @callee(%x) : (tensor<64xf16>) -> tensor<64xf16>
  %1 = nv_tileaa.execute(%0 : tensor<64xf16>) -> tensor<64xf16> attributes {plugin = @attn, max_registers = 168, shared_memory_bytes = 49152, tensor_memory_bytes = 0, named_barriers = 2, input_layouts = ["row"], output_layouts = ["row"]} {
  ^bb0(%arg: tensor<64xf16>):
    %r = nv_tileaa.inject_ir "llvm.call @attn_impl" (%arg) : (tensor<64xf16>) -> tensor<64xf16>
    nv_tileaa.yield %r : tensor<64xf16>
  }
  nv_tileaa.launch_func @callee grid(%n, %n, %n) args(%1 : tensor<64xf16>)
  nv_tileaa.return %1 : tensor<64xf16>
}

nv_tileaa.func @grid_and_queues(%v: tensor<16xf32>, %s: f32) -> f32 {
  %0 = nv_tileaa.get_program_id 0 : i32
  %1 = nv_tileaa.get_num_programs 2 : index
  %pid = nv_tileaa.cancel_next_program_id
  %ok = nv_tileaa.is_valid_program_id %pid
  %2 = nv_tileaa.get_program_id 1 of %pid : i32
  %q = nv_tileaa.create_queue {depth = 2} : !nv_tileaa.queue<[tensor<16xf32>, f32]>
  nv_tileaa.queue.put %q, %v, %s : !nv_tileaa.queue<[tensor<16xf32>, f32]>, tensor<16xf32>, f32
  %r:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<[tensor<16xf32>, f32]> -> tensor<16xf32>, f32 {
  ^bb0(%a: tensor<16xf32>, %b: f32):
    nv_tileaa.queue.yield %a, %b : tensor<16xf32>, f32
  }
  nv_tileaa.return %r#1 : f32
}
}

// CHECK: nv_tileaa.global @gbuf : tensor<16xf32>
// CHECK: nv_tileaa.plugin @attn {library = "libattn.so"} : (tensor<64xf16>) -> tensor<64xf16>
// CHECK-LABEL: nv_tileaa.func private @types(
// CHECK-SAME: !nv_tileaa.ptr<f32, 1>, !nv_tileaa.program_id, !nv_tileaa.queue<[tensor<128x32xf16>, !nv_tileaa.mem_token]>, !nv_tileaa.queue<[f32], isolated>, !nv_tileaa.memref<?x?xf32, 1>, !nv_tileaa.memref<4x8xf16, 3, strides = [8, 1], scope = 7>, !nv_tileaa.tiled_view<128x32xf16>, !nv_tileaa.tiled_view<128x32xf16, !nv_tileaa.memref<?x?xf16, 1>>, !nv_tileaa.tiled_view<64x64xf32, !nv_tileaa.memref<?x?xf32, 1>, #nv_tileaa<activation_layout nhwc>>, !nv_tileaa.mem_token) attributes {act = #nv_tileaa<activation_layout ncdhw>, bnd = #nv_tileaa.bounded<lower = 0, upper = 127>, bnd2 = #nv_tileaa.bounded<upper = 5>, cache = #nv_tileaa<cache_modifier cg>, cc = #nv_tileaa.compute_capability<90>, conv = #nv_tileaa.conv_params<strides = [1, 1], padLow = [0, 0], padHigh = [1, 1], dilations = [1, 2]>, div = #nv_tileaa.div_by<16>, div2 = #nv_tileaa.div_by<8, every 4 along 1>, evict = #nv_tileaa<eviction_policy last>, full_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [1, 1, 1], occupancy = 2, maxRegisters = 128>, legacy = #nv_tileaa.compute_capability<80>, nan = #nv_tileaa<propagate_nan all>, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [2, 1, 1]>, pad = #nv_tileaa<padding_value neg_inf>, rmw = #nv_tileaa<rmw_mode umax>, rnd = #nv_tileaa<rounding_mode zero>, same = #nv_tileaa.same_elements<[4, 1]>, scope = #nv_tileaa<mem_scope sys>, sem = #nv_tileaa<mem_semantic acq_rel>, sign = #nv_tileaa<signedness unsigned>, target = #nv_tileaa.target_spec<computeCapability = 90, archSuffix = "a", ptxVersion = 84>}
// CHECK-LABEL: nv_tileaa.func @math(
// CHECK-SAME: %{{[a-z0-9_#]+}}: tensor<16xf32>, %{{[a-z0-9_#]+}}: tensor<16xf32>, %{{[a-z0-9_#]+}}: tensor<16xf32>, %{{[a-z0-9_#]+}}: tensor<16xi32>, %{{[a-z0-9_#]+}}: tensor<16xi32>, %{{[a-z0-9_#]+}}: f32) -> tensor<16xf32> {
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.addf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.subf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.mulf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.divf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {rounding_mode = #nv_tileaa<rounding_mode approx>} : tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.fma %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.sqrt %{{[a-z0-9_#]+}} : tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.rsqrt %{{[a-z0-9_#]+}} : tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.exp2 %{{[a-z0-9_#]+}} : tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.clampf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {propagate_nan = #nv_tileaa<propagate_nan all>} : tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.mulhiui %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<16xi32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.addf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : f32
// CHECK: nv_tileaa.return %{{[a-z0-9_#]+}} : tensor<16xf32>
// CHECK-LABEL: nv_tileaa.func @collectives(
// CHECK-SAME: %{{[a-z0-9_#]+}}: tensor<8x16xi8>, %{{[a-z0-9_#]+}}: tensor<16x8xi8>, %{{[a-z0-9_#]+}}: tensor<8x8xi32>, %{{[a-z0-9_#]+}}: tensor<2x8x16xf16>, %{{[a-z0-9_#]+}}: tensor<2x16x8xf16>, %{{[a-z0-9_#]+}}: tensor<2x8x8xf32>, %{{[a-z0-9_#]+}}: tensor<8x16xf4E2M1FN>, %{{[a-z0-9_#]+}}: tensor<16x8xf4E2M1FN>, %{{[a-z0-9_#]+}}: tensor<8x8xf16>, %{{[a-z0-9_#]+}}: tensor<8x1xf8E8M0FNU>, %{{[a-z0-9_#]+}}: tensor<1x8xf8E8M0FNU>, %{{[a-z0-9_#]+}}: tensor<4x8x8x16xf16>, %{{[a-z0-9_#]+}}: tensor<3x3x16x32xf16>, %{{[a-z0-9_#]+}}: tensor<64x32xf32>, %{{[a-z0-9_#]+}}: tensor<8x64xf32>, %{{[a-z0-9_#]+}}: tensor<128xi32>) {
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, signedness_a = #nv_tileaa<signedness signed>, signedness_b = #nv_tileaa<signedness unsigned>} : tensor<8x16xi8>, tensor<16x8xi8>, tensor<8x8xi32> -> tensor<8x8xi32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, propagate_nan = #nv_tileaa<propagate_nan none>} : tensor<2x8x16xf16>, tensor<2x16x8xf16>, tensor<2x8x8xf32> -> tensor<2x8x8xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : tensor<8x16xf4E2M1FN>, tensor<16x8xf4E2M1FN>, tensor<8x8xf16>, tensor<8x1xf8E8M0FNU>, tensor<1x8xf8E8M0FNU> -> tensor<8x8xf16>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.conv_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {activation_layout = #nv_tileaa<activation_layout nhwc>, conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1, 1], padHigh = [1, 1], dilations = [1, 1]>, padding_value = #nv_tileaa<padding_value zero>} : tensor<4x8x8x16xf16>, tensor<3x3x16x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.reduce %{{[a-z0-9_#]+}} {axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
// CHECK: ^bb{{[0-9]+}}(%{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: f32):
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.addf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : f32
// CHECK: nv_tileaa.yield %{{[a-z0-9_#]+}} : f32
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.scan %{{[a-z0-9_#]+}} {axis = 0 : i32, reverse} : tensor<8x64xf32> -> tensor<8x64xf32> {
// CHECK: ^bb{{[0-9]+}}(%{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: f32):
// CHECK: %{{[a-z0-9_#]+}} = arith.maximumf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : f32
// CHECK: nv_tileaa.yield %{{[a-z0-9_#]+}} : f32
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.histogram %{{[a-z0-9_#]+}} : tensor<128xi32> -> tensor<16xi32>
// CHECK: nv_tileaa.return
// CHECK-LABEL: nv_tileaa.func @shapes(
// CHECK-SAME: %{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: tensor<1x8xf32>, %{{[a-z0-9_#]+}}: tensor<4x8xf32>, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: !nv_tileaa.memref<?x?xf32, 1>) {
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.splat %{{[a-z0-9_#]+}} : f32 -> tensor<4x8xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.broadcast %{{[a-z0-9_#]+}} : tensor<1x8xf32> -> tensor<4x8xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.expand_dims %{{[a-z0-9_#]+}} {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.extract %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : tensor<4x8xf32> -> tensor<8xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.extract %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] : tensor<4x8xf32> -> f32
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.extract_slice %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] {strides = array<i64: 1, 1>} : tensor<4x8xf32> -> tensor<2x4xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.view %{{[a-z0-9_#]+}} : tensor<4x8xf32> -> tensor<32xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.cat %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.permute %{{[a-z0-9_#]+}} {permutation = array<i64: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.make_range 0 to 128 : tensor<128xi32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.generate %{{[a-z0-9_#]+}} : f32 -> tensor<4x8xf32> {
// CHECK: ^bb{{[0-9]+}}(%{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: f32):
// CHECK: nv_tileaa.yield %{{[a-z0-9_#]+}} : f32
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.block_tile %{{[a-z0-9_#]+}} {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 64, 32>} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32, !nv_tileaa.memref<?x?xf32, 1>>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.conv_tile %{{[a-z0-9_#]+}} {channel = 3 : i64, conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1, 1], padHigh = [1, 1], dilations = [1, 1]>, dimGroups = [array<i64: 0, 1>, array<i64: 3>], filterSizes = array<i64: 3, 3>} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.get_dim_size %{{[a-z0-9_#]+}}, 1 : !nv_tileaa.memref<?x?xf32, 1>
// CHECK: nv_tileaa.return
// CHECK-LABEL: nv_tileaa.func @pointers(
// CHECK-SAME: %{{[a-z0-9_#]+}}: !nv_tileaa.ptr<f32, 1>, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: tensor<128xi32>, %{{[a-z0-9_#]+}}: tensor<128xi64>, %{{[a-z0-9_#]+}}: tensor<16xf16>, %{{[a-z0-9_#]+}}: tensor<16xf32>, %{{[a-z0-9_#]+}}: f32) {
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.addptr %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !nv_tileaa.ptr<f32, 1>, index -> !nv_tileaa.ptr<f32, 1>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.addptr %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !nv_tileaa.ptr<f32, 1>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.addptr %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {bytes} : tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.ptr_to_int %{{[a-z0-9_#]+}} : tensor<128x!nv_tileaa.ptr<f32, 1>> -> tensor<128xi64>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.int_to_ptr %{{[a-z0-9_#]+}} : tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.make_memref %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {alias_scope = 7 : i64} : (!nv_tileaa.ptr<f32, 1>, index, index, index, index, index) -> !nv_tileaa.memref<?x?xf32, 1>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.make_memref %{{[a-z0-9_#]+}} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4x8xf32, 1, strides = [8, 1]>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.bitcast %{{[a-z0-9_#]+}} : tensor<16xf32> -> tensor<16xi32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.fp_to_fp %{{[a-z0-9_#]+}} {rounding_mode = #nv_tileaa<rounding_mode nearest_even>} : tensor<16xf32> -> tensor<16xf8E4M3FN>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.fp_to_fp %{{[a-z0-9_#]+}} : tensor<16xf16> -> tensor<16xf4E2M1FN>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.extern_elementwise "__nv_expf"(%{{[a-z0-9_#]+}}) {libname = "libdevice", pure} : (f32) -> f32
// CHECK: %{{[a-z0-9_#]+}}:2 = nv_tileaa.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $2;", "=r,=r,r"(%{{[a-z0-9_#]+}}) {pure} : (tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.call_elementwise_intrinsic "llvm.nvvm.ex2.approx.f"(%{{[a-z0-9_#]+}}) : (tensor<16xf32>) -> tensor<16xf32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.get_global @gbuf : !nv_tileaa.ptr<f32, 1>
// CHECK: nv_tileaa.return
// CHECK-LABEL: nv_tileaa.func @memory(
// CHECK-SAME: %{{[a-z0-9_#]+}}: !nv_tileaa.ptr<f32, 1>, %{{[a-z0-9_#]+}}: tensor<16x!nv_tileaa.ptr<f32, 1>>, %{{[a-z0-9_#]+}}: !nv_tileaa.memref<?x?xf32, 1>, %{{[a-z0-9_#]+}}: !nv_tileaa.tiled_view<16x16xf32>, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: tensor<16xi1>, %{{[a-z0-9_#]+}}: tensor<16xf32>, %{{[a-z0-9_#]+}}: tensor<16x16xf32>, %{{[a-z0-9_#]+}}: tensor<16xi32>, %{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: tensor<16xf32>) {
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.create_mem_token {producers = 2 : i64} : !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = nv_tileaa.load %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {cache_modifier = #nv_tileaa<cache_modifier ca>, eviction_policy = #nv_tileaa<eviction_policy first>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = nv_tileaa.load %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {mem_scope = #nv_tileaa<mem_scope gpu>, mem_semantic = #nv_tileaa<mem_semantic acquire>, operandSegmentSizes = array<i32: 1, 0, 1, 1>} : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<16xi1>, tensor<16xf32>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = nv_tileaa.load %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {is_volatile, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : tensor<16x!nv_tileaa.ptr<f32, 1>>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = nv_tileaa.tiled_load %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} {allow_tma, in_bounds = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 2, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<16x16xf32>, index, index, !nv_tileaa.mem_token -> tensor<16x16xf32>, !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = nv_tileaa.gather_load %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {operandSegmentSizes = array<i32: 1, 2, 1, 0>} : !nv_tileaa.memref<?x?xf32, 1>, tensor<16xi32>, tensor<16xi32>, tensor<16xi1>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {mem_scope = #nv_tileaa<mem_scope cluster>, mem_semantic = #nv_tileaa<mem_semantic release>, operandSegmentSizes = array<i32: 1, 1, 0, 1>} : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<16xf32>, tensor<16xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.tiled_store %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {allow_tma, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.memref<?x?xf32, 1>, tensor<16x16xf32>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.scatter_store %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {operandSegmentSizes = array<i32: 1, 1, 2, 1>} : !nv_tileaa.memref<?x?xf32, 1>, tensor<16xf32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = nv_tileaa.atomic_cas %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {mem_scope = #nv_tileaa<mem_scope gpu>, mem_semantic = #nv_tileaa<mem_semantic acq_rel>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : !nv_tileaa.ptr<f32, 1>, f32, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = nv_tileaa.atomic_rmw %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {operandSegmentSizes = array<i32: 1, 1, 0, 1>, rmw_mode = #nv_tileaa<rmw_mode addf>} : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<16xf32>, tensor<16xi1>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = nv_tileaa.tiled_atomic_rmw %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 1, 2, 0>, rmw_mode = #nv_tileaa<rmw_mode addf>} : !nv_tileaa.memref<?x?xf32, 1>, tensor<16x16xf32>, index, index, !nv_tileaa.mem_token -> tensor<16x16xf32>, !nv_tileaa.mem_token
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.join_mem_token %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !nv_tileaa.mem_token
// CHECK: nv_tileaa.mark_for_reuse %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !nv_tileaa.mem_token, tensor<16x16xf32>
// CHECK: nv_tileaa.return
// CHECK-LABEL: nv_tileaa.func @tokens_and_hints(
// CHECK-SAME: %{{[a-z0-9_#]+}}: tensor<16xi1>, %{{[a-z0-9_#]+}}: tensor<16xi32>, %{{[a-z0-9_#]+}}: !nv_tileaa.ptr<f16, 1>) -> tensor<16xi32> {
// CHECK: nv_tileaa.assert %{{[a-z0-9_#]+}}, "lanes must be valid" : tensor<16xi1>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.assume %{{[a-z0-9_#]+}}, [#nv_tileaa.div_by<16>, #nv_tileaa.bounded<lower = 0, upper = 1024>, #nv_tileaa.same_elements<[16]>] : tensor<16xi32>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.assume %{{[a-z0-9_#]+}}, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f16, 1>
// CHECK: %{{[a-z0-9_#]+}}:2 = nv_tileaa.optimization_barrier %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<16xi32>, !nv_tileaa.ptr<f16, 1>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.pragma {unroll = 4 : i64} -> tensor<16xi32> {
// CHECK: nv_tileaa.yield %{{[a-z0-9_#]+}} : tensor<16xi32>
// CHECK: nv_tileaa.pragma {no_vectorize} {
// CHECK: nv_tileaa.message "tile shapes fixed" {severity = "warning"}
// CHECK: nv_tileaa.print "v = %{{[a-z0-9_#]+}}\0A", %{{[a-z0-9_#]+}} : tensor<16xi32>
// CHECK: nv_tileaa.print "done\0A"
// CHECK: nv_tileaa.return %{{[a-z0-9_#]+}} : tensor<16xi32>
// CHECK-LABEL: nv_tileaa.func @callee(
// CHECK-SAME: %{{[a-z0-9_#]+}}: tensor<64xf16>) -> tensor<64xf16> {
// CHECK: nv_tileaa.return %{{[a-z0-9_#]+}} : tensor<64xf16>
// CHECK-LABEL: nv_tileaa.func @structure(
// CHECK-SAME: %{{[a-z0-9_#]+}}: tensor<64xf16>, %{{[a-z0-9_#]+}}: index) -> tensor<64xf16> {
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.call @callee(%{{[a-z0-9_#]+}}) : (tensor<64xf16>) -> tensor<64xf16>
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.execute(%{{[a-z0-9_#]+}} : tensor<64xf16>) -> tensor<64xf16> attributes {input_layouts = ["row"], max_registers = 168 : i64, named_barriers = 2 : i64, output_layouts = ["row"], plugin = @attn, shared_memory_bytes = 49152 : i64} {
// CHECK: ^bb{{[0-9]+}}(%{{[a-z0-9_#]+}}: tensor<64xf16>):
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.inject_ir "llvm.call @attn_impl"(%{{[a-z0-9_#]+}}) : (tensor<64xf16>) -> tensor<64xf16>
// CHECK: nv_tileaa.yield %{{[a-z0-9_#]+}} : tensor<64xf16>
// CHECK: nv_tileaa.launch_func @callee grid(%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}) args(%{{[a-z0-9_#]+}} : tensor<64xf16>)
// CHECK: nv_tileaa.return %{{[a-z0-9_#]+}} : tensor<64xf16>
// CHECK-LABEL: nv_tileaa.func @grid_and_queues(
// CHECK-SAME: %{{[a-z0-9_#]+}}: tensor<16xf32>, %{{[a-z0-9_#]+}}: f32) -> f32 {
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.get_program_id 0 : i32
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.get_num_programs 2 : index
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.cancel_next_program_id
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.is_valid_program_id %{{[a-z0-9_#]+}}
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.get_program_id 1 of %{{[a-z0-9_#]+}} : i32
// CHECK: %{{[a-z0-9_#]+}} = nv_tileaa.create_queue {depth = 2 : i64} : !nv_tileaa.queue<[tensor<16xf32>, f32]>
// CHECK: nv_tileaa.queue.put %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !nv_tileaa.queue<[tensor<16xf32>, f32]>, tensor<16xf32>, f32
// CHECK: %{{[a-z0-9_#]+}}:2 = nv_tileaa.queue.get %{{[a-z0-9_#]+}} : !nv_tileaa.queue<[tensor<16xf32>, f32]> -> tensor<16xf32>, f32 {
// CHECK: ^bb{{[0-9]+}}(%{{[a-z0-9_#]+}}: tensor<16xf32>, %{{[a-z0-9_#]+}}: f32):
// CHECK: nv_tileaa.queue.yield %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<16xf32>, f32
// CHECK: nv_tileaa.return %{{[a-z0-9_#]+}} : f32
