//===- MmaBlockScaleTest.cpp - block-scaled mma.sync (mxf8f6f4) -----------===//
//
// The expectations decode e4m3 / e5m2 / e2m1 / ue8m0 by hand and place the
// fragments and scale selectors as the PTX ISA describes them ("Block
// Scaling for mma.sync", "Matrix Fragments for mma.m16n8k32"), independently
// of the emulator's tables.
//
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include <cmath>

using namespace ptxtest;

namespace {

double decode(uint8_t bits, const std::string &type) {
  double sign = bits & 0x80 ? -1.0 : 1.0;
  if (type == "e2m1") { // bits 2..5 of the container: s e e m
    unsigned v = (bits >> 2) & 0xf, e = (v >> 1) & 3, m = v & 1;
    double mag = e == 0 ? 0.5 * m : std::ldexp(1.0 + 0.5 * m, int(e) - 1);
    return v & 8 ? -mag : mag;
  }
  unsigned eBits = type == "e4m3" ? 4 : 5, mBits = 7 - eBits;
  int bias = type == "e4m3" ? 7 : 15;
  unsigned e = (bits >> mBits) & ((1u << eBits) - 1), m = bits & ((1u << mBits) - 1);
  if (type == "e4m3" && e == 15 && m == 7)
    return NAN;
  if (type == "e5m2" && e == 31)
    return m ? NAN : sign * INFINITY;
  if (e == 0)
    return sign * std::ldexp(double(m), 1 - bias - int(mBits));
  return sign * std::ldexp(1.0 + double(m) / (1u << mBits), int(e) - bias);
}

double ue8m0(uint8_t bits) {
  return bits == 0xff ? NAN : std::ldexp(1.0, int(bits) - 127);
}

// ue4m3: e4m3 without the sign bit.
double ue4m3(uint8_t bits) { return decode(bits & 0x7f, "e4m3"); }

struct Case {
  std::string at = "e4m3", bt = "e5m2";
  // m16n8k32 kind::mxf8f6f4 .scale_vec::1X .ue8m0, or m16n8k64 with
  // `form` "kind::mxf4.block_scale.scale_vec::2X" (.ue8m0) or
  // "kind::mxf4nvf4.block_scale.scale_vec::4X" (.ue4m3).
  unsigned K = 32, scales = 1;
  std::string form = "kind::mxf8f6f4.block_scale.scale_vec::1X", stype = "ue8m0";
  unsigned byteA = 0, tidA = 0, byteB = 0, tidB = 0;
  // Operand bytes (k32: the 8-bit containers) or e2m1 codes (k64, 0..15).
  uint8_t a[16][64], b[64][8];
  // The scale-a / scale-b registers of every lane (four bytes each).
  uint32_t sa[32], sb[32];
};

// Runs the instruction with the case's fragments; returns D per lane.
std::vector<float> run(const Case &cs) {
  std::vector<uint32_t> in(32 * 12, 0);
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned g = lane / 4, q = lane % 4;
    uint32_t *r = &in[lane * 12];
    if (cs.K == 32) {
      for (unsigned i = 0; i < 16; ++i) { // A: a0..a15, four per register
        unsigned row = g + 8 * ((i / 4) % 2), col = 4 * q + i % 4 + 16 * (i / 8);
        r[i / 4] |= uint32_t(cs.a[row][col]) << (8 * (i % 4));
      }
      for (unsigned i = 0; i < 8; ++i) { // B: b0..b7
        unsigned row = 4 * q + i % 4 + 16 * (i / 4);
        r[4 + i / 4] |= uint32_t(cs.b[row][g]) << (8 * (i % 4));
      }
    } else {
      for (unsigned i = 0; i < 32; ++i) { // A: a0..a31, eight per register
        unsigned row = (i < 8 || (i >= 16 && i < 24)) ? g : g + 8;
        unsigned col = 8 * q + (i & 7) + (i >= 16 ? 32 : 0);
        r[i / 8] |= uint32_t(cs.a[row][col] & 0xf) << (4 * (i % 8));
      }
      for (unsigned i = 0; i < 16; ++i) { // B: b0..b15
        unsigned row = 8 * q + (i & 7) + (i >= 8 ? 32 : 0);
        r[4 + i / 8] |= uint32_t(cs.b[row][g] & 0xf) << (4 * (i % 8));
      }
    }
    for (unsigned i = 0; i < 4; ++i) { // C = row + col / 8
      unsigned row = g + 8 * (i / 2), col = 2 * q + i % 2;
      float c = float(row) + float(col) / 8;
      std::memcpy(&r[6 + i], &c, 4);
    }
    r[10] = cs.sa[lane];
    r[11] = cs.sb[lane];
  }
  std::string k = std::string(".version 8.7\n.target sm_120a\n.address_size 64\n") +
                  ".visible .entry k(.param .u64 in, .param .u64 out)\n{\n" + kRegs +
                  "ld.param.u64 %rd1, [in]; ld.param.u64 %rd2, [out]; mov.u32 %r1, %tid.x;\n"
                  "mul.wide.u32 %rd3, %r1, 48; add.s64 %rd4, %rd1, %rd3;\n";
  for (unsigned i = 0; i < 12; ++i)
    k += "ld.global.b32 %r" + std::to_string(20 + i) + ", [%rd4+" + std::to_string(4 * i) + "];\n";
  k += "mov.b32 %f40, %r26; mov.b32 %f41, %r27; mov.b32 %f42, %r28; mov.b32 %f43, %r29;\n"
       "mov.b16 %h1, " + std::to_string(cs.byteA) + "; mov.b16 %h2, " + std::to_string(cs.tidA) + ";\n";
  k += "mma.sync.aligned.m16n8k" + std::to_string(cs.K) + ".row.col." + cs.form + ".f32." + cs.at +
       "." + cs.bt + ".f32." + cs.stype + " {%f50, %f51, %f52, %f53}, {%r20, %r21, %r22, %r23}, {%r24, %r25}, "
       "{%f40, %f41, %f42, %f43}, {%r30}, {%h1, %h2}, {%r31}, {" + std::to_string(cs.byteB) + ", " +
       std::to_string(cs.tidB) + "};\n";
  k += "mul.wide.u32 %rd5, %r1, 16; add.s64 %rd6, %rd2, %rd5;\n"
       "st.global.v4.f32 [%rd6], {%f50, %f51, %f52, %f53};\nret;\n}\n";
  Emu e;
  EXPECT_TRUE(e.load(k)) << e.err;
  if (!e.prog)
    return {};
  uint64_t din = e.upload(in), dout = e.upload(std::vector<float>(128));
  auto r = e.run("k", dim(1), dim(32), {ParamValue::of(din), ParamValue::of(dout)});
  EXPECT_TRUE(r.ok) << r.error;
  return e.download<float>(dout, 128);
}

void check(const Case &cs) {
  std::vector<float> d = run(cs);
  ASSERT_EQ(d.size(), 128u);
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned i = 0; i < 4; ++i) {
      unsigned g = lane / 4, q = lane % 4, row = g + 8 * (i / 2), col = 2 * q + i % 2;
      // Row g + 8h of A: lane 4g + 2 * tidA + h; column n of B: lane 4n + tidB.
      // K block j of a row / column: byte byte-id + j.
      auto scale = [&](uint32_t reg, unsigned byte) {
        uint8_t bits = uint8_t(reg >> (8 * byte));
        return cs.stype == "ue4m3" ? ue4m3(bits) : ue8m0(bits);
      };
      auto value = [&](uint8_t bits, const std::string &type) {
        return cs.K == 64 ? decode(uint8_t((bits & 0xf) << 2), "e2m1") : decode(bits, type);
      };
      double want = double(row) + double(col) / 8;
      for (unsigned kk = 0; kk < cs.K; ++kk) {
        unsigned j = kk / (cs.K / cs.scales);
        double sa = scale(cs.sa[4 * (row % 8) + 2 * cs.tidA + row / 8], cs.byteA + j);
        double sb = scale(cs.sb[4 * col + cs.tidB], cs.byteB + j);
        want += value(cs.a[row][kk], cs.at) * sa * value(cs.b[kk][col], cs.bt) * sb;
      }
      if (std::isnan(want))
        EXPECT_TRUE(std::isnan(d[lane * 4 + i])) << "lane " << lane << " d" << i;
      else
        EXPECT_EQ(d[lane * 4 + i], float(want)) << "lane " << lane << " d" << i;
    }
}

// Operand bytes that avoid NaN; scale bytes 2^-4 .. 2^3 that differ per
// lane and byte, so a wrong selector or lane changes the result.
Case makeCase(const std::string &at, const std::string &bt) {
  Case cs;
  cs.at = at;
  cs.bt = bt;
  for (unsigned r = 0; r < 16; ++r)
    for (unsigned k = 0; k < 64; ++k)
      cs.a[r][k] = uint8_t((r * 37 + k * 11) % 0x7b) | ((r + k) % 3 == 0 ? 0x80 : 0);
  for (unsigned k = 0; k < 64; ++k)
    for (unsigned n = 0; n < 8; ++n)
      cs.b[k][n] = uint8_t((k * 29 + n * 13) % 0x7b) | ((k * n) % 5 == 1 ? 0x80 : 0);
  for (unsigned lane = 0; lane < 32; ++lane) {
    cs.sa[lane] = cs.sb[lane] = 0;
    for (unsigned byte = 0; byte < 4; ++byte) {
      cs.sa[lane] |= uint32_t(123 + (lane * 3 + byte * 5) % 8) << (8 * byte);
      cs.sb[lane] |= uint32_t(123 + (lane * 7 + byte * 3) % 8) << (8 * byte);
    }
  }
  return cs;
}

TEST(PTXEmuMmaBlockScale, E4M3xE5M2) { check(makeCase("e4m3", "e5m2")); }
TEST(PTXEmuMmaBlockScale, E5M2xE4M3) { check(makeCase("e5m2", "e4m3")); }
TEST(PTXEmuMmaBlockScale, E2M1Containers) {
  Case cs = makeCase("e2m1", "e2m1");
  for (auto &row : cs.a)
    for (uint8_t &v : row)
      v &= 0x3c; // e2m1 in bits 2..5
  for (auto &row : cs.b)
    for (uint8_t &v : row)
      v &= 0x3c;
  check(cs);
}

TEST(PTXEmuMmaBlockScale, Selectors) {
  Case cs = makeCase("e4m3", "e4m3");
  cs.byteA = 2;
  cs.tidA = 1;
  cs.byteB = 3;
  cs.tidB = 2;
  check(cs);
}

TEST(PTXEmuMmaBlockScale, NaNScalePoisonsItsRow) {
  Case cs = makeCase("e4m3", "e4m3");
  cs.sa[4 * 3 + 1] = 0xff; // row 3 + 8 = 11, byte 0
  cs.sb[4 * 5] = 0x80;     // column 5: 2.0
  check(cs);
  std::vector<float> d = run(cs);
  ASSERT_EQ(d.size(), 128u);
  EXPECT_TRUE(std::isnan(d[4 * 3 * 4 + 2])); // lane 12 holds row 11 in d2
  EXPECT_FALSE(std::isnan(d[0]));
}

// m16n8k64, e2m1 packed eight per register: nvfp4 (four e4m3 scales per
// row, one per 16 K elements) and mxf4 (two e8m0 scales, 32 each).
TEST(PTXEmuMmaBlockScale, NvFp4M16N8K64) {
  Case cs = makeCase("e2m1", "e2m1");
  cs.K = 64;
  cs.scales = 4;
  cs.form = "kind::mxf4nvf4.block_scale.scale_vec::4X";
  cs.stype = "ue4m3";
  for (unsigned lane = 0; lane < 32; ++lane) // positive e4m3 0.25 .. 3.5
    for (unsigned byte = 0; byte < 4; ++byte) {
      uint32_t v = 0x28 + (lane * 5 + byte * 7) % 24;
      cs.sa[lane] = (cs.sa[lane] & ~(0xffu << (8 * byte))) | v << (8 * byte);
      v = 0x30 + (lane * 3 + byte * 11) % 20;
      cs.sb[lane] = (cs.sb[lane] & ~(0xffu << (8 * byte))) | v << (8 * byte);
    }
  check(cs);
  cs.tidA = 1;
  cs.tidB = 3;
  check(cs);
}

TEST(PTXEmuMmaBlockScale, MxFp4M16N8K64) {
  Case cs = makeCase("e2m1", "e2m1");
  cs.K = 64;
  cs.scales = 2;
  cs.form = "kind::mxf4.block_scale.scale_vec::2X";
  check(cs);
}

TEST(PTXEmuMmaBlockScale, RejectsOtherForms) {
  Emu e;
  std::string k = std::string(".version 8.7\n.target sm_120a\n.address_size 64\n") +
                  ".visible .entry k()\n{\n" + kRegs +
                  "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::2X"
                  ".f32.e4m3.e4m3.f32.ue8m0 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, "
                  "{%f1,%f2,%f3,%f4}, {%r7}, {0, 0}, {%r8}, {0, 0};\nret;\n}\n";
  EXPECT_FALSE(e.load(k));
  EXPECT_NE(e.err.find("scale_vec::1X"), std::string::npos) << e.err;
}

} // namespace
