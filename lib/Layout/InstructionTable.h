//===- InstructionTable.h - MMA and copy instruction families ---*- C++ -*-===//
//
// The one table the typed atoms of nv_tileas are chosen from and verified
// against: for each MMA family the instruction shapes it issues and the
// target feature it needs, for each copy kind its legal access widths and
// feature. The per-family tables of element types (getMmaSyncShape,
// getWgmmaShape, getTcgen05Shape) sit beside their fragment layouts and are
// read through this one for shapes.
//
// The enums mirror nv_tileas' MmaFamily / CopyKind (TileASAttrs.td; the
// discriminants are asserted equal there) so that this library stays free
// of the dialects.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_INSTRUCTIONTABLE_H
#define TILECC_LAYOUT_INSTRUCTIONTABLE_H

#include "Target/TargetInfo.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tilecc::layout {

/// The instruction family of an MMA atom.
enum class MmaFamily : uint32_t {
  MmaSync = 0,            // mma.sync (sm_80+)
  MmaSyncBlockScaled = 1, // mma.sync kind::mxf8f6f4 / mxf4nvf4 (sm_120a)
  Wgmma = 2,              // wgmma.mma_async (sm_90a)
  Tcgen05 = 3,            // tcgen05.mma (sm_100a, sm_103a, sm_110a)
  Tcgen05BlockScaled = 4, // tcgen05.mma.block_scale
  Fma = 5,                // scalar fma / mad, no tensor core
};

/// One instruction: M x N x K elements.
struct MmaInstrShape {
  unsigned m = 0, n = 0, k = 0;
  bool operator==(const MmaInstrShape &o) const {
    return m == o.m && n == o.n && k == o.k;
  }
};

/// The target feature a family's instructions need; nullopt for the scalar
/// FMA dot, which every target has.
std::optional<TargetFeature> getRequiredFeature(MmaFamily family);

/// Whether the family consumes per-block scale factors.
bool isBlockScaled(MmaFamily family);

/// The instruction a dot of `aBits`-bit A elements (register bits: tf32 is
/// 32) issues: mma.sync m16n8k<256 / aBits> (m8n8k4 for f64); block-scaled
/// mma.sync m16n8k32 (blocks of 32) or m16n8k64 (4-bit operands in blocks
/// of 16); wgmma m64n<tileN>k<256 / aBits>; tcgen05 (plain and
/// block-scaled) M = 128, N = min(tileN, 256), K = 32 bytes of A; FMA
/// m1n1k1. nullopt where the family has no instruction for the width.
std::optional<MmaInstrShape> getMmaInstrShape(MmaFamily family, unsigned aBits,
                                              int64_t tileN,
                                              unsigned scaleBlock = 0);

/// The granule a dot tile of the family must split into (M, N, K): the
/// instruction's for mma.sync, and for the block-scaled lowerings M 16, N 8
/// and K 256 bits of A; tcgen05 M 16 too (fewer than 64 rows are padded to
/// 64). nullopt where the
/// family has no instruction for the width. (Plain wgmma and tcgen05 tiles
/// are checked by fitsWgmma / fitsTcgen05.)
std::optional<MmaInstrShape> getMmaTileGranule(MmaFamily family,
                                               unsigned aBits);

/// Why `shape` is not an instruction of the family for `aBits`-bit A
/// elements (and, block-scaled, `scaleBlock`-element scale blocks), or the
/// empty string if it is one.
std::string checkMmaInstrShape(MmaFamily family, unsigned aBits,
                               const MmaInstrShape &shape,
                               unsigned scaleBlock = 0);

/// The data-movement kind of a copy atom.
enum class CopyKind : uint32_t {
  Ldg = 0,       // ld.global
  Stg = 1,       // st.global
  Lds = 2,       // ld.shared
  Sts = 3,       // st.shared
  RedGlobal = 4, // red/atom on global memory, element-wise
  RedShared = 5, // red/atom on shared memory, element-wise
  CpAsync = 6,   // cp.async global -> shared (sm_80+)
  Tma = 7,       // cp.async.bulk.tensor (sm_90+), whole boxes
  Stmatrix = 8,  // stmatrix.m8n8 b16 registers -> shared (sm_90+)
};

/// The feature a copy kind needs; nullopt for plain loads, stores and
/// reductions.
std::optional<TargetFeature> getRequiredFeature(CopyKind kind);

/// Why `bits` is not an access width of the kind, or the empty string:
/// ld/st move 1 to 128 bits an access (an element up to a 128-bit vector),
/// cp.async 32, 64 or 128 bits (4, 8 or 16 bytes), stmatrix 32, 64 or 128 a
/// lane (.x1, .x2, .x4 8x8 b16 matrices); reductions (one element)
/// and TMA (whole boxes) have no width (0).
std::string checkCopyWidth(CopyKind kind, unsigned bits);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_INSTRUCTIONTABLE_H
