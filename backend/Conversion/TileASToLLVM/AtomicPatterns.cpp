//===- AtomicPatterns.cpp - atomic_rmw / atomic_cas through pointers ------===//
//
// Each element is updated by one atomic, issued by the thread and register
// that own it (a scalar, which every thread holds, by thread 0); the old
// value then reaches the other holders through the shared scratch buffer.
// Memory ordering and scope become the instruction's `.sem.scope`
// qualifiers; an RMW whose old value is unused becomes a `red` when the
// ordering allows one (relaxed or release). Masked-off elements perform
// nothing and yield the operand (rmw) or the compared value (cas).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/AtomicLowering.h"
#include "Conversion/TileASToLLVM/GlobalAccess.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ValueModel.h"

#include "TileAA/IR/TileAADialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

std::optional<AtomicKind> mlir::tilecc::getAtomicKind(nv_tileas::RmwMode mode,
                                                      Type elem, int64_t cc) {
  unsigned bits = elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 0;
  bool isFloat = isa<FloatType>(elem);
  std::string n = std::to_string(bits);
  AtomicKind kind;
  kind.hasReduction = true;
  if (mode == nv_tileas::RmwMode::add || mode == nv_tileas::RmwMode::addf) {
    if (isFloat && bits == 16) {
      // atom.add.noftz.bf16 needs sm_90; older targets loop on a 16-bit CAS.
      if (elem.isBF16() && cc < 90) {
        kind.bf16CASLoop = true;
        kind.hasReduction = false;
        return kind;
      }
      kind.opType = elem.isBF16() ? "add.noftz.bf16" : "add.noftz.f16";
      return kind;
    }
  }
  if (bits != 32 && bits != 64)
    return std::nullopt;
  switch (mode) {
  case nv_tileas::RmwMode::add:
  case nv_tileas::RmwMode::addf:
    kind.opType = (isFloat ? "add.f" : "add.u") + n;
    return kind;
  case nv_tileas::RmwMode::xchg:
    kind.opType = "exch.b" + n;
    kind.hasReduction = false;
    return kind;
  default:
    break;
  }
  if (isFloat)
    return std::nullopt;
  switch (mode) {
  case nv_tileas::RmwMode::bit_and: kind.opType = "and.b" + n; break;
  case nv_tileas::RmwMode::bit_or: kind.opType = "or.b" + n; break;
  case nv_tileas::RmwMode::bit_xor: kind.opType = "xor.b" + n; break;
  case nv_tileas::RmwMode::min: kind.opType = "min.s" + n; break;
  case nv_tileas::RmwMode::max: kind.opType = "max.s" + n; break;
  case nv_tileas::RmwMode::umin: kind.opType = "min.u" + n; break;
  case nv_tileas::RmwMode::umax: kind.opType = "max.u" + n; break;
  default: return std::nullopt;
  }
  return kind;
}

/// Bytes of one element in the scratch buffer.
static unsigned elementBytes(Type elem) {
  return elem.isIntOrFloat() ? std::max(1u, elem.getIntOrFloatBitWidth() / 8)
                             : 8;
}

/// Duplicates of a tile, or of a scalar (every thread holds it; thread 0
/// owns it).
static DuplicateMasks duplicatesOf(Type tileOrScalar) {
  if (isa<RankedTensorType>(tileOrScalar))
    return getDuplicateMasks(getTileLayout(tileOrScalar));
  DuplicateMasks masks;
  masks.lane = 31;
  masks.warp = ~0u;
  return masks;
}

/// Whether the old values must travel from owners to other threads.
static bool needsBroadcast(Operation *op, Type tileOrScalar) {
  if (op->getResult(0).use_empty())
    return false;
  DuplicateMasks dup = duplicatesOf(tileOrScalar);
  return dup.lane || dup.warp;
}

int64_t mlir::tilecc::getAtomicScratchBytes(Operation *op) {
  if (!isa<nv_tileas::AtomicRMWOp, nv_tileas::AtomicCASOp,
           nv_tileas::TiledAtomicRMWOp>(op))
    return 0;
  Type type = op->getResult(0).getType();
  if (!needsBroadcast(op, type))
    return 0;
  auto tile = dyn_cast<RankedTensorType>(type);
  return tile ? tile.getNumElements() * elementBytes(tile.getElementType())
              : elementBytes(type);
}

FailureOr<SmallVector<Value>>
mlir::tilecc::lowerOwnedAtomics(ConversionPatternRewriter &rewriter,
                                Operation *op, Type tileOrScalar,
                                unsigned numRegs, bool resultUsed,
                                function_ref<Value(unsigned, Value)> emit) {
  Location loc = op->getLoc();
  DuplicateMasks dup = duplicatesOf(tileOrScalar);
  Value owner = getUniqueOwnerPredicate(rewriter, loc, dup);
  SmallVector<Value> old(numRegs);
  for (unsigned r = 0; r < numRegs; ++r)
    if (!(r & dup.reg))
      old[r] = emit(r, owner);
  if (!resultUsed)
    return old;
  for (unsigned r = 0; r < numRegs; ++r)
    if (r & dup.reg)
      old[r] = old[r & ~dup.reg];
  if (!dup.lane && !dup.warp)
    return old;

  // Owners publish the old values at their row-major element offsets, then
  // every thread reads the ones it holds.
  LLVM::GlobalOp scratch = getScratchBufferOf(op);
  if (!scratch)
    return failure();
  Type elem = old.front().getType();
  Value base = LLVM::AddressOfOp::create(rewriter, loc, scratch);
  SmallVector<Value> addrs;
  if (auto tile = dyn_cast<RankedTensorType>(tileOrScalar)) {
    for (auto &coords :
         getRegisterCoordinates(rewriter, loc, getTileLayout(tile))) {
      Value linear = createI64(rewriter, loc, 0);
      for (auto [d, c] : llvm::enumerate(coords))
        linear = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, linear,
                                createI64(rewriter, loc, tile.getShape()[d])),
            c);
      addrs.push_back(LLVM::GEPOp::create(rewriter, loc, base.getType(), elem,
                                          base, ValueRange{linear}));
    }
  } else {
    addrs.push_back(base);
  }
  if (needsLeadingBarrier(op))
    NVVM::Barrier0Op::create(rewriter, loc);
  for (unsigned r = 0; r < numRegs; ++r)
    if (!(r & dup.reg))
      emitGlobalStore(rewriter, loc, addrs[r], owner, old[r],
                      AccessQualifiers());
  NVVM::Barrier0Op::create(rewriter, loc);
  for (unsigned r = 0; r < numRegs; ++r)
    old[r] = LLVM::LoadOp::create(rewriter, loc, elem, addrs[r]);
  return old;
}

namespace {

/// The registers of a converted operand: a tile's unpacked, a scalar once.
SmallVector<Value> registersOf(OpBuilder &b, Location loc, Value original,
                               Value converted) {
  if (isa<RankedTensorType>(original.getType()))
    return unpackRegisters(b, loc, converted);
  return {converted};
}

Value packResult(OpBuilder &b, Location loc, const TypeConverter &tc,
                 Type type, ValueRange regs) {
  if (!isa<RankedTensorType>(type))
    return regs.front();
  return packRegisters(b, loc, tc.convertType(type), regs);
}

/// `red` has no acquire side.
bool orderingAllowsReduction(Operation *op) {
  auto sem = op->getAttrOfType<nv_tileas::MemSemanticAttr>("mem_semantic");
  return !sem || (sem.getValue() != nv_tileas::MemSemantic::acquire &&
                  sem.getValue() != nv_tileas::MemSemantic::acq_rel);
}

template <typename SrcOp>
struct PtrAtomicLowering : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  static constexpr bool isCas = std::is_same_v<SrcOp, nv_tileas::AtomicCASOp>;

  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &tc = *this->getTypeConverter();
    Type type = op.getResult().getType();
    Type elemType = getElementTypeOrSelf(type);
    Type elem = tc.convertType(elemType);
    if (!elem)
      return rewriter.notifyMatchFailure(op, "unconvertible element type");
    int64_t cc =
        nv_tileas::TileASDialect::getComputeCapability(op).value_or(80);
    AtomicKind kind;
    if constexpr (isCas) {
      unsigned bits = elemType.getIntOrFloatBitWidth();
      if (bits != 32 && bits != 64)
        return op.emitError() << "no atomic compare-and-swap on " << elemType;
      kind.opType = "cas.b" + std::to_string(bits);
    } else {
      std::optional<AtomicKind> k = getAtomicKind(op.getMode(), elemType, cc);
      if (!k)
        return op.emitError()
               << "atomic '" << stringifyRmwMode(op.getMode()) << "' on "
               << elemType << " is not supported on sm_" << cc;
      kind = *k;
    }
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr());
    SmallVector<Value> values =
        registersOf(rewriter, loc, op.getValue(), adaptor.getValue());
    SmallVector<Value> compares, masks;
    if constexpr (isCas)
      compares = registersOf(rewriter, loc, op.getCompare(),
                             adaptor.getCompare());
    if (op.getMask())
      masks = registersOf(rewriter, loc, op.getMask(), adaptor.getMask());
    AccessQualifiers q = getAccessQualifiers(op);
    bool resultUsed = !op.getResult().use_empty();
    bool reduction =
        !resultUsed && kind.hasReduction && orderingAllowsReduction(op);
    FailureOr<SmallVector<Value>> old = lowerOwnedAtomics(
        rewriter, op, type, values.size(), resultUsed,
        [&](unsigned r, Value owner) -> Value {
          Value pred =
              andPredicates(rewriter, loc, masks.empty() ? Value() : masks[r], owner);
          // Masked-off elements yield the compared value (cas) or the
          // operand (rmw), as the interpreter does.
          Value init = compares.empty() ? values[r] : compares[r];
          if (kind.bf16CASLoop)
            return emitGlobalBF16AddCASLoop(rewriter, loc, ptrs[r], pred,
                                            values[r], init, q);
          AtomicAccess access;
          access.opType = kind.opType;
          access.value = values[r];
          access.compare = compares.empty() ? Value() : compares[r];
          access.init = init;
          access.reduction = reduction;
          return emitGlobalAtomic(rewriter, loc, ptrs[r], pred, access, q);
        });
    if (failed(old))
      return failure();
    SmallVector<Value> results;
    if (resultUsed)
      results.push_back(packResult(rewriter, loc, tc, type, *old));
    else
      results.push_back(
          LLVM::PoisonOp::create(rewriter, loc, tc.convertType(type)));
    if (op.getResultToken())
      results.push_back(LLVM::UndefOp::create(
          rewriter, loc, tc.convertType(op.getResultToken().getType())));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASAtomicToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<PtrAtomicLowering<nv_tileas::AtomicRMWOp>,
               PtrAtomicLowering<nv_tileas::AtomicCASOp>>(
      converter, patterns.getContext());
}
