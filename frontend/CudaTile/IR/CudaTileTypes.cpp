//===- CudaTileTypes.cpp - cuda_tile types --------------------------------===//
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "CudaTile/IR/CudaTileInterfacesTypes.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "CudaTile/IR/CudaTileTypes.cpp.inc"

void CudaTileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "CudaTile/IR/CudaTileTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Prefix-free type syntax
//===----------------------------------------------------------------------===//

/// The identifier at the parser's current position, read from the source.
static StringRef peekIdentifier(AsmParser &parser) {
  StringRef text(parser.getCurrentLocation().getPointer());
  size_t end = 0;
  while (end < text.size() &&
         (llvm::isAlnum(text[end]) || text[end] == '_' || text[end] == '$'))
    ++end;
  return text.take_front(end);
}

static bool isCudaTileTypeMnemonic(StringRef word) {
  return llvm::is_contained(
      {"ptr", "tile", "tensor_view", "partition_view", "strided_view",
       "gather_scatter_view", "token"},
      word);
}

OptionalParseResult mlir::cuda_tile::parseOptionalCudaTileType(AsmParser &parser,
                                                               Type &type) {
  StringRef word = peekIdentifier(parser);
  if (isCudaTileTypeMnemonic(word)) {
    StringRef mnemonic;
    OptionalParseResult result = generatedTypeParser(parser, &mnemonic, type);
    if (result.has_value())
      return result;
    return parser.emitError(parser.getCurrentLocation(), "unknown type: ")
           << mnemonic;
  }
  return parser.parseOptionalType(type);
}

ParseResult mlir::cuda_tile::parseCudaTileType(AsmParser &parser, Type &type) {
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult result = parseOptionalCudaTileType(parser, type);
  // Without `!`, a type starts with its mnemonic keyword (`tile`, `f32`, ...);
  // like the public parser, report an unknown keyword or a missing one.
  if (!result.has_value()) {
    StringRef word = peekIdentifier(parser);
    if (!word.empty() && !llvm::isDigit(word.front()))
      return parser.emitError(loc, "unknown type: ") << word;
    return parser.emitError(loc, "expected valid keyword");
  }
  return *result;
}

void mlir::cuda_tile::printCudaTileType(AsmPrinter &printer, Type type) {
  if (isa<CudaTileDialect>(type.getDialect())) {
    (void)generatedTypePrinter(type, printer);
    return;
  }
  printer.printType(type);
}

ParseResult mlir::cuda_tile::parseCudaTileTypeList(OpAsmParser &parser,
                                                   SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    return parseCudaTileType(parser, types.emplace_back());
  });
}

void mlir::cuda_tile::printCudaTileTypeList(OpAsmPrinter &printer, Operation *,
                                            TypeRange types) {
  llvm::interleaveComma(types, printer, [&](Type type) {
    printCudaTileType(printer, type);
  });
}

Type CudaTileDialect::parseType(DialectAsmParser &parser) const {
  StringRef mnemonic;
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult result = generatedTypeParser(parser, &mnemonic, type);
  if (result.has_value())
    return succeeded(*result) ? type : Type();
  parser.emitError(loc, "unknown cuda_tile type: ") << mnemonic;
  return Type();
}

void CudaTileDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Prints `2x4` (no trailing `x`); `?` for dynamic sizes.
static void printDims(AsmPrinter &printer, ArrayRef<int64_t> dims) {
  llvm::interleave(
      dims, printer.getStream(),
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          printer << "?";
        else
          printer << d;
      },
      "x");
}

/// Prints `[1,?]`.
static void printStrideList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << "[";
  llvm::interleave(
      values, printer.getStream(),
      [&](int64_t v) {
        if (ShapedType::isDynamic(v))
          printer << "?";
        else
          printer << v;
      },
      ",");
  printer << "]";
}

/// Parses `[1, ?, 4]` (dynamic entries allowed).
static ParseResult parseStrideList(AsmParser &parser,
                                   SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          values.push_back(ShapedType::kDynamic);
          return success();
        }
        return parser.parseInteger(values.emplace_back());
      });
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess())
    return Type();
  SMLoc shapeLoc = parser.getCurrentLocation();
  if (parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true))
    return Type();
  if (llvm::any_of(shape, ShapedType::isDynamic)) {
    parser.emitError(shapeLoc, "expected static shape");
    return Type();
  }
  if (parseCudaTileType(parser, elementType) || parser.parseGreater())
    return Type();
  return parser.getChecked<TileType>(parser.getContext(), shape, elementType);
}

void TileType::print(AsmPrinter &printer) const {
  printer << "<";
  printDims(printer, getShape());
  if (!getShape().empty())
    printer << "x";
  printCudaTileType(printer, getElementType());
  printer << ">";
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType) {
  SmallVector<int64_t> bad;
  for (int64_t dim : shape)
    if (dim <= 0 || !llvm::isPowerOf2_64(dim))
      bad.push_back(dim);
  if (!bad.empty()) {
    auto diag = emitError() << "all dimensions must be powers of two, got ";
    llvm::interleaveComma(bad, diag);
    return diag;
  }
  if (isa<Float4E2M1FNType>(elementType)) {
    int64_t count = 1;
    for (int64_t dim : shape)
      count *= dim;
    if (count % 2 != 0)
      return emitError() << "F4E2M1FN tiles must have an even number of elements";
  }
  return success();
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                             Type elementType) const {
  return TileType::get(shape ? *shape : getShape(), elementType);
}

//===----------------------------------------------------------------------===//
// TensorViewType: tensor_view<4x?xf32, strides=[5,?]>
//===----------------------------------------------------------------------===//

Type TensorViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, strides;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parseCudaTileType(parser, elementType))
    return Type();
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("strides") || parser.parseEqual() ||
        parseStrideList(parser, strides))
      return Type();
  }
  if (parser.parseGreater())
    return Type();
  return parser.getChecked<TensorViewType>(parser.getContext(), elementType,
                                           shape, strides);
}

void TensorViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printDims(printer, getShape());
  if (!getShape().empty())
    printer << "x";
  printCudaTileType(printer, getElementType());
  if (!getShape().empty()) {
    printer << ", strides=";
    printStrideList(printer, getStrides());
  }
  printer << ">";
}

LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type elementType, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> strides) {
  if (shape.size() != strides.size())
    return emitError() << "expected strides to have the same rank as the shape ("
                       << shape.size() << "), got " << strides.size();
  return success();
}

size_t TensorViewType::getNumDynamicShapeDims() const {
  return llvm::count_if(getShape(), ShapedType::isDynamic);
}

size_t TensorViewType::getNumDynamicStrides() const {
  return llvm::count_if(getStrides(), ShapedType::isDynamic);
}

//===----------------------------------------------------------------------===//
// PartitionViewType:
//   partition_view<tile=(2x2), padding_value = zero, tensor_view<...>,
//                  dim_map=[1, 0]>
//===----------------------------------------------------------------------===//

/// Parses `(2x4)` or `()`.
static ParseResult parseTileShape(AsmParser &parser,
                                  SmallVectorImpl<int64_t> &shape) {
  if (parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  if (parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/false))
    return failure();
  return parser.parseRParen();
}

static void printTileShape(AsmPrinter &printer, ArrayRef<int32_t> shape) {
  printer << "(";
  llvm::interleave(shape, printer.getStream(), "x");
  printer << ")";
}

static bool isIdentityMap(ArrayRef<int32_t> dimMap) {
  for (auto [index, dim] : llvm::enumerate(dimMap))
    if (dim != static_cast<int32_t>(index))
      return false;
  return true;
}

/// Parses `tensor_view<...>` with or without the dialect prefix.
static ParseResult parseTensorViewOperand(AsmParser &parser,
                                          TensorViewType &tensorView) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  tensorView = dyn_cast<TensorViewType>(type);
  if (!tensorView)
    return parser.emitError(loc, "expected 'tensor_view' type, but got '")
           << type << "'";
  return success();
}

Type PartitionViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> tileShape;
  SmallVector<int32_t> dimMap;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  if (parser.parseLess() || parser.parseKeyword("tile") ||
      parser.parseEqual() || parseTileShape(parser, tileShape) ||
      parser.parseComma())
    return Type();
  if (succeeded(parser.parseOptionalKeyword("padding_value"))) {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseEqual() || parser.parseKeyword(&keyword) ||
        parser.parseComma())
      return Type();
    std::optional<PaddingValue> value = symbolizePaddingValue(keyword);
    if (!value) {
      parser.emitError(loc, "unknown padding value '") << keyword << "'";
      return Type();
    }
    padding = PaddingValueAttr::get(parser.getContext(), *value);
  }
  if (parseTensorViewOperand(parser, tensorView))
    return Type();
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("dim_map") || parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                       [&]() -> ParseResult {
                                         return parser.parseInteger(
                                             dimMap.emplace_back());
                                       }))
      return Type();
  } else {
    for (int32_t i = 0, e = tensorView.getRank(); i < e; ++i)
      dimMap.push_back(i);
  }
  if (parser.parseGreater())
    return Type();
  SmallVector<int32_t> tileShape32;
  for (int64_t dim : tileShape) {
    if (dim > std::numeric_limits<int32_t>::max()) {
      parser.emitError(parser.getCurrentLocation(),
                       "tile dimension too large: ")
          << dim;
      return Type();
    }
    tileShape32.push_back(static_cast<int32_t>(dim));
  }
  return parser.getChecked<PartitionViewType>(
      parser.getContext(),
      DenseI32ArrayAttr::get(parser.getContext(), tileShape32), tensorView,
      dimMap, padding);
}

void PartitionViewType::print(AsmPrinter &printer) const {
  printer << "<tile=";
  printTileShape(printer, getTileShape().asArrayRef());
  if (getPaddingValue())
    printer << ", padding_value = "
            << stringifyPaddingValue(getPaddingValue().getValue());
  printer << ", ";
  printCudaTileType(printer, getTensorView());
  if (!isIdentityMap(getDimMap())) {
    printer << ", dim_map=[";
    llvm::interleaveComma(getDimMap(), printer);
    printer << "]";
  }
  printer << ">";
}

LogicalResult
PartitionViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                          DenseI32ArrayAttr tileShape, TensorViewType tensorView,
                          ArrayRef<int32_t> dimMap, PaddingValueAttr padding) {
  ArrayRef<int32_t> shape = tileShape.asArrayRef();
  if (llvm::any_of(shape, [](int32_t d) {
        return d <= 0 || !llvm::isPowerOf2_32(static_cast<uint32_t>(d));
      })) {
    auto diag = emitError()
                << "tile shape dimensions must have power of two length but got [";
    llvm::interleaveComma(shape, diag);
    return diag << "]";
  }
  if (shape.size() != static_cast<size_t>(tensorView.getRank()))
    return emitError() << "expected tile rank (" << shape.size()
                       << ") to match the tensor_view rank ("
                       << tensorView.getRank() << ")";
  if (dimMap.size() != shape.size())
    return emitError() << "expected dim_map to have " << shape.size()
                       << " entries, got " << dimMap.size();
  SmallVector<bool> seen(shape.size(), false);
  for (int32_t dim : dimMap) {
    if (dim < 0 || dim >= static_cast<int32_t>(shape.size()))
      return emitError() << "dim_map entry " << dim << " is out of range";
    if (seen[dim])
      return emitError() << "dim_map entry " << dim << " appears twice";
    seen[dim] = true;
  }
  return success();
}

ArrayRef<int32_t> PartitionViewType::getViewTileShape() const {
  return getTileShape().asArrayRef();
}
unsigned PartitionViewType::getViewIndexRank() const {
  return getTensorView().getRank();
}
Type PartitionViewType::getViewElementType() const {
  return getTensorView().getElementType();
}
