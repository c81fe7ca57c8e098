//===- Tcgen05Mma.h - 5th-generation tensor core (tcgen05) table -*- C++ -*-===//
//
// The dense tcgen05.mma instruction table (sm_100a, sm_103a, sm_110a;
// cta_group::1) and its encodings: which element types run on which kind,
// the shapes a dot may take, the 32-bit instruction descriptor and the
// fixed fields of the 64-bit shared-memory matrix descriptor (PTX ISA 9.0,
// "Instruction descriptor" and "Shared memory descriptor" of the
// tcgen05 family).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_TCGEN05MMA_H
#define TILECC_LAYOUT_TCGEN05MMA_H

#include "Layout/LinearLayout.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace tilecc::layout {

/// tcgen05.mma's kinds. Which targets have tcgen05 and each kind is
/// TargetInfo's feature table (Tcgen05, Tcgen05KindI8).
enum class Tcgen05Kind { F16, TF32, F8F6F4, I8 };

/// One dense tcgen05.mma form: its kind, the K of one instruction (32 bytes
/// of A), and the instruction-descriptor type codes of A, B and D. With
/// `splitF32` the operands are f32, each split into a tf32 big and small
/// part (x = big + small), and one K step is three kind::tf32 MMAs into the
/// same accumulator, small x big + big x small + big x big (3xTF32, the
/// precision mma.sync gives f32 operands).
struct Tcgen05Shape {
  Tcgen05Kind kind;
  unsigned k;
  unsigned aType, bType, dType;
  bool splitF32 = false;
};

/// The PTX name of a kind (`f16`, `tf32`, `f8f6f4`, `i8`).
llvm::StringRef getTcgen05KindName(Tcgen05Kind kind);

/// Tensor-memory columns of an SM (128 lanes of 32 bits each): what the
/// allocations live at one time in a CTA may hold at most.
constexpr int64_t kTensorMemoryColumns = 512;

/// The instruction for A, B and accumulator elements named as in the atoms
/// (`f16`, `bf16`, `tf32`, `e4m3`, `e5m2`, `s8`, `u8`, `s32`):
/// kind::f16 (f16 x f16, bf16 x bf16), kind::tf32, kind::f8f6f4 (e4m3 /
/// e5m2, mixed allowed), kind::i8 (s8 / u8, mixed allowed), accumulating in
/// f32 (s32 for i8), or in f16 for f16 x f16 and the 8-bit floats (D type
/// F16, one element in the low half of each 32-bit tensor-memory cell);
/// f32 x f32 -> f32 as three kind::tf32 MMAs (`splitF32`, 3xTF32: operands
/// typed tf32 are the source's request for tf32 precision).
/// nullopt for everything else (bf16 into f16, f64 (no tcgen05 form),
/// mixed f16/bf16, ...), which keeps mma.sync.
std::optional<Tcgen05Shape> getTcgen05Shape(llvm::StringRef aElem,
                                            llvm::StringRef bElem,
                                            llvm::StringRef cElem);

/// Whether a dot of `accShape` (M x N, or batch x M x N) and `k` runs on
/// tcgen05.mma with `numWarps` warps as tilecc lowers it: M = 64 or a
/// multiple of 128 (one M = 128 instruction per 128 rows; 64 rows take an
/// M = 128 instruction whose padding lanes nobody reads), or a power of two
/// below 64 from 16 (padded to 64 rows, getTcgen05PaddedM), N a power of
/// two from 16 (instructions of N = min(N, 256)), K a multiple of the
/// instruction's, whole groups of 4 warps (one per tensor-memory lane
/// quarter) splitting N, and at most 512 tensor-memory columns (each batch
/// slice its own).
bool fitsTcgen05(unsigned numWarps, llvm::ArrayRef<int64_t> accShape,
                 int64_t k, const Tcgen05Shape &instr);

/// The rows a tile of `m` rows occupies on the instruction: 64 for fewer
/// (zero rows pad A in shared memory; their D rows are never read), `m`
/// otherwise.
int64_t getTcgen05PaddedM(int64_t m);

/// The register layout in which tcgen05.ld / tcgen05.st move an accumulator
/// of `batch` x `m` x `n` 32-bit cells (batch 1: an m x n tile) when
/// `warpGroups` groups of 4 warps split N: the 32x32b shape, thread `lane`
/// of warp w holding row 32 (w % 4) + lane of each 128-row block (data-path
/// lanes of the warp's quarter); with `halfRows` (a 64-row accumulator, the
/// 16x32bx2 shape of Layout F) row 16 (w % 4) + lane % 16 and the first or
/// (lane >= 16) second half of the warp's share of N. Registers run along
/// the columns of the share, then 128-row blocks, then batch slices.
LinearLayout getTcgen05AccumulatorLayout(int64_t batch, int64_t m, int64_t n,
                                         int64_t warpGroups, bool halfRows);

/// The rows of getTcgen05AccumulatorLayout (batch 1) as an m x 1 tile: each
/// thread holds one value for each accumulator row its tcgen05.ld reaches
/// (one register per 128-row block; the threads that share a row, across
/// N, hold copies). What scales the rows of an accumulator resident in
/// tensor memory arrives in this layout.
LinearLayout getTcgen05AccumulatorRowLayout(int64_t m, int64_t n,
                                            int64_t warpGroups, bool halfRows);

/// The register layout a tcgen05 operand tile (2-d, K in dimension `kDim`:
/// 1 for A, 0 for B) is staged into shared memory from when it arrives in
/// registers: each thread holds 16 bytes of K per access (one row of a core
/// matrix of the K-major canonical layout, 8 rows x 16 bytes), lanes run
/// along M (A) or N (B) so a warp's accesses fill whole core matrices,
/// warps along M / N and then K, and what they leave in registers. Every
/// element is in one thread (mma.sync's fragments copy
/// A across the warps that split N and B across those that split M), and
/// a range of K that is a multiple of what lanes and warps cover is a set
/// of registers every thread knows at compile time (staging K in passes).
LinearLayout getTcgen05StagingLayout(llvm::ArrayRef<int64_t> shape,
                                     unsigned kDim, unsigned elementBits,
                                     unsigned numWarps);

/// Whether the coordinates of dimension `kDim` of `layout` at or above
/// `kPass` are reached by registers only, so that each thread knows at
/// compile time which of its registers a pass over `kPass` of K holds.
bool passesInRegisters(const LinearLayout &layout, int kDim, int64_t kPass);

/// How a tcgen05 dot's operands arrive in shared memory when they are
/// staged from registers (the K-major canonical layout without swizzle,
/// batch slices one after the other): K in `passes` passes of `kPass`, one
/// part of A (`aRows` rows of the pass's K; 0 bytes when A is read from a
/// slot of its own) and of B (N rows) per pass, `parts` = 2 for f32
/// operands split into a big and a small tf32 part. All of K is one pass
/// except for split operands (twice the bytes), which take passes of at
/// most `budgetBytes` (or 32 KiB) while each half of a pass is still a set
/// of registers of `aLayout` (K in `aKDim`) and `bLayout` (K in `bKDim`).
struct Tcgen05OperandStaging {
  int64_t kPass, passes, parts;
  int64_t aPartBytes, bPartBytes;
  /// Shared-memory bytes of one pass's operands (all parts).
  int64_t bytes() const { return parts * (aPartBytes + bPartBytes); }
};
Tcgen05OperandStaging
planTcgen05OperandStaging(const Tcgen05Shape &instr, int64_t batch,
                          int64_t aRows, int64_t n, int64_t k,
                          unsigned elementBits, bool aFromSlot,
                          int64_t budgetBytes, const LinearLayout &aLayout,
                          int aKDim, const LinearLayout &bLayout, int bKDim);

/// The 32-bit instruction descriptor (kind::f16/tf32/f8f6f4/i8): dense, no
/// saturation, no negation, A K-major, B K-major or (`mnMajorB`, transpose
/// B at bit 16) N-major, D type, A and B types, N >> 3 at bits 17-22,
/// M >> 4 at bits 24-28.
uint32_t getTcgen05InstrDescriptor(const Tcgen05Shape &instr, unsigned m,
                                   unsigned n, bool mnMajorB = false);

/// The shared-memory descriptor's swizzle mode (bits 61-63) of a canonical
/// layout swizzled over `swizzleBytes` (128, 64, 32; 0 for none), or
/// nullopt for other spans.
std::optional<unsigned> getTcgen05SwizzleMode(unsigned swizzleBytes);

/// The shared-memory matrix descriptor without its start address (bits
/// 0-13, address >> 4): leading-dimension byte offset >> 4 at bits 16-29,
/// stride-dimension byte offset >> 4 at bits 32-45, the fixed 0b001 at bits
/// 46-48, base offset 0, absolute LBO mode 0, swizzle mode at bits 61-63
/// (0 none, 1 128B with 32B atomicity, 2 128B, 4 64B, 6 32B).
uint64_t getTcgen05SmemDescriptorFields(int64_t lbo, int64_t sbo,
                                        unsigned swizzleMode = 0);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_TCGEN05MMA_H
