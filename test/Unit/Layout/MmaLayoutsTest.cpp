//===- MmaLayoutsTest.cpp - mma.sync fragments and ldmatrix ---------------===//
//
// References are the fragment formulas of the PTX ISA ("Matrix Fragments for
// mma.m16n8k*"), written out per lane and per element.
//
//===----------------------------------------------------------------------===//

#include "Layout/MmaLayouts.h"
#include "Layout/DistributedLayouts.h"

#include "gtest/gtest.h"

#include <array>
#include <functional>

using namespace tilecc::layout;
using LL = LinearLayout;

namespace {

using Coord = std::pair<int32_t, int32_t>; // (dim0, dim1)
using Formula = std::function<Coord(int32_t i, int32_t groupID, int32_t tig)>;

void checkFragment(const LL &layout, int32_t numElems, const Formula &ref) {
  ASSERT_EQ(layout.getInDimSize(kRegister), numElems);
  ASSERT_EQ(layout.getInDimSize(kLane), 32);
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t i = 0; i < numElems; ++i) {
      auto got = layout.applyValues({i, lane, 0});
      Coord want = ref(i, lane >> 2, lane % 4);
      EXPECT_EQ(Coord(got[0], got[1]), want)
          << "lane " << lane << " elem " << i;
    }
}

LL operand(MmaOperand which, unsigned bits, unsigned k,
           std::vector<int64_t> shape, std::vector<unsigned> warps = {1, 1}) {
  auto layout = mmaSyncOperand(which, bits, k, warps, shape);
  EXPECT_TRUE(bool(layout)) << llvm::toString(layout.takeError());
  return *layout;
}

TEST(MmaSync, AccumulatorMatchesPTX) {
  checkFragment(mmaSyncAccumulator({1, 1}, {16, 8}), 4,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{g + 8 * (i >= 2), t * 2 + (i & 1)};
                });
}

TEST(MmaSync, F16OperandsMatchPTX) {
  checkFragment(operand(MmaOperand::A, 16, 16, {16, 16}), 8,
                [](int32_t i, int32_t g, int32_t t) {
                  bool low = i < 2 || (i >= 4 && i < 6);
                  return Coord{low ? g : g + 8, t * 2 + (i & 1) + 8 * (i >= 4)};
                });
  checkFragment(operand(MmaOperand::B, 16, 16, {16, 8}), 4,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{t * 2 + (i & 1) + 8 * (i >= 2), g};
                });
  checkFragment(operand(MmaOperand::A, 16, 8, {16, 8}), 4,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{g + 8 * (i >= 2), t * 2 + (i & 1)};
                });
  checkFragment(operand(MmaOperand::B, 16, 8, {8, 8}), 2,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{t * 2 + (i & 1), g};
                });
}

TEST(MmaSync, Tf32OperandsMatchPTX) {
  checkFragment(operand(MmaOperand::A, 32, 8, {16, 8}), 4,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{g + 8 * (i & 1), t + 4 * (i >= 2)};
                });
  checkFragment(operand(MmaOperand::B, 32, 8, {8, 8}), 2,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{t + 4 * i, g};
                });
  checkFragment(operand(MmaOperand::A, 32, 4, {16, 4}), 2,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{g + 8 * i, t};
                });
  checkFragment(operand(MmaOperand::B, 32, 4, {4, 8}), 1,
                [](int32_t, int32_t g, int32_t t) {
                  return Coord{t, g};
                });
}

TEST(MmaSync, Int8OperandsMatchPTX) {
  checkFragment(
      operand(MmaOperand::A, 8, 32, {16, 32}), 16,
      [](int32_t i, int32_t g, int32_t t) {
        bool low = i < 4 || (i >= 8 && i < 12);
        return Coord{low ? g : g + 8, t * 4 + (i & 3) + 16 * (i >= 8)};
      });
  checkFragment(operand(MmaOperand::B, 8, 32, {32, 8}), 8,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{t * 4 + (i & 3) + 16 * (i >= 4), g};
                });
  checkFragment(operand(MmaOperand::A, 8, 16, {16, 16}), 8,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{g + 8 * (i >= 4), t * 4 + (i & 3)};
                });
  checkFragment(operand(MmaOperand::B, 8, 16, {16, 8}), 4,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{t * 4 + i, g};
                });
}

TEST(MmaSync, AccumulatorOverWarpsAndRepeats) {
  // 2 x 2 warps cover 32 x 16; the 64 x 32 tile repeats N first, then M.
  LL layout = mmaSyncAccumulator({2, 2}, {64, 32});
  ASSERT_EQ(layout.getInDimSize(kRegister), 16);
  ASSERT_EQ(layout.getInDimSize(kWarp), 4);
  EXPECT_TRUE(layout.isInvertible());
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t i = 0; i < 16; ++i) {
        int32_t g = lane >> 2, t = lane % 4, c = i & 3;
        int32_t row = g + 8 * (c >= 2) + 16 * (w / 2) + 32 * (i >> 3);
        int32_t col = t * 2 + (c & 1) + 8 * (w % 2) + 16 * ((i >> 2) & 1);
        auto got = layout.applyValues({i, lane, w});
        EXPECT_EQ(Coord(got[0], got[1]), Coord(row, col));
      }
}

TEST(MmaSync, OperandsBroadcastOverTheOtherWarps) {
  // A (64 x 32): warps along N hold the same data; K repeats before M.
  LL a = operand(MmaOperand::A, 16, 16, {64, 32}, {2, 2});
  ASSERT_EQ(a.getInDimSize(kRegister), 32);
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t i = 0; i < 32; ++i) {
        int32_t g = lane >> 2, t = lane % 4, c = i & 7;
        bool low = c < 2 || (c >= 4 && c < 6);
        int32_t row = (low ? g : g + 8) + 16 * (w / 2) + 32 * (i >> 4);
        int32_t col = t * 2 + (c & 1) + 8 * (c >= 4) + 16 * ((i >> 3) & 1);
        auto got = a.applyValues({i, lane, w});
        EXPECT_EQ(Coord(got[0], got[1]), Coord(row, col));
      }
  EXPECT_EQ(a.getFreeVariableMasks()[2],
            (std::pair<std::string, uint32_t>{kWarp, 0b01}));
  // B (32 x 32): warps along M hold the same data.
  LL b = operand(MmaOperand::B, 16, 16, {32, 32}, {2, 2});
  ASSERT_EQ(b.getInDimSize(kRegister), 16);
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t i = 0; i < 16; ++i) {
        int32_t g = lane >> 2, t = lane % 4, c = i & 3;
        int32_t row = t * 2 + (c & 1) + 8 * (c >= 2) + 16 * ((i >> 2) & 1);
        int32_t col = g + 8 * (w % 2) + 16 * (i >> 3);
        auto got = b.applyValues({i, lane, w});
        EXPECT_EQ(Coord(got[0], got[1]), Coord(row, col));
      }
  EXPECT_EQ(b.getFreeVariableMasks()[2],
            (std::pair<std::string, uint32_t>{kWarp, 0b10}));
}

TEST(MmaSync, RejectsUnsupportedShapes) {
  auto message = [](unsigned bits, unsigned k) {
    auto layout = mmaSyncOperand(MmaOperand::A, bits, k, {1, 1}, {16, 16});
    return layout ? std::string("<ok>") : llvm::toString(layout.takeError());
  };
  EXPECT_EQ(message(16, 32),
            "mma.sync.m16n8k32 does not exist for 16-bit operands (k8 or k16)");
  EXPECT_EQ(message(64, 4),
            "mma.sync operands have 4, 8, 16 or 32-bit elements, not 64");
  EXPECT_EQ(message(4, 64), "<ok>");
  auto shape = mmaSyncOperand(MmaOperand::B, 16, 16, {1, 1}, {16, 24});
  ASSERT_FALSE(bool(shape));
  EXPECT_EQ(llvm::toString(shape.takeError()),
            "mma.sync tile sizes must be powers of two");
}

TEST(Ldmatrix, FragmentMatchesPTX) {
  // Each matrix i lands in register pair i: lane l holds row l / 4, columns
  // 2 * (l % 4) + {0, 1}; .trans swaps rows and columns.
  for (bool trans : {false, true})
    for (unsigned n : {1u, 2u, 4u}) {
      LL layout = ldmatrixFragment(n, trans);
      ASSERT_EQ(layout.getInDimSize(kRegister), int32_t(2 * n));
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t r = 0; r < int32_t(2 * n); ++r) {
          auto got = layout.applyValues({r, lane});
          int32_t row = lane / 4, col = 2 * (lane % 4) + (r & 1);
          if (trans)
            std::swap(row, col);
          EXPECT_EQ(got[0], r / 2);
          EXPECT_EQ(got[1], row);
          EXPECT_EQ(got[2], col);
        }
    }
}

TEST(Ldmatrix, AddressesComeFromEightLanesPerMatrix) {
  LL x4 = ldmatrixAddresses(4);
  ASSERT_EQ(x4.getInDimSize(kLane), 32);
  for (int32_t lane = 0; lane < 32; ++lane)
    EXPECT_EQ(x4.applyValues({lane}),
              (llvm::SmallVector<int32_t>{lane / 8, lane % 8}));
  EXPECT_EQ(ldmatrixAddresses(1).getInDimSize(kLane), 8);
}

TEST(Ldmatrix, X4LoadsTheMmaOperandFragments) {
  // ldmatrix.x4 of a 16x16 A tile yields exactly the m16n8k16 A fragment;
  // .trans loads of N-contiguous K x N tiles yield the B fragments.
  LL a = ldmatrixFragment(4, false).compose(ldmatrixPlacement(4));
  LL mmaA = operand(MmaOperand::A, 16, 16, {16, 16});
  EXPECT_EQ(a, mmaA.sublayout({kRegister, kLane}, dimNames(2)));

  LL b2 = ldmatrixFragment(2, true).compose(ldmatrixPlacement(2));
  LL mmaB = operand(MmaOperand::B, 16, 16, {16, 8});
  EXPECT_EQ(b2, mmaB.sublayout({kRegister, kLane}, dimNames(2)));

  LL b4 = ldmatrixFragment(4, true).compose(ldmatrixPlacement(4));
  LL mmaB2 = operand(MmaOperand::B, 16, 16, {16, 16});
  EXPECT_EQ(b4, mmaB2.sublayout({kRegister, kLane}, dimNames(2)));

  // Without .trans the B relation does not hold.
  LL wrong = ldmatrixFragment(2, false).compose(ldmatrixPlacement(2));
  EXPECT_NE(wrong, mmaB.sublayout({kRegister, kLane}, dimNames(2)));
}

} // namespace

TEST(MmaSync, WarpChoice) {
  using W = llvm::SmallVector<unsigned, 2>;
  EXPECT_EQ(chooseMmaSyncWarps(4, 64, 32), W({4, 1}));
  EXPECT_EQ(chooseMmaSyncWarps(4, 128, 128), W({2, 2}));
  EXPECT_EQ(chooseMmaSyncWarps(8, 128, 128), W({4, 2}));
  EXPECT_EQ(chooseMmaSyncWarps(4, 16, 64), W({1, 4}));
  // More warps than m16n8 tiles: the rest hold copies.
  EXPECT_EQ(chooseMmaSyncWarps(4, 16, 8), W({4, 1}));
}

TEST(MmaSync, DotLayoutsShareTheWarpArrangement) {
  auto dot = mmaSyncDotLayouts(4, 16, {64, 32}, 32);
  ASSERT_TRUE(bool(dot)) << llvm::toString(dot.takeError());
  EXPECT_EQ(dot->instrK, 16u);
  EXPECT_EQ(dot->acc, mmaSyncAccumulator({4, 1}, {64, 32}));
  EXPECT_EQ(dot->a, operand(MmaOperand::A, 16, 16, {64, 32}, {4, 1}));
  EXPECT_EQ(dot->b, operand(MmaOperand::B, 16, 16, {32, 32}, {4, 1}));
  // Each warp's A rows are the rows of its accumulator tiles.
  for (int32_t w = 0; w < 4; ++w)
    EXPECT_EQ(dot->a.applyValues({0, 0, w})[0],
              dot->acc.applyValues({0, 0, w})[0]);
}

TEST(MmaSync, BatchedDotWalksTheBatchInRegisters) {
  auto dot = mmaSyncDotLayouts(4, 8, {2, 32, 16}, 64);
  ASSERT_TRUE(bool(dot)) << llvm::toString(dot.takeError());
  EXPECT_EQ(dot->instrK, 32u);
  LL flat = mmaSyncAccumulator(dot->warpsPerCTA, {32, 16});
  int32_t regs = flat.getInDimSize(kRegister);
  ASSERT_EQ(dot->acc.getInDimSize(kRegister), 2 * regs);
  for (int32_t r = 0; r < regs; ++r) {
    auto plain = flat.applyValues({r, 5, 1});
    auto second = dot->acc.applyValues({r + regs, 5, 1});
    EXPECT_EQ(second, (decltype(second){1, plain[0], plain[1]}));
  }
}

TEST(MmaSync, DotLayoutsDiagnoseRaggedShapes) {
  auto dot = mmaSyncDotLayouts(4, 16, {64, 32}, 24);
  ASSERT_FALSE(bool(dot));
  EXPECT_EQ(llvm::toString(dot.takeError()),
            "a 64x32x24 dot does not split into m16n8k16 instructions");
}

// Block-scaled mma.sync, .scale_vec::1X with selectors {0, 0}: lanes 4g and
// 4g + 1 hold the scales of rows g and g + 8 of A (lanes 4g + 2, 4g + 3
// repeat them), every lane of quad g the scale of column g of B.
TEST(MmaSync, ScaleFragmentsMatchPTX) {
  LL sa = mmaSyncScaleOperand(MmaOperand::A, 1, {1, 1}, {16, 1});
  LL sb = mmaSyncScaleOperand(MmaOperand::B, 1, {1, 1}, {1, 8});
  for (int32_t lane = 0; lane < 32; ++lane) {
    int32_t g = lane >> 2, t = lane % 4;
    EXPECT_EQ(sa.applyValues({0, lane, 0}),
              (llvm::SmallVector<int32_t>{g + 8 * (t % 2), 0}))
        << "lane " << lane;
    EXPECT_EQ(sb.applyValues({0, lane, 0}), (llvm::SmallVector<int32_t>{0, g}))
        << "lane " << lane;
  }
}

TEST(MmaSync, BlockScaledDotLayouts) {
  auto layouts = blockScaledMmaSyncLayouts(4, 8, {64, 32}, 128, 4);
  ASSERT_TRUE(bool(layouts)) << llvm::toString(layouts.takeError());
  // The 8-bit m16n8k32 operands, and a scale per (row, K block of 32):
  // register r of scale_a walks the K blocks, warps the 16-row blocks as
  // they do for A.
  EXPECT_EQ(layouts->dot.instrK, 32u);
  const LL &sa = layouts->scaleA;
  EXPECT_EQ(sa.getInDimSize(kRegister), 4);
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t w = 0; w < 4; ++w)
      EXPECT_EQ(sa.applyValues({r, 1, w}),
                (llvm::SmallVector<int32_t>{
                    8 + 16 * int32_t(layouts->dot.a.applyValues({0, 0, w})[0] / 16),
                    r}));
  EXPECT_EQ(layouts->scaleB.getOutDimSize(dimName(0)), 4);
  auto ragged = blockScaledMmaSyncLayouts(4, 8, {64, 32}, 128, 8);
  ASSERT_FALSE(bool(ragged));
  EXPECT_NE(llvm::toString(ragged.takeError()).find("blocks of 32 K elements"),
            std::string::npos);
}

// nvfp4 (.scale_vec::4X, m16n8k64): the four scales of an instruction are
// registers 0..3 (bytes 0..3 of the scale register), one per 16 K elements.
TEST(MmaSync, Scale4XFragmentsMatchPTX) {
  LL sa = mmaSyncScaleOperand(MmaOperand::A, 4, {1, 1}, {16, 4});
  LL sb = mmaSyncScaleOperand(MmaOperand::B, 4, {1, 1}, {4, 8});
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t byte = 0; byte < 4; ++byte) {
      int32_t g = lane >> 2, t = lane % 4;
      EXPECT_EQ(sa.applyValues({byte, lane, 0}),
                (llvm::SmallVector<int32_t>{g + 8 * (t % 2), byte}));
      EXPECT_EQ(sb.applyValues({byte, lane, 0}),
                (llvm::SmallVector<int32_t>{byte, g}));
    }
  auto layouts = blockScaledMmaSyncLayouts(2, 4, {32, 16}, 128, 8);
  ASSERT_TRUE(bool(layouts)) << llvm::toString(layouts.takeError());
  EXPECT_EQ(layouts->dot.instrK, 64u);
  EXPECT_EQ(layouts->scalesPerInstr, 4u);
  // A batch of 2: the scales walk it in their highest register bit.
  auto batched = blockScaledMmaSyncLayouts(2, 8, {2, 32, 16}, 64, 2);
  ASSERT_TRUE(bool(batched)) << llvm::toString(batched.takeError());
  const LL &bsa = batched->scaleA;
  int32_t top = bsa.getInDimSize(kRegister) - 1;
  EXPECT_EQ(bsa.applyValues({top, 0, 0}),
            (llvm::SmallVector<int32_t>{1, 0, 1}));
  // f8 operands have no 16-element blocks.
  auto f8 = blockScaledMmaSyncLayouts(2, 8, {32, 16}, 128, 8);
  ASSERT_FALSE(bool(f8));
  llvm::consumeError(f8.takeError());
}

TEST(MmaSync, F64FragmentsMatchPTX) {
  // m8n8k4 .f64: a0 (g, t), b0 (t, g), d0/d1 (g, 2t + i).
  checkFragment(mmaSyncF64Operand(MmaOperand::A, {1, 1}, {8, 4}), 1,
                [](int32_t, int32_t g, int32_t t) { return Coord{g, t}; });
  checkFragment(mmaSyncF64Operand(MmaOperand::B, {1, 1}, {4, 8}), 1,
                [](int32_t, int32_t g, int32_t t) { return Coord{t, g}; });
  checkFragment(mmaSyncF64Accumulator({1, 1}, {8, 8}), 2,
                [](int32_t i, int32_t g, int32_t t) {
                  return Coord{g, 2 * t + i};
                });
  auto dot = mmaSyncDotLayouts(4, 64, {64, 32}, 16);
  ASSERT_TRUE(bool(dot)) << llvm::toString(dot.takeError());
  EXPECT_EQ(dot->instrM, 8u);
  EXPECT_EQ(dot->instrK, 4u);
  EXPECT_EQ(dot->acc, mmaSyncF64Accumulator(dot->warpsPerCTA, {64, 32}));
}

TEST(MmaSync, InstructionTable) {
  // PTX ISA mma.sync shapes: m16n8k32 for 8-bit, k16 for 16-bit, k8 for
  // 32-bit (tf32), k64 for 4-bit; m8n8k4 for f64.
  auto shape = [](unsigned bits) {
    std::optional<MmaSyncShape> s = getMmaSyncShape(bits);
    return s ? std::array<unsigned, 3>{s->m, s->n, s->k}
             : std::array<unsigned, 3>{0, 0, 0};
  };
  EXPECT_EQ(shape(4), (std::array<unsigned, 3>{16, 8, 64}));
  EXPECT_EQ(shape(8), (std::array<unsigned, 3>{16, 8, 32}));
  EXPECT_EQ(shape(16), (std::array<unsigned, 3>{16, 8, 16}));
  EXPECT_EQ(shape(32), (std::array<unsigned, 3>{16, 8, 8}));
  EXPECT_EQ(shape(64), (std::array<unsigned, 3>{8, 8, 4}));
  EXPECT_FALSE(getMmaSyncShape(19).has_value());
  EXPECT_FALSE(getMmaSyncShape(12).has_value());
  // The dot layouts use the same instructions.
  auto dot = mmaSyncDotLayouts(4, 8, {32, 16}, 64);
  ASSERT_TRUE(bool(dot)) << llvm::toString(dot.takeError());
  EXPECT_EQ(dot->instrM, 16u);
  EXPECT_EQ(dot->instrK, 32u);
  // f16 accumulators exist for f16 operands only.
  EXPECT_TRUE(mmaSyncHasF16Accumulator("f16", "f16"));
  EXPECT_FALSE(mmaSyncHasF16Accumulator("bf16", "bf16"));
  EXPECT_FALSE(mmaSyncHasF16Accumulator("e4m3", "e4m3"));
  EXPECT_FALSE(mmaSyncHasF16Accumulator("f16", "bf16"));
}
