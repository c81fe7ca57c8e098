//===- TargetInfo.h - supported GPU targets ---------------------*- C++ -*-===//
//
// One table of the GPUs tilecc compiles for: how `-arch=` is spelled, which PTX
// ISA version and ptxas target each gets, and which hardware features it has.
// Every feature check in the compiler reads this table, so an unsupported
// feature is diagnosed before LLVM code generation.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TARGET_TARGETINFO_H
#define TILECC_TARGET_TARGETINFO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace tilecc {

/// Hardware features that decide code generation.
enum class TargetFeature : unsigned {
  CpAsync = 1u << 0,         // cp.async global->shared (sm_80+)
  Ldmatrix = 1u << 1,        // ldmatrix (sm_75+)
  MmaSyncF16 = 1u << 2,      // mma.sync m16n8k16 f16/bf16/tf32/i8 (sm_80+)
  MmaSyncFp8 = 1u << 3,      // mma.sync with e4m3/e5m2 operands (sm_89+)
  Tma = 1u << 4,             // cp.async.bulk.tensor + mbarrier tx-count (sm_90+)
  Clusters = 1u << 5,        // thread block clusters (sm_90+)
  Wgmma = 1u << 6,           // wgmma.mma_async (sm_90a only)
  Tcgen05 = 1u << 7,         // tcgen05 + tensor memory (sm_100a/sm_103a family)
  BlockScaledMma = 1u << 8,  // block-scaled MMA with e8m0 scales (sm_100a+, sm_120a+)
  Fp4 = 1u << 9,             // e2m1 conversions and MMA (sm_100+)
  Fp8Convert = 1u << 10,     // cvt to/from e4m3/e5m2 (sm_89+)
  Bf16AtomicAdd = 1u << 11,  // atom/red .add.noftz.bf16 (sm_90+)
  ClusterLaunchControl = 1u << 12, // clusterlaunchcontrol try_cancel (sm_100+)
  MbarrierTx = 1u << 13,     // mbarrier try_wait and tx-counts (sm_90+)
  AsyncProxyFence = 1u << 14, // fence.proxy.async (sm_90+)
  Setmaxnreg = 1u << 15,     // setmaxnreg register reallocation (sm_90a and later a/f)
  ElectSync = 1u << 16,      // elect.sync (sm_90+)
  Tcgen05KindI8 = 1u << 17,  // tcgen05.mma .kind::i8 (sm_100a, sm_110a; not sm_103a)
  GridDepControl = 1u << 18, // griddepcontrol (sm_90+)
  Stmatrix = 1u << 19,       // stmatrix.m8n8 b16 (sm_90+)
};

/// The variant suffix of an architecture name.
enum class ArchVariant { Base, ArchSpecific /*a*/, FamilySpecific /*f*/ };

struct TargetInfo {
  unsigned smVersion;       // 80, 86, 89, 90, 100, 103, 110, 120, 121
  ArchVariant variant;      // as named by the user
  unsigned ptxVersion;      // PTX ISA version times 10 (e.g. 86 for 8.6)
  unsigned features;        // TargetFeature bits
  unsigned sharedMemoryPerBlock; // bytes of shared memory one CTA may use
  unsigned sharedMemoryPerSM;    // bytes of shared memory of one SM
  unsigned maxThreadsPerSM;      // resident threads of one SM
  unsigned maxCTAsPerSM;         // resident CTAs of one SM

  /// The name as the user wrote it (`sm_100`, `sm_90a`).
  std::string getName() const;
  /// The name passed to LLVM and ptxas. Plain `sm_XY` compiles for that exact
  /// device and so uses its arch-specific variant (`sm_XYa`) where one exists.
  std::string getCodegenName() const;
  /// Bytes of static shared memory ptxas accepts in one kernel: the whole
  /// per-block budget for an arch-specific codegen target (`sm_XYa`), the
  /// portable 48 KiB otherwise.
  unsigned getStaticSharedMemoryLimit() const;
  bool has(TargetFeature feature) const {
    return features & static_cast<unsigned>(feature);
  }
};

/// 32-bit registers of one SM's register file (every supported target).
constexpr unsigned kRegistersPerSM = 64 * 1024;
/// Registers one thread may address (ptxas's ceiling, `.maxnreg` at most).
constexpr unsigned kMaxRegistersPerThread = 255;
/// Registers are given to warps in blocks of this many per thread.
constexpr unsigned kRegisterAllocationUnit = 8;
/// Threads of one CTA (`.maxntid` at most).
constexpr unsigned kMaxThreadsPerCTA = 1024;
/// Shared memory the CUDA driver reserves per resident CTA (sm_80 and later).
constexpr unsigned kReservedSharedPerCTA = 1024;

/// Registers each thread of a CTA of `threads` threads may use when
/// `ctasPerSM` such CTAs share an SM: the register file split evenly, in
/// allocation units, at most kMaxRegistersPerThread.
unsigned getRegisterLimit(unsigned threads, unsigned ctasPerSM = 1);

/// setmaxnreg's range of registers per thread (PTX ISA 9.7.19.5): 24 to
/// 256, in multiples of 8.
constexpr unsigned kMinSetmaxnregRegisters = 24;
constexpr unsigned kMaxSetmaxnregRegisters = 256;
/// Registers a producer warpgroup that only issues TMA keeps (CUTLASS's and
/// FlashAttention-3's producers keep 24 to 40; addresses and the loop's
/// counters fit).
constexpr unsigned kProducerRoleRegisters = 40;

/// The registers per thread each role of a warp-specialized CTA runs with.
struct WarpRoleRegisters {
  /// setmaxnreg targets (producer .dec, consumers .inc); none when the
  /// even split already gives the consumers what they need.
  std::optional<unsigned> producer, consumer;
};

/// The register split of a CTA of `producerWarps` TMA-only warps and
/// `consumerWarps` warps needing `consumerNeed` registers per thread, with
/// `ctasPerSM` CTAs per SM. At launch every thread holds the even split
/// (ptxas derives it from .maxntid); where that is short of the consumers'
/// need, the producers drop to kProducerRoleRegisters and the consumers take
/// what they free. std::nullopt when even that falls short.
std::optional<WarpRoleRegisters>
chooseWarpRoleRegisters(unsigned producerWarps, unsigned consumerWarps,
                        unsigned consumerNeed, unsigned ctasPerSM = 1);

/// Static shared memory ptxas accepts in a kernel for every target.
constexpr unsigned kPortableStaticSharedBytes = 48 * 1024;

/// At least the CTAs resident at once on any supported GPU (SMs x CTAs per
/// SM: H100/H200 132 x 32 = 4224, B200 148 x 32 = 4736, RTX PRO 6000 188 x
/// 24 = 4512): sizes per-CTA pools in global memory, such as the entries of
/// device-built tensor maps, so that every resident CTA finds one free.
constexpr unsigned kMaxResidentCtas = 8192;

/// Parses `sm_XY`, `sm_XYa` or `sm_XYf`; std::nullopt for unknown targets.
std::optional<TargetInfo> parseTarget(llvm::StringRef name);

/// The spellings accepted by parseTarget (base names), for diagnostics.
llvm::ArrayRef<unsigned> getSupportedSmVersions();

/// A human-readable feature name (`wgmma`, `tcgen05`, ...).
llvm::StringRef getFeatureName(TargetFeature feature);

/// The feature a PTX instruction needs, from its opcode with qualifiers
/// (`wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16`); std::nullopt for
/// instructions every supported target has. Qualifiers that name a feature
/// on any instruction (`.cluster`, `.e4m3`) are not looked at here.
std::optional<TargetFeature> getPtxInstructionFeature(llvm::StringRef opcode);

/// The features the PTX `text` (one or more instructions, as inline assembly
/// holds them) needs by its instructions' opcodes, each once, in order.
void getPtxFeatures(llvm::StringRef text,
                    llvm::SmallVectorImpl<TargetFeature> &features);

/// The PTX ISA version (times 10) LLVM's NVPTX backend needs to select the
/// NVVM op named `opName` where that is newer than the default of every
/// target with the instruction (fence.proxy.acquire: 8.3, sm_90's default
/// is 8.0); 0 for other ops.
unsigned getNvvmOpPtxVersion(llvm::StringRef opName);

} // namespace tilecc

#endif // TILECC_TARGET_TARGETINFO_H
