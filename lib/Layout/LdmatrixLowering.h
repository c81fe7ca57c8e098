//===- LdmatrixLowering.h - shared -> registers with ldmatrix ---*- C++ -*-===//
//
// Decides from the layouts alone whether ldmatrix can load a register layout
// from a shared layout, and computes every lane's row address. Working in
// 16-bit units of shared memory: without .trans, ldmatrix gives lane l the
// units 2 * (l % 4) + {0, 1} of row l / 4, so register bit 0 and lane bits
// 0-1 must step through one contiguous 16-byte row while lane bits 2-4 pick
// rows; with .trans lane bits 2-4 step through the row instead. Further
// register bits pick the matrix (x2, x4) and then the instruction.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_LDMATRIXLOWERING_H
#define TILECC_LAYOUT_LDMATRIXLOWERING_H

#include "Layout/LinearLayout.h"
#include "Layout/SharedLayouts.h"

namespace tilecc::layout {

struct LdmatrixPlan {
  unsigned numMatrices = 0; // 1, 2 or 4 per instruction
  bool trans = false;
  /// ("lane", "instr", "warp") -> tile coordinates of the 16-byte row each
  /// lane points at. Lanes past 8 * numMatrices are not part of it.
  LinearLayout addresses;
  /// Bank cost of warp 0's loads.
  AccessCost cost;
};

/// The ldmatrix lowering of a load of `reg` ("register"/"lane"/"warp") from
/// `shared` for 8-, 16- or 32-bit elements, or nullopt when the layouts do
/// not fit the instruction (.trans needs 16-bit elements).
std::optional<LdmatrixPlan> planLdmatrix(const LinearLayout &reg,
                                         const LinearLayout &shared,
                                         unsigned elemBits);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_LDMATRIXLOWERING_H
