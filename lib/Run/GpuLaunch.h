//===- GpuLaunch.h - running a case on a real GPU, in two halves -*- C++ -*-===//
//
// tilecc-run needs MLIR; a GPU machine need not have it. So the GPU engine is
// split: tilecc-run writes a self-contained launch directory (the cubin or
// PTX, launch.json, the input buffers), scripts/gpu-run.py launches it through
// the CUDA driver wherever a GPU is, and tilecc-run reads the results back
// and compares them like any other engine's.
//
// Directory layout:
//   launch.json   {"kernel", "image", "grid", "block", "cluster",
//                  "dynamic_shared", "args": [{"buffer", "bytes", "input",
//                  "output"} | {"param": [byte, ...]}]}
//   kernel.cubin | kernel.ptx, in/<index>.bin
// written by the launcher:
//   result.json   {"status": "ok" | CUDA error name, "time_ms"?}
//   printed.txt   the kernel's printf output; out/<index>.bin
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_RUN_GPULAUNCH_H
#define TILECC_RUN_GPULAUNCH_H

#include "Run/Engines.h"

#include "llvm/ADT/StringRef.h"

namespace tilecc {

/// What the launch directory carries for the driver to load: a cubin for the
/// target, or its PTX (JIT-compiled by the driver for whatever GPU runs it,
/// which is how PTX for an older target runs on a newer GPU).
enum class GpuImage { Cubin, PTX };

/// Compiles the case's kernel for `target` and writes the launch directory.
llvm::Error writeGpuLaunch(const Case &testCase, const TargetInfo &target,
                           GpuImage image, llvm::StringRef dir);

/// Reads what the launcher left in `dir`. A launch that failed on the GPU
/// (a trap, an illegal address) is an error carrying the CUDA status and
/// whatever the kernel printed.
llvm::Expected<EngineResult> readGpuResult(const Case &testCase,
                                           llvm::StringRef dir);

} // namespace tilecc

#endif // TILECC_RUN_GPULAUNCH_H
