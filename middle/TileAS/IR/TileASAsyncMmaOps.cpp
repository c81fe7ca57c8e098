//===- TileASAsyncMmaOps.cpp - waits for MMAs left in flight --------------===//
#include "TileAS/IR/TileASAsyncMmaOps.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_OP_CLASSES
#include "TileAS/IR/TileASAsyncMmaOps.cpp.inc"
