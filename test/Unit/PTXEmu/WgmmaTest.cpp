//===- WgmmaTest.cpp - wgmma.mma_async on the emulator --------------------===//
//
// One warpgroup computes D (64 x N, f32) = A (64 x 16) x B (16 x N), f16,
// with A in registers and B in shared memory behind a matrix descriptor. The
// test lays out everything itself from the PTX ISA's text ("Register
// Fragments" for m64nNk16, "Shared Memory Matrix Layout", "Matrix
// Descriptor Format"): A's fragments, B's shared image in each canonical
// layout and swizzle, the descriptor's fields, and where D's registers sit.
// Small integers keep the products exact.
//
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include <cmath>

using namespace ptxtest;

namespace {

uint16_t half(int v) {
  // Small integers in f16: exponent and mantissa by hand.
  if (v == 0)
    return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  unsigned a = unsigned(std::abs(v)), e = 0;
  while ((a >> e) > 1)
    ++e;
  uint16_t mant = uint16_t(((a << 10) >> e) & 0x3FF);
  return uint16_t(sign | uint16_t((e + 15) << 10) | mant);
}

struct Layout {
  bool nMajor;     // imm-trans-b
  unsigned swizzle; // bytes: 0, 32, 64, 128
  uint64_t lbo, sbo;
};

// Byte offset of B[k][n] (from a 1024-aligned base) per the ISA's canonical
// layouts: K-major rows of 16 bytes in 8-row core matrices (no swizzle), or
// rows of `swizzle` bytes; N-major atoms of 8 K rows of `swizzle` bytes.
uint64_t bOffset(const Layout &l, unsigned k, unsigned n) {
  uint64_t off;
  if (!l.nMajor) {
    uint64_t kb = 2 * k;
    off = l.swizzle ? n / 8 * l.sbo + n % 8 * l.swizzle + kb
                    : n / 8 * l.sbo + n % 8 * 16 + kb / 16 * l.lbo + kb % 16;
  } else {
    uint64_t nb = 2 * n;
    off = nb / l.swizzle * l.lbo + k / 8 * l.sbo + k % 8 * l.swizzle +
          nb % l.swizzle;
  }
  // 16-byte chunk c of a swizzle row r goes to c ^ (r % (swizzle / 16)).
  if (l.swizzle)
    off ^= ((off >> 7) & (l.swizzle / 16 - 1)) << 4;
  return off;
}

struct Result {
  LaunchResult launch;
  std::vector<float> d;      // 64 x n, row-major
  std::vector<double> want;  // A x B
};

// Runs the kernel; `body` is the wgmma sequence (between loading A and the
// descriptor and storing D).
Result run(unsigned n, const Layout &l, const std::string &body,
           unsigned imageBytes) {
  std::vector<int> a(64 * 16), b(16 * n);
  for (unsigned i = 0; i < a.size(); ++i)
    a[i] = int(i * 7 % 9) - 4;
  for (unsigned i = 0; i < b.size(); ++i)
    b[i] = int(i * 5 % 7) - 3;
  // A fragments: thread 32 w + lane, register i: row 16 w + g + 8 ((i / 2)
  // % 2), column 2 t + i % 2 + 8 (i / 4).
  std::vector<uint16_t> aFrag(128 * 8);
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned i = 0; i < 8; ++i) {
      unsigned w = t / 32, lane = t % 32, g = lane / 4, q = lane % 4;
      unsigned row = 16 * w + g + 8 * ((i >> 1) & 1),
               col = 2 * q + (i & 1) + 8 * (i >> 2);
      aFrag[8 * t + i] = half(a[16 * row + col]);
    }
  std::vector<uint16_t> image(imageBytes / 2, 0xFFFF); // NaN where unused
  for (unsigned k = 0; k < 16; ++k)
    for (unsigned c = 0; c < n; ++c)
      image[bOffset(l, k, c) / 2] = half(b[n * k + c]);
  unsigned mode = l.swizzle == 128 ? 1 : l.swizzle == 64 ? 2 : l.swizzle == 32 ? 3 : 0;
  uint64_t fields = (l.lbo >> 4) << 16 | (l.sbo >> 4) << 32 | uint64_t(mode) << 62;

  std::string d;
  for (unsigned i = 0; i < n / 2; ++i)
    d += (i ? ", %d" : "%d") + std::to_string(i);
  std::string k = std::string(".version 8.0\n.target sm_90a\n.address_size 64\n") +
                  ".shared .align 1024 .b8 s[" + std::to_string(imageBytes) + "];\n" +
                  ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pout, "
                  ".param .u64 fields)\n{\n" + kRegs + ".reg .b32 %d<128>;\n"
                  "ld.param.u64 %rd1, [pa]; ld.param.u64 %rd2, [pb];\n"
                  "ld.param.u64 %rd3, [pout]; ld.param.u64 %rd4, [fields];\n"
                  "mov.u32 %r1, %tid.x; mov.u32 %r2, s; mov.u32 %r5, 0;\n"
                  // Copy the image: word i by thread i % 128.
                  "shl.b32 %r3, %r1, 2;\n"
                  "COPY: setp.ge.u32 %p2, %r3, " + std::to_string(imageBytes) + "; @%p2 bra DONE;\n"
                  "cvt.u64.u32 %rd10, %r3; add.s64 %rd11, %rd2, %rd10; ld.global.b32 %r4, [%rd11];\n"
                  "add.s32 %r6, %r2, %r3; st.shared.b32 [%r6], %r4;\n"
                  "add.s32 %r3, %r3, 512; bra COPY;\nDONE: fence.proxy.async.shared::cta; bar.sync 0;\n"
                  "mul.wide.u32 %rd5, %r1, 16; add.s64 %rd6, %rd1, %rd5;\n"
                  "ld.global.v4.b32 {%r20, %r21, %r22, %r23}, [%rd6];\n"
                  "and.b32 %r7, %r2, 262143; shr.u32 %r7, %r7, 4; cvt.u64.u32 %rd7, %r7;\n"
                  "or.b64 %rd8, %rd7, %rd4;\n"
                  "setp.eq.u32 %p1, %r5, 0;\n";
  for (unsigned i = 0; i < n / 2; ++i)
    k += "mov.b32 %d" + std::to_string(i) + ", 0;\n";
  std::string mma = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(n) +
                    "k16.f32.f16.f16 {" + d + "}, {%r20, %r21, %r22, %r23}, %rd8, %p1, 1, 1, " +
                    (l.nMajor ? "1" : "0") + ";\n";
  std::string text = body;
  for (size_t pos; (pos = text.find("MMA\n")) != std::string::npos;)
    text.replace(pos, 4, mma);
  k += text;
  k += "mul.wide.u32 %rd9, %r1, " + std::to_string(2 * n) + "; add.s64 %rd12, %rd3, %rd9;\n";
  for (unsigned i = 0; i < n / 2; ++i)
    k += "st.global.b32 [%rd12+" + std::to_string(4 * i) + "], %d" + std::to_string(i) + ";\n";
  k += "ret;\n}\n";

  Emu e;
  Result r;
  EXPECT_TRUE(e.load(k)) << e.err;
  if (!e.prog)
    return r;
  uint64_t pa = e.upload(aFrag), pb = e.upload(image);
  uint64_t pout = e.upload(std::vector<uint32_t>(128 * n / 2, 0x7fc00000));
  r.launch = e.run("k", dim(1), dim(128),
                   {ParamValue::of(pa), ParamValue::of(pb), ParamValue::of(pout),
                    ParamValue::of(fields)});
  std::vector<float> out = e.download<float>(pout, 128 * n / 2);
  // D register i of thread 32 w + lane: row 16 w + g + 8 ((i / 2) % 2),
  // column 8 (i / 4) + 2 t + i % 2.
  r.d.assign(64 * n, NAN);
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned i = 0; i < n / 2; ++i) {
      unsigned w = t / 32, lane = t % 32;
      unsigned row = 16 * w + lane / 4 + 8 * ((i >> 1) & 1),
               col = 8 * (i >> 2) + 2 * (lane % 4) + (i & 1);
      r.d[n * row + col] = out[t * n / 2 + i];
    }
  r.want.assign(64 * n, 0);
  for (unsigned row = 0; row < 64; ++row)
    for (unsigned c = 0; c < n; ++c)
      for (unsigned kk = 0; kk < 16; ++kk)
        r.want[n * row + c] += double(a[16 * row + kk]) * b[n * kk + c];
  return r;
}

const char *kSync = "wgmma.fence.sync.aligned;\nMMA\n"
                    "wgmma.commit_group.sync.aligned;\n"
                    "wgmma.wait_group.sync.aligned 0;\n";

void expectProduct(const Result &r) {
  ASSERT_TRUE(r.launch.ok) << r.launch.error;
  for (size_t i = 0; i < r.want.size(); ++i)
    ASSERT_EQ(double(r.d[i]), r.want[i]) << "element " << i;
}

// N-major B with the 128-byte swizzle: two atoms of 64 N along N (LBO
// apart), two groups of 8 K rows (SBO apart).
TEST(Wgmma, NMajor128BSwizzle) {
  Layout l{true, 128, 2048, 1024};
  expectProduct(run(128, l, kSync, 4096));
}

// N-major, 64- and 32-byte swizzles (one atom along N each).
TEST(Wgmma, NMajor64And32BSwizzle) {
  expectProduct(run(32, Layout{true, 64, 1024, 512}, kSync, 1024));
  expectProduct(run(16, Layout{true, 32, 512, 256}, kSync, 512));
}

// K-major B: no swizzle (8 x 16-byte core matrices, the second 8 K LBO on)
// and the 32-byte swizzle (a 32-byte row holds all 16 K).
TEST(Wgmma, KMajor) {
  expectProduct(run(32, Layout{false, 0, 128, 256}, kSync, 1024));
  expectProduct(run(32, Layout{false, 32, 16, 256}, kSync, 1024));
}

// A descriptor that names another swizzle (32 bytes instead of the image's
// 128) gives wrong numbers, not the product.
TEST(Wgmma, WrongSwizzleIsWrong) {
  Result bad = run(128, Layout{true, 128, 2048, 1024},
                   std::string("wgmma.fence.sync.aligned;\n") +
                       "xor.b64 %rd8, %rd8, 0x8000000000000000;\n" // mode 1 -> 3
                       "MMA\nwgmma.commit_group.sync.aligned;\n"
                       "wgmma.wait_group.sync.aligned 0;\n",
                   16384); // room for what the 32-byte reading addresses
  ASSERT_TRUE(bad.launch.ok) << bad.launch.error;
  size_t wrong = 0;
  for (size_t i = 0; i < bad.want.size(); ++i)
    wrong += !(double(bad.d[i]) == bad.want[i]);
  EXPECT_GT(wrong, bad.want.size() / 2);
}

void expectFailure(const Result &r, const std::string &what) {
  EXPECT_FALSE(r.launch.ok);
  EXPECT_NE(r.launch.error.find(what), std::string::npos) << r.launch.error;
}

const char *kIssue = "wgmma.fence.sync.aligned;\nMMA\n"
                     "wgmma.commit_group.sync.aligned;\n";

// Reading the accumulator between issue and wait is undefined in the ISA:
// an error, not the stale value.
TEST(Wgmma, AccumulatorReadInFlightFails) {
  Result r = run(16, Layout{true, 32, 512, 256},
                 std::string(kIssue) + "mov.b32 %r30, %d0;\n"
                                       "wgmma.wait_group.sync.aligned 0;\n",
                 512);
  expectFailure(r, "accesses an accumulator register of an in-flight");
}

// Writing it is as undefined.
TEST(Wgmma, AccumulatorWriteInFlightFails) {
  Result r = run(16, Layout{true, 32, 512, 256},
                 std::string(kIssue) + "mov.b32 %d3, 0;\n"
                                       "wgmma.wait_group.sync.aligned 0;\n",
                 512);
  expectFailure(r, "accesses an accumulator register of an in-flight");
}

// Reloading A's registers (the next K step's ldmatrix) before the wait.
TEST(Wgmma, ARegisterOverwrittenInFlightFails) {
  Result r = run(16, Layout{true, 32, 512, 256},
                 std::string(kIssue) + "mov.b32 %r21, 0;\n"
                                       "wgmma.wait_group.sync.aligned 0;\n",
                 512);
  expectFailure(r, "accesses an A fragment register of an in-flight");
}

// Refilling the shared slot B is read from before the wait.
TEST(Wgmma, SharedOperandWrittenInFlightFails) {
  Result r = run(16, Layout{true, 32, 512, 256},
                 std::string(kIssue) + "st.shared.b32 [%r2], %r5;\n"
                                       "wgmma.wait_group.sync.aligned 0;\n",
                 512);
  expectFailure(r, "was written while it was in flight");
  // The same store after every warp's wait is fine.
  expectProduct(run(16, Layout{true, 32, 512, 256},
                    std::string(kSync) +
                        "bar.sync 0;\nst.shared.b32 [%r2], %r5;\n",
                    512));
}

// A cp.async into the slot, issued while the wgmma is in flight and still
// pending at its wait, may land before the wgmma reads: an error too.
TEST(Wgmma, PendingCopyIntoOperandFails) {
  Result r = run(16, Layout{true, 32, 512, 256},
                 std::string(kIssue) +
                     "cp.async.ca.shared.global [%r2], [%rd2], 4;\n"
                     "cp.async.commit_group;\n"
                     "wgmma.wait_group.sync.aligned 0;\n"
                     "cp.async.wait_all;\n",
                 512);
  expectFailure(r, "still pending writes shared memory");
}

// Two groups chaining on one accumulator (the ISA orders same-shape
// mma_asyncs on the same accumulator without a wait): wait_group 1 leaves
// the newest in flight, so reading D then is an error; wait_group 0 after
// it gives both products.
TEST(Wgmma, ChainedGroupsAndWaitGroupOne) {
  std::string two = std::string(kIssue) + kIssue +
                    "wgmma.wait_group.sync.aligned 1;\n";
  Result inFlight = run(16, Layout{true, 32, 512, 256},
                        two + "mov.b32 %r30, %d1;\n"
                              "wgmma.wait_group.sync.aligned 0;\n",
                        512);
  expectFailure(inFlight, "accesses an accumulator register of an in-flight");
  Result r = run(16, Layout{true, 32, 512, 256},
                 two + "wgmma.wait_group.sync.aligned 0;\n", 512);
  ASSERT_TRUE(r.launch.ok) << r.launch.error;
  for (size_t i = 0; i < r.want.size(); ++i)
    ASSERT_EQ(double(r.d[i]), 2 * r.want[i]) << "element " << i;
}

// An mma_async may not use an in-flight op's accumulator as its A.
TEST(Wgmma, MmaReadingInFlightAccumulatorFails) {
  Result r = run(16, Layout{true, 32, 512, 256},
                 std::string(kIssue) +
                     "wgmma.fence.sync.aligned;\n"
                     "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 "
                     "{%r40, %r41, %r42, %r43, %r44, %r45, %r46, %r47}, "
                     "{%d0, %d1, %d2, %d3}, %rd8, %p1, 1, 1, 1;\n"
                     "wgmma.commit_group.sync.aligned;\n"
                     "wgmma.wait_group.sync.aligned 0;\n",
                 512);
  expectFailure(r, "reads the accumulator of an in-flight");
}

// An mma_async without a wgmma.fence since the last wait is an error.
TEST(Wgmma, NeedsFence) {
  Result r = run(16, Layout{true, 32, 512, 256},
                 "MMA\nwgmma.commit_group.sync.aligned;\n"
                 "wgmma.wait_group.sync.aligned 0;\n",
                 512);
  EXPECT_FALSE(r.launch.ok);
  EXPECT_NE(r.launch.error.find("wgmma.fence"), std::string::npos)
      << r.launch.error;
}

} // namespace

namespace {

// wgmma reads shared memory through the async proxy (PTX ISA 9.7.15.4): a
// generic write to an operand after the copy's fence.proxy.async needs
// another fence before the wgmma that reads it.
TEST(Wgmma, GenericWriteWithoutProxyFenceFails) {
  const char *rewrite = "ld.shared.b32 %r30, [%r2];\nst.shared.b32 [%r2], %r30;\n";
  expectFailure(run(16, Layout{true, 32, 512, 256}, std::string(rewrite) + kSync, 512),
                "without a fence.proxy.async");
  expectProduct(run(16, Layout{true, 32, 512, 256},
                    std::string(rewrite) + "fence.proxy.async;\n" + kSync, 512));
}

} // namespace
