//===- TmaLayouts.h - shared-memory layout of TMA boxes ---------*- C++ -*-===//
//
// A box a bulk tensor copy moves lies in shared memory densely, dimension 0
// (the tile's last) fastest, permuted by the tensor map's swizzle mode.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_TMALAYOUTS_H
#define TILECC_LAYOUT_TMALAYOUTS_H

#include <cstdint>

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

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_TMALAYOUTS_H
