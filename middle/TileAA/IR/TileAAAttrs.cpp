//===- TileAAAttrs.cpp - nv_tileaa attributes -----------------------------===//
#include "TileAA/IR/TileAADialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

#include "TileAA/IR/TileAAAttrsEnums.cpp.inc"
#include "TileAA/IR/TileAAInterfacesAttrs.cpp.inc"
#include "TileAA/IR/TileAAInterfacesOps.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "TileAA/IR/TileAAAttrs.cpp.inc"

void TileAADialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TileAA/IR/TileAAAttrs.cpp.inc"
      >();
}

Attribute TileAADialect::parseAttribute(DialectAsmParser &parser,
                                        Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute value;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, value);
  if (result.has_value())
    return value;
  // Legacy spelling: `compute-capability` lexes as `compute`, `-`, `capability`
  // and denotes the same attribute; the printer only emits the new spelling.
  if (mnemonic == "compute" && succeeded(parser.parseOptionalMinus()) &&
      succeeded(parser.parseOptionalKeyword("capability")))
    return ComputeCapabilityAttr::parse(parser, type);
  parser.emitError(loc, "unknown nv_tileaa attribute: ") << mnemonic;
  return {};
}

void TileAADialect::printAttribute(Attribute attr,
                                   DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

//===----------------------------------------------------------------------===//
// Target and kernel configuration
//===----------------------------------------------------------------------===//

LogicalResult
TargetSpecAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       unsigned computeCapability, StringAttr archSuffix,
                       std::optional<unsigned> ptxVersion) {
  if (computeCapability < 50 || computeCapability > 999)
    return emitError()
           << "expects a compute capability in sm_50 .. sm_999, but got "
           << computeCapability;
  if (archSuffix && !llvm::is_contained({"", "a", "f"}, archSuffix.getValue()))
    return emitError() << "expects archSuffix to be \"\", \"a\" or \"f\"";
  return success();
}

LogicalResult
KernelSpecAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       unsigned numWarps, ArrayRef<int64_t> clusterDim,
                       std::optional<unsigned> occupancy,
                       std::optional<unsigned> maxRegisters) {
  if (numWarps == 0)
    return emitError() << "expects numWarps to be positive";
  if (!clusterDim.empty() &&
      (clusterDim.size() != 3 ||
       llvm::any_of(clusterDim, [](int64_t d) { return d <= 0; })))
    return emitError() << "expects clusterDim to be three positive extents";
  return success();
}

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

bool ConvParamsAttr::isConsistent() const {
  size_t rank = getStrides().size();
  return getPadLow().size() == rank && getPadHigh().size() == rank &&
         getDilations().size() == rank;
}

//===----------------------------------------------------------------------===//
// Assumption predicates
//===----------------------------------------------------------------------===//

static Type elementOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  return type;
}

static std::optional<ArrayRef<int64_t>> rankedShape(Type type) {
  return TypeSwitch<Type, std::optional<ArrayRef<int64_t>>>(type)
      .Case<RankedTensorType, TileMemRefType, TiledViewType>(
          [](auto t) { return t.getShape(); })
      .Default([](Type) { return ArrayRef<int64_t>(); });
}

LogicalResult DivByAttr::verifyWithAssumeOp(Type type, Operation *op) const {
  Type element = elementOf(type);
  bool integerLike = element.isIntOrIndex();
  bool pointerLike = isa<PtrType>(element);
  bool memrefLike = isa<TileMemRefType, TiledViewType>(type);
  if (!integerLike && !pointerLike && !memrefLike)
    return op->emitOpError(
        "div_by requires an integer-, pointer-, or memref-like value");
  if (getDivisor() <= 0 || !llvm::isPowerOf2_64(getDivisor()))
    return op->emitOpError("div_by divisor must be a positive power of two");
  if (getEvery().has_value() != getAlong().has_value())
    return op->emitOpError("div_by every and along must appear together");
  if (getEvery()) {
    if (*getEvery() <= 0)
      return op->emitOpError("div_by every must be positive");
    int64_t rank = rankedShape(type)->size();
    if (*getAlong() < 0 || *getAlong() >= rank)
      return op->emitOpError("div_by along must reference a valid axis");
  }
  return success();
}

bool DivByAttr::isElementwise() const { return !getEvery().has_value(); }

LogicalResult BoundedAttr::verifyWithAssumeOp(Type type, Operation *op) const {
  Type element = elementOf(type);
  if (!element.isIntOrIndex())
    return op->emitOpError("bounded requires an integer-like element type");
  unsigned width = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  auto inRange = [&](int64_t v) {
    if (width >= 64)
      return true;
    int64_t lo = -(int64_t(1) << (width - 1));
    int64_t hi = (int64_t(1) << (width - 1)) - 1;
    return v >= lo && v <= hi;
  };
  if (getLower() && !inRange(*getLower()))
    return op->emitOpError(
        "bounded lower exceeds the element's representable range");
  if (getUpper() && !inRange(*getUpper()))
    return op->emitOpError(
        "bounded upper exceeds the element's representable range");
  if (getLower() && getUpper() && *getLower() > *getUpper())
    return op->emitOpError("bounded lower must not exceed upper");
  return success();
}

bool BoundedAttr::isElementwise() const { return true; }

LogicalResult SameElementsAttr::verifyWithAssumeOp(Type type,
                                                   Operation *op) const {
  ArrayRef<int64_t> shape = *rankedShape(type);
  if (getValues().size() != shape.size())
    return op->emitOpError(
        "same_elements length must match the constrained value's rank");
  for (auto [bound, dim] : llvm::zip_equal(getValues(), shape))
    if (bound < 0 || (!ShapedType::isDynamic(dim) && bound > dim))
      return op->emitOpError("same_elements axis bound is out of range");
  return success();
}

// A per-axis fact depends on the shape, so it cannot move through a splat.
bool SameElementsAttr::isElementwise() const { return false; }
