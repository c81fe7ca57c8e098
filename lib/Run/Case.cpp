//===- Case.cpp - end-to-end test cases for tilecc-run --------------------===//
#include "Run/Case.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>

using namespace tilecc;
using json = nlohmann::json;

std::optional<ElementKind> tilecc::parseElementKind(const std::string &name) {
  static const std::pair<const char *, ElementKind> kinds[] = {
      {"i1", ElementKind::I1},   {"i8", ElementKind::I8},
      {"i16", ElementKind::I16}, {"i32", ElementKind::I32},
      {"i64", ElementKind::I64}, {"f16", ElementKind::F16},
      {"bf16", ElementKind::BF16}, {"f32", ElementKind::F32},
      {"f64", ElementKind::F64}, {"f8E4M3FN", ElementKind::F8E4M3FN},
      {"f8E5M2", ElementKind::F8E5M2}, {"f8E8M0FNU", ElementKind::F8E8M0FNU}};
  for (auto &[spelling, kind] : kinds)
    if (name == spelling)
      return kind;
  return std::nullopt;
}

const char *tilecc::getElementKindName(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1: return "i1";
  case ElementKind::I8: return "i8";
  case ElementKind::I16: return "i16";
  case ElementKind::I32: return "i32";
  case ElementKind::I64: return "i64";
  case ElementKind::F16: return "f16";
  case ElementKind::BF16: return "bf16";
  case ElementKind::F32: return "f32";
  case ElementKind::F64: return "f64";
  case ElementKind::F8E4M3FN: return "f8E4M3FN";
  case ElementKind::F8E5M2: return "f8E5M2";
  case ElementKind::F8E8M0FNU: return "f8E8M0FNU";
  }
  return "?";
}

unsigned tilecc::getElementKindBytes(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
  case ElementKind::I8:
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
  case ElementKind::F8E8M0FNU: return 1;
  case ElementKind::I16:
  case ElementKind::F16:
  case ElementKind::BF16: return 2;
  case ElementKind::I32:
  case ElementKind::F32: return 4;
  case ElementKind::I64:
  case ElementKind::F64: return 8;
  }
  return 1;
}

bool tilecc::isFloatKind(ElementKind kind) {
  return kind == ElementKind::F16 || kind == ElementKind::BF16 ||
         kind == ElementKind::F32 || kind == ElementKind::F64 ||
         kind == ElementKind::F8E4M3FN || kind == ElementKind::F8E5M2 ||
         kind == ElementKind::F8E8M0FNU;
}

static const llvm::fltSemantics &semanticsOf(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16: return llvm::APFloat::IEEEhalf();
  case ElementKind::BF16: return llvm::APFloat::BFloat();
  case ElementKind::F32: return llvm::APFloat::IEEEsingle();
  case ElementKind::F8E4M3FN: return llvm::APFloat::Float8E4M3FN();
  case ElementKind::F8E5M2: return llvm::APFloat::Float8E5M2();
  case ElementKind::F8E8M0FNU: return llvm::APFloat::Float8E8M0FNU();
  default: return llvm::APFloat::IEEEdouble();
  }
}

uint64_t tilecc::encodeElement(ElementKind kind, double value) {
  if (isFloatKind(kind)) {
    llvm::APFloat f(value);
    bool lost;
    f.convert(semanticsOf(kind), llvm::APFloat::rmNearestTiesToEven, &lost);
    return f.bitcastToAPInt().getZExtValue();
  }
  unsigned bits = kind == ElementKind::I1 ? 1 : getElementKindBytes(kind) * 8;
  uint64_t mask = bits == 64 ? ~0ull : ((1ull << bits) - 1);
  return static_cast<uint64_t>(static_cast<int64_t>(value)) & mask;
}

double tilecc::decodeElement(ElementKind kind, uint64_t bits) {
  if (isFloatKind(kind)) {
    unsigned width = getElementKindBytes(kind) * 8;
    llvm::APFloat f(semanticsOf(kind), llvm::APInt(width, bits));
    if (f.isNaN()) // f8E8M0FNU's NaN has no payload to carry over
      return std::nan("");
    bool lost;
    f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &lost);
    return f.convertToDouble();
  }
  if (kind == ElementKind::I1)
    return bits & 1;
  unsigned width = getElementKindBytes(kind) * 8;
  int64_t value = static_cast<int64_t>(bits << (64 - width)) >> (64 - width);
  return static_cast<double>(value);
}

uint64_t tilecc::readElementBits(const std::vector<uint8_t> &bytes,
                                 ElementKind kind, uint64_t index) {
  unsigned size = getElementKindBytes(kind);
  uint64_t bits = 0;
  std::memcpy(&bits, bytes.data() + index * size, size);
  return bits;
}

void tilecc::writeElementBits(std::vector<uint8_t> &bytes, ElementKind kind,
                              uint64_t index, uint64_t bits) {
  unsigned size = getElementKindBytes(kind);
  std::memcpy(bytes.data() + index * size, &bits, size);
}

namespace {
/// SplitMix64: a small, fully specified generator, so that inputs are the
/// same on every platform and standard library.
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
};

llvm::Error caseError(const std::string &path, const std::string &message) {
  return llvm::createStringError(path + ": " + message);
}
} // namespace

/// {"rtol": R, "atol": A, "ulp": U}; absent fields keep `base`'s values.
static Tolerance parseTolerance(const json &object, Tolerance base) {
  base.rtol = object.value("rtol", base.rtol);
  base.atol = object.value("atol", base.atol);
  if (object.contains("ulp"))
    base.ulp = object["ulp"].get<uint64_t>();
  return base;
}

static llvm::Expected<CaseBuffer> loadBuffer(const std::string &path,
                                             const json &arg) {
  CaseBuffer buffer;
  buffer.name = arg.at("buffer").get<std::string>();
  std::string type = arg.value("type", "f32");
  std::optional<ElementKind> kind = parseElementKind(type);
  if (!kind)
    return caseError(path, "buffer '" + buffer.name + "': unknown type '" + type + "'");
  buffer.type = *kind;
  buffer.output = arg.value("output", false);
  std::string compare = arg.value("compare", "elementwise");
  if (compare != "elementwise" && compare != "multiset")
    return caseError(path, "buffer '" + buffer.name + "': unknown compare '" +
                               compare + "' (elementwise or multiset)");
  buffer.compareAsMultiset = compare == "multiset";
  if (arg.contains("tolerance"))
    buffer.tolerance = parseTolerance(arg["tolerance"], Tolerance{});
  const json &init = arg.contains("init") ? arg.at("init") : json("zero");
  if (init.is_array() && !arg.contains("count"))
    buffer.count = init.size();
  else
    buffer.count = arg.at("count").get<uint64_t>();
  buffer.bytes.assign(buffer.count * getElementKindBytes(*kind), 0);
  if (arg.contains("expect")) {
    const json &expect = arg.at("expect");
    if (!buffer.output || !expect.is_array() || expect.size() != buffer.count)
      return caseError(path, "buffer '" + buffer.name +
                                 "': \"expect\" needs an output buffer and one "
                                 "value per element");
    buffer.expect = expect.get<std::vector<double>>();
  }

  if (init.is_array()) {
    if (init.size() != buffer.count)
      return caseError(path, "buffer '" + buffer.name + "': init list has " +
                                 std::to_string(init.size()) + " values for " +
                                 std::to_string(buffer.count) + " elements");
    for (uint64_t i = 0; i < buffer.count; ++i)
      writeElementBits(buffer.bytes, *kind, i,
                       encodeElement(*kind, init[i].get<double>()));
    return buffer;
  }
  std::string mode = init.get<std::string>();
  if (mode == "zero")
    return buffer;
  if (mode == "iota") {
    for (uint64_t i = 0; i < buffer.count; ++i)
      writeElementBits(buffer.bytes, *kind, i,
                       encodeElement(*kind, static_cast<double>(i)));
    return buffer;
  }
  if (mode != "random")
    return caseError(path, "buffer '" + buffer.name + "': unknown init '" + mode + "'");
  // Integers default to a small range so that sums and products stay exact.
  double lo = isFloatKind(*kind) ? -1.0 : (*kind == ElementKind::I1 ? 0 : -8);
  double hi = isFloatKind(*kind) ? 1.0 : (*kind == ElementKind::I1 ? 1 : 8);
  if (arg.contains("range")) {
    lo = arg.at("range").at(0).get<double>();
    hi = arg.at("range").at(1).get<double>();
  }
  SplitMix64 rng{arg.value("seed", 1ull)};
  for (uint64_t i = 0; i < buffer.count; ++i) {
    double value = lo + (hi - lo) * rng.uniform();
    if (!isFloatKind(*kind))
      value = std::floor(lo + (hi - lo + 1) * rng.uniform());
    writeElementBits(buffer.bytes, *kind, i, encodeElement(*kind, value));
  }
  return buffer;
}

static llvm::Expected<Case> loadCaseImpl(const std::string &path) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return caseError(path, "cannot read: " + file.getError().message());
  json root = json::parse((*file)->getBuffer().begin(),
                          (*file)->getBuffer().end(), nullptr,
                          /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object())
    return caseError(path, "not a JSON object");

  Case result;
  result.path = path;
  if (!root.contains("kernel_file") || !root.contains("kernel"))
    return caseError(path, "needs \"kernel_file\" and \"kernel\"");
  // A relative kernel_file is relative to the case file.
  std::string kernelName = root["kernel_file"].get<std::string>();
  llvm::SmallString<256> kernelFile;
  if (!llvm::sys::path::is_absolute(kernelName))
    kernelFile = llvm::sys::path::parent_path(path);
  llvm::sys::path::append(kernelFile, kernelName);
  result.kernelFile = std::string(kernelFile);
  result.kernel = root["kernel"].get<std::string>();
  if (root.contains("grid")) {
    const json &grid = root["grid"];
    for (size_t i = 0; i < 3 && i < grid.size(); ++i)
      result.grid[i] = grid[i].get<uint32_t>();
  }
  if (root.contains("tolerance"))
    result.tolerance = parseTolerance(root["tolerance"], result.tolerance);
  if (root.contains("expect_error"))
    result.expectError = root["expect_error"].get<std::string>();
  if (root.contains("expect_print"))
    result.expectPrint = root["expect_print"].get<std::string>();
  for (const json &arg : root.value("args", json::array())) {
    CaseArg caseArg;
    if (arg.contains("buffer")) {
      llvm::Expected<CaseBuffer> buffer = loadBuffer(path, arg);
      if (!buffer)
        return buffer.takeError();
      caseArg.buffer = std::move(*buffer);
    } else if (arg.contains("scalar")) {
      std::string type = arg["scalar"].get<std::string>();
      std::optional<ElementKind> kind = parseElementKind(type);
      if (!kind)
        return caseError(path, "unknown scalar type '" + type + "'");
      caseArg.scalar = CaseScalar{*kind, encodeElement(*kind, arg.at("value").get<double>())};
    } else {
      return caseError(path, "an argument needs \"buffer\" or \"scalar\"");
    }
    result.args.push_back(std::move(caseArg));
  }
  return result;
}

llvm::Expected<Case> tilecc::loadCase(const std::string &path) {
  // nlohmann/json reports type mismatches (a string where a number belongs)
  // with exceptions; this file is built with them and turns them into errors.
  try {
    return loadCaseImpl(path);
  } catch (const json::exception &e) {
    return caseError(path, std::string("malformed case: ") + e.what());
  }
}

uint64_t tilecc::getUlpDistance(ElementKind kind, uint64_t a, uint64_t b) {
  unsigned bits = getElementKindBytes(kind) * 8;
  uint64_t signBit = uint64_t(1) << (bits - 1);
  // Sign-magnitude to a line where adjacent floats are adjacent integers.
  auto ordered = [&](uint64_t v) {
    int64_t magnitude = int64_t(v & (signBit - 1));
    return (v & signBit) ? -magnitude : magnitude;
  };
  int64_t x = ordered(a), y = ordered(b);
  return x > y ? uint64_t(x - y) : uint64_t(y - x);
}
