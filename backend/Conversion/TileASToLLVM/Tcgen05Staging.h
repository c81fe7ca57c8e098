//===- Tcgen05Staging.h - shared pieces of the tcgen05 lowerings -*- C++ -*-===//
//
// The tcgen05 MMA lowerings (block-scaled and plain dots) read A and B from
// shared memory in the K-major canonical layout (no swizzle: core matrices of
// 8 rows x 16 bytes, LBO = 128 bytes between core matrices adjacent in K,
// SBO = 8 rows x K bytes between 8-row groups) and the accumulator from
// tensor memory through tcgen05.ld in the layout below. These helpers stage
// register tiles into those layouts and back.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_TCGEN05STAGING_H
#define TILECC_CONVERSION_TILEASTOLLVM_TCGEN05STAGING_H

#include "Conversion/TileASToLLVM/ControlFlow.h"
#include "Layout/LinearLayout.h"
#include "Layout/Tcgen05Mma.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>

namespace mlir::tilecc::tcgen05 {

/// A shared layout (input "offset", in elements) onto a 2-d tile of `size0` x
/// `size1`: offset bit i goes to bit `bits[i].second` of dimension
/// `bits[i].first`, or nowhere (padding) when the dimension is -1. With
/// `batch` > 1 the tile is 3-d, slices outermost.
::tilecc::layout::LinearLayout
offsetLayout(ArrayRef<std::pair<int, int>> bits, int64_t size0, int64_t size1,
             int64_t batch = 1);

/// Bits [from, to) of dimension `dim` (or `to - from` paddings for dim -1).
void appendBits(SmallVectorImpl<std::pair<int, int>> &bits, int dim, int from,
                int to);

/// A (M x K) or, with `kFirst`, B (K x N) in the K-major canonical layout of
/// `elementBits`-bit elements; `halfRows`: A of 64 rows under an M = 128
/// instruction (rows 32 q + 16 .. 32 q + 31 are padding).
::tilecc::layout::LinearLayout operandLayout(int64_t rows, int64_t k,
                                             bool kFirst, unsigned elementBits,
                                             int64_t batch,
                                             bool halfRows = false);

/// The accumulator as tcgen05.ld/st 32x32b (16x32bx2 with `halfRows`) reach
/// it: `warpGroups` groups of 4 warps split N.
struct TmemShape {
  int64_t batch, m, n, warpGroups;
  bool halfRows;
};
::tilecc::layout::LinearLayout tmemRegisterLayout(const TmemShape &shape);

/// True in the one thread that issues a lowering's tcgen05.mma, tcgen05.cp
/// and tcgen05.commit: elect.sync's leader of warp 0 (`warp`: the thread's
/// warp index). Warp-collective: every thread runs it converged.
Value isIssuingThread(OpBuilder &b, Location loc, Value warp);

/// The tensor-memory address `tmem` (i32) `columns` further on, as the
/// pointer (address space 6) NVVM's tcgen05 ops take.
Value tmemPointer(OpBuilder &b, Location loc, Value tmem, int64_t columns = 0);

/// An i1 constant.
Value createI1(OpBuilder &b, Location loc, bool value);

/// fence.proxy.async.shared::cta: the threads' shared-memory writes become
/// visible to the tensor core (the async proxy).
void emitAsyncProxyFence(OpBuilder &b, Location loc);

/// The 64-bit shared-memory matrix descriptor (lib/Layout's tcgen05
/// fields: LBO, SBO, swizzle `mode`, 0 for none) of the matrix at the shared
/// address `address` (i32 or i64).
Value matrixDescriptor(OpBuilder &b, Location loc, Value address, int64_t lbo,
                       int64_t sbo, unsigned mode = 0);

/// One dense tcgen05.mma.cta_group::1 of `kind` into the accumulator at the
/// tensor-memory address `d` (i32) from the shared-memory descriptors
/// `aDesc` and `bDesc` with the instruction descriptor `idesc`; D += A x B
/// where the i1 `enableInputD` holds, D = A x B elsewhere.
void emitMma(OpBuilder &b, Location loc, ::tilecc::layout::Tcgen05Kind kind,
             Value d, Value aDesc, Value bDesc, Value idesc,
             Value enableInputD);

/// tcgen05.commit of the issuing thread's MMAs (and copies) to one arrival
/// on the mbarrier at `mbar` (shared pointer).
void emitCommit(OpBuilder &b, Location loc, Value mbar);

/// tcgen05.fence::before_thread_sync / ::after_thread_sync.
void emitTmemFence(OpBuilder &b, Location loc, bool before);
/// A CTA barrier that orders tensor-memory work: the before-fence, the
/// barrier, the after-fence.
void emitTmemBarrier(OpBuilder &b, Location loc);

/// Releases `columns` of tensor memory at `tmem` once every thread's
/// tensor-memory accesses are done (fence, CTA barrier, fence, then warp 0
/// deallocates), and thread 0 (`tid`) invalidates the completion mbarrier.
void emitTmemRelease(RewriterBase &rewriter, Location loc, Value warp,
                     Value tid, Value tmem, int64_t columns, Value mbar);

/// Where one tcgen05 op works: the shared scratch buffer (`base`, its
/// address as i64), the thread's lane, warp and linear id, and pointers to
/// its completion mbarrier and tensor-memory address slot.
struct ScratchFrame {
  Value base, baseAddress, lane, warp, tid, mbar, slot;
  /// A pointer `offset` bytes into the scratch buffer.
  Value at(OpBuilder &b, Location loc, int64_t offset) const;
};

/// Opens the frame: its values, and a barrier where the plan asks (the
/// scratch buffer's previous user is done).
ScratchFrame openScratchFrame(OpBuilder &b, Location loc, Value base,
                              int64_t mbarOffset, int64_t slotOffset,
                              bool leadingBarrier);
/// Warp 0's tcgen05.alloc of `columns` tensor-memory columns into the
/// frame's slot and thread 0's init of its one-arrival completion mbarrier.
/// Both are branches, which end the current block: operands staged before
/// it stay in the block that loaded them (sub-word values crossing a block
/// are moved as single registers and repacked).
void allocateTensorMemory(RewriterBase &rewriter, Location loc,
                          const ScratchFrame &frame, int64_t columns);

/// Opens the frame and emits the first step every tcgen05 lowering shares:
/// a barrier where the plan asks (the scratch buffer's previous user is
/// done), warp 0's tcgen05.alloc of `columns` tensor-memory columns into
/// the slot, and thread 0's init of the one-arrival completion mbarrier.
ScratchFrame beginScratchFrame(RewriterBase &rewriter, Location loc,
                               Value base, int64_t mbarOffset,
                               int64_t slotOffset, int64_t columns,
                               bool leadingBarrier);

/// Every thread stores its registers of `layout` at `base` + the element
/// offsets of `shared`, each element once; with `keep`, only the registers
/// it accepts (by index; the others may be null).
LogicalResult storeToShared(OpBuilder &b, Location loc, Operation *op,
                            ArrayRef<Value> regs,
                            const ::tilecc::layout::LinearLayout &layout,
                            const ::tilecc::layout::LinearLayout &shared,
                            Value base, Type elem,
                            llvm::function_ref<bool(size_t)> keep = nullptr);

/// The registers of `layout` loaded from `base` + the offsets of `shared`.
FailureOr<SmallVector<Value>>
loadFromShared(OpBuilder &b, Location loc, Operation *op,
               const ::tilecc::layout::LinearLayout &layout,
               const ::tilecc::layout::LinearLayout &shared, Value base,
               Type elem);

/// 32-bit registers `regs` of layout `from` as those of `to`, through the
/// row-major staging area at `stage` (identity when equal).
FailureOr<SmallVector<Value>>
relayout(OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> regs,
         const ::tilecc::layout::LinearLayout &from,
         const ::tilecc::layout::LinearLayout &to, Value stage, int64_t batch,
         int64_t m, int64_t n);

/// How each warp reaches an M x N f32/s32 accumulator in tensor memory
/// (tcgen05.ld/st 32x32b; 16x32bx2 for 64 rows): `warpGroups` groups of 4
/// warps split N, 128-row blocks `n` columns apart.
struct TmemAccess {
  int64_t m, n, warpGroups;
  bool halfRows;
  int64_t mBlocks() const { return halfRows ? 1 : m / 128; }
  int64_t share() const { return n / warpGroups; }
  /// Columns of one 128-row block in a thread's registers.
  int64_t regCols() const { return halfRows ? share() / 2 : share(); }
  /// Registers (columns) one tcgen05.ld/st moves.
  unsigned perAccess() const {
    return unsigned(std::min<int64_t>(regCols(), 32));
  }
};

/// One tcgen05.st of `words` (TmemAccess::perAccess i32) at the
/// tensor-memory address `address` (i32), then tcgen05.wait::st.
void storeTmemAccess(OpBuilder &b, Location loc, Value address,
                     ArrayRef<Value> words, const TmemAccess &access);
/// One tcgen05.ld of TmemAccess::perAccess words at `address`, then
/// tcgen05.wait::ld.
SmallVector<Value> loadTmemAccess(OpBuilder &b, Location loc, Value address,
                                  const TmemAccess &access);

/// The warp's address of its lane quarter and share of N in the
/// accumulator at tensor-memory address `tmem`.
Value tmemWarpAddress(OpBuilder &b, Location loc, Value tmem, Value warp,
                      const TmemAccess &access);

/// tcgen05.st of the registers `regs` (of tmemRegisterLayout) at the warp's
/// address, then tcgen05.wait::st.
void storeTmem(OpBuilder &b, Location loc, Value warpAddress,
               ArrayRef<Value> regs, bool isInt, const TmemAccess &access);

/// tcgen05.ld of the whole accumulator (wait::ld after each access): the
/// 32-bit words of tmemRegisterLayout (storeTmem's counterpart).
SmallVector<Value> loadTmem(OpBuilder &b, Location loc, Value warpAddress,
                            const TmemAccess &access);

/// tcgen05.ld of the whole accumulator (wait::ld after each access), each
/// access stored at once (16-byte stores) into the row-major f32/s32
/// staging area `stage`; with `keep` (i1), values where it is false are
/// stored as zeros. Returns the row-major layout of the staging area.
FailureOr<::tilecc::layout::LinearLayout>
loadTmemToStage(OpBuilder &b, Location loc, Operation *op, Value warpAddress,
                Value stage, bool isInt, const TmemAccess &access,
                Value keep = Value());

/// Whether an accumulator of `elem` moves through tensor memory and the
/// staging area as raw 32-bit words (s32, and f16 in the low half of its
/// cell) rather than as f32.
bool isTmemWordAccumulator(Type elem);
/// Accumulator registers as the 32-bit words of their tensor-memory cells
/// (f32 and s32 as they are, an f16 zero-extended from its bits), and back.
SmallVector<Value> toTmemWords(OpBuilder &b, Location loc,
                               ArrayRef<Value> regs);
SmallVector<Value> fromTmemWords(OpBuilder &b, Location loc,
                                 ArrayRef<Value> words, Type elem);

} // namespace mlir::tilecc::tcgen05

namespace tilecc {
struct TargetInfo;
} // namespace tilecc

namespace mlir {
class ConversionPatternRewriter;
class RewritePatternSet;
namespace nv_tileas {
class TmemDotOp;
} // namespace nv_tileas
namespace tilecc {
class TileASToLLVMTypeConverter;

/// Plain dots with a tcgen05 atom (`umma_`, sm_100a/103a/110a): operands
/// staged into shared memory, tcgen05.mma into tensor memory, tcgen05.ld
/// back (Tcgen05DotPatterns.cpp); no pattern on targets without tcgen05.
void populateTileASTcgen05DotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target);
/// Accumulators resident in tensor memory across a K loop (TileASTmemOps.td:
/// tmem_alloc / tmem_dot / tmem_wait / tmem_load; Tcgen05TmemPatterns.cpp).
void populateTileASTcgen05TmemToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// Bytes of the scratch buffer a tmem_alloc (a non-zero C) or tmem_load
/// stages the accumulator in (0 for other ops).
int64_t getTcgen05TmemScratchBytes(Operation *op);
/// Tensor-memory columns a tmem_alloc holds until its tmem_load (0 for
/// other ops).
int64_t getTcgen05TmemColumns(Operation *op);
/// Bytes of the scratch buffer that lowering stages operands in (0 for other
/// ops and targets).
int64_t getTcgen05DotScratchBytes(Operation *op,
                                  const ::tilecc::TargetInfo &target);
/// Tensor-memory columns it allocates (0 for other ops and targets).
int64_t getTcgen05DotColumns(Operation *op, const ::tilecc::TargetInfo &target);
/// Whether a tmem_dot reads A and B from ring slots (their future_waits
/// marked nv_tileas.tcgen05_operand 0 / 1) rather than staging registers.
bool readsTcgen05OperandSlots(nv_tileas::TmemDotOp op);
/// A tmem_dot whose operands arrive in registers (f32 split into tf32
/// parts, tf32, B not N-major in a slot, ...): the plain dot's staging
/// (Tcgen05DotPatterns.cpp) into its own buffer and the MMAs onto the
/// resident accumulator (`tmem`, the shared pointer `mbar` to its mbarrier,
/// `commits` made, enable-input-d flag `accumulate` of its first MMAs),
/// committed once per K pass; `commitsAfter` receives the count after them.
LogicalResult lowerTcgen05TmemDotFromRegisters(
    nv_tileas::TmemDotOp op, Value a, Value b, Value tmem, Value mbar,
    Value commits, Value accumulate, ConversionPatternRewriter &rewriter,
    Value &commitsAfter);
} // namespace tilecc
} // namespace mlir

#endif // TILECC_CONVERSION_TILEASTOLLVM_TCGEN05STAGING_H
