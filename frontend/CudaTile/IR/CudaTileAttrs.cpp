//===- CudaTileAttrs.cpp - cuda_tile attributes ---------------------------===//
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "CudaTile/IR/CudaTileAttrsEnums.cpp.inc"
#include "CudaTile/IR/CudaTileInterfacesAttrs.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "CudaTile/IR/CudaTileAttrs.cpp.inc"

void CudaTileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "CudaTile/IR/CudaTileAttrs.cpp.inc"
      >();
}

Attribute CudaTileDialect::parseAttribute(DialectAsmParser &parser,
                                          Type type) const {
  StringRef mnemonic;
  Attribute attr;
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return succeeded(*result) ? attr : Attribute();
  parser.emitError(loc, "unknown cuda_tile attribute: ") << mnemonic;
  return Attribute();
}

void CudaTileDialect::printAttribute(Attribute attr,
                                     DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

//===----------------------------------------------------------------------===//
// OptimizationHintsAttr: <sm_100 = {num_cta_in_cga = 2}, sm_120 = {...}>
//===----------------------------------------------------------------------===//

/// Structural rule, shared by the parser and the verifier: each architecture
/// maps to a dictionary of hints.
static LogicalResult
verifyHintEntry(function_ref<InFlightDiagnostic()> emitError,
                NamedAttribute entry) {
  if (isa<DictionaryAttr>(entry.getValue()))
    return success();
  return emitError()
         << "expected dictionary attribute for optimization_hints entry `"
         << entry.getName().getValue() << "` got value=" << entry.getValue();
}

Attribute OptimizationHintsAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  NamedAttrList entries;
  if (parser.parseLess())
    return Attribute();
  if (failed(parser.parseOptionalGreater())) {
    auto parseEntry = [&]() -> ParseResult {
      std::string key;
      Attribute value;
      if (parser.parseKeywordOrString(&key) || parser.parseEqual() ||
          parser.parseAttribute(value))
        return failure();
      auto emitError = [&] {
        return parser.emitError(parser.getCurrentLocation());
      };
      if (entries.get(key))
        return emitError() << "duplicate optimization_hints key `" << key
                           << "`";
      NamedAttribute entry(StringAttr::get(context, key), value);
      if (failed(verifyHintEntry(emitError, entry)))
        return failure();
      entries.push_back(entry);
      return success();
    };
    if (parser.parseCommaSeparatedList(parseEntry) || parser.parseGreater())
      return Attribute();
  }
  return OptimizationHintsAttr::get(context, entries.getDictionary(context));
}

void OptimizationHintsAttr::print(AsmPrinter &printer) const {
  // Hint values print without their type: `{num_cta_in_cga = 2}`.
  printer << "<";
  llvm::interleaveComma(getValue(), printer, [&](NamedAttribute entry) {
    printer.printKeywordOrString(entry.getName().getValue());
    printer << " = ";
    auto hints = dyn_cast<DictionaryAttr>(entry.getValue());
    if (!hints) {
      printer.printAttribute(entry.getValue());
      return;
    }
    printer << "{";
    llvm::interleaveComma(hints, printer, [&](NamedAttribute hint) {
      printer.printKeywordOrString(hint.getName().getValue());
      printer << " = ";
      printer.printAttributeWithoutType(hint.getValue());
    });
    printer << "}";
  });
  printer << ">";
}

LogicalResult
OptimizationHintsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              DictionaryAttr value) {
  for (NamedAttribute entry : value)
    if (failed(verifyHintEntry(emitError, entry)))
      return failure();
  return success();
}

std::optional<int64_t> OptimizationHintsAttr::getIntHint(StringRef sm,
                                                         StringRef hint) const {
  for (StringRef key : {sm, StringRef("default")}) {
    auto hints = dyn_cast_or_null<DictionaryAttr>(getValue().get(key));
    if (!hints)
      continue;
    if (auto value = dyn_cast_or_null<IntegerAttr>(hints.get(hint)))
      return value.getInt();
  }
  return std::nullopt;
}
