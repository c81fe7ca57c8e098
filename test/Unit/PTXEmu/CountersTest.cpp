//===- CountersTest.cpp - profile counters ---------------------------------===//
#include "Harness.h"

using namespace ptxtest;

namespace {

// One warp loads 4-byte words from shared at tid*stride and from global at
// tid*stride.
LaunchResult runStride(unsigned stride, unsigned bytes = 4) {
  std::string ty = bytes == 4 ? "u32" : "v2.u32";
  std::string dst = bytes == 4 ? "%r10" : "{%r10, %r11}";
  std::string k = std::string(kHeader) + ".shared .align 16 .b8 s[8192];\n" +
                  ".visible .entry k(.param .u64 g)\n{\n" + kRegs +
                  "ld.param.u64 %rd1, [g]; mov.u32 %r1, %tid.x; mov.u32 %r2, s;\n"
                  "mul.lo.s32 %r3, %r1, " + std::to_string(stride * bytes) + ";\n"
                  "add.s32 %r4, %r2, %r3; ld.shared." + ty + " " + dst + ", [%r4];\n"
                  "cvt.u64.u32 %rd2, %r3; add.s64 %rd3, %rd1, %rd2; ld.global." + ty + " " +
                  dst + ", [%rd3];\nret;\n}\n";
  Emu e;
  EXPECT_TRUE(e.load(k)) << e.err;
  uint64_t g = e.upload(std::vector<uint8_t>(32 * 64 * 8));
  return e.run("k", dim(1), dim(32), {ParamValue::of(g)});
}

TEST(PTXEmuCounters, BankConflictsAndSectors) {
  auto r1 = runStride(1);
  ASSERT_TRUE(r1.ok) << r1.error;
  EXPECT_EQ(r1.counters.sharedBankConflicts, 0u);
  EXPECT_EQ(r1.counters.sharedWavefronts, 1u);
  EXPECT_EQ(r1.counters.globalLoadSectors, 4u);
  EXPECT_EQ(r1.counters.globalLoadBytes, 128u);
  auto r2 = runStride(2);
  EXPECT_EQ(r2.counters.sharedBankConflicts, 1u); // 2-way
  EXPECT_EQ(r2.counters.globalLoadSectors, 8u);
  auto r32 = runStride(32);
  EXPECT_EQ(r32.counters.sharedBankConflicts, 31u); // all lanes in bank 0
  EXPECT_EQ(r32.counters.globalLoadSectors, 32u);
  auto r33 = runStride(33);
  EXPECT_EQ(r33.counters.sharedBankConflicts, 0u);
  // 8-byte accesses: two half-warp phases, conflict-free when contiguous.
  auto v2 = runStride(1, 8);
  EXPECT_EQ(v2.counters.sharedWavefronts, 2u);
  EXPECT_EQ(v2.counters.sharedBankConflicts, 0u);
  EXPECT_EQ(v2.counters.globalLoadSectors, 8u);
}

TEST(PTXEmuCounters, InstructionClassesAndFormat) {
  auto r = runStride(1);
  const Counters &c = r.counters;
  EXPECT_EQ(c.warpInstrs, 10u); // incl. ret
  EXPECT_EQ(c.threadInstrs, 320u);
  EXPECT_EQ(c.byClass[size_t(IClass::Memory)], 3u); // ld.param, ld.shared, ld.global
  EXPECT_EQ(c.byClass[size_t(IClass::Integer)], 3u);
  std::string f = c.format();
  EXPECT_NE(f.find("shared_bank_conflicts: 0\n"), std::string::npos) << f;
  EXPECT_NE(f.find("class.memory: 3\n"), std::string::npos) << f;
}

} // namespace
