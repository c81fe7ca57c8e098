//===- TileAAOpAsm.cpp - shared custom assembly of nv_tileaa ops ----------===//
#include "TileAA/IR/TileAAOpAsm.h"
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

static constexpr StringLiteral kSegments = "operandSegmentSizes";

ParseResult mlir::nv_tileaa::parseSegmentedMemOp(OpAsmParser &parser,
                                                 OperationState &result,
                                                 unsigned numSegments,
                                                 unsigned indexSegment) {
  using Operand = OpAsmParser::UnresolvedOperand;
  Operand base;
  SmallVector<Operand> indices, rest;
  SmallVector<Type> types, resultTypes;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperand(base) ||
      parser.parseOperandList(indices, AsmParser::Delimiter::OptionalSquare))
    return failure();
  while (succeeded(parser.parseOptionalComma()))
    if (parser.parseOperand(rest.emplace_back()))
      return failure();
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonTypeList(types))
    return failure();
  if (succeeded(parser.parseOptionalArrow()) &&
      parser.parseTypeList(resultTypes))
    return failure();

  unsigned leading = indexSegment - 1;
  if (rest.size() < leading)
    return parser.emitError(loc, "expects ")
           << leading << " operand(s) between the base and the indices";
  SmallVector<Operand> operands{base};
  operands.append(rest.begin(), rest.begin() + leading);
  operands.append(indices.begin(), indices.end());
  operands.append(rest.begin() + leading, rest.end());
  if (types.size() != operands.size())
    return parser.emitError(loc, "expects one type per operand, but got ")
           << types.size() << " types for " << operands.size() << " operands";

  bool hasToken = !types.empty() && isa<MemTokenType>(types.back());
  if (auto given = dyn_cast_if_present<DenseI32ArrayAttr>(
          result.attributes.get(kSegments))) {
    // Seed 004 spells the token as the last segment (`1, 2, 0, 1` for a
    // tokened tiled_load); seed 002 keeps it outside (`1, 2, 0, 0`). Accept
    // both and store the latter.
    SmallVector<int32_t> segments(given.asArrayRef());
    int64_t total = 0;
    for (int32_t size : segments)
      total += size;
    if (hasToken && total == int64_t(operands.size()) &&
        segments.size() == numSegments && segments.back() == 1) {
      segments.back() = 0;
      result.attributes.set(kSegments,
                            parser.getBuilder().getDenseI32ArrayAttr(segments));
    }
  } else {
    SmallVector<int32_t> segments(numSegments, 0);
    segments[0] = 1;
    for (unsigned i = 1; i < indexSegment; ++i)
      segments[i] = 1;
    segments[indexSegment] = indices.size();
    int64_t remaining = int64_t(rest.size()) - leading - (hasToken ? 1 : 0);
    for (unsigned i = indexSegment + 1; i < numSegments && remaining > 0; ++i) {
      segments[i] = 1;
      --remaining;
    }
    if (remaining > 0)
      return parser.emitError(loc, "too many operands for '")
             << result.name.getStringRef() << "'";
    result.addAttribute(kSegments,
                        parser.getBuilder().getDenseI32ArrayAttr(segments));
  }
  result.addTypes(resultTypes);
  return parser.resolveOperands(operands, types, loc, result.operands);
}

void mlir::nv_tileaa::printSegmentedMemOp(OpAsmPrinter &printer, Operation *op,
                                          ArrayRef<int32_t> segments,
                                          unsigned indexSegment) {
  OperandRange indices = getSegmentOperands(op, segments, indexSegment);
  printer << ' ' << op->getOperand(0);
  if (!indices.empty())
    printer << '[' << indices << ']';
  for (OpOperand &operand : op->getOpOperands()) {
    unsigned number = operand.getOperandNumber();
    if (number == 0 ||
        (!indices.empty() && number >= indices.getBeginOperandIndex() &&
         number < indices.getBeginOperandIndex() + indices.size()))
      continue;
    printer << ", " << operand.get();
  }
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : " << op->getOperandTypes();
  if (op->getNumResults())
    printer << " -> " << op->getResultTypes();
}

OperandRange mlir::nv_tileaa::getSegmentOperands(Operation *op,
                                                 ArrayRef<int32_t> segments,
                                                 unsigned index) {
  unsigned start = 0;
  for (unsigned i = 0; i < index && i < segments.size(); ++i)
    start += segments[i];
  unsigned size = index < segments.size() ? segments[index] : 0;
  // Malformed segments are reported by the verifier; keep accessors in range.
  start = std::min<unsigned>(start, op->getNumOperands());
  size = std::min<unsigned>(size, op->getNumOperands() - start);
  return op->getOperands().slice(start, size);
}

Value mlir::nv_tileaa::getTrailingToken(Operation *op,
                                        ArrayRef<int32_t> segments) {
  int64_t total = 0;
  for (int32_t s : segments)
    total += s;
  if (int64_t(op->getNumOperands()) != total + 1)
    return {};
  Value last = op->getOperands().back();
  return isa<MemTokenType>(last.getType()) ? last : Value();
}

ParseResult mlir::nv_tileaa::parseFlatSegmentedOp(
    OpAsmParser &parser, OperationState &result,
    function_ref<FailureOr<SmallVector<int32_t>>(TypeRange, TypeRange)> infer) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Type> types, resultTypes;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseTypeList(types) || parser.parseRParen())
      return failure();
  } else if (parser.parseTypeList(types)) {
    return failure();
  }
  if (parser.parseArrow() || parser.parseTypeList(resultTypes))
    return failure();
  if (!result.attributes.get(kSegments)) {
    FailureOr<SmallVector<int32_t>> segments = infer(types, resultTypes);
    if (failed(segments))
      return parser.emitError(loc, "cannot infer operandSegmentSizes for '")
             << result.name.getStringRef() << "'";
    result.addAttribute(kSegments,
                        parser.getBuilder().getDenseI32ArrayAttr(*segments));
  }
  result.addTypes(resultTypes);
  return parser.resolveOperands(operands, types, loc, result.operands);
}

void mlir::nv_tileaa::printFlatSegmentedOp(OpAsmPrinter &printer, Operation *op,
                                           bool parenthesize,
                                           bool elideSegments) {
  printer << ' ' << op->getOperands();
  SmallVector<StringRef> elided;
  if (elideSegments)
    elided.push_back(kSegments);
  printer.printOptionalAttrDict(op->getAttrs(), elided);
  printer << " : ";
  if (parenthesize)
    printer << '(';
  printer << op->getOperandTypes();
  if (parenthesize)
    printer << ')';
  printer << " -> " << op->getResultTypes();
}
