//===- Tcgen05MmaTest.cpp - dense tcgen05.mma against a host matmul -------===//
//
// The host lays A and B out in a shared-memory image in the canonical
// layouts of the PTX ISA (9.7.16.3: K-major / MN-major, every swizzle
// mode, written here as CuTe-style strides), builds the 64-bit matrix
// descriptors and the 32-bit instruction descriptor from the ISA's tables,
// and compares D read back with tcgen05.ld against its own matmul.
//
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include <cmath>
#include <random>

using namespace ptxtest;

namespace {

enum class Kind { F16, BF16, TF32, E4M3, E5M2, S8, U8 };
const char *kindName(Kind k) {
  switch (k) {
  case Kind::F16:
  case Kind::BF16: return "f16";
  case Kind::TF32: return "tf32";
  case Kind::E4M3:
  case Kind::E5M2: return "f8f6f4";
  default: return "i8";
  }
}
unsigned elemBytes(Kind k) {
  return k == Kind::TF32 ? 4 : (k == Kind::F16 || k == Kind::BF16) ? 2 : 1;
}
// atype / btype codes of the ISA's Table 42.
unsigned typeCode(Kind k) {
  switch (k) {
  case Kind::F16: return 0;
  case Kind::BF16: return 1;
  case Kind::TF32: return 2;
  case Kind::E4M3: return 0;
  case Kind::E5M2: return 1;
  case Kind::S8: return 1;
  case Kind::U8: return 0;
  }
  return 0;
}

// A value of the element type as bits, with small integers (exact in every
// format) so the host sum is exact.
uint32_t encode(Kind k, int v) {
  switch (k) {
  case Kind::F16: {
    // |v| <= 4: sign, exponent, two mantissa bits suffice.
    if (v == 0)
      return 0;
    unsigned a = unsigned(std::abs(v)), e = 31 - __builtin_clz(a);
    uint32_t mant = (a << (10 - e)) & 0x3FF;
    return (v < 0 ? 0x8000u : 0) | (e + 15) << 10 | mant;
  }
  case Kind::BF16: {
    float f = float(v);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u >> 16;
  }
  case Kind::TF32: {
    float f = float(v);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u | 0x1FFF * (v & 1); // low 13 bits set: tf32 ignores them
  }
  case Kind::E4M3:
  case Kind::E5M2: {
    if (v == 0)
      return 0;
    unsigned a = unsigned(std::abs(v)), e = 31 - __builtin_clz(a);
    unsigned mbits = k == Kind::E4M3 ? 3 : 2, bias = k == Kind::E4M3 ? 7 : 15;
    uint32_t mant = (a << mbits >> e) & ((1u << mbits) - 1);
    return (v < 0 ? 0x80u : 0) | (e + bias) << mbits | mant;
  }
  case Kind::S8: return uint32_t(int8_t(v)) & 0xFF;
  case Kind::U8: return uint32_t(v) & 0xFF;
  }
  return 0;
}

// Swizzle modes: the descriptor's bits 61-63 and the span in bytes.
struct Swz {
  unsigned code, width;
  bool atom32;
};
const Swz kNone{0, 0, false}, k32{6, 32, false}, k64{4, 64, false},
    k128{2, 128, false}, k128a32{1, 128, true};

// The swizzle a TMA or a thread applies when writing (address bits 4-6, or
// 5-6 for 32-byte atoms, XOR the 128-byte line index in the pattern).
uint64_t swizzle(uint64_t a, const Swz &s) {
  if (!s.width)
    return a;
  uint64_t line = a >> 7;
  return s.atom32 ? a ^ (line & 3) << 5 : a ^ (line & (s.width / 16 - 1)) << 4;
}

// Canonical layout offsets (ISA 9.7.16.3, in units of T = 16-byte rows):
// K-major:  ((8,m),(T,2k)) : ((1T,SBO),(1,LBO)) without swizzle,
//           ((8,m),(T,2k)) : ((W/16 T,SBO),(1,T)) swizzled;
// MN-major: ((T,1,m),(8,k)) : ((1,T,SBO),(1T,LBO)) without swizzle,
//           ((T,W/16,m),(8,k)) : ((1,T,LBO),(W/16 T,SBO)) swizzled.
struct Operand {
  bool mnMajor;
  Swz swz;
  uint64_t base, lbo, sbo;
  uint64_t offset(unsigned eb, unsigned mn, unsigned k) const {
    uint64_t o;
    if (!mnMajor) {
      uint64_t kb = uint64_t(k) * eb;
      unsigned rowBytes = swz.width ? swz.width : 16;
      o = base + mn / 8 * sbo + mn % 8 * rowBytes +
          (swz.width ? kb : kb / 16 * lbo + kb % 16);
    } else {
      uint64_t mb = uint64_t(mn) * eb;
      unsigned span = swz.width ? swz.width : 16;
      o = base + mb % span + k % 8 * span +
          (swz.width ? mb / span * lbo + k / 8 * sbo : mb / span * sbo + k / 8 * lbo);
    }
    return swizzle(o, swz);
  }
  uint64_t desc(uint64_t start) const {
    return (start >> 4 & 0x3FFF) | (lbo >> 4 & 0x3FFF) << 16 |
           (sbo >> 4 & 0x3FFF) << 32 | uint64_t(1) << 46 | uint64_t(swz.code) << 61;
  }
};

// Strides of a dense (mn x K) operand in `layout`: for K-major the 8-row
// groups follow each other, for MN-major the K groups do.
Operand makeOperand(bool mnMajor, Swz s, uint64_t base, unsigned rows, unsigned kBytes,
                    unsigned eb) {
  Operand o{mnMajor, s, base, 0, 0};
  if (!mnMajor) {
    unsigned rowBytes = s.width ? s.width : 16;
    o.sbo = 8 * rowBytes * (s.width ? 1 : kBytes / 16);
    o.lbo = s.width ? 16 : 128; // unused when swizzled ("assumed 1")
    if (s.width)
      o.sbo = 8 * s.width;
  } else {
    unsigned span = s.width ? s.width : 16;
    unsigned mnBytes = rows * eb, kRows = kBytes / eb;
    if (s.width) {
      o.sbo = 8 * span;                 // next 8 K rows
      o.lbo = 8 * span * (kRows / 8);   // next MN span after all K groups
    } else {
      o.lbo = 128;                      // next 8 K rows
      o.sbo = 128 * (kRows / 8);        // next 16-byte MN chunk
    }
    (void)mnBytes;
  }
  return o;
}

struct Case {
  Kind a, b;
  unsigned m, n;
  bool mnMajorA, mnMajorB;
  Swz swz;
  unsigned ksteps = 2;
  bool f16Out = false;
  bool aTmem = false;
  bool negA = false;
  std::string collector; // e.g. ".collector::a::discard"
};

const char *kPtxHead = ".version 8.6\n.target sm_100a\n.address_size 64\n";

// k(img, nwords, descs, nsteps, idesc, out, ncols, aw): copies the image to
// shared memory, optionally stores A into tensor memory columns 256.. (aw:
// 8 words per lane), thread 0 issues nsteps MMAs (descs: a, b pairs) and
// commits, every thread reads its lane's ncols columns of D.
std::string gemmKernel(uint64_t imgBytes, bool aTmem) {
  std::string s = std::string(kPtxHead) + ".shared .align 1024 .b8 img[" +
                  std::to_string(imgBytes) +
                  "];\n.shared .align 8 .b8 bar[8];\n.shared .align 4 .b8 slot[4];\n"
                  ".visible .entry k(.param .u64 pimg, .param .u32 pn, .param .u64 pdesc,"
                  " .param .u32 psteps, .param .u32 pidesc, .param .u64 pout,"
                  " .param .u32 pcols, .param .u64 paw)\n{\n" +
                  kRegs;
  s += "ld.param.u64 %rd1, [pimg];\nld.param.u32 %r20, [pn];\nld.param.u64 %rd2, [pdesc];\n"
       "ld.param.u32 %r21, [psteps];\nld.param.u32 %r22, [pidesc];\nld.param.u64 %rd3, [pout];\n"
       "ld.param.u32 %r23, [pcols];\nld.param.u64 %rd5, [paw];\n"
       "mov.u32 %r1, %tid.x;\nshr.u32 %r2, %r1, 5;\nsetp.eq.u32 %p1, %r2, 0;\n"
       "setp.eq.u32 %p2, %r1, 0;\nmov.u32 %r3, img;\nmov.u32 %r4, slot;\nmov.u32 %r9, bar;\n"
       // copy the image, one word per thread per round
       "mov.u32 %r10, %r1;\n"
       "CP: setp.ge.u32 %p3, %r10, %r20;\n@%p3 bra CPD;\n"
       "mul.wide.u32 %rd10, %r10, 4;\nadd.s64 %rd11, %rd1, %rd10;\nld.global.u32 %r11, [%rd11];\n"
       "shl.b32 %r12, %r10, 2;\nadd.s32 %r12, %r3, %r12;\nst.shared.u32 [%r12], %r11;\n"
       "add.s32 %r10, %r10, 128;\nbra CP;\nCPD:\n"
       "@%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r4], 512;\n"
       "@%p2 mbarrier.init.shared::cta.b64 [%r9], 1;\n"
       "fence.proxy.async.shared::cta;\n"
       "tcgen05.fence::before_thread_sync;\nbar.sync 0;\ntcgen05.fence::after_thread_sync;\n"
       "ld.shared.u32 %r5, [%r4];\n"
       "and.b32 %r6, %r2, 3;\nshl.b32 %r6, %r6, 21;\nadd.s32 %r7, %r5, %r6;\n";
  if (aTmem)
    s += "mul.wide.u32 %rd12, %r1, 32;\nadd.s64 %rd12, %rd5, %rd12;\n"
         "ld.global.v4.u32 {%r30, %r31, %r32, %r33}, [%rd12];\n"
         "ld.global.v4.u32 {%r34, %r35, %r36, %r37}, [%rd12+16];\n"
         "add.s32 %r8, %r7, 256;\n"
         "tcgen05.st.sync.aligned.32x32b.x8.b32 [%r8], {%r30, %r31, %r32, %r33, %r34, "
         "%r35, %r36, %r37};\n"
         "tcgen05.wait::st.sync.aligned;\n"
         "tcgen05.fence::before_thread_sync;\nbar.sync 0;\ntcgen05.fence::after_thread_sync;\n"
         "add.s32 %r38, %r5, 256;\n";
  s += "@!%p2 bra ISSUED;\nmov.u32 %r13, 0;\n"
       "MMA: setp.ge.u32 %p4, %r13, %r21;\n@%p4 bra MMAD;\n"
       "mul.wide.u32 %rd13, %r13, 16;\nadd.s64 %rd14, %rd2, %rd13;\n"
       "ld.global.v2.u64 {%rd20, %rd21}, [%rd14];\nsetp.ne.u32 %p5, %r13, 0;\n";
  std::string kinds[] = {"f16", "tf32", "f8f6f4", "i8"};
  for (unsigned i = 0; i < 4; ++i)
    s += "KIND" + std::to_string(i) + "_PLACEHOLDER\n";
  s += "add.s32 %r13, %r13, 1;\nbra MMA;\nMMAD:\n"
       "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r9];\n"
       "ISSUED:\n"
       "W: mbarrier.try_wait.parity.shared::cta.b64 %p6, [%r9], 0;\n@!%p6 bra W;\n"
       "tcgen05.fence::after_thread_sync;\n"
       "mov.u32 %r14, 0;\n"
       "LD: setp.ge.u32 %p7, %r14, %r23;\n@%p7 bra LDD;\n"
       "add.s32 %r15, %r7, %r14;\n"
       "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r16}, [%r15];\n"
       "tcgen05.wait::ld.sync.aligned;\n"
       "mul.lo.u32 %r17, %r1, %r23;\nadd.s32 %r17, %r17, %r14;\n"
       "mul.wide.u32 %rd15, %r17, 4;\nadd.s64 %rd16, %rd3, %rd15;\nst.global.u32 [%rd16], %r16;\n"
       "add.s32 %r14, %r14, 1;\nbra LD;\nLDD:\n"
       "tcgen05.fence::before_thread_sync;\nbar.sync 0;\n"
       "@%p1 tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n"
       "@%p1 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r5, 512;\nret;\n}\n";
  return s;
}

std::string withKind(std::string s, const std::string &kind, bool aTmem,
                     const std::string &collector = "") {
  std::string mma = "tcgen05.mma.cta_group::1.kind::" + kind + collector + " [%r5], " +
                    (aTmem ? std::string("[%r38]") : std::string("%rd20")) +
                    ", %rd21, %r22, %p5;";
  for (unsigned i = 0; i < 4; ++i) {
    std::string ph = "KIND" + std::to_string(i) + "_PLACEHOLDER";
    s.replace(s.find(ph), ph.size(), i == 0 ? mma : "");
  }
  return s;
}

// An f16 value (normal or zero: the sums here are small integers).
double fromHalf(uint16_t h) {
  if ((h & 0x7FFF) == 0)
    return 0;
  double v = std::ldexp(1.0 + (h & 0x3FF) / 1024.0, int(h >> 10 & 0x1F) - 15);
  return h & 0x8000 ? -v : v;
}

// Runs one case; returns the number of mismatches (EXPECTs report them).
void runCase(const Case &c) {
  unsigned eb = elemBytes(c.a);
  unsigned kPer = 32 / eb, K = kPer * c.ksteps;
  std::mt19937 rng(c.m * 1000 + c.n + unsigned(c.a) * 7 + c.swz.code);
  bool isInt = c.a == Kind::S8 || c.a == Kind::U8;
  auto draw = [&](Kind k) {
    if (k == Kind::U8)
      return int(rng() % 8);
    return int(rng() % 9) - 4;
  };
  std::vector<int> A(c.m * K), B(c.n * K);
  for (int &v : A)
    v = draw(c.a);
  for (int &v : B)
    v = draw(c.b);
  // Image: A at 0, B after it, each operand's full K in one layout; each
  // MMA step starts 32 K bytes further (K-major) or 32 / eb K rows further.
  auto span = [&](const Operand &o, unsigned rows) {
    uint64_t hi = 0;
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned k = 0; k < K; ++k)
        hi = std::max(hi, o.offset(eb, r, k) + eb);
    return (hi + 1023) / 1024 * 1024;
  };
  // Operands are laid out per MMA step (each step its own canonical tile),
  // so a step's descriptor is its tile's start.
  unsigned stepBytesA = 0, stepBytesB = 0;
  Operand oa = makeOperand(c.mnMajorA, c.swz, 0, c.m, 32, eb);
  Operand ob = makeOperand(c.mnMajorB, c.swz, 0, c.n, 32, eb);
  {
    auto tile = [&](const Operand &o, unsigned rows) {
      uint64_t hi = 0;
      for (unsigned r = 0; r < rows; ++r)
        for (unsigned k = 0; k < kPer; ++k)
          hi = std::max(hi, o.offset(eb, r, k) + eb);
      return unsigned((hi + 1023) / 1024 * 1024);
    };
    stepBytesA = c.aTmem ? 0 : tile(oa, c.m);
    stepBytesB = tile(ob, c.n);
  }
  (void)span;
  uint64_t bBase = uint64_t(stepBytesA) * c.ksteps;
  uint64_t imgBytes = bBase + uint64_t(stepBytesB) * c.ksteps;
  std::vector<uint8_t> img(imgBytes, 0);
  auto put = [&](uint64_t off, uint32_t bits) {
    for (unsigned i = 0; i < eb; ++i)
      img[off + i] = uint8_t(bits >> (8 * i));
  };
  std::vector<uint64_t> descs;
  for (unsigned st = 0; st < c.ksteps; ++st) {
    Operand a = oa, b = ob;
    a.base = uint64_t(st) * stepBytesA;
    b.base = bBase + uint64_t(st) * stepBytesB;
    if (!c.aTmem)
      for (unsigned i = 0; i < c.m; ++i)
        for (unsigned k = 0; k < kPer; ++k)
          put(a.offset(eb, i, k), encode(c.a, A[i * K + st * kPer + k]));
    for (unsigned j = 0; j < c.n; ++j)
      for (unsigned k = 0; k < kPer; ++k)
        put(b.offset(eb, j, k), encode(c.b, B[j * K + st * kPer + k]));
    // Offsets were swizzled from 0; the descriptor start is the tile base.
    descs.push_back(c.aTmem ? 0 : a.desc(a.base));
    descs.push_back(b.desc(b.base));
  }
  // A in tensor memory (one step only): row i at the D layout's lane, K
  // bytes packed in 8 columns.
  std::vector<uint32_t> aw(128 * 8, 0);
  if (c.aTmem)
    for (unsigned i = 0; i < c.m; ++i) {
      unsigned lane = c.m == 64 ? 32 * (i / 16) + i % 16 : i;
      for (unsigned k = 0; k < kPer; ++k) {
        uint64_t bits = encode(c.a, A[i * K + k]);
        unsigned kb = k * eb;
        for (unsigned x = 0; x < eb; ++x)
          aw[lane * 8 + (kb + x) / 4] |= uint32_t(bits >> (8 * x) & 0xFF) << (8 * ((kb + x) % 4));
      }
    }
  unsigned dType = isInt ? 2 : c.f16Out ? 0 : 1;
  uint32_t idesc = dType << 4 | typeCode(c.a) << 7 | typeCode(c.b) << 10 |
                   uint32_t(c.negA) << 13 | uint32_t(c.mnMajorA) << 15 |
                   uint32_t(c.mnMajorB) << 16 | (c.n >> 3) << 17 | (c.m >> 4) << 24;

  Emu e;
  std::string kind = kindName(c.a);
  ASSERT_TRUE(e.load(withKind(gemmKernel(imgBytes, c.aTmem), kind, c.aTmem, c.collector))) << e.err;
  std::vector<uint32_t> words((imgBytes + 3) / 4);
  std::memcpy(words.data(), img.data(), imgBytes);
  uint64_t dimg = e.upload(words), ddesc = e.upload(descs), daw = e.upload(aw);
  uint64_t dout = e.upload(std::vector<uint32_t>(128 * c.n));
  auto r = e.run("k", dim(1), dim(128),
                 {ParamValue::of(dimg), ParamValue::of(uint32_t(words.size())),
                  ParamValue::of(ddesc), ParamValue::of(uint32_t(c.ksteps)),
                  ParamValue::of(idesc), ParamValue::of(dout), ParamValue::of(uint32_t(c.n)),
                  ParamValue::of(daw)});
  ASSERT_TRUE(r.ok) << r.error;
  auto out = e.download<uint32_t>(dout, 128 * c.n);
  unsigned bad = 0;
  for (unsigned i = 0; i < c.m; ++i) {
    unsigned lane = c.m == 64 ? 32 * (i / 16) + i % 16 : i;
    for (unsigned j = 0; j < c.n; ++j) {
      int64_t ref = 0;
      for (unsigned k = 0; k < K; ++k)
        ref += int64_t(A[i * K + k]) * (c.negA ? -1 : 1) * B[j * K + k];
      uint32_t got = out[lane * c.n + j];
      double g;
      if (isInt)
        g = double(int32_t(got));
      else if (c.f16Out)
        g = fromHalf(uint16_t(got));
      else {
        float f;
        std::memcpy(&f, &got, 4);
        g = f;
      }
      if (g != double(ref) && ++bad < 5)
        ADD_FAILURE() << "D[" << i << "][" << j << "] = " << g << ", expected " << ref;
    }
  }
  EXPECT_EQ(bad, 0u);
  EXPECT_NE(r.counters.format().find("tcgen05_mma_" + kind + ": " + std::to_string(c.ksteps)),
            std::string::npos)
      << r.counters.format();
}

TEST(PTXEmuTcgen05Mma, F16KMajorEverySwizzle) {
  for (Swz s : {kNone, k32, k64, k128, k128a32})
    for (unsigned m : {64u, 128u}) {
      SCOPED_TRACE("swizzle " + std::to_string(s.code) + " M " + std::to_string(m));
      runCase({Kind::F16, Kind::F16, m, 32, false, false, s});
    }
}

TEST(PTXEmuTcgen05Mma, Bf16MnMajorEverySwizzle) {
  for (Swz s : {kNone, k32, k64, k128, k128a32})
    for (bool ma : {false, true}) {
      SCOPED_TRACE("swizzle " + std::to_string(s.code) + " A MN-major " +
                   std::to_string(ma));
      runCase({Kind::BF16, Kind::BF16, 128, 64, ma, true, s});
    }
}

TEST(PTXEmuTcgen05Mma, F16AccumulatesInF16) {
  Case c{Kind::F16, Kind::F16, 128, 16, false, false, k128};
  c.f16Out = true;
  runCase(c);
}

TEST(PTXEmuTcgen05Mma, Tf32) {
  runCase({Kind::TF32, Kind::TF32, 128, 48, false, false, k128});
  runCase({Kind::TF32, Kind::TF32, 64, 24, true, true, k64});
}

TEST(PTXEmuTcgen05Mma, Fp8MixedFormatsAndNegate) {
  runCase({Kind::E4M3, Kind::E5M2, 128, 256, false, false, k128});
  Case c{Kind::E5M2, Kind::E4M3, 64, 8, false, false, kNone};
  c.negA = true;
  runCase(c);
}

TEST(PTXEmuTcgen05Mma, Int8SignedAndUnsigned) {
  runCase({Kind::S8, Kind::S8, 128, 32, false, false, k128});
  runCase({Kind::U8, Kind::S8, 64, 16, false, false, k32});
  runCase({Kind::S8, Kind::U8, 128, 24, false, false, k64});
  runCase({Kind::U8, Kind::U8, 64, 48, false, false, kNone});
}

TEST(PTXEmuTcgen05Mma, NarrowAndWideN) {
  // Table 39: N from 8 to 256 in steps of 8 for M = 64 and 128.
  runCase({Kind::F16, Kind::F16, 128, 8, false, false, k128});
  runCase({Kind::F16, Kind::F16, 64, 256, false, true, k64});
  runCase({Kind::BF16, Kind::BF16, 128, 200, true, false, k32});
}


TEST(PTXEmuTcgen05Mma, AFromTensorMemory) {
  for (unsigned m : {64u, 128u}) {
    Case c{Kind::F16, Kind::F16, m, 32, false, false, k128};
    c.aTmem = true;
    c.ksteps = 1;
    runCase(c);
  }
}

TEST(PTXEmuTcgen05Mma, CollectorDiscardAndFillReadAFromItsOperand) {
  // NVPTX spells the default collector usage out (.collector::a::discard).
  for (const char *usage : {".collector::a::discard", ".collector::a::fill"}) {
    SCOPED_TRACE(usage);
    Case c{Kind::F16, Kind::F16, 128, 32, false, false, k128};
    c.collector = usage;
    runCase(c);
    Case t{Kind::TF32, Kind::TF32, 64, 24, false, false, k64};
    t.collector = usage;
    runCase(t);
  }
}

TEST(PTXEmuTcgen05Mma, CollectorUseIsNotModelled) {
  Emu e;
  std::string ptx = withKind(gemmKernel(4096, false), "f16", false, ".collector::a::use");
  EXPECT_FALSE(e.load(ptx));
  EXPECT_NE(e.err.find("'tcgen05.mma' .collector::a::use and ::lastuse (A from the "
                       "collector buffer) are not modelled"),
            std::string::npos)
      << e.err;
}

// The block sizes name the K elements per scale: block32 is scale_vec::1X for
// mxf8f6f4 and ::2X for mxf4 / mxf4nvf4, block16 is ::4X (mxf4nvf4 only).
TEST(PTXEmuTcgen05Mma, BlockSizeSpellings) {
  auto load = [](const std::string &form) {
    std::string ptx = withKind(gemmKernel(4096, false), "f16", false);
    std::string from = "tcgen05.mma.cta_group::1.kind::f16 [%r5], %rd20, %rd21, %r22, %p5;";
    ptx.replace(ptx.find(from), from.size(),
                "tcgen05.mma.cta_group::1.kind::" + form +
                    " [%r5], %rd20, %rd21, %r22, [%r5], [%r5], %p5;");
    Emu e;
    bool ok = e.load(ptx);
    return ok ? std::string() : e.err;
  };
  EXPECT_EQ(load("mxf8f6f4.block_scale.block32"), "");
  EXPECT_EQ(load("mxf8f6f4.block_scale.block32.collector::a::discard"), "");
  EXPECT_EQ(load("mxf4.block_scale.block32"), "");
  EXPECT_EQ(load("mxf4nvf4.block_scale.block16"), "");
  EXPECT_EQ(load("mxf4nvf4.block_scale.block32"), "");
  for (const char *bad : {"mxf8f6f4.block_scale.block16", "mxf4.block_scale.block16"})
    EXPECT_NE(load(bad).find("'tcgen05.mma' supports .kind::mxf8f6f4 with .scale_vec::1X "
                             "(.block32)"),
              std::string::npos)
        << bad;
}

// The hazards: an ld of D before the commit, a shared operand overwritten
// between issue and commit, a bad descriptor version.
std::string hazardKernel(const std::string &between, uint64_t descVersion = 1) {
  std::string s = std::string(kPtxHead) +
                  ".shared .align 1024 .b8 img[4096];\n.shared .align 8 .b8 bar[8];\n"
                  ".shared .align 4 .b8 slot[4];\n.visible .entry k()\n{\n" +
                  kRegs +
                  "mov.u32 %r1, %tid.x;\nshr.u32 %r2, %r1, 5;\nsetp.eq.u32 %p1, %r2, 0;\n"
                  "setp.eq.u32 %p2, %r1, 0;\nmov.u32 %r3, img;\nmov.u32 %r4, slot;\n"
                  "mov.u32 %r9, bar;\n"
                  "@%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r4], 64;\n"
                  "@%p2 mbarrier.init.shared::cta.b64 [%r9], 1;\n"
                  "tcgen05.fence::before_thread_sync;\nbar.sync 0;\n"
                  "tcgen05.fence::after_thread_sync;\nld.shared.u32 %r5, [%r4];\n"
                  "cvt.u64.u32 %rd1, %r3;\nshr.u64 %rd1, %rd1, 4;\n"
                  "mov.u64 %rd2, " +
                  std::to_string(descVersion << 46 | uint64_t(8) << 16 | uint64_t(16) << 32) +
                  ";\nor.b64 %rd1, %rd1, %rd2;\n"
                  // f16 -> f32, M 128, N 16, K-major, no swizzle
                  "mov.u32 %r10, " +
                  std::to_string(1u << 4 | (16u >> 3) << 17 | (128u >> 4) << 24) +
                  ";\n@%p2 tcgen05.mma.cta_group::1.kind::f16 [%r5], %rd1, %rd1, %r10, %p2;\n" +
                  between +
                  "\n@%p2 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 "
                  "[%r9];\nW: mbarrier.try_wait.parity.shared::cta.b64 %p6, [%r9], 0;\n"
                  "@!%p6 bra W;\ntcgen05.fence::before_thread_sync;\nbar.sync 0;\n"
                  "@%p1 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r5, 64;\nret;\n}\n";
  return s;
}

LaunchResult runHazard(const std::string &ptx) {
  Emu e;
  EXPECT_TRUE(e.load(ptx)) << e.err;
  if (!e.prog)
    return {};
  return e.run("k", dim(1), dim(128), {});
}

TEST(PTXEmuTcgen05Mma, CleanRunPasses) {
  auto r = runHazard(hazardKernel(""));
  EXPECT_TRUE(r.ok) << r.error;
}

TEST(PTXEmuTcgen05Mma, ReadingDBeforeCommitIsAnError) {
  auto r = runHazard(hazardKernel("@%p1 tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r20}, [%r5];"));
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("not yet committed"), std::string::npos) << r.error;
}

TEST(PTXEmuTcgen05Mma, OverwritingAPendingOperandIsAnError) {
  auto r = runHazard(hazardKernel("@%p2 st.shared.u32 [%r3+4], 7;"));
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("changed while the tcgen05.mma reading it"), std::string::npos)
      << r.error;
}

TEST(PTXEmuTcgen05Mma, DescriptorVersionIsChecked) {
  auto r = runHazard(hazardKernel("", 0));
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("bits 46-48 must hold the fixed value 0b001"), std::string::npos)
      << r.error;
}

TEST(PTXEmuTcgen05Mma, BadShapeIsAnError) {
  Emu e;
  std::string ptx = hazardKernel("");
  // M = 96 is no shape (64 or 128 with cta_group::1).
  std::string from = std::to_string(1u << 4 | (16u >> 3) << 17 | (128u >> 4) << 24);
  ptx.replace(ptx.find(from), from.size(),
              std::to_string(1u << 4 | (16u >> 3) << 17 | (96u >> 4) << 24));
  auto r = runHazard(ptx);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("is not a cta_group::1 shape"), std::string::npos) << r.error;
}

TEST(PTXEmuTcgen05Mma, CtaPairIsALocatedError) {
  Emu e;
  std::string ptx = hazardKernel("");
  std::string from = "tcgen05.mma.cta_group::1.kind::f16";
  ptx.replace(ptx.find(from), from.size(), "tcgen05.mma.cta_group::2.kind::f16");
  EXPECT_FALSE(e.load(ptx));
  EXPECT_NE(e.err.find("test.ptx:"), std::string::npos) << e.err;
  EXPECT_NE(e.err.find("'tcgen05.mma.cta_group::2' (a CTA pair) is not modelled"),
            std::string::npos)
      << e.err;
}

TEST(PTXEmuTcgen05Mma, ReadingDBeforeTheCommitPhaseIsAnError) {
  // The mbarrier expects two arrivals: after thread 0's commit its phase is
  // still open, so D is not yet readable.
  std::string ptx = hazardKernel("");
  std::string init = "mbarrier.init.shared::cta.b64 [%r9], 1;";
  ptx.replace(ptx.find(init), init.size(), "mbarrier.init.shared::cta.b64 [%r9], 2;");
  std::string wait = "W: mbarrier.try_wait";
  ptx.replace(ptx.find(wait), wait.size(),
              "bar.sync 0;\n@%p1 tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r20}, [%r5];\n" + wait);
  auto r = runHazard(ptx);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("committed but its mbarrier phase has not completed"),
            std::string::npos)
      << r.error;
}

TEST(PTXEmuTcgen05Mma, Int8NAboveThirtyTwoStepsBySixteen) {
  std::string ptx = hazardKernel("");
  std::string kind = "kind::f16";
  ptx.replace(ptx.find(kind), kind.size(), "kind::i8");
  std::string from = std::to_string(1u << 4 | (16u >> 3) << 17 | (128u >> 4) << 24);
  // D S32, u8 x u8, N = 40.
  ptx.replace(ptx.find(from), from.size(),
              std::to_string(2u << 4 | (40u >> 3) << 17 | (128u >> 4) << 24));
  auto r = runHazard(ptx);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("N = 40 (bits 17-22) is not a cta_group::1 shape"),
            std::string::npos)
      << r.error;
}

} // namespace
