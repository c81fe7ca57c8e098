// Every operation family written as Tile IR bytecode (13.3) and read back
// prints exactly as the text does (plain file locations are not kept:
// debug-info.mlir covers locations).
// RUN: %round_trip_test %s %t
// The same module through tilecc-translate's one-step round trip.
// RUN: tilecc-translate -test-cudatile-roundtrip -no-implicit-module %s | FileCheck %s
// And as 13.4 bytecode (pointer and tensor_view types carry a flags field,
// ftoi a flags field, load/store_view an all-false `inbounds` array).
// RUN: tilecc-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.4 %s | FileCheck %s
// CHECK-LABEL: entry @arith
// CHECK: addi %{{.*}}, %{{.*}} overflow<no_wrap> : tile<4xi32>
// CHECK: divf %{{.*}}, %{{.*}} rounding<approx> flush_to_zero : tile<4xf32>
// CHECK-LABEL: entry @memory
// CHECK: load_view_tko acquire sys
// CHECK-SAME: optimization_hints = <sm_100 = {latency = 3}>

cuda_tile.module @kernels {
  global @table <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
  global @aligned alignment = 16 <i32: [7, 8]> : tile<2xi32>

  entry @arith(%s: tile<i32>, %f: tile<f32>) {
    %a = iota : tile<4xi32>
    %b = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %0 = absi %a : tile<4xi32>
    %1 = addi %a, %b overflow<no_wrap> : tile<4xi32>
    %2 = subi %a, %b overflow<no_unsigned_wrap> : tile<4xi32>
    %3 = muli %a, %b : tile<4xi32>
    %4 = mulhii %a, %b : tile<4xi32>
    %5 = divi %a, %b unsigned : tile<4xi32>
    %6 = remi %a, %b signed : tile<4xi32>
    %7 = andi %a, %b : tile<4xi32>
    %8 = ori %a, %b : tile<4xi32>
    %9 = xori %a, %b : tile<4xi32>
    %10 = shli %a, %b overflow<no_signed_wrap> : tile<4xi32>
    %11 = shri %a, %b unsigned : tile<4xi32>
    %12 = maxi %a, %b unsigned : tile<4xi32>
    %13 = mini %a, %b signed : tile<4xi32>
    %14 = negi %a overflow<no_signed_wrap> : tile<4xi32>
    %x = constant <f32: [1.0, -2.0, 0.5, 4.0]> : tile<4xf32>
    %15 = addf %x, %x rounding<nearest_even> : tile<4xf32>
    %16 = subf %x, %x rounding<zero> : tile<4xf32>
    %17 = mulf %x, %x flush_to_zero : tile<4xf32>
    %18 = divf %x, %x rounding<approx> flush_to_zero : tile<4xf32>
    %19 = remf %x, %x : tile<4xf32>
    %20 = fma %x, %x, %x rounding<zero> flush_to_zero : tile<4xf32>
    %21 = maxf %x, %x propagate_nan flush_to_zero : tile<4xf32>
    %22 = minf %x, %x propagate_nan : tile<4xf32>
    %23 = negf %x : tile<4xf32>
    %24 = absf %x : tile<4xf32>
    %25 = exp %x rounding<approx> : tile<4xf32>
    %26 = exp2 %x flush_to_zero : tile<4xf32>
    %27 = log %x : tile<4xf32>
    %28 = log2 %x : tile<4xf32>
    %29 = sqrt %x rounding<approx> flush_to_zero : tile<4xf32>
    %30 = rsqrt %x flush_to_zero : tile<4xf32>
    %31 = sin %x : tile<4xf32>
    %32 = cos %x : tile<4xf32>
    %33 = tan %x : tile<4xf32>
    %34 = sinh %x : tile<4xf32>
    %35 = cosh %x : tile<4xf32>
    %36 = tanh %x rounding<approx> : tile<4xf32>
    %37 = pow %x, %x : tile<4xf32>
    %38 = atan2 %x, %x : tile<4xf32>
    %39 = ceil %x : tile<4xf32>
    %40 = floor %x : tile<4xf32>
    %41 = cmpi greater_than_or_equal %a, %b, unsigned : tile<4xi32> -> tile<4xi1>
    %42 = cmpf not_equal unordered %x, %x : tile<4xf32> -> tile<4xi1>
    %43 = select %41, %a, %b : tile<4xi1>, tile<4xi32>
    %44 = exti %a signed : tile<4xi32> -> tile<4xi64>
    %45 = trunci %a overflow<no_wrap> : tile<4xi32> -> tile<4xi8>
    %46 = ftof %x rounding<nearest_even> : tile<4xf32> -> tile<4xbf16>
    %47 = ftoi %x signed rounding<nearest_int_to_zero> : tile<4xf32> -> tile<4xi16>
    %48 = itof %a unsigned : tile<4xi32> -> tile<4xf16>
    %49 = bitcast %x : tile<4xf32> -> tile<4xi32>
    return
  }

  entry @shape(%i: tile<i32>) {
    %a = constant <f32: [[1.0, 2.0]]> : tile<1x2xf32>
    %v = iota : tile<8xi32>
    %0 = broadcast %a : tile<1x2xf32> -> tile<4x2xf32>
    %1 = reshape %a : tile<1x2xf32> -> tile<2xf32>
    %2 = permute %a [1, 0] : tile<1x2xf32> -> tile<2x1xf32>
    %3 = cat %a, %a dim = 0 : tile<1x2xf32>, tile<1x2xf32> -> tile<2x2xf32>
    %4 = extract %v[%i] : tile<8xi32> -> tile<4xi32>
    %f = constant <f32: [1.0, 2.0]> : tile<2xf32>
    %5 = pack %f : tile<2xf32> -> tile<8xi8>
    %6 = unpack %5 : tile<8xi8> -> tile<16xf4E2M1FN>
    %m = constant <f32: 1.0> : tile<8x4xf32>
    %n = constant <i32: 2> : tile<8x4xi32>
    %r:2 = reduce %m, %n dim=1 identities=[0.0 : f32, 0 : i32] : tile<8x4xf32>, tile<8x4xi32> -> tile<8xf32>, tile<8xi32>
    (%p: tile<f32>, %q: tile<f32>, %c: tile<i32>, %d: tile<i32>) {
      %s = addf %p, %q : tile<f32>
      %t = addi %c, %d : tile<i32>
      yield %s, %t : tile<f32>, tile<i32>
    }
    %sc = scan %m dim=0 reverse=true identities=[1.0 : f32] : tile<8x4xf32> -> tile<8x4xf32>
    (%p: tile<f32>, %q: tile<f32>) {
      %s = mulf %p, %q : tile<f32>
      yield %s : tile<f32>
    }
    %h = constant <f16: 1.0> : tile<4x8xf16>
    %k = constant <f16: 1.0> : tile<8x16xf16>
    %acc = constant <f32: 0.0> : tile<4x16xf32>
    %mm = mmaf %h, %k, %acc : tile<4x8xf16>, tile<8x16xf16>, tile<4x16xf32>
    %ia = constant <i8: 1> : tile<4x8xi8>
    %ib = constant <i8: 1> : tile<8x16xi8>
    %ic = constant <i32: 0> : tile<4x16xi32>
    %mi = mmai %ia, %ib, %ic signed unsigned : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi32>
    return
  }

  entry @control(%c: tile<i1>, %lb: tile<i32>, %ub: tile<i32>) {
    %r = if %c -> (tile<i32>) {
      yield %lb : tile<i32>
    } else {
      yield %ub : tile<i32>
    }
    %f = for %iv in (%lb to %ub, step %lb) : tile<i32> iter_values(%a = %lb) -> (tile<i32>) {
      %n = addi %a, %iv : tile<i32>
      continue %n : tile<i32>
    }
    for unsigned %iv in (%lb to %ub, step %lb) : tile<i32> {
      continue
    }
    %l = loop iter_values(%v = %lb) : tile<i32> -> tile<i32> {
      %done = cmpi greater_than %v, %ub, signed : tile<i32> -> tile<i1>
      if %done {
        break %v : tile<i32>
      }
      %n = addi %v, %lb : tile<i32>
      continue %n : tile<i32>
    }
    assert %c, "must hold" : tile<i1>
    %t = print_tko "%d %d\n", %r, %l : tile<i32>, tile<i32> -> token
    %t2 = print_tko "again\n" token = %t -> token
    return
  }

  entry @memory(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
    %a = assume div_by<16>, %p : tile<ptr<f32>>
    %b = assume bounded<0, ?>, %n : tile<i32>
    %t0 = make_token : token
    %tv = make_tensor_view %a, shape = [%b, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x16), padding_value = nan, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>
    %sv = make_strided_view %tv : strided_view<tile=(8x16), traversal_strides=[4, 8], tensor_view<?x64xf32, strides=[64,1]>, dim_map=[0, 1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, sparse_dim=0>
    %x, %t1 = load_view_tko acquire sys %sv[%i, %i] token = %t0 optimization_hints = <sm_100 = {latency = 3}> : strided_view<tile=(8x16), traversal_strides=[4,8], tensor_view<?x64xf32, strides=[64,1]>, dim_map=[0, 1]>, tile<i32> -> tile<8x16xf32>, token
    %y, %t2 = load_view_tko weak %pv[%i, %i] : partition_view<tile=(8x16), padding_value = nan, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<8x16xf32>, token
    %t3 = store_view_tko release tl_blk %x, %sv[%i, %i] token = %t1 : tile<8x16xf32>, strided_view<tile=(8x16), traversal_strides=[4,8], tensor_view<?x64xf32, strides=[64,1]>, dim_map=[0, 1]>, tile<i32> -> token
    %t4 = atomic_red_view_tko relaxed device %sv[%i, %i], addf, %x token = %t3 : tile<8x16xf32>, strided_view<tile=(8x16), traversal_strides=[4,8], tensor_view<?x64xf32, strides=[64,1]>, dim_map=[0, 1]>, tile<i32> -> token
    %dims:2 = get_tensor_shape %tv : tensor_view<?x64xf32, strides=[64,1]> -> tile<i32>
    %space:2 = get_index_space_shape %pv : partition_view<tile=(8x16), padding_value = nan, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]> -> tile<i32>
    %ps = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pp = broadcast %ps : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %off0 = iota : tile<4xi32>
    %off = assume div_by<4, every 2 along 0>, %off0 : tile<4xi32>
    %same = assume same_elements<[2]>, %off0 : tile<4xi32>
    %q = offset %pp, %off : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %m = constant <i1: [true, false, true, true]> : tile<4xi1>
    %pad = constant <f32: 0.0> : tile<4xf32>
    %v, %t5 = load_ptr_tko weak %q, %m, %pad token = %t4 : tile<4xptr<f32>>, tile<4xi1>, tile<4xf32> -> tile<4xf32>, token
    %t6 = store_ptr_tko release sys %q, %v, %m token = %t5 : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> token
    %old, %t7 = atomic_rmw_tko acq_rel device %q, addf, %v, %m : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> tile<4xf32>, token
    %cas, %t8 = atomic_cas_tko acq_rel device %q, %v, %old : tile<4xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
    %j = join_tokens %t6, %t7, %t8 : token
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %g = get_global @table : tile<ptr<f32>>
    %pi = ptr_to_int %q : tile<4xptr<f32>> -> tile<4xi64>
    %ip = int_to_ptr %pi : tile<4xi64> -> tile<4xptr<i8>>
    %pc = ptr_to_ptr %ip : tile<4xptr<i8>> -> tile<4xptr<f64>>
    %scratch = alloca num_elem = 16, alignment = 8 : tile<ptr<i64>>
    return
  }
}
