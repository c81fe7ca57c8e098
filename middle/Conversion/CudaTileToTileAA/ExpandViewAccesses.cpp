//===- ExpandViewAccesses.cpp - strided / gather-scatter view accesses ----===//
//
// Loads and stores through a strided_view or a gather_scatter_view become
// the equivalent cuda_tile pointer program before the conversion, which then
// lowers it like any pointer access: one pointer per tile element,
//   base + sum_d coord_d * stride[dim_map[d]],
// where coord_d = index_d * traversal_stride_d + i_d (strided_view), the
// gathered row along sparse_dim and index_d * tile_d + i_d elsewhere
// (gather_scatter_view). Elements outside the tensor are masked: loads read
// the view's padding value (zero without one), stores skip them.
//
// The tensor_view's base, sizes and strides are those of the
// make_tensor_view the view is made from.
//
// atomic_red_view_tko on a strided_view becomes atomic_rmw_tko through the
// same pointers and mask. get_index_space_shape counts the tiles that
// start inside the tensor: ceil(size / traversal_stride) along a strided
// dimension, ceil(size / tile) along a gather_scatter_view's dense
// dimensions and size (one index per row) along its sparse dimension.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace ct = mlir::cuda_tile;

namespace {

/// Builds the pointer program of one access; every integer is i32 (the
/// index type of the offset op's element arithmetic).
class AccessBuilder {
public:
  AccessBuilder(OpBuilder &b, Location loc, ArrayRef<int64_t> shape)
      : b(b), loc(loc), shape(shape), i32(b.getI32Type()) {}

  Type tile(ArrayRef<int64_t> s, Type element) { return ct::TileType::get(s, element); }
  Type full(Type element) { return tile(shape, element); }

  Value constant(int64_t value) { return constant(value, i32); }
  Value constant(int64_t value, Type element) {
    unsigned width = element.getIntOrFloatBitWidth();
    auto attr = DenseElementsAttr::get(RankedTensorType::get({}, element),
                                       APInt(width, value, /*isSigned=*/true));
    return ct::ConstantOp::create(b, loc, tile({}, element), attr);
  }
  /// A scalar or 1-d integer tile as i32.
  Value toI32(Value v) {
    auto type = cast<ct::TileType>(v.getType());
    unsigned width = type.getElementType().getIntOrFloatBitWidth();
    Type target = tile(type.getShape(), i32);
    if (width == 32)
      return v;
    if (width > 32)
      return ct::TruncIOp::create(b, loc, target, v, ct::IntegerOverflow::None);
    return ct::ExtIOp::create(b, loc, target, v, ct::Signedness::Signed);
  }
  /// A scalar spread over the whole tile.
  Value splat(Value scalar) {
    auto type = cast<ct::TileType>(scalar.getType());
    SmallVector<int64_t> ones(shape.size(), 1);
    Value r = ct::ReshapeOp::create(b, loc, tile(ones, type.getElementType()), scalar);
    return ct::BroadcastOp::create(b, loc, full(type.getElementType()), r);
  }
  /// A 1-d tile laid along dimension `dim` and repeated along the others.
  Value along(Value line, unsigned dim) {
    SmallVector<int64_t> s(shape.size(), 1);
    s[dim] = shape[dim];
    Value r = line;
    if (shape.size() != 1)
      r = ct::ReshapeOp::create(b, loc, tile(s, i32), line);
    if (llvm::equal(s, shape))
      return r;
    return ct::BroadcastOp::create(b, loc, full(i32), r);
  }
  Value iota(unsigned dim) {
    return along(ct::IotaOp::create(b, loc, tile({shape[dim]}, i32)), dim);
  }
  Value add(Value x, Value y) { return ct::AddIOp::create(b, loc, x.getType(), x, y); }
  Value mul(Value x, Value y) { return ct::MulIOp::create(b, loc, x.getType(), x, y); }
  Value andI(Value x, Value y) { return ct::AndIOp::create(b, loc, x.getType(), x, y); }
  Value cmp(ct::ComparisonPredicate p, Value x, Value y) {
    return ct::CmpIOp::create(b, loc, full(b.getI1Type()), p, x, y,
                              ct::Signedness::Signed);
  }

  OpBuilder &b;
  Location loc;
  ArrayRef<int64_t> shape;
  Type i32;
};

/// Where the tile of an access lies: per tile dimension, its coordinates
/// (full-tile i32) and the tensor dimension they index.
struct Placement {
  SmallVector<Value> coords;
  SmallVector<unsigned> tensorDims;
  ct::PaddingValueAttr padding;
};

FailureOr<Placement> place(AccessBuilder &ab, Operation *op, Type viewType,
                           ValueRange index) {
  Placement p;
  if (auto partition = dyn_cast<ct::PartitionViewType>(viewType)) {
    p.padding = partition.getPaddingValue();
    for (auto [d, size] : llvm::enumerate(partition.getTileShape().asArrayRef())) {
      Value origin = ab.mul(ab.toI32(index[d]), ab.constant(size));
      p.coords.push_back(ab.add(ab.splat(origin), ab.iota(d)));
      p.tensorDims.push_back(partition.getDimMap()[d]);
    }
    return p;
  }
  if (auto strided = dyn_cast<ct::StridedViewType>(viewType)) {
    p.padding = strided.getPaddingValue();
    for (auto [d, step] : llvm::enumerate(strided.getTraversalStrides())) {
      Value origin = ab.mul(ab.toI32(index[d]), ab.constant(step));
      p.coords.push_back(ab.add(ab.splat(origin), ab.iota(d)));
      p.tensorDims.push_back(strided.getDimMap()[d]);
    }
    return p;
  }
  auto gather = cast<ct::GatherScatterViewType>(viewType);
  p.padding = gather.getPaddingValue();
  ArrayRef<int32_t> tileShape = gather.getTileShape().asArrayRef();
  for (unsigned d = 0; d < tileShape.size(); ++d) {
    if (d == gather.getSparseDim()) {
      p.coords.push_back(ab.along(ab.toI32(index[d]), d));
    } else {
      Value origin = ab.mul(ab.toI32(index[d]), ab.constant(tileShape[d]));
      p.coords.push_back(ab.add(ab.splat(origin), ab.iota(d)));
    }
    p.tensorDims.push_back(d);
  }
  return p;
}

/// The make_tensor_view a view is made from, or a located error.
FailureOr<ct::MakeTensorViewOp> sourceTensorView(Operation *op, Value view) {
  auto makeView = view.getDefiningOp();
  auto tensorView = makeView && isa<ct::MakePartitionViewOp, ct::MakeStridedViewOp,
                                    ct::MakeGatherScatterViewOp>(makeView)
                        ? makeView->getOperand(0).getDefiningOp<ct::MakeTensorViewOp>()
                        : ct::MakeTensorViewOp();
  if (!tensorView)
    return op->emitOpError("is supported by tilecc only on a view made in the "
                           "same function from a make_tensor_view");
  return tensorView;
}

/// The tensor's sizes (or strides) as scalar i32 tiles, static or the
/// make_tensor_view's operands.
SmallVector<Value> tensorDims(AccessBuilder &ab, ct::MakeTensorViewOp tensorView,
                              bool strides) {
  auto type = cast<ct::TensorViewType>(tensorView.getType());
  ArrayRef<int64_t> values = strides ? type.getStrides() : type.getShape();
  auto dynamic = strides ? tensorView.getDynamicStrides()
                         : tensorView.getDynamicShape();
  SmallVector<Value> dims;
  unsigned next = 0;
  for (int64_t value : values)
    dims.push_back(ShapedType::isDynamic(value) ? ab.toI32(dynamic[next++])
                                                : ab.constant(value));
  return dims;
}

/// Where the elements of an access lie: the tensor's base pointer, each
/// element's offset from it in elements, the in-bounds mask.
struct Located {
  Value base;
  Value offset;
  Value mask;
  ct::PaddingValueAttr padding;
  /// Consecutive elements of the tile's last dimension are consecutive in
  /// memory (static unit stride, not a gathered dimension).
  bool innerContiguous = false;
};

LogicalResult locate(Operation *op, Value view, ValueRange index,
                     ArrayRef<int64_t> shape, Located &at) {
  FailureOr<ct::MakeTensorViewOp> tensorView = sourceTensorView(op, view);
  if (failed(tensorView))
    return failure();
  OpBuilder b(op);
  AccessBuilder ab(b, op->getLoc(), shape);
  SmallVector<Value> sizes = tensorDims(ab, *tensorView, /*strides=*/false);
  SmallVector<Value> strides = tensorDims(ab, *tensorView, /*strides=*/true);

  FailureOr<Placement> placed = place(ab, op, view.getType(), index);
  if (failed(placed))
    return failure();
  Value offset, inBounds;
  Value zero = ab.splat(ab.constant(0));
  for (auto [coord, dim] : llvm::zip(placed->coords, placed->tensorDims)) {
    Value term = ab.mul(coord, ab.splat(strides[dim]));
    offset = offset ? ab.add(offset, term) : term;
    Value in = ab.andI(
        ab.cmp(ct::ComparisonPredicate::GreaterThanOrEqual, coord, zero),
        ab.cmp(ct::ComparisonPredicate::LessThan, coord, ab.splat(sizes[dim])));
    inBounds = inBounds ? ab.andI(inBounds, in) : in;
  }
  at = {tensorView->getBase(), offset, inBounds, placed->padding};
  auto tensorType = cast<ct::TensorViewType>(tensorView->getType());
  auto gather = dyn_cast<ct::GatherScatterViewType>(view.getType());
  at.innerContiguous =
      !shape.empty() && tensorType.getStrides()[placed->tensorDims.back()] == 1 &&
      !(gather && gather.getSparseDim() == shape.size() - 1);
  return success();
}

/// The pointers and the in-bounds mask of an access.
LogicalResult expandAccess(Operation *op, Value view, ValueRange index,
                           ArrayRef<int64_t> shape, Value &pointers,
                           Value &mask, ct::PaddingValueAttr &padding) {
  Located at;
  if (failed(locate(op, view, index, shape, at)))
    return failure();
  OpBuilder b(op);
  AccessBuilder ab(b, op->getLoc(), shape);
  Value base = ab.splat(at.base);
  pointers = ct::OffsetOp::create(b, op->getLoc(), base.getType(), base, at.offset);
  mask = at.mask;
  padding = at.padding;
  return success();
}

/// The padding tile a masked load reads (zero without a padding value).
Value paddingTile(OpBuilder &b, Location loc, ct::TileType type,
                  ct::PaddingValueAttr padding) {
  Type element = type.getElementType();
  auto tensor = RankedTensorType::get(type.getShape(), element);
  Attribute value;
  if (auto f = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &sem = f.getFloatSemantics();
    llvm::APFloat v = llvm::APFloat::getZero(sem);
    if (padding) {
      switch (padding.getValue()) {
      case ct::PaddingValue::Zero: break;
      case ct::PaddingValue::NegZero: v = llvm::APFloat::getZero(sem, true); break;
      case ct::PaddingValue::Nan: v = llvm::APFloat::getNaN(sem); break;
      case ct::PaddingValue::PosInf: v = llvm::APFloat::getInf(sem); break;
      case ct::PaddingValue::NegInf: v = llvm::APFloat::getInf(sem, true); break;
      }
    }
    value = DenseElementsAttr::get(tensor, v);
  } else {
    value = DenseElementsAttr::get(
        tensor, APInt(element.getIntOrFloatBitWidth(), 0));
  }
  return ct::ConstantOp::create(b, loc, type, cast<DenseElementsAttr>(value));
}

bool isExpandedView(Type type) {
  return isa<ct::StridedViewType, ct::GatherScatterViewType>(type);
}

LogicalResult expandLoad(ct::LoadViewTkoOp load) {
  auto type = cast<ct::TileType>(load.getTile().getType());
  Value pointers, mask;
  ct::PaddingValueAttr padding;
  if (failed(expandAccess(load, load.getView(), load.getIndex(), type.getShape(),
                          pointers, mask, padding)))
    return failure();
  OpBuilder b(load);
  Value other = paddingTile(b, load.getLoc(), type, padding);
  auto ptrLoad = ct::LoadPtrTkoOp::create(
      b, load.getLoc(), type, load.getResultToken().getType(),
      load.getMemoryOrderingSemanticsAttr(), load.getMemoryScopeAttr(),
      pointers, mask, other, load.getToken(), load.getOptimizationHintsAttr());
  load.getTile().replaceAllUsesWith(ptrLoad.getResult());
  load.getResultToken().replaceAllUsesWith(ptrLoad.getResultToken());
  load.erase();
  return success();
}

LogicalResult expandStore(ct::StoreViewTkoOp store) {
  auto type = cast<ct::TileType>(store.getTile().getType());
  Value pointers, mask;
  ct::PaddingValueAttr padding;
  if (failed(expandAccess(store, store.getView(), store.getIndex(),
                          type.getShape(), pointers, mask, padding)))
    return failure();
  OpBuilder b(store);
  auto ptrStore = ct::StorePtrTkoOp::create(
      b, store.getLoc(), store.getResultToken().getType(),
      store.getMemoryOrderingSemanticsAttr(), store.getMemoryScopeAttr(),
      pointers, store.getTile(), mask, store.getToken(),
      store.getOptimizationHintsAttr());
  store.getResultToken().replaceAllUsesWith(ptrStore.getResultToken());
  store.erase();
  return success();
}

/// atomic_red_view_tko -> atomic_rmw_tko through the element pointers, the
/// out-of-bounds elements masked off; the old values are unused.
LogicalResult expandAtomicRed(ct::AtomicRedViewTkoOp red) {
  auto type = cast<ct::TileType>(red.getValue().getType());
  Value pointers, mask;
  ct::PaddingValueAttr padding;
  if (failed(expandAccess(red, red.getView(), red.getIndex(), type.getShape(),
                          pointers, mask, padding)))
    return failure();
  OpBuilder b(red);
  // A reduction without a scope is device-wide, as atomic_rmw_tko's default.
  auto scope = red.getMemoryScopeAttr()
                   ? red.getMemoryScopeAttr()
                   : ct::MemoryScopeAttr::get(b.getContext(),
                                              ct::MemoryScope::Device);
  auto rmw = ct::AtomicRMWTkoOp::create(
      b, red.getLoc(), type, red.getResultToken().getType(),
      red.getMemoryOrderingSemanticsAttr(), scope, pointers, red.getModeAttr(),
      red.getValue(), mask, red.getToken());
  red.getResultToken().replaceAllUsesWith(rmw.getResultToken());
  red.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Packed sub-byte elements
//===----------------------------------------------------------------------===//

Type elementOf(Value tile) {
  return cast<ct::TileType>(tile.getType()).getElementType();
}

/// Width of a packed element type (f4E2M1FN, i4), or 0.
unsigned packedWidth(Type element) {
  unsigned width = element.getIntOrFloatBitWidth();
  return width < 8 && width != 1 ? width : 0;
}

/// Where packed elements lie: the byte of element e is e * W / 8 bytes past
/// the base, at bit (e * W) % 8 of it (element 0 of a byte in its least
/// significant bits).
struct Packed {
  Value bytePointers; // tile of ptr<i8>
  Value bit;          // i32 tile
};

Packed packedAddresses(AccessBuilder &ab, const Located &at, unsigned width) {
  unsigned perByte = 8 / width;
  Type i8 = ab.b.getI8Type();
  Value byteIndex = ct::ShRIOp::create(
      ab.b, ab.loc, at.offset.getType(), at.offset,
      ab.splat(ab.constant(llvm::Log2_32(perByte))),
      ct::SignednessAttr::get(ab.b.getContext(), ct::Signedness::Signed));
  Value slot = ab.andI(at.offset, ab.splat(ab.constant(perByte - 1)));
  Value bit = ab.mul(slot, ab.splat(ab.constant(width)));
  Type bytePointer = ct::PointerType::get(i8);
  Value base = ct::PtrToPtrOp::create(ab.b, ab.loc, ab.tile({}, bytePointer), at.base);
  Value bases = ab.splat(base);
  Value pointers = ct::OffsetOp::create(ab.b, ab.loc, bases.getType(), bases, byteIndex);
  return {pointers, bit};
}

/// `x` (shape s) reduced along a new last dimension of `parts` elements
/// with `combine`: tile<s[:-1] x s[-1]/parts> of the same element type.
Value reduceGroups(AccessBuilder &ab, Value x, int64_t parts, Attribute identity,
                   function_ref<Value(OpBuilder &, Location, Type, Value, Value)> combine) {
  auto type = cast<ct::TileType>(x.getType());
  Type element = type.getElementType();
  SmallVector<int64_t> groups(type.getShape());
  groups.back() /= parts;
  SmallVector<int64_t> grouped(groups);
  grouped.push_back(parts);
  Value split = ct::ReshapeOp::create(ab.b, ab.loc, ab.tile(grouped, element), x);
  auto reduce = ct::ReduceOp::create(
      ab.b, ab.loc, TypeRange{ab.tile(groups, element)}, ValueRange{split},
      /*dim=*/grouped.size() - 1, ab.b.getArrayAttr({identity}));
  Type scalar = ab.tile({}, element);
  OpBuilder::InsertionGuard guard(ab.b);
  Block *body = ab.b.createBlock(&reduce.getBody(), {}, {scalar, scalar},
                                 {ab.loc, ab.loc});
  Value combined = combine(ab.b, ab.loc, scalar, body->getArgument(0),
                           body->getArgument(1));
  ct::YieldOp::create(ab.b, ab.loc, ValueRange{combined});
  return reduce.getResult(0);
}

/// A per-group tile spread back over the group's elements (shape of `ab`).
Value spreadGroups(AccessBuilder &ab, Value perGroup, int64_t parts) {
  auto type = cast<ct::TileType>(perGroup.getType());
  Type element = type.getElementType();
  SmallVector<int64_t> column(type.getShape()), grouped(type.getShape());
  column.push_back(1);
  grouped.push_back(parts);
  Value spread = ct::BroadcastOp::create(
      ab.b, ab.loc, ab.tile(grouped, element),
      ct::ReshapeOp::create(ab.b, ab.loc, ab.tile(column, element), perGroup));
  return ct::ReshapeOp::create(ab.b, ab.loc, ab.full(element), spread);
}

/// Groups of 32/W consecutive packed elements along the tile's last
/// dimension (contiguous in memory) that fill an aligned 32-bit word and are
/// all in bounds: such a word can be accessed with one plain load or store.
struct WholeWords {
  int64_t perWord;
  Value whole;        // i1, one per group
  Value wordPointers; // ptr<i32>, one per group
  Value covered;      // i1, one per element: its group is whole
  Value shift;        // i32, one per element: its bit in the word
};

Value minI(OpBuilder &b, Location loc, Type t, Value x, Value y) {
  return ct::MinIOp::create(b, loc, t, x, y, ct::Signedness::Signed).getResult();
}

/// The groups of an access whose last tile dimension is contiguous and a
/// multiple of 32/W long; none otherwise.
std::optional<WholeWords> wholeWords(AccessBuilder &ab, const Located &at,
                                     const Packed &packed, unsigned width) {
  int64_t perWord = 32 / width;
  if (!at.innerContiguous || ab.shape.back() % perWord != 0)
    return std::nullopt;
  OpBuilder &b = ab.b;
  Location loc = ab.loc;
  Type i1 = b.getI1Type(), i32 = ab.i32, i64 = b.getI64Type();
  Value inBounds = ct::ExtIOp::create(b, loc, ab.full(i32), at.mask,
                                      ct::Signedness::Unsigned);
  Value allIn = reduceGroups(ab, inBounds, perWord, b.getI32IntegerAttr(1), minI);
  Value address = ct::PtrToIntOp::create(b, loc, ab.full(i64), packed.bytePointers);
  Value first = reduceGroups(ab, address, perWord,
                             b.getI64IntegerAttr(std::numeric_limits<int64_t>::max()),
                             minI);
  // The lowest element offset of a group is its first element's (the
  // elements are consecutive); it must start a byte.
  Value firstOffset = reduceGroups(
      ab, at.offset, perWord,
      b.getI32IntegerAttr(std::numeric_limits<int32_t>::max()), minI);
  auto groupType = cast<ct::TileType>(allIn.getType());
  AccessBuilder gb(b, loc, groupType.getShape());
  auto isZero = [&](Value v, Type element) {
    return ct::CmpIOp::create(b, loc, gb.full(i1), ct::ComparisonPredicate::Equal,
                              v, gb.splat(gb.constant(0, element)),
                              ct::Signedness::Signed).getResult();
  };
  WholeWords w;
  w.perWord = perWord;
  w.whole = gb.andI(
      ct::CmpIOp::create(b, loc, gb.full(i1), ct::ComparisonPredicate::Equal,
                         allIn, gb.splat(gb.constant(1)), ct::Signedness::Signed),
      gb.andI(isZero(gb.andI(first, gb.splat(gb.constant(3, i64))), i64),
              isZero(gb.andI(firstOffset, gb.splat(gb.constant(8 / width - 1))),
                     i32)));
  w.wordPointers = ct::IntToPtrOp::create(b, loc, gb.full(ct::PointerType::get(i32)),
                                          first);
  w.covered = spreadGroups(ab, w.whole, perWord);
  w.shift = ab.mul(ab.andI(ab.iota(ab.shape.size() - 1),
                           ab.splat(ab.constant(perWord - 1))),
                   ab.splat(ab.constant(width)));
  return w;
}

/// `mask` without the elements of whole groups.
Value notCovered(AccessBuilder &ab, Value mask, const WholeWords &w) {
  Value inverse = ct::XOrIOp::create(ab.b, ab.loc, w.covered.getType(), w.covered,
                                     ab.splat(ab.constant(-1, ab.b.getI1Type())));
  return ab.andI(mask, inverse);
}

/// The fast path of a packed store: this op owns every whole word (another
/// op storing any of its elements at the same time would race with this
/// one anyway), so the word is written with one plain store. `rest` becomes
/// the mask of the other elements.
void storeWholeWords(AccessBuilder &ab, ct::StoreViewTkoOp store,
                     const Located &at, const WholeWords &w, unsigned width,
                     Value &token, Value &rest) {
  OpBuilder &b = ab.b;
  Location loc = ab.loc;
  auto noWrap = ct::IntegerOverflowAttr::get(b.getContext(), ct::IntegerOverflow::None);
  // The bits of each element at its place in the word, or-ed per group.
  Value bits = store.getTile();
  Type intType = ab.full(b.getIntegerType(width));
  if (bits.getType() != intType)
    bits = ct::BitcastOp::create(b, loc, intType, bits);
  bits = ct::ExtIOp::create(b, loc, ab.full(ab.i32), bits, ct::Signedness::Unsigned);
  Value placed = ct::ShLIOp::create(b, loc, bits.getType(), bits, w.shift, noWrap);
  auto orOp = [](OpBuilder &b, Location loc, Type t, Value x, Value y) {
    return ct::OrIOp::create(b, loc, t, x, y).getResult();
  };
  Value words = reduceGroups(ab, placed, w.perWord, b.getI32IntegerAttr(0), orOp);
  auto plain = ct::StorePtrTkoOp::create(
      b, loc, store.getResultToken().getType(),
      store.getMemoryOrderingSemanticsAttr(), store.getMemoryScopeAttr(),
      w.wordPointers, words, w.whole, token, store.getOptimizationHintsAttr());
  token = plain.getResultToken();
  rest = notCovered(ab, at.mask, w);
}

/// The bits of a padding value of a packed float type; f4E2M1FN has no NaN
/// and no infinity, so those paddings are refused at the load.
FailureOr<APInt> packedPaddingBits(Operation *op, Type element,
                                   ct::PaddingValueAttr padding) {
  auto f = dyn_cast<FloatType>(element);
  if (!f)
    return APInt(element.getIntOrFloatBitWidth(), 0);
  const llvm::fltSemantics &sem = f.getFloatSemantics();
  switch (padding.getValue()) {
  case ct::PaddingValue::Zero:
    return llvm::APFloat::getZero(sem).bitcastToAPInt();
  case ct::PaddingValue::NegZero:
    return llvm::APFloat::getZero(sem, true).bitcastToAPInt();
  case ct::PaddingValue::Nan:
    if (llvm::APFloat::semanticsHasNaN(sem))
      return llvm::APFloat::getNaN(sem).bitcastToAPInt();
    break;
  case ct::PaddingValue::PosInf:
  case ct::PaddingValue::NegInf:
    if (llvm::APFloat::semanticsHasInf(sem))
      return llvm::APFloat::getInf(sem, padding.getValue() == ct::PaddingValue::NegInf)
          .bitcastToAPInt();
    break;
  }
  return op->emitOpError("padding value ")
         << ct::stringifyPaddingValue(padding.getValue())
         << " is not representable in " << element;
}

/// A packed load reads the bytes holding the elements and shifts each
/// element down from its bit (whole words with one load, see WholeWords);
/// out-of-bounds elements take the padding.
LogicalResult expandPackedLoad(ct::LoadViewTkoOp load, unsigned width) {
  auto type = cast<ct::TileType>(load.getTile().getType());
  Located at;
  if (failed(locate(load, load.getView(), load.getIndex(), type.getShape(), at)))
    return failure();
  OpBuilder b(load);
  Location loc = load.getLoc();
  AccessBuilder ab(b, loc, type.getShape());
  Packed packed = packedAddresses(ab, at, width);
  auto unsignedAttr = ct::SignednessAttr::get(b.getContext(), ct::Signedness::Unsigned);
  // Whole words are read with one load each, the other elements by byte.
  Value token = load.getToken();
  Value byteMask = at.mask;
  std::optional<WholeWords> w = wholeWords(ab, at, packed, width);
  Value fromWords;
  if (w) {
    auto wordType = cast<ct::TileType>(
        ab.tile(cast<ct::TileType>(w->whole.getType()).getShape(), ab.i32));
    auto words = ct::LoadPtrTkoOp::create(
        b, loc, wordType, load.getResultToken().getType(),
        load.getMemoryOrderingSemanticsAttr(), load.getMemoryScopeAttr(),
        w->wordPointers, w->whole, paddingTile(b, loc, wordType, {}), token,
        load.getOptimizationHintsAttr());
    token = words.getResultToken();
    Value spread = spreadGroups(ab, words.getResult(), w->perWord);
    fromWords = ct::ShRIOp::create(b, loc, spread.getType(), spread, w->shift,
                                   unsignedAttr);
    byteMask = notCovered(ab, at.mask, *w);
  }
  auto byteType = cast<ct::TileType>(ab.full(b.getI8Type()));
  Value zeros = paddingTile(b, loc, byteType, ct::PaddingValueAttr());
  auto bytes = ct::LoadPtrTkoOp::create(
      b, loc, byteType, load.getResultToken().getType(),
      load.getMemoryOrderingSemanticsAttr(), load.getMemoryScopeAttr(),
      packed.bytePointers, byteMask, zeros, token,
      load.getOptimizationHintsAttr());
  Value wide = ct::ExtIOp::create(b, loc, ab.full(ab.i32), bytes.getResult(),
                                  ct::Signedness::Unsigned);
  Value shifted = ct::ShRIOp::create(b, loc, wide.getType(), wide, packed.bit,
                                     unsignedAttr);
  if (w)
    shifted = ct::SelectOp::create(b, loc, shifted.getType(), w->covered,
                                   fromWords, shifted);
  // Masked bytes read zero, which is the zero padding already; another
  // padding is selected on the i32 bits (select takes no sub-byte type).
  if (at.padding && at.padding.getValue() != ct::PaddingValue::Zero) {
    FailureOr<APInt> pad = packedPaddingBits(load, elementOf(load.getTile()),
                                             at.padding);
    if (failed(pad))
      return failure();
    Value padBits = ab.splat(ab.constant(pad->getZExtValue()));
    shifted = ct::SelectOp::create(b, loc, shifted.getType(), at.mask, shifted,
                                   padBits);
  }
  Value bits = ct::TruncIOp::create(b, loc, ab.full(b.getIntegerType(width)),
                                    shifted, ct::IntegerOverflow::None);
  Value value = bits;
  if (bits.getType() != type)
    value = ct::BitcastOp::create(b, loc, type, bits);
  load.getTile().replaceAllUsesWith(value);
  load.getResultToken().replaceAllUsesWith(bytes.getResultToken());
  load.erase();
  return success();
}

/// A packed store must leave the other elements of each byte as they are,
/// and another thread or tile block may store those at the same time: each
/// element is written by two atomics on its aligned 32-bit word, an `and`
/// clearing its bits and an `or` setting them. Neither touches bits of
/// other elements, so concurrent stores to neighbours compose.
LogicalResult expandPackedStore(ct::StoreViewTkoOp store, unsigned width) {
  auto type = cast<ct::TileType>(store.getTile().getType());
  Located at;
  if (failed(locate(store, store.getView(), store.getIndex(), type.getShape(), at)))
    return failure();
  OpBuilder b(store);
  Location loc = store.getLoc();
  AccessBuilder ab(b, loc, type.getShape());
  Packed packed = packedAddresses(ab, at, width);
  Type i64 = b.getI64Type();
  Value address = ct::PtrToIntOp::create(b, loc, ab.full(i64), packed.bytePointers);
  Value wordAddress = ab.andI(address, ab.splat(ab.constant(~int64_t(3), i64)));
  Value words = ct::IntToPtrOp::create(
      b, loc, ab.full(ct::PointerType::get(ab.i32)), wordAddress);
  Value byteInWord = ct::TruncIOp::create(
      b, loc, ab.full(ab.i32), ab.andI(address, ab.splat(ab.constant(3, i64))),
      ct::IntegerOverflow::None);
  Value shift = ab.add(ab.mul(byteInWord, ab.splat(ab.constant(8))), packed.bit);
  Value bits = store.getTile();
  Type intType = ab.full(b.getIntegerType(width));
  if (bits.getType() != intType)
    bits = ct::BitcastOp::create(b, loc, intType, bits);
  bits = ct::ExtIOp::create(b, loc, ab.full(ab.i32), bits, ct::Signedness::Unsigned);
  auto noWrap = ct::IntegerOverflowAttr::get(b.getContext(), ct::IntegerOverflow::None);
  Value field = ct::ShLIOp::create(b, loc, shift.getType(),
                                   ab.splat(ab.constant((1 << width) - 1)), shift, noWrap);
  Value clear = ct::XOrIOp::create(b, loc, field.getType(), field,
                                   ab.splat(ab.constant(-1)));
  Value set = ct::ShLIOp::create(b, loc, shift.getType(), bits, shift, noWrap);
  // A weak store becomes relaxed atomics; a stronger ordering is kept.
  auto ordering = store.getMemoryOrderingSemanticsAttr();
  if (ordering.getValue() == ct::MemoryOrderingSemantics::Weak)
    ordering = ct::MemoryOrderingSemanticsAttr::get(
        b.getContext(), ct::MemoryOrderingSemantics::Relaxed);
  auto scope = store.getMemoryScopeAttr()
                   ? store.getMemoryScopeAttr()
                   : ct::MemoryScopeAttr::get(b.getContext(), ct::MemoryScope::Device);
  auto modeAttr = [&](ct::AtomicRMWMode mode) {
    return ct::AtomicRMWModeAttr::get(b.getContext(), mode);
  };
  Value token = store.getToken();
  Value rest = at.mask;
  if (std::optional<WholeWords> w = wholeWords(ab, at, packed, width))
    storeWholeWords(ab, store, at, *w, width, token, rest);
  auto cleared = ct::AtomicRMWTkoOp::create(
      b, loc, clear.getType(), store.getResultToken().getType(), ordering, scope,
      words, modeAttr(ct::AtomicRMWMode::And), clear, rest, token);
  auto written = ct::AtomicRMWTkoOp::create(
      b, loc, set.getType(), store.getResultToken().getType(), ordering, scope,
      words, modeAttr(ct::AtomicRMWMode::Or), set, rest,
      cleared.getResultToken());
  store.getResultToken().replaceAllUsesWith(written.getResultToken());
  store.erase();
  return success();
}

/// get_index_space_shape -> scalar integer arithmetic on the tensor sizes.
LogicalResult expandIndexSpaceShape(ct::GetIndexSpaceShapeOp op) {
  FailureOr<ct::MakeTensorViewOp> tensorView = sourceTensorView(op, op.getSrc());
  if (failed(tensorView))
    return failure();
  OpBuilder b(op);
  AccessBuilder ab(b, op.getLoc(), {});
  SmallVector<Value> sizes = tensorDims(ab, *tensorView, /*strides=*/false);
  Type viewType = op.getSrc().getType();
  auto ceilDiv = [&](Value size, int64_t step) {
    Value sum = ab.add(size, ab.constant(step - 1));
    return ct::DivIOp::create(b, op.getLoc(), sum.getType(), sum,
                              ab.constant(step), ct::Signedness::Unsigned)
        .getResult();
  };
  SmallVector<Value> counts;
  for (auto [d, result] : llvm::enumerate(op.getResults())) {
    Value count;
    if (auto strided = dyn_cast<ct::StridedViewType>(viewType)) {
      count = ceilDiv(sizes[strided.getDimMap()[d]],
                      strided.getTraversalStrides()[d]);
    } else {
      auto gather = cast<ct::GatherScatterViewType>(viewType);
      count = d == gather.getSparseDim()
                  ? sizes[d]
                  : ceilDiv(sizes[d], gather.getTileShape().asArrayRef()[d]);
    }
    auto type = cast<ct::TileType>(result.getType());
    unsigned width = type.getElementType().getIntOrFloatBitWidth();
    if (width > 32)
      count = ct::ExtIOp::create(b, op.getLoc(), type, count,
                                 ct::Signedness::Unsigned);
    else if (width < 32)
      count = ct::TruncIOp::create(b, op.getLoc(), type, count,
                                   ct::IntegerOverflow::None);
    counts.push_back(count);
  }
  op->replaceAllUsesWith(counts);
  op->erase();
  return success();
}

} // namespace

LogicalResult mlir::tilecc::expandStridedAndGatherViewAccesses(ModuleOp module) {
  SmallVector<Operation *> accesses, views;
  module.walk([&](Operation *op) {
    if (auto load = dyn_cast<ct::LoadViewTkoOp>(op);
        load && (isExpandedView(load.getView().getType()) ||
                 packedWidth(elementOf(load.getTile()))))
      accesses.push_back(op);
    if (auto store = dyn_cast<ct::StoreViewTkoOp>(op);
        store && (isExpandedView(store.getView().getType()) ||
                  packedWidth(elementOf(store.getTile()))))
      accesses.push_back(op);
    if (isa<ct::AtomicRedViewTkoOp>(op) &&
        isExpandedView(op->getOperand(0).getType()))
      accesses.push_back(op);
    if (auto shape = dyn_cast<ct::GetIndexSpaceShapeOp>(op);
        shape && isExpandedView(shape.getSrc().getType()))
      accesses.push_back(op);
    if (isa<ct::MakePartitionViewOp, ct::MakeStridedViewOp,
            ct::MakeGatherScatterViewOp>(op))
      views.push_back(op);
  });
  bool ok = true;
  for (Operation *op : accesses) {
    LogicalResult expanded =
        llvm::TypeSwitch<Operation *, LogicalResult>(op)
            .Case([](ct::LoadViewTkoOp load) {
              if (unsigned width = packedWidth(elementOf(load.getTile())))
                return expandPackedLoad(load, width);
              return expandLoad(load);
            })
            .Case([](ct::StoreViewTkoOp store) {
              if (unsigned width = packedWidth(elementOf(store.getTile())))
                return expandPackedStore(store, width);
              return expandStore(store);
            })
            .Case([](ct::AtomicRedViewTkoOp red) { return expandAtomicRed(red); })
            .Case([](ct::GetIndexSpaceShapeOp shape) {
              return expandIndexSpaceShape(shape);
            });
    ok &= succeeded(expanded);
  }
  if (!ok)
    return failure();
  // Views whose every use was expanded are gone; any other use (a view
  // passed to a call) is reported by the conversion as unsupported.
  for (Operation *op : views)
    if (op->use_empty())
      op->erase();
  return success();
}
