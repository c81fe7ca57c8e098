//===- TileASAttrs.cpp - nv_tileas attributes -----------------------------===//
#include "TileAS/IR/TileASDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nv_tileas;

/// Atom names are bare keywords: `#nv_tileas<atom mma_f16_f16_f32>`.
static ParseResult parseAtomName(AsmParser &parser, std::string &name) {
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  name = keyword.str();
  return success();
}

static void printAtomName(AsmPrinter &printer, StringRef name) {
  printer << name;
}

#include "TileAS/IR/TileASAttrsEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "TileAS/IR/TileASAttrs.cpp.inc"

void TileASDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TileAS/IR/TileASAttrs.cpp.inc"
      >();
}

StringRef CopyAtomAttr::getAtomName() const { return getName(); }

// TMA atoms are named for the tensor memory accelerator in the atom catalog
// (`sm90_tma_load_2d`, `sm100_tma_store_im2col`, ...).
bool CopyAtomAttr::isTmaAtom() const { return getName().contains("tma"); }

// MMA families, longest prefix first so that `umma_bs_` wins over `umma_`
// (and `mma_bs_`, block-scaled mma.sync, over `mma_`).
static constexpr StringLiteral kMmaFamilies[] = {
    "umma_bs_", "umma_", "wgmma_", "mma_bs_", "mma_", "fma_"};

LogicalResult MmaAtomAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  StringRef name) {
  for (StringRef family : kMmaFamilies)
    if (name.starts_with(family))
      return success();
  return emitError() << "MMA atom '" << name
                     << "' must name a family: mma_, mma_bs_, wgmma_, umma_, umma_bs_ or fma_";
}

bool MmaAtomAttr::isBlockScaled() const {
  return getName().starts_with("umma_bs_") || getName().starts_with("mma_bs_");
}

StringRef ReduceAtomAttr::getAtomName() const { return getName(); }
