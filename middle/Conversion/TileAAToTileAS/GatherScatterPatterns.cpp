//===- GatherScatterPatterns.cpp - per-lane memref accesses ---------------===//
//
// gather_load / scatter_store address a memref with one index tile per
// dimension. They become the pointer-tile forms the rest of the conversion
// already lowers: the memref's base pointer plus, per lane, the element
// offset `offset + sum_d index_d * stride_d` (i64) as an nv_tileaa.addptr,
// then an nv_tileaa.load / store through that tile of pointers, which the
// pointer-access patterns convert in turn (copy atom, ordering attributes).
// Lanes whose index lies outside the memref's extents are masked off, like
// lanes of the op's own mask (a gather gives them `other`).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

/// The converted values of the original operands `range` (1:N adaptor).
template <typename AdaptorT>
static SmallVector<Value> adapted(AdaptorT &adaptor, OperandRange range) {
  SmallVector<Value> values;
  for (unsigned i = 0; i < range.size(); ++i)
    llvm::append_range(values,
                       adaptor.getOperands()[range.getBeginOperandIndex() + i]);
  return values;
}

namespace {

/// Per-lane pointers into a memref and the lanes that access it: inside its
/// extents and, where the op has a mask, set in that mask.
struct LaneAddresses {
  Value pointers;
  Value mask;
};

template <typename OpTy, typename AdaptorT>
FailureOr<LaneAddresses> laneAddresses(OpTy op, AdaptorT &adaptor,
                                       ConversionPatternRewriter &rewriter) {
  Location loc = op.getLoc();
  auto memref = cast<nv_tileaa::TileMemRefType>(op.getBase().getType());
  int64_t rank = memref.getRank();
  // The memref converts to {pointer, offset, sizes..., strides...}.
  SmallVector<Value> parts = adapted(adaptor, op.getSegment(0));
  SmallVector<Value> indices = adapted(adaptor, op.getIndices());
  if (static_cast<int64_t>(parts.size()) != 2 + 2 * rank ||
      static_cast<int64_t>(indices.size()) != rank || rank == 0)
    return rewriter.notifyMatchFailure(op, "unexpected memref form");
  auto shape = cast<RankedTensorType>(indices.front().getType()).getShape();
  Type i64 = rewriter.getI64Type();
  auto tile = [&](Type elem) { return RankedTensorType::get(shape, elem); };
  auto splat = [&](Value scalar) -> Value {
    if (scalar.getType() != i64)
      scalar = arith::IndexCastOp::create(rewriter, loc, i64, scalar);
    return tensor::SplatOp::create(rewriter, loc, tile(i64), scalar);
  };
  auto widen = [&](Value index) -> Value {
    auto type = cast<RankedTensorType>(index.getType());
    if (type.getElementType() == i64)
      return index;
    if (type.getElementType().isIndex())
      return arith::IndexCastOp::create(rewriter, loc, tile(i64), index);
    return arith::ExtSIOp::create(rewriter, loc, tile(i64), index);
  };
  Value offsets = splat(parts[1]);
  Value inBounds;
  Value zero = arith::ConstantOp::create(
      rewriter, loc, DenseElementsAttr::get(tile(i64), APInt(64, 0)));
  for (int64_t d = 0; d < rank; ++d) {
    Value index = widen(indices[d]);
    Value scaled =
        arith::MulIOp::create(rewriter, loc, index, splat(parts[2 + rank + d]));
    offsets = arith::AddIOp::create(rewriter, loc, offsets, scaled);
    Value above = arith::CmpIOp::create(rewriter, loc,
                                        arith::CmpIPredicate::sge, index, zero);
    Value below = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, index, splat(parts[2 + d]));
    Value inside = arith::AndIOp::create(rewriter, loc, above, below);
    inBounds = inBounds ? arith::AndIOp::create(rewriter, loc, inBounds, inside)
                        : inside;
  }
  auto ptrType = nv_tileaa::PtrType::get(
      rewriter.getContext(), memref.getElementType(),
      memref.getAddressSpace());
  Value pointers = nv_tileaa::AddPtrOp::create(
      rewriter, loc, tile(ptrType), parts[0], offsets, /*bytes=*/false);
  Value mask = inBounds;
  if (Value own = op.getMask())
    mask = arith::AndIOp::create(rewriter, loc, mask, own);
  return LaneAddresses{pointers, mask};
}

/// The op's attributes for its pointer-tile form (segments set anew, bounds
/// facts dropped: they were about the memref's indices).
NamedAttrList pointerAccessAttrs(Operation *op, Builder &b,
                                 ArrayRef<int32_t> segments) {
  NamedAttrList attrs(op->getAttrs());
  attrs.erase("in_bounds");
  attrs.set("operandSegmentSizes", b.getDenseI32ArrayAttr(segments));
  return attrs;
}

struct GatherLoadPattern : OpConversionPattern<nv_tileaa::GatherLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::GatherLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<nv_tileaa::TileMemRefType>(op.getBase().getType()))
      return rewriter.notifyMatchFailure(op, "gathers from memrefs only");
    FailureOr<LaneAddresses> lanes = laneAddresses(op, adaptor, rewriter);
    if (failed(lanes))
      return failure();
    SmallVector<Value> operands{lanes->pointers, lanes->mask};
    if (Value other = op.getOther())
      operands.push_back(other);
    operands.push_back(op.getInToken());
    auto load = nv_tileaa::LoadOp::create(
        rewriter, op.getLoc(), op->getResultTypes(), operands,
        pointerAccessAttrs(op, rewriter, {1, 0, 1, op.getOther() ? 1 : 0})
            .getAttrs());
    rewriter.replaceOp(op, load->getResults());
    return success();
  }
};

struct ScatterStorePattern : OpConversionPattern<nv_tileaa::ScatterStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::ScatterStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<nv_tileaa::TileMemRefType>(op.getBase().getType()))
      return rewriter.notifyMatchFailure(op, "scatters into memrefs only");
    FailureOr<LaneAddresses> lanes = laneAddresses(op, adaptor, rewriter);
    if (failed(lanes))
      return failure();
    SmallVector<Value> operands{lanes->pointers, op.getValue(), lanes->mask,
                                op.getInToken()};
    auto store = nv_tileaa::StoreOp::create(
        rewriter, op.getLoc(), op->getResultTypes(), operands,
        pointerAccessAttrs(op, rewriter, {1, 1, 0, 1}).getAttrs());
    rewriter.replaceOp(op, store->getResults());
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileAAGatherScatterToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GatherLoadPattern, ScatterStorePattern>(converter,
                                                       patterns.getContext());
}
