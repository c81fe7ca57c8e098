//===- MmaLayouts.h - mma.sync fragments and ldmatrix -----------*- C++ -*-===//
//
// Register layouts of the warp-level tensor core instructions (mma.sync
// m16n8k*, sm_80 and later) and of ldmatrix, as LinearLayouts. "register"
// counts elements (not 32-bit registers): a 32-bit register holding two f16
// values is two consecutive register indices.
//
// Warps are arranged over the output tile with warpsPerCTA = [wm, wn], the
// warp index running fastest along N (dim1). Operands are broadcast across
// the warps of the other dimension: A is shared by warps in the same row.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_MMALAYOUTS_H
#define TILECC_LAYOUT_MMALAYOUTS_H

#include "Layout/LinearLayout.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tilecc::layout {

enum class MmaOperand { A, B };

//===----------------------------------------------------------------------===//
// The mma.sync instruction table (wgmma, sm_90a: WgmmaLayouts.h)
//===----------------------------------------------------------------------===//
//
// tilecc issues mma.sync for the dots of every target (sm_80 through
// sm_120) except those sm_90a puts on wgmma (WgmmaLayouts.h, its own table);
// the atom chosen in TileAAToTileAS, the layouts assigned for it and its
// LLVM lowering all read the table below, never a copy of it.

/// One mma.sync instruction tile: M x N x K elements.
struct MmaSyncShape {
  unsigned m, n, k;
};

/// The instruction for `elemBits`-bit A/B elements: m16n8k<256 / elemBits>
/// for 4, 8, 16 and 32 bits (the widest K), m8n8k4 for 64 bits (f64);
/// nullopt for any other width.
std::optional<MmaSyncShape> getMmaSyncShape(unsigned elemBits);

/// Whether mma.sync keeps an f16 accumulator (`.f16` C and D) for A and B of
/// these atom element names: only f16 x f16 (m16n8k8/k16); every other
/// floating-point form accumulates in f32.
bool mmaSyncHasF16Accumulator(llvm::StringRef aElem, llvm::StringRef bElem);

/// The m16n8 accumulator (C/D) fragment of mma.sync, repeated over `shape`
/// (M x N), first along N then along M. Valid for f32/s32 and packed f16
/// accumulators alike: the element distribution is the same.
LinearLayout mmaSyncAccumulator(llvm::ArrayRef<unsigned> warpsPerCTA,
                                llvm::ArrayRef<int64_t> shape);

/// The A (M x K) or B (K x N) fragment of mma.sync.m16n8k<instrK> for
/// elements of `elemBits` bits, repeated over `shape`, first along K.
/// Supported: 16-bit (f16/bf16) k8/k16, 32-bit (tf32) k4/k8, 8-bit (s8/u8,
/// e4m3/e5m2) k16/k32, 4-bit (s4/u4) k32/k64.
llvm::Expected<LinearLayout>
mmaSyncOperand(MmaOperand operand, unsigned elemBits, unsigned instrK,
               llvm::ArrayRef<unsigned> warpsPerCTA,
               llvm::ArrayRef<int64_t> shape);

/// mma.sync.m8n8k4 with f64 operands: the 8x8 accumulator (two elements per
/// lane, a column pair) and the A (8 x 4) / B (4 x 8) fragments (one element
/// per lane), repeated over `shape` like their m16n8 counterparts.
LinearLayout mmaSyncF64Accumulator(llvm::ArrayRef<unsigned> warpsPerCTA,
                                   llvm::ArrayRef<int64_t> shape);
LinearLayout mmaSyncF64Operand(MmaOperand operand,
                               llvm::ArrayRef<unsigned> warpsPerCTA,
                               llvm::ArrayRef<int64_t> shape);

/// ldmatrix.m8n8.x<numMatrices>[.trans].b16: ("register", "lane") to
/// ("matrix", "row", "col") of the loaded 8x8 matrices. register bit 0 picks
/// the half of a 32-bit register, the higher bits the matrix.
LinearLayout ldmatrixFragment(unsigned numMatrices, bool trans);

/// ldmatrix row addresses: ("lane") to ("matrix", "row"): lanes 8i..8i+7
/// supply the rows of matrix i. Lanes beyond 8 * numMatrices are unused and
/// are not part of the layout.
LinearLayout ldmatrixAddresses(unsigned numMatrices);

/// Where the 8x8 matrices of a load sit in an operand tile: ("matrix",
/// "row", "col") to ("dim0", "dim1"), matrix bit 0 -> dim0 + 8, bit 1 ->
/// dim1 + 8. This is the x4 placement for a 16x16 A tile (M x K, non-trans)
/// and for a 16x16 B tile (K x N, .trans from N-contiguous rows).
LinearLayout ldmatrixPlacement(unsigned numMatrices);

/// The layouts of one mma.sync dot: D (= C) is M x N, A is M x K, B is K x N,
/// optionally behind a leading batch dimension that each thread walks in
/// registers. All three come from one warp arrangement, so the fragments of
/// a warp's A rows and B columns meet its accumulator tiles.
struct MmaSyncDotLayouts {
  llvm::SmallVector<unsigned, 2> warpsPerCTA; // [wm, wn]
  unsigned instrM = 0, instrN = 0, instrK = 0; // m16n8k<instrK> or m8n8k4
  LinearLayout a, b, acc;
};

/// Splits `numWarps` over an M x N output, doubling the dimension whose per-
/// warp extent is larger while it still holds more than one instruction
/// tile (`instrM` x 8).
llvm::SmallVector<unsigned, 2> chooseMmaSyncWarps(unsigned numWarps,
                                                  int64_t m, int64_t n,
                                                  int64_t instrM = 16);

/// The dot layouts for `elemBits`-bit operands over `accShape` ([batch,] M,
/// N) and K: m16n8k<256 / elemBits> (the widest K), m8n8k4 for 64 bits.
/// The warps are `chooseMmaSyncWarps`' unless `warpsPerCTA` names them.
llvm::Expected<MmaSyncDotLayouts>
mmaSyncDotLayouts(unsigned numWarps, unsigned elemBits,
                  llvm::ArrayRef<int64_t> accShape, int64_t k,
                  llvm::ArrayRef<unsigned> warpsPerCTA = {});

/// Whether all `numWarps` warps can stack along M (warps [numWarps, 1])
/// with rows of their own: M is a multiple of `instrM` x numWarps. Then a
/// row of the accumulator lives in one warp (row reductions need no shared
/// memory), and the accumulator of a dot is, element for element, the A
/// fragment of a dot with the same warps (m16n8 C against m16n8k16 A for
/// 16-bit operands: the C fragments of two adjacent n8 tiles are the A
/// fragment of a k16 step).
bool fitsRowWarps(unsigned numWarps, int64_t m, int64_t instrM = 16);

/// The scale factors of block-scaled mma.sync with selectors {byte-id,
/// thread-id} = {0, 0}: lane 4g + h (h = 0, 1) holds the scales of row
/// g + 8h of A, every lane of quad g those of column g of B; the
/// `scalesPerInstr` scales of one instruction (.scale_vec::1X: one per 32 K
/// elements of m16n8k32; ::4X: four per 64 of m16n8k64) are bytes 0.. of
/// one register, i.e. consecutive registers here. scale_A is M x (K / block)
/// and scale_B (K / block) x N, repeated over `shape` and the warps like A
/// and B.
LinearLayout mmaSyncScaleOperand(MmaOperand operand, unsigned scalesPerInstr,
                                 llvm::ArrayRef<unsigned> warpsPerCTA,
                                 llvm::ArrayRef<int64_t> shape);

/// The layouts of a block-scaled mma.sync dot: the accumulator, A and B in
/// the fragments of the instruction the block size selects, and the scales
/// of the `scaleK` K blocks. Blocks of 32: m16n8k32 kind::mxf8f6f4 with
/// 8-bit fragments (fp4 in 8-bit containers), one scale per instruction.
/// Blocks of 16 (fp4 only, `elemBits` = 4): m16n8k64 kind::mxf4nvf4 with
/// 4-bit fragments, four scales per instruction. A batched (3-d) dot walks
/// the batch in the highest register bits of every operand.
struct BlockScaledMmaSyncLayouts {
  MmaSyncDotLayouts dot;
  LinearLayout scaleA, scaleB;
  unsigned scalesPerInstr = 1;
};
llvm::Expected<BlockScaledMmaSyncLayouts>
blockScaledMmaSyncLayouts(unsigned numWarps, unsigned elemBits,
                          llvm::ArrayRef<int64_t> accShape, int64_t k,
                          int64_t scaleK);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_MMALAYOUTS_H
