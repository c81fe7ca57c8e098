// A module of 13.1 features reads back the same from each version tilecc
// writes, and the header names that version.
// RUN: tilecc-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.1 %s -o %t.131.mlir
// RUN: tilecc-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.2 %s -o %t.132.mlir
// RUN: tilecc-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.3 %s -o %t.133.mlir
// RUN: tilecc-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.4 %s -o %t.134.mlir
// RUN: tilecc-opt -no-implicit-module %s -o %t.ref.mlir
// RUN: cmp %t.ref.mlir %t.131.mlir
// RUN: cmp %t.ref.mlir %t.132.mlir
// RUN: cmp %t.ref.mlir %t.133.mlir
// RUN: cmp %t.ref.mlir %t.134.mlir
// RUN: tilecc-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.1 %s -o %t.bc
// RUN: od -An -tx1 -N12 %t.bc | FileCheck %s --check-prefix=HEADER
// HEADER: 7f 54 69 6c 65 49 52 00 0d 01 00 00
// 13.3 is the default: the newest version whose encoding NVIDIA's reader
// source fixes (13.4's follows NVIDIA's cuTile Python writer).
// RUN: tilecc-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.default.bc
// RUN: od -An -tx1 -N12 %t.default.bc | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: 7f 54 69 6c 65 49 52 00 0d 03 00 00
// RUN: tilecc-translate --list-versions | FileCheck %s --check-prefix=LIST
// LIST: 13.1
// LIST-NEXT: 13.2
// LIST-NEXT: 13.3
// LIST-NEXT: 13.4
// LIST-NOT: {{.}}
// A version tilecc does not write is rejected before the input is read.
// RUN: not tilecc-translate -mlir-to-cudatilebc -bytecode-version=13.5 %s 2>&1 | FileCheck %s --check-prefix=BADVER
// BADVER: Invalid argument '13.5': the supported versions are [13.1 - 13.4]

cuda_tile.module @kernels {
  global @g <i32: [1, 2]> : tile<2xi32>
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %p : tile<ptr<f32>>
    %tv = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %y = exp %x : tile<16xf32>
    %z = negi %n : tile<i32>
    %t2 = store_view_tko weak %y, %pv[%bx] token = %t : tile<16xf32>, partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
