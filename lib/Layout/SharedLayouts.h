//===- SharedLayouts.h - swizzled shared memory and bank conflicts -*- C++
//-*-===//
//
// Shared-memory layouts map "offset" (in elements) to tile coordinates. The
// standard swizzle stores row r of the fastest dimension with its vec-element
// chunks permuted: chunk c goes to c ^ ((r / perPhase) % maxPhase). That is
// linear over GF(2), so it is an ordinary LinearLayout.
//
// Bank model: 32 banks of 4 bytes. A warp-wide access of `accessBits` per
// lane is served in phases of 128 bytes (8 lanes for 128-bit, 16 for 64-bit,
// 32 otherwise); each phase takes as many wavefronts as the largest number of
// distinct 4-byte words it touches in one bank. Conflict-free means one
// wavefront per phase.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_SHAREDLAYOUTS_H
#define TILECC_LAYOUT_SHAREDLAYOUTS_H

#include "Layout/LinearLayout.h"

namespace tilecc::layout {

struct SwizzleParams {
  unsigned vec = 1;      // elements per swizzled chunk
  unsigned perPhase = 1; // rows sharing one phase
  unsigned maxPhase = 1; // distinct phases (1: no swizzle)
  bool operator==(const SwizzleParams &o) const {
    return vec == o.vec && perPhase == o.perPhase && maxPhase == o.maxPhase;
  }
};

/// The swizzled layout of a tile of `shape`, dims stored row-major in `order`
/// (fastest first); the swizzle permutes chunks of order[0] by the index
/// along order[1]. Fails unless sizes are powers of two and
/// vec * maxPhase <= shape[order[0]].
llvm::Expected<LinearLayout>
swizzledSharedLayout(llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<unsigned> order, SwizzleParams swizzle);

/// Number of row bits of a tile stored in `order`: the bits of every dim but
/// the fastest.
unsigned getNumRowBits(llvm::ArrayRef<int64_t> shape,
                       llvm::ArrayRef<unsigned> order);
/// The general XOR swizzle: row bit i (low to high, order[1] first) XORs
/// rowMasks[i] into the column index. Any masks give a bijection.
llvm::Expected<LinearLayout>
xorSwizzledSharedLayout(llvm::ArrayRef<int64_t> shape,
                        llvm::ArrayRef<unsigned> order,
                        llvm::ArrayRef<int32_t> rowMasks);
/// The row masks of a standard swizzle.
std::vector<int32_t> getRowMasks(llvm::ArrayRef<int64_t> shape,
                                 llvm::ArrayRef<unsigned> order,
                                 SwizzleParams swizzle);

/// Cost of a set of warp-wide shared-memory instructions.
struct AccessCost {
  unsigned instructions = 0;
  unsigned wavefronts = 0;
  unsigned idealWavefronts = 0; // one per phase
  unsigned conflicts() const { return wavefronts - idealWavefronts; }
  bool conflictFree() const { return wavefronts == idealWavefronts; }
};

/// `access` maps "lane" (and any further inputs, which enumerate the
/// instructions) to the tile coordinates of the first element each lane
/// touches; each lane touches `accessBits` consecutive bits of shared memory
/// from there. `shared` must be invertible.
AccessCost countWavefronts(const LinearLayout &shared,
                           const LinearLayout &access, unsigned elemBits,
                           unsigned accessBits);

/// The access pattern with which warp 0 stores or loads a register layout
/// through `shared`, vectorized as wide as the pair allows: "lane" plus an
/// "instr" input over the distinct vectors. `accessBits` receives the width.
LinearLayout registerAccess(const LinearLayout &reg, const LinearLayout &shared,
                            unsigned elemBits, unsigned &accessBits);
/// Cost of storing (or loading) `reg` through `shared`.
AccessCost registerAccessCost(const LinearLayout &reg,
                              const LinearLayout &shared, unsigned elemBits);

/// registerAccessCost through the XOR swizzle `rowMasks` of a tile stored in
/// `order` (as xorSwizzledSharedLayout builds it), without building it.
AccessCost registerAccessCost(const LinearLayout &reg,
                              llvm::ArrayRef<unsigned> order,
                              llvm::ArrayRef<int32_t> rowMasks,
                              unsigned elemBits);

/// ldmatrix.x<numMatrices> row addresses for every load that covers a tile of
/// `shape` (16 x 16 b16 per x4 load, K fastest): "lane" and "instr" to tile
/// coordinates. Each lane reads one 128-bit row.
LinearLayout ldmatrixTileAccess(unsigned numMatrices,
                                llvm::ArrayRef<int64_t> shape);

/// The chosen shared layout for a set of register layouts.
struct SharedLayoutChoice {
  SwizzleParams swizzle;         // meaningful when `standard`
  bool standard = true;          // a (vec, perPhase, maxPhase) swizzle
  std::vector<int32_t> rowMasks; // the swizzle as XOR masks, always set
  llvm::SmallVector<unsigned, 4> order;
  LinearLayout layout;
  // Summed over the register layouts it was chosen for.
  unsigned wavefronts = 0;
  unsigned instructions = 0;
  unsigned cost = 0; // wavefronts + instructions
};

/// The standard swizzles pickSwizzle searches for a tile of `shape` stored in
/// `order`, the unswizzled layout first.
std::vector<SwizzleParams> standardSwizzles(llvm::ArrayRef<int64_t> shape,
                                            llvm::ArrayRef<unsigned> order);

/// Searches the swizzles of a tile stored in `order` for the one that moves
/// all `regs` (register layouts of the same tile) at the least cost, counted
/// as wavefronts plus instructions (each access also costs an issue slot, so
/// narrower vectors are not free even when conflict-free). Ties go to the
/// fewest phases, then the widest chunk (which keeps ldmatrix rows and wide
/// accesses contiguous), then the smallest perPhase. Deterministic.
SharedLayoutChoice pickSwizzle(llvm::ArrayRef<LinearLayout> regs,
                               unsigned elemBits,
                               llvm::ArrayRef<unsigned> order);

/// Starts from pickSwizzle's choice and improves it among general XOR
/// swizzles, re-picking one row bit's mask (none or a single column bit) at
/// a time while the cost drops. Needed when several access patterns want
/// row bits XOR-ed in an order no (vec, perPhase, maxPhase) swizzle has,
/// e.g. the round trip between an mma accumulator and a blocked layout.
SharedLayoutChoice pickXorSwizzle(llvm::ArrayRef<LinearLayout> regs,
                                  unsigned elemBits,
                                  llvm::ArrayRef<unsigned> order);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_SHAREDLAYOUTS_H
