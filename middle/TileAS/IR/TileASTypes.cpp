//===- TileASTypes.cpp - nv_tileas types ----------------------------------===//
#include "TileAS/IR/TileASDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_TYPEDEF_CLASSES
#include "TileAS/IR/TileASTypes.cpp.inc"

void TileASDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "TileAS/IR/TileASTypes.cpp.inc"
      >();
}

/// Parses `<DxDx...xelem` (static dims only); the caller parses the rest.
static ParseResult parseBox(AsmParser &parser, SmallVectorImpl<int64_t> &shape,
                            Type &elementType) {
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return failure();
  return success();
}

static void printBox(AsmPrinter &printer, ArrayRef<int64_t> shape,
                     Type elementType) {
  printer << "<";
  for (int64_t dim : shape)
    printer << dim << "x";
  printer << elementType;
}

static LogicalResult verifyBox(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType,
                               StringRef what) {
  if (shape.empty())
    return emitError() << what << " must have at least one dimension";
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << what << " dimensions must be positive";
  if (!elementType.isIntOrIndexOrFloat())
    return emitError() << what << " element type must be an integer or float";
  return success();
}

Type TiledViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  unsigned addressSpace = 1;
  if (parseBox(parser, shape, elementType))
    return {};
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return {};
  if (parser.parseGreater())
    return {};
  return TiledViewType::getChecked(
      [&] { return parser.emitError(parser.getNameLoc()); },
      parser.getContext(), shape, elementType, addressSpace);
}

void TiledViewType::print(AsmPrinter &printer) const {
  printBox(printer, getShape(), getElementType());
  if (getAddressSpace() != 1)
    printer << ", " << getAddressSpace();
  printer << ">";
}

LogicalResult
TiledViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<int64_t> shape, Type elementType,
                      unsigned addressSpace) {
  return verifyBox(emitError, shape, elementType, "tiled_view");
}

Type TmaDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parseBox(parser, shape, elementType) || parser.parseGreater())
    return {};
  return TmaDescType::getChecked(
      [&] { return parser.emitError(parser.getNameLoc()); },
      parser.getContext(), shape, elementType);
}

void TmaDescType::print(AsmPrinter &printer) const {
  printBox(printer, getBoxShape(), getElementType());
  printer << ">";
}

LogicalResult TmaDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> boxShape,
                                  Type elementType) {
  if (failed(verifyBox(emitError, boxShape, elementType, "tma_desc box")))
    return failure();
  // cuTensorMapEncodeTiled limits: rank 1..5, each box dimension <= 256.
  if (boxShape.size() > 5)
    return emitError() << "tma_desc box rank must be at most 5";
  for (int64_t dim : boxShape)
    if (dim > 256)
      return emitError() << "tma_desc box dimensions must be at most 256";
  return success();
}
