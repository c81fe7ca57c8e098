//===- NvccKernelsTest.cpp - nvcc-compiled kernels on the emulator --------===//
//
// The kernels in kernels/*.cu are compiled with `nvcc -ptx -arch=sm_80` (or
// sm_90a for *_sm90a.cu) at build time; each test runs one on the emulator
// and compares with values computed on the host.
//
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "PTXEmu/Float.h"

#include <cmath>

using namespace ptxtest;
using tilecc::ptxemu::FFmt;
using tilecc::ptxemu::Rnd;

namespace {

bool loadKernelFile(Emu &e, const std::string &name) {
  std::string path = std::string(TILECC_PTXEMU_KERNEL_DIR) + "/" + name + ".ptx";
  std::string text = readFile(path);
  if (text.empty()) {
    ADD_FAILURE() << "missing " << path;
    return false;
  }
  bool ok = e.load(text);
  EXPECT_TRUE(ok) << e.err;
  return ok;
}

#define REQUIRE_NVCC()                                                         \
  if (!TILECC_PTXEMU_HAVE_NVCC)                                                \
  GTEST_SKIP() << "nvcc was not found at configure time; the CUDA validation " \
                  "kernels were not compiled"

TEST(PTXEmuNvcc, Shuffles) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "shuffles"));
  std::vector<int> in(32);
  for (int i = 0; i < 32; ++i)
    in[i] = (i * 37) % 23 - 11;
  uint64_t din = e.upload(in), dout = e.upload(std::vector<int>(256));
  auto r = e.run("warp_ops", dim(1), dim(32), {ParamValue::of(din), ParamValue::of(dout)});
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.download<int>(dout, 256);
  int total = 0, halfSum = 0;
  unsigned ballot = 0;
  for (int i = 0; i < 32; ++i) {
    total += in[i];
    if (i < 16)
      halfSum += in[i];
    if (in[i] > 0)
      ballot |= 1u << i;
  }
  int scan = 0;
  for (int l = 0; l < 32; ++l) {
    scan += in[l];
    const int *x = &o[l * 8];
    EXPECT_EQ(x[0], total) << l;
    EXPECT_EQ(x[1], scan) << l;
    EXPECT_EQ(x[2], in[(l & ~7) + 3]) << l;
    EXPECT_EQ(x[3], in[l < 31 ? l + 1 : l]) << l;
    EXPECT_EQ(unsigned(x[4]), ballot) << l;
    EXPECT_EQ(x[5], 0) << l;
    EXPECT_EQ(x[6], 1) << l;
    EXPECT_EQ(x[7], l < 16 ? halfSum : 0) << l;
  }
}

uint16_t toH(float f) { return uint16_t(tilecc::ptxemu::roundTo(f, FFmt::F16, Rnd::RN)); }

TEST(PTXEmuNvcc, LdmatrixMmaF16) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "mma"));
  std::vector<uint16_t> A(256), B(128);
  float a[16][16], b[16][8];
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      a[i][k] = float((i * 5 + k * 3) % 9 - 4) * 0.5f;
      A[i * 16 + k] = toH(a[i][k]);
    }
  for (int k = 0; k < 16; ++k)
    for (int j = 0; j < 8; ++j) {
      b[k][j] = float((k * 7 + j) % 5 - 2);
      B[k * 8 + j] = toH(b[k][j]);
    }
  uint64_t dA = e.upload(A), dB = e.upload(B), dC = e.upload(std::vector<float>(128));
  auto r = e.run("mma_f16", dim(1), dim(32),
                 {ParamValue::of(dA), ParamValue::of(dB), ParamValue::of(dC)});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty());
  auto C = e.download<float>(dC, 128);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      float want = 0;
      for (int k = 0; k < 16; ++k)
        want += a[i][k] * b[k][j];
      EXPECT_EQ(C[i * 8 + j], want) << i << "," << j;
    }
  EXPECT_GT(r.counters.byClass[size_t(IClass::Tensor)], 0u);
}

TEST(PTXEmuNvcc, MmaTF32) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "mma"));
  std::vector<float> A(128), B(64);
  for (int i = 0; i < 128; ++i)
    A[i] = float(i % 7) * 0.25f - 0.5f;
  for (int i = 0; i < 64; ++i)
    B[i] = float(i % 5) - 2.0f;
  uint64_t dA = e.upload(A), dB = e.upload(B), dC = e.upload(std::vector<float>(128));
  auto r = e.run("mma_tf32", dim(1), dim(32),
                 {ParamValue::of(dA), ParamValue::of(dB), ParamValue::of(dC)});
  ASSERT_TRUE(r.ok) << r.error;
  auto C = e.download<float>(dC, 128);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      float want = 1;
      for (int k = 0; k < 8; ++k)
        want += A[i * 8 + k] * B[k * 8 + j];
      EXPECT_EQ(C[i * 8 + j], want) << i << "," << j;
    }
}

TEST(PTXEmuNvcc, CpAsyncPipeline) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "cp_async"));
  const int blocks = 3, tiles = 5;
  std::vector<float> in(blocks * tiles * 256);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = float(int(i % 97) - 48);
  uint64_t din = e.upload(in), dout = e.upload(std::vector<float>(blocks * 64));
  auto r = e.run("staged_sum", dim(blocks), dim(64),
                 {ParamValue::of(din), ParamValue::of(dout), ParamValue::of(tiles)});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  auto o = e.download<float>(dout, blocks * 64);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < 64; ++t) {
      float want = 0;
      for (int i = 0; i < tiles; ++i)
        for (int k = 0; k < 4; ++k)
          want += in[(b * tiles + i) * 256 + ((t + 1) % 64) * 4 + k];
      EXPECT_EQ(o[b * 64 + t], want) << b << "," << t;
    }
  EXPECT_GT(r.counters.byClass[size_t(IClass::AsyncCopy)], 0u);
}

TEST(PTXEmuNvcc, Atomics) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "atomics"));
  const int n = 200;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 29) % 61 - 20;
  std::vector<int> counters = {0, -1000, 1000, 0, 0, 0};
  uint64_t din = e.upload(in), dc = e.upload(counters), df = e.upload(std::vector<float>(1)),
           dh = e.upload(std::vector<unsigned>(16));
  auto r = e.run("atomics", dim(2), dim(128),
                 {ParamValue::of(din), ParamValue::of(dc), ParamValue::of(df),
                  ParamValue::of(dh), ParamValue::of(n)});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  auto c = e.download<int>(dc, 6);
  int mx = -1000, mn = 1000, sum = 0;
  float fs = 0;
  std::vector<unsigned> hist(16);
  for (int v : in) {
    mx = std::max(mx, v);
    mn = std::min(mn, v);
    sum += v;
    fs += float(v) * 0.5f;
    hist[v & 15]++;
  }
  EXPECT_EQ(c[0], n);
  EXPECT_EQ(c[1], mx);
  EXPECT_EQ(c[2], mn);
  EXPECT_EQ(c[3], n % 10);
  EXPECT_EQ(c[4], 7);
  EXPECT_EQ(c[5], sum);
  EXPECT_EQ(e.download<float>(df, 1)[0], fs); // half-integers: exact in any order
  EXPECT_EQ(e.download<unsigned>(dh, 16), hist);
}

TEST(PTXEmuNvcc, HalfMath) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "half_math"));
  std::vector<float> in(64);
  for (int i = 0; i < 64; ++i)
    in[i] = float(i * 0.37 - 9.1);
  uint64_t din = e.upload(in), dout = e.upload(std::vector<float>(256));
  auto r = e.run("half_math", dim(1), dim(32), {ParamValue::of(din), ParamValue::of(dout)});
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.download<float>(dout, 256);
  using tilecc::ptxemu::roundTo;
  using tilecc::ptxemu::widen;
  auto h = [](double v) { return widen(roundTo(v, FFmt::F16, Rnd::RN), FFmt::F16); };
  auto bfr = [](double v) { return widen(roundTo(v, FFmt::BF16, Rnd::RN), FFmt::BF16); };
  for (int i = 0; i < 32; ++i) {
    double x = h(in[i]), y = h(in[i + 32]);
    double bx = bfr(in[i]), by = bfr(in[i + 32]);
    const float *p = &o[i * 8];
    EXPECT_EQ(p[0], float(h(x + y))) << i;
    EXPECT_EQ(p[1], float(h(x * y))) << i;
    EXPECT_EQ(p[2], float(h(x * y + x))) << i;
    EXPECT_EQ(p[3], float(h(x * x)) + float(h(y * y))) << i;
    EXPECT_EQ(p[4], float(bfr(bx * by + bx))) << i;
    EXPECT_EQ(p[5], float(std::max(x, y))) << i;
    EXPECT_EQ(p[6], float(h(x - y))) << i;
    EXPECT_EQ(p[7], float(widen(roundTo(in[i] * 3.0f, FFmt::F16, Rnd::RZ), FFmt::F16))) << i;
  }
}

TEST(PTXEmuNvcc, DivergentLoops) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "divergence"));
  const int n = 96;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 11) % 19 - 3;
  uint64_t din = e.upload(in), dout = e.upload(std::vector<int>(n));
  auto r = e.run("divergent", dim(3), dim(32), {ParamValue::of(din), ParamValue::of(dout)});
  ASSERT_TRUE(r.ok) << r.error;
  auto o = e.download<int>(dout, n);
  int acc5 = 0;
  for (int i = 0; i < n; ++i) {
    int want;
    if (in[i] < 0) {
      want = -1;
    } else {
      int acc = 0;
      for (int k = 0; k < in[i]; ++k) {
        if (k % 3 == 1)
          continue;
        if (acc > 50)
          break;
        acc += k;
        if (k & 1)
          acc ^= 1;
      }
      want = acc;
    }
    if (i == 5)
      acc5 = want;
    EXPECT_EQ(o[i], want) << i;
  }
  EXPECT_EQ(r.output, "lane 5 acc " + std::to_string(acc5) + "\n");
}

TEST(PTXEmuNvcc, SharedReduction) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "reduction"));
  const int n = 1500, blocks = (n + 511) / 512;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = float(i % 13) - 6.0f;
  uint64_t din = e.upload(in), dout = e.upload(std::vector<float>(blocks));
  auto r = e.run("block_sum", dim(blocks), dim(256),
                 {ParamValue::of(din), ParamValue::of(dout), ParamValue::of(n)});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  auto o = e.download<float>(dout, blocks);
  for (int b = 0; b < blocks; ++b) {
    float want = 0;
    for (int i = b * 512; i < std::min(n, b * 512 + 512); ++i)
      want += in[i];
    EXPECT_EQ(o[b], want) << b;
  }
  // Sequential addressing: no bank conflicts; 9 barriers per block.
  EXPECT_EQ(r.counters.sharedBankConflicts, 0u);
  EXPECT_EQ(r.counters.barriers, uint64_t(blocks) * 9);
}

TEST(PTXEmuNvcc, Intrinsics) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "intrinsics"));
  std::vector<unsigned> u(64);
  std::vector<float> f(64);
  std::vector<double> d(64);
  uint64_t s = 7;
  for (int i = 0; i < 64; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    u[i] = unsigned(s >> 29);
    f[i] = float(int(s >> 40) % 800 - 400) / 97.0f + (i >= 32 ? 0.03125f : 0.0f);
    d[i] = double(int64_t(s >> 20) % 100000) / 777.0 + (i >= 32 ? 0.5 : 0.0);
  }
  uint64_t du = e.upload(u), df = e.upload(f), dd = e.upload(d);
  uint64_t ou = e.upload(std::vector<unsigned>(512)), of = e.upload(std::vector<float>(512)),
           od = e.upload(std::vector<double>(256));
  auto r = e.run("intrinsics", dim(1), dim(32),
                 {ParamValue::of(du), ParamValue::of(df), ParamValue::of(dd), ParamValue::of(ou),
                  ParamValue::of(of), ParamValue::of(od)});
  ASSERT_TRUE(r.ok) << r.error;
  auto U = e.download<unsigned>(ou, 512);
  auto F = e.download<float>(of, 512);
  auto D = e.download<double>(od, 256);
  auto h = [](double v) { return widen(roundTo(v, FFmt::F16, Rnd::RN), FFmt::F16); };
  auto bfr = [](double v) { return widen(roundTo(v, FFmt::BF16, Rnd::RN), FFmt::BF16); };
  for (int t = 0; t < 32; ++t) {
    unsigned a = u[t], b = u[t + 32];
    float x = f[t], y = f[t + 32];
    double p = d[t], q = d[t + 32];
    const unsigned *ru = &U[t * 16];
    const float *rf = &F[t * 16];
    const double *rd = &D[t * 8];
    uint64_t ba = uint64_t(b) << 32 | a;
    unsigned perm = 0;
    for (int k = 0; k < 4; ++k)
      perm |= unsigned(uint64_t(ba) >> (8 * ((0x5140 >> (4 * k)) & 7)) & 0xff) << (8 * k);
    int dp = 7;
    for (int k = 0; k < 4; ++k)
      dp += int(int8_t(a >> (8 * k))) * int(int8_t(b >> (8 * k)));
    EXPECT_EQ(ru[0], unsigned(__builtin_popcount(a))) << t;
    EXPECT_EQ(ru[1], a ? unsigned(__builtin_clz(a)) : 32u) << t;
    unsigned rev = 0;
    for (int k = 0; k < 32; ++k)
      rev |= ((a >> k) & 1) << (31 - k);
    EXPECT_EQ(ru[2], rev) << t;
    EXPECT_EQ(ru[3], perm) << t;
    EXPECT_EQ(ru[4], unsigned((ba << (t & 31)) >> 32)) << t;
    EXPECT_EQ(ru[5], unsigned(ba >> std::min(t + 20, 32))) << t;
    EXPECT_EQ(ru[6], unsigned((uint64_t(a) * b) >> 32)) << t;
    EXPECT_EQ(int(ru[7]), dp) << t;
    EXPECT_EQ(ru[8], a ? unsigned(__builtin_ctz(a)) + 1 : 0u) << t;
    EXPECT_EQ(ru[9], unsigned((uint64_t(a) * b) >> 7) ^
                         unsigned((int64_t(int(a)) * int(b)) % 1000003)) << t;
    EXPECT_EQ(ru[10], unsigned(((uint64_t(a) << 32) | b) / (b | 1))) << t;
    EXPECT_EQ(int(ru[11]), int(std::nearbyint(x * 100.0f))) << t;
    EXPECT_EQ(ru[12], unsigned(std::fabs(y) * 1000.0f)) << t;
    EXPECT_EQ(ru[13], unsigned(std::abs(int64_t(int(a)) - int(b)) + 3)) << t;
    EXPECT_EQ(ru[14], unsigned(std::abs(int(a & 0xff) - int(b & 0xff)) + 1)) << t;
    EXPECT_EQ(ru[15], (a >> (t & 31)) | (b << ((t + 3) & 31))) << t;
    EXPECT_NEAR(rf[0], x / y, 1e-5 * std::fabs(x / y)) << t;
    EXPECT_NEAR(rf[1], 1 / std::sqrt(std::fabs(y) + 1.0f), 1e-6) << t;
    EXPECT_NEAR(rf[2], std::exp(x), 1e-5 * std::exp(x)) << t;
    EXPECT_NEAR(rf[3], std::log(std::fabs(y) + 1.0f), 1e-5) << t;
    EXPECT_EQ(rf[4], std::sqrt(std::fabs(x))) << t;
    EXPECT_EQ(rf[5], x / y) << t;
    EXPECT_EQ(rf[6], std::fma(x, y, 1.0f)) << t;
    EXPECT_EQ(rf[7], std::min(1.0f, std::max(0.0f, x))) << t;
    EXPECT_EQ(rf[8], std::floor(x) + std::ceil(y) + std::trunc(x) + std::nearbyint(y)) << t;
    EXPECT_EQ(rf[9], std::fmin(x, y) + std::fmax(x, y)) << t;
    EXPECT_EQ(rf[10], std::copysign(x, y)) << t;
    EXPECT_EQ(rf[11], float(int(a))) << t;
    float fz = float(b);
    if (double(fz) > double(b))
      fz = std::nextafter(fz, 0.0f);
    EXPECT_EQ(rf[12], fz) << t;
    EXPECT_EQ(rf[13], float(h(h(x) * h(y) + 1.0))) << t;
    EXPECT_EQ(rf[14], float(h(h(x) * h(x) + 0.5)) - float(h(h(y) * h(y) + 0.5))) << t;
    EXPECT_EQ(rf[15], float(bfr(bfr(x) * bfr(x))) + float(bfr(bfr(y) * bfr(y)))) << t;
    EXPECT_EQ(rd[0], p / q) << t;
    EXPECT_EQ(rd[1], std::sqrt(std::fabs(p))) << t;
    EXPECT_EQ(rd[2], std::fma(p, q, 0.25)) << t;
    EXPECT_EQ(rd[3], double(x) * p) << t;
    EXPECT_EQ(rd[4], double(int64_t(p * 1e6))) << t;
    EXPECT_NEAR(rd[5], 1 / std::sqrt(std::fabs(q) + 1.0), 1e-12) << t;
    EXPECT_EQ(rd[6], std::fmin(p, q) - std::fmax(p, q)) << t;
    double sum = p + q, bb = sum - p, err = (p - (sum - bb)) + (q - bb);
    if (err != 0 && (err > 0) != (sum > 0))
      sum = std::nextafter(sum, 0.0);
    EXPECT_EQ(rd[7], sum) << t;
  }
}

TEST(PTXEmuNvcc, TensorCoreGemm) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "gemm"));
  const int M = 64, N = 96, K = 48;
  std::vector<uint16_t> A(M * K), B(K * N);
  std::vector<float> a(M * K), b(K * N);
  for (int i = 0; i < M * K; ++i) {
    a[i] = float((i * 7 + i / K) % 9 - 4);
    A[i] = toH(a[i]);
  }
  for (int i = 0; i < K * N; ++i) {
    b[i] = float((i * 5 + i / N) % 7 - 3) * 0.5f;
    B[i] = toH(b[i]);
  }
  uint64_t dA = e.upload(A), dB = e.upload(B), dC = e.upload(std::vector<float>(M * N));
  auto r = e.run("gemm", dim(N / 32, M / 32), dim(128),
                 {ParamValue::of(dA), ParamValue::of(dB), ParamValue::of(dC), ParamValue::of(M),
                  ParamValue::of(N), ParamValue::of(K)});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  auto C = e.download<float>(dC, M * N);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float want = 0;
      for (int k = 0; k < K; ++k)
        want += a[i * K + k] * b[k * N + j];
      ASSERT_EQ(C[i * N + j], want) << i << "," << j;
    }
  // Per CTA and k-step: 4 warps x 2 ldmatrix.x4 and 2 mma; unswizzled rows
  // of 32 and 64 bytes give 2- and 4-way bank conflicts. Each warp's
  // cp.async writes 512 contiguous bytes: a store request of 4 wavefronts.
  uint64_t ctas = (M / 32) * (N / 32), steps = K / 16;
  EXPECT_EQ(r.counters.byClass[size_t(IClass::Tensor)], ctas * steps * 4 * 4);
  EXPECT_EQ(r.counters.sharedLoadRequests, ctas * steps * 8);
  EXPECT_EQ(r.counters.sharedStoreRequests, ctas * steps * 4);
  EXPECT_EQ(r.counters.sharedWavefronts,
            ctas * steps * 4 * (4 * 2 + 4 * 4) + ctas * steps * 4 * 4);
}

// TMA through CUDA's own abstractions (cuda::barrier, cp_async_bulk_tensor,
// bulk groups, __grid_constant__ CUtensorMap parameters): a two-stage ring
// of 64 x 32 f32 tiles, out = in + 1, stored with TMA.
TEST(PTXEmuNvcc, TmaCopyRing) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "tma_copy_sm90a"));
  const int rows = 64 * 5, cols = 32;
  std::vector<float> in(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    in[i] = float(i % 1000) * 0.25f;
  uint64_t din = e.upload(in), dout = e.upload(std::vector<float>(rows * cols, -1.0f));
  auto map = [&](uint64_t base) {
    TensorMapInfo t;
    t.globalAddress = base;
    t.rank = 2;
    t.globalDim[0] = cols;
    t.globalDim[1] = rows;
    t.globalStride[0] = cols * 4;
    t.boxDim[0] = 32;
    t.boxDim[1] = 64;
    t.elemType = 7; // .f32
    ParamValue p;
    p.bytes = encodeTensorMap(t);
    return p;
  };
  auto r = e.run("tma_copy", dim(1), dim(128), {map(din), map(dout), ParamValue::of(5)});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  auto out = e.download<float>(dout, rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    ASSERT_EQ(out[i], in[i] + 1.0f) << i;
  std::string c = r.counters.format();
  EXPECT_NE(c.find("tma_loads: 5\n"), std::string::npos) << c;
  EXPECT_NE(c.find("tma_stores: 5\n"), std::string::npos) << c;
}

// scripts/bench/gemm_tcgen05.cu (nvcc -arch=sm_100a): a tcgen05 GEMM with
// inline PTX (128-byte swizzled K-major tiles, kind::f16 MMAs from matrix
// descriptors, commit to an mbarrier, tcgen05.ld epilogue) against a host
// matmul of A (M x K) and B (N x K).
TEST(PTXEmuNvcc, Tcgen05Gemm) {
  REQUIRE_NVCC();
  Emu e;
  ASSERT_TRUE(loadKernelFile(e, "gemm_tcgen05"));
  const int M = 256, N = 128, K = 128;
  std::vector<uint16_t> A(M * K), B(N * K);
  std::vector<float> a(M * K), b(N * K);
  for (int i = 0; i < M * K; ++i) {
    a[i] = float((i * 7 + i / K) % 9 - 4);
    A[i] = toH(a[i]);
  }
  for (int i = 0; i < N * K; ++i) {
    b[i] = float((i * 5 + i / K) % 7 - 3) * 0.5f;
    B[i] = toH(b[i]);
  }
  uint64_t dA = e.upload(A), dB = e.upload(B), dC = e.upload(std::vector<float>(M * N));
  auto r = e.run("gemm_tcgen05", dim(M / 128, N / 128), dim(128),
                 {ParamValue::of(dA), ParamValue::of(dB), ParamValue::of(dC), ParamValue::of(M),
                  ParamValue::of(N), ParamValue::of(K)});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  auto C = e.download<float>(dC, M * N);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float want = 0;
      for (int k = 0; k < K; ++k)
        want += a[i * K + k] * b[j * K + k];
      ASSERT_EQ(C[i * N + j], want) << i << "," << j;
    }
  // Per CTA and 64-wide K step: 4 MMAs of 128x128x16 reading 8 KiB of
  // shared memory each, one commit; 128 accumulator columns.
  uint64_t ctas = (M / 128) * (N / 128), steps = K / 64;
  std::string c = r.counters.format();
  EXPECT_NE(c.find("tcgen05_mma_f16: " + std::to_string(ctas * steps * 4) + "\n"),
            std::string::npos) << c;
  EXPECT_NE(c.find("tcgen05_mma_shared_bytes: " + std::to_string(ctas * steps * 4 * 8192) +
                   "\n"), std::string::npos) << c;
  EXPECT_NE(c.find("tcgen05_commits: " + std::to_string(ctas * steps) + "\n"),
            std::string::npos) << c;
  EXPECT_NE(c.find("tmem_columns_peak: 128\n"), std::string::npos) << c;
}

} // namespace
