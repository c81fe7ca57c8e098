//===- TmaLayouts.h - shared-memory layout of TMA boxes ---------*- C++ -*-===//
//
// A box a bulk tensor copy moves lies in shared memory densely, dimension 0
// (the tile's last) fastest, permuted by the tensor map's swizzle mode.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_TMALAYOUTS_H
#define TILECC_LAYOUT_TMALAYOUTS_H

#include "Layout/LdmatrixLowering.h"
#include "Layout/LinearLayout.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tilecc::layout {

/// The TMA shared-memory swizzle (PTX ISA, tensor swizzling modes): with a
/// span of `swizzleBytes` (32, 64, 128) the 16-byte unit c of 128-byte line
/// r (lines counted from a 1024-byte aligned address) holds unit
/// c ^ (r % (swizzleBytes / 16)). On byte offsets: offset ^ ((offset &
/// getTmaSwizzleLineBits(span)) >> kTmaSwizzleShift); no bits without a
/// swizzle.
constexpr unsigned kTmaSwizzleShift = 3;
constexpr int64_t getTmaSwizzleLineBits(unsigned swizzleBytes) {
  return swizzleBytes >= 32 ? int64_t(swizzleBytes / 16 - 1) << 7 : 0;
}

/// Alignment of a staged box: the swizzle's lines are counted from it (bulk
/// tensor copies themselves need 128 bytes).
constexpr int64_t kTmaBoxAlignment = 1024;

/// The shared layout of a staged box of `boxShape` (last dimension fastest,
/// densely) under a `swizzleBytes` swizzle: "offset" (elements) to the box's
/// coordinates "dim0", "dim1", ... The swizzle is an involution on byte
/// offsets, so the element at a physical offset is the one whose logical
/// offset the swizzle maps there.
LinearLayout tmaBoxSharedLayout(llvm::ArrayRef<int64_t> boxShape,
                                unsigned elemBits, unsigned swizzleBytes);

/// How a register tile of boxes side by side along its last dimension is
/// staged box by box with stmatrix (the m8n8 b16 fragments are ldmatrix's,
/// PTX ISA "stmatrix": a store is the load's inverse, so the ldmatrix plan of
/// one box is the stmatrix plan).
struct TmaBoxStmatrixPlan {
  /// Over one box, whose "register" input is the box-local registers below.
  LdmatrixPlan matrices;
  /// The tile's register bit of each box-local register bit, low first.
  std::vector<unsigned> boxRegisterBits;
  /// The tile's register bits that pick the box (their images lie only along
  /// the last dimension, whole boxes apart).
  std::vector<unsigned> boxSelectorBits;
};

/// The stmatrix staging of `tile` ("register"/"lane"/"warp" to the tile's
/// coordinates) into boxes of `boxShape` under `swizzleBytes`, or nullopt:
/// 16-bit elements only, every dimension but the last one box deep, no lane
/// or warp reaching past a box, no duplicate elements, and the box-local
/// layout must be stmatrix's fragment (register bit 0 and lane bits 0-1 along
/// one 16-byte row, lane bits 2-4 over rows).
std::optional<TmaBoxStmatrixPlan>
planTmaBoxStmatrix(const LinearLayout &tile, llvm::ArrayRef<int64_t> boxShape,
                   unsigned elemBits, unsigned swizzleBytes);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_TMALAYOUTS_H
