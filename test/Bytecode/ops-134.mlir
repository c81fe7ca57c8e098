// The operations Tile IR 13.4 adds, written as 13.4 bytecode and read back,
// print exactly as the text does.
// RUN: tilecc-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.4 %s -o %t.134.mlir
// RUN: tilecc-opt -no-implicit-module %s -o %t.ref.mlir
// RUN: cmp %t.ref.mlir %t.134.mlir
// RUN: FileCheck %s --input-file=%t.134.mlir
// CHECK: fpowi %{{.*}}, %{{.*}} : tile<4xf32>, tile<4xi32>
// CHECK: fpowi %{{.*}}, %{{.*}} : tile<4xbf16>, tile<4xi1>
// CHECK: insert %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] : tile<2x4xf32> -> tile<8x4xf32>
// CHECK: gdc_wait_tko -> token
// CHECK: gdc_launch_dependents_tko token=%{{.*}} -> token
// CHECK: memory_fence_alias_tko token=%{{.*}} -> token
//
// The opcodes are those of NVIDIA's registry (0x76 insert ... 0x7A
// memory_fence_alias_tko): each op alone in a function body.
// RUN: tilecc-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.4 %s -o %t.bc
// RUN: od -An -v -tx1 %t.bc | tr -d '\n' | FileCheck %s --check-prefix=BYTES
// fpowi: opcode 0x79, result type, two operands.
// BYTES: 79 {{[0-9a-f]+}} 00 01
// BYTES: 79 {{[0-9a-f]+}} 03 04
// insert: opcode 0x76, a sized result list, then the operand count (2 + 2).
// BYTES: 76 01 {{[0-9a-f]+}} 04 02 03 00 01
// gdc_wait_tko without a token: no operand (count 0).
// BYTES: 78 {{[0-9a-f]+}} 00 5c 00
// gdc_launch_dependents_tko with one: count 1, the operand.
// BYTES: 77 {{[0-9a-f]+}} 01 00
// memory_fence_alias_tko: opcode 0x7a, result type, its token (no count).
// BYTES: 7a {{[0-9a-f]+}} 00 5c 00

cuda_tile.module @kernels {
  entry @fpowi() {
    %x = constant <f32: 2.0> : tile<4xf32>
    %n = constant <i32: -3> : tile<4xi32>
    %0 = fpowi %x, %n : tile<4xf32>, tile<4xi32>
    %h = constant <bf16: 2.0> : tile<4xbf16>
    %b = constant <i1: true> : tile<4xi1>
    %1 = fpowi %h, %b : tile<4xbf16>, tile<4xi1>
  }
  entry @insert(%i: tile<i32>, %j: tile<i32>) {
    %s = constant <f32: 1.0> : tile<2x4xf32>
    %d = constant <f32: 0.0> : tile<8x4xf32>
    %0 = insert %s into %d[%i, %j] : tile<2x4xf32> -> tile<8x4xf32>
  }
  entry @gdc() {
    %0 = gdc_wait_tko -> token
  }
  entry @gdc_token() {
    %t = make_token : token
    %0 = gdc_launch_dependents_tko token=%t -> token
  }
  entry @fence() {
    %t = make_token : token
    %0 = memory_fence_alias_tko token=%t -> token
  }
}
