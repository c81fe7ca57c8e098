//===- ParserTest.cpp - PTX parsing and load-time diagnostics -------------===//
#include "Harness.h"

using namespace ptxtest;

namespace {

std::string loadError(const std::string &body, const std::string &pre = "") {
  Emu e;
  std::string k = std::string(kHeader) + pre + ".visible .entry k()\n{\n" + kRegs + body +
                  "\nret;\n}\n";
  EXPECT_FALSE(e.load(k)) << "expected a load error for: " << body;
  return e.err;
}

TEST(PTXEmuParser, ModuleStructure) {
  std::string ptx = std::string("//\n// comment\n.version 8.4\n.target sm_80, debug\n"
                                ".address_size 64\n.file 1 \"k.cu\"\n"
                                ".global .align 4 .u32 counter = 5;\n"
                                ".global .align 4 .f32 table[3] = {0f3F800000, 2.5, -1};\n"
                                ".const .align 4 .b8 cst[8] = {1, 2, 3, 4};\n"
                                "/* block\n comment */\n"
                                ".visible .entry a(.param .u64 .ptr .align 1 p, .param .align 8 "
                                ".b8 s[16])\n.maxntid 128, 1, 1\n{\n.reg .b32 %r<3>;\n"
                                ".loc 1 10 3\n ret;\n}\n"
                                ".entry b()\n{\n{\n.reg .b32 %x;\nmov.u32 %x, 1;\n}\n"
                                "{\n.reg .b32 %x;\nmov.u32 %x, 2;\n}\n"
                                ".pragma \"nounroll\";\nret;\n}\n");
  Emu e;
  ASSERT_TRUE(e.load(ptx)) << e.err;
  const Module &m = e.prog->module();
  EXPECT_EQ(m.version, "8.4");
  EXPECT_EQ(m.target, "sm_80,debug");
  EXPECT_EQ(e.prog->kernels(), (std::vector<std::string>{"a", "b"}));
  const Function &a = m.functions[m.functionIndex.at("a")];
  ASSERT_EQ(a.params.size(), 2u);
  EXPECT_EQ(a.params[1].offset, 8u);
  EXPECT_EQ(a.params[1].size, 16u);
  EXPECT_EQ(a.paramSize, 24u);
  uint32_t v = 0;
  e.dev.read(e.prog->symbolAddress("counter"), &v, 4);
  EXPECT_EQ(v, 5u);
  float t[3];
  e.dev.read(e.prog->symbolAddress("table"), t, 12);
  EXPECT_EQ(t[0], 1.0f);
  EXPECT_EQ(t[1], 2.5f);
  EXPECT_EQ(t[2], -1.0f);
  uint8_t c[8];
  e.dev.read(e.prog->symbolAddress("cst"), c, 8);
  EXPECT_EQ(c[3], 4);
  EXPECT_EQ(c[4], 0);
}

TEST(PTXEmuParser, Diagnostics) {
  EXPECT_NE(loadError("frobnicate.b32 %r1, %r2;").find("test.ptx:"), std::string::npos);
  EXPECT_NE(loadError("frobnicate.b32 %r1, %r2;").find("unknown instruction 'frobnicate'"),
            std::string::npos);
  std::string m = loadError("add.wrap.s32 %r1, %r1, %r2;");
  EXPECT_NE(m.find("unknown modifier '.wrap' for 'add'"), std::string::npos) << m;
  EXPECT_NE(m.find("in 'add.wrap.s32 %r1, %r1, %r2'"), std::string::npos) << m;
  m = loadError("add.s32 %r1, %zz, %r2;");
  EXPECT_NE(m.find("unknown register '%zz'"), std::string::npos) << m;
  m = loadError("bra NOWHERE;");
  EXPECT_NE(m.find("unknown label 'NOWHERE'"), std::string::npos) << m;
  m = loadError("add.s32 %r1, %r2;");
  EXPECT_NE(m.find("expects 3 operands, got 2"), std::string::npos) << m;
  m = loadError("div.f32 %f1, %f2, %f3;");
  EXPECT_NE(m.find("requires .approx, .full or a rounding mode"), std::string::npos) << m;
  m = loadError("cvt.s32.f32 %r1, %f1;");
  EXPECT_NE(m.find("requires .rni, .rzi, .rmi or .rpi"), std::string::npos) << m;
  m = loadError("ex2.f32 %f1, %f2;");
  EXPECT_NE(m.find("requires .approx"), std::string::npos) << m;
  m = loadError("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, "
                "{%r1,%r2}, {%r3,%r4}, {%f1,%f2,%f3,%f4};");
  EXPECT_NE(m.find("mma operand 1 needs a {..} of 4 registers"), std::string::npos) << m;
  m = loadError("{ .param .b32 x; call.uni foo, (x); }");
  EXPECT_NE(m.find("call to undeclared function 'foo'"), std::string::npos) << m;
  m = loadError("ld.global.u32 %r1, [%rd1];\n#");
  EXPECT_NE(m.find("unexpected character '#'"), std::string::npos) << m;
  m = loadError("shfl.down.b32 %r1, %r2, 1, 31;");
  EXPECT_NE(m.find("only 'shfl.sync' is supported"), std::string::npos) << m;
}

TEST(PTXEmuParser, LaunchErrors) {
  Emu e;
  ASSERT_TRUE(e.load(std::string(kHeader) + ".visible .entry k(.param .u32 n)\n{\nret;\n}\n"))
      << e.err;
  auto r = e.run("nope", dim(1), dim(32), {});
  EXPECT_NE(r.error.find("no kernel named 'nope'"), std::string::npos) << r.error;
  r = e.run("k", dim(1), dim(32), {});
  EXPECT_NE(r.error.find("takes 1 parameters, 0 given"), std::string::npos) << r.error;
  r = e.run("k", dim(1), dim(32), {ParamValue::of(uint64_t(1))});
  EXPECT_NE(r.error.find("is 4 bytes, 8 given"), std::string::npos) << r.error;
  r = e.run("k", dim(1), dim(2048), {ParamValue::of(uint32_t(1))});
  EXPECT_NE(r.error.find("invalid launch configuration"), std::string::npos) << r.error;
}

} // namespace
