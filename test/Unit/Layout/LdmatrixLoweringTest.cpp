//===- LdmatrixLoweringTest.cpp - ldmatrix from layouts -------------------===//
//
// Every plan is checked by simulating the instruction: each lane's address
// and the PTX fragment rule give the shared-memory unit each register
// receives, which must hold the element the register layout says.
//
//===----------------------------------------------------------------------===//

#include "Layout/LdmatrixLowering.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/MmaLayouts.h"

#include "gtest/gtest.h"

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

LL swizzled(std::vector<int64_t> shape, std::vector<unsigned> order,
            SwizzleParams s = {}) {
  return llvm::cantFail(swizzledSharedLayout(shape, order, s));
}

void simulate(const LL &reg, const LL &shared, unsigned elemBits,
              const LdmatrixPlan &plan) {
  LL toOffset = *shared.invert();
  unsigned n = plan.numMatrices;
  int32_t unitsPerInstr = 2 * n;
  int32_t numInstrs = plan.addresses.getInDimSize("instr");
  int32_t numWarps = reg.getInDimSize(kWarp);
  auto unitOfRow = [&](int32_t addrLane, int32_t instr, int32_t warp) {
    auto coords = plan.addresses.applyValues({addrLane, instr, warp});
    int64_t offset = toOffset.applyValues(coords)[0];
    return elemBits == 32 ? offset * 2 : elemBits == 8 ? offset / 2 : offset;
  };
  for (int32_t w = 0; w < numWarps; ++w)
    for (int32_t instr = 0; instr < numInstrs; ++instr)
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t unit = 0; unit < unitsPerInstr; ++unit) {
          int32_t matrix = unit / 2, j = unit % 2;
          int64_t got =
              plan.trans
                  ? unitOfRow(8 * matrix + 2 * (lane % 4) + j, instr, w) +
                        lane / 4
                  : unitOfRow(8 * matrix + lane / 4, instr, w) +
                        2 * (lane % 4) + j;
          int32_t unitReg = instr * unitsPerInstr + unit;
          // Each unit holds 1 (16-bit), half of 1 (32-bit) or 2 elements.
          std::vector<std::pair<int32_t, int64_t>> elems; // (register, offset)
          if (elemBits == 16)
            elems = {{unitReg, got}};
          else if (elemBits == 32) {
            ASSERT_EQ(got % 2, unitReg % 2) << "halves stay in order";
            elems = {{unitReg / 2, got / 2}};
          } else
            elems = {{2 * unitReg, 2 * got}, {2 * unitReg + 1, 2 * got + 1}};
          for (auto [r, offset] : elems) {
            auto fromShared = shared.applyValues({int32_t(offset)});
            ASSERT_EQ(fromShared, reg.applyValues({r, lane, w}))
                << "warp " << w << " lane " << lane << " register " << r;
          }
        }
}

TEST(Ldmatrix, F16OperandAFromRowMajor) {
  LL a = *mmaSyncOperand(MmaOperand::A, 16, 16, {1, 1}, {16, 16});
  LL smem = swizzled({16, 16}, {1, 0});
  auto plan = planLdmatrix(a, smem, 16);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->numMatrices, 4u);
  EXPECT_FALSE(plan->trans);
  // The computed addresses are the documented x4 arrangement.
  EXPECT_EQ(plan->addresses.sublayout({kLane}, dimNames(2)),
            ldmatrixAddresses(4).compose(ldmatrixPlacement(4)));
  simulate(a, smem, 16, *plan);
}

TEST(Ldmatrix, F16OperandsOverWarpsWithSwizzles) {
  std::vector<int64_t> shape = {128, 32};
  LL a = *mmaSyncOperand(MmaOperand::A, 16, 16, {4, 1}, shape);
  LL smem = swizzled(shape, {1, 0}, {8, 2, 4});
  auto plan = planLdmatrix(a, smem, 16);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->addresses.getInDimSize("instr"), 4);
  EXPECT_TRUE(plan->cost.conflictFree());
  simulate(a, smem, 16, *plan);

  // B is K x N with N contiguous: ldmatrix.trans.
  LL b = *mmaSyncOperand(MmaOperand::B, 16, 16, {2, 2}, {32, 64});
  LL bSmem = swizzled({32, 64}, {1, 0}, {8, 1, 8});
  auto bPlan = planLdmatrix(b, bSmem, 16);
  ASSERT_TRUE(bPlan);
  EXPECT_TRUE(bPlan->trans);
  EXPECT_EQ(bPlan->numMatrices, 4u);
  EXPECT_TRUE(bPlan->cost.conflictFree());
  simulate(b, bSmem, 16, *bPlan);

  // B with K contiguous needs no transpose; A with M contiguous needs one.
  auto kMajorB = planLdmatrix(b, swizzled({32, 64}, {0, 1}), 16);
  ASSERT_TRUE(kMajorB);
  EXPECT_FALSE(kMajorB->trans);
  simulate(b, swizzled({32, 64}, {0, 1}), 16, *kMajorB);
  auto mMajorA = planLdmatrix(a, swizzled(shape, {0, 1}), 16);
  ASSERT_TRUE(mMajorA);
  EXPECT_TRUE(mMajorA->trans);
  simulate(a, swizzled(shape, {0, 1}), 16, *mMajorA);
}

TEST(Ldmatrix, SmallerLoadsForSmallerFragments) {
  // m16n8k16 B holds 4 f16 per lane: ldmatrix.x2.
  LL b = *mmaSyncOperand(MmaOperand::B, 16, 16, {1, 1}, {16, 8});
  auto plan = planLdmatrix(b, swizzled({16, 8}, {0, 1}), 16);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->numMatrices, 2u);
  EXPECT_EQ(plan->addresses.getInDimSize(kLane), 16);
  simulate(b, swizzled({16, 8}, {0, 1}), 16, *plan);
  // m16n8k8 B holds 2: ldmatrix.x1.
  LL b8 = *mmaSyncOperand(MmaOperand::B, 16, 8, {1, 1}, {8, 8});
  auto plan1 = planLdmatrix(b8, swizzled({8, 8}, {0, 1}), 16);
  ASSERT_TRUE(plan1);
  EXPECT_EQ(plan1->numMatrices, 1u);
  simulate(b8, swizzled({8, 8}, {0, 1}), 16, *plan1);
}

TEST(Ldmatrix, Tf32AndInt8Operands) {
  LL tf32 = *mmaSyncOperand(MmaOperand::A, 32, 8, {2, 1}, {32, 16});
  LL tfSmem = swizzled({32, 16}, {1, 0}, {4, 1, 4});
  auto tfPlan = planLdmatrix(tf32, tfSmem, 32);
  ASSERT_TRUE(tfPlan);
  EXPECT_EQ(tfPlan->numMatrices, 4u);
  EXPECT_FALSE(tfPlan->trans);
  simulate(tf32, tfSmem, 32, *tfPlan);

  LL i8 = *mmaSyncOperand(MmaOperand::A, 8, 32, {1, 1}, {16, 64});
  LL i8Smem = swizzled({16, 64}, {1, 0}, {16, 1, 4});
  auto i8Plan = planLdmatrix(i8, i8Smem, 8);
  ASSERT_TRUE(i8Plan);
  EXPECT_EQ(i8Plan->numMatrices, 4u);
  simulate(i8, i8Smem, 8, *i8Plan);
  // Bytes cannot be transposed by a b16 transpose.
  LL i8B = *mmaSyncOperand(MmaOperand::B, 8, 32, {1, 1}, {32, 8});
  EXPECT_FALSE(planLdmatrix(i8B, swizzled({32, 8}, {1, 0}), 8));
  EXPECT_TRUE(planLdmatrix(i8B, swizzled({32, 8}, {0, 1}), 8));
}

TEST(Ldmatrix, RejectsLayoutsThatDoNotFit) {
  // A blocked layout's lanes do not follow the fragment.
  LL blocked = blockedLayout({{1, 8}, {8, 4}, {4, 1}, {1, 0}}, {64, 32});
  EXPECT_FALSE(planLdmatrix(blocked, swizzled({64, 32}, {1, 0}), 16));
  // A swizzle that splits the 16-byte rows breaks them.
  LL a = *mmaSyncOperand(MmaOperand::A, 16, 16, {1, 1}, {16, 32});
  EXPECT_FALSE(planLdmatrix(a, swizzled({16, 32}, {1, 0}, {4, 1, 8}), 16));
  EXPECT_TRUE(planLdmatrix(a, swizzled({16, 32}, {1, 0}, {8, 1, 4}), 16));
  // Unsupported element widths.
  EXPECT_FALSE(planLdmatrix(a, swizzled({16, 32}, {1, 0}), 64));
}

} // namespace
