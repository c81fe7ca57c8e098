//===- TileASInterfaces.cpp - nv_tileas interface definitions -------------===//
#include "TileAS/IR/TileASDialect.h"

#include "TileAS/IR/TileASInterfacesAttrs.cpp.inc"
#include "TileAS/IR/TileASInterfacesOps.cpp.inc"
