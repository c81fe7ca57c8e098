//===- WgmmaLayouts.cpp - warpgroup MMA (wgmma) layouts -------------------===//
#include "Layout/WgmmaLayouts.h"

#include "Layout/DistributedLayouts.h"
#include "Layout/MmaLayouts.h"

#include "llvm/Support/MathExtras.h"

using namespace tilecc::layout;

std::optional<WgmmaShape> tilecc::layout::getWgmmaShape(llvm::StringRef aElem,
                                                        llvm::StringRef bElem,
                                                        llvm::StringRef cElem) {
  if ((aElem == "f16" || aElem == "bf16") && aElem == bElem && cElem == "f32")
    return WgmmaShape{64, 16, 256};
  return std::nullopt;
}

bool tilecc::layout::fitsWgmma(unsigned numWarps,
                               llvm::ArrayRef<int64_t> accShape, int64_t k,
                               const WgmmaShape &instr) {
  if (accShape.size() != 2 || numWarps == 0 || numWarps % 4 != 0 ||
      !llvm::isPowerOf2_32(numWarps))
    return false;
  int64_t m = accShape[0], n = accShape[1];
  if (m <= 0 || n <= 0 || k <= 0 || !llvm::isPowerOf2_64(m) ||
      !llvm::isPowerOf2_64(n) || !llvm::isPowerOf2_64(k))
    return false;
  if (m % (16 * int64_t(numWarps)) != 0 || n < 16 || n > instr.maxN ||
      k % instr.k != 0)
    return false;
  // Accumulator registers per thread.
  return m * n / (32 * int64_t(numWarps)) <= 128;
}

llvm::Expected<WgmmaDotLayouts>
tilecc::layout::wgmmaDotLayouts(unsigned numWarps, unsigned elemBits,
                                llvm::ArrayRef<int64_t> accShape, int64_t k) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (elemBits != 16)
    return fail("wgmma layouts exist for 16-bit operands");
  if (!fitsWgmma(numWarps, accShape, k, WgmmaShape{64, 16, 256}))
    return fail("the dot does not split into wgmma warpgroups");
  WgmmaDotLayouts result;
  unsigned warps[2] = {numWarps, 1};
  result.acc = mmaSyncAccumulator(warps, accShape);
  llvm::Expected<LinearLayout> a = mmaSyncOperand(
      MmaOperand::A, elemBits, 16, warps, {accShape[0], k});
  if (!a)
    return a.takeError();
  result.a = std::move(*a);
  return result;
}

/// The element widths of the canonical operand layouts (wgmma takes 16-bit
/// ones; tcgen05 also the 32-bit tf32 and the 8-bit kinds), and the bits of
/// K one instruction reads from a row (32 bytes).
static bool isCanonicalElemBits(unsigned elemBits) {
  return elemBits == 8 || elemBits == 16 || elemBits == 32;
}
static constexpr int64_t kStepBits = 256;

llvm::Expected<WgmmaSharedOperand>
tilecc::layout::wgmmaNMajorB(int64_t k, int64_t n, unsigned elemBits) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (!isCanonicalElemBits(elemBits) || !llvm::isPowerOf2_64(k) ||
      !llvm::isPowerOf2_64(n) || k * elemBits % kStepBits != 0)
    return fail("an N-major B tile has 8-, 16- or 32-bit elements and "
                "power-of-two K (whole 32-byte instruction steps) and N");
  int64_t elemBytes = elemBits / 8, rowBytes = n * elemBytes;
  WgmmaSharedOperand result;
  if (rowBytes % 128 == 0)
    result.swizzleBytes = 128, result.descMode = 1;
  else if (rowBytes % 64 == 0)
    result.swizzleBytes = 64, result.descMode = 2;
  else if (rowBytes % 32 == 0)
    result.swizzleBytes = 32, result.descMode = 3;
  else
    return fail("an N-major wgmma B tile needs rows of at least 32 bytes");
  int64_t w = result.swizzleBytes;
  // Atoms: 8 K rows of w bytes; K atoms first, then N atoms.
  result.sbo = 8 * w;
  result.lbo = k * w;
  unsigned chunkBits = llvm::Log2_64(w / 16);
  // (k, n) of the element stored at byte `addr` (from an aligned base): undo
  // the swizzle (an involution: it reads bits it does not change), then
  // split the canonical address.
  auto coords = [&](int64_t addr) -> LinearLayout::Basis {
    int64_t c = addr ^ (((addr >> 7) & ((1 << chunkBits) - 1)) << 4);
    int64_t within = c % (8 * w), atom = c / (8 * w);
    int64_t kAtoms = k / 8;
    int64_t kk = (atom % kAtoms) * 8 + within / w;
    int64_t nn = (atom / kAtoms) * (w / elemBytes) + (within % w) / elemBytes;
    return {int32_t(kk), int32_t(nn)};
  };
  std::vector<LinearLayout::Basis> bases;
  for (int64_t bit = 1; bit < k * n; bit <<= 1)
    bases.push_back(coords(bit * elemBytes));
  llvm::Expected<LinearLayout> layout = LinearLayout::create(
      {{kOffset, std::move(bases)}},
      {{dimName(0), int32_t(k)}, {dimName(1), int32_t(n)}});
  if (!layout)
    return layout.takeError();
  result.layout = std::move(*layout);
  return result;
}

/// The K-major canonical layout of `m` rows of `k` elements (`m` a power
/// of two from 8: whole 8-row atoms).
static llvm::Expected<WgmmaSharedOperand> kMajorLayout(int64_t m, int64_t k,
                                                       unsigned elemBits);

llvm::Expected<WgmmaSharedOperand>
tilecc::layout::wgmmaKMajorA(int64_t m, int64_t k, unsigned elemBits) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (!isCanonicalElemBits(elemBits) || !llvm::isPowerOf2_64(m) ||
      !llvm::isPowerOf2_64(k) || k * elemBits % kStepBits != 0 || m % 64 != 0)
    return fail("a K-major A tile has 8-, 16- or 32-bit elements, power-of-two "
                "K (whole 32-byte instruction steps) and M (a multiple of "
                "64)");
  return kMajorLayout(m, k, elemBits);
}

llvm::Expected<WgmmaSharedOperand>
tilecc::layout::tcgen05KMajorB(int64_t n, int64_t k, unsigned elemBits) {
  if (!isCanonicalElemBits(elemBits) || !llvm::isPowerOf2_64(n) ||
      !llvm::isPowerOf2_64(k) || k * elemBits % kStepBits != 0 || n < 8)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "a K-major B tile has 8-, 16- or 32-bit elements, power-of-two K "
        "(whole 32-byte instruction steps) and N (from 8)");
  return kMajorLayout(n, k, elemBits);
}

static llvm::Expected<WgmmaSharedOperand> kMajorLayout(int64_t m, int64_t k,
                                                       unsigned elemBits) {
  int64_t elemBytes = elemBits / 8, rowBytes = k * elemBytes;
  WgmmaSharedOperand result;
  if (rowBytes % 128 == 0)
    result.swizzleBytes = 128, result.descMode = 1;
  else if (rowBytes % 64 == 0)
    result.swizzleBytes = 64, result.descMode = 2;
  else
    result.swizzleBytes = 32, result.descMode = 3;
  int64_t w = result.swizzleBytes;
  result.sbo = 8 * w;
  result.lbo = 16;
  result.kAtomBytes = m * w;
  unsigned chunkBits = llvm::Log2_64(w / 16);
  // (m, k) of the element stored at byte `addr` (see wgmmaNMajorB).
  auto coords = [&](int64_t addr) -> LinearLayout::Basis {
    int64_t c = addr ^ (((addr >> 7) & ((1 << chunkBits) - 1)) << 4);
    int64_t kAtom = c / result.kAtomBytes, within = c % result.kAtomBytes;
    int64_t mm = within / w;
    int64_t kk = kAtom * (w / elemBytes) + (within % w) / elemBytes;
    return {int32_t(mm), int32_t(kk)};
  };
  std::vector<LinearLayout::Basis> bases;
  for (int64_t bit = 1; bit < m * k; bit <<= 1)
    bases.push_back(coords(bit * elemBytes));
  llvm::Expected<LinearLayout> layout = LinearLayout::create(
      {{kOffset, std::move(bases)}},
      {{dimName(0), int32_t(m)}, {dimName(1), int32_t(k)}});
  if (!layout)
    return layout.takeError();
  result.layout = std::move(*layout);
  return result;
}

int64_t tilecc::layout::wgmmaKMajorOffset(const WgmmaSharedOperand &operand,
                                          int64_t row, int64_t kElem,
                                          unsigned elemBits) {
  int64_t kByte = kElem * (elemBits / 8), w = operand.swizzleBytes;
  return kByte / w * operand.kAtomBytes + row / 8 * operand.sbo + kByte % w;
}
