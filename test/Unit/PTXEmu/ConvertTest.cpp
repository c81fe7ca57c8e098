//===- ConvertTest.cpp - cvt, mov, setp, selp, slct -----------------------===//
#include "Harness.h"

#include <cmath>

using namespace ptxtest;

namespace {

std::vector<uint32_t> fb(std::initializer_list<float> v) {
  std::vector<uint32_t> o;
  for (float f : v)
    o.push_back(f2u(f));
  return o;
}

TEST(PTXEmuConvert, FloatToInt) {
  auto in = fb({2.5f, -2.5f, 3.7f, -3.7f, 1e20f, -1e20f, NAN, 0.5f});
  auto rni = evalLanes<uint32_t>("cvt.rni.s32.f32 %r13, %f10;", in);
  auto rzi = evalLanes<uint32_t>("cvt.rzi.s32.f32 %r13, %f10;", in);
  auto rmi = evalLanes<uint32_t>("cvt.rmi.s32.f32 %r13, %f10;", in);
  auto rpi = evalLanes<uint32_t>("cvt.rpi.u32.f32 %r13, %f10;", in);
  int32_t eN[] = {2, -2, 4, -4, INT32_MAX, INT32_MIN, 0, 0};
  int32_t eZ[] = {2, -2, 3, -3, INT32_MAX, INT32_MIN, 0, 0};
  int32_t eM[] = {2, -3, 3, -4, INT32_MAX, INT32_MIN, 0, 0};
  uint32_t eP[] = {3, 0, 4, 0, 0xffffffffu, 0, 0, 1};
  for (unsigned t = 0; t < 8; ++t) {
    EXPECT_EQ(int32_t(rni[t]), eN[t]) << t;
    EXPECT_EQ(int32_t(rzi[t]), eZ[t]) << t;
    EXPECT_EQ(int32_t(rmi[t]), eM[t]) << t;
    EXPECT_EQ(rpi[t], eP[t]) << t;
  }
  auto s8 = evalLanes<uint32_t>("cvt.rzi.s8.f32 %r13, %f10;", fb({300.0f, -300.0f, -5.0f}));
  EXPECT_EQ(int32_t(s8[0]), 127);
  EXPECT_EQ(int32_t(s8[1]), -128);
  EXPECT_EQ(int32_t(s8[2]), -5);
}

TEST(PTXEmuConvert, IntToFloatAndInt) {
  std::vector<uint32_t> in = {16777217u, 0xffffffffu, 7};
  auto rn = evalLanes<uint32_t>("cvt.rn.f32.u32 %f13, %r10; mov.b32 %r13, %f13;", in);
  auto rp = evalLanes<uint32_t>("cvt.rp.f32.u32 %f13, %r10; mov.b32 %r13, %f13;", in);
  auto sg = evalLanes<uint32_t>("cvt.rn.f32.s32 %f13, %r10; mov.b32 %r13, %f13;", in);
  EXPECT_EQ(u2f(rn[0]), 16777216.0f);
  EXPECT_EQ(u2f(rp[0]), 16777218.0f);
  EXPECT_EQ(u2f(sg[1]), -1.0f);
  EXPECT_EQ(u2f(rn[2]), 7.0f);
  auto sat = evalLanes<uint32_t>("cvt.sat.u8.s32 %r13, %r10;", {300u, 0xfffffff0u, 42u});
  EXPECT_EQ(sat[0], 255u);
  EXPECT_EQ(sat[1], 0u);
  EXPECT_EQ(sat[2], 42u);
  auto sx = evalLanes<uint32_t>("cvt.s32.s8 %r13, %r10;", {0x80u, 0x7fu, 0x1ffu});
  EXPECT_EQ(sx[0], 0xffffff80u);
  EXPECT_EQ(sx[1], 0x7fu);
  EXPECT_EQ(sx[2], 0xffffffffu);
  auto wide = evalLanes<uint64_t>("cvt.s64.s32 %rd13, %r20;", {1});
  (void)wide;
}

TEST(PTXEmuConvert, NarrowFloats) {
  // f32 -> f16 in each rounding mode; 1 + 2^-11 + 2^-20 is just above a tie.
  float v = 1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20);
  auto in = fb({v, -v, 65520.0f, 1e-8f});
  auto rn = evalLanes<uint32_t>("cvt.rn.f16.f32 %h1, %f10; cvt.u32.u16 %r13, %h1;", in);
  auto rz = evalLanes<uint32_t>("cvt.rz.f16.f32 %h1, %f10; cvt.u32.u16 %r13, %h1;", in);
  auto rm = evalLanes<uint32_t>("cvt.rm.f16.f32 %h1, %f10; cvt.u32.u16 %r13, %h1;", in);
  EXPECT_EQ(rn[0], 0x3c01u);
  EXPECT_EQ(rz[0], 0x3c00u);
  EXPECT_EQ(rm[1], 0xbc01u);
  EXPECT_EQ(rn[2], 0x7c00u); // overflows to inf
  EXPECT_EQ(rz[2], 0x7bffu); // rz saturates to the largest finite
  EXPECT_EQ(rn[3], 0x0000u + 0u); // 1e-8 is below half the smallest subnormal
  // f16 -> f32 is exact.
  auto back = evalLanes<uint32_t>("cvt.u16.u32 %h1, %r10; cvt.f32.f16 %f13, %h1; mov.b32 %r13, %f13;",
                                  {0x3c01u, 0x0001u, 0xfc00u});
  EXPECT_EQ(u2f(back[0]), 1.0f + std::ldexp(1.0f, -10));
  EXPECT_EQ(u2f(back[1]), std::ldexp(1.0f, -24));
  EXPECT_EQ(u2f(back[2]), -INFINITY);
  // bf16 and packed forms.
  auto bf = evalLanes<uint32_t>("cvt.rn.bf16.f32 %h1, %f10; cvt.u32.u16 %r13, %h1;",
                                fb({1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -12)}));
  EXPECT_EQ(bf[0], 0x3f81u);
  auto pk = evalLanes<uint32_t>("cvt.rn.f16x2.f32 %r13, %f10, %f11;", fb({2.0f}), fb({-1.0f}));
  EXPECT_EQ(pk[0], 0x4000bc00u); // a -> upper half, b -> lower half
  auto pb = evalLanes<uint32_t>("cvt.rn.bf16x2.f32 %r13, %f10, %f11;", fb({2.0f}), fb({1.0f}));
  EXPECT_EQ(pb[0], 0x40003f80u);
  // tf32 keeps 10 mantissa bits, rounding half away from zero.
  auto tf = evalLanes<uint32_t>("cvt.rna.tf32.f32 %r13, %f10;",
                                {0x3f801000u, 0x3f800fffu, 0xbf803000u});
  EXPECT_EQ(tf[0], 0x3f802000u);
  EXPECT_EQ(tf[1], 0x3f800000u);
  EXPECT_EQ(tf[2], 0xbf804000u);
  // fp8: e4m3 saturates to 448 (0x7e), e5m2 keeps 1.5 exactly (0x3e).
  auto e4 = evalLanes<uint32_t>("cvt.rn.satfinite.e4m3x2.f32 %h1, %f10, %f11; cvt.u32.u16 %r13, %h1;",
                                fb({1000.0f}), fb({1.0f}));
  EXPECT_EQ(e4[0], 0x7e38u);
  auto e5 = evalLanes<uint32_t>("cvt.rn.satfinite.e5m2x2.f32 %h1, %f10, %f11; cvt.u32.u16 %r13, %h1;",
                                fb({1.5f}), fb({-2.0f}));
  EXPECT_EQ(e5[0], 0x3ec0u);
  auto up = evalLanes<uint32_t>("cvt.u16.u32 %h1, %r10; cvt.rn.f16x2.e4m3x2 %r13, %h1;",
                                {0x7e38u});
  EXPECT_EQ(up[0], 0x5f003c00u); // 448.0, 1.0
  // f32 -> f64 -> f32 and integral rounding.
  auto r = evalLanes<uint32_t>("cvt.f64.f32 %fd1, %f10; cvt.rn.f32.f64 %f13, %fd1; "
                               "cvt.rmi.f32.f32 %f13, %f13; mov.b32 %r13, %f13;",
                               fb({-2.5f, 7.75f}));
  EXPECT_EQ(u2f(r[0]), -3.0f);
  EXPECT_EQ(u2f(r[1]), 7.0f);
}

TEST(PTXEmuConvert, Fp4AndE8M0) {
  // e2m1 (a in the upper nibble): 2.5 ties to 2.0 (0x4), 7.0 saturates to
  // 6.0 (0x7), NaN becomes +6.0, -0.75 ties to -1.0 (0xa).
  auto f4 = evalLanes<uint32_t>(
      "{ .reg .b8 t; cvt.rn.satfinite.e2m1x2.f32 t, %f10, %f11; cvt.u32.u8 %r13, t; }",
      fb({2.5f, NAN}), fb({7.0f, -0.75f}));
  EXPECT_EQ(f4[0], 0x47u);
  EXPECT_EQ(f4[1], 0x7au);
  auto f4up = evalLanes<uint32_t>(
      "{ .reg .b8 t; cvt.u8.u32 t, %r10; cvt.rn.f16x2.e2m1x2 %r13, t; }", {0x4au});
  EXPECT_EQ(f4up[0], 0x4000bc00u); // 2.0, -1.0
  // ue8m0: the exponent rounded toward zero / +inf; 0 gives 2^-127 (0x00),
  // infinity 2^127 (0xfe) with .satfinite, NaN 0xff.
  auto rz = evalLanes<uint32_t>(
      "cvt.rz.satfinite.ue8m0x2.f32 %h1, %f10, %f11; cvt.u32.u16 %r13, %h1;",
      fb({3.0f, INFINITY}), fb({0.0f, NAN}));
  EXPECT_EQ(rz[0], 0x8000u);
  EXPECT_EQ(rz[1], 0xfeffu);
  auto rp = evalLanes<uint32_t>(
      "cvt.rp.satfinite.ue8m0x2.f32 %h1, %f10, %f11; cvt.u32.u16 %r13, %h1;",
      fb({3.0f}), fb({1.0f}));
  EXPECT_EQ(rp[0], 0x817fu);
  auto up = evalLanes<uint32_t>("cvt.u16.u32 %h1, %r10; cvt.rn.bf16x2.ue8m0x2 %r13, %h1;",
                                {0x807fu});
  EXPECT_EQ(up[0], 0x40003f80u); // 2.0, 1.0
}

TEST(PTXEmuConvert, SetpSelpSlct) {
  auto a = fb({1.0f, NAN, 2.0f, -1.0f});
  auto b = fb({1.0f, 1.0f, 1.0f, 0.0f});
  auto run = [&](const char *cmp) {
    return evalLanes<uint32_t>(std::string("setp.") + cmp +
                                   ".f32 %p1, %f10, %f11; selp.u32 %r13, 1, 0, %p1;",
                               a, b);
  };
  auto eq = run("eq"), ne = run("ne"), equ = run("equ"), neu = run("neu"), lt = run("lt"),
       gtu = run("gtu"), nan = run("nan"), num = run("num");
  EXPECT_EQ(eq[0], 1u);
  EXPECT_EQ(eq[1], 0u);
  EXPECT_EQ(ne[1], 0u);
  EXPECT_EQ(equ[1], 1u);
  EXPECT_EQ(neu[1], 1u);
  EXPECT_EQ(lt[3], 1u);
  EXPECT_EQ(gtu[1], 1u);
  EXPECT_EQ(gtu[2], 1u);
  EXPECT_EQ(nan[1], 1u);
  EXPECT_EQ(num[1], 0u);
  // Integer comparisons (signed vs unsigned) and .and/.or combining with !p.
  std::vector<uint32_t> x = {0xffffffffu, 1, 5}, y = {1, 1, 7};
  auto s = evalLanes<uint32_t>("setp.lt.s32 %p1, %r10, %r11; selp.u32 %r13, 1, 0, %p1;", x, y);
  auto u = evalLanes<uint32_t>("setp.lo.u32 %p1, %r10, %r11; selp.u32 %r13, 1, 0, %p1;", x, y);
  EXPECT_EQ(s[0], 1u);
  EXPECT_EQ(u[0], 0u);
  auto comb = evalLanes<uint32_t>("setp.ne.s32 %p2, %r10, 1;"
                                  "setp.eq.and.s32 %p1|%p3, %r10, %r11, !%p2;"
                                  "selp.u32 %r14, 2, 0, %p3; selp.u32 %r15, 1, 0, %p1;"
                                  "or.b32 %r13, %r14, %r15;",
                                  x, y);
  // lane1: eq true, !p2 true -> p1 = 1, p3 = (!eq) & !p2 = 0
  EXPECT_EQ(comb[1], 1u);
  EXPECT_EQ(comb[0], 0u);
  auto sl = evalLanes<uint32_t>("slct.u32.s32 %r13, %r11, %r12, %r10;", {0xffffffffu, 0},
                                {10}, {20});
  EXPECT_EQ(sl[0], 20u);
  EXPECT_EQ(sl[1], 10u);
  auto st = evalLanes<uint32_t>("set.gt.u32.s32 %r13, %r10, %r11;", {5, 1}, {1, 5});
  EXPECT_EQ(st[0], 0xffffffffu);
  EXPECT_EQ(st[1], 0u);
}

TEST(PTXEmuConvert, MovPackUnpack) {
  auto o = evalLanes<uint32_t>("mov.b32 {%h1, %h2}, %r10; mov.b32 %r13, {%h2, %h1};",
                               {0x11112222u});
  EXPECT_EQ(o[0], 0x22221111u);
  auto w = evalLanes<uint64_t>("mov.b64 {%r20, %r21}, %rd10; mov.b64 %rd13, {%r21, %r20};",
                               {0x0123456789abcdefull});
  EXPECT_EQ(w[0], 0x89abcdef01234567ull);
  auto f = evalLanes<uint32_t>("mov.f32 %f13, 0f3FC00000; mov.b32 %r13, %f13;", {0});
  EXPECT_EQ(u2f(f[0]), 1.5f);
  auto l = evalLanes<uint32_t>("mov.u32 %r13, %laneid;", {0});
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(l[t], t);
  auto lm = evalLanes<uint32_t>("mov.u32 %r13, %lanemask_lt;", {0});
  EXPECT_EQ(lm[5], 0x1fu);
}

} // namespace
