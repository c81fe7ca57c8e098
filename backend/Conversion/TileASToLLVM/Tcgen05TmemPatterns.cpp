//===- Tcgen05TmemPatterns.cpp - accumulators resident in tensor memory ---===//
//
// The lowering of TileASTmemOps.td (a tcgen05 dot chain whose accumulator
// stays in tensor memory across a K loop, decided by
// tileas-pipeline-dot-operands). A `!nv_tileas.tmem_acc` becomes four i32:
// the tensor-memory address, the shared address of the completion mbarrier,
// the number of commits made, and whether the next MMA accumulates.
//
//   tmem_alloc: warp 0 tcgen05.alloc, thread 0 mbarrier.init; C (unless it
//               is zero) through the row-major staging area into tensor
//               memory with tcgen05.st;
//   tmem_dot:   thread 0 issues one tcgen05.mma per (128-row block, or the
//               one M = 64 block of a 64-row tile; N chunk of up to 256; K
//               step of 32 bytes) of the kind and instruction descriptor
//               lib/Layout's Tcgen05Mma table gives (f16, tf32, f8f6f4,
//               i8) from the ring slots' matrix descriptors (A K-major, B
//               N-major, both swizzled as lib/Layout wgmmaKMajorA /
//               wgmmaNMajorB lay them out) and one tcgen05.commit to the
//               mbarrier; no wait. Operands in registers instead are
//               staged as a plain dot stages them (Tcgen05DotPatterns.cpp,
//               f32 as 3xTF32 parts, K in passes each committed and waited
//               for before the next overwrites its buffer);
//               With `deferred_commit` (a TMA ring released by its MMAs)
//               no commit: the ring's mma_release commits per K step;
//   tmem_wait:  every thread waits for the phase of the last commit;
//   tmem_scale: every warp tcgen05.ld's its rows, multiplies them by their
//               factors and tcgen05.st's them back (skipped by a warp
//               whose factors are all 1);
//   tmem_commit: thread 0 commits the MMAs onto the mbarrier (after such a
//               loop: the accumulator-ready barrier);
//   tmem_load:  that wait, tcgen05.ld into the staging area, tcgen05.dealloc
//               and mbarrier.inval, the result's registers read back.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/Tcgen05Staging.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/Tcgen05Mma.h"
#include "Layout/WgmmaLayouts.h"
#include "Schedule/BlockedLayouts.h"
#include "Target/TargetInfo.h"
#include "TileAS/IR/RegisterBits.h"
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASTmemOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tilecc;
using namespace mlir::tilecc::tcgen05;
namespace tl = ::tilecc::layout;

namespace {

/// Fields of a lowered tensor-memory accumulator.
enum TmemField : unsigned { kAddress, kBarrier, kCommits, kAccumulate };

Value field(OpBuilder &b, Location loc, Value acc, TmemField f) {
  return LLVM::ExtractValueOp::create(b, loc, acc, unsigned(f));
}

Value withField(OpBuilder &b, Location loc, Value acc, TmemField f,
                Value v) {
  return LLVM::InsertValueOp::create(b, loc, acc, v, unsigned(f));
}

/// Batch slices of an accumulator tile (rank 3: dimension 0; else 1).
int64_t batchOf(RankedTensorType acc) {
  return acc.getRank() == 3 ? acc.getDimSize(0) : 1;
}

/// Tensor-memory columns of a batch x M x N f32/s32 accumulator: per slice
/// M/128 blocks of N columns, slice after slice, rounded up to a power of
/// two of at least 32 (tcgen05.alloc).
int64_t tmemColumns(int64_t batch, int64_t m, int64_t n) {
  int64_t columns = 32;
  while (columns < batch * std::max<int64_t>(m / 128, 1) * n)
    columns *= 2;
  return columns;
}

/// How the warps reach one slice of the accumulator `acc` (from its tile's
/// layout): a tile of fewer than 64 rows sits where a 64-row one does (its
/// further rows are never read).
TmemAccess accessFor(RankedTensorType acc) {
  int rank = acc.getRank();
  int64_t warps = getTileLayout(acc).getInDimSize(tl::kWarp);
  int64_t m = tl::getTcgen05PaddedM(acc.getDimSize(rank - 2));
  int64_t n = acc.getDimSize(rank - 1);
  return TmemAccess{m, n, warps / 4, m == 64};
}

/// The tensor-memory columns between two batch slices of `access`.
int64_t sliceColumns(const TmemAccess &access) {
  return access.mBlocks() * access.n;
}

/// The warp's address of slice `slice` (of `access`) at `warpAddress`.
Value sliceAddress(OpBuilder &b, Location loc, Value warpAddress,
                   const TmemAccess &access, int64_t slice) {
  if (slice == 0)
    return warpAddress;
  return LLVM::AddOp::create(
      b, loc, warpAddress, createI32(b, loc, slice * sliceColumns(access)));
}

/// The register layout of `type` over the rows the accumulator occupies
/// (getTcgen05PaddedM).
tl::LinearLayout paddedTileLayout(RankedTensorType type) {
  tl::LinearLayout layout = getTileLayout(type);
  int rank = type.getRank();
  int64_t m = tl::getTcgen05PaddedM(type.getDimSize(rank - 2));
  return m == type.getDimSize(rank - 2)
             ? layout
             : layout.resizeOutDim(tl::dimName(rank - 2), int32_t(m));
}

/// The completion mbarrier of a lowered accumulator, as a shared pointer.
Value barrierPointer(OpBuilder &b, Location loc, Value acc) {
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 3),
      field(b, loc, acc, kBarrier));
}

/// Every thread waits until the phase of the accumulator's last commit
/// completed (nothing when no commit was made), then orders its later
/// tensor-memory accesses after it.
void waitLastCommit(RewriterBase &rewriter, Location loc, Value acc) {
  OpBuilder &b = rewriter;
  Value commits = field(b, loc, acc, kCommits);
  Value parity = LLVM::AndOp::create(
      b, loc, LLVM::SubOp::create(b, loc, commits, createI32(b, loc, 1)),
      createI32(b, loc, 1));
  Value mbar = barrierPointer(b, loc, acc);
  Value committed = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne,
                                         commits, createI32(b, loc, 0));
  emitIf(rewriter, loc, committed,
         [&] { emitMbarrierWait(rewriter, loc, mbar, parity); });
  emitTmemFence(b, loc, /*before=*/false);
}

struct TmemAllocLowering : OpConversionPattern<nv_tileas::TmemAllocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TmemAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type structType = getTypeConverter()->convertType(op.getType());
    Value state = adaptor.getState();
    auto statePtr = dyn_cast<LLVM::LLVMPointerType>(state.getType());
    if (!structType || !statePtr || statePtr.getAddressSpace() != 3)
      return op.emitOpError("needs a shared-memory state pointer");
    RankedTensorType cType = op.getInit().getType();
    if ((cType.getRank() != 2 && cType.getRank() != 3) ||
        !nv_tileas::LinearEncodingAttr::of(cType))
      return op.emitOpError("holds a 2-d or batched 3-d tile with a layout");
    int64_t batch = batchOf(cType);
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    Type i32 = b.getI32Type();
    TmemAccess access = accessFor(cType);
    bool isInt = isTmemWordAccumulator(cType.getElementType());
    // A zero C is not stored: the first MMA overwrites instead.
    bool zero = matchPattern(op.getInit(), m_AnyZeroFloat()) ||
                matchPattern(op.getInit(), m_Zero());
    FailureOr<int64_t> columns = getPlannedTensorMemoryColumns(op);
    if (failed(columns))
      return failure();
    // The state global: the mbarrier, then the allocated address.
    ScratchFrame frame = beginScratchFrame(
        rewriter, loc, state, /*mbarOffset=*/0, /*slotOffset=*/8, *columns,
        needsLeadingBarrier(op));
    FailureOr<SmallVector<Value>> cRegs;
    if (!zero) {
      LLVM::GlobalOp scratch = getScratchBufferOf(op);
      if (!scratch)
        return failure();
      Value stage = LLVM::AddressOfOp::create(b, loc, scratch);
      cRegs = relayout(
          b, loc, op,
          toTmemWords(b, loc, unpackRegisters(b, loc, adaptor.getInit())),
          paddedTileLayout(cType),
          tmemRegisterLayout({batch, access.m, access.n, access.warpGroups,
                              access.halfRows}),
          stage, batch, access.m, access.n);
      if (failed(cRegs))
        return failure();
    }
    // The allocated address to every thread.
    emitTmemBarrier(b, loc);
    Value tmem = LLVM::LoadOp::create(b, loc, i32, frame.slot);
    if (!zero) {
      // Each batch slice has its own columns (its registers are
      // contiguous in the tcgen05.st layout).
      Value warpAddress = tmemWarpAddress(b, loc, tmem, frame.warp, access);
      int64_t sliceRegs = int64_t(cRegs->size()) / batch;
      for (int64_t slice = 0; slice < batch; ++slice)
        storeTmem(b, loc, sliceAddress(b, loc, warpAddress, access, slice),
                  ArrayRef<Value>(*cRegs).slice(slice * sliceRegs, sliceRegs),
                  isInt, access);
      // The MMA-issuing thread sees every warp's C.
      emitTmemBarrier(b, loc);
    }
    Value acc = LLVM::UndefOp::create(b, loc, structType);
    acc = withField(b, loc, acc, kAddress, tmem);
    acc = withField(b, loc, acc, kBarrier,
                    LLVM::PtrToIntOp::create(b, loc, i32, frame.mbar));
    acc = withField(b, loc, acc, kCommits, createI32(b, loc, 0));
    acc = withField(b, loc, acc, kAccumulate, createI32(b, loc, zero ? 0 : 1));
    rewriter.replaceOp(op, acc);
    return success();
  }
};

/// The ring slot (shared pointer) of operand `which` of `op`.
Value stagedSlot(ConversionPatternRewriter &rewriter, Value operand,
                 unsigned which) {
  auto wait = operand.getDefiningOp<nv_tileas::FutureWaitOp>();
  auto attr = wait ? wait->getAttrOfType<IntegerAttr>(
                         nv_tileas::kTcgen05OperandAttrName)
                   : IntegerAttr();
  if (!attr || attr.getInt() != which)
    return {};
  Value slot = rewriter.getRemappedValue(wait.getFuture());
  return slot && isa<LLVM::LLVMPointerType>(slot.getType()) ? slot : Value();
}

struct TmemDotLowering : OpConversionPattern<nv_tileas::TmemDotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TmemDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nv_tileas::MmaAtomAttr atom = op.getAtom();
    std::optional<tl::Tcgen05Shape> instr =
        atom.getFamily() == nv_tileas::MmaFamily::tcgen05
            ? tl::getTcgen05Shape(atom.getAName(), atom.getBName(),
                                  atom.getCName())
            : std::nullopt;
    if (!instr)
      return op.emitOpError("keeps accumulators of a tcgen05.mma kind "
                            "(f16, tf32, f8f6f4, i8) in tensor memory, not "
                            "atom ")
             << atom;
    RankedTensorType a = op.getA().getType(), bt = op.getB().getType();
    // Operands in registers (batched dots always) (f32 split into tf32 parts, tf32, B not
    // N-major in a slot, ...): the plain dot's staging, onto the
    // accumulator.
    if (!readsTcgen05OperandSlots(op)) {
      Location loc = op.getLoc();
      Value acc = adaptor.getAcc(), commits;
      if (failed(lowerTcgen05TmemDotFromRegisters(
              op, adaptor.getA(), adaptor.getB(),
              field(rewriter, loc, acc, kAddress),
              barrierPointer(rewriter, loc, acc),
              field(rewriter, loc, acc, kCommits),
              field(rewriter, loc, acc, kAccumulate), rewriter, commits)))
        return failure();
      acc = withField(rewriter, loc, acc, kCommits, commits);
      acc = withField(rewriter, loc, acc, kAccumulate,
                      createI32(rewriter, loc, 1));
      rewriter.replaceOp(op, acc);
      return success();
    }
    if (instr->splitF32)
      return op.emitOpError("splits f32 operands into tf32 parts from "
                            "registers, not from ring slots");
    if (a.getRank() != 2)
      return op.emitOpError("stages batched operands from registers, not "
                            "from ring slots");
    int64_t m = a.getDimSize(0), k = a.getDimSize(1), n = bt.getDimSize(1);
    unsigned bits = nv_tileas::getRegisterBits(a.getElementType());
    if ((m != 64 && m % 128 != 0) || !llvm::isPowerOf2_64(n) || n < 16 ||
        k % instr->k)
      return op.emitOpError("needs M = 64 or a multiple of 128, N a power of "
                            "two from 16 and K a multiple of ")
             << instr->k;
    Value aSlot = stagedSlot(rewriter, op.getA(), 0);
    Value bSlot = stagedSlot(rewriter, op.getB(), 1);
    if (!aSlot || !bSlot)
      return op.emitOpError("reads A and B from their ring slots "
                            "(future_waits marked nv_tileas.wgmma_operand)");
    llvm::Expected<tl::WgmmaSharedOperand> sharedA =
        tl::wgmmaKMajorA(m, k, bits);
    llvm::Expected<tl::WgmmaSharedOperand> sharedB =
        tl::wgmmaNMajorB(k, n, bits);
    if (!sharedA || !sharedB) {
      std::string why = !sharedA ? llvm::toString(sharedA.takeError())
                                 : llvm::toString(sharedB.takeError());
      if (sharedA)
        llvm::consumeError(sharedA.takeError());
      if (sharedB)
        llvm::consumeError(sharedB.takeError());
      return op.emitOpError("operand slots have no canonical layout: ") << why;
    }
    std::optional<unsigned> modeA =
        tl::getTcgen05SwizzleMode(sharedA->swizzleBytes);
    std::optional<unsigned> modeB =
        tl::getTcgen05SwizzleMode(sharedB->swizzleBytes);
    if (!modeA || !modeB)
      return op.emitOpError("operand swizzle has no tcgen05 descriptor mode");
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    Type i32 = b.getI32Type();
    Value acc = adaptor.getAcc();
    Value tmem = field(b, loc, acc, kAddress);
    Value warp = getLaneAndWarp(b, loc).second;
    Value aAddr = LLVM::PtrToIntOp::create(b, loc, i32, aSlot);
    Value bAddr = LLVM::PtrToIntOp::create(b, loc, i32, bSlot);
    Value accumulate = field(b, loc, acc, kAccumulate);
    // The tiles are in (the async_wait's barrier); tensor-memory accesses of
    // the other threads are ordered before the MMAs.
    emitTmemFence(b, loc, /*before=*/false);
    // A 64-row tile runs the M = 64 instruction, whose D rows fill the
    // first 16 lanes of each warp's lane quarter (what tcgen05.ld 16x32bx2
    // reads back, TmemAccess::halfRows); larger tiles one M = 128
    // instruction per 128-row block.
    int64_t mInstr = m == 64 ? 64 : 128, mBlocks = m / mInstr;
    int64_t nInstr = std::min<int64_t>(n, 256);
    int64_t nChunks = n / nInstr, kSteps = k / instr->k;
    int64_t elemBytes = bits / 8;
    int64_t nAtomElems = sharedB->swizzleBytes / elemBytes;
    Value idesc = createI32(b, loc,
                            tl::getTcgen05InstrDescriptor(
                                *instr, mInstr, nInstr, /*mnMajorB=*/true));
    Value mbar = barrierPointer(b, loc, acc);
    // One thread issues the MMAs and commits them. enable-input-d: the
    // accumulator's flag for the first K step of each block, true after it.
    emitIf(rewriter, loc, isIssuingThread(b, loc, warp), [&] {
    Value first = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne,
                                       accumulate, createI32(b, loc, 0));
    Value next = createI1(b, loc, true);
    for (int64_t mb = 0; mb < mBlocks; ++mb)
      for (int64_t nc = 0; nc < nChunks; ++nc)
        for (int64_t s = 0; s < kSteps; ++s) {
          Value d = LLVM::AddOp::create(
              b, loc, tmem, createI32(b, loc, mb * n + nc * nInstr));
          Value aDesc = matrixDescriptor(
              b, loc,
              LLVM::AddOp::create(
                  b, loc, aAddr,
                  createI32(b, loc,
                            tl::wgmmaKMajorOffset(*sharedA, mb * mInstr,
                                                  s * instr->k, bits))),
              sharedA->lbo, sharedA->sbo, *modeA);
          int64_t bOffset = nc * nInstr / nAtomElems * sharedB->lbo +
                            s * instr->k / 8 * sharedB->sbo;
          Value bDesc = matrixDescriptor(
              b, loc,
              LLVM::AddOp::create(b, loc, bAddr, createI32(b, loc, bOffset)),
              sharedB->lbo, sharedB->sbo, *modeB);
          emitMma(b, loc, instr->kind, d, aDesc, bDesc, idesc,
                  s == 0 ? first : next);
        }
    // Deferred: the ring's mma_release and the loop's tmem_commit commit.
    if (!op.getDeferredCommit())
      emitCommit(b, loc, mbar);
    });
    if (!op.getDeferredCommit()) {
      Value commits = LLVM::AddOp::create(
          b, loc, field(b, loc, acc, kCommits), createI32(b, loc, 1));
      acc = withField(b, loc, acc, kCommits, commits);
    }
    acc = withField(b, loc, acc, kAccumulate, createI32(b, loc, 1));
    rewriter.replaceOp(op, acc);
    return success();
  }
};

struct TmemWaitLowering : OpConversionPattern<nv_tileas::TmemWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TmemWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    waitLastCommit(rewriter, op.getLoc(), adaptor.getAcc());
    rewriter.replaceOp(op, adaptor.getAcc());
    return success();
  }
};

/// O *= alpha on tensor memory: each warp reads the rows its tcgen05.ld
/// reaches, multiplies every cell of a row by the row's factor and writes
/// them back (tcgen05.st, wait::st before the MMAs' barrier). A warp whose
/// factors of a block are all 1 (the row maxima did not move: alpha =
/// exp2(0)) skips the block, and nothing is scaled before the first MMA
/// (the accumulator's cells are not yet written).
struct TmemScaleLowering : OpConversionPattern<nv_tileas::TmemScaleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TmemScaleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getAcc().getType().getValueType();
    RankedTensorType rowsType = op.getRows().getType();
    if (!nv_tileas::LinearEncodingAttr::of(type) ||
        !nv_tileas::LinearEncodingAttr::of(rowsType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    TmemAccess access = accessFor(type);
    if (access.m != type.getDimSize(0) ||
        getTileLayout(rowsType) !=
            tl::getTcgen05AccumulatorRowLayout(access.m, access.n,
                                               access.warpGroups,
                                               access.halfRows))
      return op.emitOpError("takes its factors in the accumulator's row "
                            "layout (getTcgen05AccumulatorRowLayout)");
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    Type f32 = b.getF32Type(), i32 = b.getI32Type();
    // One register per 128-row block (the row layout's registers).
    SmallVector<Value> factors = unpackRegisters(b, loc, adaptor.getRows());
    Value acc = adaptor.getAcc();
    Value warp = getLaneAndWarp(b, loc).second;
    Value warpAddress =
        tmemWarpAddress(b, loc, field(b, loc, acc, kAddress), warp, access);
    Value written =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne,
                             field(b, loc, acc, kAccumulate),
                             createI32(b, loc, 0));
    Value one = LLVM::ConstantOp::create(b, loc, f32, b.getF32FloatAttr(1.0));
    Value allLanes = createI32(b, loc, -1);
    for (int64_t mb = 0; mb < access.mBlocks(); ++mb) {
      Value unit = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::oeq,
                                        factors[mb], one);
      Value allUnit = NVVM::VoteSyncOp::create(b, loc, b.getI1Type(), allLanes,
                                               unit, NVVM::VoteSyncKind::all);
      Value scale = LLVM::AndOp::create(
          b, loc, written,
          LLVM::XOrOp::create(b, loc, allUnit, createI1(b, loc, true)));
      emitIf(rewriter, loc, scale, [&] {
        for (int64_t col = 0; col < access.regCols();
             col += access.perAccess()) {
          Value address = LLVM::AddOp::create(
              b, loc, warpAddress, createI32(b, loc, mb * access.n + col));
          SmallVector<Value> words = loadTmemAccess(b, loc, address, access);
          for (Value &word : words)
            word = LLVM::BitcastOp::create(
                b, loc, i32,
                LLVM::FMulOp::create(
                    b, loc, LLVM::BitcastOp::create(b, loc, f32, word),
                    factors[mb]));
          storeTmemAccess(b, loc, address, words, access);
        }
      });
    }
    rewriter.replaceOp(op, acc);
    return success();
  }
};

/// tmem_commit: the issuing thread commits every MMA it issued onto the
/// accumulator's mbarrier (an empty commit arrives at once: a loop without
/// iterations), one more commit to wait for.
struct TmemCommitLowering : OpConversionPattern<nv_tileas::TmemCommitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TmemCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    Value acc = adaptor.getAcc();
    Value mbar = barrierPointer(b, loc, acc);
    Value warp = getLaneAndWarp(b, loc).second;
    emitIf(rewriter, loc, isIssuingThread(b, loc, warp),
           [&] { emitCommit(b, loc, mbar); });
    Value commits = LLVM::AddOp::create(b, loc, field(b, loc, acc, kCommits),
                                        createI32(b, loc, 1));
    rewriter.replaceOp(op, withField(b, loc, acc, kCommits, commits));
    return success();
  }
};

struct TmemLoadLowering : OpConversionPattern<nv_tileas::TmemLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TmemLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type structType = getTypeConverter()->convertType(op.getType());
    RankedTensorType type = op.getType();
    if (!structType || (type.getRank() != 2 && type.getRank() != 3))
      return op.emitOpError("reads a 2-d or batched 3-d tile with a layout");
    int64_t batch = batchOf(type);
    LLVM::GlobalOp scratch = getScratchBufferOf(op);
    if (!scratch)
      return failure();
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    Value acc = adaptor.getAcc();
    TmemAccess access = accessFor(type);
    bool isInt = isTmemWordAccumulator(type.getElementType());
    Type accElem = isInt ? b.getI32Type() : Type(b.getF32Type());
    Value stage = LLVM::AddressOfOp::create(b, loc, scratch);
    Value warp = getLaneAndWarp(b, loc).second;
    Value tid = LLVM::AddOp::create(
        b, loc, LLVM::MulOp::create(b, loc, warp, createI32(b, loc, 32)),
        getLaneAndWarp(b, loc).first);
    waitLastCommit(rewriter, loc, acc);
    // The staging area's previous user is done.
    NVVM::Barrier0Op::create(b, loc);
    Value tmem = field(b, loc, acc, kAddress);
    // Nothing was accumulated (a loop without iterations and a zero C):
    // the tile is zero.
    Value keep = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne,
                                      field(b, loc, acc, kAccumulate),
                                      createI32(b, loc, 0));
    // Slice after slice into the staging area (slices outermost).
    Value warpAddress = tmemWarpAddress(b, loc, tmem, warp, access);
    FailureOr<tl::LinearLayout> rowMajor;
    for (int64_t slice = 0; slice < batch; ++slice) {
      Value sliceStage =
          slice == 0 ? stage
                     : LLVM::GEPOp::create(
                           b, loc, stage.getType(), accElem, stage,
                           ArrayRef<LLVM::GEPArg>{int32_t(
                               slice * access.m * access.n)});
      rowMajor = loadTmemToStage(
          b, loc, op, sliceAddress(b, loc, warpAddress, access, slice),
          sliceStage, isInt, access, keep);
      if (failed(rowMajor))
        return failure();
    }
    if (batch > 1) {
      SmallVector<std::pair<int, int>> bits;
      appendBits(bits, 1, 0, llvm::Log2_64(access.n));
      appendBits(bits, 0, 0, llvm::Log2_64(access.m));
      rowMajor = offsetLayout(bits, access.m, access.n, batch);
    }
    // The columns tmem_alloc was planned (getTcgen05TmemColumns of the same
    // accumulator shape).
    emitTmemRelease(rewriter, loc, warp, tid, tmem,
                    tmemColumns(batch, access.m, access.n),
                    barrierPointer(b, loc, acc));
    FailureOr<SmallVector<Value>> result = loadFromShared(
        b, loc, op, paddedTileLayout(type), *rowMajor, stage, accElem);
    if (failed(result))
      return failure();
    rewriter.replaceOp(
        op, packRegisters(b, loc, structType,
                          fromTmemWords(b, loc, *result,
                                        type.getElementType())));
    return success();
  }
};

} // namespace

int64_t mlir::tilecc::getTcgen05TmemScratchBytes(Operation *op) {
  // The row-major f32/s32 staging area C goes through into tensor memory
  // (unless zero) and D comes back through.
  RankedTensorType type;
  if (auto alloc = dyn_cast<nv_tileas::TmemAllocOp>(op)) {
    if (!matchPattern(alloc.getInit(), m_AnyZeroFloat()) &&
        !matchPattern(alloc.getInit(), m_Zero()))
      type = alloc.getInit().getType();
  } else if (auto load = dyn_cast<nv_tileas::TmemLoadOp>(op)) {
    type = load.getType();
  }
  if (!type)
    return 0;
  int rank = type.getRank();
  return batchOf(type) * tl::getTcgen05PaddedM(type.getDimSize(rank - 2)) *
         type.getDimSize(rank - 1) * 4;
}

int64_t mlir::tilecc::getTcgen05TmemColumns(Operation *op) {
  auto alloc = dyn_cast<nv_tileas::TmemAllocOp>(op);
  if (!alloc || !nv_tileas::LinearEncodingAttr::of(alloc.getInit().getType()))
    return 0;
  RankedTensorType type = alloc.getInit().getType();
  TmemAccess access = accessFor(type);
  return tmemColumns(batchOf(type), access.m, access.n);
}

void mlir::tilecc::populateTileASTcgen05TmemToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<TmemAllocLowering, TmemDotLowering, TmemWaitLowering,
               TmemScaleLowering, TmemCommitLowering, TmemLoadLowering>(
      converter, patterns.getContext());
}
