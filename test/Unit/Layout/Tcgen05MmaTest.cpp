//===- Tcgen05MmaTest.cpp - tcgen05.mma table and descriptors -------------===//
//
// Expected bits from the PTX ISA 9.0 tables: "Instruction descriptor format
// for .kind::tf32, .kind::f16, .kind::f8f6f4 and .kind::i8" (bits 4-5 D type:
// F16 0, F32 1, S32 2; bits 7-9 / 10-12 A / B type: F16 0, BF16 1, TF32 2,
// E4M3 0, E5M2 1, unsigned 8b 0, signed 8b 1; bit 15/16 transpose; bits 17-22
// N >> 3; bits 24-28 M >> 4) and the tcgen05 "Shared memory descriptor"
// (bits 0-13 address >> 4, 16-29 LBO >> 4, 32-45 SBO >> 4, 46-48 fixed
// 0b001, 61-63 swizzle mode).
//
//===----------------------------------------------------------------------===//
#include "Layout/Tcgen05Mma.h"

#include "Layout/DistributedLayouts.h"

#include "gtest/gtest.h"

using namespace tilecc::layout;

namespace {

TEST(Tcgen05Mma, InstructionTable) {
  auto f16 = getTcgen05Shape("f16", "f16", "f32");
  ASSERT_TRUE(f16);
  EXPECT_EQ(f16->kind, Tcgen05Kind::F16);
  EXPECT_EQ(f16->k, 16u);
  EXPECT_EQ(getTcgen05Shape("bf16", "bf16", "f32")->aType, 1u);
  auto tf32 = getTcgen05Shape("tf32", "tf32", "f32");
  ASSERT_TRUE(tf32);
  EXPECT_EQ(tf32->kind, Tcgen05Kind::TF32);
  EXPECT_EQ(tf32->k, 8u);
  EXPECT_FALSE(tf32->splitF32);
  // f32 operands keep f32 precision: three kind::tf32 MMAs (3xTF32).
  auto f32 = getTcgen05Shape("f32", "f32", "f32");
  ASSERT_TRUE(f32);
  EXPECT_EQ(f32->kind, Tcgen05Kind::TF32);
  EXPECT_EQ(f32->k, 8u);
  EXPECT_TRUE(f32->splitF32);
  EXPECT_FALSE(getTcgen05Shape("f32", "tf32", "f32"));
  EXPECT_FALSE(getTcgen05Shape("f64", "f64", "f64"));
  auto f8 = getTcgen05Shape("e4m3", "e5m2", "f32");
  ASSERT_TRUE(f8);
  EXPECT_EQ(f8->kind, Tcgen05Kind::F8F6F4);
  EXPECT_EQ(f8->k, 32u);
  EXPECT_EQ(f8->aType, 0u);
  EXPECT_EQ(f8->bType, 1u);
  auto i8 = getTcgen05Shape("s8", "u8", "s32");
  ASSERT_TRUE(i8);
  EXPECT_EQ(i8->kind, Tcgen05Kind::I8);
  EXPECT_EQ(i8->k, 32u);
  EXPECT_EQ(i8->aType, 1u);
  EXPECT_EQ(i8->bType, 0u);
  EXPECT_EQ(i8->dType, 2u);
  EXPECT_EQ(getTcgen05KindName(Tcgen05Kind::F8F6F4), "f8f6f4");
  // D type F16 (0): kind::f16 with f16 operands and kind::f8f6f4.
  auto f16Acc = getTcgen05Shape("f16", "f16", "f16");
  ASSERT_TRUE(f16Acc);
  EXPECT_EQ(f16Acc->kind, Tcgen05Kind::F16);
  EXPECT_EQ(f16Acc->dType, 0u);
  auto f8Acc = getTcgen05Shape("e4m3", "e5m2", "f16");
  ASSERT_TRUE(f8Acc);
  EXPECT_EQ(f8Acc->kind, Tcgen05Kind::F8F6F4);
  EXPECT_EQ(f8Acc->bType, 1u);
  EXPECT_EQ(f8Acc->dType, 0u);
  // Kept on mma.sync by tilecc.
  EXPECT_FALSE(getTcgen05Shape("bf16", "bf16", "f16"));
  EXPECT_FALSE(getTcgen05Shape("f16", "bf16", "f32"));
  EXPECT_FALSE(getTcgen05Shape("f64", "f64", "f64"));
  EXPECT_FALSE(getTcgen05Shape("s8", "s8", "f16"));
}

TEST(Tcgen05Mma, Fits) {
  Tcgen05Shape s = *getTcgen05Shape("f16", "f16", "f32");
  EXPECT_TRUE(fitsTcgen05(4, {128, 128}, 32, s));
  EXPECT_TRUE(fitsTcgen05(4, {64, 64}, 32, s));   // M = 64 tile
  EXPECT_TRUE(fitsTcgen05(8, {128, 256}, 32, s)); // two warp groups
  EXPECT_TRUE(fitsTcgen05(4, {256, 256}, 16, s)); // 512 columns
  EXPECT_FALSE(fitsTcgen05(4, {256, 512}, 16, s)); // 1024 columns
  EXPECT_TRUE(fitsTcgen05(4, {32, 64}, 32, s));    // M below 64: padded
  EXPECT_TRUE(fitsTcgen05(4, {16, 64}, 32, s));
  EXPECT_FALSE(fitsTcgen05(4, {8, 64}, 32, s));  // below mma.sync's M
  EXPECT_FALSE(fitsTcgen05(4, {48, 64}, 32, s)); // not a power of two
  EXPECT_EQ(getTcgen05PaddedM(16), 64);
  EXPECT_EQ(getTcgen05PaddedM(64), 64);
  EXPECT_EQ(getTcgen05PaddedM(256), 256);
  EXPECT_FALSE(fitsTcgen05(4, {64, 8}, 32, s));   // N below 16
  EXPECT_FALSE(fitsTcgen05(4, {64, 64}, 8, s));   // K below 16
  EXPECT_FALSE(fitsTcgen05(2, {64, 64}, 16, s));  // no lane quarter each
  EXPECT_TRUE(fitsTcgen05(4, {2, 64, 64}, 16, s));    // batched
  EXPECT_TRUE(fitsTcgen05(4, {2, 128, 256}, 16, s));  // 512 columns
  EXPECT_FALSE(fitsTcgen05(4, {4, 128, 256}, 16, s)); // 1024 columns
  EXPECT_FALSE(fitsTcgen05(4, {3, 64, 64}, 16, s));
  Tcgen05Shape i8 = *getTcgen05Shape("s8", "s8", "s32");
  EXPECT_FALSE(fitsTcgen05(4, {64, 64}, 16, i8)); // K below 32
  EXPECT_TRUE(fitsTcgen05(4, {64, 64}, 64, i8));
}

TEST(Tcgen05Mma, InstrDescriptor) {
  // kind::f16, bf16 x bf16 -> f32, M = 128, N = 256.
  uint32_t bf16 = (1u << 4) | (1u << 7) | (1u << 10) | ((256u >> 3) << 17) |
                  ((128u >> 4) << 24);
  EXPECT_EQ(getTcgen05InstrDescriptor(*getTcgen05Shape("bf16", "bf16", "f32"),
                                      128, 256),
            bf16);
  EXPECT_EQ(bf16, 0x08400490u);
  // kind::f16, f16 -> f32, M = 128, N = 64: D F32, A = B = F16 (0).
  EXPECT_EQ(getTcgen05InstrDescriptor(*getTcgen05Shape("f16", "f16", "f32"),
                                      128, 64),
            0x08100010u);
  // kind::tf32, M = 64, N = 16: A = B = TF32 (2).
  EXPECT_EQ(getTcgen05InstrDescriptor(*getTcgen05Shape("tf32", "tf32", "f32"),
                                      64, 16),
            (1u << 4) | (2u << 7) | (2u << 10) | (2u << 17) | (4u << 24));
  // kind::f8f6f4, E5M2 x E4M3 -> f32, M = 128, N = 128.
  EXPECT_EQ(getTcgen05InstrDescriptor(*getTcgen05Shape("e5m2", "e4m3", "f32"),
                                      128, 128),
            (1u << 4) | (1u << 7) | (0u << 10) | (16u << 17) | (8u << 24));
  // kind::i8, signed x unsigned -> S32 (2), M = 128, N = 32.
  EXPECT_EQ(getTcgen05InstrDescriptor(*getTcgen05Shape("s8", "u8", "s32"),
                                      128, 32),
            0x080800A0u);
  // Transpose B (bit 16): B read N-major, the layout the cp.async rings
  // write for a K x N tile.
  EXPECT_EQ(getTcgen05InstrDescriptor(*getTcgen05Shape("f16", "f16", "f32"),
                                      128, 64, /*mnMajorB=*/true),
            0x08100010u | (1u << 16));
}

TEST(Tcgen05Mma, SwizzleMode) {
  // PTX ISA shared memory descriptor, bits 61-63: 0 none, 2 128-byte,
  // 4 64-byte, 6 32-byte (1, 128-byte with 32-byte atomicity, unused).
  EXPECT_EQ(getTcgen05SwizzleMode(0), 0u);
  EXPECT_EQ(getTcgen05SwizzleMode(128), 2u);
  EXPECT_EQ(getTcgen05SwizzleMode(64), 4u);
  EXPECT_EQ(getTcgen05SwizzleMode(32), 6u);
  EXPECT_FALSE(getTcgen05SwizzleMode(16));
}

TEST(Tcgen05Mma, SmemDescriptor) {
  // No swizzle, LBO 128 B, SBO 512 B: 8 at bit 16, 32 at bit 32, bit 46.
  EXPECT_EQ(getTcgen05SmemDescriptorFields(128, 512),
            (uint64_t(8) << 16) | (uint64_t(32) << 32) | (uint64_t(1) << 46));
  EXPECT_EQ(getTcgen05SmemDescriptorFields(128, 512), 0x0000402000080000ull);
  // 128-byte swizzle (mode 2) at bits 61-63.
  EXPECT_EQ(getTcgen05SmemDescriptorFields(16, 1024, 2) >> 61, 2u);
  EXPECT_EQ((getTcgen05SmemDescriptorFields(16, 1024, 2) >> 32) & 0x3FFF,
            64u);
}

} // namespace

// The staging layout of an operand staged from registers: 16 bytes of K per
// thread and access, lanes along M (A) or N (B), warps along M / N, the
// rest of K in registers; every element in one thread.
TEST(Tcgen05Mma, StagingLayout) {
  // A: 128 x 64 f32 on 4 warps.
  LinearLayout a = getTcgen05StagingLayout({128, 64}, 1, 32, 4);
  EXPECT_EQ(a.getInDimSize(kRegister), 64);
  EXPECT_EQ(a.getBasis(kRegister, 0, dimName(1)), 1);
  EXPECT_EQ(a.getBasis(kRegister, 1, dimName(1)), 2);
  EXPECT_EQ(a.getBasis(kRegister, 2, dimName(1)), 4);
  EXPECT_EQ(a.getBasis(kLane, 0, dimName(0)), 1);
  EXPECT_EQ(a.getBasis(kWarp, 1, dimName(0)), 64);
  EXPECT_TRUE(passesInRegisters(a, 1, 4));
  // B: 64 x 128 f16 (K in dimension 0) on 8 warps: warps cover N, then K.
  LinearLayout b = getTcgen05StagingLayout({64, 128}, 0, 16, 8);
  EXPECT_EQ(b.getInDimSize(kRegister), 32);
  EXPECT_EQ(b.getBasis(kRegister, 2, dimName(0)), 4);
  EXPECT_EQ(b.getBasis(kLane, 0, dimName(1)), 1);
  EXPECT_EQ(b.getBasis(kWarp, 2, dimName(0)), 8);
  EXPECT_FALSE(passesInRegisters(b, 0, 8));
  EXPECT_TRUE(passesInRegisters(b, 0, 16));
}

// Operands staged from registers: one pass over K, except split f32 parts
// above the budget (the accumulator's staging area, at least 32 KiB),
// halved while each half is still registers.
TEST(Tcgen05Mma, OperandStaging) {
  Tcgen05Shape f16 = *getTcgen05Shape("f16", "f16", "f32");
  LinearLayout a16 = getTcgen05StagingLayout({64, 32}, 1, 16, 4);
  LinearLayout b16 = getTcgen05StagingLayout({32, 64}, 0, 16, 4);
  Tcgen05OperandStaging one = planTcgen05OperandStaging(
      f16, 1, 128, 64, 32, 16, false, 64 * 64 * 4, a16, 1, b16, 0);
  EXPECT_EQ(one.passes, 1);
  EXPECT_EQ(one.aPartBytes, 128 * 64);
  EXPECT_EQ(one.bPartBytes, 64 * 64);
  EXPECT_EQ(one.bytes(), 128 * 64 + 64 * 64);
  // 128 x 128 x 128 f32 on 8 warps: 64 KiB passes of 32.
  Tcgen05Shape f32 = *getTcgen05Shape("f32", "f32", "f32");
  LinearLayout a32 = getTcgen05StagingLayout({128, 128}, 1, 32, 8);
  LinearLayout b32 = getTcgen05StagingLayout({128, 128}, 0, 32, 8);
  Tcgen05OperandStaging split = planTcgen05OperandStaging(
      f32, 1, 128, 128, 128, 32, false, 128 * 128 * 4, a32, 1, b32, 0);
  EXPECT_EQ(split.parts, 2);
  EXPECT_EQ(split.kPass, 32);
  EXPECT_EQ(split.passes, 4);
  EXPECT_EQ(split.bytes(), 64 * 1024);
}

// The accumulator as tcgen05.ld / st reach it (32x32b: the thread's lane is
// its row; 16x32bx2 for 64 rows: rows 16 w + lane % 16, the column halves
// by lane / 16), and its rows as one factor per row and thread.
TEST(Tcgen05Mma, AccumulatorLayouts) {
  // 256 x 64 on 8 warps (2 groups splitting N): 32 columns and 2 row blocks
  // in registers.
  LinearLayout acc = getTcgen05AccumulatorLayout(1, 256, 64, 2, false);
  EXPECT_EQ(acc.getInDimSize(kRegister), 64);
  EXPECT_EQ(acc.applyValues({33, 5, 6}), (llvm::SmallVector<int32_t>{
                                               128 + 64 + 5, 32 + 1}));
  LinearLayout rows = getTcgen05AccumulatorRowLayout(256, 64, 2, false);
  EXPECT_EQ(rows.getInDimSize(kRegister), 2);
  EXPECT_EQ(rows.applyValues({1, 5, 6}),
            (llvm::SmallVector<int32_t>{128 + 64 + 5, 0}));
  // Each register of `acc` is scaled by the factor of its own row.
  for (int32_t reg = 0; reg < 64; ++reg)
    for (int32_t lane = 0; lane < 32; lane += 7)
      for (int32_t warp = 0; warp < 8; ++warp)
        EXPECT_EQ(acc.applyValues({reg, lane, warp})[0],
                  rows.applyValues({reg / 32, lane, warp})[0]);
  // 64 rows (Layout F): lanes 16-31 hold the second half of the columns of
  // the same rows.
  LinearLayout half = getTcgen05AccumulatorRowLayout(64, 64, 1, true);
  EXPECT_EQ(half.getInDimSize(kRegister), 1);
  EXPECT_EQ(half.applyValues({0, 17, 3}),
            (llvm::SmallVector<int32_t>{48 + 1, 0}));
  // Batch slices after the row blocks in registers.
  LinearLayout batched = getTcgen05AccumulatorLayout(2, 64, 32, 1, true);
  EXPECT_EQ(batched.applyValues({16, 0, 0}),
            (llvm::SmallVector<int32_t>{1, 0, 0}));
}
