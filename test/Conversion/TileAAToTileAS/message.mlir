// nv_tileaa.message is a compile-time diagnostic at its program point: it is
// reported with its severity and leaves no op behind; an error fails the
// pass.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas -verify-diagnostics | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @notes
// CHECK-NOT: message
// CHECK: nv_tileaa.return
nv_tileaa.func @notes(%x: f32) -> f32 {
  // expected-remark @below {{tile shapes fixed}}
  nv_tileaa.message "tile shapes fixed"
  // expected-warning @below {{slow path taken}}
  nv_tileaa.message "slow path taken" {severity = "warning"}
  %0 = nv_tileaa.addf %x, %x : f32
  nv_tileaa.return %0 : f32
}

// -----

nv_tileaa.func @fatal() {
  // expected-error @below {{unsupported configuration}}
  nv_tileaa.message "unsupported configuration" {severity = "error"}
  nv_tileaa.return
}

// -----

nv_tileaa.func @unknown() {
  // expected-error @below {{'nv_tileaa.message' op has severity 'fatal'; expected remark, warning or error}}
  nv_tileaa.message "?" {severity = "fatal"}
  nv_tileaa.return
}
