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
//      descriptors name; fence.proxy.async hands them to the tensor core;
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
#include "Target/TargetInfo.h"
#include "TileAS/IR/RegisterBits.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

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
  int64_t m, n, k;
  int64_t warpGroups;      // groups of 4 warps splitting N
  int64_t mBlocks;         // 128-row blocks (one instruction each)
  bool halfRows;           // M = 64 on an M = 128 instruction
  int64_t aRows;           // rows of A in shared memory (with padding)
  int64_t nInstr, nChunks; // N of one instruction, chunks of N
  int64_t kSteps;          // K / instruction K
  unsigned elemBits;       // bits of one A/B element in shared memory
  int64_t kBytes;          // bytes of one row of K
  int64_t columns;         // tensor-memory columns allocated
  int64_t aOffset, bOffset, stageOffset, mbarOffset, slotOffset, bytes;
};

static int64_t alignTo(int64_t value, int64_t align) {
  return (value + align - 1) / align * align;
}

/// The plan of a dot with a tcgen05 atom whose tile fits (the schedule
/// renamed the others to mma.sync), or nullopt.
static std::optional<DotPlan> planFor(nv_tileas::DotOp op) {
  nv_tileas::MmaAtomAttr atom = op.getAtom();
  if (atom.getFamily() != nv_tileas::MmaFamily::tcgen05)
    return std::nullopt;
  std::optional<tl::Tcgen05Shape> instr = tl::getTcgen05Shape(
      atom.getAName(), atom.getBName(), atom.getCName());
  auto a = cast<RankedTensorType>(op.getA().getType());
  auto c = cast<RankedTensorType>(op.getC().getType());
  if (!instr || a.getRank() != 2 || !nv_tileas::LinearEncodingAttr::of(c))
    return std::nullopt;
  DotPlan p{};
  p.instr = *instr;
  p.m = c.getDimSize(0);
  p.n = c.getDimSize(1);
  p.k = a.getDimSize(1);
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
  p.kBytes = p.k * p.elemBits / 8;
  p.kSteps = p.kBytes / kStepBytes;
  p.columns = 32;
  while (p.columns < p.mBlocks * p.n)
    p.columns *= 2;
  // A and B, then (once the MMAs are complete) the row-major staging area
  // over them; the mbarrier and the tensor-memory address slot after both.
  p.aOffset = 0;
  p.bOffset = alignTo(p.aRows * p.kBytes, kCoreMatrixBytes);
  p.stageOffset = 0;
  int64_t used = std::max(p.bOffset + p.n * p.kBytes, p.m * p.n * 4);
  p.mbarOffset = alignTo(used, 8);
  p.slotOffset = p.mbarOffset + 8;
  p.bytes = p.slotOffset + 4;
  return p;
}

/// A shared-memory matrix descriptor (no swizzle) of the matrix at shared
/// address `address` (i64).
static Value matrixDescriptor(OpBuilder &b, Location loc, Value address,
                              int64_t lbo, int64_t sbo) {
  Value start = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, address, createI64(b, loc, 4)),
      createI64(b, loc, 0x3FFF));
  return LLVM::OrOp::create(
      b, loc, start,
      createI64(b, loc, int64_t(tl::getTcgen05SmemDescriptorFields(lbo, sbo))));
}

struct Tcgen05DotLowering : OpConversionPattern<nv_tileas::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv_tileas::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAtom().getFamily() != nv_tileas::MmaFamily::tcgen05)
      return rewriter.notifyMatchFailure(op, "not a tcgen05 atom");
    Location loc = op.getLoc();
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    std::optional<DotPlan> planOr = planFor(op);
    if (!planOr)
      return op.emitError("the tcgen05 atom ")
             << op.getAtom() << " does not fit this dot's tile";
    DotPlan p = *planOr;
    LLVM::GlobalOp scratch = getScratchBufferOf(op);
    if (!scratch)
      return failure();
    FailureOr<int64_t> plannedColumns = getPlannedTensorMemoryColumns(op);
    if (failed(plannedColumns))
      return failure();
    p.columns = *plannedColumns;

    OpBuilder &b = rewriter;
    Type i32 = b.getI32Type();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    // s32 and f16 accumulators move as 32-bit words (f16 in the low half).
    bool isInt = isTmemWordAccumulator(cType.getElementType());
    Type accElem = isInt ? i32 : Type(b.getF32Type());
    Value base = LLVM::AddressOfOp::create(b, loc, scratch);
    // 1. The scratch buffer's previous user is done; tensor memory and the
    //    completion barrier.
    ScratchFrame frame =
        beginScratchFrame(b, loc, base, p.mbarOffset, p.slotOffset, p.columns,
                          needsLeadingBarrier(op));
    auto at = [&](int64_t offset) { return frame.at(b, loc, offset); };
    Value baseAddress = frame.baseAddress, warp = frame.warp, tid = frame.tid,
          mbar = frame.mbar;

    // 2. C in the tcgen05.ld/st register layout (through the row-major
    //    staging area), then into tensor memory: the MMAs accumulate onto
    //    it, and C's registers die before A and B are staged.
    tl::LinearLayout tmemLayout =
        tmemRegisterLayout({1, p.m, p.n, p.warpGroups, p.halfRows});
    Value stage = at(p.stageOffset);
    FailureOr<SmallVector<Value>> cRegs =
        relayout(b, loc, op,
                 toTmemWords(b, loc, unpackRegisters(b, loc, adaptor.getC())),
                 getTileLayout(cType), tmemLayout, stage, 1, p.m, p.n);
    if (failed(cRegs))
      return failure();
    // The allocated address to every thread; every thread is done with the
    // staging area before A and B overwrite it.
    emitPtx(b, loc, Type(), {}, "tcgen05.fence::before_thread_sync;", "");
    NVVM::Barrier0Op::create(b, loc);
    emitPtx(b, loc, Type(), {}, "tcgen05.fence::after_thread_sync;", "");
    Value tmem = LLVM::LoadOp::create(b, loc, i32, at(p.slotOffset));
    TmemAccess access{p.m, p.n, p.warpGroups, p.halfRows};
    Value warpAddress = tmemWarpAddress(b, loc, tmem, warp, access);
    storeTmem(b, loc, warpAddress, *cRegs, isInt, access);

    // 3. A (M x K) and B (K x N, stored as N rows of K) into shared memory.
    SmallVector<Value> aRegs = unpackRegisters(b, loc, adaptor.getA());
    SmallVector<Value> bRegs = unpackRegisters(b, loc, adaptor.getB());
    if (aRegs.empty() || bRegs.empty())
      return op.emitError("tcgen05 dot without operand registers");
    if (failed(storeToShared(
            b, loc, op, aRegs, getTileLayout(aType),
            operandLayout(p.m, p.k, false, p.elemBits, 1, p.halfRows),
            at(p.aOffset), aRegs.front().getType())) ||
        failed(storeToShared(b, loc, op, bRegs, getTileLayout(bType),
                             operandLayout(p.n, p.k, true, p.elemBits, 1),
                             at(p.bOffset), bRegs.front().getType())))
      return failure();
    emitPtx(b, loc, Type(), {}, "fence.proxy.async.shared::cta;", "");
    emitPtx(b, loc, Type(), {}, "tcgen05.fence::before_thread_sync;", "");
    NVVM::Barrier0Op::create(b, loc);
    emitPtx(b, loc, Type(), {}, "tcgen05.fence::after_thread_sync;", "");

    // 4. Thread 0 issues the MMAs (onto C) and commits them.
    int64_t sbo = 8 * p.kBytes;
    // enable-input-d: the issuing thread's predicate, true (D += A * B).
    std::string mmaText = "@%p tcgen05.mma.cta_group::1.kind::" +
                          tl::getTcgen05KindName(p.instr.kind).str() +
                          " [$1], $2, $3, $4, %p;";
    Value idesc = createI32(
        b, loc, tl::getTcgen05InstrDescriptor(p.instr, 128, p.nInstr));
    for (int64_t mb = 0; mb < p.mBlocks; ++mb)
      for (int64_t nc = 0; nc < p.nChunks; ++nc)
        for (int64_t s = 0; s < p.kSteps; ++s) {
          Value d = LLVM::AddOp::create(
              b, loc, tmem, createI32(b, loc, mb * p.n + nc * p.nInstr));
          int64_t kOffset = s * 2 * kCoreMatrixBytes;
          Value aDesc = matrixDescriptor(
              b, loc,
              LLVM::AddOp::create(
                  b, loc, baseAddress,
                  createI64(b, loc, p.aOffset + mb * 16 * sbo + kOffset)),
              kCoreMatrixBytes, sbo);
          Value bDesc = matrixDescriptor(
              b, loc,
              LLVM::AddOp::create(
                  b, loc, baseAddress,
                  createI64(b, loc, p.bOffset + nc * (p.nInstr / 8) * sbo +
                                        kOffset)),
              kCoreMatrixBytes, sbo);
          emitWhereZero(b, loc, tid, {d, aDesc, bDesc, idesc}, mmaText,
                        "r,l,l,r");
        }
    emitWhereZero(b, loc, tid, {mbar},
                  "@%p tcgen05.commit.cta_group::1.mbarrier::arrive::one."
                  "shared::cluster.b64 [$1];",
                  "r");

    // 5. Wait, stream D from tensor memory into the row-major staging area.
    emitPtx(b, loc, Type(), {mbar},
            "{\n.reg .pred %done;\nWAIT_${:uid}:\n"
            "mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], 0;\n"
            "@!%done bra WAIT_${:uid};\n}",
            "r");
    emitPtx(b, loc, Type(), {}, "tcgen05.fence::after_thread_sync;", "");
    FailureOr<tl::LinearLayout> rowMajor =
        loadTmemToStage(b, loc, op, warpAddress, stage, isInt, access);
    if (failed(rowMajor))
      return failure();
    emitTmemRelease(b, loc, warp, tmem, p.columns);
    emitWhereZero(b, loc, tid, {mbar},
                  "@%p mbarrier.inval.shared::cta.b64 [$1];", "r");

    // 6. D in the result's layout.
    FailureOr<SmallVector<Value>> result = loadFromShared(
        b, loc, op, getTileLayout(op.getType()), *rowMajor, stage, accElem);
    if (failed(result))
      return failure();
    rewriter.replaceOp(
        op, packRegisters(b, loc, structType,
                          fromTmemWords(b, loc, *result,
                                        cType.getElementType())));
    return success();
  }
};

} // namespace

int64_t mlir::tilecc::getTcgen05DotScratchBytes(
    Operation *op, const ::tilecc::TargetInfo &target) {
  if (!target.has(::tilecc::TargetFeature::Tcgen05))
    return 0;
  auto dot = dyn_cast<nv_tileas::DotOp>(op);
  if (!dot)
    return 0;
  std::optional<DotPlan> plan = planFor(dot);
  return plan ? plan->bytes : 0;
}

int64_t mlir::tilecc::getTcgen05DotColumns(Operation *op,
                                           const ::tilecc::TargetInfo &target) {
  auto dot = dyn_cast<nv_tileas::DotOp>(op);
  if (!dot || !target.has(::tilecc::TargetFeature::Tcgen05))
    return 0;
  std::optional<DotPlan> plan = planFor(dot);
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
