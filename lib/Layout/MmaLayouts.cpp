//===- MmaLayouts.cpp - mma.sync fragments and ldmatrix -------------------===//
//
// The fragment formulas of the PTX ISA ("Matrix Fragments for mma.m16n8k*")
// share one structure, which is what this file encodes: with
// kWidth = 32 / elemBits elements per 32-bit register,
//   groupID = lane >> 2 selects the row (A, C) or column (B) 0..7,
//   threadID_in_group = lane % 4 selects a kWidth-wide K slice (A, B) or a
//   pair of columns (C);
//   register bits walk K within the slice, then rows +8 (A, C), then the
//   second K half (+4 * kWidth) for the k = 8 * kWidth shapes.
//
//===----------------------------------------------------------------------===//

#include "Layout/MmaLayouts.h"
#include "Layout/DistributedLayouts.h"

#include <algorithm>
#include <cassert>

using namespace tilecc::layout;
using llvm::ArrayRef;

/// Warps over the (M, N) output tile, fastest along N (dim1); an operand is
/// broadcast (zero bases) over the warps of the dimension it does not span.
static LinearLayout warpLayout(ArrayRef<unsigned> warpsPerCTA, bool spansM,
                               bool spansN) {
  auto part = [](unsigned warps, bool spans, const std::string &dim) {
    return spans ? LinearLayout::identity1D(warps, kWarp, dim)
                 : LinearLayout::zeros1D(warps, kWarp, dim);
  };
  return part(warpsPerCTA[1], spansN, dimName(1)) *
         part(warpsPerCTA[0], spansM, dimName(0));
}

static llvm::Error checkShape(ArrayRef<unsigned> warpsPerCTA,
                              ArrayRef<int64_t> shape) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (warpsPerCTA.size() != 2 || shape.size() != 2)
    return fail("mma.sync layouts are rank 2");
  for (int64_t size : shape)
    if (log2Exact(size) < 0)
      return fail("mma.sync tile sizes must be powers of two");
  for (unsigned warps : warpsPerCTA)
    if (log2Exact(warps) < 0)
      return fail("warpsPerCTA must be powers of two");
  return llvm::Error::success();
}

LinearLayout tilecc::layout::mmaSyncAccumulator(ArrayRef<unsigned> warpsPerCTA,
                                                ArrayRef<int64_t> shape) {
  assert(!checkShape(warpsPerCTA, shape) && "invalid mma accumulator");
  std::string m = dimName(0), n = dimName(1);
  // c0..c3: col = threadID_in_group * 2 + (i & 1), row = groupID + 8 * (i >=
  // 2).
  LinearLayout tile = LinearLayout::identity1D(2, kRegister, n) *
                      LinearLayout::identity1D(4, kLane, n) *
                      LinearLayout::identity1D(8, kLane, m) *
                      LinearLayout::identity1D(2, kRegister, m);
  LinearLayout cta = tile * warpLayout(warpsPerCTA, true, true);
  return fitToShape(cta, shape, {1, 0});
}

llvm::Expected<LinearLayout>
tilecc::layout::mmaSyncOperand(MmaOperand operand, unsigned elemBits,
                               unsigned instrK, ArrayRef<unsigned> warpsPerCTA,
                               ArrayRef<int64_t> shape) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (elemBits != 4 && elemBits != 8 && elemBits != 16 && elemBits != 32)
    return fail("mma.sync operands have 4, 8, 16 or 32-bit elements, not " +
                llvm::Twine(elemBits));
  int32_t kWidth = 32 / elemBits;
  if (instrK != unsigned(4 * kWidth) && instrK != unsigned(8 * kWidth))
    return fail("mma.sync.m16n8k" + llvm::Twine(instrK) +
                " does not exist for " + llvm::Twine(elemBits) +
                "-bit operands (k" + llvm::Twine(4 * kWidth) + " or k" +
                llvm::Twine(8 * kWidth) + ")");
  if (llvm::Error err = checkShape(warpsPerCTA, shape))
    return std::move(err);

  bool isA = operand == MmaOperand::A;
  // A is M x K (dim0, dim1); B is K x N (dim0, dim1).
  std::string kDim = dimName(isA ? 1 : 0);
  std::string rowDim = dimName(isA ? 0 : 1); // indexed by groupID
  // The K bits from low to high: kWidth within a register, 4 lane groups,
  // then the second K half held in further registers.
  LinearLayout tile = LinearLayout::identity1D(kWidth, kRegister, kDim) *
                      LinearLayout::identity1D(4, kLane, kDim) *
                      LinearLayout::identity1D(8, kLane, rowDim);
  if (isA)
    tile *= LinearLayout::identity1D(2, kRegister, rowDim); // rows + 8
  if (instrK == unsigned(8 * kWidth))
    tile *= LinearLayout::identity1D(2, kRegister, kDim);
  LinearLayout cta = tile * warpLayout(warpsPerCTA, isA, !isA);
  return fitToShape(cta, shape,
                    isA ? ArrayRef<unsigned>{1, 0} : ArrayRef<unsigned>{0, 1});
}

LinearLayout tilecc::layout::ldmatrixFragment(unsigned numMatrices,
                                              bool trans) {
  assert((numMatrices == 1 || numMatrices == 2 || numMatrices == 4) &&
         "ldmatrix loads 1, 2 or 4 matrices");
  // Without .trans, lane l holds row l / 4, columns 2 * (l % 4) + {0, 1};
  // .trans delivers the transposed matrix, so rows and columns swap.
  std::string pairDim = trans ? "row" : "col";
  std::string groupDim = trans ? "col" : "row";
  LinearLayout layout =
      LinearLayout::identity1D(2, kRegister, pairDim) *
      LinearLayout::identity1D(4, kLane, pairDim) *
      LinearLayout::identity1D(8, kLane, groupDim) *
      LinearLayout::identity1D(numMatrices, kRegister, "matrix");
  return layout.transposeOuts({"matrix", "row", "col"});
}

LinearLayout tilecc::layout::ldmatrixAddresses(unsigned numMatrices) {
  assert((numMatrices == 1 || numMatrices == 2 || numMatrices == 4) &&
         "ldmatrix loads 1, 2 or 4 matrices");
  LinearLayout layout = LinearLayout::identity1D(8, kLane, "row") *
                        LinearLayout::identity1D(numMatrices, kLane, "matrix");
  return layout.transposeOuts({"matrix", "row"});
}

LinearLayout tilecc::layout::ldmatrixPlacement(unsigned numMatrices) {
  assert((numMatrices == 1 || numMatrices == 2 || numMatrices == 4) &&
         "ldmatrix loads 1, 2 or 4 matrices");
  std::vector<LinearLayout::Basis> matrixBases;
  if (numMatrices >= 2)
    matrixBases.push_back({8, 0});
  if (numMatrices == 4)
    matrixBases.push_back({0, 8});
  return LinearLayout({{"matrix", matrixBases},
                       {"row", {{1, 0}, {2, 0}, {4, 0}}},
                       {"col", {{0, 1}, {0, 2}, {0, 4}}}},
                      {{dimName(0), numMatrices >= 2 ? 16 : 8},
                       {dimName(1), numMatrices == 4 ? 16 : 8}});
}

LinearLayout
tilecc::layout::mmaSyncF64Accumulator(ArrayRef<unsigned> warpsPerCTA,
                                      ArrayRef<int64_t> shape) {
  assert(!checkShape(warpsPerCTA, shape) && "invalid mma accumulator");
  // d0, d1: row = groupID, col = threadID_in_group * 2 + i.
  LinearLayout tile = LinearLayout::identity1D(2, kRegister, dimName(1)) *
                      LinearLayout::identity1D(4, kLane, dimName(1)) *
                      LinearLayout::identity1D(8, kLane, dimName(0));
  return fitToShape(tile * warpLayout(warpsPerCTA, true, true), shape, {1, 0});
}

LinearLayout tilecc::layout::mmaSyncF64Operand(MmaOperand operand,
                                               ArrayRef<unsigned> warpsPerCTA,
                                               ArrayRef<int64_t> shape) {
  assert(!checkShape(warpsPerCTA, shape) && "invalid mma operand");
  bool isA = operand == MmaOperand::A;
  // a0: (groupID, threadID_in_group); b0: (threadID_in_group, groupID).
  std::string kDim = dimName(isA ? 1 : 0), rowDim = dimName(isA ? 0 : 1);
  LinearLayout tile = LinearLayout::identity1D(4, kLane, kDim) *
                      LinearLayout::identity1D(8, kLane, rowDim);
  return fitToShape(tile * warpLayout(warpsPerCTA, isA, !isA), shape,
                    isA ? ArrayRef<unsigned>{1, 0} : ArrayRef<unsigned>{0, 1});
}

llvm::SmallVector<unsigned, 2>
tilecc::layout::chooseMmaSyncWarps(unsigned numWarps, int64_t m, int64_t n,
                                   int64_t instrM) {
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    bool mSplits = m / (instrM * wm) > 1, nSplits = n / (8 * wn) > 1;
    if (mSplits && (m / wm >= n / wn || !nSplits))
      wm *= 2;
    else if (nSplits)
      wn *= 2;
    else
      wm *= 2; // more warps than tiles: the extra ones hold copies
  }
  return {wm, wn};
}

bool tilecc::layout::fitsRowWarps(unsigned numWarps, int64_t m,
                                  int64_t instrM) {
  return numWarps > 0 && m % (instrM * int64_t(numWarps)) == 0;
}

/// Puts a 2-d (dim0, dim1) layout behind a batch dimension of `batch`
/// elements walked by the highest register bits.
static LinearLayout withBatch(const LinearLayout &layout, int64_t batch) {
  LinearLayout shifted =
      layout.renameOutDim(dimName(1), dimName(2)).renameOutDim(dimName(0),
                                                               dimName(1));
  LinearLayout result =
      shifted * LinearLayout::identity1D(int32_t(batch), kRegister, dimName(0));
  return result.transposeIns({kRegister, kLane, kWarp})
      .transposeOuts(dimNames(3));
}

std::optional<MmaSyncShape> tilecc::layout::getMmaSyncShape(unsigned elemBits) {
  if (elemBits == 64)
    return MmaSyncShape{8, 8, 4};
  if (elemBits == 4 || elemBits == 8 || elemBits == 16 || elemBits == 32)
    return MmaSyncShape{16, 8, 256 / elemBits};
  return std::nullopt;
}

bool tilecc::layout::mmaSyncHasF16Accumulator(llvm::StringRef aElem,
                                              llvm::StringRef bElem) {
  return aElem == "f16" && bElem == "f16";
}

llvm::Expected<MmaSyncDotLayouts>
tilecc::layout::mmaSyncDotLayouts(unsigned numWarps, unsigned elemBits,
                                  ArrayRef<int64_t> accShape, int64_t k,
                                  ArrayRef<unsigned> warpsPerCTA) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (accShape.size() != 2 && accShape.size() != 3)
    return fail("mma.sync dots are 2-d or batched 3-d");
  std::optional<MmaSyncShape> instr = getMmaSyncShape(elemBits);
  if (!instr)
    return fail("mma.sync operands have 4, 8, 16, 32 or 64-bit elements, "
                "not " +
                llvm::Twine(elemBits));
  bool batched = accShape.size() == 3;
  int64_t batch = batched ? accShape[0] : 1;
  int64_t m = accShape[batched], n = accShape[batched + 1];
  MmaSyncDotLayouts result;
  bool f64 = elemBits == 64;
  result.instrM = instr->m;
  result.instrN = instr->n;
  result.instrK = instr->k;
  if (m % result.instrM || n % result.instrN || k % result.instrK)
    return fail("a " + llvm::Twine(m) + "x" + llvm::Twine(n) + "x" +
                llvm::Twine(k) + " dot does not split into m" +
                llvm::Twine(result.instrM) + "n8k" +
                llvm::Twine(result.instrK) + " instructions");
  if (log2Exact(batch) < 0)
    return fail("the batch size must be a power of two");
  if (warpsPerCTA.empty())
    result.warpsPerCTA = chooseMmaSyncWarps(numWarps, m, n, result.instrM);
  else if (warpsPerCTA.size() != 2 || warpsPerCTA[0] * warpsPerCTA[1] != numWarps)
    return fail("the warp arrangement does not use " + llvm::Twine(numWarps) +
                " warps");
  else
    result.warpsPerCTA.assign(warpsPerCTA.begin(), warpsPerCTA.end());
  if (llvm::Error err = checkShape(result.warpsPerCTA, {m, n}))
    return std::move(err);
  if (llvm::Error err = checkShape(result.warpsPerCTA, {m, k}))
    return std::move(err);
  if (f64) {
    result.a = mmaSyncF64Operand(MmaOperand::A, result.warpsPerCTA, {m, k});
    result.b = mmaSyncF64Operand(MmaOperand::B, result.warpsPerCTA, {k, n});
    result.acc = mmaSyncF64Accumulator(result.warpsPerCTA, {m, n});
  } else {
    auto a = mmaSyncOperand(MmaOperand::A, elemBits, result.instrK,
                            result.warpsPerCTA, {m, k});
    if (!a)
      return a.takeError();
    auto b = mmaSyncOperand(MmaOperand::B, elemBits, result.instrK,
                            result.warpsPerCTA, {k, n});
    if (!b)
      return b.takeError();
    result.a = *a;
    result.b = *b;
    result.acc = mmaSyncAccumulator(result.warpsPerCTA, {m, n});
  }
  if (batched) {
    result.a = withBatch(result.a, batch);
    result.b = withBatch(result.b, batch);
    result.acc = withBatch(result.acc, batch);
  }
  return result;
}

LinearLayout tilecc::layout::mmaSyncScaleOperand(
    MmaOperand operand, unsigned scalesPerInstr,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<int64_t> shape) {
  assert(!checkShape(warpsPerCTA, shape) && "invalid mma scale operand");
  assert((scalesPerInstr == 1 || scalesPerInstr == 4) && "1X or 4X scales");
  bool isA = operand == MmaOperand::A;
  // scale_A (16 x n): lane bit 0 -> row + 8, lane bit 1 repeats (lanes 4g+2
  // and 4g+3 are not read with thread-id 0), lane bits 2..4 -> rows 1, 2, 4.
  // scale_B (n x 8): lane bits 0..1 repeat, lane bits 2..4 -> columns.
  // Registers walk the instruction's K blocks (the bytes of its register).
  int32_t n = int32_t(scalesPerInstr);
  LinearLayout tile =
      isA ? LinearLayout::identity1D(n, kRegister, dimName(1)) *
                LinearLayout({{kLane, {{8, 0}, {0, 0}, {1, 0}, {2, 0}, {4, 0}}}},
                             {{dimName(0), 16}, {dimName(1), 1}})
          : LinearLayout::identity1D(n, kRegister, dimName(0)) *
                LinearLayout({{kLane, {{0, 0}, {0, 0}, {0, 1}, {0, 2}, {0, 4}}}},
                             {{dimName(0), 1}, {dimName(1), 8}});
  return fitToShape(tile * warpLayout(warpsPerCTA, isA, !isA), shape,
                    isA ? ArrayRef<unsigned>{1, 0} : ArrayRef<unsigned>{0, 1});
}

llvm::Expected<BlockScaledMmaSyncLayouts>
tilecc::layout::blockScaledMmaSyncLayouts(unsigned numWarps, unsigned elemBits,
                                          ArrayRef<int64_t> accShape,
                                          int64_t k, int64_t scaleK) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (accShape.size() != 2 && accShape.size() != 3)
    return fail("block-scaled mma.sync dots are 2-d or batched 3-d");
  bool batched = accShape.size() == 3;
  int64_t m = accShape[batched], n = accShape[batched + 1];
  int64_t block = scaleK > 0 && k % scaleK == 0 ? k / scaleK : 0;
  // 32: mxf8f6f4 m16n8k32 (8-bit containers); 16: mxf4nvf4 m16n8k64.
  if (block != 32 && !(block == 16 && elemBits == 4))
    return fail("block-scaled mma.sync scales blocks of 32 K elements (16 "
                "for f4E2M1FN), not " +
                llvm::Twine(block));
  if (log2Exact(scaleK) < 0)
    return fail("the number of scale blocks must be a power of two");
  unsigned bits = block == 32 ? 8 : 4;
  auto dot = mmaSyncDotLayouts(numWarps, bits, accShape, k);
  if (!dot)
    return dot.takeError();
  BlockScaledMmaSyncLayouts result;
  result.dot = std::move(*dot);
  result.scalesPerInstr = block == 32 ? 1 : 4;
  if (scaleK < result.scalesPerInstr)
    return fail("a K of " + llvm::Twine(k) + " is less than one instruction");
  result.scaleA = mmaSyncScaleOperand(MmaOperand::A, result.scalesPerInstr,
                                      result.dot.warpsPerCTA, {m, scaleK});
  result.scaleB = mmaSyncScaleOperand(MmaOperand::B, result.scalesPerInstr,
                                      result.dot.warpsPerCTA, {scaleK, n});
  if (batched) { // the batch in the highest register bits, as A and B
    result.scaleA = withBatch(result.scaleA, accShape[0]);
    result.scaleB = withBatch(result.scaleB, accShape[0]);
  }
  return result;
}
