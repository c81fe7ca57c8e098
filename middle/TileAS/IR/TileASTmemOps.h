//===- TileASTmemOps.h - accumulators resident in tensor memory -*- C++ -*-===//
#ifndef TILECC_TILEAS_IR_TILEASTMEMOPS_H
#define TILECC_TILEAS_IR_TILEASTMEMOPS_H

#include "TileAS/IR/TileASDialect.h"

#define GET_OP_CLASSES
#include "TileAS/IR/TileASTmemOps.h.inc"

#endif // TILECC_TILEAS_IR_TILEASTMEMOPS_H
