//===- CudaTileCoreOps.cpp - module, entry, constants, globals -----------===//
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/IR/CudaTileMiscUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileCoreOps.cpp.inc"

void CudaTileDialect::registerCoreOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileCoreOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ModuleOp
//===----------------------------------------------------------------------===//

void cuda_tile::ModuleOp::build(OpBuilder &builder, OperationState &state,
                     StringRef name) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addRegion()->emplaceBlock();
}

LogicalResult cuda_tile::ModuleOp::verify() {
  return verifyModuleDebugInfo(*this);
}

//===----------------------------------------------------------------------===//
// Function-like ops (entry, testing$func)
//===----------------------------------------------------------------------===//

/// Parses `@name(%a: type, ...) [-> results] [optimization_hints=<...>]
/// [attributes {...}] region`. Types may omit the `!cuda_tile.` prefix.
static ParseResult parseFunctionLike(OpAsmParser &parser, OperationState &state,
                                     StringRef functionTypeName,
                                     bool allowHints) {
  Builder &builder = parser.getBuilder();
  StringAttr name;
  if (parser.parseSymbolName(name, mlir::SymbolTable::getSymbolAttrName(),
                             state.attributes))
    return failure();

  SmallVector<OpAsmParser::Argument> arguments;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument &arg = arguments.emplace_back();
            if (parser.parseArgument(arg, /*allowType=*/false,
                                     /*allowAttrs=*/false) ||
                parser.parseColon() || parseCudaTileType(parser, arg.type))
              return failure();
            NamedAttrList attrs;
            if (parser.parseOptionalAttrDict(attrs))
              return failure();
            arg.attrs = attrs.getDictionary(parser.getContext());
            return success();
          }))
    return failure();

  SmallVector<Type> resultTypes;
  if (succeeded(parser.parseOptionalArrow())) {
    if (succeeded(parser.parseOptionalLParen())) {
      if (failed(parser.parseOptionalRParen())) {
        if (parseCudaTileTypeList(parser, resultTypes) || parser.parseRParen())
          return failure();
      }
    } else if (parseCudaTileType(parser, resultTypes.emplace_back())) {
      return failure();
    }
  }

  SmallVector<Type> argTypes;
  for (OpAsmParser::Argument &arg : arguments)
    argTypes.push_back(arg.type);
  state.addAttribute(functionTypeName,
                     TypeAttr::get(builder.getFunctionType(argTypes, resultTypes)));

  if (allowHints && succeeded(parser.parseOptionalKeyword("optimization_hints"))) {
    Attribute hints;
    if (parser.parseEqual())
      return failure();
    SMLoc loc = parser.getCurrentLocation();
    hints = OptimizationHintsAttr::parse(parser, Type());
    if (!hints)
      return failure();
    (void)loc;
    if (!cast<OptimizationHintsAttr>(hints).getValue().empty())
      state.addAttribute("optimization_hints", hints);
  }
  if (parser.parseOptionalAttrDictWithKeyword(state.attributes))
    return failure();

  SmallVector<Attribute> argAttrs;
  bool anyArgAttrs = false;
  for (OpAsmParser::Argument &arg : arguments) {
    Attribute attrs = arg.attrs ? Attribute(arg.attrs) : builder.getDictionaryAttr({});
    anyArgAttrs |= arg.attrs && !arg.attrs.empty();
    argAttrs.push_back(attrs);
  }
  if (anyArgAttrs)
    state.addAttribute("arg_attrs", builder.getArrayAttr(argAttrs));

  Region *body = state.addRegion();
  if (parser.parseRegion(*body, arguments, /*enableNameShadowing=*/false))
    return failure();
  // `{}` is an empty body: it gets the implicit `return` below.
  if (body->empty())
    body->emplaceBlock();
  // The implicit `return` is added by the SingleBlockImplicitTerminator trait.
  EntryOp::ensureTerminator(*body, builder, state.location);
  // Discardable attributes may also follow the body (`} {cuda_tile.loop_split
  // = 0}`), as in the public tests.
  return parser.parseOptionalAttrDict(state.attributes);
}

static void printFunctionLike(OpAsmPrinter &printer, FunctionOpInterface op,
                              ArrayRef<StringRef> elided, Attribute hints) {
  printer << " ";
  printer.printSymbolName(op.getName());
  printer << "(";
  Region &body = op.getFunctionBody();
  ArrayAttr argAttrs = op.getArgAttrsAttr();
  llvm::interleaveComma(llvm::enumerate(body.getArguments()), printer,
                        [&](auto indexed) {
    printer.printOperand(indexed.value());
    printer << ": ";
    printCudaTileType(printer, indexed.value().getType());
    if (argAttrs) {
      auto dict = cast<DictionaryAttr>(argAttrs[indexed.index()]);
      if (!dict.empty())
        printer.printOptionalAttrDict(dict.getValue());
    }
  });
  printer << ")";
  ArrayRef<Type> results = op.getResultTypes();
  if (!results.empty()) {
    printer << " -> ";
    if (results.size() > 1)
      printer << "(";
    llvm::interleaveComma(results, printer,
                          [&](Type t) { printCudaTileType(printer, t); });
    if (results.size() > 1)
      printer << ")";
  }
  if (hints) {
    printer << " optimization_hints=";
    cast<OptimizationHintsAttr>(hints).print(printer);
  }
  printer.printOptionalAttrDictWithKeyword(op->getAttrs(), elided);
  printer << " ";
  // Like NVIDIA's printer, always show the terminator (and its location).
  printer.printRegion(body, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
}

static constexpr StringRef kFunctionElidedAttrs[] = {
    "sym_name", "function_type", "arg_attrs", "res_attrs", "optimization_hints"};

ParseResult EntryOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFunctionLike(parser, result, getFunctionTypeAttrName(result.name),
                           /*allowHints=*/true);
}

void EntryOp::print(OpAsmPrinter &printer) {
  printFunctionLike(printer, *this, kFunctionElidedAttrs,
                    getOptimizationHintsAttr());
}

LogicalResult EntryOp::verify() {
  if (!getFunctionType().getResults().empty())
    return emitOpError("entry op must not return values");
  // As in NVIDIA's dialect only shaped tiles are rejected here; the
  // compiler reports other non-scalar parameters when it lowers the kernel.
  for (Type type : getFunctionType().getInputs()) {
    auto tile = dyn_cast<TileType>(type);
    if (tile && tile.getRank() != 0)
      return emitOpError("entry op must have scalar types (rank 0 !cuda_tile.tile)");
  }
  if (failed(verifyFunctionDebugInfo(*this)))
    return failure();
  return verifyOptimizationHints(*this, getOptimizationHintsAttr());
}

LogicalResult EntryOp::verifyRegions() {
  return verifyFunctionBodyDebugInfo(*this);
}

ParseResult TestingFuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFunctionLike(parser, result, getFunctionTypeAttrName(result.name),
                           /*allowHints=*/false);
}

void TestingFuncOp::print(OpAsmPrinter &printer) {
  printFunctionLike(printer, *this, kFunctionElidedAttrs, Attribute());
}

LogicalResult TestingFuncOp::verify() {
  return verifyFunctionDebugInfo(*this);
}

LogicalResult TestingFuncOp::verifyRegions() {
  return verifyFunctionBodyDebugInfo(*this);
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  // `return` may also end an `if` branch: check against the enclosing function.
  auto function = (*this)->getParentOfType<FunctionOpInterface>();
  if (!function)
    return emitOpError("expects to be nested in a function");
  ArrayRef<Type> results = function.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError("has ")
           << getNumOperands() << " operands, but enclosing function (@"
           << function.getName() << ") returns " << results.size();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(getOperandTypes(), results))) {
    auto [actual, expected] = pair;
    if (actual != expected)
      return emitError() << "type of return operand " << index << " ("
                         << actual << ") doesn't match function result type ("
                         << expected << ") in function @" << function.getName();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify() {
  auto dense = dyn_cast<DenseElementsAttr>(getValue());
  if (!dense)
    return emitOpError("expected a dense elements value");
  auto tile = cast<TileType>(getType());
  if (dense.getType().getShape() != tile.getShape() ||
      dense.getElementType() != tile.getElementType())
    return emitOpError("value type ")
           << dense.getType() << " does not match the result type " << tile;
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "cst");
}

//===----------------------------------------------------------------------===//
// GlobalOp: global [private|public] [constant] @name [alignment = N]
//           <elem: literal> : tile<...>
//===----------------------------------------------------------------------===//

ParseResult GlobalOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  StringRef visibility;
  if (succeeded(parser.parseOptionalKeyword(&visibility, {"private", "public", "nested"})))
    if (visibility != "public")
      result.addAttribute(getSymVisibilityAttrName(result.name),
                          builder.getStringAttr(visibility));
  if (succeeded(parser.parseOptionalKeyword("constant")))
    result.addAttribute(getConstantAttrName(result.name), builder.getUnitAttr());
  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("alignment"))) {
    int64_t alignment;
    if (parser.parseEqual() || parser.parseInteger(alignment))
      return failure();
    result.addAttribute(getAlignmentAttrName(result.name),
                        builder.getI64IntegerAttr(alignment));
  }
  Attribute value;
  Type type;
  if (parseDenseConstant(parser, value, type))
    return failure();
  result.addAttribute(getValueAttrName(result.name), value);
  return parser.parseOptionalAttrDict(result.attributes);
}

void GlobalOp::print(OpAsmPrinter &printer) {
  if (auto visibility = getSymVisibility(); visibility && *visibility != "public")
    printer << " " << *visibility;
  if (getConstant())
    printer << " constant";
  printer << " ";
  printer.printSymbolName(getSymName());
  if (getAlignment() != 0)
    printer << " alignment = " << getAlignment();
  printer << " ";
  auto dense = cast<DenseElementsAttr>(getValue());
  printDenseLiteral(printer, dense);
  printer << " : ";
  printCudaTileType(printer, TileType::get(dense.getType().getShape(),
                                           dense.getElementType()));
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {"sym_visibility", "constant", "sym_name",
                                 "alignment", "value"});
}

LogicalResult GlobalOp::verify() {
  auto dense = dyn_cast<DenseElementsAttr>(getValue());
  if (!dense)
    return emitOpError("expected a dense elements value");
  if (dense.getType().getRank() != 1)
    return emitOpError("type must have rank 1");
  int64_t alignment = getAlignment();
  if (alignment != 0) {
    if (alignment < 0 || !llvm::isPowerOf2_64(alignment))
      return emitOpError("'alignment' must be power of two");
    Type elementType = dense.getElementType();
    int64_t natural = std::max<int64_t>(1, elementType.getIntOrFloatBitWidth() / 8);
    if (alignment < natural)
      return emitOpError("'alignment' (")
             << alignment << ") must be at least the natural size (" << natural
             << " bytes) for element type " << elementType;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// GetGlobalOp
//===----------------------------------------------------------------------===//

LogicalResult GetGlobalOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto global = symbols.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("'") << getName() << "' does not reference a valid global";
  auto pointer = cast<PointerType>(cast<TileType>(getType()).getElementType());
  Type elementType = cast<DenseElementsAttr>(global.getValue()).getElementType();
  if (pointer.getPointeeType() != elementType)
    return emitOpError("pointee type of result type ")
           << pointer << " does not match type " << elementType
           << " of the global @" << getName();
  return success();
}
