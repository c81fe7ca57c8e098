//===- LayoutPatterns.cpp - convert_layout --------------------------------===//
//
// The conversion planner decides: when every thread already holds the
// elements it needs in the same positions the registers are only reordered;
// otherwise the tile makes a round trip through the shared scratch buffer
// (`tilecc_scratch`, sized by the pass for the largest conversion) in the
// planner's swizzled layout, with the vector widths it proved and, where it
// chose so, read back with ldmatrix (mma operands). Tiles of sub-byte or
// non-numeric elements go one element per register at its row-major offset.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ControlFlow.h"
#include "Conversion/TileASToLLVM/Printf.h"

#include "Conversion/TileASToLLVM/GlobalAccess.h"
#include "Conversion/TileASToLLVM/SharedStaging.h"
#include "Schedule/BlockedLayouts.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Conversion/TileASToLLVM/WarpShuffle.h"
#include "Layout/ConversionPlanner.h"
#include "Layout/DistributedLayouts.h"
#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/RegisterBits.h"
#include "TileAS/IR/TileASConversionPlans.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

/// Source register of each destination register when the thread part of
/// `dstToSrc` is the identity and registers map among themselves.
static std::optional<SmallVector<int32_t>>
registerPermutation(const tl::LinearLayout &dstToSrc) {
  for (StringRef in : {StringRef(tl::kLane), StringRef(tl::kWarp)})
    for (unsigned bit = 0; bit < dstToSrc.getInDimSizeLog2(in); ++bit)
      for (StringRef out : {StringRef(tl::kLane), StringRef(tl::kWarp),
                            StringRef(tl::kRegister)})
        if (dstToSrc.hasOutDim(out) &&
            dstToSrc.getBasis(in, bit, out) != (in == out ? 1 << bit : 0))
          return std::nullopt;
  SmallVector<int32_t> perm;
  for (int32_t r = 0, e = dstToSrc.getInDimSize(tl::kRegister); r < e; ++r) {
    int32_t src = 0;
    for (unsigned bit = 0; bit < dstToSrc.getInDimSizeLog2(tl::kRegister); ++bit)
      if (r & (1 << bit))
        src ^= dstToSrc.getBasis(tl::kRegister, bit, tl::kRegister);
    perm.push_back(src);
  }
  return perm;
}

/// Whether a conversion planned as `plan` moves registers with warp
/// shuffles (integers and floats up to 64 bits; pointers take the round
/// trip).
static bool usesWarpShuffles(const tl::ConversionPlan &plan, Type elemType) {
  return plan.kind == tl::ConversionKind::WarpShuffle && plan.dstToSrc &&
         elemType.isIntOrFloat() && elemType.getIntOrFloatBitWidth() <= 64;
}

/// Bytes of one element in the scratch buffer (i1 travels as a byte).
static unsigned scratchBytes(Type elementType) {
  unsigned bits = elementType.isIntOrFloat() ? nv_tileas::getRegisterBits(elementType)
                                             : 64;
  return std::max(1u, bits / 8);
}

int64_t mlir::tilecc::getConvertLayoutScratchBytes(Operation *op) {
  // A print stages its tile arguments one after the other.
  if (isa<nv_tileaa::PrintOp>(op)) {
    int64_t bytes = 0;
    for (Type t : op->getOperandTypes())
      if (auto tile = dyn_cast<RankedTensorType>(t))
        bytes += tile.getNumElements() * 8;
    return bytes;
  }
  // Both ops stage their source tile in shared memory.
  if (!isa<nv_tileas::ConvertLayoutOp, nv_tileas::BroadcastOp>(op))
    return 0;
  auto type = cast<RankedTensorType>(op->getOperand(0).getType());
  return type.getNumElements() * scratchBytes(type.getElementType());
}

LLVM::GlobalOp mlir::tilecc::getScratchBufferOf(Operation *op) {
  std::optional<nv_tileas::SharedSlice> slice = nv_tileas::getSharedSlice(op);
  if (!slice || !slice->buffer) {
    op->emitError("'") << op->getName()
                       << "' has no shared-memory plan (run tileas-plan-memory)";
    return {};
  }
  auto module = op->getParentOfType<ModuleOp>();
  auto buffer = module.lookupSymbol<LLVM::GlobalOp>(slice->buffer);
  if (!buffer)
    op->emitError("the planned shared buffer @")
        << slice->buffer.getValue() << " does not exist";
  return buffer;
}

bool mlir::tilecc::needsLeadingBarrier(Operation *op) {
  std::optional<nv_tileas::SharedSlice> slice = nv_tileas::getSharedSlice(op);
  return !slice || slice->barrier;
}

FailureOr<int64_t> mlir::tilecc::getPlannedTensorMemoryColumns(Operation *op) {
  if (auto columns = op->getAttrOfType<IntegerAttr>(
          nv_tileas::kTmemColumnsAttrName))
    return columns.getInt();
  return op->emitError("'") << op->getName()
                            << "' has no tensor-memory plan (run "
                               "tileas-plan-memory)";
}

/// Moves a tile through the shared scratch buffer: every source register is
/// stored at its element's row-major offset in the source shape, and every
/// destination register loads the element it needs; destination dims of
/// which the source has one element (broadcast) read coordinate 0.
static FailureOr<SmallVector<Value>>
roundTripThroughShared(ConversionPatternRewriter &rewriter, Operation *op,
                       ArrayRef<Value> srcRegs, RankedTensorType srcType,
                       RankedTensorType dstType, Type field) {
  Location loc = op->getLoc();
  LLVM::GlobalOp scratch = getScratchBufferOf(op);
  if (!scratch)
    return failure();
  // Elements narrower than a byte (i1, i4 / f4E2M1FN registers) take a
  // whole byte of the scratch buffer.
  bool isNarrow = field.isIntOrFloat() && field.getIntOrFloatBitWidth() < 8;
  Type memType = isNarrow ? rewriter.getI8Type() : field;
  Value base = LLVM::AddressOfOp::create(rewriter, loc, scratch);
  ArrayRef<int64_t> srcShape = srcType.getShape();
  auto addresses = [&](const tl::LinearLayout &layout) {
    SmallVector<Value> result;
    for (auto &c : getRegisterCoordinates(rewriter, loc, layout)) {
      Value linear = createI64(rewriter, loc, 0);
      for (unsigned d = 0; d < c.size(); ++d) {
        Value coord = srcShape[d] == 1 ? createI64(rewriter, loc, 0) : c[d];
        linear = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, linear,
                                createI64(rewriter, loc, srcShape[d])),
            coord);
      }
      result.push_back(LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                           memType, base, ValueRange{linear}));
    }
    return result;
  };
  // The previous user of the scratch buffer must be done with it.
  if (needsLeadingBarrier(op))
    NVVM::Barrier0Op::create(rewriter, loc);
  // Each element is stored once: duplicate registers are skipped and, where
  // threads hold copies, only one of them stores (no racing writes).
  tl::LinearLayout srcLayout = getTileLayout(srcType);
  DuplicateMasks dup = getDuplicateMasks(srcLayout);
  Value owner = getUniqueOwnerPredicate(rewriter, loc, dup);
  for (auto [r, regAndAddr] :
       llvm::enumerate(llvm::zip(srcRegs, addresses(srcLayout)))) {
    auto [reg, addr] = regAndAddr;
    if (int32_t(r) & dup.reg)
      continue;
    Value v = isNarrow ? Value(LLVM::ZExtOp::create(rewriter, loc, memType, reg))
                     : reg;
    if (owner)
      emitGlobalStore(rewriter, loc, addr, owner, v, AccessQualifiers());
    else
      LLVM::StoreOp::create(rewriter, loc, v, addr);
  }
  NVVM::Barrier0Op::create(rewriter, loc);
  SmallVector<Value> regs;
  for (Value addr : addresses(getTileLayout(dstType))) {
    Value v = LLVM::LoadOp::create(rewriter, loc, memType, addr);
    regs.push_back(isNarrow ? Value(LLVM::TruncOp::create(rewriter, loc, field, v))
                          : v);
  }
  return regs;
}

/// For each destination register, the source register holding the same
/// element in the same thread, when `dst` (broadcast dims projected away)
/// places elements on lanes and warps exactly as `src` does.
static std::optional<SmallVector<int32_t>>
registerGather(const tl::LinearLayout &src, const tl::LinearLayout &dst,
               ArrayRef<int64_t> srcShape) {
  tl::LinearLayout projected = dst;
  for (auto [d, size] : llvm::enumerate(srcShape))
    if (size == 1)
      projected = projected.resizeOutDim(tl::dimName(d), 1);
  for (StringRef in : {StringRef(tl::kLane), StringRef(tl::kWarp)}) {
    if (src.getInDimSizeLog2(in) != projected.getInDimSizeLog2(in))
      return std::nullopt;
    for (unsigned bit = 0; bit < src.getInDimSizeLog2(in); ++bit)
      for (unsigned d = 0; d < srcShape.size(); ++d)
        if (src.getBasis(in, bit, tl::dimName(d)) !=
            projected.getBasis(in, bit, tl::dimName(d)))
          return std::nullopt;
  }
  auto image = [](const tl::LinearLayout &l, int32_t r) {
    SmallVector<int32_t> coords;
    for (auto &[name, value] : l.apply({{tl::kRegister, r}}))
      coords.push_back(value);
    return l.flattenOutValues(coords);
  };
  llvm::DenseMap<uint64_t, int32_t> holder;
  for (int32_t r = src.getInDimSize(tl::kRegister) - 1; r >= 0; --r)
    holder[image(src, r)] = r;
  SmallVector<int32_t> gather;
  for (int32_t r = 0, e = projected.getInDimSize(tl::kRegister); r < e; ++r) {
    auto it = holder.find(image(projected, r));
    if (it == holder.end())
      return std::nullopt;
    gather.push_back(it->second);
  }
  return gather;
}

SmallVector<Value>
mlir::tilecc::getSharedOffsets(OpBuilder &b, Location loc,
                               const tl::LinearLayout &layout,
                               const tl::LinearLayout &scratch) {
  tl::LinearLayout toOffset = *layout.invertAndCompose(scratch);
  SmallVector<Value> offsets;
  for (auto &c : getRegisterCoordinates(b, loc, toOffset))
    offsets.push_back(c.front());
  return offsets;
}

/// One ldmatrix per "instr" of `ld`, every lane pointing at its row of the
/// scratch buffer; the b32 results unpack into the destination registers in
/// order (elements of a word, then matrices, then instructions).
static SmallVector<Value> loadWithLdmatrix(OpBuilder &b, Location loc,
                                           Value base, Type elem,
                                           const tl::LdmatrixPlan &ld,
                                           const tl::LinearLayout &scratch) {
  tl::LinearLayout addresses = ld.addresses.renameInDim("instr", tl::kRegister)
                                   .transposeIns({tl::kRegister, tl::kLane,
                                                  tl::kWarp});
  SmallVector<Value> offsets = getSharedOffsets(b, loc, addresses, scratch);
  unsigned n = ld.numMatrices;
  unsigned perWord = 32 / nv_tileas::getRegisterBits(elem);
  auto i32 = b.getI32Type();
  Type resultType =
      n == 1 ? Type(i32)
             : LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                SmallVector<Type>(n, i32));
  auto sharedPtr = LLVM::LLVMPointerType::get(b.getContext(), 3);
  auto *ctx = b.getContext();
  SmallVector<Value> regs;
  // Shared-memory addresses fit 32 bits: the offsets are added in i32, one
  // register per address instead of two (every fragment load of a K slice
  // has its own).
  Value base32 = LLVM::PtrToIntOp::create(b, loc, i32, base);
  Value elemBytes = createI32(b, loc, elem.getIntOrFloatBitWidth() / 8);
  for (Value offset : offsets) {
    Value bytes = LLVM::MulOp::create(
        b, loc, LLVM::TruncOp::create(b, loc, i32, offset), elemBytes);
    Value addr = LLVM::IntToPtrOp::create(
        b, loc, sharedPtr, LLVM::AddOp::create(b, loc, base32, bytes).getResult());
    Value loaded = NVVM::LdMatrixOp::create(
        b, loc, resultType, addr, n,
        ld.trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (unsigned i = 0; i < n; ++i) {
      Value word = n == 1 ? loaded
                          : Value(LLVM::ExtractValueOp::create(b, loc,
                                                               loaded, i));
      if (perWord == 1) {
        regs.push_back(LLVM::BitcastOp::create(b, loc, elem, word));
        continue;
      }
      Value vec = LLVM::BitcastOp::create(
          b, loc, VectorType::get({int64_t(perWord)}, elem), word);
      for (unsigned e = 0; e < perWord; ++e)
        regs.push_back(LLVM::ExtractElementOp::create(b, loc, vec,
                                                      createI32(b, loc, e)));
    }
  }
  return regs;
}

/// The planner's round trip: vector stores into the swizzled scratch layout
/// (each element once), a barrier, then ldmatrix or vector loads.
static FailureOr<SmallVector<Value>>
roundTripThroughScratch(ConversionPatternRewriter &rewriter, Operation *op,
                        ArrayRef<Value> srcRegs, const tl::LinearLayout &src,
                        const tl::LinearLayout &dst,
                        const tl::ConversionPlan &plan, Type elem) {
  Location loc = op->getLoc();
  LLVM::GlobalOp scratchGlobal = getScratchBufferOf(op);
  if (!scratchGlobal)
    return failure();
  const tl::LinearLayout &scratch = plan.scratch->layout;
  unsigned bits = nv_tileas::getRegisterBits(elem);
  Value base = LLVM::AddressOfOp::create(rewriter, loc, scratchGlobal);
  auto ptrAt = [&](Value offset) {
    return LLVM::GEPOp::create(rewriter, loc, base.getType(), elem, base,
                               ValueRange{offset});
  };
  // The previous user of the scratch buffer must be done with it.
  if (needsLeadingBarrier(op))
    NVVM::Barrier0Op::create(rewriter, loc);
  DuplicateMasks dup = getDuplicateMasks(src);
  Value owner = getUniqueOwnerPredicate(rewriter, loc, dup);
  unsigned storeVec = std::max(1u, plan.storeVectorBits / bits);
  while (storeVec > 1 && !isAccessSupported(elem, storeVec))
    storeVec /= 2;
  SmallVector<Value> storeOffsets = getSharedOffsets(rewriter, loc, src, scratch);
  unsigned bytes = bits / 8;
  for (size_t r = 0; r < srcRegs.size(); r += storeVec) {
    if (int32_t(r) & dup.reg)
      continue;
    ArrayRef<Value> values = srcRegs.slice(r, storeVec);
    // Where threads hold copies, only one of them stores (no racing writes).
    if (owner) {
      emitGlobalStore(rewriter, loc, ptrAt(storeOffsets[r]), owner, values,
                      AccessQualifiers());
      continue;
    }
    LLVM::StoreOp::create(rewriter, loc, toVector(rewriter, loc, values),
                          ptrAt(storeOffsets[r]), storeVec * bytes);
  }
  NVVM::Barrier0Op::create(rewriter, loc);
  return loadStagedTile(rewriter, op, base, elem, plan, dst);
}

FailureOr<SmallVector<Value>>
mlir::tilecc::loadStagedTile(OpBuilder &b, Operation *op, Value base, Type elem,
                             const tl::ConversionPlan &plan,
                             const tl::LinearLayout &dst) {
  Location loc = op->getLoc();
  const tl::LinearLayout &scratch = plan.scratch->layout;
  if (plan.ldmatrix) {
    SmallVector<Value> regs =
        loadWithLdmatrix(b, loc, base, elem, *plan.ldmatrix, scratch);
    if (int32_t(regs.size()) != dst.getInDimSize(tl::kRegister)) {
      op->emitError("ldmatrix plan does not cover the destination registers");
      return failure();
    }
    return regs;
  }
  unsigned bits = elem.getIntOrFloatBitWidth();
  unsigned bytes = bits / 8;
  unsigned loadVec = std::max(1u, plan.loadVectorBits / bits);
  while (loadVec > 1 && !isAccessSupported(elem, loadVec))
    loadVec /= 2;
  SmallVector<Value> loadOffsets = getSharedOffsets(b, loc, dst, scratch);
  SmallVector<Value> regs;
  Type loadType =
      loadVec == 1 ? elem : Type(VectorType::get({int64_t(loadVec)}, elem));
  for (size_t r = 0; r < loadOffsets.size(); r += loadVec) {
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                                    ValueRange{loadOffsets[r]});
    Value v = LLVM::LoadOp::create(b, loc, loadType, ptr, loadVec * bytes);
    if (loadVec == 1) {
      regs.push_back(v);
      continue;
    }
    for (unsigned i = 0; i < loadVec; ++i)
      regs.push_back(
          LLVM::ExtractElementOp::create(b, loc, v, createI32(b, loc, i)));
  }
  return regs;
}

llvm::Expected<tl::ConversionPlan>
mlir::tilecc::planAsyncStaging(RankedTensorType valueType,
                               tl::LinearLayout &copy) {
  tl::LinearLayout dst = getTileLayout(valueType);
  unsigned bits = valueType.getElementTypeBitWidth();
  copy = nv_tileas::getAsyncCopyLayout(valueType.getShape(), bits,
                                       dst.getInDimSize(tl::kWarp));
  return nv_tileas::planLayoutConversion(valueType.getContext(), copy, dst,
                                         bits, /*withShuffles=*/false);
}

namespace {

/// Replaces `op` by the destination registers: gathered from `srcRegs` when
/// `gather` says where each one comes from, else through a shared-memory
/// round trip.
static LogicalResult
replaceByGatherOrShared(ConversionPatternRewriter &rewriter, Operation *op,
                        ArrayRef<Value> srcRegs,
                        std::optional<SmallVector<int32_t>> gather,
                        RankedTensorType srcType, RankedTensorType dstType,
                        Type structType) {
  Location loc = op->getLoc();
  if (gather) {
    SmallVector<Value> regs;
    for (int32_t s : *gather)
      regs.push_back(srcRegs[s]);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
    return success();
  }
  Type field = cast<LLVM::LLVMStructType>(structType).getBody().front();
  FailureOr<SmallVector<Value>> regs =
      roundTripThroughShared(rewriter, op, srcRegs, srcType, dstType, field);
  if (failed(regs))
    return failure();
  rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, *regs));
  return success();
}

struct ConvertLayoutLowering : OpConversionPattern<nv_tileas::ConvertLayoutOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSource().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    Type structType = getTypeConverter()->convertType(dstType);
    if (!structType || !getTypeConverter()->convertType(srcType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    tl::LinearLayout src = getTileLayout(srcType);
    tl::LinearLayout dst = getTileLayout(dstType);
    Type elemType = srcType.getElementType();
    llvm::Expected<tl::ConversionPlan> plan =
        nv_tileas::planLayoutConversion(
            op.getContext(), src, dst,
            elemType.isIntOrFloat() ? nv_tileas::getRegisterBits(elemType)
                                    : 64);
    if (!plan)
      return op.emitError() << "cannot convert between these layouts: "
                            << llvm::toString(plan.takeError());
    SmallVector<Value> srcRegs = unpackRegisters(rewriter, loc, adaptor.getSource());
    std::optional<SmallVector<int32_t>> perm;
    if (plan->dstToSrc && (plan->kind == tl::ConversionKind::Identity ||
                           plan->kind == tl::ConversionKind::RegisterPermutation))
      perm = registerPermutation(*plan->dstToSrc);
    // Elements that stay in their warps move by shuffles.
    if (!perm && usesWarpShuffles(*plan, elemType)) {
      FailureOr<SmallVector<Value>> regs =
          convertWithinWarps(rewriter, loc, srcRegs, dst, *plan->dstToSrc);
      if (failed(regs))
        return op.emitError("cannot shuffle these registers");
      rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, *regs));
      return success();
    }
    // Whole-byte numbers take the planned swizzled round trip.
    unsigned bits = elemType.isIntOrFloat() ? nv_tileas::getRegisterBits(elemType)
                                            : 0;
    if (!perm && bits >= 8 && llvm::isPowerOf2_32(bits)) {
      llvm::Expected<tl::ConversionPlan> shared =
          nv_tileas::planLayoutConversion(op.getContext(), src, dst, bits,
                                          /*withShuffles=*/false);
      if (!shared)
        return op.emitError() << "cannot convert between these layouts: "
                              << llvm::toString(shared.takeError());
      if (shared->kind == tl::ConversionKind::SharedMemory) {
        Type field = cast<LLVM::LLVMStructType>(structType).getBody().front();
        FailureOr<SmallVector<Value>> regs = roundTripThroughScratch(
            rewriter, op, srcRegs, src, dst, *shared, field);
        if (failed(regs))
          return failure();
        rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, *regs));
        return success();
      }
    }
    return replaceByGatherOrShared(rewriter, op, srcRegs, perm, srcType,
                                   dstType, structType);
  }
};

/// broadcast: registers are gathered in place when the result layout puts
/// each element on the thread that holds its source; otherwise the source
/// goes through shared memory.
struct BroadcastLowering : OpConversionPattern<nv_tileas::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSource().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    Type structType = getTypeConverter()->convertType(dstType);
    if (!structType || !getTypeConverter()->convertType(srcType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    SmallVector<Value> srcRegs =
        unpackRegisters(rewriter, loc, adaptor.getSource());
    return replaceByGatherOrShared(
        rewriter, op, srcRegs,
        registerGather(getTileLayout(srcType), getTileLayout(dstType),
                       srcType.getShape()),
        srcType, dstType, structType);
  }
};

/// permute: the result layout is the source's with its output dimensions
/// relabeled (tileas-assign-layouts guarantees it), so every thread keeps its
/// registers as they are and only their meaning changes.
struct PermuteLowering : OpConversionPattern<nv_tileas::PermuteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::PermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSource().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    Type structType = getTypeConverter()->convertType(dstType);
    if (!structType || !getTypeConverter()->convertType(srcType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    if (tl::permuteLayout(getTileLayout(srcType), op.getPermutation()) !=
        getTileLayout(dstType))
      return op.emitError("permute result layout is not the permuted layout "
                          "of its source; run tileas-assign-layouts");
    Location loc = op.getLoc();
    SmallVector<Value> regs =
        unpackRegisters(rewriter, loc, adaptor.getSource());
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
    return success();
  }
};

} // namespace

bool mlir::tilecc::convertLayoutUsesShared(nv_tileas::ConvertLayoutOp op) {
  auto srcType = cast<RankedTensorType>(op.getSource().getType());
  auto dstType = cast<RankedTensorType>(op.getType());
  if (!nv_tileas::LinearEncodingAttr::of(srcType) ||
      !nv_tileas::LinearEncodingAttr::of(dstType))
    return false;
  Type elemType = srcType.getElementType();
  llvm::Expected<tl::ConversionPlan> plan = nv_tileas::planLayoutConversion(
      op.getContext(), getTileLayout(srcType), getTileLayout(dstType),
      elemType.isIntOrFloat() ? nv_tileas::getRegisterBits(elemType) : 64);
  // Counted as a round trip when no plan exists: the lowering reports that,
  // and a tile too large for shared memory is the more useful diagnostic.
  if (!plan) {
    llvm::consumeError(plan.takeError());
    return true;
  }
  // As ConvertLayoutLowering decides: register permutations and warp
  // shuffles stay in the threads.
  if (usesWarpShuffles(*plan, elemType))
    return false;
  return !(plan->dstToSrc &&
           (plan->kind == tl::ConversionKind::Identity ||
            plan->kind == tl::ConversionKind::RegisterPermutation) &&
           registerPermutation(*plan->dstToSrc));
}

bool mlir::tilecc::viewNeedsShared(Operation *op) {
  auto view = dyn_cast<nv_tileas::ViewOp>(op);
  if (!view)
    return false;
  auto srcType = cast<RankedTensorType>(view.getSource().getType());
  auto dstType = cast<RankedTensorType>(view.getType());
  if (!nv_tileas::LinearEncodingAttr::of(srcType) ||
      !nv_tileas::LinearEncodingAttr::of(dstType))
    return false;
  tl::LinearLayout src = getTileLayout(srcType);
  tl::LinearLayout dst = getTileLayout(dstType).reshapeOuts(
      llvm::to_vector(src.getOutDims()));
  return !registerGather(src, dst, srcType.getShape());
}

namespace {

/// view: when the result layout, read in the source shape (row-major), puts
/// every element on the thread that holds it in the source, the registers
/// are only reordered; otherwise the tile goes through shared memory.
struct ViewLowering : OpConversionPattern<nv_tileas::ViewOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv_tileas::ViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSource().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    Type structType = getTypeConverter()->convertType(dstType);
    if (!structType || !getTypeConverter()->convertType(srcType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    tl::LinearLayout src = getTileLayout(srcType);
    tl::LinearLayout dst = getTileLayout(dstType).reshapeOuts(
        llvm::to_vector(src.getOutDims()));
    std::optional<SmallVector<int32_t>> gather =
        registerGather(src, dst, srcType.getShape());
    // Elements that change threads go through shared memory.
    if (!gather)
      return lowerViewThroughShared(rewriter, op, adaptor.getSource(),
                                    structType);
    SmallVector<Value> srcRegs =
        unpackRegisters(rewriter, loc, adaptor.getSource());
    SmallVector<Value> regs;
    for (int32_t s : *gather)
      regs.push_back(srcRegs[s]);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
    return success();
  }
};

/// nv_tileaa.print: once per block (thread 0), the format is applied once
/// per element position in row-major order (scalars repeat), through
/// vprintf. Tile arguments are staged in the shared scratch buffer, one 8-byte
/// slot per element, so that thread 0 sees every element.
struct PrintLowering : OpConversionPattern<nv_tileaa::PrintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto module = op->getParentOfType<ModuleOp>();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto i32 = rewriter.getI32Type();
    auto i64 = rewriter.getI64Type();
    auto f64 = rewriter.getF64Type();

    // The argument of each conversion, as C varargs promote it (floats,
    // integers and pointers only: checked before anything is emitted).
    auto isPrintable = [](Type t) {
      return isa<FloatType, IntegerType, LLVM::LLVMPointerType>(t);
    };
    auto promote = [&](Value v) -> Value {
      Type t = v.getType();
      if (auto ft = dyn_cast<FloatType>(t))
        return ft.getWidth() == 64
                   ? v
                   : Value(LLVM::FPExtOp::create(rewriter, loc, f64, v));
      if (auto it = dyn_cast<IntegerType>(t)) {
        if (it.getWidth() == 1)
          return LLVM::ZExtOp::create(rewriter, loc, i32, v);
        if (it.getWidth() < 32)
          return LLVM::SExtOp::create(rewriter, loc, i32, v);
        return v;
      }
      return LLVM::PtrToIntOp::create(rewriter, loc, i64, v);
    };

    // Stage the tiles.
    int64_t positions = 1;
    SmallVector<int64_t> slotBase(op.getArgs().size(), -1);
    SmallVector<Type> elemTypes;
    bool anyTile = false;
    int64_t nextSlot = 0;
    for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
      auto tile = dyn_cast<RankedTensorType>(arg.getType());
      Type conv = tile ? getTypeConverter()->convertType(tile.getElementType())
                       : adaptor.getArgs()[i].getType();
      if (!conv)
        return rewriter.notifyMatchFailure(op, "unsupported argument type");
      if (!isPrintable(conv))
        return op.emitError("cannot print an argument of type ") << conv;
      elemTypes.push_back(conv);
      if (!tile)
        continue;
      if (!getTypeConverter()->convertType(tile))
        return rewriter.notifyMatchFailure(op, "tile without layout");
      anyTile = true;
      slotBase[i] = nextSlot;
      nextSlot += tile.getNumElements();
      positions = std::max(positions, tile.getNumElements());
    }
    Value scratchBase;
    if (anyTile) {
      LLVM::GlobalOp scratch = getScratchBufferOf(op);
      if (!scratch)
        return failure();
      scratchBase = LLVM::AddressOfOp::create(rewriter, loc, scratch);
      if (needsLeadingBarrier(op))
        NVVM::Barrier0Op::create(rewriter, loc);
      for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
        auto tile = dyn_cast<RankedTensorType>(arg.getType());
        if (!tile)
          continue;
        ArrayRef<int64_t> shape = tile.getShape();
        SmallVector<Value> regs =
            unpackRegisters(rewriter, loc, adaptor.getArgs()[i]);
        // Each element is staged once, by its owner (no racing writes).
        DuplicateMasks dup = getDuplicateMasks(getTileLayout(tile));
        Value owner = getUniqueOwnerPredicate(rewriter, loc, dup);
        for (auto [r, regAndCoords] : llvm::enumerate(llvm::zip(
                 regs, getRegisterCoordinates(rewriter, loc,
                                              getTileLayout(tile))))) {
          auto [reg, c] = regAndCoords;
          if (int32_t(r) & dup.reg)
            continue;
          Value linear = createI64(rewriter, loc, slotBase[i]);
          Value row = createI64(rewriter, loc, 0);
          for (unsigned d = 0; d < c.size(); ++d)
            row = LLVM::AddOp::create(
                rewriter, loc,
                LLVM::MulOp::create(rewriter, loc, row,
                                    createI64(rewriter, loc, shape[d])),
                c[d]);
          linear = LLVM::AddOp::create(rewriter, loc, linear, row);
          Value addr = LLVM::GEPOp::create(rewriter, loc, scratchBase.getType(),
                                           i64, scratchBase,
                                           ValueRange{linear});
          Value v = reg;
          if (v.getType().isInteger(1))
            v = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI8Type(), v);
          if (owner)
            emitGlobalStore(rewriter, loc, addr, owner, v, AccessQualifiers());
          else
            LLVM::StoreOp::create(rewriter, loc, v, addr);
        }
      }
      NVVM::Barrier0Op::create(rewriter, loc);
    }

    // vprintf and the format string.
    LLVM::LLVMFuncOp vprintf = getOrDeclareVprintf(rewriter, module, loc);
    LLVM::GlobalOp format = getOrCreateCString(
        rewriter, module, loc, "tilecc_printf_format_", op.getFormat());

    // if (threadIdx.x == 0) { one vprintf per position }
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, i32);
    Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       tid, createI32(rewriter, loc, 0));
    emitIf(rewriter, loc, first, [&] {
      Value formatPtr = LLVM::AddressOfOp::create(rewriter, loc, format);
      Value argBuffer;
      for (int64_t position = 0; position < positions; ++position) {
        SmallVector<Value> values;
        for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
          Value v = adaptor.getArgs()[i];
          if (auto tile = dyn_cast<RankedTensorType>(arg.getType())) {
            int64_t slot =
                slotBase[i] + (tile.getNumElements() == 1 ? 0 : position);
            Value addr = LLVM::GEPOp::create(
                rewriter, loc, scratchBase.getType(), i64, scratchBase,
                ValueRange{createI64(rewriter, loc, slot)});
            Type elem = elemTypes[i];
            bool isBool = elem.isInteger(1);
            v = LLVM::LoadOp::create(
                rewriter, loc, isBool ? rewriter.getI8Type() : elem, addr);
            if (isBool)
              v = LLVM::TruncOp::create(rewriter, loc, elem, v);
          }
          values.push_back(promote(v));
        }
        Value buffer = LLVM::ZeroOp::create(rewriter, loc, ptrType);
        if (!values.empty()) {
          SmallVector<Type> fields;
          for (Value v : values)
            fields.push_back(v.getType());
          auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
          // One argument buffer, a static alloca in the entry block.
          if (!argBuffer) {
            OpBuilder::InsertionGuard guard(rewriter);
            Operation *fn =
                op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
            rewriter.setInsertionPointToStart(&fn->getRegion(0).front());
            argBuffer = LLVM::AllocaOp::create(
                rewriter, loc, ptrType, structType,
                LLVM::ConstantOp::create(rewriter, loc, i64,
                                         rewriter.getI64IntegerAttr(1)));
          }
          buffer = argBuffer;
          for (auto [f, v] : llvm::enumerate(values)) {
            Value field =
                LLVM::GEPOp::create(rewriter, loc, ptrType, structType, buffer,
                                    ArrayRef<LLVM::GEPArg>{0, int32_t(f)});
            LLVM::StoreOp::create(rewriter, loc, v, field);
          }
        }
        LLVM::CallOp::create(rewriter, loc, vprintf,
                             ValueRange{formatPtr, buffer});
      }
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASLayoutToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutLowering, BroadcastLowering, PermuteLowering,
               ViewLowering, PrintLowering>(converter, patterns.getContext());
}
