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

Attribute OptimizationHintsAttr::parse(AsmParser &parser, Type) {
  SmallVector<NamedAttribute> entries;
  if (parser.parseLess())
    return Attribute();
  if (failed(parser.parseOptionalGreater())) {
    auto parseEntry = [&]() -> ParseResult {
      std::string key;
      if (parser.parseKeywordOrString(&key) || parser.parseEqual())
        return failure();
      Attribute value;
      if (parser.parseAttribute(value))
        return failure();
      entries.push_back(
          NamedAttribute(StringAttr::get(parser.getContext(), key), value));
      return success();
    };
    if (parser.parseCommaSeparatedList(parseEntry) || parser.parseGreater())
      return Attribute();
  }
  return OptimizationHintsAttr::get(
      parser.getContext(), DictionaryAttr::get(parser.getContext(), entries));
}

void OptimizationHintsAttr::print(AsmPrinter &printer) const {
  printer << "<";
  llvm::interleaveComma(getValue(), printer, [&](NamedAttribute entry) {
    printer << entry.getName().getValue() << " = ";
    printer.printAttribute(entry.getValue());
  });
  printer << ">";
}
