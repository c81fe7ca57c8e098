//===- Tcgen05Mma.cpp - 5th-generation tensor core (tcgen05) table --------===//
#include "Layout/Tcgen05Mma.h"

#include "Layout/DistributedLayouts.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace tilecc::layout;

llvm::StringRef tilecc::layout::getTcgen05KindName(Tcgen05Kind kind) {
  switch (kind) {
  case Tcgen05Kind::F16:
    return "f16";
  case Tcgen05Kind::TF32:
    return "tf32";
  case Tcgen05Kind::F8F6F4:
    return "f8f6f4";
  case Tcgen05Kind::I8:
    return "i8";
  }
  return "";
}

std::optional<Tcgen05Shape>
tilecc::layout::getTcgen05Shape(llvm::StringRef aElem, llvm::StringRef bElem,
                                llvm::StringRef cElem) {
  // Type codes of the instruction-descriptor table, per kind.
  auto f8 = [](llvm::StringRef e) -> std::optional<unsigned> {
    if (e == "e4m3")
      return 0;
    if (e == "e5m2")
      return 1;
    return std::nullopt;
  };
  auto i8 = [](llvm::StringRef e) -> std::optional<unsigned> {
    if (e == "u8")
      return 0;
    if (e == "s8")
      return 1;
    return std::nullopt;
  };
  // Operands typed tf32 run as kind::tf32; f32 operands keep f32 precision
  // as three kind::tf32 MMAs of their split parts (3xTF32).
  bool tf32A = aElem == "tf32", tf32B = bElem == "tf32";
  if (cElem == "f32") {
    if (aElem == bElem && (aElem == "f16" || aElem == "bf16")) {
      unsigned t = aElem == "f16" ? 0 : 1;
      return Tcgen05Shape{Tcgen05Kind::F16, 16, t, t, 1};
    }
    if (tf32A && tf32B)
      return Tcgen05Shape{Tcgen05Kind::TF32, 8, 2, 2, 1};
    if (aElem == "f32" && bElem == "f32")
      return Tcgen05Shape{Tcgen05Kind::TF32, 8, 2, 2, 1, /*splitF32=*/true};
    if (f8(aElem) && f8(bElem))
      return Tcgen05Shape{Tcgen05Kind::F8F6F4, 32, *f8(aElem), *f8(bElem), 1};
  }
  // D type F16 (0): kind::f16 with f16 operands and kind::f8f6f4.
  if (cElem == "f16") {
    if (aElem == "f16" && bElem == "f16")
      return Tcgen05Shape{Tcgen05Kind::F16, 16, 0, 0, 0};
    if (f8(aElem) && f8(bElem))
      return Tcgen05Shape{Tcgen05Kind::F8F6F4, 32, *f8(aElem), *f8(bElem), 0};
  }
  if ((cElem == "s32" || cElem == "i32") && i8(aElem) && i8(bElem))
    return Tcgen05Shape{Tcgen05Kind::I8, 32, *i8(aElem), *i8(bElem), 2};
  return std::nullopt;
}

bool tilecc::layout::fitsTcgen05(unsigned numWarps,
                                 llvm::ArrayRef<int64_t> accShape, int64_t k,
                                 const Tcgen05Shape &instr) {
  size_t rank = accShape.size();
  if ((rank != 2 && rank != 3) || numWarps == 0 || numWarps % 4 != 0)
    return false;
  int64_t batch = rank == 3 ? accShape[0] : 1;
  int64_t m = accShape[rank - 2], n = accShape[rank - 1];
  if (batch <= 0 || !llvm::isPowerOf2_64(batch) || m <= 0 || n <= 0 || k <= 0 ||
      k % instr.k != 0)
    return false;
  if (m < 64 && (m < 16 || !llvm::isPowerOf2_64(m)))
    return false;
  m = getTcgen05PaddedM(m);
  if (m != 64 && m % 128 != 0)
    return false;
  if (n < 16 || !llvm::isPowerOf2_64(n))
    return false;
  // Each group of 4 warps reads its share of N; a 64-row tile splits each
  // warp's share between its half-warps (tcgen05.ld 16x32bx2).
  int64_t groups = numWarps / 4, share = n / groups;
  if (n % groups != 0 || share < (m == 64 ? 2 : 1))
    return false;
  int64_t mBlocks = m == 64 ? 1 : m / 128;
  return batch * mBlocks * n <= kTensorMemoryColumns;
}

int64_t tilecc::layout::getTcgen05PaddedM(int64_t m) { return m < 64 ? 64 : m; }

LinearLayout tilecc::layout::getTcgen05AccumulatorLayout(int64_t batch,
                                                         int64_t m, int64_t n,
                                                         int64_t warpGroups,
                                                         bool halfRows) {
  int64_t share = n / warpGroups;
  bool batched = batch > 1;
  auto at = [&](int64_t slice, int64_t row, int64_t col) {
    LinearLayout::Basis basis;
    if (batched)
      basis.push_back(int32_t(slice));
    basis.push_back(int32_t(row));
    basis.push_back(int32_t(col));
    return basis;
  };
  std::vector<LinearLayout::Basis> regs, lanes, warps;
  int64_t regCols = halfRows ? share / 2 : share;
  for (int64_t col = 1; col < regCols; col *= 2)
    regs.push_back(at(0, 0, col));
  for (int64_t row = 128; row < m; row *= 2)
    regs.push_back(at(0, row, 0));
  for (int64_t slice = 1; slice < batch; slice *= 2)
    regs.push_back(at(slice, 0, 0));
  int32_t laneRows = halfRows ? 16 : 32;
  for (int32_t row = 1; row < laneRows; row *= 2)
    lanes.push_back(at(0, row, 0));
  if (halfRows)
    lanes.push_back(at(0, 0, regCols));
  warps.push_back(at(0, laneRows, 0));
  warps.push_back(at(0, 2 * laneRows, 0));
  for (int64_t col = share; col < n; col *= 2)
    warps.push_back(at(0, 0, col));
  std::vector<LinearLayout::OutDim> outs;
  if (batched)
    outs.push_back({dimName(0), int32_t(batch)});
  outs.push_back({dimName(batched), int32_t(m)});
  outs.push_back({dimName(batched + 1), int32_t(n)});
  return LinearLayout({{kRegister, regs}, {kLane, lanes}, {kWarp, warps}},
                      outs);
}

LinearLayout tilecc::layout::getTcgen05AccumulatorRowLayout(int64_t m,
                                                            int64_t n,
                                                            int64_t warpGroups,
                                                            bool halfRows) {
  LinearLayout acc =
      getTcgen05AccumulatorLayout(1, m, n, warpGroups, halfRows);
  // Each basis keeps its row; columns collapse to the one of the m x 1
  // tile. Registers along columns go (one register per row block), lanes
  // and warps along them hold copies.
  std::vector<LinearLayout::InDim> ins;
  for (llvm::StringRef in : {kRegister, kLane, kWarp}) {
    std::vector<LinearLayout::Basis> bases;
    for (unsigned bit = 0; bit < acc.getInDimSizeLog2(in); ++bit) {
      int32_t row = acc.getBasis(in, bit, dimName(0));
      if (in == kRegister && row == 0)
        continue;
      bases.push_back({row, 0});
    }
    ins.push_back({in.str(), bases});
  }
  return LinearLayout(ins, {{dimName(0), int32_t(m)}, {dimName(1), 1}});
}

bool tilecc::layout::passesInRegisters(const LinearLayout &layout, int kDim,
                                       int64_t kPass) {
  for (llvm::StringRef in : {kLane, kWarp})
    for (unsigned bit = 0; bit < layout.getInDimSizeLog2(in); ++bit)
      if (layout.getBasis(in, bit, dimName(kDim)) >= kPass)
        return false;
  return true;
}

Tcgen05OperandStaging tilecc::layout::planTcgen05OperandStaging(
    const Tcgen05Shape &instr, int64_t batch, int64_t aRows, int64_t n,
    int64_t k, unsigned elementBits, bool aFromSlot, int64_t budgetBytes,
    const LinearLayout &aLayout, int aKDim, const LinearLayout &bLayout,
    int bKDim) {
  // Core matrices are 128 bytes (8 rows of 16 bytes).
  constexpr int64_t kCoreMatrixBytes = 128;
  constexpr int64_t kSplitPassBytes = 32 * 1024;
  auto align = [](int64_t bytes) {
    return llvm::alignTo(bytes, kCoreMatrixBytes);
  };
  Tcgen05OperandStaging s{};
  s.parts = instr.splitF32 ? 2 : 1;
  auto operandBytes = [&](int64_t kPass) {
    int64_t rowBytes = kPass * elementBits / 8;
    return s.parts *
           (align(batch * aRows * rowBytes) + align(batch * n * rowBytes));
  };
  s.kPass = k;
  if (instr.splitF32) {
    int64_t budget = std::max(budgetBytes, kSplitPassBytes);
    while (operandBytes(s.kPass) > budget && (s.kPass / 2) % instr.k == 0 &&
           passesInRegisters(aLayout, aKDim, s.kPass / 2) &&
           passesInRegisters(bLayout, bKDim, s.kPass / 2))
      s.kPass /= 2;
  }
  s.passes = k / s.kPass;
  int64_t rowBytes = s.kPass * elementBits / 8;
  s.aPartBytes = aFromSlot ? 0 : align(batch * aRows * rowBytes);
  s.bPartBytes = align(batch * n * rowBytes);
  return s;
}

LinearLayout
tilecc::layout::getTcgen05StagingLayout(llvm::ArrayRef<int64_t> shape,
                                        unsigned kDim, unsigned elementBits,
                                        unsigned numWarps) {
  unsigned mnDim = 1 - kDim;
  // One core-matrix row: 16 bytes of K.
  constexpr unsigned kRowBits = 128;
  BlockedParams p;
  p.sizePerThread.assign(2, 1);
  p.threadsPerWarp.assign(2, 1);
  p.warpsPerCTA.assign(2, 1);
  // M / N first among lanes and warps (8 lanes fill the 8 rows of a core
  // matrix); registers hold the vector along K, then what lanes and warps
  // leave.
  p.order = {mnDim, kDim};
  llvm::SmallVector<int64_t, 2> left(shape.begin(), shape.end());
  p.sizePerThread[kDim] = unsigned(
      std::min<int64_t>(std::max(1u, kRowBits / elementBits), left[kDim]));
  left[kDim] /= p.sizePerThread[kDim];
  // Lanes, then warps: M / N first, then K; beyond the tile they copy.
  auto distribute = [&](llvm::SmallVector<unsigned, 4> &level, unsigned count) {
    for (unsigned dim : {mnDim, kDim}) {
      unsigned take = unsigned(std::min<int64_t>(count, left[dim]));
      level[dim] = take;
      left[dim] /= take;
      count /= take;
    }
    level[mnDim] *= count;
  };
  distribute(p.threadsPerWarp, 32);
  distribute(p.warpsPerCTA, numWarps);
  return blockedLayout(p, shape);
}

uint32_t tilecc::layout::getTcgen05InstrDescriptor(const Tcgen05Shape &instr,
                                                   unsigned m, unsigned n,
                                                   bool mnMajorB) {
  uint32_t d = 0;
  d |= uint32_t(mnMajorB) << 16;
  d |= (instr.dType & 0x3) << 4;
  d |= (instr.aType & 0x7) << 7;
  d |= (instr.bType & 0x7) << 10;
  d |= ((n >> 3) & 0x3F) << 17;
  d |= ((m >> 4) & 0x1F) << 24;
  return d;
}

uint64_t tilecc::layout::getTcgen05SmemDescriptorFields(int64_t lbo,
                                                        int64_t sbo,
                                                        unsigned swizzleMode) {
  uint64_t d = 0;
  d |= (uint64_t(lbo >> 4) & 0x3FFF) << 16;
  d |= (uint64_t(sbo >> 4) & 0x3FFF) << 32;
  d |= uint64_t(1) << 46;
  d |= uint64_t(swizzleMode & 0x7) << 61;
  return d;
}

std::optional<unsigned>
tilecc::layout::getTcgen05SwizzleMode(unsigned swizzleBytes) {
  switch (swizzleBytes) {
  case 0:
    return 0;
  case 128:
    return 2;
  case 64:
    return 4;
  case 32:
    return 6;
  }
  return std::nullopt;
}
