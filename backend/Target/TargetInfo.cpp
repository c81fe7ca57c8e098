//===- TargetInfo.cpp - supported GPU targets -----------------------------===//
#include "Target/TargetInfo.h"
#include <algorithm>

#include "llvm/ADT/STLExtras.h"

using namespace tilecc;

namespace {
using F = TargetFeature;
constexpr unsigned bits(std::initializer_list<F> features) {
  unsigned result = 0;
  for (F f : features)
    result |= static_cast<unsigned>(f);
  return result;
}

/// Per base architecture: what the plain device offers, what its `a` variant
/// adds, whether `a`/`f` variants exist, and the PTX ISA versions that
/// introduced the base and the `f` targets.
struct ArchRow {
  unsigned sm;
  unsigned basePtx;
  unsigned familyPtx; // 0 when no `f` variant exists
  bool hasArchSpecific;
  unsigned baseFeatures;
  unsigned archSpecificFeatures;
  unsigned sharedMemoryPerBlock;
  unsigned sharedMemoryPerSM;
  unsigned maxThreadsPerSM;
  unsigned maxCTAsPerSM;
};

constexpr unsigned kAmpere = bits({F::CpAsync, F::Ldmatrix, F::MmaSyncF16});
constexpr unsigned kAda = kAmpere | bits({F::MmaSyncFp8, F::Fp8Convert});
constexpr unsigned kHopper =
    kAda | bits({F::Tma, F::Clusters, F::Bf16AtomicAdd, F::MbarrierTx,
                 F::AsyncProxyFence, F::ElectSync, F::GridDepControl,
                 F::Stmatrix});
constexpr unsigned kBlackwell =
    kHopper | bits({F::Fp4, F::ClusterLaunchControl});

// Shared memory per block / per SM, threads and CTAs per SM: the CUDA C++
// Programming Guide's table of compute capabilities.
const ArchRow kArchs[] = {
    {80, 70, 0, false, kAmpere, 0, 163 * 1024, 164 * 1024, 2048, 32},
    {86, 71, 0, false, kAmpere, 0, 99 * 1024, 100 * 1024, 1536, 16},
    {89, 78, 0, false, kAda, 0, 99 * 1024, 100 * 1024, 1536, 24},
    {90, 78, 0, true, kHopper, bits({F::Wgmma, F::Setmaxnreg}), 227 * 1024, 228 * 1024, 2048, 32},
    {100, 86, 88, true, kBlackwell, bits({F::Tcgen05, F::Tcgen05KindI8, F::BlockScaledMma, F::Setmaxnreg}), 227 * 1024, 228 * 1024, 2048, 32},
    {103, 88, 88, true, kBlackwell, bits({F::Tcgen05, F::BlockScaledMma, F::Setmaxnreg}), 227 * 1024, 228 * 1024, 2048, 32},
    {110, 90, 90, true, kBlackwell, bits({F::Tcgen05, F::Tcgen05KindI8, F::BlockScaledMma, F::Setmaxnreg}), 227 * 1024, 228 * 1024, 2048, 32},
    {120, 87, 88, true, kBlackwell, bits({F::BlockScaledMma, F::Setmaxnreg}), 99 * 1024, 128 * 1024, 1536, 32},
    {121, 88, 88, true, kBlackwell, bits({F::BlockScaledMma, F::Setmaxnreg}), 99 * 1024, 128 * 1024, 1536, 32},
};

const unsigned kSmVersions[] = {80, 86, 89, 90, 100, 103, 110, 120, 121};

const ArchRow *findRow(unsigned sm) {
  for (const ArchRow &row : kArchs)
    if (row.sm == sm)
      return &row;
  return nullptr;
}
} // namespace

std::string TargetInfo::getName() const {
  std::string name = "sm_" + std::to_string(smVersion);
  if (variant == ArchVariant::ArchSpecific)
    name += "a";
  else if (variant == ArchVariant::FamilySpecific)
    name += "f";
  return name;
}

std::string TargetInfo::getCodegenName() const {
  const ArchRow *row = findRow(smVersion);
  std::string name = "sm_" + std::to_string(smVersion);
  if (variant == ArchVariant::FamilySpecific)
    return name + "f";
  if (row && row->hasArchSpecific)
    return name + "a";
  return name;
}

unsigned TargetInfo::getStaticSharedMemoryLimit() const {
  if (llvm::StringRef(getCodegenName()).ends_with("a"))
    return sharedMemoryPerBlock;
  return std::min(kPortableStaticSharedBytes, sharedMemoryPerBlock);
}

unsigned tilecc::getRegisterLimit(unsigned threads, unsigned ctasPerSM) {
  unsigned warps = std::max(1u, (threads + 31) / 32) * std::max(1u, ctasPerSM);
  unsigned perThread = kRegistersPerSM / (32 * warps);
  perThread -= perThread % kRegisterAllocationUnit;
  return std::min(perThread, kMaxRegistersPerThread);
}

std::optional<WarpRoleRegisters>
tilecc::chooseWarpRoleRegisters(unsigned producerWarps, unsigned consumerWarps,
                                unsigned consumerNeed, unsigned ctasPerSM) {
  unsigned launch =
      getRegisterLimit(32 * (producerWarps + consumerWarps), ctasPerSM);
  if (consumerNeed <= launch)
    return WarpRoleRegisters();
  if (launch <= kProducerRoleRegisters)
    return std::nullopt;
  // What the producers free, shared by the consumers' threads.
  unsigned consumer =
      launch + (launch - kProducerRoleRegisters) * producerWarps / consumerWarps;
  consumer -= consumer % kRegisterAllocationUnit;
  consumer = std::min(consumer, kMaxSetmaxnregRegisters);
  if (consumer < consumerNeed)
    return std::nullopt;
  return WarpRoleRegisters{kProducerRoleRegisters, consumer};
}

std::optional<TargetInfo> tilecc::parseTarget(llvm::StringRef name) {
  if (!name.consume_front("sm_"))
    return std::nullopt;
  ArchVariant variant = ArchVariant::Base;
  if (name.consume_back("a"))
    variant = ArchVariant::ArchSpecific;
  else if (name.consume_back("f"))
    variant = ArchVariant::FamilySpecific;
  unsigned sm = 0;
  if (name.getAsInteger(10, sm))
    return std::nullopt;
  const ArchRow *row = findRow(sm);
  if (!row)
    return std::nullopt;
  if (variant == ArchVariant::ArchSpecific && !row->hasArchSpecific)
    return std::nullopt;
  if (variant == ArchVariant::FamilySpecific && row->familyPtx == 0)
    return std::nullopt;

  TargetInfo info;
  info.smVersion = sm;
  info.variant = variant;
  info.sharedMemoryPerBlock = row->sharedMemoryPerBlock;
  info.sharedMemoryPerSM = row->sharedMemoryPerSM;
  info.maxThreadsPerSM = row->maxThreadsPerSM;
  info.maxCTAsPerSM = row->maxCTAsPerSM;
  info.features = row->baseFeatures;
  // `sm_XY` targets that exact device, as does `sm_XYa`; `sm_XYf` must run on
  // the whole family and so gets only the portable features.
  bool exactDevice = variant != ArchVariant::FamilySpecific;
  if (exactDevice && row->hasArchSpecific)
    info.features |= row->archSpecificFeatures;
  unsigned ptx = row->basePtx;
  if (variant == ArchVariant::FamilySpecific)
    ptx = row->familyPtx;
  else if (row->hasArchSpecific && sm == 90)
    ptx = 80; // sm_90a needs PTX 8.0
  info.ptxVersion = ptx;
  return info;
}

llvm::ArrayRef<unsigned> tilecc::getSupportedSmVersions() { return kSmVersions; }

namespace {
/// NVVM ops whose NVPTX selection needs a PTX ISA newer than the default of
/// every target with the instruction (llc of each op, LLVM 22). The other
/// sm_90 ops (elect.sync, mbarrier expect_tx, cp.async.bulk, fences) need
/// 8.0, the default of sm_90 here.
struct NvvmPtxRow {
  llvm::StringLiteral prefix;
  unsigned ptx;
};
const NvvmPtxRow kNvvmPtxVersions[] = {
    {"nvvm.fence.proxy.acquire", 83}, // the tensormap proxy, sm_90
    {"nvvm.fence.proxy.release", 83},
    {"nvvm.fence.proxy", 75}, // fence.proxy.alias, sm_70 (PTX 7.5)
    // .block16 / .block32 (the forms NVPTX selects for every block-scaled
    // kind; mxf4nvf4 has no other) are PTX ISA 8.8; sm_100a's default is
    // 8.6.
    {"nvvm.tcgen05.mma.block_scale", 88},
};
} // namespace

unsigned tilecc::getNvvmOpPtxVersion(llvm::StringRef opName) {
  for (const NvvmPtxRow &row : kNvvmPtxVersions)
    if (opName.starts_with(row.prefix))
      return row.ptx;
  return 0;
}

llvm::StringRef tilecc::getFeatureName(TargetFeature feature) {
  switch (feature) {
  case F::CpAsync: return "cp.async";
  case F::Ldmatrix: return "ldmatrix";
  case F::MmaSyncF16: return "mma.sync";
  case F::MmaSyncFp8: return "fp8 mma.sync";
  case F::Tma: return "TMA";
  case F::Clusters: return "thread block clusters";
  case F::Wgmma: return "wgmma";
  case F::Tcgen05: return "tcgen05";
  case F::BlockScaledMma: return "block-scaled MMA";
  case F::Fp4: return "fp4";
  case F::Fp8Convert: return "fp8 conversions";
  case F::Bf16AtomicAdd: return "bf16 atomic add";
  case F::ClusterLaunchControl: return "cluster launch control";
  case F::MbarrierTx: return "mbarrier try_wait and tx-counts";
  case F::AsyncProxyFence: return "async-proxy fences";
  case F::Setmaxnreg: return "setmaxnreg";
  case F::ElectSync: return "elect.sync";
  case F::Tcgen05KindI8: return "tcgen05.mma kind::i8";
  case F::GridDepControl: return "griddepcontrol";
  case F::Stmatrix: return "stmatrix";
  }
  return "unknown feature";
}

namespace {
/// PTX instructions by opcode prefix (PTX ISA "Target ISA notes"), first
/// match wins, so longer prefixes come first where they overlap. A row with
/// a qualifier matches only opcodes that also carry it.
struct PtxInstructionRow {
  llvm::StringLiteral prefix;
  llvm::StringLiteral qualifier;
  F feature;
};
const PtxInstructionRow kPtxInstructions[] = {
    {"cp.async.bulk", "", F::Tma},            // sm_90
    {"cp.reduce.async.bulk", "", F::Tma},     // sm_90
    {"cp.async", "", F::CpAsync},             // sm_80
    {"wgmma", "", F::Wgmma},                  // sm_90a
    // kind::i8 implies tcgen05: every target with it has the rest.
    {"tcgen05.mma", ".kind::i8", F::Tcgen05KindI8}, // sm_100a, sm_110a
    {"tcgen05", "", F::Tcgen05},              // sm_100a, sm_103a, sm_110a
    {"mbarrier.try_wait", "", F::MbarrierTx}, // sm_90
    {"mbarrier", ".expect_tx", F::MbarrierTx}, // sm_90
    {"fence.mbarrier_init", "", F::MbarrierTx}, // sm_90
    {"fence.proxy.async", "", F::AsyncProxyFence}, // sm_90
    {"ldmatrix", "", F::Ldmatrix},            // sm_75
    {"stmatrix", "", F::Stmatrix},            // sm_90
    {"mma.sync", ".block_scale", F::BlockScaledMma}, // sm_120a
    {"mma.sync", ".e4m3", F::MmaSyncFp8},     // sm_89
    {"mma.sync", ".e5m2", F::MmaSyncFp8},     // sm_89
    {"mma.sync", "", F::MmaSyncF16},          // sm_80 for the shapes used
    {"clusterlaunchcontrol", "", F::ClusterLaunchControl}, // sm_100
    {"mapa", "", F::Clusters},                // sm_90
    {"barrier.cluster", "", F::Clusters},     // sm_90
    {"setmaxnreg", "", F::Setmaxnreg},        // sm_90a
    {"elect.sync", "", F::ElectSync},         // sm_90
    {"griddepcontrol", "", F::GridDepControl}, // sm_90
};

/// Whether `opcode` is `prefix` or continues it with a qualifier.
bool startsWithToken(llvm::StringRef opcode, llvm::StringRef prefix) {
  return opcode.starts_with(prefix) &&
         (opcode.size() == prefix.size() || opcode[prefix.size()] == '.');
}
} // namespace

std::optional<TargetFeature>
tilecc::getPtxInstructionFeature(llvm::StringRef opcode) {
  for (const PtxInstructionRow &row : kPtxInstructions) {
    if (!startsWithToken(opcode, row.prefix))
      continue;
    if (!row.qualifier.empty() && !opcode.contains(row.qualifier))
      continue;
    return row.feature;
  }
  return std::nullopt;
}

void tilecc::getPtxFeatures(llvm::StringRef text,
                            llvm::SmallVectorImpl<TargetFeature> &features) {
  // Statements end at ';'; braces open scopes and `name:` is a label.
  llvm::SmallVector<llvm::StringRef> statements;
  text.split(statements, ';');
  for (llvm::StringRef statement : statements) {
    statement = statement.ltrim(" \t\r\n{}");
    // A label ends before the instruction it marks.
    size_t colon = statement.find(':');
    size_t space = statement.find_first_of(" \t\r\n");
    if (colon != llvm::StringRef::npos && colon < space &&
        !statement.substr(colon).starts_with("::"))
      statement = statement.substr(colon + 1).ltrim(" \t\r\n{}");
    // A guard predicate (`@p`, `@!p`) precedes the opcode.
    if (statement.starts_with("@"))
      statement = statement.drop_until([](char c) {
                             return c == ' ' || c == '\t';
                           }).ltrim(" \t");
    llvm::StringRef opcode = statement.take_until([](char c) {
      return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    });
    if (opcode.empty() || opcode.starts_with("."))
      continue; // a directive (.reg) or nothing
    if (std::optional<F> feature = getPtxInstructionFeature(opcode))
      if (!llvm::is_contained(features, *feature))
        features.push_back(*feature);
  }
}
