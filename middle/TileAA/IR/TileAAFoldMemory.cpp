//===- TileAAFoldMemory.cpp - pointer, masked-memory and atomic rewrites --===//
//
// Seed 000 rows: addptr chains, masked load/store with constant masks, atomic
// identities. Every rewrite keeps the token graph intact: when data work
// disappears, the successor token is rewired to the incoming one; when an
// atomic becomes a load, the load's token takes the atomic's place.
//
//===----------------------------------------------------------------------===//
#include "TileAA/IR/TileAADialect.h"
#include "TileAA/IR/TileAAPatterns.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

static constexpr StringLiteral kSegments = "operandSegmentSizes";

bool mlir::nv_tileaa::isZeroAttr(Attribute attr) {
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  if (auto integer = dyn_cast_if_present<IntegerAttr>(attr))
    return integer.getValue().isZero();
  if (auto fp = dyn_cast_if_present<FloatAttr>(attr))
    return fp.getValue().isZero();
  return false;
}

bool mlir::nv_tileaa::isZeroConstant(Value value) {
  Attribute attr;
  return matchPattern(value, m_Constant(&attr)) && isZeroAttr(attr);
}

/// The single value every lane of a constant holds, or null.
static Attribute getUniformConstant(Value value) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return {};
  if (auto elements = dyn_cast<DenseElementsAttr>(attr))
    return elements.isSplat() ? elements.getSplatValue<Attribute>()
                              : Attribute();
  return isa<IntegerAttr, FloatAttr>(attr) ? attr : Attribute();
}

static std::optional<bool> getUniformMask(Value mask) {
  auto value = dyn_cast_if_present<IntegerAttr>(getUniformConstant(mask));
  if (!value)
    return std::nullopt;
  return !value.getValue().isZero();
}

/// The op's attributes with `operandSegmentSizes` replaced.
static SmallVector<NamedAttribute> withSegments(Operation *op,
                                                ArrayRef<int32_t> segments) {
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : op->getAttrs())
    if (attr.getName() != kSegments)
      attrs.push_back(attr);
  Builder builder(op->getContext());
  attrs.push_back(
      builder.getNamedAttr(kSegments, builder.getDenseI32ArrayAttr(segments)));
  return attrs;
}

/// Operands of a segmented op without the listed (single-operand) segments.
template <typename OpT>
static SmallVector<Value> dropSegments(OpT op, ArrayRef<unsigned> drop,
                                       SmallVectorImpl<int32_t> &segments) {
  segments.assign(op.getOperandSegmentSizes().begin(),
                  op.getOperandSegmentSizes().end());
  SmallVector<Value> operands;
  for (unsigned i = 0; i < segments.size(); ++i) {
    if (llvm::is_contained(drop, i)) {
      segments[i] = 0;
      continue;
    }
    llvm::append_range(operands, op.getSegment(i));
  }
  operands.push_back(op.getInToken());
  return operands;
}

//===----------------------------------------------------------------------===//
// addptr(addptr(base, a), b) -> addptr(base, a + b)
//===----------------------------------------------------------------------===//

namespace {
struct FuseAddPtrChain : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddPtrOp outer,
                                PatternRewriter &rewriter) const override {
    auto inner = outer.getBase().getDefiningOp<AddPtrOp>();
    if (!inner)
      return failure();
    auto innerPtr = cast<PtrType>(getTileElementType(inner.getType()));
    auto outerPtr = cast<PtrType>(getTileElementType(outer.getType()));
    if (innerPtr != outerPtr)
      return rewriter.notifyMatchFailure(outer,
                                         "address space or element differ");

    Location loc = outer.getLoc();
    Value lhs = inner.getOffset(), rhs = outer.getOffset();
    bool bytes = inner.getBytes() || outer.getBytes();
    // Offsets in elements and offsets in bytes only add after the element
    // offset is scaled; sub-byte elements have no byte offset.
    if (inner.getBytes() != outer.getBytes()) {
      Type pointee = innerPtr.getPointeeType();
      unsigned bits = isa<PtrType>(pointee)    ? 64
                      : pointee.isIntOrFloat() ? pointee.getIntOrFloatBitWidth()
                                               : 0;
      if (bits == 0 || bits % 8 != 0)
        return rewriter.notifyMatchFailure(outer, "element has no byte size");
      Value &elementOffset = inner.getBytes() ? rhs : lhs;
      elementOffset = scale(rewriter, loc, elementOffset, bits / 8);
    }
    Type common = commonOffsetType(lhs.getType(), rhs.getType());
    lhs = normalize(rewriter, loc, lhs, common);
    rhs = normalize(rewriter, loc, rhs, common);
    // A scalar offset meets a tile offset: splat it to the tile's shape.
    if (auto tile = dyn_cast<RankedTensorType>(lhs.getType());
        tile && !isa<RankedTensorType>(rhs.getType()))
      rhs = SplatOp::create(rewriter, loc, tile, rhs);
    if (auto tile = dyn_cast<RankedTensorType>(rhs.getType());
        tile && !isa<RankedTensorType>(lhs.getType()))
      lhs = SplatOp::create(rewriter, loc, tile, lhs);
    Value sum = arith::AddIOp::create(rewriter, loc, lhs, rhs);
    auto fused =
        AddPtrOp::create(rewriter, loc, outer.getType(), inner.getBase(), sum);
    fused.setBytes(bytes);
    rewriter.replaceOp(outer, fused.getResult());
    return success();
  }

  static Type elementOf(Type t) { return getTileElementType(t); }

  /// index when either side is index, else the wider integer.
  static Type commonOffsetType(Type a, Type b) {
    Type ea = elementOf(a), eb = elementOf(b);
    if (ea.isIndex() || eb.isIndex())
      return IndexType::get(a.getContext());
    return ea.getIntOrFloatBitWidth() >= eb.getIntOrFloatBitWidth() ? ea : eb;
  }

  static Value normalize(PatternRewriter &rewriter, Location loc, Value v,
                         Type element) {
    Type from = elementOf(v.getType());
    if (from == element)
      return v;
    Type to = element;
    if (auto tile = dyn_cast<RankedTensorType>(v.getType()))
      to = tile.clone(element);
    if (from.isIndex() || element.isIndex())
      return arith::IndexCastOp::create(rewriter, loc, to, v);
    return arith::ExtSIOp::create(rewriter, loc, to, v);
  }

  static Value scale(PatternRewriter &rewriter, Location loc, Value v,
                     int64_t factor) {
    Type element = elementOf(v.getType());
    TypedAttr attr = rewriter.getIntegerAttr(element, factor);
    if (auto tile = dyn_cast<RankedTensorType>(v.getType()))
      attr = SplatElementsAttr::get(tile, attr);
    Value c = arith::ConstantOp::create(rewriter, loc, attr);
    return arith::MulIOp::create(rewriter, loc, v, c);
  }
};

//===----------------------------------------------------------------------===//
// Masked loads and stores with constant masks
//===----------------------------------------------------------------------===//

template <typename LoadT>
struct FoldConstantMaskLoad : OpRewritePattern<LoadT> {
  using OpRewritePattern<LoadT>::OpRewritePattern;

  LogicalResult matchAndRewrite(LoadT op,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask =
        op.getMask() ? getUniformMask(op.getMask()) : std::nullopt;
    if (!mask)
      return failure();
    if (*mask) {
      // All lanes on: the same load without mask and fallback.
      SmallVector<int32_t> segments;
      SmallVector<Value> operands = dropSegments(op, {2, 3}, segments);
      auto load = LoadT::create(rewriter, op.getLoc(), op->getResultTypes(),
                                operands, withSegments(op, segments));
      rewriter.replaceOp(op, load->getResults());
      return success();
    }
    // All lanes off: no read happens; the data is the fallback and the token
    // is the incoming one.
    Value fallback = op.getOther();
    Type type = op.getResult().getType();
    if (!fallback)
      fallback = ub::PoisonOp::create(rewriter, op.getLoc(), type);
    if (fallback.getType() != type)
      return rewriter.notifyMatchFailure(op, "fallback type differs");
    rewriter.replaceOp(op, {fallback, op.getInToken()});
    return success();
  }
};

template <typename StoreT>
struct FoldConstantMaskStore : OpRewritePattern<StoreT> {
  using OpRewritePattern<StoreT>::OpRewritePattern;

  LogicalResult matchAndRewrite(StoreT op,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask =
        op.getMask() ? getUniformMask(op.getMask()) : std::nullopt;
    if (!mask)
      return failure();
    if (*mask) {
      SmallVector<int32_t> segments;
      SmallVector<Value> operands = dropSegments(op, {3}, segments);
      auto store = StoreT::create(rewriter, op.getLoc(), op->getResultTypes(),
                                  operands, withSegments(op, segments));
      rewriter.replaceOp(op, store->getResults());
      return success();
    }
    // Erasing is only sound when the write is the store's only effect: a
    // volatile or ordered (release) store must stay.
    std::optional<MemSemantic> semantic = op.getMemSemantic();
    if (op.getIsVolatile() || (semantic && *semantic != MemSemantic::Weak))
      return rewriter.notifyMatchFailure(op, "store has ordering effects");
    rewriter.replaceOp(op, op.getInToken());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Atomic identities: an atomic that cannot change memory becomes a load with
// the same ordering; its token replaces the atomic's token.
//===----------------------------------------------------------------------===//

/// A load reading what `atomic` would return, or failure when the atomic's
/// ordering cannot be kept by a read (release orders its own write).
template <typename LoadT, typename AtomicT>
static FailureOr<Operation *> buildOrderedLoad(AtomicT atomic, Value mask,
                                               PatternRewriter &rewriter) {
  std::optional<MemSemantic> semantic = atomic.getMemSemantic();
  if (semantic &&
      (*semantic == MemSemantic::Release || *semantic == MemSemantic::AcqRel))
    return failure();
  SmallVector<Value> operands{atomic.getBase()};
  llvm::append_range(operands, atomic.getIndices());
  if (mask)
    operands.push_back(mask);
  operands.push_back(atomic.getInToken());
  SmallVector<int32_t> segments{1, int32_t(atomic.getIndices().size()),
                                mask ? 1 : 0, 0};
  Builder builder(atomic.getContext());
  SmallVector<NamedAttribute> attrs{
      builder.getNamedAttr(kSegments, builder.getDenseI32ArrayAttr(segments))};
  if (semantic)
    attrs.push_back(builder.getNamedAttr(
        "mem_semantic", MemSemanticAttr::get(atomic.getContext(), *semantic)));
  if (auto scope = atomic.getMemScopeAttr())
    attrs.push_back(builder.getNamedAttr("mem_scope", scope));
  if (atomic.getIsVolatile())
    attrs.push_back(builder.getNamedAttr("is_volatile", builder.getUnitAttr()));
  return LoadT::create(rewriter, atomic.getLoc(), atomic->getResultTypes(),
                       operands, attrs)
      .getOperation();
}

struct FoldAtomicCas : OpRewritePattern<AtomicCasOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AtomicCasOp op,
                                PatternRewriter &rewriter) const override {
    Attribute compare = getUniformConstant(op.getCompare());
    Attribute replacement = getUniformConstant(op.getReplacement());
    if (!compare || !replacement || compare != replacement)
      return failure();
    // Swapping a value for itself never changes memory: read it.
    FailureOr<Operation *> load =
        buildOrderedLoad<LoadOp>(op, op.getMask(), rewriter);
    if (failed(load))
      return rewriter.notifyMatchFailure(op,
                                         "release ordering needs the write");
    rewriter.replaceOp(op, (*load)->getResults());
    return success();
  }
};

/// Whether `value` leaves every lane unchanged under `mode`.
static bool isRmwIdentity(RmwMode mode, Attribute value) {
  if (auto fp = dyn_cast_if_present<FloatAttr>(value))
    // x + (-0.0) == x for every x, including -0.0; +0.0 is not an identity.
    return mode == RmwMode::AddF && fp.getValue().isNegZero();
  auto integer = dyn_cast_if_present<IntegerAttr>(value);
  if (!integer)
    return false;
  const APInt &v = integer.getValue();
  switch (mode) {
  case RmwMode::Add:
  case RmwMode::Or:
  case RmwMode::Xor:
  case RmwMode::UMax:
    return v.isZero();
  case RmwMode::And:
  case RmwMode::UMin:
    return v.isAllOnes();
  case RmwMode::Max:
    return v.isMinSignedValue();
  case RmwMode::Min:
    return v.isMaxSignedValue();
  case RmwMode::Xchg:
  case RmwMode::AddF:
    return false;
  }
  return false;
}

template <typename RmwT, typename LoadT>
struct FoldAtomicRmw : OpRewritePattern<RmwT> {
  using OpRewritePattern<RmwT>::OpRewritePattern;

  LogicalResult matchAndRewrite(RmwT op,
                                PatternRewriter &rewriter) const override {
    if (!isRmwIdentity(op.getRmwMode(), getUniformConstant(op.getValue())))
      return failure();
    FailureOr<Operation *> load =
        buildOrderedLoad<LoadT>(op, op.getMask(), rewriter);
    if (failed(load))
      return rewriter.notifyMatchFailure(op,
                                         "release ordering needs the write");
    rewriter.replaceOp(op, (*load)->getResults());
    return success();
  }
};
} // namespace

void AddPtrOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<FuseAddPtrChain>(context);
}
void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<FoldConstantMaskLoad<LoadOp>>(context);
}
void TiledLoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldConstantMaskLoad<TiledLoadOp>>(context);
}
void GatherLoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldConstantMaskLoad<GatherLoadOp>>(context);
}
void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<FoldConstantMaskStore<StoreOp>>(context);
}
void TiledStoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldConstantMaskStore<TiledStoreOp>>(context);
}
void ScatterStoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<FoldConstantMaskStore<ScatterStoreOp>>(context);
}
void AtomicCasOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldAtomicCas>(context);
}
void AtomicRmwOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldAtomicRmw<AtomicRmwOp, LoadOp>>(context);
}
void TiledAtomicRmwOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<FoldAtomicRmw<TiledAtomicRmwOp, TiledLoadOp>>(context);
}
