//===- InstructionTableTest.cpp - MMA and copy instruction families -------===//
//
// Shapes from the PTX ISA: mma.sync m16n8k{8,16,32,64} by operand width and
// m8n8k4 for f64; wgmma m64nNk(32 bytes); tcgen05.mma M = 128, K 32 bytes;
// block-scaled mma.sync m16n8k32 (mxf8f6f4) and m16n8k64 (mxf4nvf4).
//
//===----------------------------------------------------------------------===//
#include "Layout/InstructionTable.h"

#include "gtest/gtest.h"

using namespace tilecc;
using namespace tilecc::layout;

namespace {

MmaInstrShape shape(unsigned m, unsigned n, unsigned k) { return {m, n, k}; }

TEST(InstructionTable, MmaShapes) {
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::MmaSync, 16, 128), shape(16, 8, 16));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::MmaSync, 8, 128), shape(16, 8, 32));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::MmaSync, 32, 128), shape(16, 8, 8));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::MmaSync, 64, 128), shape(8, 8, 4));
  EXPECT_FALSE(getMmaInstrShape(MmaFamily::MmaSync, 1, 128));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::Wgmma, 16, 128), shape(64, 128, 16));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::Tcgen05, 8, 512), shape(128, 256, 32));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::Tcgen05BlockScaled, 4, 64),
            shape(128, 64, 64));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::MmaSyncBlockScaled, 8, 64, 32),
            shape(16, 8, 32));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::MmaSyncBlockScaled, 4, 64, 32),
            shape(16, 8, 32));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::MmaSyncBlockScaled, 4, 64, 16),
            shape(16, 8, 64));
  EXPECT_EQ(*getMmaInstrShape(MmaFamily::Fma, 32, 64), shape(1, 1, 1));
}

TEST(InstructionTable, MmaTileGranules) {
  EXPECT_EQ(*getMmaTileGranule(MmaFamily::MmaSync, 16), shape(16, 8, 16));
  EXPECT_EQ(*getMmaTileGranule(MmaFamily::MmaSyncBlockScaled, 4),
            shape(16, 8, 64));
  EXPECT_EQ(*getMmaTileGranule(MmaFamily::Tcgen05BlockScaled, 8),
            shape(16, 8, 32));
  EXPECT_FALSE(getMmaTileGranule(MmaFamily::Tcgen05BlockScaled, 0));
  // tcgen05 tiles below 64 rows are padded to 64.
  EXPECT_EQ(*getMmaTileGranule(MmaFamily::Tcgen05, 16), shape(16, 8, 16));
}

TEST(InstructionTable, MmaShapeChecks) {
  EXPECT_EQ(checkMmaInstrShape(MmaFamily::MmaSync, 16, shape(16, 8, 16)), "");
  EXPECT_EQ(checkMmaInstrShape(MmaFamily::MmaSync, 16, shape(16, 8, 8)),
            "mma.sync with 16-bit operands is m16n8k16, not m16n8k8");
  EXPECT_EQ(checkMmaInstrShape(MmaFamily::Wgmma, 16, shape(64, 8, 16)), "");
  EXPECT_EQ(checkMmaInstrShape(MmaFamily::Wgmma, 16, shape(64, 264, 16)),
            "wgmma takes N from 8 to 256 in steps of 8, not 264");
  EXPECT_EQ(checkMmaInstrShape(MmaFamily::Tcgen05, 32, shape(128, 64, 8)), "");
  EXPECT_NE(checkMmaInstrShape(MmaFamily::Tcgen05, 32, shape(64, 64, 8)), "");
  EXPECT_EQ(checkMmaInstrShape(MmaFamily::MmaSyncBlockScaled, 4,
                               shape(16, 8, 64), 16),
            "");
  EXPECT_NE(checkMmaInstrShape(MmaFamily::MmaSyncBlockScaled, 4,
                               shape(16, 8, 64), 32),
            "");
}

TEST(InstructionTable, Features) {
  EXPECT_EQ(getRequiredFeature(MmaFamily::MmaSync), TargetFeature::MmaSyncF16);
  EXPECT_EQ(getRequiredFeature(MmaFamily::Wgmma), TargetFeature::Wgmma);
  EXPECT_EQ(getRequiredFeature(MmaFamily::Tcgen05), TargetFeature::Tcgen05);
  EXPECT_EQ(getRequiredFeature(MmaFamily::Tcgen05BlockScaled),
            TargetFeature::Tcgen05);
  EXPECT_EQ(getRequiredFeature(MmaFamily::MmaSyncBlockScaled),
            TargetFeature::BlockScaledMma);
  EXPECT_FALSE(getRequiredFeature(MmaFamily::Fma));
  EXPECT_TRUE(isBlockScaled(MmaFamily::Tcgen05BlockScaled));
  EXPECT_FALSE(isBlockScaled(MmaFamily::Tcgen05));
  EXPECT_EQ(getRequiredFeature(CopyKind::CpAsync), TargetFeature::CpAsync);
  EXPECT_EQ(getRequiredFeature(CopyKind::Tma), TargetFeature::Tma);
  EXPECT_EQ(getRequiredFeature(CopyKind::Stmatrix), TargetFeature::Stmatrix);
  EXPECT_FALSE(getRequiredFeature(CopyKind::Ldg));
}

TEST(InstructionTable, CopyWidths) {
  EXPECT_EQ(checkCopyWidth(CopyKind::Ldg, 128), "");
  EXPECT_EQ(checkCopyWidth(CopyKind::Sts, 8), "");
  EXPECT_NE(checkCopyWidth(CopyKind::Stg, 256), "");
  EXPECT_EQ(checkCopyWidth(CopyKind::CpAsync, 64), "");
  EXPECT_NE(checkCopyWidth(CopyKind::CpAsync, 16), "");
  EXPECT_EQ(checkCopyWidth(CopyKind::Tma, 0), "");
  EXPECT_NE(checkCopyWidth(CopyKind::Tma, 128), "");
  EXPECT_EQ(checkCopyWidth(CopyKind::Stmatrix, 128), "");
  EXPECT_NE(checkCopyWidth(CopyKind::Stmatrix, 16), "");
  EXPECT_EQ(checkCopyWidth(CopyKind::RedGlobal, 0), "");
}

} // namespace
