//===- TileASLayoutAttrs.cpp - #nv_tileas.linear encodings -----------------===//
//
// The text inside `#nv_tileas.linear<...>` is LinearLayout's own text form,
// read token by token with the MLIR parser so that locations stay precise:
//   {in = [(c, ...), ...], ...} -> {out = size, ...}
//
//===----------------------------------------------------------------------===//
#include "TileAS/IR/TileASDialect.h"

#include "Layout/DistributedLayouts.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::nv_tileas;
using tilecc::layout::LinearLayout;

static ParseResult parseBasis(AsmParser &parser, LinearLayout::Basis &basis) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Paren, [&]() -> ParseResult {
        int32_t coord;
        if (parser.parseInteger(coord))
          return failure();
        basis.push_back(coord);
        return success();
      });
}

static ParseResult parseInDim(AsmParser &parser,
                              std::vector<LinearLayout::InDim> &ins) {
  LinearLayout::InDim in;
  if (parser.parseKeywordOrString(&in.name) || parser.parseEqual())
    return failure();
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            return parseBasis(parser, in.bases.emplace_back());
          }))
    return failure();
  ins.push_back(std::move(in));
  return success();
}

static ParseResult parseOutDim(AsmParser &parser,
                               std::vector<LinearLayout::OutDim> &outs) {
  LinearLayout::OutDim out;
  if (parser.parseKeywordOrString(&out.name) || parser.parseEqual() ||
      parser.parseInteger(out.size))
    return failure();
  outs.push_back(std::move(out));
  return success();
}

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  std::vector<LinearLayout::InDim> ins;
  std::vector<LinearLayout::OutDim> outs;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces,
                                     [&] { return parseInDim(parser, ins); }) ||
      parser.parseArrow() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces,
                                     [&] { return parseOutDim(parser, outs); }) ||
      parser.parseGreater())
    return {};
  llvm::Expected<LinearLayout> layout =
      LinearLayout::create(std::move(ins), std::move(outs));
  if (!layout) {
    parser.emitError(loc) << "invalid linear layout: "
                          << llvm::toString(layout.takeError());
    return {};
  }
  return parser.getChecked<LinearEncodingAttr>(loc, parser.getContext(),
                                               std::move(*layout));
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<" << getLayout().toString() << ">";
}

LogicalResult
LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           LinearLayout layout) {
  using namespace tilecc::layout;
  for (const LinearLayout::InDim &in : layout.getInDims())
    if (in.name != kRegister && in.name != kLane && in.name != kWarp)
      return emitError() << "linear encoding input '" << in.name
                         << "' must be register, lane or warp";
  for (auto [i, out] : llvm::enumerate(layout.getOutDims()))
    if (out.name != dimName(i))
      return emitError() << "linear encoding output " << i << " must be named '"
                         << dimName(i) << "', got '" << out.name << "'";
  if (layout.getInDimSize(kLane) != 32)
    return emitError() << "linear encoding must distribute over 32 lanes, got "
                       << layout.getInDimSize(kLane);
  return success();
}

int32_t LinearEncodingAttr::getNumRegisters() const {
  return getLayout().getInDimSize(tilecc::layout::kRegister);
}
int32_t LinearEncodingAttr::getNumLanes() const {
  return getLayout().getInDimSize(tilecc::layout::kLane);
}
int32_t LinearEncodingAttr::getNumWarps() const {
  return getLayout().getInDimSize(tilecc::layout::kWarp);
}

// A tensor's encoding must cover exactly its shape.
LogicalResult LinearEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  const LinearLayout &layout = getLayout();
  if (layout.getOutDims().size() != shape.size())
    return emitError() << "layout has " << layout.getOutDims().size()
                       << " dimensions but the tile has rank " << shape.size();
  for (auto [i, out] : llvm::enumerate(layout.getOutDims()))
    if (out.size != shape[i])
      return emitError() << "layout covers " << out.size
                         << " elements along dim " << i << " but the tile has "
                         << shape[i];
  return success();
}

LinearEncodingAttr LinearEncodingAttr::of(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? dyn_cast_or_null<LinearEncodingAttr>(tensor.getEncoding())
                : LinearEncodingAttr();
}
