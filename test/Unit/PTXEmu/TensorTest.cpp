//===- TensorTest.cpp - ldmatrix and mma.sync fragment layouts ------------===//
//
// The expected fragment layouts below are transcribed from the PTX ISA
// ("Matrix Fragments for mma.m16n8k16 / m16n8k8", "ldmatrix") independently
// of the emulator's own tables.
//
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "PTXEmu/Float.h"
#include <cmath>

#include <cmath>

using namespace ptxtest;

namespace {

// ldmatrix: shared holds 4 matrices of 8x8 b16 with value m*64 + r*8 + c;
// lane t supplies the address of row t%8 of matrix t/8.
std::vector<uint32_t> runLdmatrix(const std::string &shape, unsigned nregs) {
  std::string regs;
  for (unsigned i = 0; i < nregs; ++i)
    regs += (i ? ", %r" : "%r") + std::to_string(20 + i);
  std::string k = std::string(kHeader) + ".shared .align 16 .b8 s[512];\n" +
                  ".visible .entry k(.param .u64 out)\n{\n" + kRegs +
                  "ld.param.u64 %rd1, [out]; mov.u32 %r1, %tid.x; mov.u32 %r2, s;\n"
                  // fill: thread t writes 8 halves of row t (matrix t/8, row t%8)
                  "shl.b32 %r3, %r1, 4; add.s32 %r4, %r2, %r3; shl.b32 %r5, %r1, 3;\n"
                  "mov.u32 %r6, 0;\nFILL: add.s32 %r7, %r5, %r6; cvt.u16.u32 %h1, %r7;\n"
                  "shl.b32 %r8, %r6, 1; add.s32 %r9, %r4, %r8; st.shared.u16 [%r9], %h1;\n"
                  "add.s32 %r6, %r6, 1; setp.lt.u32 %p1, %r6, 8; @%p1 bra FILL;\n"
                  "bar.sync 0;\n"
                  "ldmatrix.sync.aligned.m8n8." + shape + ".shared.b16 {" + regs + "}, [%r4];\n"
                  "mul.wide.u32 %rd3, %r1, 16; add.s64 %rd4, %rd1, %rd3;\n";
  for (unsigned i = 0; i < nregs; ++i)
    k += "st.global.u32 [%rd4+" + std::to_string(4 * i) + "], %r" + std::to_string(20 + i) + ";\n";
  k += "ret;\n}\n";
  OutKernel e;
  auto r = e.launch(k, dim(1), dim(32), 128);
  EXPECT_TRUE(r.ok) << r.error;
  return e.prog ? e.output() : std::vector<uint32_t>();
}

void checkLdmatrix(const std::string &shape, unsigned n, bool trans) {
  auto o = runLdmatrix(shape, n);
  ASSERT_EQ(o.size(), 128u);
  for (unsigned t = 0; t < 32; ++t)
    for (unsigned i = 0; i < n; ++i) {
      // Each thread holds row t/4, columns 2*(t%4) and +1 of matrix i
      // (of its transpose with .trans).
      unsigned row = t / 4, c0 = 2 * (t % 4);
      auto val = [&](unsigned r, unsigned c) {
        return trans ? i * 64 + c * 8 + r : i * 64 + r * 8 + c;
      };
      uint32_t want = val(row, c0) | val(row, c0 + 1) << 16;
      EXPECT_EQ(o[4 * t + i], want) << shape << " lane " << t << " reg " << i;
    }
}

TEST(PTXEmuTensor, LdmatrixLayouts) {
  checkLdmatrix("x1", 1, false);
  checkLdmatrix("x2", 2, false);
  checkLdmatrix("x4", 4, false);
  checkLdmatrix("x1.trans", 1, true);
  checkLdmatrix("x2.trans", 2, true);
  checkLdmatrix("x4.trans", 4, true);
}

// mma tests: every lane loads its fragment registers straight from global
// arrays that the host packed with the ISA layout; D is compared with a host
// matmul and unpacked with the accumulator layout.
struct Frag {
  unsigned aRegs, bRegs;
};

uint16_t toHalf(double v, bool bf) {
  return uint16_t(tilecc::ptxemu::roundTo(v, bf ? tilecc::ptxemu::FFmt::BF16
                                                : tilecc::ptxemu::FFmt::F16,
                                          tilecc::ptxemu::Rnd::RN));
}

void runMma(const std::string &opcode, unsigned K, unsigned aRegs, unsigned bRegs,
            const std::vector<uint32_t> &A, const std::vector<uint32_t> &B,
            const std::vector<float> &C, std::vector<float> &D) {
  std::string aList, bList;
  for (unsigned i = 0; i < aRegs; ++i)
    aList += (i ? ", %r" : "%r") + std::to_string(20 + i);
  for (unsigned i = 0; i < bRegs; ++i)
    bList += (i ? ", %r" : "%r") + std::to_string(30 + i);
  std::string k = std::string(kHeader) +
                  ".visible .entry k(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)\n{\n" +
                  kRegs +
                  "ld.param.u64 %rd1, [a]; ld.param.u64 %rd2, [b]; ld.param.u64 %rd3, [c];"
                  "ld.param.u64 %rd4, [d]; mov.u32 %r1, %tid.x;\n";
  auto loadRegs = [&](const char *base, unsigned n, unsigned first, const char *dst) {
    std::string s = "mul.wide.u32 %rd10, %r1, " + std::to_string(4 * n) + "; add.s64 %rd11, " +
                    base + ", %rd10;\n";
    for (unsigned i = 0; i < n; ++i)
      s += "ld.global.b32 " + std::string(dst) + std::to_string(first + i) + ", [%rd11+" +
           std::to_string(4 * i) + "];\n";
    return s;
  };
  k += loadRegs("%rd1", aRegs, 20, "%r");
  k += loadRegs("%rd2", bRegs, 30, "%r");
  k += loadRegs("%rd3", 4, 40, "%f");
  k += opcode + " {%f50, %f51, %f52, %f53}, {" + aList + "}, {" + bList +
       "}, {%f40, %f41, %f42, %f43};\n";
  k += "mul.wide.u32 %rd10, %r1, 16; add.s64 %rd11, %rd4, %rd10;\n"
       "st.global.v4.f32 [%rd11], {%f50, %f51, %f52, %f53};\nret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(k)) << e.err;
  uint64_t da = e.upload(A), db = e.upload(B), dc = e.upload(C),
           dd = e.upload(std::vector<float>(128));
  auto r = e.run("k", dim(1), dim(32),
                 {ParamValue::of(da), ParamValue::of(db), ParamValue::of(dc), ParamValue::of(dd)});
  ASSERT_TRUE(r.ok) << r.error;
  D = e.download<float>(dd, 128);
  (void)K;
}

// Accumulator layout (all m16n8 shapes): c0,c1 at row g, c2,c3 at row g+8,
// columns 2*t4 and 2*t4+1.
void accPos(unsigned lane, unsigned i, unsigned &r, unsigned &c) {
  unsigned g = lane / 4, t4 = lane % 4;
  r = i < 2 ? g : g + 8;
  c = 2 * t4 + (i & 1);
}

void checkHalfMma(unsigned K, bool bf) {
  // Small integers keep every product and sum exact.
  double a[16][16], b[16][8], c[16][8];
  for (unsigned i = 0; i < 16; ++i)
    for (unsigned k = 0; k < K; ++k)
      a[i][k] = double(int(i * 3 + k * 5) % 7 - 3);
  for (unsigned k = 0; k < K; ++k)
    for (unsigned j = 0; j < 8; ++j)
      b[k][j] = double(int(k * 2 + j * 3) % 5 - 2);
  for (unsigned i = 0; i < 16; ++i)
    for (unsigned j = 0; j < 8; ++j)
      c[i][j] = double(i) - double(j) * 0.5;
  unsigned aRegs = K / 4, bRegs = K / 8;
  std::vector<uint32_t> A(32 * aRegs), B(32 * bRegs);
  std::vector<float> C(128);
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned g = lane / 4, t4 = lane % 4;
    for (unsigned e = 0; e < 2 * aRegs; ++e) {
      // m16n8k16: a0,a1 (g, 2t4..), a2,a3 (g+8, ..), a4,a5 (g, 2t4+8..), a6,a7 (g+8, +8)
      // m16n8k8:  a0,a1 (g, 2t4..), a2,a3 (g+8, ..)
      unsigned row = (e % 4) < 2 ? g : g + 8;
      unsigned col = 2 * t4 + (e & 1) + (e >= 4 ? 8 : 0);
      A[lane * aRegs + e / 2] |= uint32_t(toHalf(a[row][col], bf)) << (16 * (e & 1));
    }
    for (unsigned e = 0; e < 2 * bRegs; ++e) {
      unsigned row = 2 * t4 + (e & 1) + (e >= 2 ? 8 : 0), col = g;
      B[lane * bRegs + e / 2] |= uint32_t(toHalf(b[row][col], bf)) << (16 * (e & 1));
    }
    for (unsigned i = 0; i < 4; ++i) {
      unsigned r, cc;
      accPos(lane, i, r, cc);
      C[lane * 4 + i] = float(c[r][cc]);
    }
  }
  std::string ty = bf ? "bf16" : "f16";
  std::vector<float> D;
  runMma("mma.sync.aligned.m16n8k" + std::to_string(K) + ".row.col.f32." + ty + "." + ty + ".f32",
         K, aRegs, bRegs, A, B, C, D);
  ASSERT_EQ(D.size(), 128u);
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned i = 0; i < 4; ++i) {
      unsigned r, cc;
      accPos(lane, i, r, cc);
      double want = c[r][cc];
      for (unsigned k = 0; k < K; ++k)
        want += a[r][k] * b[k][cc];
      EXPECT_EQ(D[lane * 4 + i], float(want)) << "K=" << K << " lane " << lane << " c" << i;
    }
}

TEST(PTXEmuTensor, MmaM16N8K16F16) { checkHalfMma(16, false); }
TEST(PTXEmuTensor, MmaM16N8K16BF16) { checkHalfMma(16, true); }
TEST(PTXEmuTensor, MmaM16N8K8F16) { checkHalfMma(8, false); }

TEST(PTXEmuTensor, MmaM16N8K8TF32) {
  double a[16][8], b[8][8];
  for (unsigned i = 0; i < 16; ++i)
    for (unsigned k = 0; k < 8; ++k)
      a[i][k] = double(int(i + 2 * k) % 5) - 1.5;
  for (unsigned k = 0; k < 8; ++k)
    for (unsigned j = 0; j < 8; ++j)
      b[k][j] = double(int(3 * k + j) % 4) * 0.25;
  std::vector<uint32_t> A(32 * 4), B(32 * 2);
  std::vector<float> C(128, 1.0f);
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned g = lane / 4, t4 = lane % 4;
    // a0 (g, t4), a1 (g+8, t4), a2 (g, t4+4), a3 (g+8, t4+4)
    for (unsigned e = 0; e < 4; ++e) {
      unsigned row = (e & 1) ? g + 8 : g, col = e >= 2 ? t4 + 4 : t4;
      A[lane * 4 + e] = f2u(float(a[row][col]));
    }
    // b0 (t4, g), b1 (t4+4, g)
    for (unsigned e = 0; e < 2; ++e)
      B[lane * 2 + e] = f2u(float(b[e ? t4 + 4 : t4][g]));
  }
  std::vector<float> D;
  runMma("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 8, 4, 2, A, B, C, D);
  ASSERT_EQ(D.size(), 128u);
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned i = 0; i < 4; ++i) {
      unsigned r, c;
      accPos(lane, i, r, c);
      double want = 1.0;
      for (unsigned k = 0; k < 8; ++k)
        want += a[r][k] * b[k][c];
      EXPECT_EQ(D[lane * 4 + i], float(want)) << "lane " << lane << " c" << i;
    }
}

void checkInt8Mma(bool aUnsigned) {
  int a[16][32], b[32][8];
  for (unsigned i = 0; i < 16; ++i)
    for (unsigned k = 0; k < 32; ++k)
      a[i][k] = int((i * 7 + k * 13) % 255) - (aUnsigned ? 0 : 127);
  for (unsigned k = 0; k < 32; ++k)
    for (unsigned j = 0; j < 8; ++j)
      b[k][j] = int((k * 5 + j * 11) % 255) - 127;
  std::vector<uint32_t> A(32 * 4), B(32 * 2);
  std::vector<float> C(128);
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned g = lane / 4, t4 = lane % 4;
    for (unsigned e = 0; e < 16; ++e) {
      // a0..a3 (g, 4t4..), a4..a7 (g+8, ..), a8..a11 (g, 4t4+16..), a12..a15 (g+8, +16)
      unsigned row = (e % 8) < 4 ? g : g + 8, col = 4 * t4 + (e & 3) + (e >= 8 ? 16 : 0);
      A[lane * 4 + e / 4] |= uint32_t(uint8_t(a[row][col])) << (8 * (e & 3));
    }
    for (unsigned e = 0; e < 8; ++e) {
      unsigned row = 4 * t4 + (e & 3) + (e >= 4 ? 16 : 0);
      B[lane * 2 + e / 4] |= uint32_t(uint8_t(int8_t(b[row][g]))) << (8 * (e & 3));
    }
    for (unsigned i = 0; i < 4; ++i)
      C[lane * 4 + i] = u2f(uint32_t(int32_t(lane) - 5)); // s32 bits
  }
  std::vector<float> D;
  runMma(std::string("mma.sync.aligned.m16n8k32.row.col.s32.") + (aUnsigned ? "u8" : "s8") +
             ".s8.s32",
         32, 4, 2, A, B, C, D);
  ASSERT_EQ(D.size(), 128u);
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned i = 0; i < 4; ++i) {
      unsigned r, c;
      accPos(lane, i, r, c);
      // C was given per lane; find which lane/reg held (r, c): the same one.
      int32_t want = int32_t(lane) - 5;
      for (unsigned k = 0; k < 32; ++k)
        want += a[r][k] * b[k][c];
      EXPECT_EQ(int32_t(f2u(D[lane * 4 + i])), want) << "lane " << lane << " c" << i;
    }
}

TEST(PTXEmuTensor, MmaM16N8K32S8) { checkInt8Mma(false); }
TEST(PTXEmuTensor, MmaM16N8K32U8S8) { checkInt8Mma(true); }

TEST(PTXEmuTensor, MmaNeedsFullWarp) {
  std::string k = std::string(kHeader) + ".visible .entry k()\n{\n" + kRegs +
                  "mov.u32 %r1, %tid.x; setp.eq.u32 %p1, %r1, 3; @%p1 bra END;\n"
                  "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, "
                  "{%r2,%r3}, {%r4}, {%f1,%f2,%f3,%f4};\nEND: ret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(k)) << e.err;
  auto r = e.run("k", dim(1), dim(32), {});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("requires all 32 lanes"), std::string::npos) << r.error;
}

TEST(PTXEmuTensor, MmaM16N8K16F16Accumulate) {
  // f16 accumulators: C/D are two .f16x2 registers (c0,c1 | c2,c3).
  std::string k = std::string(kHeader) +
                  ".visible .entry k(.param .u64 out)\n{\n" + kRegs +
                  "ld.param.u64 %rd1, [out]; mov.u32 %r1, %tid.x;\n"
                  // A = all 1.0 (0x3c00), B = all 0.5 (0x3800), C = all 2.0 (0x4000)
                  "mov.b32 %r2, 0x3c003c00; mov.b32 %r3, 0x38003800; mov.b32 %r4, 0x40004000;\n"
                  "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%r10, %r11}, "
                  "{%r2, %r2, %r2, %r2}, {%r3, %r3}, {%r4, %r4};\n"
                  "mul.wide.u32 %rd2, %r1, 8; add.s64 %rd3, %rd1, %rd2;"
                  "st.global.v2.u32 [%rd3], {%r10, %r11};\nret;\n}\n";
  OutKernel e;
  auto r = e.launch(k, dim(1), dim(32), 64);
  ASSERT_TRUE(r.ok) << r.error;
  // 16 * 1.0 * 0.5 + 2.0 = 10.0 = 0x4900 in every element.
  for (uint32_t v : e.output())
    EXPECT_EQ(v, 0x49004900u);
}

} // namespace

// mma.m8n8k4 f64: lane (g, t) = (lane / 4, lane % 4) holds A[g][t], B[t][g]
// and C/D[g][2t], C/D[g][2t + 1] (PTX ISA "Matrix Fragments for mma.m8n8k4
// with .f64").
TEST(PTXEmuTensor, MmaM8N8K4F64) {
  double a[8][4], b[4][8], c[8][8];
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned k = 0; k < 4; ++k)
      a[i][k] = double(int(i * 3 + k) % 5) - 2.25;
  for (unsigned k = 0; k < 4; ++k)
    for (unsigned j = 0; j < 8; ++j)
      b[k][j] = double(int(k * 5 + j * 3) % 7) * 0.125;
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned j = 0; j < 8; ++j)
      c[i][j] = double(i) - double(j) / 3.0;
  std::vector<double> A(32), B(32), C(64);
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned g = lane / 4, t = lane % 4;
    A[lane] = a[g][t];
    B[lane] = b[t][g];
    C[2 * lane] = c[g][2 * t];
    C[2 * lane + 1] = c[g][2 * t + 1];
  }
  std::string k = std::string(kHeader) +
                  ".visible .entry k(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)\n{\n" +
                  kRegs +
                  "ld.param.u64 %rd1, [a]; ld.param.u64 %rd2, [b]; ld.param.u64 %rd3, [c];"
                  "ld.param.u64 %rd4, [d]; mov.u32 %r1, %tid.x;\n"
                  "mul.wide.u32 %rd10, %r1, 8; add.s64 %rd11, %rd1, %rd10; ld.global.f64 %fd1, [%rd11];\n"
                  "add.s64 %rd12, %rd2, %rd10; ld.global.f64 %fd2, [%rd12];\n"
                  "mul.wide.u32 %rd13, %r1, 16; add.s64 %rd14, %rd3, %rd13;\n"
                  "ld.global.v2.f64 {%fd3, %fd4}, [%rd14];\n"
                  "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%fd5, %fd6}, {%fd1}, {%fd2}, {%fd3, %fd4};\n"
                  "add.s64 %rd15, %rd4, %rd13; st.global.v2.f64 [%rd15], {%fd5, %fd6};\nret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(k)) << e.err;
  uint64_t da = e.upload(A), db = e.upload(B), dc = e.upload(C),
           dd = e.upload(std::vector<double>(64));
  auto r = e.run("k", dim(1), dim(32),
                 {ParamValue::of(da), ParamValue::of(db), ParamValue::of(dc), ParamValue::of(dd)});
  ASSERT_TRUE(r.ok) << r.error;
  std::vector<double> D = e.download<double>(dd, 64);
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned i = 0; i < 2; ++i) {
      unsigned row = lane / 4, col = 2 * (lane % 4) + i;
      double want = c[row][col];
      for (unsigned kk = 0; kk < 4; ++kk)
        want = std::fma(a[row][kk], b[kk][col], want);
      EXPECT_EQ(D[2 * lane + i], want) << "lane " << lane << " d" << i;
    }
}

TEST(PTXEmuTensor, MmaM8N8K4OnlyF64) {
  Emu e;
  std::string k = std::string(kHeader) + ".visible .entry k()\n{\n" + kRegs +
                  "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {%f1, %f2}, {%r1}, {%r2}, {%f3, %f4};\nret;\n}\n";
  EXPECT_FALSE(e.load(k));
  EXPECT_NE(e.err.find("mma.m8n8k4 is supported for .f64.f64.f64.f64"), std::string::npos) << e.err;
}
