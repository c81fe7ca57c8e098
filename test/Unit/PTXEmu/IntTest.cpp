//===- IntTest.cpp - integer and bitwise instructions ---------------------===//
#include "Harness.h"

using namespace ptxtest;

namespace {

std::vector<uint32_t> A = {0, 1, 7, 0xffffffffu, 0x80000000u, 12345, 0x7fffffffu, 100};
std::vector<uint32_t> B = {3, 5, 0xfffffff9u, 2, 0xffffffffu, 77, 1, 0};
std::vector<uint32_t> C = {9, 0x80000000u, 4, 11, 3, 0xdeadbeefu, 31, 8};

template <typename F>
void check(const std::string &body, F ref) {
  auto out = evalLanes<uint32_t>(body, A, B, C);
  ASSERT_EQ(out.size(), 32u);
  for (unsigned t = 0; t < 32; ++t) {
    uint32_t a = A[t % A.size()], b = B[t % B.size()], c = C[t % C.size()];
    EXPECT_EQ(out[t], ref(a, b, c)) << body << " lane " << t << " a=" << a << " b=" << b;
  }
}

TEST(PTXEmuInt, AddSubMul) {
  check("add.s32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) { return a + b; });
  check("sub.u32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) { return a - b; });
  check("add.sat.s32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) {
    int64_t s = int64_t(int32_t(a)) + int32_t(b);
    return uint32_t(int32_t(std::min<int64_t>(INT32_MAX, std::max<int64_t>(INT32_MIN, s))));
  });
  check("mul.lo.u32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) { return a * b; });
  check("mul.hi.s32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) {
    return uint32_t((int64_t(int32_t(a)) * int32_t(b)) >> 32);
  });
  check("mul.hi.u32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) {
    return uint32_t((uint64_t(a) * b) >> 32);
  });
  check("mad.lo.s32 %r13, %r10, %r11, %r12;",
        [](uint32_t a, uint32_t b, uint32_t c) { return a * b + c; });
  check("mad.hi.u32 %r13, %r10, %r11, %r12;",
        [](uint32_t a, uint32_t b, uint32_t c) { return uint32_t((uint64_t(a) * b) >> 32) + c; });
  check("mul.wide.s32 %rd13, %r10, %r11; shr.u64 %rd14, %rd13, 16; cvt.u32.u64 %r13, %rd14;",
        [](uint32_t a, uint32_t b, uint32_t) {
          return uint32_t(uint64_t(int64_t(int32_t(a)) * int32_t(b)) >> 16);
        });
  check("mul.wide.u16 %r13, %r10, %r11;",
        [](uint32_t a, uint32_t b, uint32_t) { return uint32_t(uint16_t(a)) * uint16_t(b); });
}

TEST(PTXEmuInt, DivRemMinMaxAbsNeg) {
  check("div.u32 %r13, %r10, %r11;",
        [](uint32_t a, uint32_t b, uint32_t) { return b ? a / b : 0xffffffffu; });
  check("rem.s32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) {
    int32_t x = int32_t(a), y = int32_t(b);
    return y == 0 ? a : y == -1 ? 0u : uint32_t(x % y);
  });
  check("min.s32 %r13, %r10, %r11;",
        [](uint32_t a, uint32_t b, uint32_t) { return uint32_t(std::min(int32_t(a), int32_t(b))); });
  check("max.u32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) { return std::max(a, b); });
  check("abs.s32 %r13, %r10;", [](uint32_t a, uint32_t, uint32_t) {
    return int32_t(a) < 0 ? 0u - a : a;
  });
  check("neg.s32 %r13, %r10;", [](uint32_t a, uint32_t, uint32_t) { return 0u - a; });
}

TEST(PTXEmuInt, Bitwise) {
  check("and.b32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) { return a & b; });
  check("or.b32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) { return a | b; });
  check("xor.b32 %r13, %r10, %r11;", [](uint32_t a, uint32_t b, uint32_t) { return a ^ b; });
  check("not.b32 %r13, %r10;", [](uint32_t a, uint32_t, uint32_t) { return ~a; });
  check("cnot.b32 %r13, %r10;", [](uint32_t a, uint32_t, uint32_t) { return uint32_t(a == 0); });
  check("and.b32 %r14, %r12, 31; shl.b32 %r13, %r10, %r14;",
        [](uint32_t a, uint32_t, uint32_t c) { return a << (c & 31); });
  check("shl.b32 %r13, %r10, %r12;",
        [](uint32_t a, uint32_t, uint32_t c) { return c >= 32 ? 0u : a << c; });
  check("shr.s32 %r13, %r10, %r12;", [](uint32_t a, uint32_t, uint32_t c) {
    return uint32_t(int32_t(a) >> (c >= 32 ? 31 : c));
  });
  check("shr.u32 %r13, %r10, %r12;",
        [](uint32_t a, uint32_t, uint32_t c) { return c >= 32 ? 0u : a >> c; });
  check("popc.b32 %r13, %r10;",
        [](uint32_t a, uint32_t, uint32_t) { return uint32_t(__builtin_popcount(a)); });
  check("clz.b32 %r13, %r10;",
        [](uint32_t a, uint32_t, uint32_t) { return a ? uint32_t(__builtin_clz(a)) : 32u; });
  check("brev.b32 %r13, %r10;", [](uint32_t a, uint32_t, uint32_t) {
    uint32_t r = 0;
    for (int i = 0; i < 32; ++i)
      r |= ((a >> i) & 1) << (31 - i);
    return r;
  });
  check("bfind.u32 %r13, %r10;", [](uint32_t a, uint32_t, uint32_t) {
    return a ? 31u - uint32_t(__builtin_clz(a)) : 0xffffffffu;
  });
  // lop3 with the LUT of (a & b) ^ c.
  check("lop3.b32 %r13, %r10, %r11, %r12, 0x6a;",
        [](uint32_t a, uint32_t b, uint32_t c) { return (a & b) ^ c; });
}

TEST(PTXEmuInt, BitFields) {
  check("bfe.u32 %r13, %r10, 4, 8;", [](uint32_t a, uint32_t, uint32_t) { return (a >> 4) & 0xff; });
  check("bfe.s32 %r13, %r10, 24, 8;",
        [](uint32_t a, uint32_t, uint32_t) { return uint32_t(int32_t(a) >> 24); });
  check("bfe.u32 %r13, %r10, 28, 8;", [](uint32_t a, uint32_t, uint32_t) { return a >> 28; });
  check("bfi.b32 %r13, %r10, %r11, 8, 4;", [](uint32_t a, uint32_t b, uint32_t) {
    return (b & ~0xf00u) | ((a & 0xf) << 8);
  });
  // prmt default mode: selector nibbles pick bytes of {b, a}; bit 3 replicates the sign.
  check("prmt.b32 %r13, %r10, %r11, 0x5410;", [](uint32_t a, uint32_t b, uint32_t) {
    return (a & 0xffff) | (b << 16);
  });
  check("prmt.b32 %r13, %r10, %r11, 0x8888;", [](uint32_t a, uint32_t, uint32_t) {
    return (a & 0x80) ? 0xffffffffu : 0u;
  });
  check("prmt.b32.rc8 %r13, %r10, %r11, 1;",
        [](uint32_t a, uint32_t, uint32_t) { return ((a >> 8) & 0xff) * 0x01010101u; });
}

TEST(PTXEmuInt, CarryChain) {
  // 64-bit add from 32-bit halves: (a:b) + (c:b).
  check("add.cc.u32 %r14, %r11, %r11; addc.u32 %r13, %r10, %r12;",
        [](uint32_t a, uint32_t b, uint32_t c) {
          uint64_t x = (uint64_t(a) << 32) | b, y = (uint64_t(c) << 32) | b;
          return uint32_t((x + y) >> 32);
        });
  check("sub.cc.u32 %r14, %r11, %r12; subc.u32 %r13, %r10, %r10;",
        [](uint32_t, uint32_t b, uint32_t c) { return b < c ? 0xffffffffu : 0u; });
}

TEST(PTXEmuInt, SixtyFour) {
  std::vector<uint64_t> a = {1ull << 40, 0xffffffffffffffffull, 12345678901234ull, 7};
  std::vector<uint64_t> b = {3, 2, 1ull << 33, 0x8000000000000000ull};
  auto out = evalLanes<uint64_t>("mul.hi.u64 %rd13, %rd10, %rd11;", a, b);
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], uint64_t((unsigned __int128)a[t % 4] * b[t % 4] >> 64));
  out = evalLanes<uint64_t>("add.s64 %rd13, %rd10, %rd11;", a, b);
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], a[t % 4] + b[t % 4]);
  out = evalLanes<uint64_t>("popc.b64 %r20, %rd10; cvt.u64.u32 %rd13, %r20;", a, b);
  for (unsigned t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], uint64_t(__builtin_popcountll(a[t % 4])));
}

} // namespace
