// RUN: tilecc-opt %s | FileCheck %s
// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s
// RUN: tilecc-opt -mlir-print-op-generic %s | tilecc-opt | FileCheck %s
// Hints are not checked by default: nothing below is reported.
// RUN: tilecc-opt %s -verify-diagnostics

cuda_tile.module @m {
  // CHECK: entry @two_archs(%arg0: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = 4, occupancy = 2}, sm_90 = {num_worker_warps_per_cta = 8}> {
  entry @two_archs(%arg0: !cuda_tile.tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}, sm_100 = {num_cta_in_cga = 4, occupancy = 2}> {
    return
  }
  // 13.1/13.2 frontends emit empty per-architecture dictionaries.
  // CHECK: entry @empty_arch() optimization_hints=<sm_89 = {}> {
  entry @empty_arch() optimization_hints=<sm_89 = {}> {
    return
  }
  // An empty attribute is dropped.
  // CHECK: entry @no_hints() {
  entry @no_hints() optimization_hints=<> {
    return
  }
  // Unknown architectures and hints are kept as written.
  // CHECK: entry @unknown() optimization_hints=<sm_75 = {foo = "bar", num_cta_in_cga = 3}> {
  entry @unknown() optimization_hints=<"sm_75" = {foo = "bar", num_cta_in_cga = 3}> {
    return
  }
  // CHECK: entry @fallback() optimization_hints=<default = {occupancy = 4}> {
  entry @fallback() optimization_hints=<default = {occupancy = 4}> {
    return
  }
}
