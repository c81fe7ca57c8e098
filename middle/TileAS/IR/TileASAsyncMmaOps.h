//===- TileASAsyncMmaOps.h - waits for MMAs left in flight ------*- C++ -*-===//
#ifndef TILECC_TILEAS_IR_TILEASASYNCMMAOPS_H
#define TILECC_TILEAS_IR_TILEASASYNCMMAOPS_H

#include "TileAS/IR/TileASDialect.h"

#define GET_OP_CLASSES
#include "TileAS/IR/TileASAsyncMmaOps.h.inc"

#endif // TILECC_TILEAS_IR_TILEASASYNCMMAOPS_H
