//===- TargetInfoTest.cpp - the target table ------------------------------===//
#include "Target/TargetInfo.h"

#include <gtest/gtest.h>

using namespace tilecc;
using llvm::SmallVector;

TEST(TargetInfo, PlainNameUsesArchSpecificCodegen) {
  std::optional<TargetInfo> sm100 = parseTarget("sm_100");
  ASSERT_TRUE(sm100);
  EXPECT_EQ(sm100->getName(), "sm_100");
  EXPECT_EQ(sm100->getCodegenName(), "sm_100a");
  EXPECT_TRUE(sm100->has(TargetFeature::Tcgen05));
  EXPECT_EQ(sm100->ptxVersion, 86u);

  std::optional<TargetInfo> sm80 = parseTarget("sm_80");
  ASSERT_TRUE(sm80);
  EXPECT_EQ(sm80->getCodegenName(), "sm_80");
  EXPECT_TRUE(sm80->has(TargetFeature::CpAsync));
  EXPECT_FALSE(sm80->has(TargetFeature::Tma));
}

TEST(TargetInfo, FamilyVariantHasOnlyPortableFeatures) {
  std::optional<TargetInfo> sm100f = parseTarget("sm_100f");
  ASSERT_TRUE(sm100f);
  EXPECT_EQ(sm100f->getCodegenName(), "sm_100f");
  EXPECT_FALSE(sm100f->has(TargetFeature::Tcgen05));
  EXPECT_TRUE(sm100f->has(TargetFeature::Tma));
  EXPECT_EQ(sm100f->ptxVersion, 88u);
}

TEST(TargetInfo, HopperWgmmaOnlyOnExactDevice) {
  std::optional<TargetInfo> sm90 = parseTarget("sm_90");
  ASSERT_TRUE(sm90);
  EXPECT_TRUE(sm90->has(TargetFeature::Wgmma));
  EXPECT_EQ(sm90->getCodegenName(), "sm_90a");
  EXPECT_EQ(sm90->ptxVersion, 80u);
  EXPECT_FALSE(parseTarget("sm_90f"));
  EXPECT_FALSE(parseTarget("sm_89")->has(TargetFeature::Wgmma));
}

TEST(TargetInfo, RejectsUnknownNames) {
  for (const char *name : {"sm_70", "sm_80a", "sm_86f", "compute_80", "sm_", "sm_100x", "", "sm_1000"})
    EXPECT_FALSE(parseTarget(name)) << name;
}

TEST(TargetInfo, EverySupportedVersionParses) {
  for (unsigned sm : getSupportedSmVersions()) {
    std::optional<TargetInfo> info = parseTarget("sm_" + std::to_string(sm));
    ASSERT_TRUE(info) << sm;
    EXPECT_EQ(info->smVersion, sm);
    EXPECT_GE(info->ptxVersion, 70u);
  }
}

TEST(TargetInfo, ConversionAndAtomicFeaturesByGeneration) {
  EXPECT_FALSE(parseTarget("sm_86")->has(TargetFeature::Fp8Convert));
  EXPECT_TRUE(parseTarget("sm_89")->has(TargetFeature::Fp8Convert));
  EXPECT_FALSE(parseTarget("sm_89")->has(TargetFeature::Bf16AtomicAdd));
  EXPECT_TRUE(parseTarget("sm_90")->has(TargetFeature::Bf16AtomicAdd));
  EXPECT_TRUE(parseTarget("sm_120f")->has(TargetFeature::Bf16AtomicAdd));
  EXPECT_EQ(getFeatureName(TargetFeature::Fp8Convert), "fp8 conversions");
}

// The PTX opcode table, with the targets from the PTX ISA's "Target ISA
// notes" of each instruction.
TEST(TargetInfo, PtxOpcodesNameTheirFeature) {
  using F = TargetFeature;
  EXPECT_EQ(getPtxInstructionFeature(
                "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"),
            F::Wgmma);
  EXPECT_EQ(getPtxInstructionFeature("wgmma.wait_group.sync.aligned"),
            F::Wgmma);
  EXPECT_EQ(getPtxInstructionFeature("tcgen05.mma.cta_group::1.kind::f16"),
            F::Tcgen05);
  EXPECT_EQ(getPtxInstructionFeature("cp.async.cg.shared.global"), F::CpAsync);
  EXPECT_EQ(getPtxInstructionFeature("cp.async.commit_group"), F::CpAsync);
  EXPECT_EQ(getPtxInstructionFeature(
                "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
                "complete_tx::bytes"),
            F::Tma);
  EXPECT_EQ(getPtxInstructionFeature("mbarrier.try_wait.parity.shared::cta.b64"),
            F::MbarrierTx);
  EXPECT_EQ(getPtxInstructionFeature(
                "mbarrier.arrive.expect_tx.shared::cta.b64"),
            F::MbarrierTx);
  // mbarrier.init/arrive/test_wait are sm_80.
  EXPECT_FALSE(getPtxInstructionFeature("mbarrier.init.shared.b64"));
  EXPECT_FALSE(getPtxInstructionFeature("mbarrier.test_wait.parity.shared.b64"));
  EXPECT_EQ(getPtxInstructionFeature("fence.proxy.async.shared::cta"),
            F::AsyncProxyFence);
  EXPECT_EQ(getPtxInstructionFeature("ldmatrix.sync.aligned.m8n8.x4.shared.b16"),
            F::Ldmatrix);
  EXPECT_EQ(getPtxInstructionFeature("mma.sync.aligned.m16n8k32.row.col.f32."
                                     "e4m3.e4m3.f32"),
            F::MmaSyncFp8);
  // Whole tokens only: wgmma is not mma.sync, cp.asyncx is no instruction.
  EXPECT_FALSE(getPtxInstructionFeature("ld.global.v4.b32"));
  EXPECT_FALSE(getPtxInstructionFeature("cp.asyncx"));
  EXPECT_FALSE(getPtxInstructionFeature("fence.acq_rel.gpu"));
  EXPECT_FALSE(parseTarget("sm_86")->has(F::MbarrierTx));
  EXPECT_TRUE(parseTarget("sm_90")->has(F::MbarrierTx));
  EXPECT_TRUE(parseTarget("sm_120")->has(F::AsyncProxyFence));
  // elect.sync (the tcgen05 and TMA issuing thread) is sm_90.
  EXPECT_EQ(getPtxInstructionFeature("elect.sync"), F::ElectSync);
  EXPECT_FALSE(parseTarget("sm_89")->has(F::ElectSync));
  EXPECT_TRUE(parseTarget("sm_90")->has(F::ElectSync));
  EXPECT_TRUE(parseTarget("sm_100a")->has(F::ElectSync));
  // stmatrix (the TMA-store epilogue's staging of 16-bit tiles) is sm_90.
  EXPECT_EQ(getPtxInstructionFeature("stmatrix.sync.aligned.m8n8.x4.shared.b16"),
            F::Stmatrix);
  EXPECT_FALSE(parseTarget("sm_89")->has(F::Stmatrix));
  EXPECT_TRUE(parseTarget("sm_90")->has(F::Stmatrix));
  EXPECT_TRUE(parseTarget("sm_120")->has(F::Stmatrix));
}

// tcgen05 and its kind::i8 (PTX ISA tcgen05.mma target notes), griddepcontrol.
TEST(TargetInfo, Tcgen05Targets) {
  using F = TargetFeature;
  for (const char *name : {"sm_100a", "sm_100", "sm_103a", "sm_110a"})
    EXPECT_TRUE(parseTarget(name)->has(F::Tcgen05)) << name;
  for (const char *name : {"sm_90a", "sm_100f", "sm_120a", "sm_121a"})
    EXPECT_FALSE(parseTarget(name)->has(F::Tcgen05)) << name;
  EXPECT_TRUE(parseTarget("sm_100a")->has(F::Tcgen05KindI8));
  EXPECT_TRUE(parseTarget("sm_110a")->has(F::Tcgen05KindI8));
  EXPECT_FALSE(parseTarget("sm_103a")->has(F::Tcgen05KindI8));
  EXPECT_EQ(getPtxInstructionFeature("tcgen05.mma.cta_group::1.kind::i8"),
            F::Tcgen05KindI8);
  EXPECT_EQ(getPtxInstructionFeature("tcgen05.mma.cta_group::1.kind::f16"),
            F::Tcgen05);
  EXPECT_EQ(getPtxInstructionFeature("griddepcontrol.wait"),
            F::GridDepControl);
  EXPECT_FALSE(parseTarget("sm_89")->has(F::GridDepControl));
  EXPECT_TRUE(parseTarget("sm_90")->has(F::GridDepControl));
}

// NVVM ops whose NVPTX forms need a PTX ISA above some target's default.
TEST(TargetInfo, NvvmOpPtxVersion) {
  EXPECT_EQ(getNvvmOpPtxVersion("nvvm.tcgen05.mma.block_scale"), 88u);
  EXPECT_EQ(getNvvmOpPtxVersion("nvvm.tcgen05.mma"), 0u);
  EXPECT_EQ(getNvvmOpPtxVersion("nvvm.fence.proxy.acquire"), 83u);
  EXPECT_EQ(getNvvmOpPtxVersion("nvvm.elect.sync"), 0u);
}

// Inline-asm text: each statement's opcode, past braces, labels, guards and
// declarations.
TEST(TargetInfo, PtxTextFeatures) {
  using F = TargetFeature;
  SmallVector<F> features;
  getPtxFeatures("{\n .reg .pred p;\n WAIT:\n mbarrier.try_wait.parity.shared::"
                 "cta.b64 p, [$0], $1;\n @!p bra WAIT;\n}",
                 features);
  EXPECT_EQ(features, SmallVector<F>({F::MbarrierTx}));
  features.clear();
  getPtxFeatures("@$2 cp.async.cg.shared.global [$0], [$1], 16; "
                 "cp.async.commit_group; wgmma.fence.sync.aligned;",
                 features);
  EXPECT_EQ(features, SmallVector<F>({F::CpAsync, F::Wgmma}));
  features.clear();
  getPtxFeatures("add.s32 $0, $1, $2;", features);
  EXPECT_TRUE(features.empty());
}

TEST(TargetInfo, RegisterAndOccupancyFacts) {
  // 64 Ki registers per SM: 255 a thread up to 256 threads, then the file
  // split evenly in units of 8.
  EXPECT_EQ(getRegisterLimit(128), 255u);
  EXPECT_EQ(getRegisterLimit(256), 255u);
  EXPECT_EQ(getRegisterLimit(512), 128u);
  EXPECT_EQ(getRegisterLimit(1024), 64u);
  EXPECT_EQ(getRegisterLimit(256, 2), 128u);
  EXPECT_EQ(getRegisterLimit(384), 168u);
  std::optional<TargetInfo> sm80 = parseTarget("sm_80");
  ASSERT_TRUE(sm80);
  EXPECT_EQ(sm80->sharedMemoryPerSM, 164u * 1024);
  EXPECT_EQ(sm80->maxThreadsPerSM, 2048u);
  EXPECT_EQ(parseTarget("sm_89")->maxThreadsPerSM, 1536u);
  EXPECT_EQ(parseTarget("sm_90a")->sharedMemoryPerSM, 228u * 1024);
}

// The register split of a warp-specialized CTA (one producer warpgroup).
TEST(TargetInfo, WarpRoleRegisters) {
  // One consumer warpgroup: 256 threads keep 255 registers each, no
  // reallocation.
  std::optional<WarpRoleRegisters> one = chooseWarpRoleRegisters(4, 4, 176);
  ASSERT_TRUE(one);
  EXPECT_FALSE(one->producer);
  EXPECT_FALSE(one->consumer);
  // Two consumer warpgroups: 168 at launch (384 threads); the producer
  // drops to 40 and the consumers take 168 + 128 * 4 / 8 = 232.
  std::optional<WarpRoleRegisters> two = chooseWarpRoleRegisters(4, 8, 176);
  ASSERT_TRUE(two);
  EXPECT_EQ(two->producer, 40u);
  EXPECT_EQ(two->consumer, 232u);
  // Within the even split: nothing moves.
  EXPECT_FALSE(chooseWarpRoleRegisters(4, 8, 160)->consumer);
  // More than the producer can free: no split.
  EXPECT_FALSE(chooseWarpRoleRegisters(4, 8, 240));
  // setmaxnreg is an arch-specific feature from sm_90a on.
  EXPECT_TRUE(parseTarget("sm_90a")->has(TargetFeature::Setmaxnreg));
  EXPECT_FALSE(parseTarget("sm_80")->has(TargetFeature::Setmaxnreg));
  EXPECT_EQ(getPtxInstructionFeature("setmaxnreg.inc.sync.aligned.u32"),
            TargetFeature::Setmaxnreg);
  // fence.proxy.alias needs PTX 7.5, above sm_80's default.
  EXPECT_EQ(getNvvmOpPtxVersion("nvvm.fence.proxy"), 75u);
}
