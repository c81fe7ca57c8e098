//===- Format.cpp - Tile IR bytecode versions, layouts and enums ----------===//
#include "CudaTile/Bytecode/Format.h"

#include "CudaTile/IR/CudaTileDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <map>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::bc;

std::string BytecodeVersion::str() const {
  return std::to_string(major) + "." + std::to_string(minor);
}

ArrayRef<BytecodeVersion> cuda_tile::supportedBytecodeVersions() {
  static const BytecodeVersion versions[] = {v13_1, v13_2, v13_3, v13_4};
  return versions;
}

std::optional<BytecodeVersion>
BytecodeVersion::parseSupported(StringRef text) {
  for (const BytecodeVersion &v : supportedBytecodeVersions())
    if (text == v.str())
      return v;
  return std::nullopt;
}

bool cuda_tile::isTileIRBytecode(StringRef buffer) {
  return buffer.size() >= sizeof(kMagic) &&
         std::memcmp(buffer.data(), kMagic, sizeof(kMagic)) == 0;
}

//===----------------------------------------------------------------------===//
// Operation layouts (OpTable.def)
//===----------------------------------------------------------------------===//

bool OpLayout::hasVariadicResults() const {
  return llvm::any_of(results, [](const ResultGroup &r) { return r.variadic; });
}

bool OpLayout::hasVariableOperands() const {
  return llvm::any_of(operands, [](const OperandGroup &g) {
    return g.kind != OperandGroup::Single;
  });
}

bool OpLayout::storesResultCount() const {
  return hasVariadicResults() ||
         llvm::any_of(operands, [](const OperandGroup &g) {
           return g.kind == OperandGroup::Variadic;
         });
}

static BytecodeVersion parseVersion(StringRef text) {
  auto [maj, min] = text.split('.');
  unsigned a = 0, b = 0;
  if (maj.getAsInteger(10, a) || min.getAsInteger(10, b))
    llvm::report_fatal_error("OpTable.def: bad version");
  return BytecodeVersion{uint8_t(a), uint8_t(b), 0};
}

static AttrKind parseKind(StringRef kind, StringRef &enumName) {
  AttrKind k = llvm::StringSwitch<AttrKind>(kind)
                   .Case("i32", AttrKind::I32)
                   .Case("i64", AttrKind::I64)
                   .Case("bool", AttrKind::Bool)
                   .Case("str", AttrKind::Str)
                   .Case("sym", AttrKind::Sym)
                   .Case("i32arr", AttrKind::I32Array)
                   .Case("boolarr", AttrKind::BoolArray)
                   .Case("dense", AttrKind::Dense)
                   .Case("arr", AttrKind::Array)
                   .Case("pred", AttrKind::Predicate)
                   .Case("hints", AttrKind::Hints)
                   .Case("type", AttrKind::Type)
                   .Default(AttrKind::Enum);
  if (k == AttrKind::Enum)
    enumName = kind;
  return k;
}

// Parses one LAYOUT string of OpTable.def (format in its header).
static OpLayout parseLayout(uint32_t opcode, StringRef name,
                            BytecodeVersion since, StringRef layout) {
  OpLayout op{opcode, name, since};
  SmallVector<StringRef> tokens;
  layout.split(tokens, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef tok : tokens) {
    // Suffixes: `=N` default value, `@M.m` version.
    std::optional<uint64_t> def;
    auto [body, defText] = tok.split('=');
    if (!defText.empty()) {
      uint64_t v;
      if (defText.getAsInteger(10, v))
        llvm::report_fatal_error("OpTable.def: bad default");
      def = v;
    }
    auto [head, verText] = body.split('@');
    BytecodeVersion ver = verText.empty() ? since : parseVersion(verText);
    if (head == "seg") {
      op.segmented = true;
    } else if (head.consume_front("R")) {
      head.getAsInteger(10, op.numRegions);
    } else if (head == "r" || head == "r*") {
      op.results.push_back({head == "r*", ver});
    } else if (head == "o" || head == "o*" || head == "o?") {
      auto kind = head == "o"    ? OperandGroup::Single
                  : head == "o*" ? OperandGroup::Variadic
                                 : OperandGroup::Optional;
      op.operands.push_back({kind, ver});
    } else {
      SmallVector<StringRef, 3> parts;
      head.split(parts, ':');
      AttrField f;
      f.name = parts[1];
      f.since = ver;
      f.defaultValue = def;
      if (parts[0] == "u" || parts[0] == "n") {
        f.unit = f.optional = true;
        f.unsupported = parts[0] == "n";
        f.kind = AttrKind::Bool;
      } else {
        f.dropped = parts[0] == "d";
        f.optional = parts[0] == "a?";
        f.kind = parseKind(parts[2], f.enumName);
      }
      op.attrs.push_back(f);
    }
  }
  // Flags bits: oldest release first; within one, attributes before operands.
  std::map<std::pair<int, int>, SmallVector<int *>> byVersion;
  for (AttrField &f : op.attrs)
    if (f.optional)
      byVersion[{f.since.major, f.since.minor}].push_back(&f.flagBit);
  if (op.segmented)
    for (OperandGroup &g : op.operands)
      if (g.kind == OperandGroup::Optional)
        byVersion[{g.since.major, g.since.minor}].push_back(&g.flagBit);
  for (auto &[ver, bits] : byVersion)
    for (int *bit : bits)
      *bit = op.numFlagBits++;
  if (!byVersion.empty()) {
    auto first = byVersion.begin()->first;
    BytecodeVersion firstVer{uint8_t(first.first), uint8_t(first.second), 0};
    op.flagsSince = firstVer == since ? since : firstVer;
  }
  return op;
}

namespace {
struct OpTable {
  std::vector<OpLayout> ops;
  llvm::StringMap<const OpLayout *> byName;
  llvm::DenseMap<uint32_t, const OpLayout *> byOpcode;

  OpTable() {
#define TILE_OP(OPCODE, NAME, MAJ, MIN, LAYOUT)                                \
  ops.push_back(parseLayout(OPCODE, NAME, BytecodeVersion{MAJ, MIN, 0}, LAYOUT));
#include "CudaTile/Bytecode/OpTable.def"
    for (const OpLayout &op : ops) {
      byName[op.name] = &op;
      byOpcode[op.opcode] = &op;
    }
  }
};
} // namespace

static const OpTable &table() {
  static const OpTable t;
  return t;
}

const OpLayout *bc::lookupOp(StringRef name) {
  return table().byName.lookup(name);
}

const OpLayout *bc::lookupOpcode(uint64_t opcode) {
  // The two largest 32-bit values are the DenseMap's empty and tombstone
  // keys, which it must never be asked for; no opcode is near them.
  if (opcode >= UINT32_MAX - 1)
    return nullptr;
  return table().byOpcode.lookup(uint32_t(opcode));
}

uint32_t bc::maxOpcode(BytecodeVersion version) {
  uint32_t maxCode = 0;
  for (const OpLayout &op : table().ops)
    if (version >= op.since)
      maxCode = std::max(maxCode, op.opcode);
  return maxCode;
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

std::optional<uint64_t> bc::enumValue(Attribute attr) {
  return llvm::TypeSwitch<Attribute, std::optional<uint64_t>>(attr)
      .Case([](mlir::IntegerAttr a) { return a.getValue().getZExtValue(); })
      .Case([](SignednessAttr a) { return uint64_t(a.getValue()); })
      .Case([](RoundingModeAttr a) { return uint64_t(a.getValue()); })
      .Case([](IntegerOverflowAttr a) { return uint64_t(a.getValue()); })
      .Case([](ComparisonPredicateAttr a) { return uint64_t(a.getValue()); })
      .Case([](ComparisonOrderingAttr a) { return uint64_t(a.getValue()); })
      .Case([](PaddingValueAttr a) { return uint64_t(a.getValue()); })
      .Default([](Attribute) { return std::nullopt; });
}

template <typename AttrT, typename SymbolizeFn>
static Attribute makeDialectEnum(MLIRContext *ctx, uint64_t value,
                                 SymbolizeFn symbolize) {
  if (value > UINT32_MAX)
    return {};
  auto e = symbolize(uint32_t(value));
  return e ? AttrT::get(ctx, *e) : Attribute();
}

template <typename SymbolizeFn>
static Attribute makeI32Enum(MLIRContext *ctx, uint64_t value,
                             SymbolizeFn symbolize) {
  if (value > UINT32_MAX || !symbolize(uint32_t(value)))
    return {};
  return mlir::IntegerAttr::get(mlir::IntegerType::get(ctx, 32), value);
}

Attribute bc::makeEnum(MLIRContext *ctx, StringRef enumName, uint64_t value) {
  if (enumName == "Signedness")
    return makeDialectEnum<SignednessAttr>(ctx, value, [](uint32_t v) { return symbolizeSignedness(v); });
  if (enumName == "RoundingMode")
    return makeDialectEnum<RoundingModeAttr>(ctx, value, [](uint32_t v) { return symbolizeRoundingMode(v); });
  if (enumName == "IntegerOverflow")
    return makeDialectEnum<IntegerOverflowAttr>(ctx, value,
                                                [](uint32_t v) { return symbolizeIntegerOverflow(v); });
  if (enumName == "ComparisonPredicate")
    return makeDialectEnum<ComparisonPredicateAttr>(
        ctx, value, [](uint32_t v) { return symbolizeComparisonPredicate(v); });
  if (enumName == "ComparisonOrdering")
    return makeDialectEnum<ComparisonOrderingAttr>(
        ctx, value, [](uint32_t v) { return symbolizeComparisonOrdering(v); });
  if (enumName == "PaddingValue")
    return makeDialectEnum<PaddingValueAttr>(ctx, value, [](uint32_t v) { return symbolizePaddingValue(v); });
  if (enumName == "MemoryOrderingSemantics")
    return makeI32Enum(ctx, value, [](uint32_t v) { return symbolizeMemoryOrderingSemantics(v); });
  if (enumName == "MemoryScope")
    return makeI32Enum(ctx, value, [](uint32_t v) { return symbolizeMemoryScope(v); });
  if (enumName == "AtomicRMWMode")
    return makeI32Enum(ctx, value, [](uint32_t v) { return symbolizeAtomicRMWMode(v); });
  return {};
}
