//===- CudaTileMiscOps.cpp - assume, assert and print ops -----------------===//
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// Predicates print as `div_by<16>`; `#cuda_tile.div_by<16>` parses as well.
static ParseResult parseAssumePredicate(OpAsmParser &parser,
                                        Attribute &predicate) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(
          &keyword, {"div_by", "same_elements", "bounded"}))) {
    if (keyword == "div_by")
      predicate = DivByAttr::parse(parser, Type());
    else if (keyword == "same_elements")
      predicate = SameElementsAttr::parse(parser, Type());
    else
      predicate = BoundedAttr::parse(parser, Type());
    return success(predicate != nullptr);
  }
  if (parser.parseAttribute(predicate))
    return failure();
  if (!isa<AssumePredicateAttr>(predicate))
    return parser.emitError(loc, "expected assume predicate attribute");
  return success();
}

static void printAssumePredicate(OpAsmPrinter &printer, Operation *,
                                 Attribute predicate) {
  if (auto divBy = dyn_cast<DivByAttr>(predicate)) {
    printer << DivByAttr::getMnemonic();
    divBy.print(printer);
  } else if (auto same = dyn_cast<SameElementsAttr>(predicate)) {
    printer << SameElementsAttr::getMnemonic();
    same.print(printer);
  } else if (auto bounded = dyn_cast<BoundedAttr>(predicate)) {
    printer << BoundedAttr::getMnemonic();
    bounded.print(printer);
  } else {
    printer.printAttribute(predicate);
  }
}

/// Optional `-> token` result type (absent in 13.1 spellings).
static ParseResult parseOptionalTokenResult(OpAsmParser &parser,
                                            Type &resultType) {
  resultType = TokenType::get(parser.getContext());
  if (failed(parser.parseOptionalArrow()))
    return success();
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  if (!isa<TokenType>(type))
    return parser.emitError(loc, "expected token type, but got ") << type;
  return success();
}

static void printOptionalTokenResult(OpAsmPrinter &printer, Operation *,
                                     Type resultType) {
  printer << "-> ";
  printCudaTileType(printer, resultType);
}

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileMiscOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Dialect hooks
//===----------------------------------------------------------------------===//

namespace {
/// Names the debug info attributes after their mnemonics in printed IR:
/// `#di_file = #cuda_tile.di_file<...>`.
struct CudaTileDebugInfoAsmInterface : OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    return TypeSwitch<Attribute, AliasResult>(attr)
        .Case<DIFileAttr, DICompileUnitAttr, DISubprogramAttr,
              DILexicalBlockAttr>([&](auto node) {
          os << node.getMnemonic();
          return AliasResult::OverridableAlias;
        })
        .Default([](Attribute) { return AliasResult::NoAlias; });
  }
};
} // namespace

void CudaTileDialect::registerMiscOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileMiscOps.cpp.inc"
      >();
  addInterfaces<CudaTileDebugInfoAsmInterface>();
}

//===----------------------------------------------------------------------===//
// AssumeOp
//===----------------------------------------------------------------------===//

LogicalResult AssumeOp::verify() {
  return cast<AssumePredicateAttr>(getPredicate())
      .verifyWithAssume(getOperation(), getValue().getType());
}

OpFoldResult AssumeOp::fold(FoldAdaptor) {
  // Repeating the same fact adds nothing.
  if (auto producer = getValue().getDefiningOp<AssumeOp>())
    if (producer.getPredicate() == getPredicate())
      return getValue();
  return {};
}

void AssumeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "assume");
}

//===----------------------------------------------------------------------===//
// PrintTkoOp
//===----------------------------------------------------------------------===//

/// Counts the conversions of a printf format (`%%` is a literal percent
/// sign); fails with a diagnostic on an incomplete or unknown conversion.
static FailureOr<unsigned> countFormatConversions(Operation *op,
                                                  StringRef format) {
  unsigned count = 0;
  for (size_t i = 0, e = format.size(); i < e; ++i) {
    if (format[i] != '%')
      continue;
    if (++i == e)
      return op->emitOpError("found unterminated format expression");
    if (format[i] == '%')
      continue;
    i = format.find_first_not_of("-+ #0", i);           // flags
    if (i != StringRef::npos)
      i = format.find_first_not_of("0123456789", i);    // width
    if (i != StringRef::npos && format[i] == '.')
      i = format.find_first_not_of("0123456789", i + 1); // precision
    if (i != StringRef::npos)
      i = format.find_first_not_of("hlLqjzt", i);        // length
    if (i == StringRef::npos)
      return op->emitOpError("found unterminated format expression");
    if (!StringRef("diouxXfFeEgGaAcsp").contains(format[i]))
      return op->emitOpError("invalid conversion specifier '")
             << format[i] << "' in format string";
    ++count;
  }
  return count;
}

LogicalResult PrintTkoOp::verify() {
  FailureOr<unsigned> conversions = countFormatConversions(*this, getStr());
  if (failed(conversions))
    return failure();
  if (*conversions != getArgs().size())
    return emitOpError("incorrect number of operands: expected ")
           << *conversions << ", found " << getArgs().size();
  return success();
}
