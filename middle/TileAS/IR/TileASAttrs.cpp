//===- TileASAttrs.cpp - nv_tileas attributes -----------------------------===//
#include "TileAS/IR/TileASDialect.h"

#include "TileAS/IR/RegisterBits.h"
#include "Layout/InstructionTable.h"

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

//===----------------------------------------------------------------------===//
// CopyAtomAttr
//===----------------------------------------------------------------------===//

static tilecc::layout::CopyKind toTableKind(CopyKind kind) {
  return static_cast<tilecc::layout::CopyKind>(static_cast<uint32_t>(kind));
}

/// `<kind[, bits]>`.
Attribute CopyAtomAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef kindName;
  unsigned bits = 0;
  if (parser.parseLess() || parser.parseKeyword(&kindName))
    return {};
  std::optional<CopyKind> kind = symbolizeCopyKind(kindName);
  if (!kind) {
    parser.emitError(loc) << "unknown copy kind '" << kindName << "'";
    return {};
  }
  if (succeeded(parser.parseOptionalComma()) && parser.parseInteger(bits))
    return {};
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), *kind, bits);
}

void CopyAtomAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyCopyKind(getKind());
  if (getBits())
    printer << ", " << getBits();
  printer << ">";
}

LogicalResult CopyAtomAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   CopyKind kind, unsigned bits) {
  std::string why = tilecc::layout::checkCopyWidth(toTableKind(kind), bits);
  if (!why.empty())
    return emitError() << "invalid copy atom: " << why;
  return success();
}

unsigned CopyAtomAttr::getAccessBits() const { return getBits(); }

bool CopyAtomAttr::isTmaAtom() const { return getKind() == CopyKind::tma; }

std::optional<tilecc::TargetFeature> CopyAtomAttr::getRequiredFeature() const {
  return tilecc::layout::getRequiredFeature(toTableKind(getKind()));
}

//===----------------------------------------------------------------------===//
// MmaAtomAttr
//===----------------------------------------------------------------------===//

namespace tl = ::tilecc::layout;

static_assert(static_cast<uint32_t>(CopyKind::tma) ==
                      static_cast<uint32_t>(tl::CopyKind::Tma) &&
                  static_cast<uint32_t>(CopyKind::cp_async) ==
                      static_cast<uint32_t>(tl::CopyKind::CpAsync) &&
                  static_cast<uint32_t>(CopyKind::red_shared) ==
                      static_cast<uint32_t>(tl::CopyKind::RedShared) &&
                  static_cast<uint32_t>(CopyKind::ldg) ==
                      static_cast<uint32_t>(tl::CopyKind::Ldg) &&
                  static_cast<uint32_t>(CopyKind::sts) ==
                      static_cast<uint32_t>(tl::CopyKind::Sts) &&
                  static_cast<uint32_t>(CopyKind::stmatrix) ==
                      static_cast<uint32_t>(tl::CopyKind::Stmatrix),
              "nv_tileas::CopyKind mirrors lib/Layout's CopyKind");

static_assert(static_cast<uint32_t>(MmaFamily::mma_sync) ==
                      static_cast<uint32_t>(tl::MmaFamily::MmaSync) &&
                  static_cast<uint32_t>(MmaFamily::mma_sync_block_scaled) ==
                      static_cast<uint32_t>(tl::MmaFamily::MmaSyncBlockScaled) &&
                  static_cast<uint32_t>(MmaFamily::wgmma) ==
                      static_cast<uint32_t>(tl::MmaFamily::Wgmma) &&
                  static_cast<uint32_t>(MmaFamily::tcgen05) ==
                      static_cast<uint32_t>(tl::MmaFamily::Tcgen05) &&
                  static_cast<uint32_t>(MmaFamily::tcgen05_block_scaled) ==
                      static_cast<uint32_t>(tl::MmaFamily::Tcgen05BlockScaled) &&
                  static_cast<uint32_t>(MmaFamily::fma) ==
                      static_cast<uint32_t>(tl::MmaFamily::Fma),
              "nv_tileas::MmaFamily mirrors lib/Layout's MmaFamily");

tl::MmaFamily mlir::nv_tileas::toTableFamily(MmaFamily family) {
  return static_cast<tl::MmaFamily>(static_cast<uint32_t>(family));
}

std::string mlir::nv_tileas::getMmaElementName(Type type) {
  if (auto i = dyn_cast<IntegerType>(type))
    return (i.isUnsigned() ? "u" : "s") + std::to_string(i.getWidth());
  if (isa<Float8E4M3FNType>(type))
    return "e4m3";
  if (isa<Float8E5M2Type>(type))
    return "e5m2";
  if (isa<Float4E2M1FNType>(type))
    return "e2m1";
  if (isa<Float8E8M0FNUType>(type))
    return "ue8m0";
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  return name;
}

/// `<family>, m<M>n<N>k<K>, <A> x <B> -> <C>[, scale <type> per <block>]`.
Attribute MmaAtomAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef familyName, shapeName;
  Type a, b, c, scaleType;
  unsigned scaleBlock = 0;
  if (parser.parseLess() || parser.parseKeyword(&familyName))
    return {};
  std::optional<MmaFamily> family = symbolizeMmaFamily(familyName);
  if (!family) {
    parser.emitError(loc) << "unknown MMA family '" << familyName << "'";
    return {};
  }
  SMLoc shapeLoc;
  if (parser.parseComma() ||
      (shapeLoc = parser.getCurrentLocation(),
       parser.parseKeyword(&shapeName)))
    return {};
  unsigned m = 0, n = 0, k = 0;
  StringRef rest = shapeName;
  auto take = [&](char letter, unsigned &value) {
    if (!rest.consume_front(StringRef(&letter, 1)))
      return false;
    size_t digits = rest.find_first_not_of("0123456789");
    StringRef number = rest.take_front(digits);
    rest = rest.drop_front(number.size());
    return !number.getAsInteger(10, value);
  };
  if (!take('m', m) || !take('n', n) || !take('k', k) || !rest.empty()) {
    parser.emitError(shapeLoc)
        << "expected an instruction shape `m<M>n<N>k<K>`, got '" << shapeName
        << "'";
    return {};
  }
  if (parser.parseComma() || parser.parseType(a) || parser.parseKeyword("x") ||
      parser.parseType(b) || parser.parseArrow() || parser.parseType(c))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("scale") || parser.parseType(scaleType) ||
        parser.parseKeyword("per") || parser.parseInteger(scaleBlock))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), *family, m, n, k, a, b, c, scaleType,
                    scaleBlock);
}

void MmaAtomAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyMmaFamily(getFamily()) << ", m" << getM() << "n"
          << getN() << "k" << getK() << ", " << getA() << " x " << getB()
          << " -> " << getC();
  if (getScaleType())
    printer << ", scale " << getScaleType() << " per " << getScaleBlock();
  printer << ">";
}

LogicalResult MmaAtomAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  MmaFamily family, unsigned m, unsigned n,
                                  unsigned k, Type a, Type b, Type c,
                                  Type scaleType, unsigned scaleBlock) {
  for (Type t : {a, b, c})
    if (!t || !t.isIntOrFloat())
      return emitError() << "MMA atom operand types must be integer or "
                            "floating-point scalars, not "
                         << t;
  tl::MmaFamily tableFamily = toTableFamily(family);
  bool scaled = tl::isBlockScaled(tableFamily);
  if (scaled && (!scaleType || scaleBlock == 0))
    return emitError() << "the " << stringifyMmaFamily(family)
                       << " atom needs `scale <type> per <K elements>`";
  if (!scaled && scaleType)
    return emitError() << "the " << stringifyMmaFamily(family)
                       << " atom takes no scale factors";
  std::string why = tl::checkMmaInstrShape(tableFamily, getRegisterBits(a),
                                           {m, n, k}, scaleBlock);
  if (!why.empty())
    return emitError() << "invalid MMA atom shape: " << why;
  return success();
}

bool MmaAtomAttr::isBlockScaled() const {
  return tl::isBlockScaled(toTableFamily(getFamily()));
}

MmaAtomAttr MmaAtomAttr::withFamily(MmaFamily family, unsigned m, unsigned n,
                                    unsigned k) const {
  return get(getContext(), family, m, n, k, getA(), getB(), getC(),
             getScaleType(), getScaleBlock());
}

MmaAtomAttr MmaAtomAttr::withAccumulator(Type c) const {
  return get(getContext(), getFamily(), getM(), getN(), getK(), getA(),
             getB(), c, getScaleType(), getScaleBlock());
}

std::string MmaAtomAttr::getAName() const { return getMmaElementName(getA()); }
std::string MmaAtomAttr::getBName() const { return getMmaElementName(getB()); }
std::string MmaAtomAttr::getCName() const { return getMmaElementName(getC()); }

StringRef ReduceAtomAttr::getAtomName() const { return getName(); }
