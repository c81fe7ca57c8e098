//===- CudaTileControlFlowOps.cpp - control flow, shape, reduction and MMA ops --===//
//
// Parsing, printing and verification of the structured control-flow ops
// (if/for/loop and their terminators). The shape, reduction and MMA verifiers
// live in CudaTileShapeOps.cpp, the `if` canonicalizations in
// CudaTileControlFlowCanonicalize.cpp.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileControlFlowUtils.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Custom directives used by the generated formats
//===----------------------------------------------------------------------===//

/// `signed` / `unsigned` keyword of `mmai`.
static ParseResult parseSignednessKeyword(OpAsmParser &parser,
                                          SignednessAttr &attr) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<Signedness> value = symbolizeSignedness(keyword);
  if (!value)
    return parser.emitError(loc, "expected 'signed' or 'unsigned'");
  attr = SignednessAttr::get(parser.getContext(), *value);
  return success();
}

static void printSignednessKeyword(OpAsmPrinter &printer, Operation *,
                                   SignednessAttr attr) {
  printer << stringifySignedness(attr.getValue());
}

/// Combiner region of reduce/scan: `(%a: tile<f32>, ...) { ... }` on its own
/// line; a missing `yield` is added, an empty `{}` is kept empty so that the
/// region-size check reports it.
static ParseResult parseArgumentRegion(OpAsmParser &parser, Region &region) {
  SmallVector<OpAsmParser::Argument> arguments;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument &arg = arguments.emplace_back();
            return failure(parser.parseArgument(arg, /*allowType=*/false) ||
                           parser.parseColon() ||
                           parseCudaTileType(parser, arg.type));
          }))
    return failure();
  if (parser.parseRegion(region, arguments, /*enableNameShadowing=*/false))
    return failure();
  if (!region.empty())
    ensureImplicitTerminator<YieldOp>(region, parser.getBuilder(),
                                      parser.getEncodedSourceLoc(
                                          parser.getCurrentLocation()));
  return success();
}

static void printArgumentRegion(OpAsmPrinter &printer, Operation *,
                                Region &region) {
  printer.printNewline();
  printer << "(";
  if (!region.empty())
    llvm::interleaveComma(region.getArguments(), printer, [&](BlockArgument arg) {
      printer.printOperand(arg);
      printer << ": ";
      printCudaTileType(printer, arg.getType());
    });
  printer << ") ";
  printer.printRegion(region, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
}

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileControlFlowOps.cpp.inc"

void CudaTileDialect::registerControlFlowOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileControlFlowOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

std::string cuda_tile::formatQuotedTypes(TypeRange types) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(types, os, [&](Type type) { os << "'" << type << "'"; });
  return text;
}

/// Rejects tensor_view and tile-view types (`what` names the position, e.g.
/// "result type" or "loop-carried value").
static LogicalResult verifyNoViewTypes(Operation *op, TypeRange types,
                                       StringRef what) {
  for (auto [index, type] : llvm::enumerate(types)) {
    if (isa<TensorViewType>(type))
      return op->emitOpError() << what << " " << index
                               << " is a tensor_view, which is not supported";
    if (isa<TileViewType>(type))
      return op->emitOpError() << what << " " << index
                               << " is a tile view, which is not supported";
  }
  return success();
}

/// Parses a non-empty comma-separated type list; a missing type reports
/// "expected valid keyword" like the public parser.
static ParseResult parseLoopTypeList(OpAsmParser &parser,
                                     SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    Type type;
    OptionalParseResult result = parseOptionalCudaTileType(parser, type);
    if (!result.has_value())
      return parser.emitError(loc, "expected valid keyword");
    if (failed(*result))
      return failure();
    types.push_back(type);
    return success();
  });
}

/// Walks up from a loop terminator through enclosing `if`s to the loop it
/// belongs to. Returns the first ancestor that is not an `if`.
static Operation *findLoopAncestor(Operation *terminator) {
  Operation *op = terminator->getParentOp();
  while (op && isa<IfOp>(op))
    op = op->getParentOp();
  return op;
}

static void printTypesInParens(InFlightDiagnostic &diag, TypeRange types) {
  diag << "(" << formatQuotedTypes(types) << ")";
}

//===----------------------------------------------------------------------===//
// ContinueOp / BreakOp
//===----------------------------------------------------------------------===//

LogicalResult ContinueOp::verify() {
  Operation *loop = findLoopAncestor(*this);
  if (!loop || !isa<ForOp, LoopOp>(loop)) {
    InFlightDiagnostic diag = emitOpError(
        "can only be nested within a ancestor chain of 'cuda_tile.for', "
        "'cuda_tile.loop', 'cuda_tile.if' operations");
    if (loop)
      diag.attachNote(loop->getLoc()) << "see unexpected ancestor operation";
    return diag;
  }
  TypeRange found = getOperandTypes();
  if (auto forOp = dyn_cast<ForOp>(loop)) {
    TypeRange expected = forOp.getResultTypes();
    if (found != expected) {
      InFlightDiagnostic diag =
          emitOpError("`for` is missing a valid terminator. `continue` op "
                      "should have operand types that match the parent loop "
                      "return types: ");
      printTypesInParens(diag, expected);
      diag << ", but found: ";
      printTypesInParens(diag, found);
      return diag;
    }
    return success();
  }
  TypeRange expected = cast<LoopOp>(loop).getInitValues().getTypes();
  if (found != expected) {
    InFlightDiagnostic diag =
        emitOpError("`loop` is missing a valid terminator. `continue` op "
                    "should have operand types that match the parent loop "
                    "iter_values: ");
    printTypesInParens(diag, expected);
    diag << ", but found: ";
    printTypesInParens(diag, found);
    return diag;
  }
  return success();
}

LogicalResult BreakOp::verify() {
  Operation *loop = findLoopAncestor(*this);
  if (!loop || !isa<LoopOp>(loop)) {
    InFlightDiagnostic diag =
        emitOpError("can only be nested within a ancestor chain of "
                    "'cuda_tile.loop', 'cuda_tile.if' operations");
    if (loop)
      diag.attachNote(loop->getLoc()) << "see unexpected ancestor operation";
    return diag;
  }
  if (getOperandTypes() != loop->getResultTypes())
    return emitOpError("operand types must correspond to the parent loop "
                       "result types");
  return success();
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

void IfOp::build(OpBuilder &builder, OperationState &state,
                 TypeRange resultTypes, Value condition, bool withElse) {
  state.addOperands(condition);
  state.addTypes(resultTypes);
  Region *thenRegion = state.addRegion();
  Region *elseRegion = state.addRegion();
  // Without results the branches are complete with an implicit `yield`;
  // otherwise the caller adds the yields.
  OpBuilder::InsertionGuard guard(builder);
  builder.createBlock(thenRegion);
  if (resultTypes.empty())
    builder.create<YieldOp>(state.location);
  if (withElse) {
    builder.createBlock(elseRegion);
    if (resultTypes.empty())
      builder.create<YieldOp>(state.location);
  }
}

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  OpAsmParser::UnresolvedOperand condition;
  if (parser.parseOperand(condition))
    return failure();
  SmallVector<Type> resultTypes;
  if (succeeded(parser.parseOptionalArrow())) {
    if (parser.parseLParen())
      return failure();
    if (failed(parser.parseOptionalRParen()) &&
        (parseCudaTileTypeList(parser, resultTypes) || parser.parseRParen()))
      return failure();
  }
  result.addTypes(resultTypes);

  Builder &builder = parser.getBuilder();
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parser.parseRegion(*thenRegion, /*arguments=*/{}))
    return failure();
  ensureImplicitTerminator<YieldOp>(*thenRegion, builder, result.location);
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parser.parseRegion(*elseRegion, /*arguments=*/{}))
      return failure();
    ensureImplicitTerminator<YieldOp>(*elseRegion, builder, result.location);
  }
  // Operands are resolved after the regions, like the public parser: a name
  // only defined inside a region is then reported as undeclared.
  Type i1Tile = TileType::get(ArrayRef<int64_t>(), IntegerType::get(ctx, 1));
  if (parser.resolveOperand(condition, i1Tile, result.operands))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

/// True when the terminator is the implicit one and need not be printed.
template <typename TerminatorOp>
static bool isImplicitTerminator(Region &region) {
  if (region.empty() || region.front().empty())
    return true;
  auto term = dyn_cast<TerminatorOp>(region.front().back());
  return term && term->getNumOperands() == 0 && term->getAttrs().empty();
}

void IfOp::print(OpAsmPrinter &printer) {
  printer << " " << getCondition();
  if (!getResults().empty()) {
    printer << " -> (";
    printCudaTileTypeList(printer, *this, getResultTypes());
    printer << ")";
  }
  printer << " ";
  printer.printRegion(getThenRegion(), /*printEntryBlockArgs=*/false,
                      !isImplicitTerminator<YieldOp>(getThenRegion()));
  if (!getElseRegion().empty()) {
    printer << " else ";
    printer.printRegion(getElseRegion(), /*printEntryBlockArgs=*/false,
                        !isImplicitTerminator<YieldOp>(getElseRegion()));
  }
  printer.printOptionalAttrDict((*this)->getAttrs());
}

/// Checks the yield of one branch against the `if` results.
static LogicalResult verifyBranchYield(IfOp op, Region &region,
                                       StringRef branch) {
  if (region.empty())
    return success();
  auto yield = dyn_cast<YieldOp>(region.front().back());
  // Branches that leave through continue/break/return yield nothing.
  if (!yield)
    return success();
  TypeRange results = op.getResultTypes();
  TypeRange yielded = yield.getOperandTypes();
  if (results.empty()) {
    if (!yielded.empty())
      return op.emitOpError("does not return a value, but ")
             << branch << " branch yields " << formatQuotedTypes(yielded);
    return success();
  }
  if (yielded.empty())
    return op.emitOpError("has return type of ")
           << formatQuotedTypes(results) << " but " << branch
           << " branch does not yield anything";
  if (yielded != results)
    return op.emitOpError("type does not match yield type, ")
           << branch << " branch yields " << formatQuotedTypes(yielded)
           << " but op result type is " << formatQuotedTypes(results);
  return success();
}

LogicalResult IfOp::verify() {
  if (failed(verifyNoViewTypes(*this, getResultTypes(), "result type")))
    return failure();
  if (!getResults().empty() && getElseRegion().empty())
    return emitOpError("has non-empty return type, must define else branch");
  if (failed(verifyBranchYield(*this, getThenRegion(), "then")) ||
      failed(verifyBranchYield(*this, getElseRegion(), "else")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// ForOp
//===----------------------------------------------------------------------===//

void ForOp::build(OpBuilder &builder, OperationState &state, Value lowerBound,
                  Value upperBound, Value step, ValueRange initValues) {
  state.addOperands({lowerBound, upperBound, step});
  state.addOperands(initValues);
  state.addTypes(initValues.getTypes());
  Region *body = state.addRegion();
  // The body block gets the induction variable and the iteration values; its
  // terminator is left to the caller.
  Block *block = new Block();
  body->push_back(block);
  block->addArgument(lowerBound.getType(), state.location);
  for (Value init : initValues)
    block->addArgument(init.getType(), state.location);
}

/// `iter_values(%a = %x, %b = %y)`
static ParseResult
parseIterValues(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::Argument> &regionArgs,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &inits) {
  return parser.parseAssignmentList(regionArgs, inits);
}

static void printIterValues(OpAsmPrinter &printer, ValueRange regionArgs,
                            ValueRange inits) {
  printer << " iter_values(";
  llvm::interleaveComma(llvm::zip(regionArgs, inits), printer, [&](auto pair) {
    printer << std::get<0>(pair) << " = " << std::get<1>(pair);
  });
  printer << ")";
}

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("unsigned")))
    result.addAttribute(getUnsignedCmpAttrName(result.name),
                        builder.getUnitAttr());
  SmallVector<OpAsmParser::Argument> regionArgs(1);
  OpAsmParser::UnresolvedOperand lowerBound, upperBound, step;
  Type boundType;
  if (parser.parseArgument(regionArgs[0]) || parser.parseKeyword("in") ||
      parser.parseLParen() || parser.parseOperand(lowerBound) ||
      parser.parseKeyword("to") || parser.parseOperand(upperBound) ||
      parser.parseComma() || parser.parseKeyword("step") ||
      parser.parseOperand(step) || parser.parseRParen() ||
      parser.parseColon() || parseCudaTileType(parser, boundType))
    return failure();
  regionArgs[0].type = boundType;

  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> types;
  SMLoc initsLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    SmallVector<OpAsmParser::Argument> iterArgs;
    SMLoc loc = parser.getCurrentLocation();
    initsLoc = loc;
    if (parseIterValues(parser, iterArgs, inits) || parser.parseArrow() ||
        parser.parseLParen() || parseLoopTypeList(parser, types) ||
        parser.parseRParen())
      return failure();
    if (iterArgs.size() != types.size())
      return parser.emitError(loc,
                              "found different number of iter_values and types");
    for (auto [arg, type] : llvm::zip(iterArgs, types)) {
      arg.type = type;
      regionArgs.push_back(arg);
    }
    result.addTypes(types);
  }

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, regionArgs, /*enableNameShadowing=*/false))
    return failure();
  ForOp::ensureTerminator(*body, builder, result.location);
  // Resolved after the body (see IfOp::parse).
  if (parser.resolveOperand(lowerBound, boundType, result.operands) ||
      parser.resolveOperand(upperBound, boundType, result.operands) ||
      parser.resolveOperand(step, boundType, result.operands) ||
      parser.resolveOperands(inits, types, initsLoc, result.operands))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void ForOp::print(OpAsmPrinter &printer) {
  if (getUnsignedCmp())
    printer << " unsigned";
  printer << " " << getInductionVar() << " in (" << getLowerBound() << " to "
          << getUpperBound() << ", step " << getStep() << ") : ";
  printCudaTileType(printer, getLowerBound().getType());
  if (!getInitValues().empty()) {
    printIterValues(printer, getRegionIterValues(), getInitValues());
    printer << " -> (";
    printCudaTileTypeList(printer, *this, getResultTypes());
    printer << ")";
  }
  printer << " ";
  printer.printRegion(getRegion(), /*printEntryBlockArgs=*/false,
                      !isImplicitTerminator<ContinueOp>(getRegion()));
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getUnsignedCmpAttrName()});
}

LogicalResult ForOp::verify() {
  if (failed(verifyNoViewTypes(*this, getInitValues().getTypes(),
                               "loop-carried value")) ||
      failed(verifyNoViewTypes(*this, getResultTypes(), "loop-carried value")))
    return failure();
  if (getInitValues().getTypes() != getResultTypes())
    return emitOpError("expects the result types to match the types of the "
                       "loop-carried values");
  return success();
}

LogicalResult ForOp::verifyRegions() {
  Block &body = getRegion().front();
  if (body.getNumArguments() == 0 ||
      body.getArgument(0).getType() != getLowerBound().getType())
    return emitOpError("expected induction variable to be same type as bounds");
  unsigned numIters = body.getNumArguments() - 1;
  if (numIters != getInitValues().size())
    return emitOpError("mismatch in number of region iterator values and loop "
                       "iterator inits: ")
           << numIters << " vs " << getInitValues().size();
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getInitValues(), getRegionIterValues()))) {
    Type initType = std::get<0>(pair).getType();
    Type iterType = std::get<1>(pair).getType();
    if (initType != iterType)
      return emitOpError("init value ")
             << index << " and region iter_value " << index
             << " have different type: " << initType << " != " << iterType;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// LoopOp
//===----------------------------------------------------------------------===//

void LoopOp::build(OpBuilder &builder, OperationState &state,
                   TypeRange resultTypes, ValueRange initValues) {
  state.addOperands(initValues);
  state.addTypes(resultTypes);
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Value init : initValues)
    block->addArgument(init.getType(), state.location);
}

ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> regionArgs;
  SmallVector<Type> resultTypes;
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> types;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    if (parseIterValues(parser, regionArgs, inits) || parser.parseColon() ||
        parseLoopTypeList(parser, types))
      return failure();
    if (regionArgs.size() != types.size())
      return parser.emitError(loc,
                              "found different number of iter_values and types");
    if (succeeded(parser.parseOptionalArrow()) &&
        parseLoopTypeList(parser, resultTypes))
      return failure();
    for (auto [arg, type] : llvm::zip(regionArgs, types))
      arg.type = type;
  } else if (succeeded(parser.parseOptionalColon())) {
    if (parseLoopTypeList(parser, resultTypes))
      return failure();
  }
  result.addTypes(resultTypes);

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, regionArgs, /*enableNameShadowing=*/false))
    return failure();
  ensureImplicitTerminator<ContinueOp>(*body, parser.getBuilder(),
                                       result.location);
  // Resolved after the body (see IfOp::parse).
  if (parser.resolveOperands(inits, types, loc, result.operands))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void LoopOp::print(OpAsmPrinter &printer) {
  if (!getInitValues().empty()) {
    printIterValues(printer, getRegionIterValues(), getInitValues());
    printer << " : ";
    printCudaTileTypeList(printer, *this, getInitValues().getTypes());
    if (!getResultValues().empty()) {
      printer << " -> ";
      printCudaTileTypeList(printer, *this, getResultTypes());
    }
  } else if (!getResultValues().empty()) {
    printer << " : ";
    printCudaTileTypeList(printer, *this, getResultTypes());
  }
  printer << " ";
  printer.printRegion(getRegion(), /*printEntryBlockArgs=*/false,
                      !isImplicitTerminator<ContinueOp>(getRegion()));
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult LoopOp::verify() {
  if (failed(verifyNoViewTypes(*this, getResultTypes(), "result type")) ||
      failed(verifyNoViewTypes(*this, getInitValues().getTypes(),
                               "loop-carried value")))
    return failure();
  return success();
}

LogicalResult LoopOp::verifyRegions() {
  Block &body = getRegion().front();
  if (body.getNumArguments() != getInitValues().size())
    return emitOpError("mismatch in number of region iterator values and loop "
                       "iterator inits: ")
           << body.getNumArguments() << " vs " << getInitValues().size();
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getInitValues(), body.getArguments()))) {
    Type initType = std::get<0>(pair).getType();
    Type iterType = std::get<1>(pair).getType();
    if (initType != iterType)
      return emitOpError("init value ")
             << index << " and region iter_value " << index
             << " have different type: " << initType << " != " << iterType;
  }
  return success();
}
