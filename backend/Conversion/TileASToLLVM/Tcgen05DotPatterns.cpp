//===- Tcgen05DotPatterns.cpp - plain dots on tcgen05.mma -----------------===//
//
// nv_tileas.dot with a tcgen05 atom (`umma_<a>_<b>_<c>`, chosen from
// lib/Layout's Tcgen05Mma table on sm_100a/103a/110a before this stage).
// The operands arrive in registers (mma.sync's fragment layouts, which the
// schedule's cp.async rings and ldmatrix already produce); one op becomes,
// per dot:
//
//   1. warp 0 allocates tensor memory, thread 0 initializes an mbarrier;
//   2. C moves to the tcgen05.st register layout (through a row-major
//      staging area) and into tensor memory;
//   3. every thread stores its A and B registers into the shared scratch
//      buffer in the K-major canonical layout (no swizzle) the matrix
//      descriptors name; fence.proxy.async hands them to the tensor core
//      (an A the schedule copied once into a slot of its own before the
//      loop, a future_wait marked tcgen05_operand 0, is read there instead);
//   4. thread 0 issues one tcgen05.mma per (128-row block, N chunk of up to
//      256, K step of 32 bytes), D = A * B + D in tensor memory, and commits
//      them to the mbarrier;
//   5. all threads wait on the mbarrier (phase 0), read D with tcgen05.ld
//      and stream it into the staging area (over A and B, which the MMAs no
//      longer read), warp 0 frees the tensor memory;
//   6. the registers of the result's layout are read back.
//
// A 64-row tile runs an M = 128 instruction whose lanes 32 q + 16 .. 32 q +
// 31 are padding, as the block-scaled lowering does (Tcgen05Staging.h). The
// accumulator does not stay in tensor memory across a K loop: each dot is
// complete in itself (see docs/codegen.md, "tcgen05").
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

/// Bytes of one core matrix (8 rows of 16 bytes), and of K one instruction
/// consumes (two core matrices).
constexpr int64_t kCoreMatrixBytes = 128;
constexpr int64_t kStepBytes = 32;

/// What the lowering of one dot decides from its types.
struct DotPlan {
  tl::Tcgen05Shape instr;
  int64_t batch;           // batch slices (1 for a rank-2 dot)
  int64_t tileM;           // rows of the tile
  int64_t m, n, k;         // m: rows on the instruction (tileM padded to 64)
  int64_t warpGroups;      // groups of 4 warps splitting N
  int64_t mBlocks;         // 128-row blocks (one instruction each)
  bool halfRows;           // M = 64 on an M = 128 instruction
  int64_t aRows;           // rows of A in shared memory (with padding)
  int64_t nInstr, nChunks; // N of one instruction, chunks of N
  unsigned elemBits;       // bits of one A/B element in shared memory
  int64_t kPass;           // K staged (and multiplied) per pass
  int64_t passes;          // k / kPass
  int64_t kBytes;          // bytes of one row of K in one pass
  int64_t kSteps;          // instructions along K in one pass
  int64_t parts;           // 2 for split f32 operands (big, small), else 1
  int64_t aPartBytes, bPartBytes; // one part of A / B in one pass
  int64_t columns;         // tensor-memory columns allocated
  int64_t aOffset, bOffset, stageOffset, mbarOffset, slotOffset, bytes;
  /// A is read from a slot the schedule filled (K-major canonical layout,
  /// lib/Layout's wgmmaKMajorA), not staged from registers.
  bool aFromSlot;
  /// B is read K-major from a ring slot holding its transpose as loaded (N
  /// rows of K in the same layout), not staged from registers.
  bool bFromSlot;
};

/// The future_wait marking `a` as held in its slot (the schedule's staging
/// of a loop-invariant A, PipelineDotOperands.cpp), or null.
static nv_tileas::FutureWaitOp getASlotWait(Value a) {
  auto wait = a.getDefiningOp<nv_tileas::FutureWaitOp>();
  auto which =
      wait
          ? wait->getAttrOfType<IntegerAttr>(nv_tileas::kTcgen05OperandAttrName)
          : IntegerAttr();
  return which && which.getInt() == 0 ? wait : nv_tileas::FutureWaitOp();
}

/// The future_wait of the ring slot holding `b`'s transpose K-major (the
/// schedule's K-major B, PipelineDotOperands.cpp: `b` is its permute), or
/// null.
static nv_tileas::FutureWaitOp getBSlotWait(Value b) {
  auto permute = b.getDefiningOp<nv_tileas::PermuteOp>();
  auto wait = permute
                  ? permute.getSource().getDefiningOp<nv_tileas::FutureWaitOp>()
                  : nv_tileas::FutureWaitOp();
  auto which =
      wait
          ? wait->getAttrOfType<IntegerAttr>(nv_tileas::kTcgen05OperandAttrName)
          : IntegerAttr();
  return which && which.getInt() == 2 ? wait : nv_tileas::FutureWaitOp();
}

static int64_t alignTo(int64_t value, int64_t align) {
  return (value + align - 1) / align * align;
}

/// The K coordinate of register `reg` of `layout` in lane 0 of warp 0.
static int64_t registerK(const tl::LinearLayout &layout, int kDim, size_t reg) {
  int64_t k = 0;
  for (unsigned bit = 0; bit < layout.getInDimSizeLog2(tl::kRegister); ++bit)
    if (reg >> bit & 1)
      k ^= layout.getBasis(tl::kRegister, bit, tl::dimName(kDim));
  return k;
}

/// What the staging of a tcgen05 dot's operands from registers reads: a
/// plain dot (complete in itself) or a tmem_dot onto an accumulator
/// resident in tensor memory whose operands did not come through ring slots.
struct DotOperands {
  Operation *op;
  nv_tileas::MmaAtomAttr atom;
  Value a, b;
  Value cValue;       // a plain dot's C (null for a resident accumulator)
  RankedTensorType c; // the accumulator's tile
  bool resident;
};

static DotOperands operandsOf(nv_tileas::DotOp op) {
  auto c = cast<RankedTensorType>(op.getC().getType());
  return {op, op.getAtom(), op.getA(), op.getB(), op.getC(), c, false};
}

static DotOperands operandsOf(nv_tileas::TmemDotOp op) {
  RankedTensorType c = op.getAcc().getType().getValueType();
  return {op, op.getAtom(), op.getA(), op.getB(), Value(), c, true};
}

/// The plan of a dot with a tcgen05 atom whose tile fits (the schedule
/// renamed the others to mma.sync), or nullopt.
static std::optional<DotPlan> planFor(const DotOperands &op) {
  nv_tileas::MmaAtomAttr atom = op.atom;
  if (atom.getFamily() != nv_tileas::MmaFamily::tcgen05)
    return std::nullopt;
  std::optional<tl::Tcgen05Shape> instr = tl::getTcgen05Shape(
      atom.getAName(), atom.getBName(), atom.getCName());
  auto a = cast<RankedTensorType>(op.a.getType());
  RankedTensorType c = op.c;
  int64_t rank = c.getRank();
  if (!instr || (rank != 2 && rank != 3) || a.getRank() != rank ||
      !nv_tileas::LinearEncodingAttr::of(c) ||
      !nv_tileas::LinearEncodingAttr::of(a) ||
      !nv_tileas::LinearEncodingAttr::of(
          cast<RankedTensorType>(op.b.getType())))
    return std::nullopt;
  DotPlan p{};
  p.instr = *instr;
  p.batch = rank == 3 ? c.getDimSize(0) : 1;
  p.tileM = c.getDimSize(rank - 2);
  p.m = tl::getTcgen05PaddedM(p.tileM);
  p.n = c.getDimSize(rank - 1);
  p.k = a.getDimSize(rank - 1);
  int64_t numWarps = getTileLayout(c).getInDimSize(tl::kWarp);
  if (!tl::fitsTcgen05(numWarps, c.getShape(), p.k, p.instr))
    return std::nullopt;
  p.warpGroups = numWarps / 4;
  p.halfRows = p.m == 64;
  p.mBlocks = p.halfRows ? 1 : p.m / 128;
  p.aRows = p.mBlocks * 128;
  p.nInstr = std::min<int64_t>(p.n, 256);
  p.nChunks = p.n / p.nInstr;
  p.elemBits = nv_tileas::getRegisterBits(a.getElementType());
  p.parts = p.instr.splitF32 ? 2 : 1;
  // A slot holds exactly the tile's rows: a 64-row tile then runs the M = 64
  // instruction (its D rows land where the padded M = 128 arrangement puts
  // them), larger tiles M = 128 per block.
  if (getASlotWait(op.a)) {
    if (p.batch != 1 || p.instr.splitF32 ||
        (p.tileM != 64 && p.tileM % 128 != 0) ||
        llvm::errorToBool(
            tl::wgmmaKMajorA(p.tileM, p.k, p.elemBits).takeError()))
      return std::nullopt;
    p.aFromSlot = true;
  }
  if (getBSlotWait(op.b)) {
    if (p.batch != 1 || p.instr.splitF32 ||
        llvm::errorToBool(
            tl::tcgen05KMajorB(p.n, p.k, p.elemBits).takeError()))
      return std::nullopt;
    p.bFromSlot = true;
  }
  int64_t staging = p.batch * p.m * p.n * 4;
  tl::Tcgen05OperandStaging staged = tl::planTcgen05OperandStaging(
      p.instr, p.batch, p.aRows, p.n, p.k, p.elemBits, p.aFromSlot, staging,
      getTileLayout(a), rank - 1,
      getTileLayout(cast<RankedTensorType>(op.b.getType())), rank - 2);
  p.kPass = staged.kPass;
  p.passes = staged.passes;
  p.kBytes = p.kPass * p.elemBits / 8;
  p.kSteps = p.kBytes / kStepBytes;
  p.aPartBytes = staged.aPartBytes;
  p.bPartBytes = p.bFromSlot ? 0 : staged.bPartBytes;
  p.columns = 32;
  while (p.columns < p.batch * p.mBlocks * p.n)
    p.columns *= 2;
  // A and B (each slice after the other; the small parts after the big
  // ones), then (once the MMAs are complete) the row-major staging area
  // over them; the mbarrier and the tensor-memory address slot after both.
  // A resident accumulator has its own (tmem_alloc's state, tmem_load's
  // staging): only A and B.
  p.aOffset = 0;
  p.bOffset = p.parts * p.aPartBytes;
  p.stageOffset = 0;
  if (op.resident) {
    p.bytes = p.bOffset + p.parts * p.bPartBytes;
    return p;
  }
  int64_t used = std::max(p.bOffset + p.parts * p.bPartBytes, staging);
  p.mbarOffset = alignTo(used, 8);
  p.slotOffset = p.mbarOffset + 8;
  p.bytes = p.slotOffset + 4;
  return p;
}

/// The K-major canonical layout of A (M x K) or, with `kFirst`, B (K x N)
/// over all of K, one pass of `kPass` after the other: each pass's K
/// (and batch slices) is operandLayout's, its offset `pass` x the pass's
/// bytes.
static tl::LinearLayout passOperandLayout(int64_t rows, int64_t k,
                                          int64_t kPass, bool kFirst,
                                          unsigned elementBits, int64_t batch,
                                          bool halfRows) {
  tl::LinearLayout one =
      operandLayout(rows, kPass, kFirst, elementBits, batch, halfRows);
  if (kPass == k)
    return one;
  int kDim = (batch > 1 ? 1 : 0) + (kFirst ? 0 : 1);
  std::vector<tl::LinearLayout::Basis> bases;
  for (unsigned bit = 0; bit < one.getInDimSizeLog2(tl::kOffset); ++bit) {
    tl::LinearLayout::Basis basis;
    for (const tl::LinearLayout::OutDim &out : one.getOutDims())
      basis.push_back(one.getBasis(tl::kOffset, bit, out.name));
    bases.push_back(basis);
  }
  std::vector<tl::LinearLayout::OutDim> outs(one.getOutDims().begin(),
                                             one.getOutDims().end());
  for (int64_t pass = kPass; pass < k; pass *= 2) {
    tl::LinearLayout::Basis basis(outs.size(), 0);
    basis[kDim] = int32_t(pass);
    bases.push_back(basis);
  }
  outs[kDim].size = int32_t(k);
  return tl::LinearLayout({{tl::kOffset, bases}}, outs);
}

/// f32 -> tf32 rounded to nearest, ties away (cvt.rna), as a b32.
static Value roundToTf32(OpBuilder &b, Location loc, Value f) {
  return emitPtx(b, loc, b.getI32Type(), {f}, "cvt.rna.tf32.f32 $0, $1;",
                 "=r,f");
}

/// The 3xTF32 parts of the f32 registers `regs` that `keep` accepts (the
/// others stay null): big = tf32(x), small = tf32(x - big).
static std::pair<SmallVector<Value>, SmallVector<Value>>
splitTf32(OpBuilder &b, Location loc, ArrayRef<Value> regs,
          llvm::function_ref<bool(size_t)> keep) {
  SmallVector<Value> big(regs.size()), small(regs.size());
  for (auto [i, reg] : llvm::enumerate(regs)) {
    if (!keep(i))
      continue;
    big[i] = roundToTf32(b, loc, reg);
    Value rest = LLVM::FSubOp::create(
        b, loc, reg, LLVM::BitcastOp::create(b, loc, reg.getType(), big[i]));
    small[i] = roundToTf32(b, loc, rest);
  }
  return {big, small};
}

/// The accumulator a register-staged tmem_dot issues onto
/// (TileASTmemOps.td, kept in tensor memory across the K loop): its
/// tensor-memory address, completion mbarrier (shared pointer), the
/// commits made so far and the enable-input-d flag of its first MMAs.
struct ResidentAccumulator {
  Value tmem, mbar, commits, accumulate;
};

/// A tcgen05 dot whose operands arrive in registers.
struct RegisterStagedDot {
  /// Stages the operands and issues the MMAs. A plain dot (`resident`
  /// null) is complete in itself: steps 1 to 6, and `result` receives D's
  /// registers. Onto a resident accumulator only steps 3 and 4 run (the
  /// loop's tmem_wait waits for the last commit before the next step
  /// overwrites the operands; tmem_load reads D), and `result` receives the
  /// commits made after it.
  static LogicalResult lower(const DotOperands &ops, Value aIn, Value bIn,
                             Value cIn, Type structType,
                             ConversionPatternRewriter &rewriter,
                             const ResidentAccumulator *resident,
                             Value &result) {
    Operation *op = ops.op;
    Location loc = op->getLoc();
    std::optional<DotPlan> planOr = planFor(ops);
    if (!planOr)
      return op->emitError("the tcgen05 atom ")
             << ops.atom << " does not fit this dot's tile";
    DotPlan p = *planOr;
    LLVM::GlobalOp scratch = getScratchBufferOf(op);
    if (!scratch)
      return failure();
    if (!resident) {
      FailureOr<int64_t> plannedColumns = getPlannedTensorMemoryColumns(op);
      if (failed(plannedColumns))
        return failure();
      p.columns = *plannedColumns;
    }

    ConversionPatternRewriter &b = rewriter;
    Type i32 = b.getI32Type();
    auto aType = cast<RankedTensorType>(ops.a.getType());
    auto bType = cast<RankedTensorType>(ops.b.getType());
    RankedTensorType cType = ops.c;
    int rank = cType.getRank();
    // Tiles of fewer than 64 rows are laid out as 64-row ones: A's padding
    // rows are not written (D's rows depend on A's rows only, and the
    // padding rows of D are never read).
    auto padded = [&](const tl::LinearLayout &layout) {
      return p.m == p.tileM
                 ? layout
                 : layout.resizeOutDim(tl::dimName(rank - 2), int32_t(p.m));
    };
    tl::LinearLayout aLayout = padded(getTileLayout(aType));
    tl::LinearLayout bLayout = getTileLayout(bType);
    tl::LinearLayout cLayout = padded(getTileLayout(cType));
    tl::LinearLayout dLayout = padded(getTileLayout(cType));
    // s32 and f16 accumulators move as 32-bit words (f16 in the low half).
    bool isInt = isTmemWordAccumulator(cType.getElementType());
    Type accElem = isInt ? i32 : Type(b.getF32Type());
    Value base = LLVM::AddressOfOp::create(b, loc, scratch);
    // 1. The scratch buffer's previous user is done. A resident
    //    accumulator's operands have a buffer of their own, and tmem_wait
    //    waited for its last commit before this step overwrites it.
    ScratchFrame frame;
    if (resident) {
      frame.base = base;
      frame.baseAddress =
          LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), base);
      std::tie(frame.lane, frame.warp) = getLaneAndWarp(b, loc);
      frame.tid = LLVM::AddOp::create(
          b, loc,
          LLVM::MulOp::create(b, loc, frame.warp, createI32(b, loc, 32)),
          frame.lane);
      frame.mbar = resident->mbar;
    } else {
      frame = openScratchFrame(b, loc, base, p.mbarOffset, p.slotOffset,
                               needsLeadingBarrier(op));
    }
    auto at = [&](int64_t offset) { return frame.at(b, loc, offset); };
    Value baseAddress = frame.baseAddress, warp = frame.warp, tid = frame.tid,
          mbar = frame.mbar;

    // 3. A pass's K of A (M x K) and B (K x N, stored as N rows of K) into
    //    shared memory (split f32: big and small parts).
    SmallVector<Value> aRegs;
    if (!p.aFromSlot)
      aRegs = unpackRegisters(b, loc, aIn);
    SmallVector<Value> bRegs;
    if (!p.bFromSlot)
      bRegs = unpackRegisters(b, loc, bIn);
    if ((aRegs.empty() && !p.aFromSlot) || (bRegs.empty() && !p.bFromSlot))
      return op->emitError("tcgen05 dot without operand registers");
    tl::LinearLayout aShared = passOperandLayout(
        p.m, p.k, p.kPass, false, p.elemBits, p.batch, p.halfRows);
    tl::LinearLayout bShared =
        passOperandLayout(p.n, p.k, p.kPass, true, p.elemBits, p.batch, false);
    auto stagePass = [&](int64_t pass) -> LogicalResult {
    auto inPass = [&](const tl::LinearLayout &layout, int kDim) {
      return [layout = &layout, kDim, pass, kPass = p.kPass](size_t reg) {
        return registerK(*layout, kDim, reg) / kPass == pass;
      };
    };
    auto aKeep = inPass(aLayout, rank - 1), bKeep = inPass(bLayout, rank - 2);
    auto keepOrAll = [&](auto &keep) -> llvm::function_ref<bool(size_t)> {
      if (p.passes == 1)
        return nullptr;
      return keep;
    };
    // Offsets of this pass's operands relative to the whole-K layouts.
    int64_t aShift = -pass * p.aPartBytes, bShift = -pass * p.bPartBytes;
    auto stageOperand =
        [&](ArrayRef<Value> regs, const tl::LinearLayout &layout,
            const tl::LinearLayout &shared, int64_t offset, int64_t partBytes,
            int64_t shift, llvm::function_ref<bool(size_t)> keep) {
          if (!p.instr.splitF32)
            return storeToShared(b, loc, op, regs, layout, shared,
                                 at(offset + shift), regs.front().getType(),
                                 keep);
          auto [big, small] = splitTf32(
              b, loc, regs, keep ? keep : [](size_t) { return true; });
          if (failed(storeToShared(b, loc, op, big, layout, shared,
                                   at(offset + shift), i32, keep)))
            return failure();
          return storeToShared(b, loc, op, small, layout, shared,
                               at(offset + partBytes + shift), i32, keep);
        };
    if ((!p.aFromSlot &&
         failed(stageOperand(aRegs, aLayout, aShared, p.aOffset, p.aPartBytes,
                             aShift, keepOrAll(aKeep)))) ||
        (!p.bFromSlot &&
         failed(stageOperand(bRegs, bLayout, bShared, p.bOffset, p.bPartBytes,
                             bShift, keepOrAll(bKeep)))))
      return failure();
      return success();
    };
    // 2. C in the tcgen05.ld/st register layout (through the row-major
    //    staging area), then into tensor memory: the MMAs accumulate onto
    //    it, and C's registers die before A and B are staged. Each batch
    //    slice has its own columns (its registers are contiguous). A zero C
    //    is not stored: the first MMA of each block overwrites instead.
    bool zeroC = !resident && (matchPattern(ops.cValue, m_AnyZeroFloat()) ||
                               matchPattern(ops.cValue, m_Zero()));
    tl::LinearLayout tmemLayout =
        tmemRegisterLayout({p.batch, p.m, p.n, p.warpGroups, p.halfRows});
    Value stage = at(p.stageOffset);
    // A zero C leaves the staging area to the operands: with a single pass
    // they are stored before the allocation's branches, in the block that
    // produced them (see allocateTensorMemory).
    bool stagedFirst = zeroC && p.passes == 1;
    if (stagedFirst && failed(stagePass(0)))
      return failure();
    if (!resident)
      allocateTensorMemory(rewriter, loc, frame, p.columns);
    FailureOr<SmallVector<Value>> cRegs = SmallVector<Value>();
    if (!zeroC && !resident)
      cRegs = relayout(b, loc, op,
                       toTmemWords(b, loc, unpackRegisters(b, loc, cIn)),
                       cLayout, tmemLayout, stage, p.batch, p.m, p.n);
    if (failed(cRegs))
      return failure();
    // The allocated address to every thread; every thread is done with the
    // staging area before A and B overwrite it.
    Value tmem;
    if (resident) {
      tmem = resident->tmem;
    } else {
      emitTmemBarrier(b, loc);
      tmem = LLVM::LoadOp::create(b, loc, i32, frame.slot);
    }
    TmemAccess access{p.m, p.n, p.warpGroups, p.halfRows};
    Value warpAddress = tmemWarpAddress(b, loc, tmem, warp, access);
    int64_t sliceColumns = p.mBlocks * p.n;
    int64_t sliceRegs = int64_t(cRegs->size()) / p.batch;
    auto sliceAddress = [&](int64_t slice) {
      return slice == 0
                 ? warpAddress
                 : LLVM::AddOp::create(b, loc, warpAddress,
                                       createI32(b, loc, slice * sliceColumns))
                       .getResult();
    };
    for (int64_t slice = 0; slice < p.batch && !zeroC && !resident; ++slice)
      storeTmem(b, loc, sliceAddress(slice),
                ArrayRef<Value>(*cRegs).slice(slice * sliceRegs, sliceRegs),
                isInt, access);

    int64_t sbo = 8 * p.kBytes;
    int64_t mInstr = p.aFromSlot && p.halfRows ? 64 : 128;
    Value idesc = createI32(
        b, loc, tl::getTcgen05InstrDescriptor(p.instr, mInstr, p.nInstr));
    // A held in its slot: descriptors of the swizzled K-major layout there.
    std::optional<tl::WgmmaSharedOperand> slotA;
    std::optional<unsigned> slotMode;
    Value slotAddress;
    if (p.aFromSlot) {
      Value slot = rewriter.getRemappedValue(getASlotWait(ops.a).getFuture());
      llvm::Expected<tl::WgmmaSharedOperand> shared =
          tl::wgmmaKMajorA(p.tileM, p.k, p.elemBits);
      if (!slot || !isa<LLVM::LLVMPointerType>(slot.getType()) || !shared) {
        if (!shared)
          llvm::consumeError(shared.takeError());
        return op->emitError("tcgen05 dot without the shared slot of its A");
      }
      slotA = std::move(*shared);
      slotMode = tl::getTcgen05SwizzleMode(slotA->swizzleBytes);
      if (!slotMode)
        return op->emitError("A's slot swizzle has no tcgen05 descriptor mode");
      slotAddress = LLVM::ZExtOp::create(
          b, loc, b.getI64Type(), LLVM::PtrToIntOp::create(b, loc, i32, slot));
    }
    // B held K-major in its ring slot: descriptors of the swizzled K-major
    // layout there, its rows N.
    std::optional<tl::WgmmaSharedOperand> slotB;
    std::optional<unsigned> slotBMode;
    Value slotBAddress;
    if (p.bFromSlot) {
      Value slot = rewriter.getRemappedValue(getBSlotWait(ops.b).getFuture());
      llvm::Expected<tl::WgmmaSharedOperand> shared =
          tl::tcgen05KMajorB(p.n, p.k, p.elemBits);
      if (!slot || !isa<LLVM::LLVMPointerType>(slot.getType()) || !shared) {
        if (!shared)
          llvm::consumeError(shared.takeError());
        return op->emitError("tcgen05 dot without the shared slot of its B");
      }
      slotB = std::move(*shared);
      slotBMode = tl::getTcgen05SwizzleMode(slotB->swizzleBytes);
      if (!slotBMode)
        return op->emitError("B's slot swizzle has no tcgen05 descriptor mode");
      slotBAddress = LLVM::ZExtOp::create(
          b, loc, b.getI64Type(), LLVM::PtrToIntOp::create(b, loc, i32, slot));
    }
    Value residentAccumulate;
    if (resident)
      residentAccumulate = LLVM::ICmpOp::create(
          b, loc, LLVM::ICmpPredicate::ne, resident->accumulate,
          createI32(b, loc, 0));
    for (int64_t pass = 0; pass < p.passes; ++pass) {
      // Once the previous pass's MMAs are complete: the parity of the
      // commit before this pass's (a resident accumulator counts its
      // commits at run time).
      if (pass > 0) {
        Value parity =
            resident ? Value(LLVM::AndOp::create(
                           b, loc,
                           LLVM::AddOp::create(b, loc, resident->commits,
                                               createI32(b, loc, pass - 1)),
                           createI32(b, loc, 1)))
                     : createI32(b, loc, (pass - 1) % 2);
        emitMbarrierWait(rewriter, loc, mbar, parity);
        emitTmemFence(b, loc, /*before=*/false);
      }
      if (!(pass == 0 && stagedFirst) && failed(stagePass(pass)))
        return failure();
      emitAsyncProxyFence(b, loc);
      emitTmemBarrier(b, loc);

      // 4. One thread issues the MMAs (onto C) and commits them: per K step
      //    one MMA, or for split f32 operands small x big, big x small,
      //    then big x big (the small terms first, as on mma.sync).
      emitIf(rewriter, loc, isIssuingThread(b, loc, warp), [&] {
      Value accumulate = createI1(b, loc, true);
      for (int64_t slice = 0; slice < p.batch; ++slice)
        for (int64_t mb = 0; mb < p.mBlocks; ++mb)
          for (int64_t nc = 0; nc < p.nChunks; ++nc)
            for (int64_t s = 0; s < p.kSteps; ++s) {
              Value d = LLVM::AddOp::create(
                  b, loc, tmem,
                  createI32(b, loc,
                            slice * sliceColumns + mb * p.n + nc * p.nInstr));
              int64_t kOffset = s * 2 * kCoreMatrixBytes;
              auto aDesc = [&](int64_t part) {
                if (p.aFromSlot)
                  return matrixDescriptor(
                      b, loc,
                      LLVM::AddOp::create(
                          b, loc, slotAddress,
                          createI64(b, loc,
                                    tl::wgmmaKMajorOffset(*slotA, mb * 128,
                                                          s * p.instr.k,
                                                          p.elemBits))),
                      slotA->lbo, slotA->sbo, *slotMode);
                return matrixDescriptor(
                    b, loc,
                    LLVM::AddOp::create(
                        b, loc, baseAddress,
                        createI64(b, loc,
                                  p.aOffset + part * p.aPartBytes +
                                      slice * p.aRows * p.kBytes +
                                      mb * 16 * sbo + kOffset)),
                    kCoreMatrixBytes, sbo);
              };
              auto bDesc = [&](int64_t part) {
                if (p.bFromSlot)
                  return matrixDescriptor(
                      b, loc,
                      LLVM::AddOp::create(
                          b, loc, slotBAddress,
                          createI64(b, loc,
                                    tl::wgmmaKMajorOffset(
                                        *slotB, nc * p.nInstr, s * p.instr.k,
                                        p.elemBits))),
                      slotB->lbo, slotB->sbo, *slotBMode);
                return matrixDescriptor(
                    b, loc,
                    LLVM::AddOp::create(
                        b, loc, baseAddress,
                        createI64(b, loc,
                                  p.bOffset + part * p.bPartBytes +
                                      slice * p.n * p.kBytes +
                                      nc * (p.nInstr / 8) * sbo + kOffset)),
                    kCoreMatrixBytes, sbo);
              };
              // enable-input-d: false (D = A * B) for the first MMA of each
              // block onto a zero C; a resident accumulator's flag says
              // whether its first MMAs accumulate (not before anything was).
              bool overwrite = (zeroC || resident) && pass == 0 && s == 0;
              auto issue = [&](Value aDesc, Value bDesc) {
                emitMma(b, loc, p.instr.kind, d, aDesc, bDesc, idesc,
                        !overwrite ? accumulate
                        : resident ? residentAccumulate
                                   : createI1(b, loc, false));
                overwrite = false;
              };
              if (p.instr.splitF32) {
                issue(aDesc(1), bDesc(0));
                issue(aDesc(0), bDesc(1));
              }
              issue(aDesc(0), bDesc(0));
            }
      emitCommit(b, loc, mbar);
      });
    }

    if (resident) {
      result = LLVM::AddOp::create(b, loc, resident->commits,
                                   createI32(b, loc, p.passes));
      return success();
    }

    // 5. Wait, stream D from tensor memory into the row-major staging area
    //    (slice after slice).
    emitMbarrierWait(rewriter, loc, mbar,
                     createI32(b, loc, (p.passes - 1) % 2));
    emitTmemFence(b, loc, /*before=*/false);
    tl::LinearLayout rowMajor;
    for (int64_t slice = 0; slice < p.batch; ++slice) {
      FailureOr<tl::LinearLayout> sliceRowMajor = loadTmemToStage(
          b, loc, op, sliceAddress(slice),
          slice == 0 ? stage : at(p.stageOffset + slice * p.m * p.n * 4), isInt,
          access);
      if (failed(sliceRowMajor))
        return failure();
      rowMajor = *sliceRowMajor;
    }
    if (p.batch > 1) {
      SmallVector<std::pair<int, int>> bits;
      appendBits(bits, 1, 0, llvm::Log2_64(p.n));
      appendBits(bits, 0, 0, llvm::Log2_64(p.m));
      rowMajor = offsetLayout(bits, p.m, p.n, p.batch);
    }
    emitTmemRelease(rewriter, loc, warp, tid, tmem, p.columns, mbar);

    // 6. D in the result's layout.
    FailureOr<SmallVector<Value>> d =
        loadFromShared(b, loc, op, dLayout, rowMajor, stage, accElem);
    if (failed(d))
      return failure();
    result = packRegisters(b, loc, structType,
                           fromTmemWords(b, loc, *d, cType.getElementType()));
    return success();
  }
};

struct Tcgen05DotLowering : OpConversionPattern<nv_tileas::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv_tileas::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAtom().getFamily() != nv_tileas::MmaFamily::tcgen05)
      return rewriter.notifyMatchFailure(op, "not a tcgen05 atom");
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    Value result;
    if (failed(RegisterStagedDot::lower(operandsOf(op), adaptor.getA(),
                                        adaptor.getB(), adaptor.getC(),
                                        structType, rewriter,
                                        /*resident=*/nullptr, result)))
      return failure();
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

bool mlir::tilecc::readsTcgen05OperandSlots(nv_tileas::TmemDotOp op) {
  auto marked = [](Value v, int which) {
    auto wait = v.getDefiningOp<nv_tileas::FutureWaitOp>();
    auto attr = wait ? wait->getAttrOfType<IntegerAttr>(
                           nv_tileas::kTcgen05OperandAttrName)
                     : IntegerAttr();
    return attr && attr.getInt() == which;
  };
  return marked(op.getA(), 0) && marked(op.getB(), 1);
}

LogicalResult mlir::tilecc::lowerTcgen05TmemDotFromRegisters(
    nv_tileas::TmemDotOp op, Value a, Value b, Value tmem, Value mbar,
    Value commits, Value accumulate, ConversionPatternRewriter &rewriter,
    Value &commitsAfter) {
  ResidentAccumulator resident{tmem, mbar, commits, accumulate};
  return RegisterStagedDot::lower(operandsOf(op), a, b, Value(), Type(),
                                  rewriter, &resident, commitsAfter);
}

int64_t mlir::tilecc::getTcgen05DotScratchBytes(
    Operation *op, const ::tilecc::TargetInfo &target) {
  if (!target.has(::tilecc::TargetFeature::Tcgen05))
    return 0;
  std::optional<DotPlan> plan;
  if (auto dot = dyn_cast<nv_tileas::DotOp>(op))
    plan = planFor(operandsOf(dot));
  else if (auto dot = dyn_cast<nv_tileas::TmemDotOp>(op))
    if (!readsTcgen05OperandSlots(dot))
      plan = planFor(operandsOf(dot));
  return plan ? plan->bytes : 0;
}

int64_t mlir::tilecc::getTcgen05DotColumns(Operation *op,
                                           const ::tilecc::TargetInfo &target) {
  auto dot = dyn_cast<nv_tileas::DotOp>(op);
  if (!dot || !target.has(::tilecc::TargetFeature::Tcgen05))
    return 0;
  std::optional<DotPlan> plan = planFor(operandsOf(dot));
  return plan ? plan->columns : 0;
}

void mlir::tilecc::populateTileASTcgen05DotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target) {
  if (!target.has(::tilecc::TargetFeature::Tcgen05))
    return;
  patterns.add<Tcgen05DotLowering>(converter, patterns.getContext());
  populateTileASTcgen05TmemToLLVMPatterns(converter, patterns);
}
