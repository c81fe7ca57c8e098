//===- WgmmaLayouts.h - warpgroup MMA (wgmma) layouts -----------*- C++ -*-===//
//
// The wgmma.mma_async instruction table (sm_90a) and the layouts a dot on it
// uses: the accumulator and the A fragment in registers, B in shared memory
// in a canonical layout a matrix descriptor addresses.
//
// Warpgroups (4 consecutive warps) tile M: warp w holds rows 16 w .. 16 w + 15
// of every 16 * numWarps rows, so warp w is warp (w % 4) of warpgroup w / 4
// and each warpgroup's m64 instruction covers 64 consecutive rows. Per warp,
// the m64nNk16 D fragment is the mma.sync m16n8 accumulator repeated along N
// (d[4j + i] in block j) and the A fragment the mma.sync m16n8k16 one, so
// both are lib/Layout's mma.sync layouts with warps [numWarps, 1].
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_WGMMALAYOUTS_H
#define TILECC_LAYOUT_WGMMALAYOUTS_H

#include "Layout/LinearLayout.h"

#include <optional>

namespace tilecc::layout {

/// One wgmma instruction: m64nNk<k> (N a multiple of 8 up to 256).
struct WgmmaShape {
  unsigned m = 64, k = 0, maxN = 256;
};

/// The instruction for A, B and accumulator elements named as in the atoms
/// (`f16`, `bf16`, `f32`): f16 x f16 and bf16 x bf16 into f32 (k16); nullopt
/// for the forms tilecc does not issue.
std::optional<WgmmaShape> getWgmmaShape(llvm::StringRef aElem,
                                        llvm::StringRef bElem,
                                        llvm::StringRef cElem);

/// Whether a rank-2 dot of `accShape` (M x N) and `k` runs on wgmma with
/// `numWarps` warps: whole warpgroups, every warp 16 rows of each 16 x
/// numWarps, N a power of two from 16 to 256 (one instruction, a swizzled
/// B), K a multiple of the instruction's, at most 128 accumulator registers
/// per thread.
bool fitsWgmma(unsigned numWarps, llvm::ArrayRef<int64_t> accShape,
               int64_t k, const WgmmaShape &instr);

/// The register layouts of a wgmma dot: the accumulator (M x N) and A
/// (M x K); B has no register layout of its own.
struct WgmmaDotLayouts {
  LinearLayout a, acc;
};
llvm::Expected<WgmmaDotLayouts> wgmmaDotLayouts(unsigned numWarps,
                                                unsigned elemBits,
                                                llvm::ArrayRef<int64_t> accShape,
                                                int64_t k);

/// A K x N B tile in shared memory, N-major (the descriptor's transposed B:
/// wgmma's for f16/bf16, tcgen05's also for 8-bit and tf32 elements; K a
/// multiple of one instruction's 32 bytes), in the swizzled canonical
/// layout: atoms of 8 K rows of
/// `swizzleBytes` (N contiguous), K atoms `sbo` bytes apart, N atoms `lbo`
/// bytes apart; 16-byte chunk c of row r of an atom is stored at chunk
/// c ^ (r % (swizzleBytes / 16)). `layout` maps "offset" (elements, from a
/// base aligned to 8 * swizzleBytes) to (dim0 = k, dim1 = n); `descMode` is
/// the descriptor's swizzle field (1: 128 B, 2: 64 B, 3: 32 B).
struct WgmmaSharedOperand {
  LinearLayout layout;
  unsigned swizzleBytes = 0, descMode = 0;
  int64_t lbo = 0, sbo = 0;
  /// K-major only: bytes between atoms along K (each holds every row).
  int64_t kAtomBytes = 0;
};
llvm::Expected<WgmmaSharedOperand> wgmmaNMajorB(int64_t k, int64_t n,
                                                unsigned elemBits);

/// An M x K A tile in shared memory, K-major (8-, 16- or 32-bit elements,
/// K a multiple of one instruction's 32 bytes), in the swizzled
/// canonical layout: atoms of 8 M rows of `swizzleBytes` (K contiguous), M
/// atoms `sbo` = 8 * swizzleBytes apart, then the next swizzleBytes of K
/// `kAtomBytes` = M * swizzleBytes on; swizzled like wgmmaNMajorB. One
/// instruction reads 32 bytes of a row, inside one atom, so LBO is
/// unused (encoded as 16 bytes, as the ISA's canonical form says).
llvm::Expected<WgmmaSharedOperand> wgmmaKMajorA(int64_t m, int64_t k,
                                                unsigned elemBits);

/// A tcgen05 B operand held K-major (N x K, K contiguous: B's transpose as
/// loaded, attention's K tile) in the same canonical layout as
/// wgmmaKMajorA, its rows N: any power of two from 8 (tcgen05's N is not
/// wgmma's M of 64), so a descriptor with K-major B reads it.
llvm::Expected<WgmmaSharedOperand> tcgen05KMajorB(int64_t n, int64_t k,
                                                  unsigned elemBits);

/// Byte offset (from the tile's aligned base, before the swizzle) of the
/// 8-row group starting at (`row`, `kElem`) of a K-major operand from
/// wgmmaKMajorA: where a descriptor for rows `row`.. of K step `kElem`..
/// starts.
int64_t wgmmaKMajorOffset(const WgmmaSharedOperand &operand, int64_t row,
                          int64_t kElem, unsigned elemBits);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_WGMMALAYOUTS_H
