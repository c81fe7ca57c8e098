//===- ParserTest.cpp - PTX parsing and load-time diagnostics -------------===//
#include "Harness.h"

#include <cstdlib>

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
  m = loadError("setmaxnreg.inc.sync.aligned.u32 13;");
  EXPECT_NE(m.find("constant multiple of 8"), std::string::npos) << m;
  m = loadError("shfl.down.b32 %r1, %r2, 1, 31;");
  EXPECT_NE(m.find("only 'shfl.sync' is supported"), std::string::npos) << m;
}

TEST(PTXEmuParser, LaunchErrors) {
  Emu e;
  ASSERT_TRUE(e.load(std::string(kHeader) + ".visible .entry k(.param .u32 n)\n{\nret;\n}\n"))
      << e.err;
  auto r = e.run("nope", dim(1), dim(32), {});
  EXPECT_NE(r.error.find("no kernel named 'nope'"), std::string::npos) << r.error;
  Emu decl;
  ASSERT_TRUE(decl.load(std::string(kHeader) + ".extern .entry d(.param .u32 n);\n")) << decl.err;
  r = decl.run("d", dim(1), dim(32), {ParamValue::of(uint32_t(1))});
  EXPECT_NE(r.error.find("no kernel named 'd'"), std::string::npos) << r.error;
  r = e.run("k", dim(1), dim(32), {});
  EXPECT_NE(r.error.find("takes 1 parameters, 0 given"), std::string::npos) << r.error;
  r = e.run("k", dim(1), dim(32), {ParamValue::of(uint64_t(1))});
  EXPECT_NE(r.error.find("is 4 bytes, 8 given"), std::string::npos) << r.error;
  r = e.run("k", dim(1), dim(2048), {ParamValue::of(uint32_t(1))});
  EXPECT_NE(r.error.find("invalid launch configuration"), std::string::npos) << r.error;
}

} // namespace

namespace {

// Truncated and mutated PTX must end in a located diagnostic or a run that
// stops with an error, never a crash or a hang.
TEST(PTXEmuParser, MutatedInputsNeverCrash) {
  std::vector<std::string> inputs;
  for (const char *name : {"shuffles", "mma", "cp_async", "atomics", "half_math",
                           "divergence", "reduction", "intrinsics"}) {
    std::string t = readFile(std::string(TILECC_PTXEMU_KERNEL_DIR) + "/" + name + ".ptx");
    if (!t.empty())
      inputs.push_back(t);
  }
  inputs.push_back(laneKernel("shfl.sync.bfly.b32 %r13, %r10, 1, 31, -1;", false));
  uint64_t seed = 12345;
  auto rnd = [&](uint64_t n) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return n ? (seed >> 33) % n : 0;
  };
  const char junk[] = "{}[]();,.%@!|+-0123456789abcxyz_ \n";
  unsigned loaded = 0, total = 0;
  // PTXEMU_FUZZ_COUNT raises the number of mutants for longer campaigns.
  const char *env = std::getenv("PTXEMU_FUZZ_COUNT");
  unsigned perInput = env ? unsigned(std::atoi(env)) : 120;
  for (const std::string &base : inputs) {
    for (unsigned k = 0; k < perInput; ++k) {
      std::string s = base;
      switch (k % 4) {
      case 0: s = s.substr(0, rnd(s.size())); break;
      case 1: { // delete a line
        size_t a = s.find('\n', rnd(s.size()));
        size_t b = a == std::string::npos ? a : s.find('\n', a + 1);
        if (a != std::string::npos && b != std::string::npos)
          s.erase(a, b - a);
        break;
      }
      case 2: s[rnd(s.size())] = junk[rnd(sizeof junk - 1)]; break;
      case 3: { // duplicate a line
        size_t a = s.find('\n', rnd(s.size()));
        size_t b = a == std::string::npos ? a : s.find('\n', a + 1);
        if (a != std::string::npos && b != std::string::npos)
          s.insert(b, s.substr(a, b - a));
        break;
      }
      }
      ++total;
      Emu e;
      if (!e.load(s)) {
        EXPECT_EQ(e.err.rfind("test.ptx:", 0), 0u) << e.err;
        continue;
      }
      ++loaded;
      for (const std::string &kname : e.prog->kernels()) {
        const Function &f = e.prog->module().functions[e.prog->module().functionIndex.at(kname)];
        uint64_t buf = e.dev.alloc(4096);
        std::vector<ParamValue> args;
        for (const Param &p : f.params) {
          ParamValue v;
          v.bytes.assign(p.size, 0);
          if (p.size == 8)
            std::memcpy(v.bytes.data(), &buf, 8);
          args.push_back(v);
        }
        LaunchConfig c;
        c.grid = dim(2);
        c.block = dim(64);
        c.maxWarpInstrs = 200000;
        LaunchResult r = e.prog->launch(kname, c, args);
        if (!r.ok)
          EXPECT_FALSE(r.error.empty());
      }
    }
  }
  EXPECT_GT(loaded, 0u);
  EXPECT_GT(total, loaded);
}

} // namespace
