//===- Harness.h - helpers for PTX emulator tests ---------------*- C++ -*-===//
#ifndef TILECC_TEST_PTXEMU_HARNESS_H
#define TILECC_TEST_PTXEMU_HARNESS_H

#include "PTXEmu/PTXEmu.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ptxtest {
using namespace tilecc::ptxemu;

inline const char *kHeader = ".version 8.0\n.target sm_80\n.address_size 64\n";

// Registers every test kernel may use.
inline const char *kRegs =
    ".reg .b32 %r<64>;\n.reg .b64 %rd<64>;\n.reg .f32 %f<64>;\n"
    ".reg .f64 %fd<32>;\n.reg .pred %p<32>;\n.reg .b16 %h<32>;\n";

struct Emu {
  Device dev;
  std::unique_ptr<Program> prog;
  std::string err;

  bool load(const std::string &ptx) {
    prog = Program::load(dev, ptx, err, "test.ptx");
    return prog != nullptr;
  }
  template <typename T> uint64_t upload(const std::vector<T> &v) {
    uint64_t a = dev.alloc(std::max<size_t>(v.size() * sizeof(T), 1));
    dev.write(a, v.data(), v.size() * sizeof(T));
    return a;
  }
  template <typename T> std::vector<T> download(uint64_t a, size_t n) {
    std::vector<T> v(n);
    dev.read(a, v.data(), n * sizeof(T));
    return v;
  }
  LaunchResult run(const std::string &kernel, Dim3 grid, Dim3 block,
                   std::vector<ParamValue> args, uint32_t dyn = 0) {
    LaunchConfig c;
    c.grid = grid;
    c.block = block;
    c.dynamicShared = dyn;
    return prog->launch(kernel, c, args);
  }
};

inline Dim3 dim(uint32_t x, uint32_t y = 1, uint32_t z = 1) {
  Dim3 d;
  d.x = x;
  d.y = y;
  d.z = z;
  return d;
}

// An emulator for the common test form: a kernel k(out) whose one parameter
// is a buffer of 32-bit words, filled with `fill` before the launch.
struct OutKernel : Emu {
  uint64_t dout = 0;
  size_t words = 0;

  // Loads `ptx` and launches k; a kernel that does not load fails the test
  // and gives a failed launch.
  LaunchResult launch(const std::string &ptx, Dim3 grid, Dim3 block,
                      size_t outWords, uint32_t fill = 0,
                      LaunchConfig config = {}) {
    EXPECT_TRUE(load(ptx)) << err;
    if (!prog) {
      LaunchResult failed;
      failed.error = "the kernel did not load: " + err;
      return failed;
    }
    words = outWords;
    dout = upload(std::vector<uint32_t>(words, fill));
    config.grid = grid;
    config.block = block;
    return prog->launch("k", config, {ParamValue::of(dout)});
  }
  std::vector<uint32_t> output() { return download<uint32_t>(dout, words); }
};

// A one-warp kernel k(out, in): lane t loads %r10..12 / %f10..12 (32-bit) or
// %rd10..12 / %fd10..12 (64-bit) from in[t], in[32+t], in[64+t], runs
// `body`, and stores %r13 (or %rd13) to out[t].
inline std::string laneKernel(const std::string &body, bool wide) {
  std::string s = kHeader;
  s += ".visible .entry k(.param .u64 out, .param .u64 in)\n{\n";
  s += kRegs;
  s += "ld.param.u64 %rd1, [out];\nld.param.u64 %rd2, [in];\n"
       "mov.u32 %r1, %tid.x;\n";
  if (!wide) {
    s += "mul.wide.u32 %rd3, %r1, 4;\nadd.s64 %rd4, %rd2, %rd3;\n"
         "add.s64 %rd5, %rd1, %rd3;\n"
         "ld.global.u32 %r10, [%rd4];\nld.global.u32 %r11, [%rd4+128];\n"
         "ld.global.u32 %r12, [%rd4+256];\n"
         "mov.b32 %f10, %r10;\nmov.b32 %f11, %r11;\nmov.b32 %f12, %r12;\n";
    s += body + "\n";
    s += "st.global.u32 [%rd5], %r13;\nret;\n}\n";
  } else {
    s += "mul.wide.u32 %rd3, %r1, 8;\nadd.s64 %rd4, %rd2, %rd3;\n"
         "add.s64 %rd5, %rd1, %rd3;\n"
         "ld.global.u64 %rd10, [%rd4];\nld.global.u64 %rd11, [%rd4+256];\n"
         "ld.global.u64 %rd12, [%rd4+512];\n"
         "mov.b64 %fd10, %rd10;\nmov.b64 %fd11, %rd11;\nmov.b64 %fd12, %rd12;\n";
    s += body + "\n";
    s += "st.global.u64 [%rd5], %rd13;\nret;\n}\n";
  }
  return s;
}

// Runs `body` on 32 lanes with operands a[t], b[t], c[t] (padded by
// repetition); returns the 32 results. Fails the test on any error.
template <typename T>
std::vector<T> evalLanes(const std::string &body, std::vector<T> a,
                         std::vector<T> b = {}, std::vector<T> c = {}) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
  auto pad = [](std::vector<T> &v) {
    if (v.empty())
      v.push_back(T());
    size_t n = v.size();
    for (size_t i = n; i < 32; ++i)
      v.push_back(v[i % n]);
    v.resize(32);
  };
  pad(a);
  pad(b);
  pad(c);
  std::vector<T> in(a);
  in.insert(in.end(), b.begin(), b.end());
  in.insert(in.end(), c.begin(), c.end());
  Emu e;
  EXPECT_TRUE(e.load(laneKernel(body, sizeof(T) == 8))) << e.err;
  if (!e.prog)
    return {};
  uint64_t din = e.upload(in);
  uint64_t dout = e.upload(std::vector<T>(32));
  LaunchResult r = e.run("k", dim(1), dim(32), {ParamValue::of(dout), ParamValue::of(din)});
  EXPECT_TRUE(r.ok) << r.error;
  return e.download<T>(dout, 32);
}

inline uint32_t f2u(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float u2f(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint64_t d2u(double f) {
  uint64_t u;
  std::memcpy(&u, &f, 8);
  return u;
}
inline double u2d(uint64_t u) {
  double f;
  std::memcpy(&f, &u, 8);
  return f;
}

inline std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

} // namespace ptxtest

#endif
