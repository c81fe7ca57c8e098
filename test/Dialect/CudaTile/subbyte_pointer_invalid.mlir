// A pointer names one location in memory; f4E2M1FN elements are stored two
// per byte, so loads and stores of them through tiles of pointers (plain or
// masked) are refused by the verifier. Atomics already take no f4E2M1FN.
// RUN: tilecc-opt %s -verify-diagnostics -split-input-file

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<f4E2M1FN>>) {
    // expected-error @below{{'cuda_tile.load_ptr_tko' op pointee type 'f4E2M1FN' is smaller than a byte: a pointer names one location in memory, which a sub-byte element does not have; access it through a tensor view}}
    %v, %t = load_ptr_tko weak %p : tile<2xptr<f4E2M1FN>> -> tile<2xf4E2M1FN>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<f4E2M1FN>>, %m: tile<2xi1>, %pad: tile<2xf4E2M1FN>) {
    // expected-error @below{{'cuda_tile.load_ptr_tko' op pointee type 'f4E2M1FN' is smaller than a byte}}
    %v, %t = load_ptr_tko weak %p, %m, %pad : tile<2xptr<f4E2M1FN>>, tile<2xi1>, tile<2xf4E2M1FN> -> tile<2xf4E2M1FN>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<f4E2M1FN>>, %x: tile<2xf4E2M1FN>) {
    // expected-error @below{{'cuda_tile.store_ptr_tko' op pointee type 'f4E2M1FN' is smaller than a byte: a pointer names one location in memory, which a sub-byte element does not have; access it through a tensor view}}
    %t = store_ptr_tko weak %p, %x : tile<2xptr<f4E2M1FN>>, tile<2xf4E2M1FN> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<f4E2M1FN>>, %x: tile<2xf4E2M1FN>, %m: tile<2xi1>) {
    // expected-error @below{{'cuda_tile.store_ptr_tko' op pointee type 'f4E2M1FN' is smaller than a byte}}
    %t = store_ptr_tko weak %p, %x, %m : tile<2xptr<f4E2M1FN>>, tile<2xf4E2M1FN>, tile<2xi1> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<f4E2M1FN>>, %x: tile<2xf4E2M1FN>) {
    // expected-error @below{{'cuda_tile.atomic_rmw_tko' op 'xchg' works only with integers or float of 32 or 64 bitwidth}}
    %r, %t = atomic_rmw_tko relaxed device %p, xchg, %x : tile<2xptr<f4E2M1FN>>, tile<2xf4E2M1FN> -> tile<2xf4E2M1FN>, token
  }
}

// -----

// Pointers to f4E2M1FN themselves stay valid: they are the bases of views,
// and a byte-sized pointee still loads through pointers.
cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f4E2M1FN>>, %q: tile<2xptr<i8>>) {
    %tv = make_tensor_view %p, shape = [8], strides = [1] : tensor_view<8xf4E2M1FN, strides=[1]>
    %v, %t = load_ptr_tko weak %q : tile<2xptr<i8>> -> tile<2xi8>, token
  }
}
