//===- CudaTileDenseConstant.cpp - `<elem: literal>` constants ------------===//
//
// The public syntax writes constant tiles as `<f32: [[1.0, 2.0], ...]>`,
// followed later by the tile type. Values are parsed element by element with
// the element type's semantics and stored as a builtin DenseElementsAttr over
// a tensor of the tile's shape.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {
/// A parsed literal: a flat list of element values plus the shape the
/// brackets described (empty for a bare scalar, which splats).
struct ParsedLiteral {
  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;
  SmallVector<int64_t> shape;
  bool isSplat = true;
};

class LiteralParser {
public:
  LiteralParser(AsmParser &parser, Type elementType)
      : parser(parser), elementType(elementType) {}

  ParseResult parse(ParsedLiteral &result) {
    if (succeeded(parser.parseOptionalLSquare())) {
      result.isSplat = false;
      std::optional<SmallVector<int64_t>> shape;
      if (parseList(result, shape))
        return failure();
      result.shape = std::move(*shape);
      return success();
    }
    return parseElement(result);
  }

private:
  /// Parses the rest of a `[`-opened list; `shape` receives its shape.
  ParseResult parseList(ParsedLiteral &result,
                        std::optional<SmallVector<int64_t>> &shape) {
    std::optional<SmallVector<int64_t>> elementShape;
    int64_t count = 0;
    auto parseOne = [&]() -> ParseResult {
      SMLoc loc = parser.getCurrentLocation();
      std::optional<SmallVector<int64_t>> thisShape;
      if (succeeded(parser.parseOptionalLSquare())) {
        if (parseList(result, thisShape))
          return failure();
      } else {
        if (parseElement(result))
          return failure();
        thisShape = SmallVector<int64_t>();
      }
      if (elementShape && *elementShape != *thisShape)
        return parser.emitError(
            loc, "tensor literal is invalid; ranks are not consistent "
                 "between elements");
      elementShape = thisShape;
      ++count;
      return success();
    };
    if (failed(parser.parseOptionalRSquare())) {
      if (parser.parseCommaSeparatedList(parseOne) || parser.parseRSquare())
        return failure();
    }
    shape = SmallVector<int64_t>{count};
    if (elementShape)
      shape->append(elementShape->begin(), elementShape->end());
    return success();
  }

  ParseResult parseElement(ParsedLiteral &result) {
    SMLoc loc = parser.getCurrentLocation();
    if (auto intType = dyn_cast<IntegerType>(elementType))
      return parseIntElement(result, loc, intType.getWidth());
    if (auto floatType = dyn_cast<FloatType>(elementType))
      return parseFloatElement(result, loc, floatType);
    return parser.emitError(loc, "unsupported constant element type ")
           << elementType;
  }

  ParseResult parseIntElement(ParsedLiteral &result, SMLoc loc,
                              unsigned width) {
    if (succeeded(parser.parseOptionalKeyword("true")) ||
        succeeded(parser.parseOptionalKeyword("false"))) {
      if (width != 1)
        return parser.emitError(loc, "expected integer value");
      bool value = StringRef(loc.getPointer()).starts_with("true");
      result.ints.push_back(APInt(1, value));
      return success();
    }
    APInt value;
    OptionalParseResult parsed = parser.parseOptionalInteger(value);
    if (!parsed.has_value())
      return parser.emitError(loc, "expected integer value");
    if (failed(*parsed))
      return failure();
    bool negative = value.isNegative();
    // Non-negative literals may use the full unsigned range (0xFFFF for i16).
    unsigned needed = negative ? value.getSignificantBits() : value.getActiveBits();
    if (needed > width)
      return parser.emitError(loc, "integer constant out of range for type");
    result.ints.push_back(value.sextOrTrunc(width));
    return success();
  }

  ParseResult parseFloatElement(ParsedLiteral &result, SMLoc loc,
                                FloatType floatType) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    StringRef text(loc.getPointer());
    bool negative = text.consume_front("-");
    text = text.ltrim();
    // A hexadecimal literal gives the bit pattern of the value.
    if (text.starts_with("0x") || text.starts_with("0X")) {
      if (negative)
        return parser.emitError(loc, "hexadecimal float literal should not "
                                     "have a leading minus");
      APInt bits;
      OptionalParseResult parsed = parser.parseOptionalInteger(bits);
      if (!parsed.has_value() || failed(*parsed))
        return failure();
      unsigned width = APFloat::getSizeInBits(semantics);
      if (bits.getActiveBits() > width)
        return parser.emitError(loc, "hexadecimal float constant out of range "
                                     "for type");
      result.floats.push_back(APFloat(semantics, bits.zextOrTrunc(width)));
      return success();
    }
    APFloat value(semantics);
    // Decimal literals beyond the type's range round to infinity, as in
    // NVIDIA's parser; only hexadecimal bit patterns must fit.
    if (parser.parseFloat(semantics, value))
      return failure();
    result.floats.push_back(value);
    return success();
  }

  AsmParser &parser;
  Type elementType;
};
} // namespace

static bool isSupportedConstantElementType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return llvm::is_contained({1u, 8u, 16u, 32u, 64u}, intType.getWidth()) &&
           intType.isSignless();
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type, FloatTF32Type,
             Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float4E2M1FNType>(type);
}

static ParseResult buildDenseAttr(OpAsmParser &parser, SMLoc literalLoc,
                                  SMLoc typeLoc,
                                  const ParsedLiteral &literal,
                                  Type elementType, Type resultType,
                                  Attribute &value) {
  auto tileType = dyn_cast<TileType>(resultType);
  if (!tileType)
    return parser.emitError(typeLoc,
                            "result #0 must be tile of i1 or i8 or i16 or i32 "
                            "or i64 or f16 or bf16 or f32 or f64 or tf32 or "
                            "f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN "
                            "values, but got ")
           << resultType;
  if (tileType.getElementType() != elementType)
    return parser.emitError(literalLoc, "mismatch between the element type: ")
           << elementType << " and the tile element type "
           << tileType.getElementType();
  ArrayRef<int64_t> shape = tileType.getShape();
  if (!literal.isSplat && ArrayRef<int64_t>(literal.shape) != shape) {
    auto diag = parser.emitError(literalLoc,
                                 "inferred shape of elements literal ([");
    llvm::interleaveComma(literal.shape, diag);
    diag << "]) does not match type ([";
    llvm::interleaveComma(shape, diag);
    return diag << "])";
  }
  auto tensorType = RankedTensorType::get(shape, elementType);
  if (isa<IntegerType>(elementType)) {
    if (literal.isSplat)
      value = DenseElementsAttr::get(tensorType, literal.ints.front());
    else
      value = DenseElementsAttr::get(tensorType, literal.ints);
  } else {
    if (literal.isSplat)
      value = DenseElementsAttr::get(tensorType, literal.floats.front());
    else
      value = DenseElementsAttr::get(tensorType, literal.floats);
  }
  return success();
}

/// Parses `<elem: literal>` into (literal, element type).
static ParseResult parseAngleLiteral(OpAsmParser &parser, SMLoc &literalLoc,
                                     Type &elementType,
                                     ParsedLiteral &literal) {
  if (parser.parseLess())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  OptionalParseResult typeResult = parseOptionalCudaTileType(parser, elementType);
  if (typeResult.has_value() && failed(*typeResult))
    return failure();
  if (!typeResult.has_value()) {
    // A bare word is reported as an unknown type, then (like NVIDIA's parser)
    // the missing element type is diagnosed as well.
    StringRef word;
    if (succeeded(parser.parseOptionalKeyword(&word)))
      parser.emitError(typeLoc, "unknown type: ") << word;
    elementType = Type();
  }
  if (!elementType || !isSupportedConstantElementType(elementType)) {
    auto diag = parser.emitError(typeLoc, "expect element type to be one of "
        "i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 "
        "or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got ");
    return diag << elementType;
  }
  literalLoc = parser.getCurrentLocation();
  if (parser.parseColon())
    return failure();
  literalLoc = parser.getCurrentLocation();
  LiteralParser literalParser(parser, elementType);
  if (literalParser.parse(literal) || parser.parseGreater())
    return failure();
  return success();
}

ParseResult mlir::cuda_tile::parseDenseConstant(OpAsmParser &parser,
                                                Attribute &value,
                                                Type &resultType) {
  SMLoc literalLoc;
  Type elementType;
  ParsedLiteral literal;
  if (parseAngleLiteral(parser, literalLoc, elementType, literal) ||
      parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, resultType))
    return failure();
  if (buildDenseAttr(parser, literalLoc, typeLoc, literal, elementType, resultType,
                     value))
    return failure();
  return success();
}

void mlir::cuda_tile::printDenseLiteral(AsmPrinter &printer, Attribute value) {
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense) {
    printer << value;
    return;
  }
  Type elementType = dense.getElementType();
  raw_ostream &os = printer.getStream();
  os << "<";
  printer.printType(elementType);
  os << ": ";
  auto printElement = [&](int64_t index) {
    if (auto intType = dyn_cast<IntegerType>(elementType)) {
      APInt v = dense.getValues<APInt>()[index];
      if (intType.getWidth() == 1)
        os << (v.isZero() ? "false" : "true");
      else
        os << v.getSExtValue();
      return;
    }
    APFloat v = dense.getValues<APFloat>()[index];
    printer.printFloat(v);
  };
  if (dense.isSplat()) {
    printElement(0);
    os << ">";
    return;
  }
  ArrayRef<int64_t> shape = dense.getType().getShape();
  // Emits the nested brackets of `shape` in row-major order.
  int64_t next = 0;
  std::function<void(unsigned)> printDim = [&](unsigned dim) {
    if (dim == shape.size()) {
      printElement(next++);
      return;
    }
    os << "[";
    for (int64_t i = 0; i < shape[dim]; ++i) {
      if (i)
        os << ", ";
      printDim(dim + 1);
    }
    os << "]";
  };
  if (shape.empty())
    printElement(0);
  else
    printDim(0);
  os << ">";
}

void mlir::cuda_tile::printDenseConstant(OpAsmPrinter &printer, Operation *,
                                         Attribute value, Type resultType) {
  printDenseLiteral(printer, value);
  printer << " : ";
  printCudaTileType(printer, resultType);
}
