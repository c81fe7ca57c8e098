//===- Version.cpp - tilecc's version text --------------------------------===//
#include "Pipeline/Version.h"

#include "llvm/Config/llvm-config.h"

#include <string>

#ifndef TILECC_VERSION
#error "the build defines TILECC_VERSION (the CMake project version)"
#endif

std::string tilecc::getVersionText() {
  auto release = [](TileIRRelease r) {
    return std::to_string(r.major) + "." + std::to_string(r.minor);
  };
  std::string newest = release(kNewestTileIRRelease);
  // The second line has the shape of NVIDIA's tools ("Cuda compilation
  // tools, release X.Y, VX.Y.Z"), which the producers' probes parse.
  return std::string("tilecc ") + TILECC_VERSION + " (MLIR/LLVM " +
         std::to_string(LLVM_VERSION_MAJOR) +
         "), an open compiler for CUDA Tile IR that also answers as tileiras\n" +
         "Cuda compilation tools, release " + newest + ", V" + newest +
         ".0\n" + "Reads Tile IR bytecode release " +
         release(kOldestTileIRRelease) + " through " + newest + "\n";
}
