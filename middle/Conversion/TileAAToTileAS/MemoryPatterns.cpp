//===- MemoryPatterns.cpp - core populator: memory family -----------------===//
//
// Memrefs travel as their describing values; every tiled access builds the
// static box it touches (`nv_tileas.make_tiled_view`) from them. Copy-atom
// witnesses carry over verbatim; an access without one gets the catalog's
// default for its direction, element width and provable vector width.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"
#include "TileAA/IR/TileAADivisibility.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include <numeric>

using namespace mlir;
using namespace mlir::tilecc;

//===----------------------------------------------------------------------===//
// Facts that bound the vector width of an access
//===----------------------------------------------------------------------===//

using nv_tileaa::getKnownDivisor;

/// Bits one element occupies in memory: pointers and indices are 64-bit.
static unsigned elementBits(Type type) {
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return 64;
}

namespace {
/// What the access can prove about the memory object it reads or writes.
struct MemrefFacts {
  int64_t alignBytes = 1;   // alignment of the object's first element
  /// A power of two dividing every outer stride (in elements): rows then
  /// start as aligned as the base. Unconstrained for rank 1.
  int64_t outerStrideDivisor = int64_t(1) << 30;
  bool unitInnerStride = false;
  unsigned addressSpace = 1;
};
} // namespace

/// The memref dimension each dimension of a block_tile's box runs along,
/// when every dimension group holds one dimension and together they permute
/// the source's dimensions (dim_map); nullopt otherwise.
static std::optional<SmallVector<int64_t>>
blockedDimOrder(nv_tileaa::BlockTileOp op) {
  auto memref = dyn_cast<nv_tileaa::TileMemRefType>(op.getSrc().getType());
  if (!memref)
    return std::nullopt;
  int64_t rank = memref.getRank();
  if (static_cast<int64_t>(op.getDimGroups().size()) != rank)
    return std::nullopt;
  SmallVector<int64_t> order;
  SmallVector<bool> seen(rank, false);
  for (Attribute group : op.getDimGroups()) {
    auto dims = dyn_cast<DenseI64ArrayAttr>(group);
    if (!dims || dims.size() != 1 || dims[0] < 0 || dims[0] >= rank ||
        seen[dims[0]])
      return std::nullopt;
    seen[dims[0]] = true;
    order.push_back(dims[0]);
  }
  return order;
}

/// Facts about the memref an access goes through (`view` is the access's
/// original address operand: a memref or a block_tile of one).
static MemrefFacts memrefFacts(Value view, Type elementType) {
  MemrefFacts facts;
  std::optional<SmallVector<int64_t>> order;
  if (auto blocked = view.getDefiningOp<nv_tileaa::BlockTileOp>()) {
    order = blockedDimOrder(blocked);
    view = blocked.getSrc();
    // Grouped dimensions: no per-dimension facts, single-element accesses.
    if (!order) {
      if (auto type = dyn_cast<nv_tileaa::TileMemRefType>(view.getType()))
        facts.addressSpace = type.getAddressSpace();
      return facts;
    }
  }
  auto type = dyn_cast<nv_tileaa::TileMemRefType>(view.getType());
  auto make = view.getDefiningOp<nv_tileaa::MakeMemRefOp>();
  if (!type)
    return facts;
  facts.addressSpace = type.getAddressSpace();
  if (!make)
    return facts;
  // The box walks the memref's dimensions in the block_tile's order.
  // make_memref has one stride operand per dynamic stride, in order.
  auto strideAt = [&](int64_t dim) {
    ArrayRef<int64_t> strides = type.getStrides();
    int64_t d = (*order)[dim];
    if (!ShapedType::isDynamic(strides[d]))
      return std::pair<int64_t, Value>(strides[d], Value());
    int64_t operand = llvm::count_if(strides.take_front(d), ShapedType::isDynamic);
    return std::pair<int64_t, Value>(strides[d], make.getStrides()[operand]);
  };
  if (!order)
    order = llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  if (static_cast<int64_t>(order->size()) != type.getRank())
    return facts;
  int64_t elemBytes =
      std::max<int64_t>(1, elementBits(elementType) / 8);
  int64_t align = std::max(getKnownDivisor(make.getBase()), elemBytes);
  if (Value offset = make.getOffset())
    align = std::gcd(align, getKnownDivisor(offset) * elemBytes);
  facts.alignBytes = align;
  int64_t rank = type.getRank();
  if (rank == 0)
    return facts;
  for (int64_t dim = 0; dim + 1 < rank; ++dim) {
    auto [stride, value] = strideAt(dim);
    int64_t divisor = ShapedType::isDynamic(stride)
                          ? getKnownDivisor(value)
                          : (stride == 0 ? facts.outerStrideDivisor : stride);
    divisor &= -divisor; // its largest power-of-two factor
    facts.outerStrideDivisor = std::min(facts.outerStrideDivisor, divisor);
  }
  auto [stride, value] = strideAt(rank - 1);
  if (ShapedType::isDynamic(stride)) {
    APInt c;
    facts.unitInnerStride = matchPattern(value, m_ConstantInt(&c)) && c == 1;
  } else {
    facts.unitInnerStride = stride == 1;
  }
  return facts;
}

/// Elements one thread may move with a single instruction: a power of two
/// dividing the base alignment, every outer stride and the box, within 128
/// bits. The extent does not limit it: the lowering predicates the elements
/// of a vector that a ragged end cuts.
static int64_t vectorElements(const MemrefFacts &facts, Type elementType,
                              ArrayRef<int64_t> box) {
  unsigned bits = elementBits(elementType);
  if (!facts.unitInnerStride || bits == 0 || box.empty())
    return 1;
  int64_t best = 1;
  for (int64_t n = 2; n * bits <= 128; n *= 2) {
    if ((facts.alignBytes * 8) % (n * bits) != 0 ||
        facts.outerStrideDivisor % n != 0 || box.back() % n != 0)
      break;
    best = n;
  }
  return best;
}

namespace {
enum class Access { Load, Store, ReadModifyWrite };
} // namespace

/// The copy atom of an access of `bits` bits to global or shared memory.
static nv_tileas::CopyAtomAttr copyAtom(MLIRContext *ctx, Access access,
                                        bool shared, int64_t bits) {
  using nv_tileas::CopyKind;
  switch (access) {
  case Access::Load:
    return nv_tileas::CopyAtomAttr::get(
        ctx, shared ? CopyKind::lds : CopyKind::ldg, bits);
  case Access::Store:
    return nv_tileas::CopyAtomAttr::get(
        ctx, shared ? CopyKind::sts : CopyKind::stg, bits);
  case Access::ReadModifyWrite:
    break;
  }
  return nv_tileas::CopyAtomAttr::get(
      ctx, shared ? CopyKind::red_shared : CopyKind::red_global, 0);
}

/// The op's copy witness (any attribute implementing the interface), or the
/// table default: ldg/lds and stg/sts as wide as the access is proven
/// aligned, red_global/red_shared.
static Attribute copyAtomFor(Operation *op, Access access, Value view,
                             Type elementType, ArrayRef<int64_t> box) {
  if (auto named = dyn_cast_if_present<nv_tileas::CopyAtomAttrInterface>(
          op->getAttr("atom")))
    return named;
  for (NamedAttribute attr : op->getDiscardableAttrs())
    if (isa<nv_tileas::CopyAtomAttrInterface>(attr.getValue()))
      return attr.getValue();
  MemrefFacts facts = memrefFacts(view, elementType);
  int64_t bits =
      vectorElements(facts, elementType, box) * elementBits(elementType);
  return copyAtom(op->getContext(), access, facts.addressSpace == 3, bits);
}

/// Memory-ordering attributes re-keyed into nv_tileas: same discriminant.
static void rekeyOrdering(Operation *op, NamedAttrList &attrs) {
  MLIRContext *ctx = op->getContext();
  if (auto sem = op->getAttrOfType<nv_tileaa::MemSemanticAttr>("mem_semantic"))
    attrs.set("mem_semantic",
              nv_tileas::MemSemanticAttr::get(
                  ctx, static_cast<nv_tileas::MemSemantic>(sem.getValue())));
  if (auto scope = op->getAttrOfType<nv_tileaa::MemScopeAttr>("mem_scope"))
    attrs.set("mem_scope",
              nv_tileas::MemScopeAttr::get(
                  ctx, static_cast<nv_tileas::MemScope>(scope.getValue())));
  if (auto inBounds = op->getAttr("in_bounds"))
    attrs.set("in_bounds", inBounds);
}

/// The padding value as a constant tile of `type`.
static FailureOr<Value> paddingTile(OpBuilder &b, Location loc,
                                    nv_tileaa::PaddingValue padding,
                                    RankedTensorType type) {
  Type elem = type.getElementType();
  TypedAttr value;
  if (auto floatType = dyn_cast<FloatType>(elem)) {
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    APFloat v = APFloat::getZero(sem);
    switch (padding) {
    case nv_tileaa::PaddingValue::Zero:
      break;
    case nv_tileaa::PaddingValue::NegZero:
      v = APFloat::getZero(sem, /*Negative=*/true);
      break;
    case nv_tileaa::PaddingValue::Nan:
      v = APFloat::getNaN(sem);
      break;
    case nv_tileaa::PaddingValue::PosInf:
      v = APFloat::getInf(sem);
      break;
    case nv_tileaa::PaddingValue::NegInf:
      v = APFloat::getInf(sem, /*Negative=*/true);
      break;
    }
    value = FloatAttr::get(elem, v);
  } else if (isa<IntegerType>(elem) &&
             padding == nv_tileaa::PaddingValue::Zero) {
    value = IntegerAttr::get(elem, 0);
  } else {
    return failure();
  }
  return Value(arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, value)));
}

/// Tile indices as `index` values.
static SmallVector<Value> castToIndex(OpBuilder &b, Location loc,
                                      ValueRange values) {
  SmallVector<Value> result;
  for (Value v : values)
    result.push_back(v.getType().isIndex()
                         ? v
                         : Value(arith::IndexCastOp::create(
                               b, loc, b.getIndexType(), v)));
  return result;
}

/// The nv_tileas view an access goes through: the converted view, or a box
/// of the access's shape materialized over a converted memref.
/// Box dimension i runs along memref dimension order[i] (the identity when
/// `order` is empty): the view's extents and strides are the memref's,
/// reordered, so the box is read already permuted.
static FailureOr<Value> accessView(OpBuilder &b, Location loc, Value original,
                                   ValueRange converted, ArrayRef<int64_t> box,
                                   Type elementType,
                                   ArrayRef<int64_t> order = {}) {
  if (isa<nv_tileaa::TiledViewType>(original.getType()) &&
      converted.size() == 1)
    return converted.front();
  auto memref = dyn_cast<nv_tileaa::TileMemRefType>(original.getType());
  if (!memref || memref.getRank() != static_cast<int64_t>(box.size()))
    return failure();
  int64_t rank = memref.getRank();
  SmallVector<Value> sizes, strides;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = order.empty() ? i : order[i];
    sizes.push_back(converted[2 + dim]);
    strides.push_back(converted[2 + rank + dim]);
  }
  auto viewType = nv_tileas::TiledViewType::get(
      b.getContext(), box, elementType, memref.getAddressSpace());
  return Value(nv_tileas::MakeTiledViewOp::create(
      b, loc, viewType, converted[0], converted[1], sizes, strides));
}

namespace {

//===----------------------------------------------------------------------===//
// make_memref, block_tile, get_dim_size
//===----------------------------------------------------------------------===//

/// A memref becomes (base, offset, sizes..., strides...) with static entries
/// as constants and a missing offset as 0.
struct MakeMemRefPattern : OpConversionPattern<nv_tileaa::MakeMemRefOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::MakeMemRefOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = op.getType();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    SmallVector<Value> values{adaptor.getBase().front()};
    values.push_back(adaptor.getOffset().empty() ? constant(0)
                                                 : adaptor.getOffset().front());
    auto fill = [&](ArrayRef<int64_t> statics, ArrayRef<ValueRange> dynamics) {
      unsigned next = 0;
      for (int64_t s : statics)
        values.push_back(ShapedType::isDynamic(s) ? dynamics[next++].front()
                                                  : constant(s));
    };
    fill(type.getShape(), adaptor.getSizes());
    fill(type.getStrides(), adaptor.getStrides());
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// block_tile of a memref with one dimension per group: the box is the tile
/// size, the parent extents and strides those of the memref, in the order of
/// the groups (a dim_map permutation reorders them: the box reads the tile
/// transposed).
struct BlockTilePattern : OpConversionPattern<nv_tileaa::BlockTileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::BlockTileOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto memref = dyn_cast<nv_tileaa::TileMemRefType>(op.getSrc().getType());
    if (!memref)
      return rewriter.notifyMatchFailure(op, "only memrefs are blocked here");
    std::optional<SmallVector<int64_t>> order = blockedDimOrder(op);
    if (!order)
      return blockGroups(op, adaptor, rewriter);
    FailureOr<Value> view =
        accessView(rewriter, op.getLoc(), op.getSrc(), adaptor.getSrc(),
                   op.getTileSizes(), memref.getElementType(), *order);
    if (failed(view))
      return rewriter.notifyMatchFailure(op, "rank mismatch");
    rewriter.replaceOp(op, *view);
    return success();
  }

  /// Groups of several dimensions: one view dimension per group
  /// (mergeDimGroups), extent outer * inner extents, innermost stride.
  LogicalResult blockGroups(nv_tileaa::BlockTileOp op, OneToNOpAdaptor adaptor,
                            ConversionPatternRewriter &rewriter) const {
    std::optional<SmallVector<MergedDim>> groups = mergeDimGroups(op);
    if (!groups)
      return rewriter.notifyMatchFailure(op, "non-contiguous groups");
    Location loc = op.getLoc();
    auto memref = cast<nv_tileaa::TileMemRefType>(op.getSrc().getType());
    int64_t rank = memref.getRank();
    ValueRange parts = adaptor.getSrc();
    SmallVector<Value> sizes, strides;
    for (const MergedDim &dim : *groups) {
      Value size = parts[2 + dim.outer];
      if (dim.innerExtent != 1)
        size = arith::MulIOp::create(
            rewriter, loc, size,
            arith::ConstantIndexOp::create(rewriter, loc, dim.innerExtent));
      sizes.push_back(size);
      strides.push_back(parts[2 + rank + dim.innermost]);
    }
    auto viewType = nv_tileas::TiledViewType::get(
        getContext(), op.getTileSizes(), memref.getElementType(),
        memref.getAddressSpace());
    rewriter.replaceOp(op, nv_tileas::MakeTiledViewOp::create(
                               rewriter, loc, viewType, parts[0], parts[1],
                               sizes, strides)
                               .getResult());
    return success();
  }
};

struct GetDimSizePattern : OpConversionPattern<nv_tileaa::GetDimSizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::GetDimSizeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getSrc().getType();
    int64_t dim = op.getDim();
    if (isa<nv_tileaa::TileMemRefType>(type)) {
      rewriter.replaceOp(op, adaptor.getSrc()[2 + dim]);
      return success();
    }
    ArrayRef<int64_t> shape;
    if (auto view = dyn_cast<nv_tileaa::TiledViewType>(type))
      shape = view.getShape();
    else
      shape = cast<RankedTensorType>(type).getShape();
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, shape[dim]);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tiled_load, tiled_store, tiled_atomic_rmw
//===----------------------------------------------------------------------===//

/// The converted operands of the original operand range `range`.
template <typename AdaptorT>
static SmallVector<Value> convertedRange(AdaptorT &adaptor, OperandRange range) {
  SmallVector<Value> values;
  if (range.empty())
    return values;
  unsigned begin = range.getBeginOperandIndex();
  for (unsigned i = begin, e = begin + range.size(); i < e; ++i) {
    auto item = adaptor.getOperands()[i];
    if constexpr (std::is_convertible_v<decltype(item), Value>)
      values.push_back(item);
    else
      llvm::append_range(values, item);
  }
  return values;
}

template <typename AdaptorT>
static Value convertedToken(Operation *op, Value token, AdaptorT &adaptor) {
  if (!token)
    return {};
  for (OpOperand &operand : op->getOpOperands()) {
    if (operand.get() != token)
      continue;
    auto item = adaptor.getOperands()[operand.getOperandNumber()];
    if constexpr (std::is_convertible_v<decltype(item), Value>)
      return item;
    else
      return item.front();
  }
  return {};
}

struct TiledLoadPattern : OpConversionPattern<nv_tileaa::TiledLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::TiledLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "scalar tiled load");
    Type elem = resultType.getElementType();
    Value base = op.getBase();
    FailureOr<Value> view =
        accessView(rewriter, loc, base, convertedRange(adaptor, op.getSegment(0)),
                   resultType.getShape(), elem);
    if (failed(view))
      return rewriter.notifyMatchFailure(op, "unsupported address");
    SmallVector<Value> indices =
        castToIndex(rewriter, loc, convertedRange(adaptor, op.getIndices()));
    SmallVector<Value> mask = convertedRange(adaptor, op.getSegment(2));
    SmallVector<Value> other = convertedRange(adaptor, op.getSegment(3));
    if (other.empty() && op.getPaddingValue()) {
      FailureOr<Value> pad =
          paddingTile(rewriter, loc, *op.getPaddingValue(), resultType);
      if (failed(pad))
        return rewriter.notifyMatchFailure(op, "padding value for integers");
      other.push_back(*pad);
    }
    Value token = convertedToken(op, op.getInToken(), adaptor);

    NamedAttrList attrs;
    attrs.set("atom", copyAtomFor(op, Access::Load, base, elem,
                                  resultType.getShape()));
    rekeyOrdering(op, attrs);
    attrs.set("operandSegmentSizes",
              rewriter.getDenseI32ArrayAttr(
                  {1, static_cast<int32_t>(indices.size()),
                   static_cast<int32_t>(mask.size()),
                   static_cast<int32_t>(other.size()), token ? 1 : 0}));
    SmallVector<Type> resultTypes{resultType};
    if (op.getOutToken())
      resultTypes.push_back(rewriter.getType<nv_tileas::MemTokenType>());
    SmallVector<Value> operands{*view};
    llvm::append_range(operands, indices);
    llvm::append_range(operands, mask);
    llvm::append_range(operands, other);
    if (token)
      operands.push_back(token);
    auto load = nv_tileas::TiledLoadOp::create(rewriter, loc, resultTypes,
                                               operands, attrs.getAttrs());
    rewriter.replaceOp(op, load->getResults());
    return success();
  }
};

/// tiled_store and tiled_atomic_rmw share the segments {base, value, indices,
/// mask}.
template <typename SrcOp, typename DstOp, Access kind>
struct TiledWritePattern : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<SrcOp>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(SrcOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto valueType = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (!valueType)
      return rewriter.notifyMatchFailure(op, "scalar tiled access");
    Type elem = valueType.getElementType();
    Value base = op.getBase();
    FailureOr<Value> view =
        accessView(rewriter, loc, base, convertedRange(adaptor, op.getSegment(0)),
                   valueType.getShape(), elem);
    if (failed(view))
      return rewriter.notifyMatchFailure(op, "unsupported address");
    Value value = convertedRange(adaptor, op.getSegment(1)).front();
    SmallVector<Value> indices =
        castToIndex(rewriter, loc, convertedRange(adaptor, op.getIndices()));
    SmallVector<Value> mask = convertedRange(adaptor, op.getSegment(3));
    Value token = convertedToken(op, op.getInToken(), adaptor);

    NamedAttrList attrs;
    attrs.set("atom", copyAtomFor(op, kind, base, elem, valueType.getShape()));
    rekeyOrdering(op, attrs);
    SmallVector<Type> resultTypes;
    if constexpr (kind == Access::ReadModifyWrite) {
      resultTypes.push_back(valueType);
      auto mode = op->template getAttrOfType<nv_tileaa::RmwModeAttr>("rmw_mode");
      attrs.set("mode", nv_tileas::RmwModeAttr::get(
                            op.getContext(),
                            static_cast<nv_tileas::RmwMode>(mode.getValue())));
    }
    attrs.set("operandSegmentSizes",
              rewriter.getDenseI32ArrayAttr(
                  {1, 1, static_cast<int32_t>(indices.size()),
                   static_cast<int32_t>(mask.size()), token ? 1 : 0}));
    if (op.getOutToken())
      resultTypes.push_back(rewriter.getType<nv_tileas::MemTokenType>());
    SmallVector<Value> operands{value, *view};
    llvm::append_range(operands, indices);
    llvm::append_range(operands, mask);
    if (token)
      operands.push_back(token);
    auto access =
        DstOp::create(rewriter, loc, resultTypes, operands, attrs.getAttrs());
    rewriter.replaceOp(op, access->getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tokens and facts
//===----------------------------------------------------------------------===//

struct CreateMemTokenPattern : OpConversionPattern<nv_tileaa::CreateMemTokenOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::CreateMemTokenOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileas::CreateTokenOp>(
        op, rewriter.getType<nv_tileas::MemTokenType>(), op.getProducersAttr());
    return success();
  }
};

struct JoinMemTokenPattern : OpConversionPattern<nv_tileaa::JoinMemTokenOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::JoinMemTokenOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileas::JoinTokensOp>(
        op, rewriter.getType<nv_tileas::MemTokenType>(), adaptor.getTokens());
    return success();
  }
};

/// Facts were consumed where they matter (the vector width of the default
/// copy atoms above); the value itself passes through.
struct AssumePattern : OpConversionPattern<nv_tileaa::AssumeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::AssumeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithMultiple(op, {adaptor.getValue()});
    return success();
  }
};


//===----------------------------------------------------------------------===//
// Pointer accesses and pointer arithmetic
//===----------------------------------------------------------------------===//

/// One element per pointer: the default atom moves the element width.
static Attribute pointerAtomFor(Operation *op, Access access, Value ptr,
                                Type elementType) {
  if (auto named = dyn_cast_if_present<nv_tileas::CopyAtomAttrInterface>(
          op->getAttr("atom")))
    return named;
  for (NamedAttribute attr : op->getDiscardableAttrs())
    if (isa<nv_tileas::CopyAtomAttrInterface>(attr.getValue()))
      return attr.getValue();
  auto ptrType = cast<nv_tileaa::PtrType>(getElementTypeOrSelf(ptr.getType()));
  return copyAtom(op->getContext(), access, ptrType.getAddressSpace() == 3,
                  elementBits(elementType));
}

static bool isPointerAccess(Operation *op, Value base, OperandRange indices) {
  return isa<nv_tileaa::PtrType>(getElementTypeOrSelf(base.getType())) &&
         indices.empty();
}

struct LoadPattern : OpConversionPattern<nv_tileaa::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isPointerAccess(op, op.getBase(), op.getIndices()))
      return rewriter.notifyMatchFailure(op, "memref loads are tiled loads");
    SmallVector<Value> mask = convertedRange(adaptor, op.getSegment(2));
    SmallVector<Value> other = convertedRange(adaptor, op.getSegment(3));
    Value token = convertedToken(op, op.getInToken(), adaptor);
    NamedAttrList attrs;
    attrs.set("atom", pointerAtomFor(op, Access::Load, op.getBase(),
                                     getElementTypeOrSelf(op.getResult())));
    rekeyOrdering(op, attrs);
    attrs.erase("in_bounds");
    attrs.set("operandSegmentSizes",
              rewriter.getDenseI32ArrayAttr(
                  {1, static_cast<int32_t>(mask.size()),
                   static_cast<int32_t>(other.size()), token ? 1 : 0}));
    SmallVector<Type> resultTypes{op.getResult().getType()};
    if (op.getOutToken())
      resultTypes.push_back(rewriter.getType<nv_tileas::MemTokenType>());
    SmallVector<Value> operands{convertedRange(adaptor, op.getSegment(0))};
    llvm::append_range(operands, mask);
    llvm::append_range(operands, other);
    if (token)
      operands.push_back(token);
    auto load = nv_tileas::LoadOp::create(rewriter, op.getLoc(), resultTypes,
                                          operands, attrs.getAttrs());
    rewriter.replaceOp(op, load->getResults());
    return success();
  }
};

/// store and atomic_rmw: segments {base, value, indices, mask}; atomic_cas:
/// {base, compare, replacement, indices, mask}.
template <typename SrcOp, typename DstOp, Access kind>
struct PointerWritePattern : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isPointerAccess(op, op.getBase(), op.getIndices()))
      return rewriter.notifyMatchFailure(op, "memref accesses are tiled");
    constexpr bool isCas = std::is_same_v<SrcOp, nv_tileaa::AtomicCasOp>;
    unsigned maskSegment = SrcOp::kNumSegments - 1;
    SmallVector<Value> mask = convertedRange(adaptor, op.getSegment(maskSegment));
    Value token = convertedToken(op, op.getInToken(), adaptor);
    Value ptr = convertedRange(adaptor, op.getSegment(0)).front();
    Value value = convertedRange(adaptor, op.getSegment(isCas ? 2 : 1)).front();
    NamedAttrList attrs;
    attrs.set("atom", pointerAtomFor(op, kind, op.getBase(),
                                     getElementTypeOrSelf(value.getType())));
    rekeyOrdering(op, attrs);
    attrs.erase("in_bounds");
    SmallVector<Type> resultTypes;
    SmallVector<Value> operands;
    if constexpr (isCas)
      operands.push_back(convertedRange(adaptor, op.getSegment(1)).front());
    operands.push_back(value);
    operands.push_back(ptr);
    llvm::append_range(operands, mask);
    if (token)
      operands.push_back(token);
    SmallVector<int32_t> segments(isCas ? 3 : 2, 1);
    segments.push_back(mask.size());
    segments.push_back(token ? 1 : 0);
    attrs.set("operandSegmentSizes", rewriter.getDenseI32ArrayAttr(segments));
    if constexpr (kind == Access::ReadModifyWrite)
      resultTypes.push_back(value.getType());
    if constexpr (std::is_same_v<SrcOp, nv_tileaa::AtomicRmwOp>) {
      auto mode = op->template getAttrOfType<nv_tileaa::RmwModeAttr>("rmw_mode");
      attrs.set("mode", nv_tileas::RmwModeAttr::get(
                            op.getContext(),
                            static_cast<nv_tileas::RmwMode>(mode.getValue())));
    }
    if (op.getOutToken())
      resultTypes.push_back(rewriter.getType<nv_tileas::MemTokenType>());
    auto access = DstOp::create(rewriter, op.getLoc(), resultTypes, operands,
                                attrs.getAttrs());
    rewriter.replaceOp(op, access->getResults());
    return success();
  }
};

struct AddPtrPattern : OpConversionPattern<nv_tileaa::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileas::AddPtrOp>(
        op, op.getType(), adaptor.getBase(), adaptor.getOffset(),
        op.getBytes());
    return success();
  }
};

template <typename SrcOp, typename DstOp>
struct PtrCastPattern : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<DstOp>(op, op.getType(), adaptor.getSrc());
    return success();
  }
};


/// Globals keep their symbol, type, initializer and placement.
struct GlobalPattern : OpConversionPattern<nv_tileaa::GlobalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::GlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto global = nv_tileas::GlobalOp::create(
        rewriter, op.getLoc(), op.getSymNameAttr(), op.getTypeAttr(),
        op.getInitialValueAttr(), op.getAddressSpaceAttr(),
        op.getAlignmentAttr(), op.getConstantAttr());
    global->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.eraseOp(op);
    return success();
  }
};

struct GetGlobalPattern : OpConversionPattern<nv_tileaa::GetGlobalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::GetGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileas::GetGlobalOp>(op, op.getType(),
                                                        op.getNameAttr());
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileAAMemoryToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<
      MakeMemRefPattern, BlockTilePattern, GetDimSizePattern, TiledLoadPattern,
      TiledWritePattern<nv_tileaa::TiledStoreOp, nv_tileas::TiledStoreOp,
                        Access::Store>,
      TiledWritePattern<nv_tileaa::TiledAtomicRmwOp,
                        nv_tileas::TiledAtomicRMWOp, Access::ReadModifyWrite>,
      CreateMemTokenPattern, JoinMemTokenPattern, AssumePattern, LoadPattern,
      PointerWritePattern<nv_tileaa::StoreOp, nv_tileas::StoreOp, Access::Store>,
      PointerWritePattern<nv_tileaa::AtomicRmwOp, nv_tileas::AtomicRMWOp,
                          Access::ReadModifyWrite>,
      PointerWritePattern<nv_tileaa::AtomicCasOp, nv_tileas::AtomicCASOp,
                          Access::ReadModifyWrite>,
      AddPtrPattern, GlobalPattern, GetGlobalPattern,
      PtrCastPattern<nv_tileaa::IntToPtrOp, nv_tileas::IntToPtrOp>,
      PtrCastPattern<nv_tileaa::PtrToIntOp, nv_tileas::PtrToIntOp>>(converter,
                                                                    ctx);
}
