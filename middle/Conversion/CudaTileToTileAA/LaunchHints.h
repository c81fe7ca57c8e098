//===- LaunchHints.h - hints carried below cuda_tile ------------*- C++ -*-===//
//
// The optimization hints the kernel-spec decision (TileAAToTileAS,
// KernelResources.cpp) reads, carried from cuda_tile onto nv_tileaa.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_CUDATILETOTILEAA_LAUNCHHINTS_H
#define TILECC_CONVERSION_CUDATILETOTILEAA_LAUNCHHINTS_H

#include "llvm/ADT/StringRef.h"

namespace mlir::tilecc {

/// An entry's launch hints for the target (`num_worker_warps_per_cta`,
/// `num_cta_in_cga`, `occupancy`): a dictionary of integers on the kernel.
inline constexpr llvm::StringLiteral kLaunchHintsAttr =
    "nv_tileaa.launch_hints";
/// A load's `latency` hint for the target (1 to 10: how heavy its DRAM
/// traffic is), an i32 on its nv_tileaa load.
inline constexpr llvm::StringLiteral kLatencyHintAttr = "nv_tileaa.latency";

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_CUDATILETOTILEAA_LAUNCHHINTS_H
