//===- WgmmaLayoutsTest.cpp - warpgroup MMA layouts -----------------------===//
//
// References: the PTX ISA's m64nNk16 register fragments (D: register i of
// lane l in warp w of a warpgroup is row 16 w + l / 4 + 8 ((i / 2) % 2),
// column 8 (i / 4) + 2 (l % 4) + i % 2) and its N-major swizzled canonical
// layout (atoms of 8 K rows of W bytes, 16-byte chunk c of row r at
// c ^ (r % (W / 16))).
//
//===----------------------------------------------------------------------===//
#include "Layout/WgmmaLayouts.h"
#include "Layout/DistributedLayouts.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <tuple>

using namespace tilecc::layout;

namespace {

TEST(WgmmaLayouts, InstructionTable) {
  EXPECT_EQ(getWgmmaShape("f16", "f16", "f32")->k, 16u);
  EXPECT_EQ(getWgmmaShape("bf16", "bf16", "f32")->m, 64u);
  EXPECT_FALSE(getWgmmaShape("f16", "f16", "f16"));
  EXPECT_FALSE(getWgmmaShape("f16", "bf16", "f32"));
  EXPECT_FALSE(getWgmmaShape("tf32", "tf32", "f32"));
}

TEST(WgmmaLayouts, Fits) {
  WgmmaShape s{64, 16, 256};
  EXPECT_TRUE(fitsWgmma(8, {128, 128}, 32, s));
  EXPECT_TRUE(fitsWgmma(4, {128, 128}, 32, s)); // two M repetitions
  EXPECT_FALSE(fitsWgmma(8, {64, 128}, 32, s)); // 8 rows per warp
  EXPECT_FALSE(fitsWgmma(2, {64, 64}, 32, s));  // no whole warpgroup
  EXPECT_FALSE(fitsWgmma(4, {64, 8}, 32, s));   // N below 16
  EXPECT_FALSE(fitsWgmma(4, {64, 512}, 32, s)); // N above one instruction
  EXPECT_FALSE(fitsWgmma(4, {64, 64}, 8, s));   // K below 16
  EXPECT_FALSE(fitsWgmma(4, {256, 256}, 16, s)); // 512 accumulators a thread
  EXPECT_FALSE(fitsWgmma(4, {2, 64, 64}, 16, s)); // batched
}

TEST(WgmmaLayouts, AccumulatorIsTheDFragment) {
  auto dot = wgmmaDotLayouts(8, 16, {128, 64}, 32);
  ASSERT_TRUE(bool(dot)) << llvm::toString(dot.takeError());
  const LinearLayout &acc = dot->acc;
  ASSERT_EQ(acc.getInDimSize(kRegister), 32);
  for (int32_t w = 0; w < 8; ++w)
    for (int32_t l = 0; l < 32; ++l)
      for (int32_t i = 0; i < 32; ++i) {
        auto c = acc.applyValues({i, l, w});
        EXPECT_EQ(c[0], 16 * w + l / 4 + 8 * ((i / 2) % 2));
        EXPECT_EQ(c[1], 8 * (i / 4) + 2 * (l % 4) + i % 2);
      }
  // A: the m16n8k16 A fragment of each warp's 16 rows, K blocks in order.
  for (int32_t w = 0; w < 8; ++w)
    for (int32_t l = 0; l < 32; ++l)
      for (int32_t i = 0; i < 16; ++i) {
        auto c = dot->a.applyValues({i, l, w});
        int32_t j = i % 8;
        EXPECT_EQ(c[0], 16 * w + l / 4 + 8 * ((j / 2) % 2));
        EXPECT_EQ(c[1], 16 * (i / 8) + 2 * (l % 4) + j % 2 + 8 * (j / 4));
      }
}

TEST(WgmmaLayouts, NMajorB) {
  struct Case {
    int64_t k, n;
    unsigned swizzle, mode;
  } cases[] = {{32, 128, 128, 1}, {16, 64, 128, 1}, {64, 32, 64, 2},
               {16, 16, 32, 3}};
  for (const Case &c : cases) {
    auto b = wgmmaNMajorB(c.k, c.n, 16);
    ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
    EXPECT_EQ(b->swizzleBytes, c.swizzle);
    EXPECT_EQ(b->descMode, c.mode);
    EXPECT_EQ(b->sbo, 8 * int64_t(c.swizzle));
    EXPECT_EQ(b->lbo, c.k * int64_t(c.swizzle));
    std::optional<LinearLayout> toOffset = b->layout.invert();
    ASSERT_TRUE(toOffset.has_value());
    unsigned w = c.swizzle, atomN = w / 2;
    for (int32_t k = 0; k < c.k; ++k)
      for (int32_t n = 0; n < c.n; ++n) {
        int64_t addr = n / atomN * b->lbo + k / 8 * b->sbo + k % 8 * w +
                       2 * (n % atomN);
        addr ^= ((addr >> 7) & (w / 16 - 1)) << 4;
        EXPECT_EQ(2 * toOffset->applyValues({k, n})[0], addr)
            << "k " << k << " n " << n;
      }
  }
  for (auto [k, n, bits] : {std::tuple{16, 8, 16u} /* 16-byte rows */,
                            std::tuple{16, 64, 8u} /* half a K step */,
                            std::tuple{4, 64, 32u}, std::tuple{32, 64, 4u}}) {
    auto bad = wgmmaNMajorB(k, n, bits);
    EXPECT_FALSE(bool(bad));
    llvm::consumeError(bad.takeError());
  }
}

// A K-major: rows of K inside swizzle atoms of 8 rows, M atoms SBO apart,
// K atoms after all rows; each element where the emulator's descriptor
// walk (start + m / 8 SBO + m % 8 W + K byte, swizzled) finds it.
TEST(WgmmaLayouts, KMajorA) {
  struct Case {
    int64_t m, k;
    unsigned swizzle, mode;
  } cases[] = {{128, 32, 64, 2}, {128, 64, 128, 1}, {64, 16, 32, 3},
               {256, 128, 128, 1}};
  for (const Case &c : cases) {
    auto a = wgmmaKMajorA(c.m, c.k, 16);
    ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
    EXPECT_EQ(a->swizzleBytes, c.swizzle);
    EXPECT_EQ(a->descMode, c.mode);
    EXPECT_EQ(a->sbo, 8 * int64_t(c.swizzle));
    EXPECT_EQ(a->kAtomBytes, c.m * int64_t(c.swizzle));
    std::optional<LinearLayout> toOffset = a->layout.invert();
    ASSERT_TRUE(toOffset.has_value());
    for (int32_t m = 0; m < c.m; ++m)
      for (int32_t k = 0; k < c.k; ++k) {
        // The descriptor of the 8-row group and k16 step holding (m, k).
        int64_t start = wgmmaKMajorOffset(*a, m / 8 * 8, k / 16 * 16, 16);
        int64_t addr = start + m % 8 * c.swizzle + 2 * (k % 16);
        addr ^= ((addr >> 7) & (c.swizzle / 16 - 1)) << 4;
        EXPECT_EQ(2 * toOffset->applyValues({m, k})[0], addr)
            << "m " << m << " k " << k;
      }
  }
  auto bad = wgmmaKMajorA(32, 16, 16); // fewer rows than one warpgroup
  EXPECT_FALSE(bool(bad));
  llvm::consumeError(bad.takeError());
  bad = wgmmaKMajorA(64, 16, 8); // half a 32-byte K step
  EXPECT_FALSE(bool(bad));
  llvm::consumeError(bad.takeError());
  bad = wgmmaKMajorA(64, 8, 64); // no tensor-core operand width
  EXPECT_FALSE(bool(bad));
  llvm::consumeError(bad.takeError());
}

} // namespace

// tcgen05's 8-bit (f8f6f4, i8) and 32-bit (tf32) operands take the same
// canonical layouts in bytes: each element where the emulator's descriptor
// walk finds it (A K-major, B N-major; 32 bytes of K per instruction).
TEST(WgmmaLayouts, CanonicalLayoutsOfOtherWidths) {
  for (unsigned bits : {8u, 32u}) {
    int64_t bytes = bits / 8, stepK = 32 / bytes;
    for (auto [m, k] : {std::pair<int64_t, int64_t>{64, 2 * stepK},
                        {128, 4 * stepK}}) {
      auto a = wgmmaKMajorA(m, k, bits);
      ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
      unsigned w = a->swizzleBytes;
      EXPECT_EQ(int64_t(w), std::min<int64_t>(128, k * bytes));
      std::optional<LinearLayout> toOffset = a->layout.invert();
      ASSERT_TRUE(toOffset.has_value());
      for (int32_t r = 0; r < m; ++r)
        for (int32_t kk = 0; kk < k; ++kk) {
          int64_t start = wgmmaKMajorOffset(*a, r / 8 * 8, kk / stepK * stepK,
                                            bits);
          int64_t addr = start + r % 8 * w + bytes * (kk % stepK);
          addr ^= ((addr >> 7) & (w / 16 - 1)) << 4;
          EXPECT_EQ(bytes * toOffset->applyValues({r, kk})[0], addr)
              << bits << "-bit m " << r << " k " << kk;
        }
    }
    for (auto [k, n] : {std::pair<int64_t, int64_t>{stepK, 64 / bytes},
                        {2 * stepK, 256 / bytes}}) {
      auto b = wgmmaNMajorB(k, n, bits);
      ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
      unsigned w = b->swizzleBytes;
      EXPECT_EQ(b->lbo, k * int64_t(w));
      std::optional<LinearLayout> toOffset = b->layout.invert();
      ASSERT_TRUE(toOffset.has_value());
      int64_t atomN = w / bytes;
      for (int32_t kk = 0; kk < k; ++kk)
        for (int32_t nn = 0; nn < n; ++nn) {
          int64_t addr = nn / atomN * b->lbo + kk / 8 * b->sbo + kk % 8 * w +
                         bytes * (nn % atomN);
          addr ^= ((addr >> 7) & (w / 16 - 1)) << 4;
          EXPECT_EQ(bytes * toOffset->applyValues({kk, nn})[0], addr)
              << bits << "-bit k " << kk << " n " << nn;
        }
    }
  }
}
