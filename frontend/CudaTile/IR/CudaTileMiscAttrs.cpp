//===- CudaTileMiscAttrs.cpp - assume predicates, debug info attrs --------===//
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Assume predicates
//===----------------------------------------------------------------------===//

/// Largest divisor accepted by div_by (2^62): a limit of NVIDIA's encoding.
static constexpr uint64_t kMaxDivisor = uint64_t(1) << 62;

Attribute DivByAttr::parse(AsmParser &parser, Type) {
  uint64_t divisor = 0;
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult parsed = parser.parseOptionalInteger(divisor);
  if (!parsed.has_value()) {
    parser.emitError(loc, "failed to parse parameter 'divisor' which is "
                          "expected to be an integer");
    return {};
  }
  if (failed(*parsed))
    return {};
  std::optional<int64_t> every, along;
  if (succeeded(parser.parseOptionalComma())) {
    int64_t everyValue = 0, alongValue = 0;
    if (parser.parseKeyword("every") || parser.parseInteger(everyValue) ||
        parser.parseKeyword("along") || parser.parseInteger(alongValue))
      return {};
    every = everyValue;
    along = alongValue;
  }
  if (parser.parseGreater())
    return {};
  return DivByAttr::get(parser.getContext(), divisor, every, along);
}

void DivByAttr::print(AsmPrinter &printer) const {
  printer << "<" << getDivisor();
  if (getEvery())
    printer << ", every " << *getEvery() << " along " << *getAlong();
  printer << ">";
}

LogicalResult DivByAttr::verifyWithAssume(Operation *op, Type valueType) const {
  uint64_t divisor = getDivisor();
  if (!llvm::isPowerOf2_64(divisor))
    return op->emitOpError() << "'" << name << "' divisor must be a power of 2";
  if (getEvery().has_value() != getAlong().has_value())
    return op->emitOpError()
           << "'" << name << "' 'every'/'along' must be used in combination";
  if (divisor > kMaxDivisor)
    return op->emitOpError() << "'" << name << "' divisor is too large";

  if (isa<TensorViewType>(valueType)) {
    if (getEvery())
      return op->emitOpError()
             << "'" << name
             << "' 'every'/'along' cannot be used if the constrained value is "
                "a tensor_view";
    return success();
  }
  auto tile = dyn_cast<TileType>(valueType);
  auto notApplicable = [&] {
    return op->emitOpError()
           << "'" << name
           << "' is valid only for tile of integer/pointer or tensor_view "
              "values";
  };
  if (!tile)
    return notApplicable();
  if (getEvery() && tile.getRank() == 0)
    return op->emitOpError()
           << "'" << name
           << "' 'every'/'along' cannot be used if the constrained value is a "
              "0D tile";
  if (!isa<IntegerType, PointerType>(tile.getElementType()))
    return notApplicable();
  if (!getEvery())
    return success();
  int64_t along = *getAlong(), every = *getEvery();
  if (along < 0 || along >= tile.getRank())
    return op->emitOpError() << "'" << name << "' every_dim (" << along
                             << ") must be >= 0 and < tile rank ("
                             << tile.getRank() << ")";
  int64_t dimSize = tile.getShape()[along];
  if (every < 0 || every > dimSize)
    return op->emitOpError()
           << "expected '" << name
           << "' every_dim to be within 0 and the size of the respective "
              "dimension ("
           << dimSize << ")";
  return success();
}

LogicalResult SameElementsAttr::verifyWithAssume(Operation *op,
                                                 Type valueType) const {
  auto tile = dyn_cast<TileType>(valueType);
  if (!tile || !isa<IntegerType, PointerType>(tile.getElementType()))
    return op->emitOpError()
           << "'" << name
           << "' is valid only for tile of integer/pointer values";
  ArrayRef<int64_t> values = getValues().asArrayRef();
  if (static_cast<int64_t>(values.size()) != tile.getRank())
    return op->emitOpError()
           << "expected number of values in '" << name << "' ("
           << values.size() << ") to match rank of constrained tile ("
           << tile.getRank() << ")";
  for (auto [dim, value] : llvm::enumerate(values)) {
    int64_t size = tile.getShape()[dim];
    if (value < 0 || value > size)
      return op->emitOpError()
             << "expected '" << name << "' value " << dim
             << " to be within 0 and the size of the respective dimension ("
             << size << ")";
  }
  return success();
}

LogicalResult BoundedAttr::verifyWithAssume(Operation *op,
                                            Type valueType) const {
  auto tile = dyn_cast<TileType>(valueType);
  auto intType = tile ? dyn_cast<IntegerType>(tile.getElementType())
                      : IntegerType();
  if (!intType)
    return op->emitOpError()
           << "'" << name << "' is valid only for tile of integer values";
  unsigned width = intType.getWidth();
  int64_t minValue = llvm::minIntN(width), maxValue = llvm::maxIntN(width);
  auto outOfRange = [&](std::optional<int64_t> bound) {
    return bound && (*bound < minValue || *bound > maxValue);
  };
  if (outOfRange(getLb()))
    return op->emitOpError() << "'" << name
                             << "' expects lower bound to be within ["
                             << minValue << ", " << maxValue << "]";
  if (outOfRange(getUb()))
    return op->emitOpError() << "'" << name
                             << "' expects upper bound to be within ["
                             << minValue << ", " << maxValue << "]";
  if (getLb() && getUb() && *getLb() > *getUb())
    return op->emitOpError()
           << "'" << name
           << "' expects lower bound to be less than or equal to upper bound";
  return success();
}

//===----------------------------------------------------------------------===//
// Debug info class hierarchy
//===----------------------------------------------------------------------===//

bool DINodeAttr::classof(Attribute attr) {
  return isa<DIFileAttr, DICompileUnitAttr, DISubprogramAttr,
             DILexicalBlockAttr>(attr);
}

bool DIScopeAttr::classof(Attribute attr) {
  return isa<DIFileAttr, DICompileUnitAttr, DISubprogramAttr,
             DILexicalBlockAttr>(attr);
}

bool DILocalScopeAttr::classof(Attribute attr) {
  return isa<DISubprogramAttr, DILexicalBlockAttr>(attr);
}
