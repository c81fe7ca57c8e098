//===- FloatTest.cpp - f32/f64/f16/bf16 arithmetic ------------------------===//
#include "Harness.h"

#include <cfenv>
#include <cmath>

using namespace ptxtest;

namespace {

std::vector<uint32_t> bits(std::initializer_list<float> v) {
  std::vector<uint32_t> o;
  for (float f : v)
    o.push_back(f2u(f));
  return o;
}

TEST(PTXEmuFloat, F32RoundingModes) {
  // 1 + 2^-30 is not representable: rn/rz/rm round down, rp rounds up.
  auto a = bits({1.0f, -1.0f});
  auto b = bits({std::ldexp(1.0f, -30), -std::ldexp(1.0f, -30)});
  auto rn = evalLanes<uint32_t>("add.rn.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;", a, b);
  auto rz = evalLanes<uint32_t>("add.rz.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;", a, b);
  auto rp = evalLanes<uint32_t>("add.rp.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;", a, b);
  auto rm = evalLanes<uint32_t>("add.rm.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;", a, b);
  float up = std::nextafter(1.0f, 2.0f);
  EXPECT_EQ(u2f(rn[0]), 1.0f);
  EXPECT_EQ(u2f(rz[0]), 1.0f);
  EXPECT_EQ(u2f(rm[0]), 1.0f);
  EXPECT_EQ(u2f(rp[0]), up);
  EXPECT_EQ(u2f(rm[1]), -up);
  EXPECT_EQ(u2f(rz[1]), -1.0f);
  // mul/fma/div/sqrt in directed modes.
  auto x = bits({1.0f / 3.0f});
  auto y = bits({3.0f});
  auto m = evalLanes<uint32_t>("mul.rp.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;", x, y);
  EXPECT_GT(u2f(m[0]), 0.99999f);
  auto d1 = evalLanes<uint32_t>("div.rz.f32 %f13, %f11, %f11; mov.b32 %r13, %f13;", x, y);
  EXPECT_EQ(u2f(d1[0]), 1.0f);
  auto two = bits({2.0f});
  auto sz = evalLanes<uint32_t>("sqrt.rz.f32 %f13, %f10; mov.b32 %r13, %f13;", two);
  auto sp = evalLanes<uint32_t>("sqrt.rp.f32 %f13, %f10; mov.b32 %r13, %f13;", two);
  EXPECT_EQ(sp[0], sz[0] + 1);
  EXPECT_LE(double(u2f(sz[0])), std::sqrt(2.0));
  EXPECT_GE(double(u2f(sp[0])), std::sqrt(2.0));
  auto f = evalLanes<uint32_t>("fma.rn.f32 %f13, %f10, %f11, %f12; mov.b32 %r13, %f13;",
                               bits({1.5f}), bits({2.0f}), bits({-0.25f}));
  EXPECT_EQ(u2f(f[0]), 2.75f);
}

TEST(PTXEmuFloat, F32FtzSatMinMax) {
  float sub = std::ldexp(1.0f, -140);
  auto o = evalLanes<uint32_t>("add.ftz.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;",
                               bits({sub}), bits({0.0f}));
  EXPECT_EQ(o[0], 0u);
  o = evalLanes<uint32_t>("add.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;", bits({sub}),
                          bits({0.0f}));
  EXPECT_EQ(u2f(o[0]), sub);
  o = evalLanes<uint32_t>("mul.sat.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;",
                          bits({3.0f, -3.0f, 0.25f, NAN}), bits({1.0f}));
  EXPECT_EQ(u2f(o[0]), 1.0f);
  EXPECT_EQ(u2f(o[1]), 0.0f);
  EXPECT_EQ(u2f(o[2]), 0.25f);
  EXPECT_EQ(u2f(o[3]), 0.0f);
  o = evalLanes<uint32_t>("min.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;",
                          bits({NAN, 1.0f, -0.0f}), bits({2.0f, NAN, 0.0f}));
  EXPECT_EQ(u2f(o[0]), 2.0f);
  EXPECT_EQ(u2f(o[1]), 1.0f);
  EXPECT_EQ(o[2], 0x80000000u);
  o = evalLanes<uint32_t>("max.NaN.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;",
                          bits({NAN, 1.0f}), bits({2.0f, 3.0f}));
  EXPECT_EQ(o[0], 0x7fffffffu);
  EXPECT_EQ(u2f(o[1]), 3.0f);
  o = evalLanes<uint32_t>("abs.f32 %f13, %f10; mov.b32 %r13, %f13;", bits({-2.5f}));
  EXPECT_EQ(u2f(o[0]), 2.5f);
  o = evalLanes<uint32_t>("neg.f32 %f13, %f10; mov.b32 %r13, %f13;", bits({2.5f}));
  EXPECT_EQ(u2f(o[0]), -2.5f);
  o = evalLanes<uint32_t>("copysign.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;",
                          bits({-1.0f}), bits({4.0f}));
  EXPECT_EQ(u2f(o[0]), -4.0f);
  // Arithmetic NaNs are canonical.
  o = evalLanes<uint32_t>("sub.f32 %f13, %f10, %f10; mov.b32 %r13, %f13;", bits({INFINITY}));
  EXPECT_EQ(o[0], 0x7fffffffu);
}

TEST(PTXEmuFloat, F32Transcendentals) {
  auto in = bits({0.5f, 2.0f, 3.0f, -1.25f});
  struct Case {
    const char *op;
    double (*ref)(double);
  } cases[] = {
      {"rcp.rn.f32", [](double x) { return 1.0 / x; }},
      {"rcp.approx.f32", [](double x) { return 1.0 / x; }},
      {"sqrt.approx.f32", [](double x) { return std::sqrt(std::fabs(x)); }},
      {"ex2.approx.f32", [](double x) { return std::exp2(x); }},
      {"lg2.approx.f32", [](double x) { return std::log2(std::fabs(x)); }},
      {"sin.approx.f32", [](double x) { return std::sin(x); }},
      {"cos.approx.f32", [](double x) { return std::cos(x); }},
      {"tanh.approx.f32", [](double x) { return std::tanh(x); }},
      {"rsqrt.approx.f32", [](double x) { return 1 / std::sqrt(std::fabs(x)); }},
  };
  for (const Case &c : cases) {
    bool needsPositive = std::string(c.op).find("sqrt") != std::string::npos ||
                         std::string(c.op).find("lg2") != std::string::npos;
    std::string body = needsPositive ? std::string("abs.f32 %f10, %f10; ") : "";
    body += std::string(c.op) + " %f13, %f10; mov.b32 %r13, %f13;";
    auto o = evalLanes<uint32_t>(body, in);
    for (unsigned t = 0; t < 4; ++t)
      EXPECT_NEAR(u2f(o[t]), c.ref(u2f(in[t])), 1e-5) << c.op << " " << u2f(in[t]);
  }
  auto o = evalLanes<uint32_t>("div.full.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;",
                               bits({1.0f}), bits({3.0f}));
  EXPECT_NEAR(u2f(o[0]), 1.0 / 3.0, 1e-7);
  o = evalLanes<uint32_t>("div.rn.f32 %f13, %f10, %f11; mov.b32 %r13, %f13;", bits({1.0f}),
                          bits({3.0f}));
  EXPECT_EQ(u2f(o[0]), 1.0f / 3.0f);
}

TEST(PTXEmuFloat, F64) {
  std::vector<uint64_t> a = {d2u(1.0), d2u(2.0), d2u(-3.5)};
  std::vector<uint64_t> b = {d2u(3.0), d2u(0.5), d2u(1e-300)};
  auto o = evalLanes<uint64_t>("div.rn.f64 %fd13, %fd10, %fd11; mov.b64 %rd13, %fd13;", a, b);
  for (unsigned t = 0; t < 3; ++t)
    EXPECT_EQ(u2d(o[t]), u2d(a[t]) / u2d(b[t]));
  o = evalLanes<uint64_t>("fma.rn.f64 %fd13, %fd10, %fd11, %fd10; mov.b64 %rd13, %fd13;", a, b);
  for (unsigned t = 0; t < 3; ++t)
    EXPECT_EQ(u2d(o[t]), std::fma(u2d(a[t]), u2d(b[t]), u2d(a[t])));
  o = evalLanes<uint64_t>("sqrt.rn.f64 %fd13, %fd11; mov.b64 %rd13, %fd13;", a, b);
  EXPECT_EQ(u2d(o[0]), std::sqrt(3.0));
  o = evalLanes<uint64_t>("add.rz.f64 %fd13, %fd10, %fd11; mov.b64 %rd13, %fd13;", a, b);
  EXPECT_EQ(u2d(o[2]), std::nextafter(-3.5, 0.0));
}

uint16_t h(float f) {
  // Exact halves only (test values are chosen representable).
  uint32_t u = f2u(f);
  int e = int((u >> 23) & 0xff) - 127 + 15;
  return uint16_t(((u >> 16) & 0x8000) | (e << 10) | ((u >> 13) & 0x3ff));
}

TEST(PTXEmuFloat, HalfAndPacked) {
  // f16: 1.5 * 2.25 + 0.125 = 3.5
  std::vector<uint32_t> a = {h(1.5f)}, b = {h(2.25f)}, c = {h(0.125f)};
  auto o = evalLanes<uint32_t>(
      "cvt.u16.u32 %h1, %r10; cvt.u16.u32 %h2, %r11; cvt.u16.u32 %h3, %r12;"
      "fma.rn.f16 %h4, %h1, %h2, %h3; cvt.u32.u16 %r13, %h4;",
      a, b, c);
  EXPECT_EQ(o[0], h(3.5f));
  // f16 rounding: 1 + 2^-11 ties to even -> 1.0; 1 + 3*2^-11 -> 1 + 2^-9.
  o = evalLanes<uint32_t>("cvt.u16.u32 %h1, %r10; cvt.u16.u32 %h2, %r11;"
                          "add.f16 %h4, %h1, %h2; cvt.u32.u16 %r13, %h4;",
                          {h(1.0f), h(1.0f)}, {0x1000u /*2^-11*/, 0x1200u /*1.5*2^-10*/});
  EXPECT_EQ(o[0], h(1.0f));
  EXPECT_EQ(o[1], 0x3c01u);
  // f16x2: lanes hold (lo, hi) pairs.
  uint32_t p = h(1.0f) | uint32_t(h(-2.0f)) << 16, q = h(0.5f) | uint32_t(h(4.0f)) << 16;
  o = evalLanes<uint32_t>("mul.f16x2 %r13, %r10, %r11;", {p}, {q});
  EXPECT_EQ(o[0], h(0.5f) | uint32_t(h(-8.0f)) << 16);
  o = evalLanes<uint32_t>("max.f16x2 %r13, %r10, %r11;", {p}, {q});
  EXPECT_EQ(o[0], h(1.0f) | uint32_t(h(4.0f)) << 16);
  o = evalLanes<uint32_t>("neg.f16x2 %r13, %r10;", {p});
  EXPECT_EQ(o[0], h(-1.0f) | uint32_t(h(2.0f)) << 16);
  o = evalLanes<uint32_t>("fma.rn.relu.f16x2 %r13, %r10, %r11, %r11;", {p}, {q});
  EXPECT_EQ(o[0], h(1.0f) | 0u << 16);
  // bf16x2: 1.0 = 0x3f80, 2.0 = 0x4000, 3.0 = 0x4040
  o = evalLanes<uint32_t>("fma.rn.bf16x2 %r13, %r10, %r11, %r12;", {0x3f804000u},
                          {0x40004000u}, {0x3f803f80u});
  EXPECT_EQ(o[0], 0x404040a0u); // hi: 1*2+1 = 3, lo: 2*2+1 = 5
}

TEST(PTXEmuFloat, MixedPrecision) {
  // add/sub/fma.f32.f16 (sm_100): the 16-bit sources widen exactly, the last
  // source and the result are f32.
  std::vector<uint32_t> a = {h(1.5f)}, b = {h(2.25f)};
  auto o = evalLanes<uint32_t>(
      "cvt.u16.u32 %h1, %r10; sub.rn.f32.f16 %f13, %h1, %f11; mov.b32 %r13, %f13;",
      a, bits({0.25f}));
  EXPECT_EQ(u2f(o[0]), 1.25f);
  o = evalLanes<uint32_t>(
      "cvt.u16.u32 %h1, %r10; add.f32.f16 %f13, %h1, %f11; mov.b32 %r13, %f13;",
      a, bits({0.25f}));
  EXPECT_EQ(u2f(o[0]), 1.75f);
  o = evalLanes<uint32_t>("cvt.u16.u32 %h1, %r10; cvt.u16.u32 %h2, %r11;"
                          "fma.rn.f32.f16 %f13, %h1, %h2, %f12; mov.b32 %r13, %f13;",
                          a, b, bits({-0.375f}));
  EXPECT_EQ(u2f(o[0]), 3.0f);
  // bf16: 1.0 = 0x3f80.
  o = evalLanes<uint32_t>(
      "cvt.u16.u32 %h1, %r10; add.rn.f32.bf16 %f13, %h1, %f11; mov.b32 %r13, %f13;",
      {0x3f80u}, bits({0.5f}));
  EXPECT_EQ(u2f(o[0]), 1.5f);
}

} // namespace
