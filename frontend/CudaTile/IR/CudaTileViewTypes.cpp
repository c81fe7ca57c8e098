//===- CudaTileViewTypes.cpp - tensor_view and the tile view types --------===//
//
// Parsing, printing and verification of tensor_view, partition_view,
// strided_view and gather_scatter_view. The diagnostics reproduce the public
// cuda_tile dialect word for word.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/Sequence.h"

#include <limits>

using namespace mlir;
using namespace mlir::cuda_tile;

/// Appends `[1, ?, 4]` to a diagnostic (`?` for dynamic values).
static InFlightDiagnostic appendDims(InFlightDiagnostic diag,
                                     ArrayRef<int64_t> values) {
  diag << "[";
  llvm::interleaveComma(values, diag, [&](int64_t value) {
    if (ShapedType::isDynamic(value))
      diag << "?";
    else
      diag << value;
  });
  diag << "]";
  return diag;
}


//===----------------------------------------------------------------------===//
// TensorViewType: tensor_view<4x?xf32, strides=[5,?]>, tensor_view<f32>
//===----------------------------------------------------------------------===//

/// Parses `[4, ?, 1]`. Explicit strides must be strictly positive, so that the
/// value used internally for `?` can never be written literally.
static ParseResult parseTensorViewStrides(AsmParser &parser,
                                          SmallVectorImpl<int64_t> &strides) {
  auto parseOne = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalQuestion())) {
      strides.push_back(ShapedType::kDynamic);
      return success();
    }
    int64_t value = 0;
    OptionalParseResult parsed = parser.parseOptionalInteger(value);
    if (!parsed.has_value())
      return parser.emitError(loc,
                              "expected either 64-bit integer or question mark");
    if (failed(*parsed))
      return failure();
    if (value <= 0)
      return parser.emitError(loc, "expected strictly positive integer, got ")
             << value;
    strides.push_back(value);
    return success();
  };
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseOne,
                                        "strides array");
}

Type TensorViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape, strides;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parseCudaTileType(parser, elementType))
    return Type();

  if (shape.empty()) {
    // A 0-d view has no strides at all.
    if (succeeded(parser.parseOptionalComma())) {
      if (succeeded(parser.parseOptionalKeyword("strides")))
        parser.emitError(parser.getCurrentLocation(),
                         "strides must not be provided for 0-d tiles");
      else
        parser.emitError(parser.getCurrentLocation(),
                         "unexpected token after element type in 0-d "
                         "tensor_view");
      return Type();
    }
  } else {
    if (failed(parser.parseOptionalComma())) {
      parser.emitError(parser.getCurrentLocation(), "expected 'strides'");
      return Type();
    }
    if (parser.parseKeyword("strides") || parser.parseEqual() ||
        parseTensorViewStrides(parser, strides))
      return Type();
  }
  if (parser.parseGreater())
    return Type();
  return parser.getChecked<TensorViewType>(loc, parser.getContext(),
                                           elementType, ArrayRef<int64_t>(shape),
                                           ArrayRef<int64_t>(strides));
}

void TensorViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printCudaTileShape(printer, getShape());
  if (!getShape().empty())
    printer << "x";
  printCudaTileType(printer, getElementType());
  if (!getShape().empty()) {
    printer << ", strides=[";
    llvm::interleave(
        getStrides(), printer.getStream(),
        [&](int64_t v) {
          if (ShapedType::isDynamic(v))
            printer << "?";
          else
            printer << v;
        },
        ",");
    printer << "]";
  }
  printer << ">";
}

LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type elementType, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> strides) {
  if (shape.size() != strides.size())
    return emitError() << "expected shape and stride to be of same rank but "
                          "got shape of rank "
                       << shape.size() << " and stride of rank "
                       << strides.size();
  auto isBad = [](int64_t v) { return v <= 0 && !ShapedType::isDynamic(v); };
  if (llvm::any_of(shape, isBad))
    return appendDims(
        emitError()
            << "dimensions must have strictly positive constant sizes but got ",
        shape);
  if (llvm::any_of(strides, isBad))
    return appendDims(
        emitError()
            << "dimensions must have strictly positive constant strides but "
               "got ",
        strides);
  return success();
}

size_t TensorViewType::getNumDynamicShapeDims() const {
  return llvm::count_if(getShape(), ShapedType::isDynamic);
}

size_t TensorViewType::getNumDynamicStrides() const {
  return llvm::count_if(getStrides(), ShapedType::isDynamic);
}

//===----------------------------------------------------------------------===//
// Pieces shared by the tile views
//===----------------------------------------------------------------------===//

/// Parses `tile=(2x4)` (or `tile=()`), checking that every size fits in i32.
static ParseResult parseViewTileShape(AsmParser &parser,
                                      SmallVectorImpl<int32_t> &tileShape) {
  SmallVector<int64_t> dims;
  if (parser.parseKeyword("tile") || parser.parseEqual())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    if (parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                  /*withTrailingX=*/false) ||
        parser.parseRParen())
      return failure();
  }
  for (auto [index, dim] : llvm::enumerate(dims)) {
    if (dim <= 0 || dim > std::numeric_limits<int32_t>::max())
      return parser.emitError(loc)
             << "tile dimension " << index << " exceeds i32 limitations (got "
             << dim << ", expected strictly positive and less than or equal to "
             << std::numeric_limits<int32_t>::max() << ")";
    tileShape.push_back(static_cast<int32_t>(dim));
  }
  return success();
}

/// Parses an optional `padding_value = zero ,`.
static ParseResult parseOptionalViewPadding(AsmParser &parser,
                                            PaddingValueAttr &padding) {
  if (failed(parser.parseOptionalKeyword("padding_value")))
    return success();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseEqual() || parser.parseKeyword(&keyword))
    return failure();
  std::optional<PaddingValue> value = symbolizePaddingValue(keyword);
  if (!value)
    return parser.emitError(loc)
           << "invalid padding_value attribute specification. Got \""
           << keyword
           << "\" but expect one of: zero, neg_zero, nan, pos_inf, neg_inf";
  padding = PaddingValueAttr::get(parser.getContext(), *value);
  return parser.parseComma();
}

/// Parses the viewed `tensor_view<...>`, with or without the dialect prefix.
static ParseResult parseViewedTensorView(AsmParser &parser,
                                         TensorViewType &tensorView) {
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  tensorView = dyn_cast<TensorViewType>(type);
  if (!tensorView)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected 'tensor_view' type, but got ")
           << type;
  return success();
}

/// Parses `[1, 0]` into 32-bit integers (negative values are diagnosed by the
/// type verifiers).
static ParseResult parseI32List(AsmParser &parser, SmallVectorImpl<int32_t> &out,
                                StringRef what) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square,
      [&]() -> ParseResult { return parser.parseInteger(out.emplace_back()); },
      what);
}

/// Parses an optional `, dim_map=[...]` (identity when absent) and the `>`.
static ParseResult parseDimMapAndClose(AsmParser &parser, size_t rank,
                                       SmallVectorImpl<int32_t> &dimMap) {
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("dim_map") || parser.parseEqual() ||
        parseI32List(parser, dimMap, "dim map"))
      return failure();
  } else {
    for (size_t i = 0; i < rank; ++i)
      dimMap.push_back(static_cast<int32_t>(i));
  }
  return parser.parseGreater();
}

static void printViewTileShape(AsmPrinter &printer, ArrayRef<int32_t> shape) {
  printer << "tile=(";
  llvm::interleave(shape, printer.getStream(), "x");
  printer << ")";
}

static void printViewPadding(AsmPrinter &printer, PaddingValueAttr padding) {
  if (padding)
    printer << "padding_value = " << stringifyPaddingValue(padding.getValue())
            << ", ";
}

static void printDimMap(AsmPrinter &printer, ArrayRef<int32_t> dimMap) {
  if (llvm::equal(dimMap, llvm::seq<int32_t>(0, dimMap.size())))
    return;
  printer << ", dim_map=[";
  llvm::interleaveComma(dimMap, printer);
  printer << "]";
}

/// Checks the tile shape against the viewed tensor_view: non-empty, same rank,
/// power-of-two sizes. `dimMap` is checked when given.
static LogicalResult
verifyViewTiling(function_ref<InFlightDiagnostic()> emitError,
                 ArrayRef<int32_t> tileShape, TensorViewType tensorView,
                 std::optional<ArrayRef<int32_t>> dimMap) {
  if (tileShape.empty())
    return emitError() << "0-dimension tile shape is not supported";
  size_t rank = tensorView.getShape().size();
  if (tileShape.size() != rank)
    return emitError() << "expected tensor_view rank and tile rank to match, "
                          "got tensor_view of rank "
                       << rank << " and tiles of rank " << tileShape.size();
  if (dimMap && dimMap->size() != tileShape.size())
    return emitError() << "expected dim_map to map exactly all "
                       << tileShape.size() << " dimensions of the tile, got "
                       << dimMap->size() << " mappings";
  if (llvm::any_of(tileShape, [](int32_t d) { return d <= 0; })) {
    auto diag = emitError()
                << "tile shape dimensions must have positive length but got [";
    llvm::interleaveComma(tileShape, diag);
    return diag << "]";
  }
  if (llvm::any_of(tileShape, [](int32_t d) { return (d & (d - 1)) != 0; })) {
    auto diag = emitError()
                << "tile shape dimensions must have power of two length but "
                   "got [";
    llvm::interleaveComma(tileShape, diag);
    return diag << "]";
  }
  if (dimMap) {
    SmallVector<std::optional<size_t>> mappedFrom(rank);
    for (auto [tileDim, target] : llvm::enumerate(*dimMap)) {
      if (target < 0)
        return emitError() << "target dimension must not be negative, got "
                           << target;
      if (static_cast<size_t>(target) >= rank)
        return emitError() << "target dimension is outside of tensor view "
                              "dimensions, expected strictly less than "
                           << rank << ", got " << target;
      if (mappedFrom[target])
        return emitError() << "target dimension " << target
                           << " mapped at least twice (for tile dimensions "
                           << *mappedFrom[target] << " and " << tileDim << ")";
      mappedFrom[target] = tileDim;
    }
  }
  return success();
}

/// The tile a view produces must itself be a valid tile, and the non-zero
/// padding values only make sense for floats.
static LogicalResult
verifyViewTileAndPadding(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int32_t> tileShape, TensorViewType tensorView,
                         PaddingValueAttr padding) {
  SmallVector<int64_t> shape(tileShape.begin(), tileShape.end());
  if (failed(TileType::verify(emitError, shape, tensorView.getElementType())))
    return failure();
  if (padding && padding.getValue() != PaddingValue::Zero &&
      !isa<FloatType>(tensorView.getElementType()))
    return emitError() << "padding_value "
                       << stringifyPaddingValue(padding.getValue())
                       << " can only be used with floating point element "
                          "types, got "
                       << tensorView.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// PartitionViewType:
//   partition_view<tile=(2x2), padding_value = zero, tensor_view<...>,
//                  dim_map=[1, 0]>
//===----------------------------------------------------------------------===//

Type PartitionViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> tileShape, dimMap;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  if (parser.parseLess() || parseViewTileShape(parser, tileShape) ||
      parser.parseComma() || parseOptionalViewPadding(parser, padding) ||
      parseViewedTensorView(parser, tensorView) ||
      parseDimMapAndClose(parser, tileShape.size(), dimMap))
    return Type();
  return parser.getChecked<PartitionViewType>(
      loc, parser.getContext(),
      DenseI32ArrayAttr::get(parser.getContext(), tileShape), tensorView,
      ArrayRef<int32_t>(dimMap), padding);
}

void PartitionViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printViewTileShape(printer, getTileShape().asArrayRef());
  printer << ", ";
  printViewPadding(printer, getPaddingValue());
  printCudaTileType(printer, getTensorView());
  printDimMap(printer, getDimMap());
  printer << ">";
}

LogicalResult
PartitionViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                          DenseI32ArrayAttr tileShape, TensorViewType tensorView,
                          ArrayRef<int32_t> dimMap, PaddingValueAttr padding) {
  if (failed(verifyViewTiling(emitError, tileShape.asArrayRef(), tensorView,
                              dimMap)))
    return failure();
  return verifyViewTileAndPadding(emitError, tileShape.asArrayRef(),
                                  tensorView, padding);
}

ArrayRef<int32_t> PartitionViewType::getViewTileShape() const {
  return getTileShape().asArrayRef();
}
unsigned PartitionViewType::getViewIndexRank() const {
  return getTileShape().size();
}
Type PartitionViewType::getViewElementType() const {
  return getTensorView().getElementType();
}

//===----------------------------------------------------------------------===//
// StridedViewType:
//   strided_view<tile=(2x2), traversal_strides=[2,1], padding_value = zero,
//                tensor_view<...>, dim_map=[1, 0]>
//===----------------------------------------------------------------------===//

Type StridedViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> tileShape, traversal, dimMap;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  if (parser.parseLess() || parseViewTileShape(parser, tileShape) ||
      parser.parseComma() || parser.parseKeyword("traversal_strides") ||
      parser.parseEqual() ||
      parseI32List(parser, traversal, "traversal strides") ||
      parser.parseComma() || parseOptionalViewPadding(parser, padding) ||
      parseViewedTensorView(parser, tensorView) ||
      parseDimMapAndClose(parser, tileShape.size(), dimMap))
    return Type();
  return parser.getChecked<StridedViewType>(
      loc, parser.getContext(),
      DenseI32ArrayAttr::get(parser.getContext(), tileShape),
      ArrayRef<int32_t>(traversal), tensorView, ArrayRef<int32_t>(dimMap),
      padding);
}

void StridedViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printViewTileShape(printer, getTileShape().asArrayRef());
  printer << ", traversal_strides=[";
  llvm::interleave(getTraversalStrides(), printer.getStream(), ",");
  printer << "], ";
  printViewPadding(printer, getPaddingValue());
  printCudaTileType(printer, getTensorView());
  printDimMap(printer, getDimMap());
  printer << ">";
}

LogicalResult
StridedViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                        DenseI32ArrayAttr tileShape,
                        ArrayRef<int32_t> traversalStrides,
                        TensorViewType tensorView, ArrayRef<int32_t> dimMap,
                        PaddingValueAttr padding) {
  ArrayRef<int32_t> shape = tileShape.asArrayRef();
  if (failed(verifyViewTiling(emitError, shape, tensorView, dimMap)))
    return failure();
  if (traversalStrides.size() != shape.size())
    return emitError() << "expected " << shape.size()
                       << " traversal strides, got " << traversalStrides.size();
  if (llvm::any_of(traversalStrides, [](int32_t s) { return s <= 0; })) {
    auto diag =
        emitError() << "traversal strides must be strictly positive but got [";
    llvm::interleaveComma(traversalStrides, diag);
    return diag << "]";
  }
  return verifyViewTileAndPadding(emitError, shape, tensorView, padding);
}

ArrayRef<int32_t> StridedViewType::getViewTileShape() const {
  return getTileShape().asArrayRef();
}
unsigned StridedViewType::getViewIndexRank() const {
  return getTileShape().size();
}
Type StridedViewType::getViewElementType() const {
  return getTensorView().getElementType();
}

//===----------------------------------------------------------------------===//
// GatherScatterViewType:
//   gather_scatter_view<tile=(16x16), padding_value = zero, tensor_view<...>,
//                       sparse_dim=0>
//===----------------------------------------------------------------------===//

Type GatherScatterViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> tileShape;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  uint32_t sparseDim = 0;
  if (parser.parseLess() || parseViewTileShape(parser, tileShape) ||
      parser.parseComma() || parseOptionalViewPadding(parser, padding) ||
      parseViewedTensorView(parser, tensorView) || parser.parseComma() ||
      parser.parseKeyword("sparse_dim") || parser.parseEqual() ||
      parser.parseInteger(sparseDim) || parser.parseGreater())
    return Type();
  return parser.getChecked<GatherScatterViewType>(
      loc, parser.getContext(),
      DenseI32ArrayAttr::get(parser.getContext(), tileShape), tensorView,
      sparseDim, padding);
}

void GatherScatterViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printViewTileShape(printer, getTileShape().asArrayRef());
  printer << ", ";
  printViewPadding(printer, getPaddingValue());
  printCudaTileType(printer, getTensorView());
  printer << ", sparse_dim=" << getSparseDim() << ">";
}

LogicalResult
GatherScatterViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                              DenseI32ArrayAttr tileShape,
                              TensorViewType tensorView, uint32_t sparseDim,
                              PaddingValueAttr padding) {
  ArrayRef<int32_t> shape = tileShape.asArrayRef();
  if (failed(verifyViewTiling(emitError, shape, tensorView, std::nullopt)))
    return failure();
  if (sparseDim >= tensorView.getShape().size())
    return emitError() << "gather dimension is outside of tensor view "
                          "dimensions, expected strictly less than "
                       << tensorView.getShape().size() << ", got "
                       << sparseDim;
  return verifyViewTileAndPadding(emitError, shape, tensorView, padding);
}

ArrayRef<int32_t> GatherScatterViewType::getViewTileShape() const {
  return getTileShape().asArrayRef();
}
unsigned GatherScatterViewType::getViewIndexRank() const {
  return getTileShape().size();
}
Type GatherScatterViewType::getViewElementType() const {
  return getTensorView().getElementType();
}
