//===- CudaTileViewOps.cpp - tensor_view and tile view ops ----------------===//
//
// make_tensor_view, make_{partition,strided,gather_scatter}_view, the shape
// queries, and the view accesses load_view_tko / store_view_tko /
// atomic_red_view_tko. The op classes are generated with the rest of the
// memory family (CudaTileMemoryOps.td).
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/IR/CudaTileMemoryVerifiers.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::memcheck;

//===----------------------------------------------------------------------===//
// Memory ordering and scope keywords of view accesses
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
  if (*sem == MemoryOrderingSemantics::Weak)
    return parser.emitError(scopeLoc)
           << "operation specifies weak memory ordering semantics, but then "
              "provides \""
           << scopeKeyword << "\" scope, expected no memory scope.";
  std::optional<MemoryScope> memScope = symbolizeMemoryScope(scopeKeyword);
  if (!memScope)
    return parser.emitError(scopeLoc)
           << "invalid memory_scope attribute specification. Got \""
           << scopeKeyword << "\" but expect one of: tl_blk, device, sys";
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

/// Index operand types of a gather_scatter_view access: a 1-d tile of row
/// indices at `sparse_dim`, scalars of one common type elsewhere.
static LogicalResult verifyGatherScatterIndices(Operation *op,
                                                GatherScatterViewType view,
                                                TypeRange indexTypes) {
  uint32_t sparseDim = view.getSparseDim();
  if (sparseDim >= indexTypes.size())
    return op->emitOpError("gather/scatter dimension ")
           << sparseDim << " is out of range for index count "
           << indexTypes.size();
  auto rows = cast<TileType>(indexTypes[sparseDim]);
  if (rows.getRank() != 1)
    return op->emitOpError("expected index at sparse_dim position ")
           << sparseDim << " to be a 1D tensor for GatherScatterView, got rank "
           << rows.getRank();
  int64_t tileSize = view.getTileShape()[sparseDim];
  if (rows.getDimSize(0) != tileSize)
    return op->emitOpError("expected gather/scatter index size (")
           << rows.getDimSize(0)
           << ") to match tile shape at gather/scatter dimension " << sparseDim
           << " (" << tileSize << ")";
  Type scalarType;
  for (auto [i, type] : llvm::enumerate(indexTypes)) {
    if (i == sparseDim)
      continue;
    if (cast<TileType>(type).getRank() != 0)
      return op->emitOpError("expected index ")
             << i << " to be a scalar tile for GatherScatterView";
    if (!scalarType)
      scalarType = type;
    else if (type != scalarType)
      return op->emitOpError("expected scalar index ")
             << i << " to have the same type as other scalar indices ("
             << scalarType << "), got " << type;
  }
  return success();
}

/// Index operand types of partition_view / strided_view accesses: scalars,
/// all of the same type.
static LogicalResult verifyScalarIndices(Operation *op, TypeRange indexTypes) {
  for (Type type : indexTypes)
    if (cast<TileType>(type).getRank() != 0)
      return op->emitOpError("expected index type to be a scalar tile, got ")
             << type;
  for (auto [i, type] : llvm::enumerate(indexTypes))
    if (type != indexTypes.front())
      return op->emitOpError("expected index type ")
             << i << " to be the same as other index types ("
             << indexTypes.front() << "), got " << type;
  return success();
}

/// A view access needs one index per index dimension and moves exactly the
/// view's tile.
static LogicalResult verifyViewAccess(Operation *op, TileViewType view,
                                      ValueRange index, Type tileType) {
  unsigned rank = view.getViewIndexRank();
  if (index.size() != rank)
    return op->emitOpError("expected ")
           << rank << " index operands (based on view type), got "
           << index.size();
  SmallVector<int64_t> shape(view.getViewTileShape().begin(),
                             view.getViewTileShape().end());
  Type expected = TileType::get(shape, view.getViewElementType());
  if (tileType != expected)
    return op->emitOpError("expected tile type to be ")
           << expected << " (based on view type), got " << tileType;
  if (auto gather = dyn_cast<GatherScatterViewType>(view))
    return verifyGatherScatterIndices(op, gather, index.getTypes());
  return verifyScalarIndices(op, index.getTypes());
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
  SMLoc loc;
};
} // namespace

/// Parses `keyword = [4, %n]`; `listLoc` is the location of the `[`.
static ParseResult parseSizeList(OpAsmParser &parser, StringRef keyword,
                                 SmallVectorImpl<SizeEntry> &entries,
                                 SMLoc &listLoc) {
  if (parser.parseKeyword(keyword) || parser.parseEqual())
    return failure();
  listLoc = parser.getCurrentLocation();
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        SizeEntry &entry = entries.emplace_back();
        entry.loc = parser.getCurrentLocation();
        int64_t value = 0;
        OptionalParseResult literal = parser.parseOptionalInteger(value);
        if (literal.has_value()) {
          entry.literal = value;
          return *literal;
        }
        OptionalParseResult operand = parser.parseOptionalOperand(entry.operand);
        if (operand.has_value())
          return *operand;
        return parser.emitError(entry.loc,
                                "expected either integer or SSA value");
      });
}

/// Checks a written shape or strides list against the tensor_view type.
static ParseResult checkSizeList(OpAsmParser &parser, SMLoc listLoc,
                                 StringRef what, ArrayRef<SizeEntry> entries,
                                 ArrayRef<int64_t> typeValues) {
  if (entries.size() != typeValues.size())
    return parser.emitError(listLoc, "expected ")
           << what << " declaration to contain " << typeValues.size()
           << " elements due to tensor_view type, but " << entries.size()
           << " were provided";
  for (auto [i, entry] : llvm::enumerate(entries)) {
    int64_t expected = typeValues[i];
    bool typeDynamic = ShapedType::isDynamic(expected);
    if (entry.literal ? (!typeDynamic && *entry.literal == expected)
                      : typeDynamic)
      continue;
    auto diag = parser.emitError(entry.loc, "input ")
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
  OpAsmParser::UnresolvedOperand base;
  SmallVector<SizeEntry> shape, strides;
  SMLoc shapeLoc, stridesLoc;
  if (parser.parseOperand(base) || parser.parseComma() ||
      parseSizeList(parser, "shape", shape, shapeLoc) || parser.parseComma() ||
      parseSizeList(parser, "strides", strides, stridesLoc) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  SmallVector<OpAsmParser::UnresolvedOperand> dynShape, dynStrides;
  for (const SizeEntry &entry : shape)
    if (!entry.literal)
      dynShape.push_back(entry.operand);
  for (const SizeEntry &entry : strides)
    if (!entry.literal)
      dynStrides.push_back(entry.operand);

  // With dynamic sizes or strides, their (common) type comes first:
  // `: tile<i64> -> tensor_view<...>`.
  Type dynamicType, type;
  if (!dynShape.empty() || !dynStrides.empty()) {
    if (parseCudaTileType(parser, dynamicType) || parser.parseArrow())
      return failure();
  }
  if (parseCudaTileType(parser, type))
    return failure();
  auto viewType = dyn_cast<TensorViewType>(type);
  if (!viewType)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected 'tensor_view' type, but got ")
           << type;

  Type baseType =
      TileType::get({}, PointerType::get(viewType.getElementType()));
  if (parser.resolveOperand(base, baseType, result.operands) ||
      checkSizeList(parser, shapeLoc, "shape", shape, viewType.getShape()) ||
      checkSizeList(parser, stridesLoc, "stride", strides,
                    viewType.getStrides()) ||
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

/// Checks that every operand in `values` has type `common` (set from the
/// first operand seen when null).
static LogicalResult verifySameDynamicType(Operation *op, OperandRange values,
                                           StringRef kind, Type &common) {
  for (auto [i, value] : llvm::enumerate(values)) {
    if (!common)
      common = value.getType();
    if (value.getType() != common)
      return op->emitOpError("expected dynamic ")
             << kind << " index " << i
             << " to be of the same type as the other dynamic values ("
             << common << "), got " << value.getType();
  }
  return success();
}

void MakeTensorViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "tview");
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
  Type common;
  if (failed(verifySameDynamicType(*this, getDynamicShape(), "shape", common)) ||
      failed(verifySameDynamicType(*this, getDynamicStrides(), "stride",
                                   common)))
    return failure();
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
    return op->emitOpError()
           << "expected the type of the provided tensor_view value ("
           << sourceType << ") to be the same as the view's tensor_view type ("
           << viewType.getTensorView() << ")";
  return success();
}

ParseResult MakePartitionViewOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseMakeView<PartitionViewType>(parser, result, "partition_view");
}
void MakePartitionViewOp::print(OpAsmPrinter &printer) {
  printMakeView(printer, *this);
}
void MakePartitionViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "pview");
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
void MakeStridedViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "sview");
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
void MakeGatherScatterViewOp::getAsmResultNames(
    OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "gsview");
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

/// Parses the optional `token = %t`, `optimization_hints = <...>` and
/// attribute dictionary that follow the indices of a view access.
static ParseResult parseViewAccessTail(OpAsmParser &parser,
                                      OperationState &result,
                                      std::optional<OpAsmParser::UnresolvedOperand> &token,
                                      OptimizationHintsAttr &hints) {
  if (succeeded(parser.parseOptionalKeyword("token"))) {
    token.emplace();
    if (parser.parseEqual() || parser.parseOperand(*token))
      return failure();
  }
  if (succeeded(parser.parseOptionalKeyword("optimization_hints"))) {
    if (parser.parseEqual())
      return failure();
    hints = dyn_cast_or_null<OptimizationHintsAttr>(
        OptimizationHintsAttr::parse(parser, Type()));
    if (!hints)
      return failure();
  }
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

/// Parses `, type` (one type for every index) or `, type, type, ...` (one
/// per index) after the view type; nothing when no comma follows.
static ParseResult parseViewIndexTypes(OpAsmParser &parser,
                                       SmallVectorImpl<Type> &types,
                                       size_t numIndices, SMLoc &typeLoc) {
  if (failed(parser.parseOptionalComma()))
    return success();
  typeLoc = parser.getCurrentLocation();
  Type first;
  if (parseCudaTileType(parser, first))
    return parser.emitError(typeLoc, "expected index type after comma");
  if (failed(parser.parseOptionalComma())) {
    types.assign(numIndices, first);
    return success();
  }
  types.push_back(first);
  do {
    if (parseCudaTileType(parser, types.emplace_back()))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return success();
}

static ParseResult
resolveViewIndices(OpAsmParser &parser, OperationState &result,
                   ArrayRef<OpAsmParser::UnresolvedOperand> indices,
                   ArrayRef<Type> types, SMLoc typeLoc) {
  if (!indices.empty() && types.empty())
    return parser.emitError(parser.getCurrentLocation(),
                            "index types must be specified when indices are "
                            "present");
  if (!types.empty() && types.size() != indices.size())
    return parser.emitError(typeLoc, "expected ")
           << indices.size() << " index types, got " << types.size();
  return parser.resolveOperands(indices, types, typeLoc, result.operands);
}

/// Prints `, type` when all indices share a type, `, t0, t1, ...` otherwise.
static void printViewIndexTypes(OpAsmPrinter &printer, ValueRange indices) {
  if (indices.empty())
    return;
  if (llvm::all_equal(indices.getTypes())) {
    printer << ", ";
    printCudaTileType(printer, indices.front().getType());
    return;
  }
  for (Value index : indices) {
    printer << ", ";
    printCudaTileType(printer, index.getType());
  }
}

static void printViewIndices(OpAsmPrinter &printer, Value view,
                             ValueRange indices) {
  printer << " ";
  printer.printOperand(view);
  printer << "[";
  printer.printOperands(indices);
  printer << "]";
}

static void printViewAccessTail(OpAsmPrinter &printer, Operation *op,
                                Value token, OptimizationHintsAttr hints,
                                ArrayRef<StringRef> elided) {
  if (token) {
    printer << " token = ";
    printer.printOperand(token);
  }
  if (hints) {
    printer << " optimization_hints = ";
    hints.print(printer);
  }
  printer.printOptionalAttrDictWithKeyword(op->getAttrs(), elided);
}

ParseResult LoadViewTkoOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  OpAsmParser::UnresolvedOperand view;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (parseMemoryAttributes(parser, props.memory_ordering_semantics,
                            props.memory_scope) ||
      parser.parseOperand(view) ||
      parser.parseOperandList(indices, AsmParser::Delimiter::Square) ||
      parseViewAccessTail(parser, result, token, props.optimization_hints) ||
      parser.parseColon())
    return failure();
  Type viewType, tileType, tokenType;
  SmallVector<Type> indexTypes;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, viewType) ||
      parseViewIndexTypes(parser, indexTypes, indices.size(), typeLoc) ||
      parser.parseArrow() || parseCudaTileType(parser, tileType) ||
      parser.parseComma() || parseCudaTileType(parser, tokenType) ||
      parser.resolveOperand(view, viewType, result.operands) ||
      resolveViewIndices(parser, result, indices, indexTypes, typeLoc) ||
      (token && parser.resolveOperand(*token, TokenType::get(parser.getContext()),
                                      result.operands)))
    return failure();
  props.operandSegmentSizes = {1, static_cast<int32_t>(indices.size()),
                               token ? 1 : 0};
  result.addTypes({tileType, tokenType});
  return success();
}

void LoadViewTkoOp::print(OpAsmPrinter &printer) {
  printer << " ";
  printMemoryAttributes(printer, *this, getMemoryOrderingSemanticsAttr(),
                        getMemoryScopeAttr());
  printViewIndices(printer, getView(), getIndex());
  printViewAccessTail(printer, *this, getToken(), getOptimizationHintsAttr(),
                      {getMemoryOrderingSemanticsAttrName(),
                       getMemoryScopeAttrName(), getOptimizationHintsAttrName(),
                       getOperandSegmentSizesAttrName()});
  printer << " : ";
  printCudaTileType(printer, getView().getType());
  printViewIndexTypes(printer, getIndex());
  printer << " -> ";
  printCudaTileType(printer, getTile().getType());
  printer << ", ";
  printCudaTileType(printer, getResultToken().getType());
}

ParseResult StoreViewTkoOp::parse(OpAsmParser &parser,
                                  OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  OpAsmParser::UnresolvedOperand tile, view;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (parseMemoryAttributes(parser, props.memory_ordering_semantics,
                            props.memory_scope) ||
      parser.parseOperand(tile) || parser.parseComma() ||
      parser.parseOperand(view) ||
      parser.parseOperandList(indices, AsmParser::Delimiter::Square) ||
      parseViewAccessTail(parser, result, token, props.optimization_hints) ||
      parser.parseColon())
    return failure();
  Type tileType, viewType, tokenType;
  SmallVector<Type> indexTypes;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, tileType) || parser.parseComma() ||
      parseCudaTileType(parser, viewType) ||
      parseViewIndexTypes(parser, indexTypes, indices.size(), typeLoc) ||
      parser.parseArrow() || parseCudaTileType(parser, tokenType) ||
      parser.resolveOperand(tile, tileType, result.operands) ||
      parser.resolveOperand(view, viewType, result.operands) ||
      resolveViewIndices(parser, result, indices, indexTypes, typeLoc) ||
      (token && parser.resolveOperand(*token, TokenType::get(parser.getContext()),
                                      result.operands)))
    return failure();
  props.operandSegmentSizes = {1, 1, static_cast<int32_t>(indices.size()),
                               token ? 1 : 0};
  result.addTypes(tokenType);
  return success();
}

void StoreViewTkoOp::print(OpAsmPrinter &printer) {
  printer << " ";
  printMemoryAttributes(printer, *this, getMemoryOrderingSemanticsAttr(),
                        getMemoryScopeAttr());
  printer << " ";
  printer.printOperand(getTile());
  printer << ",";
  printViewIndices(printer, getView(), getIndex());
  printViewAccessTail(printer, *this, getToken(), getOptimizationHintsAttr(),
                      {getMemoryOrderingSemanticsAttrName(),
                       getMemoryScopeAttrName(), getOptimizationHintsAttrName(),
                       getOperandSegmentSizesAttrName()});
  printer << " : ";
  printCudaTileType(printer, getTile().getType());
  printer << ", ";
  printCudaTileType(printer, getView().getType());
  printViewIndexTypes(printer, getIndex());
  printer << " -> ";
  printCudaTileType(printer, getResultToken().getType());
}

ParseResult AtomicRedViewTkoOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<MemoryOrderingSemantics> sem =
      symbolizeMemoryOrderingSemantics(keyword);
  if (!sem)
    return parser.emitError(loc, "invalid memory_ordering_semantics: '")
           << keyword
           << "'; expected one of: weak, relaxed, acquire, release, acq_rel";
  props.memory_ordering_semantics = MemoryOrderingSemanticsAttr::get(ctx, *sem);
  loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    std::optional<MemoryScope> scope = symbolizeMemoryScope(keyword);
    if (!scope)
      return parser.emitError(loc, "invalid memory_scope: '")
             << keyword << "'; expected one of: tl_blk, device, sys";
    props.memory_scope = MemoryScopeAttr::get(ctx, *scope);
  }

  OpAsmParser::UnresolvedOperand view, value;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  if (parser.parseOperand(view) ||
      parser.parseOperandList(indices, AsmParser::Delimiter::Square) ||
      parser.parseComma())
    return failure();
  loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword) || parser.parseComma() ||
      parser.parseOperand(value))
    return failure();
  std::optional<AtomicRMWMode> mode = symbolizeAtomicRMWMode(keyword);
  if (!mode)
    return parser.emitError(loc, "unknown atomic RMW mode: '")
           << keyword
           << "'; expected one of: and, or, xor, add, addf, max, min, umax, "
              "umin";
  props.mode = AtomicRMWModeAttr::get(ctx, *mode);

  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (succeeded(parser.parseOptionalKeyword("token"))) {
    token.emplace();
    if (parser.parseEqual() || parser.parseOperand(*token))
      return failure();
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseColon())
    return failure();
  Type valueType, viewType, tokenType;
  SmallVector<Type> indexTypes;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, valueType) || parser.parseComma() ||
      parseCudaTileType(parser, viewType) ||
      parseViewIndexTypes(parser, indexTypes, indices.size(), typeLoc) ||
      parser.parseArrow() || parseCudaTileType(parser, tokenType) ||
      parser.resolveOperand(view, viewType, result.operands) ||
      resolveViewIndices(parser, result, indices, indexTypes, typeLoc) ||
      parser.resolveOperand(value, valueType, result.operands) ||
      (token && parser.resolveOperand(*token, TokenType::get(ctx),
                                      result.operands)))
    return failure();
  props.operandSegmentSizes = {1, static_cast<int32_t>(indices.size()), 1,
                               token ? 1 : 0};
  result.addTypes(tokenType);
  return success();
}

void AtomicRedViewTkoOp::print(OpAsmPrinter &printer) {
  printer << " ";
  printMemoryAttributes(printer, *this, getMemoryOrderingSemanticsAttr(),
                        getMemoryScopeAttr());
  printViewIndices(printer, getView(), getIndex());
  printer << ", " << stringifyAtomicRMWMode(getMode()) << ", ";
  printer.printOperand(getValue());
  printViewAccessTail(printer, *this, getToken(), OptimizationHintsAttr(),
                      {getMemoryOrderingSemanticsAttrName(),
                       getMemoryScopeAttrName(), getModeAttrName(),
                       getOperandSegmentSizesAttrName()});
  printer << " : ";
  printCudaTileType(printer, getValue().getType());
  printer << ", ";
  printCudaTileType(printer, getView().getType());
  printViewIndexTypes(printer, getIndex());
  printer << " -> ";
  printCudaTileType(printer, getResultToken().getType());
}

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

LogicalResult AtomicRedViewTkoOp::verify() {
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
  if (getMode() == AtomicRMWMode::Xchg)
    return emitOpError("atomic_red_view_tko op cannot use xchg operation");
  if (failed(verifyAtomicMode(*this, getMode(), valueType.getElementType())))
    return failure();

  // Lowered to TMA reductions: relaxed ordering, at most device scope.
  if (getMemoryOrderingSemantics() != MemoryOrderingSemantics::Relaxed)
    return emitOpError("only 'relaxed' memory ordering is supported for "
                       "view-based atomic reductions");
  if (getMemoryScope() == MemoryScope::Sys)
    return emitOpError("memory scope 'sys' is not supported for view-based "
                       "atomic reductions; use 'tl_blk' or 'device' for TMA "
                       "compatibility");

  size_t rank = tileShape.size();
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
    if (!isa<IntegerType>(type.getElementType()))
      return emitOpError("index operand ")
             << i << " must be a scalar integer tile, got element type "
             << type.getElementType();
  }
  return success();
}

