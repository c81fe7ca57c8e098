//===- InstructionTable.cpp - MMA and copy instruction families -----------===//
#include "Layout/InstructionTable.h"

#include "Layout/MmaLayouts.h"

#include <algorithm>

using namespace tilecc;
using namespace tilecc::layout;

namespace {
/// What the table knows of one MMA family.
struct MmaFamilyInfo {
  MmaFamily family;
  llvm::StringLiteral name; // for diagnostics
  std::optional<TargetFeature> feature;
};

constexpr MmaFamilyInfo kMmaFamilies[] = {
    {MmaFamily::MmaSync, "mma.sync", TargetFeature::MmaSyncF16},
    {MmaFamily::MmaSyncBlockScaled, "block-scaled mma.sync",
     TargetFeature::BlockScaledMma},
    {MmaFamily::Wgmma, "wgmma", TargetFeature::Wgmma},
    {MmaFamily::Tcgen05, "tcgen05.mma", TargetFeature::Tcgen05},
    {MmaFamily::Tcgen05BlockScaled, "block-scaled tcgen05.mma",
     TargetFeature::Tcgen05},
    {MmaFamily::Fma, "fma", std::nullopt},
};

const MmaFamilyInfo &info(MmaFamily family) {
  return kMmaFamilies[static_cast<uint32_t>(family)];
}

/// Bytes of A one wgmma / tcgen05 instruction reads along K, and the widest
/// N of one instruction.
constexpr unsigned kKStepBits = 256, kMaxInstrN = 256;
/// tcgen05 instructions are M = 128 (a 64-row tile pads to 128 lanes).
constexpr unsigned kTcgen05M = 128;
constexpr unsigned kWgmmaM = 64;
} // namespace

std::optional<TargetFeature> tilecc::layout::getRequiredFeature(MmaFamily family) {
  return info(family).feature;
}

bool tilecc::layout::isBlockScaled(MmaFamily family) {
  return family == MmaFamily::MmaSyncBlockScaled ||
         family == MmaFamily::Tcgen05BlockScaled;
}

std::optional<MmaInstrShape>
tilecc::layout::getMmaInstrShape(MmaFamily family, unsigned aBits,
                                 int64_t tileN, unsigned scaleBlock) {
  if (family == MmaFamily::Fma)
    return MmaInstrShape{1, 1, 1};
  if (aBits == 0 || kKStepBits % aBits != 0)
    return std::nullopt;
  unsigned k = kKStepBits / aBits;
  unsigned n = static_cast<unsigned>(
      std::clamp<int64_t>(tileN, 0, static_cast<int64_t>(kMaxInstrN)));
  switch (family) {
  case MmaFamily::MmaSync:
    if (std::optional<MmaSyncShape> s = getMmaSyncShape(aBits))
      return MmaInstrShape{s->m, s->n, s->k};
    return std::nullopt;
  case MmaFamily::MmaSyncBlockScaled:
    // kind::mxf4nvf4 takes 4-bit operands in blocks of 16 (k64); every other
    // form is kind::mxf8f6f4 (fp4 in 8-bit containers, k32).
    return MmaInstrShape{16, 8, aBits == 4 && scaleBlock == 16 ? 64u : 32u};
  case MmaFamily::Wgmma:
    return MmaInstrShape{kWgmmaM, n, k};
  case MmaFamily::Tcgen05:
  case MmaFamily::Tcgen05BlockScaled:
    return MmaInstrShape{kTcgen05M, n, k};
  case MmaFamily::Fma:
    break;
  }
  return std::nullopt;
}

std::optional<MmaInstrShape>
tilecc::layout::getMmaTileGranule(MmaFamily family, unsigned aBits) {
  if (aBits == 0 || kKStepBits % aBits != 0)
    return std::nullopt;
  switch (family) {
  case MmaFamily::MmaSync:
    return getMmaInstrShape(family, aBits, /*tileN=*/0);
  case MmaFamily::MmaSyncBlockScaled:
    return MmaInstrShape{16, 8, kKStepBits / aBits};
  case MmaFamily::Tcgen05:
  case MmaFamily::Tcgen05BlockScaled:
    // Tiles below 64 rows are laid out as 64-row ones (padding rows).
    return MmaInstrShape{16, 8, kKStepBits / aBits};
  default:
    return MmaInstrShape{64, 8, kKStepBits / aBits};
  }
}

std::string tilecc::layout::checkMmaInstrShape(MmaFamily family,
                                               unsigned aBits,
                                               const MmaInstrShape &shape,
                                               unsigned scaleBlock) {
  auto text = [](const MmaInstrShape &s) {
    return "m" + std::to_string(s.m) + "n" + std::to_string(s.n) + "k" +
           std::to_string(s.k);
  };
  std::string name = info(family).name.str();
  std::optional<MmaInstrShape> expected =
      getMmaInstrShape(family, aBits, shape.n, scaleBlock);
  if (!expected)
    return name + " has no instruction for " + std::to_string(aBits) +
           "-bit operands";
  bool nFree = family == MmaFamily::Wgmma || family == MmaFamily::Tcgen05 ||
               family == MmaFamily::Tcgen05BlockScaled;
  if (nFree) {
    // N is the tile's (up to 256), a multiple of 8 (tcgen05's M = 128
    // forms take multiples of 16; the lowering diagnoses a tile that is
    // not).
    unsigned step = 8;
    if (shape.n < step || shape.n > kMaxInstrN || shape.n % step != 0)
      return name + " takes N from " + std::to_string(step) + " to " +
             std::to_string(kMaxInstrN) + " in steps of " +
             std::to_string(step) + ", not " + std::to_string(shape.n);
  }
  if (!(shape == *expected))
    return name + " with " + std::to_string(aBits) +
           "-bit operands is " + text(*expected) + ", not " + text(shape);
  return "";
}

std::optional<TargetFeature> tilecc::layout::getRequiredFeature(CopyKind kind) {
  switch (kind) {
  case CopyKind::CpAsync:
    return TargetFeature::CpAsync;
  case CopyKind::Tma:
    return TargetFeature::Tma;
  case CopyKind::Stmatrix:
    return TargetFeature::Stmatrix;
  default:
    return std::nullopt;
  }
}

std::string tilecc::layout::checkCopyWidth(CopyKind kind, unsigned bits) {
  switch (kind) {
  case CopyKind::Ldg:
  case CopyKind::Stg:
  case CopyKind::Lds:
  case CopyKind::Sts:
    if (bits >= 1 && bits <= 128)
      return "";
    return "loads and stores move 1 to 128 bits an access, not " +
           std::to_string(bits);
  case CopyKind::CpAsync:
    if (bits == 32 || bits == 64 || bits == 128)
      return "";
    return "cp.async copies 32, 64 or 128 bits, not " + std::to_string(bits);
  case CopyKind::Stmatrix:
    if (bits == 32 || bits == 64 || bits == 128)
      return "";
    return "stmatrix stores 32, 64 or 128 bits a lane (1, 2 or 4 matrices), "
           "not " + std::to_string(bits);
  case CopyKind::RedGlobal:
  case CopyKind::RedShared:
    if (bits == 0)
      return "";
    return "reductions access one element and take no width";
  case CopyKind::Tma:
    if (bits == 0)
      return "";
    return "TMA copies move whole boxes and take no width";
  }
  return "unknown copy kind";
}
