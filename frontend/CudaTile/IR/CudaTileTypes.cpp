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

void mlir::cuda_tile::printCudaTileShape(AsmPrinter &printer,
                                         ArrayRef<int64_t> dims) {
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
  printCudaTileShape(printer, getShape());
  if (!getShape().empty())
    printer << "x";
  printCudaTileType(printer, getElementType());
  printer << ">";
}

/// Largest number of elements of a tile (2^24).
static constexpr int64_t kMaxTileElements = int64_t(1) << 24;

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType) {
  // Checked in the order of the public dialect: positivity, f4 element
  // count, powers of two, total size.
  if (llvm::any_of(shape, [](int64_t dim) { return dim <= 0; })) {
    auto diag = emitError() << "all dimensions must be positive constants, got ";
    llvm::interleaveComma(shape, diag);
    return diag;
  }
  // Saturates above the maximum so that huge shapes cannot overflow.
  int64_t count = 1;
  for (int64_t dim : shape)
    count = count > kMaxTileElements / dim ? kMaxTileElements + 1 : count * dim;
  bool evenCount = llvm::any_of(shape, [](int64_t dim) { return dim % 2 == 0; });
  if (isa<Float4E2M1FNType>(elementType) && !evenCount)
    return emitError() << "F4E2M1FN tiles must have an even number of elements";
  SmallVector<int64_t> bad;
  for (int64_t dim : shape)
    if (!llvm::isPowerOf2_64(dim))
      bad.push_back(dim);
  if (!bad.empty()) {
    auto diag = emitError() << "all dimensions must be powers of two, got ";
    llvm::interleaveComma(bad, diag);
    return diag;
  }
  if (count > kMaxTileElements)
    return emitError() << "tile would exceed the maximum of " << kMaxTileElements
                       << " elements";
  return success();
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                             Type elementType) const {
  return TileType::get(shape ? *shape : getShape(), elementType);
}

// The view types (tensor_view, partition_view, strided_view,
// gather_scatter_view) live in CudaTileViewTypes.cpp.
