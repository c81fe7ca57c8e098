//===- TileAATypes.cpp - nv_tileaa types ----------------------------------===//
#include "TileAA/IR/TileAADialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

#define GET_TYPEDEF_CLASSES
#include "TileAA/IR/TileAATypes.cpp.inc"

void TileAADialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "TileAA/IR/TileAATypes.cpp.inc"
      >();
}

static void printDims(AsmPrinter &printer, ArrayRef<int64_t> dims) {
  for (int64_t dim : dims) {
    if (ShapedType::isDynamic(dim))
      printer << '?';
    else
      printer << dim;
    printer << 'x';
  }
}

//===----------------------------------------------------------------------===//
// queue
//===----------------------------------------------------------------------===//

Type QueueType::parse(AsmParser &parser) {
  SmallVector<Type> types;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseType(types.emplace_back());
      }))
    return {};
  bool isolated = false;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("isolated"))
      return {};
    isolated = true;
  }
  if (parser.parseGreater())
    return {};
  return QueueType::get(parser.getContext(), types, isolated);
}

void QueueType::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getResultTypes(), printer);
  printer << ']';
  if (getIsolated())
    printer << ", isolated";
  printer << '>';
}

//===----------------------------------------------------------------------===//
// memref
//===----------------------------------------------------------------------===//

Type TileMemRefType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  unsigned addressSpace = 0;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseInteger(addressSpace))
    return {};
  SmallVector<int64_t> strides(shape.size(), ShapedType::kDynamic);
  unsigned scope = 0;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (key == "strides") {
      strides.clear();
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                if (succeeded(parser.parseOptionalQuestion())) {
                  strides.push_back(ShapedType::kDynamic);
                  return success();
                }
                return parser.parseInteger(strides.emplace_back());
              }))
        return {};
    } else if (key == "scope") {
      if (parser.parseInteger(scope))
        return {};
    } else {
      parser.emitError(parser.getCurrentLocation(),
                       "expected 'strides' or 'scope' in memref type");
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TileMemRefType>(parser.getContext(), elementType,
                                           shape, strides, addressSpace, scope);
}

void TileMemRefType::print(AsmPrinter &printer) const {
  printer << '<';
  printDims(printer, getShape());
  printer << getElementType() << ", " << getAddressSpace();
  if (llvm::any_of(getStrides(),
                   [](int64_t s) { return !ShapedType::isDynamic(s); })) {
    printer << ", strides = [";
    llvm::interleaveComma(getStrides(), printer, [&](int64_t s) {
      if (ShapedType::isDynamic(s))
        printer << '?';
      else
        printer << s;
    });
    printer << ']';
  }
  if (getAliasScope())
    printer << ", scope = " << getAliasScope();
  printer << '>';
}

LogicalResult
TileMemRefType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type elementType, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> strides, unsigned addressSpace,
                       unsigned aliasScope) {
  if (strides.size() != shape.size())
    return emitError() << "expects one stride per dimension, but got "
                       << strides.size() << " strides for rank "
                       << shape.size();
  for (int64_t dim : shape)
    if (!ShapedType::isDynamic(dim) && dim < 0)
      return emitError() << "expects non-negative memref dimensions";
  if (isa<RankedTensorType, TileMemRefType, MemTokenType, QueueType>(
          elementType))
    return emitError() << "expects a scalar or pointer memref element type";
  return success();
}

unsigned TileMemRefType::getNumDynamicDims() const {
  return llvm::count_if(getShape(), ShapedType::isDynamic);
}

unsigned TileMemRefType::getNumDynamicStrides() const {
  return llvm::count_if(getStrides(), ShapedType::isDynamic);
}

//===----------------------------------------------------------------------===//
// tiled_view
//===----------------------------------------------------------------------===//

static Type elementTypeOfSource(Type source) {
  return TypeSwitch<Type, Type>(source)
      .Case<TileMemRefType>([](auto t) { return t.getElementType(); })
      .Case<PtrType>([](auto t) { return t.getPointeeType(); })
      .Case<RankedTensorType>([](auto t) { return t.getElementType(); })
      .Case<TiledViewType>([](auto t) { return t.getElementType(); })
      .Default([](Type t) { return t; });
}

Type TiledViewType::getElementType() const {
  return elementTypeOfSource(getSourceType());
}

Type TiledViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType))
    return {};
  Type source = elementType;
  Attribute layout;
  while (succeeded(parser.parseOptionalComma())) {
    Type maybeSource;
    OptionalParseResult typeResult = parser.parseOptionalType(maybeSource);
    if (typeResult.has_value()) {
      if (failed(*typeResult))
        return {};
      source = maybeSource;
      continue;
    }
    if (parser.parseAttribute(layout))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (elementTypeOfSource(source) != elementType) {
    parser.emitError(parser.getNameLoc(),
                     "expects the view element type to match its source");
    return {};
  }
  return parser.getChecked<TiledViewType>(parser.getContext(), source, shape,
                                          layout);
}

void TiledViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printDims(printer, getShape());
  printer << getElementType();
  if (getSourceType() != getElementType())
    printer << ", " << getSourceType();
  if (getLayout())
    printer << ", " << getLayout();
  printer << '>';
}

LogicalResult
TiledViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                      Type sourceType, ArrayRef<int64_t> shape,
                      Attribute layout) {
  if (shape.empty())
    return emitError() << "expects a tiled view of rank at least 1";
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << "expects positive tiled view dimensions";
  return success();
}
