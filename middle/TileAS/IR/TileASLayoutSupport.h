//===- TileASLayoutSupport.h - LinearLayout as an attribute parameter -*- C++ -*-===//
#ifndef TILECC_TILEAS_IR_TILEASLAYOUTSUPPORT_H
#define TILECC_TILEAS_IR_TILEASLAYOUTSUPPORT_H

#include "Layout/LinearLayout.h"
#include "llvm/ADT/Hashing.h"

namespace tilecc::layout {
/// Attribute uniquing hashes the canonical text form (it round-trips exactly).
inline llvm::hash_code hash_value(const LinearLayout &layout) {
  return llvm::hash_value(layout.toString());
}
} // namespace tilecc::layout

#endif // TILECC_TILEAS_IR_TILEASLAYOUTSUPPORT_H
