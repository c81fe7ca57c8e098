// RUN: tilecc-opt %s -verify-diagnostics -split-input-file -allow-unregistered-dialect

// expected-error @below{{expects parent op to be one of 'cuda_tile.for, cuda_tile.if, cuda_tile.loop'}}
cuda_tile.continue

// -----

cuda_tile.module @m {
  // expected-note @below{{see unexpected ancestor operation}}
  cuda_tile.entry @k() {
    %c = "test.cond"() : () -> !cuda_tile.tile<i1>
    cuda_tile.if %c {
      // expected-error @below{{can only be nested within a ancestor chain of 'cuda_tile.loop', 'cuda_tile.if' operations}}
      cuda_tile.break
    }
  }
}

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i32>
cuda_tile.for %iv in (%c to %c, step %c) : !cuda_tile.tile<i32> {
  // expected-error @below{{`for` is missing a valid terminator. `continue` op should have operand types that match the parent loop return types: (), but found: ('!cuda_tile.tile<i32>')}}
  cuda_tile.continue %c : !cuda_tile.tile<i32>
}

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i32>
// expected-error @below{{`loop` is missing a valid terminator. `continue` op should have operand types that match the parent loop iter_values: ('!cuda_tile.tile<i32>'), but found: ()}}
cuda_tile.loop iter_values(%a = %c) : tile<i32> { }

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i32>
cuda_tile.loop {
  // expected-error @below{{operand types must correspond to the parent loop result types}}
  cuda_tile.break %c : !cuda_tile.tile<i32>
}

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i1>
%v = "test.val"() : () -> !cuda_tile.tile<i32>
// expected-error @below{{op has non-empty return type, must define else branch}}
%r = cuda_tile.if %c -> (!cuda_tile.tile<i32>) {
  cuda_tile.yield %v : !cuda_tile.tile<i32>
}

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i1>
%v = "test.val"() : () -> !cuda_tile.tile<i32>
// expected-error @below{{op type does not match yield type, else branch yields '!cuda_tile.tile<i1>' but op result type is '!cuda_tile.tile<i32>'}}
%r = cuda_tile.if %c -> (!cuda_tile.tile<i32>) {
  cuda_tile.yield %v : !cuda_tile.tile<i32>
} else {
  cuda_tile.yield %c : !cuda_tile.tile<i1>
}

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i1>
%v = "test.val"() : () -> !cuda_tile.tile<i32>
// expected-error @below{{op does not return a value, but then branch yields '!cuda_tile.tile<i32>'}}
cuda_tile.if %c {
  cuda_tile.yield %v : !cuda_tile.tile<i32>
}

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i1>
%v = "test.val"() : () -> !cuda_tile.tile<i32>
// expected-error @below{{op has return type of '!cuda_tile.tile<i32>' but else branch does not yield anything}}
%r = cuda_tile.if %c -> (!cuda_tile.tile<i32>) {
  cuda_tile.yield %v : !cuda_tile.tile<i32>
} else {
}

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i32>
// expected-error @below{{expected induction variable to be same type as bounds}}
"cuda_tile.for"(%c, %c, %c) ({
^bb0(%i: !cuda_tile.tile<f32>):
  cuda_tile.continue
}) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i32>
%f = "test.val"() : () -> !cuda_tile.tile<f32>
// expected-error @below{{mismatch in number of region iterator values and loop iterator inits: 2 vs 1}}
%x = "cuda_tile.for"(%c, %c, %c, %f) ({
^bb0(%i: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
  cuda_tile.continue %a : !cuda_tile.tile<f32>
}) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> (!cuda_tile.tile<f32>)

// -----

%f = "test.val"() : () -> !cuda_tile.tile<f32>
// expected-error @below{{init value 0 and region iter_value 0 have different type: '!cuda_tile.tile<f32>' != '!cuda_tile.tile<f64>'}}
"cuda_tile.loop"(%f) ({
^bb0(%a: !cuda_tile.tile<f64>):
  cuda_tile.continue %f : !cuda_tile.tile<f32>
}) : (!cuda_tile.tile<f32>) -> (!cuda_tile.tile<f32>)

// -----

%f = "test.val"() : () -> !cuda_tile.tile<f32>
// expected-error @below{{found different number of iter_values and types}}
cuda_tile.loop iter_values(%a = %f) : !cuda_tile.tile<f32>, !cuda_tile.tile<f32> {
}

// -----

// expected-error @below{{expected valid keyword}}
cuda_tile.loop : {}

// -----

// expected-error @below{{use of undeclared SSA value name}}
%r = cuda_tile.loop iter_values(%a = %late) : !cuda_tile.tile<i32> -> !cuda_tile.tile<i32> {
  %late = "test.val"() : () -> !cuda_tile.tile<i32>
}

// -----

cuda_tile.testing$func @views(%v: !cuda_tile.tensor_view<2x2xf32, strides=[1,1]>) {
  // expected-error @below{{loop-carried value 0 is a tensor_view, which is not supported}}
  loop iter_values(%x = %v) : tensor_view<2x2xf32, strides=[1,1]> {
    continue %x : tensor_view<2x2xf32, strides=[1,1]>
  }
}

// -----

cuda_tile.testing$func @views(%c: !cuda_tile.tile<i1>, %v: !cuda_tile.tensor_view<2x2xf32, strides=[1,1]>) {
  // expected-error @below{{op result type 0 is a tensor_view, which is not supported}}
  %0 = if %c -> (tensor_view<2x2xf32, strides=[1,1]>) {
    yield %v : tensor_view<2x2xf32, strides=[1,1]>
  } else {
    yield %v : tensor_view<2x2xf32, strides=[1,1]>
  }
}

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i32>
// expected-error @below{{operand #0 must be 0D tile of i1 values, but got '!cuda_tile.tile<i32>'}}
"cuda_tile.if"(%c) ({
  cuda_tile.yield
}, {
}) : (!cuda_tile.tile<i32>) -> ()

// -----

cuda_tile.module @m {
  // expected-note @below{{see unexpected ancestor operation}}
  cuda_tile.entry @k() {
    %c = "test.cond"() : () -> !cuda_tile.tile<i1>
    cuda_tile.if %c {
      // expected-error @below{{op can only be nested within a ancestor chain of 'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if' operations}}
      cuda_tile.continue
    }
  }
}

// -----

// expected-error @below{{expects parent op to be one of 'cuda_tile.if, cuda_tile.loop'}}
cuda_tile.break

// -----

// expected-error @below{{expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
cuda_tile.yield

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<i32>
%f = "test.val"() : () -> !cuda_tile.tile<f32>
// expected-error @below{{expects the result types to match the types of the loop-carried values}}
%x = "cuda_tile.for"(%c, %c, %c, %f) ({
^bb0(%i: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<f32>):
  cuda_tile.continue %a : !cuda_tile.tile<f32>
}) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> (!cuda_tile.tile<f64>)

// -----

%c = "test.cond"() : () -> !cuda_tile.tile<1xi32>
// expected-error @below{{op operand #0 must be 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<1xi32>'}}
"cuda_tile.for"(%c, %c, %c) ({
^bb0(%i: !cuda_tile.tile<1xi32>):
  cuda_tile.continue
}) : (!cuda_tile.tile<1xi32>, !cuda_tile.tile<1xi32>, !cuda_tile.tile<1xi32>) -> ()

// -----

cuda_tile.testing$func @views(%c: !cuda_tile.tile<i32>, %v: !cuda_tile.partition_view<tile=(2x2), tensor_view<2x2xf32, strides=[1,1]>>) {
  // expected-error @below{{op loop-carried value 0 is a tile view, which is not supported}}
  %0 = for %i in (%c to %c, step %c) : tile<i32> iter_values(%x = %v) -> (partition_view<tile=(2x2), tensor_view<2x2xf32, strides=[1,1]>>) {
    continue %x : partition_view<tile=(2x2), tensor_view<2x2xf32, strides=[1,1]>>
  }
}

// -----

cuda_tile.testing$func @views(%v: !cuda_tile.tensor_view<2x2xf32, strides=[1,1]>) {
  // expected-error @below{{result type 0 is a tensor_view, which is not supported}}
  %0 = loop : tensor_view<2x2xf32, strides=[1,1]> {
    break %v : tensor_view<2x2xf32, strides=[1,1]>
  }
}

// -----

cuda_tile.module @m {
  cuda_tile.entry @k() {
    // expected-error @below{{op result #0 must be 0D tile of i32 values, but got '!cuda_tile.tile<i64>'}}
    cuda_tile.get_tile_block_id : !cuda_tile.tile<i64>
  }
}

// -----

%f = "test.val"() : () -> !cuda_tile.tile<f32>
// expected-note @below{{prior use here}}
%g = "test.val"() : () -> !cuda_tile.tile<i32>
// expected-error @below{{use of value '%g' expects different type than prior uses: '!cuda_tile.tile<f32>' vs '!cuda_tile.tile<i32>'}}
cuda_tile.loop iter_values(%a = %f, %b = %g) : !cuda_tile.tile<f32>, !cuda_tile.tile<f32> {}
