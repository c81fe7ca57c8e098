//===- CudaTileMemoryOps.cpp - memory, views, pointers, atomics, tokens ---===//
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

/// A type quoted the way ODS diagnostics quote it: '!cuda_tile.tile<i32>'.
static std::string quoted(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << type << "'";
  return text;
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `weak`, `relaxed device`, ...: an ordering keyword and an optional scope
/// keyword. A weak access takes no scope.
static ParseResult parseMemoryAttributes(OpAsmParser &parser,
                                         MemoryOrderingSemanticsAttr &ordering,
                                         MemoryScopeAttr &scope) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<MemoryOrderingSemantics> sem =
      symbolizeMemoryOrderingSemantics(keyword);
  if (!sem)
    return parser.emitError(loc)
           << "invalid memory_ordering_semantics attribute specification. Got \""
           << keyword
           << "\" but expect one of: weak, relaxed, acquire, release, acq_rel";
  ordering = MemoryOrderingSemanticsAttr::get(parser.getContext(), *sem);

  SMLoc scopeLoc = parser.getCurrentLocation();
  StringRef scopeKeyword;
  if (failed(parser.parseOptionalKeyword(&scopeKeyword)))
    return success();
  std::optional<MemoryScope> memScope = symbolizeMemoryScope(scopeKeyword);
  if (!memScope)
    return parser.emitError(scopeLoc)
           << "invalid memory_scope attribute specification. Got \""
           << scopeKeyword << "\" but expect one of: tl_blk, device, sys";
  if (*sem == MemoryOrderingSemantics::Weak)
    return parser.emitError(scopeLoc)
           << "operation specifies weak memory ordering semantics, but then "
              "provides \""
           << scopeKeyword << "\" scope, expected no memory scope.";
  scope = MemoryScopeAttr::get(parser.getContext(), *memScope);
  return success();
}

static void printMemoryAttributes(OpAsmPrinter &printer, Operation *,
                                  MemoryOrderingSemanticsAttr ordering,
                                  MemoryScopeAttr scope) {
  printer << stringifyMemoryOrderingSemantics(ordering.getValue());
  if (scope)
    printer << " " << stringifyMemoryScope(scope.getValue());
}

/// One type written for a whole list of operands of that type.
static ParseResult
parseCudaTileTypeSplat(OpAsmParser &parser, SmallVectorImpl<Type> &types,
                       ArrayRef<OpAsmParser::UnresolvedOperand> operands) {
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  types.assign(operands.size(), type);
  return success();
}

static void printCudaTileTypeSplat(OpAsmPrinter &printer, Operation *,
                                   TypeRange types, ValueRange) {
  // Verified IR always has indices; the fallback keeps other IR parseable.
  if (types.empty())
    printer << "tile<i32>";
  else
    printCudaTileType(printer, types.front());
}

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileMemoryOps.cpp.inc"

void CudaTileDialect::registerMemoryOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileMemoryOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared verification helpers
//===----------------------------------------------------------------------===//

/// True when `pointers` is a tile of pointers to the elements of `values`,
/// with the same shape.
static bool isPointerTileOf(Type pointers, Type values) {
  auto ptrTile = dyn_cast<TileType>(pointers);
  auto valTile = dyn_cast<TileType>(values);
  if (!ptrTile || !valTile || ptrTile.getShape() != valTile.getShape())
    return false;
  auto ptr = dyn_cast<PointerType>(ptrTile.getElementType());
  return ptr && ptr.getPointeeType() == valTile.getElementType();
}

static bool haveSameShape(Type a, Type b) {
  return cast<ShapedType>(a).getShape() == cast<ShapedType>(b).getShape();
}

static Type getPointee(Type pointerTile) {
  return cast<PointerType>(cast<TileType>(pointerTile).getElementType())
      .getPointeeType();
}

/// Ordering and scope rules shared by loads (`isLoad`) and stores: loads may be
/// weak/relaxed/acquire, stores weak/relaxed/release; weak takes no scope, the
/// others require one.
static LogicalResult verifyMemoryModel(Operation *op, bool isLoad,
                                       MemoryOrderingSemantics sem,
                                       std::optional<MemoryScope> scope) {
  StringRef kind = isLoad ? "load" : "store";
  MemoryOrderingSemantics strong =
      isLoad ? MemoryOrderingSemantics::Acquire : MemoryOrderingSemantics::Release;
  if (sem != MemoryOrderingSemantics::Weak &&
      sem != MemoryOrderingSemantics::Relaxed && sem != strong)
    return op->emitOpError("expect one of: weak, relaxed, or ")
           << stringifyMemoryOrderingSemantics(strong)
           << ", but got: " << stringifyMemoryOrderingSemantics(sem);
  if (sem == MemoryOrderingSemantics::Weak) {
    if (scope)
      return op->emitOpError("weak ") << kind << " must not have memory scope";
    return success();
  }
  if (!scope)
    return op->emitOpError("memory scope is required for ")
           << stringifyMemoryOrderingSemantics(sem) << " " << kind;
  return success();
}

/// Index operands of a view access: one scalar per index dimension, all of
/// the same type; the accessed tile must be the view's tile.
static LogicalResult verifyViewAccess(Operation *op, TileViewType view,
                                      ValueRange index, Type tileType) {
  unsigned rank = view.getViewIndexRank();
  if (index.size() != rank)
    return op->emitOpError("expected ")
           << rank << " index operands (based on view type), got "
           << index.size();
  for (auto [i, value] : llvm::enumerate(index)) {
    auto type = cast<TileType>(value.getType());
    if (type.getRank() != 0)
      return op->emitOpError("expected index type to be a scalar tile, got ")
             << quoted(type);
    if (i > 0 && type != index.front().getType())
      return op->emitOpError("expected index type ")
             << i << " to be the same as other index types ("
             << quoted(index.front().getType()) << "), got " << quoted(type);
  }
  SmallVector<int64_t> shape(view.getViewTileShape().begin(),
                             view.getViewTileShape().end());
  Type expected = TileType::get(shape, view.getViewElementType());
  if (tileType != expected)
    return op->emitOpError("expected tile type to be ")
           << quoted(expected) << " (based on view type), got "
           << quoted(tileType);
  return success();
}

/// Element types each atomic mode accepts.
static LogicalResult verifyAtomicMode(Operation *op, AtomicRMWMode mode,
                                      Type elementType) {
  auto isIntOf = [&](unsigned width) { return elementType.isInteger(width); };
  bool isI32OrI64 = isIntOf(32) || isIntOf(64);
  switch (mode) {
  case AtomicRMWMode::AddF:
    if (!elementType.isF16() && !elementType.isBF16() &&
        !elementType.isF32() && !elementType.isF64())
      return op->emitOpError(
          "'addf' works only with floats f16, bf16, f32, and f64");
    return success();
  case AtomicRMWMode::Xchg:
    if (!isI32OrI64 && !elementType.isF32() && !elementType.isF64())
      return op->emitOpError(
          "'xchg' works only with integers or float of 32 or 64 bitwidth");
    return success();
  default:
    if (!isI32OrI64)
      return op->emitOpError("'")
             << stringifyAtomicRMWMode(mode)
             << "' works only with integers i32 and i64";
    return success();
  }
}

/// Atomics on pointers synchronize by definition: weak is not allowed.
static LogicalResult verifyAtomicOrdering(Operation *op,
                                          MemoryOrderingSemantics sem) {
  if (sem == MemoryOrderingSemantics::Weak)
    return op->emitOpError("memory ordering semantics must be one of: relaxed, "
                           "acquire, release, acq_rel");
  return success();
}

//===----------------------------------------------------------------------===//
// JoinTokensOp
//===----------------------------------------------------------------------===//

LogicalResult JoinTokensOp::verify() {
  if (getTokens().size() < 2)
    return emitOpError("expect two or more tokens");
  return success();
}

//===----------------------------------------------------------------------===//
// MakeTensorViewOp:
//   make_tensor_view %base, shape = [%n, 32], strides = [32, 1]
//     : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
//===----------------------------------------------------------------------===//

namespace {
/// One entry of the shape or strides list: a literal or an SSA value.
struct SizeEntry {
  std::optional<int64_t> literal;
  OpAsmParser::UnresolvedOperand operand;
};
} // namespace

static ParseResult parseSizeList(OpAsmParser &parser, StringRef keyword,
                                 SmallVectorImpl<SizeEntry> &entries) {
  if (parser.parseKeyword(keyword) || parser.parseEqual())
    return failure();
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        SizeEntry &entry = entries.emplace_back();
        OptionalParseResult operand = parser.parseOptionalOperand(entry.operand);
        if (operand.has_value())
          return *operand;
        int64_t value = 0;
        OptionalParseResult literal = parser.parseOptionalInteger(value);
        if (literal.has_value()) {
          entry.literal = value;
          return *literal;
        }
        return parser.emitError(parser.getCurrentLocation(),
                                "expected either integer or SSA value");
      });
}

/// Checks a written shape or strides list against the tensor_view type.
static ParseResult checkSizeList(OpAsmParser &parser, SMLoc loc,
                                 StringRef what, ArrayRef<SizeEntry> entries,
                                 ArrayRef<int64_t> typeValues) {
  if (entries.size() != typeValues.size())
    return parser.emitError(loc, "expected ")
           << what << " declaration to contain " << typeValues.size()
           << " elements due to tensor_view type, but " << entries.size()
           << " were provided";
  for (auto [i, entry] : llvm::enumerate(entries)) {
    int64_t expected = typeValues[i];
    bool typeDynamic = ShapedType::isDynamic(expected);
    if (entry.literal && !typeDynamic && *entry.literal == expected)
      continue;
    if (!entry.literal && typeDynamic)
      continue;
    auto diag = parser.emitError(loc, "input ")
                << what << " dimension " << i
                << " does not match tensor_view type (expected ";
    if (typeDynamic)
      diag << "dynamic";
    else
      diag << expected;
    diag << ", got ";
    if (entry.literal)
      diag << *entry.literal;
    else
      diag << "dynamic";
    return diag << ")";
  }
  return success();
}

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  OpAsmParser::UnresolvedOperand base;
  SmallVector<SizeEntry> shape, strides;
  if (parser.parseOperand(base) || parser.parseComma() ||
      parseSizeList(parser, "shape", shape) || parser.parseComma() ||
      parseSizeList(parser, "strides", strides) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  Type dynamicType, type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, type))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    dynamicType = type;
    typeLoc = parser.getCurrentLocation();
    if (parseCudaTileType(parser, type))
      return failure();
  }
  auto viewType = dyn_cast<TensorViewType>(type);
  if (!viewType)
    return parser.emitError(typeLoc, "expected 'tensor_view' type, but got ")
           << type;

  if (checkSizeList(parser, loc, "shape", shape, viewType.getShape()) ||
      checkSizeList(parser, loc, "stride", strides, viewType.getStrides()))
    return failure();

  SmallVector<OpAsmParser::UnresolvedOperand> dynShape, dynStrides;
  for (const SizeEntry &entry : shape)
    if (!entry.literal)
      dynShape.push_back(entry.operand);
  for (const SizeEntry &entry : strides)
    if (!entry.literal)
      dynStrides.push_back(entry.operand);
  if (!dynamicType && (!dynShape.empty() || !dynStrides.empty()))
    return parser.emitError(typeLoc, "expected the type of the dynamic shape "
                                     "and stride operands before '->'");
  if (dynamicType && dynShape.empty() && dynStrides.empty())
    return parser.emitError(typeLoc, "unexpected type of dynamic operands: "
                                     "the shape and strides are all static");

  Type baseType = TileType::get(
      {}, PointerType::get(viewType.getElementType()));
  if (parser.resolveOperand(base, baseType, result.operands) ||
      parser.resolveOperands(dynShape, dynamicType, result.operands) ||
      parser.resolveOperands(dynStrides, dynamicType, result.operands))
    return failure();
  result.getOrAddProperties<Properties>().operandSegmentSizes = {
      1, static_cast<int32_t>(dynShape.size()),
      static_cast<int32_t>(dynStrides.size())};
  result.addTypes(viewType);
  return success();
}

/// Prints `[%n, 32]`: literals from the type, `?` entries from the operands.
static void printSizeList(OpAsmPrinter &printer, ArrayRef<int64_t> values,
                          OperandRange dynamic) {
  printer << "[";
  auto next = dynamic.begin();
  llvm::interleaveComma(values, printer, [&](int64_t value) {
    if (ShapedType::isDynamic(value) && next != dynamic.end())
      printer.printOperand(*next++);
    else
      printer << value;
  });
  printer << "]";
}

void MakeTensorViewOp::print(OpAsmPrinter &printer) {
  TensorViewType type = getResult().getType();
  printer << " ";
  printer.printOperand(getBase());
  printer << ", shape = ";
  printSizeList(printer, type.getShape(), getDynamicShape());
  printer << ", strides = ";
  printSizeList(printer, type.getStrides(), getDynamicStrides());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getOperandSegmentSizesAttrName()});
  printer << " : ";
  Value firstDynamic = !getDynamicShape().empty()     ? getDynamicShape()[0]
                       : !getDynamicStrides().empty() ? getDynamicStrides()[0]
                                                      : Value();
  if (firstDynamic) {
    printCudaTileType(printer, firstDynamic.getType());
    printer << " -> ";
  }
  printCudaTileType(printer, type);
}

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType type = getResult().getType();
  Type pointee = getPointee(getBase().getType());
  if (pointee != type.getElementType())
    return emitOpError("expected pointer to ")
           << type.getElementType()
           << " to build tensor_view of this type, got " << pointee;
  if (getDynamicShape().size() != type.getNumDynamicShapeDims())
    return emitOpError("expected ")
           << type.getNumDynamicShapeDims()
           << " dynamic shape operands, got " << getDynamicShape().size();
  if (getDynamicStrides().size() != type.getNumDynamicStrides())
    return emitOpError("expected ")
           << type.getNumDynamicStrides() << " dynamic stride operands, got "
           << getDynamicStrides().size();
  // The custom form writes a single type for all dynamic operands.
  SmallVector<Type> dynamicTypes;
  for (Value value : getDynamicShape())
    dynamicTypes.push_back(value.getType());
  for (Value value : getDynamicStrides())
    dynamicTypes.push_back(value.getType());
  if (!llvm::all_equal(dynamicTypes))
    return emitOpError(
        "expected all dynamic shape and stride operands to have the same type");
  return success();
}

//===----------------------------------------------------------------------===//
// make_partition_view / make_strided_view / make_gather_scatter_view:
//   make_partition_view %tv : partition_view<tile=(...), tensor_view<...>>
//===----------------------------------------------------------------------===//

template <typename ViewT>
static ParseResult parseMakeView(OpAsmParser &parser, OperationState &result,
                                 StringRef viewName) {
  OpAsmParser::UnresolvedOperand source;
  if (parser.parseOperand(source) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  auto viewType = dyn_cast<ViewT>(type);
  if (!viewType)
    return parser.emitError(typeLoc, "expected '")
           << viewName << "' type, but got " << type;
  if (parser.resolveOperand(source, viewType.getTensorView(), result.operands))
    return failure();
  result.addTypes(viewType);
  return success();
}

static void printMakeView(OpAsmPrinter &printer, Operation *op) {
  printer << " ";
  printer.printOperand(op->getOperand(0));
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : ";
  printCudaTileType(printer, op->getResult(0).getType());
}

template <typename ViewT>
static LogicalResult verifyMakeView(Operation *op, ViewT viewType) {
  Type sourceType = op->getOperand(0).getType();
  if (sourceType != viewType.getTensorView())
    return op->emitOpError("expected the source type ")
           << quoted(sourceType) << " to match the tensor_view of the view ("
           << quoted(viewType.getTensorView()) << ")";
  return success();
}

ParseResult MakePartitionViewOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseMakeView<PartitionViewType>(parser, result, "partition_view");
}
void MakePartitionViewOp::print(OpAsmPrinter &printer) {
  printMakeView(printer, *this);
}
LogicalResult MakePartitionViewOp::verify() {
  return verifyMakeView(*this, getResult().getType());
}

ParseResult MakeStridedViewOp::parse(OpAsmParser &parser,
                                     OperationState &result) {
  return parseMakeView<StridedViewType>(parser, result, "strided_view");
}
void MakeStridedViewOp::print(OpAsmPrinter &printer) {
  printMakeView(printer, *this);
}
LogicalResult MakeStridedViewOp::verify() {
  return verifyMakeView(*this, getResult().getType());
}

ParseResult MakeGatherScatterViewOp::parse(OpAsmParser &parser,
                                           OperationState &result) {
  return parseMakeView<GatherScatterViewType>(parser, result,
                                              "gather_scatter_view");
}
void MakeGatherScatterViewOp::print(OpAsmPrinter &printer) {
  printMakeView(printer, *this);
}
LogicalResult MakeGatherScatterViewOp::verify() {
  return verifyMakeView(*this, getResult().getType());
}

//===----------------------------------------------------------------------===//
// get_tensor_shape / get_index_space_shape:
//   %s:2 = get_tensor_shape %tv : tensor_view<...> -> tile<i32>
//===----------------------------------------------------------------------===//

/// Parses `%src : type -> resultType` and adds `rank(type)` results.
static ParseResult
parseShapeQuery(OpAsmParser &parser, OperationState &result, StringRef expected,
                function_ref<std::optional<unsigned>(Type)> getRank) {
  OpAsmParser::UnresolvedOperand source;
  if (parser.parseOperand(source) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  std::optional<unsigned> rank = getRank(type);
  if (!rank)
    return parser.emitError(typeLoc, "expected ")
           << expected << ", got " << type;
  Type resultType;
  if (*rank != 0 || succeeded(parser.parseOptionalArrow())) {
    if ((*rank != 0 && parser.parseArrow()) ||
        parseCudaTileType(parser, resultType))
      return failure();
  }
  if (parser.resolveOperand(source, type, result.operands))
    return failure();
  result.addTypes(SmallVector<Type>(*rank, resultType));
  return success();
}

static void printShapeQuery(OpAsmPrinter &printer, Operation *op) {
  printer << " ";
  printer.printOperand(op->getOperand(0));
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : ";
  printCudaTileType(printer, op->getOperand(0).getType());
  if (op->getNumResults() != 0) {
    printer << " -> ";
    printCudaTileType(printer, op->getResult(0).getType());
  }
}

static LogicalResult verifyShapeQuery(Operation *op, unsigned rank,
                                      StringRef reason) {
  if (op->getNumResults() != rank)
    return op->emitOpError("expected ")
           << rank << " results due to " << reason << ", but got "
           << op->getNumResults();
  if (!llvm::all_equal(op->getResultTypes()))
    return op->emitOpError("expected all results to have the same type");
  return success();
}

ParseResult GetTensorShapeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseShapeQuery(parser, result, "tensor_view",
                         [](Type type) -> std::optional<unsigned> {
                           if (auto view = dyn_cast<TensorViewType>(type))
                             return view.getRank();
                           return std::nullopt;
                         });
}
void GetTensorShapeOp::print(OpAsmPrinter &printer) {
  printShapeQuery(printer, *this);
}
LogicalResult GetTensorShapeOp::verify() {
  return verifyShapeQuery(*this, getSrc().getType().getRank(), "tensor rank");
}

ParseResult GetIndexSpaceShapeOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  return parseShapeQuery(parser, result, "tile view",
                         [](Type type) -> std::optional<unsigned> {
                           if (auto view = dyn_cast<TileViewType>(type))
                             return view.getViewIndexRank();
                           return std::nullopt;
                         });
}
void GetIndexSpaceShapeOp::print(OpAsmPrinter &printer) {
  printShapeQuery(printer, *this);
}
LogicalResult GetIndexSpaceShapeOp::verify() {
  return verifyShapeQuery(*this, getSrc().getType().getViewIndexRank(),
                          "view index space rank");
}

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

LogicalResult LoadViewTkoOp::verify() {
  if (failed(verifyViewAccess(*this, getView().getType(), getIndex(),
                              getTile().getType())))
    return failure();
  return verifyMemoryModel(*this, /*isLoad=*/true,
                           getMemoryOrderingSemantics(), getMemoryScope());
}

LogicalResult StoreViewTkoOp::verify() {
  if (failed(verifyViewAccess(*this, getView().getType(), getIndex(),
                              getTile().getType())))
    return failure();
  return verifyMemoryModel(*this, /*isLoad=*/false,
                           getMemoryOrderingSemantics(), getMemoryScope());
}

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

LogicalResult LoadPtrTkoOp::verify() {
  if (!isPointerTileOf(getSource().getType(), getResult().getType()))
    return emitOpError("failed to verify that `source` type is expected a "
                       "pointer type of `result` type");
  if (getMask() && !haveSameShape(getMask().getType(), getSource().getType()))
    return emitOpError("failed to verify that shape of 'mask' must match the "
                       "shape of 'source'");
  if (getPaddingValue() &&
      getPaddingValue().getType() != getResult().getType())
    return emitOpError("failed to verify that type of 'paddingValue' must "
                       "match the type of 'result'");
  return verifyMemoryModel(*this, /*isLoad=*/true,
                           getMemoryOrderingSemantics(), getMemoryScope());
}

LogicalResult StorePtrTkoOp::verify() {
  if (!isPointerTileOf(getDestination().getType(), getValue().getType()))
    return emitOpError("failed to verify that `destination` type is expected a "
                       "pointer type of `value` type");
  if (getMask() &&
      !haveSameShape(getMask().getType(), getDestination().getType()))
    return emitOpError("failed to verify that shape of 'destination' must "
                       "match the shape of 'mask'");
  return verifyMemoryModel(*this, /*isLoad=*/false,
                           getMemoryOrderingSemantics(), getMemoryScope());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWTkoOp::verify() {
  if (failed(verifyAtomicOrdering(*this, getMemoryOrderingSemantics())))
    return failure();
  Type pointee = getPointee(getPointers().getType());
  Type elementType = getArg().getType().getElementType();
  if (pointee != elementType)
    return emitOpError("expected pointee type (")
           << pointee << ") to match element type of 'arg' (" << elementType
           << ")";
  if (getMask() && !haveSameShape(getMask().getType(), getArg().getType()))
    return emitOpError(
        "failed to verify that all of {pointers, arg, mask} have same shape");
  return verifyAtomicMode(*this, getMode(), elementType);
}

LogicalResult AtomicCASTkoOp::verify() {
  if (failed(verifyAtomicOrdering(*this, getMemoryOrderingSemantics())))
    return failure();
  Type pointee = getPointee(getPointers().getType());
  Type elementType = getVal().getType().getElementType();
  if (pointee != elementType)
    return emitOpError("expected pointee type (")
           << pointee << ") to match element type of 'val' (" << elementType
           << ")";
  if (getMask() && !haveSameShape(getMask().getType(), getVal().getType()))
    return emitOpError("failed to verify that all of {pointers, cmp, val, "
                       "mask} have same shape");
  bool isIntOrFloat = isa<IntegerType, FloatType>(elementType);
  unsigned width =
      isIntOrFloat ? elementType.getIntOrFloatBitWidth() : 0;
  if (!isIntOrFloat || (width != 32 && width != 64) || elementType.isTF32())
    return emitOpError("expect only float or integer types with 32 or 64 bit");
  return success();
}

LogicalResult AtomicRedViewTkoOp::verify() {
  if (getMemoryOrderingSemantics() != MemoryOrderingSemantics::Relaxed)
    return emitOpError("only 'relaxed' memory ordering is supported for "
                       "view-based atomic reductions");
  if (getMode() == AtomicRMWMode::Xchg)
    return emitOpError("atomic_red_view_tko op cannot use xchg operation");
  if (getMemoryScope() == MemoryScope::Sys)
    return emitOpError("memory scope 'sys' is not supported for view-based "
                       "atomic reductions; use 'tl_blk' or 'device' for TMA "
                       "compatibility");
  TileViewType view = getView().getType();
  if (isa<GatherScatterViewType>(view))
    return emitOpError(
        "gather_scatter_view is not supported; use partition_view instead");
  PaddingValueAttr padding =
      llvm::TypeSwitch<Type, PaddingValueAttr>(view)
          .Case<PartitionViewType, StridedViewType>(
              [](auto type) { return type.getPaddingValue(); })
          .Default([](Type) { return PaddingValueAttr(); });
  if (padding)
    return emitOpError(
        "views with padding_value are not supported for atomic reductions");

  unsigned rank = view.getViewIndexRank();
  if (getIndex().size() != rank)
    return emitOpError("expected ")
           << rank << " index operand(s) for view with tile rank " << rank
           << ", got " << getIndex().size();
  for (auto [i, value] : llvm::enumerate(getIndex())) {
    auto type = cast<TileType>(value.getType());
    if (type.getRank() != 0) {
      auto diag = emitOpError("index operand ")
                  << i << " must be a scalar tile (rank 0), got shape ";
      llvm::interleaveComma(type.getShape(), diag);
      return diag;
    }
  }

  TileType valueType = getValue().getType();
  if (view.getViewElementType() != valueType.getElementType())
    return emitOpError("view element type (")
           << view.getViewElementType() << ") must match value element type ("
           << valueType.getElementType() << ")";
  ArrayRef<int32_t> tileShape = view.getViewTileShape();
  if (!llvm::equal(tileShape, valueType.getShape())) {
    auto diag = emitOpError("view tile shape ");
    llvm::interleaveComma(tileShape, diag);
    diag << " must match value shape ";
    llvm::interleaveComma(valueType.getShape(), diag);
    return diag << " for element-wise atomic operations";
  }
  return verifyAtomicMode(*this, getMode(), valueType.getElementType());
}

//===----------------------------------------------------------------------===//
// AllocaOp
//===----------------------------------------------------------------------===//

LogicalResult AllocaOp::verify() {
  uint64_t alignment = getAlignment();
  if (!llvm::isPowerOf2_64(alignment))
    return emitOpError("'alignment' must be power of two");
  Type pointee = getPointee(getResult().getType());
  uint64_t naturalSize = (pointee.getIntOrFloatBitWidth() + 7) / 8;
  if (alignment < naturalSize)
    return emitOpError("'alignment' (")
           << alignment << ") must be at least the natural size ("
           << naturalSize << " bytes) for element type " << pointee;
  return success();
}
