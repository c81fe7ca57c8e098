//===- CaseTest.cpp - case files and .npy output --------------------------===//
#include "Run/Case.h"
#include "Run/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tilecc;

static std::string writeTemp(const std::string &text) {
  llvm::SmallString<128> path;
  int fd;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("case", "json", fd, path));
  llvm::raw_fd_ostream os(fd, true);
  os << text;
  return std::string(path);
}

TEST(Case, LoadsBuffersAndScalars) {
  std::string path = writeTemp(R"({
    "kernel_file": "k.tile", "kernel": "k", "grid": [4, 2],
    "args": [
      {"buffer": "x", "type": "f32", "count": 8, "init": "random", "seed": 7},
      {"buffer": "y", "type": "f16", "count": 3, "init": "iota", "output": true},
      {"buffer": "z", "type": "i32", "init": [1, -2, 3]},
      {"scalar": "i32", "value": 8192}],
    "tolerance": {"rtol": 1e-3, "atol": 0}})");
  llvm::Expected<Case> c = loadCase(path);
  ASSERT_TRUE(bool(c)) << llvm::toString(c.takeError());
  EXPECT_EQ(c->kernel, "k");
  EXPECT_EQ(c->grid[0], 4u);
  EXPECT_EQ(c->grid[1], 2u);
  EXPECT_EQ(c->grid[2], 1u);
  EXPECT_DOUBLE_EQ(c->tolerance.rtol, 1e-3);
  EXPECT_DOUBLE_EQ(c->tolerance.atol, 0);
  EXPECT_FALSE(c->tolerance.ulp);
  ASSERT_EQ(c->args.size(), 4u);
  const CaseBuffer &x = *c->args[0].buffer;
  for (uint64_t i = 0; i < 8; ++i) {
    double v = decodeElement(ElementKind::F32, readElementBits(x.bytes, x.type, i));
    EXPECT_GE(v, -1.0);
    EXPECT_LE(v, 1.0);
  }
  const CaseBuffer &y = *c->args[1].buffer;
  EXPECT_TRUE(y.output);
  EXPECT_EQ(decodeElement(ElementKind::F16, readElementBits(y.bytes, y.type, 2)), 2.0);
  const CaseBuffer &z = *c->args[2].buffer;
  EXPECT_EQ(z.count, 3u);
  EXPECT_EQ(decodeElement(ElementKind::I32, readElementBits(z.bytes, z.type, 1)), -2.0);
  EXPECT_EQ(c->args[3].scalar->bits, 8192u);
  llvm::sys::fs::remove(path);
}

TEST(Case, PerBufferToleranceInUlp) {
  std::string path = writeTemp(R"({
    "kernel_file": "k.tile", "kernel": "k",
    "args": [
      {"buffer": "a", "type": "f32", "count": 1, "output": true,
       "tolerance": {"ulp": 2}},
      {"buffer": "b", "type": "f32", "count": 1, "output": true}],
    "tolerance": {"rtol": 0}})");
  llvm::Expected<Case> c = loadCase(path);
  ASSERT_TRUE(bool(c)) << llvm::toString(c.takeError());
  const CaseBuffer &a = *c->args[0].buffer;
  ASSERT_TRUE(a.tolerance && a.tolerance->ulp);
  EXPECT_EQ(*a.tolerance->ulp, 2u);
  // Absent fields take the defaults, not the case's tolerance.
  EXPECT_DOUBLE_EQ(a.tolerance->rtol, Tolerance().rtol);
  EXPECT_FALSE(c->args[1].buffer->tolerance);
  EXPECT_DOUBLE_EQ(c->tolerance.rtol, 0);
  llvm::sys::fs::remove(path);
}

TEST(Case, UlpDistance) {
  // Adjacent floats are 1 apart, across zero too (+0 and -0 coincide).
  EXPECT_EQ(getUlpDistance(ElementKind::F32, 0x3f800000, 0x3f800001), 1u);
  EXPECT_EQ(getUlpDistance(ElementKind::F32, 0x3f800001, 0x3f800000), 1u);
  EXPECT_EQ(getUlpDistance(ElementKind::F32, 0x80000000, 0x00000000), 0u);
  EXPECT_EQ(getUlpDistance(ElementKind::F32, 0x80000001, 0x00000001), 2u);
  EXPECT_EQ(getUlpDistance(ElementKind::F16, 0x3c00, 0x3c03), 3u);
  EXPECT_EQ(getUlpDistance(ElementKind::F64, 0x3ff0000000000000ull,
                           0x3ff0000000000002ull),
            2u);
}

TEST(Case, RandomInitIsDeterministic) {
  std::string text = R"({"kernel_file": "k.tile", "kernel": "k",
    "args": [{"buffer": "x", "type": "bf16", "count": 64, "init": "random", "seed": 3}]})";
  std::string p1 = writeTemp(text), p2 = writeTemp(text);
  llvm::Expected<Case> a = loadCase(p1), b = loadCase(p2);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->args[0].buffer->bytes, b->args[0].buffer->bytes);
  llvm::sys::fs::remove(p1);
  llvm::sys::fs::remove(p2);
}

TEST(Case, Float8Buffers) {
  std::string path = writeTemp(R"({"kernel_file": "k.tile", "kernel": "k",
    "args": [{"buffer": "a", "type": "f8E4M3FN", "init": [448, 1.0625, -0.5]},
             {"buffer": "s", "type": "f8E8M0FNU", "init": [1, 0.25]}]})");
  llvm::Expected<Case> c = loadCase(path);
  ASSERT_TRUE(bool(c)) << llvm::toString(c.takeError());
  const CaseBuffer &a = *c->args[0].buffer;
  EXPECT_EQ(a.bytes, (std::vector<uint8_t>{0x7e, 0x38, 0xb0})); // 1.0625 ties to 1
  EXPECT_EQ(decodeElement(ElementKind::F8E4M3FN, 0xb0), -0.5);
  const CaseBuffer &s = *c->args[1].buffer;
  EXPECT_EQ(s.bytes, (std::vector<uint8_t>{0x7f, 0x7d}));
  EXPECT_TRUE(std::isnan(decodeElement(ElementKind::F8E8M0FNU, 0xff)));
  llvm::sys::fs::remove(path);
}

TEST(Case, MalformedCasesAreErrors) {
  for (const char *text : {"[1, 2]", "{\"kernel\": \"k\"}", "not json",
                           R"({"kernel_file": "k", "kernel": "k", "args": [{"buffer": "x", "type": "q7", "count": 1}]})",
                           R"({"kernel_file": "k", "kernel": "k", "args": [{"buffer": "x", "count": "many"}]})",
                           R"({"kernel_file": "k", "kernel": "k", "args": [{"buffer": "x", "count": 2, "init": [1]}]})"}) {
    std::string path = writeTemp(text);
    llvm::Expected<Case> c = loadCase(path);
    EXPECT_FALSE(bool(c)) << text;
    if (!c)
      llvm::consumeError(c.takeError());
    llvm::sys::fs::remove(path);
  }
}

TEST(Npy, WritesHeaderAndData) {
  std::vector<uint8_t> bytes(8);
  writeElementBits(bytes, ElementKind::F32, 0, encodeElement(ElementKind::F32, 1.5));
  writeElementBits(bytes, ElementKind::F32, 1, encodeElement(ElementKind::F32, -2.0));
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("npy", "npy", path));
  ASSERT_FALSE(bool(writeNpy(std::string(path), ElementKind::F32, bytes, 2)));
  auto file = llvm::MemoryBuffer::getFile(path, false, false);
  ASSERT_TRUE(bool(file));
  llvm::StringRef data = (*file)->getBuffer();
  EXPECT_TRUE(data.starts_with("\x93NUMPY"));
  EXPECT_EQ(data.size() % 64, 8u); // 64-byte aligned header + 8 data bytes
  EXPECT_NE(data.find("'descr': '<f4'"), llvm::StringRef::npos);
  EXPECT_NE(data.find("'shape': (2,)"), llvm::StringRef::npos);
  float values[2];
  std::memcpy(values, data.data() + data.size() - 8, 8);
  EXPECT_EQ(values[0], 1.5f);
  EXPECT_EQ(values[1], -2.0f);
  llvm::sys::fs::remove(path);
}

TEST(Case, Fp8Buffers) {
  // One byte per element; values round to the nearest fp8 (e4m3: 1.0 is
  // 0x38, e5m2: 1.0 is 0x3c).
  std::string path = writeTemp(R"({"kernel_file": "k.tile", "kernel": "k",
    "args": [{"buffer": "a", "type": "f8E4M3FN", "count": 2, "init": [1.0, -0.5]},
             {"buffer": "b", "type": "f8E5M2", "count": 1, "init": [1.0]}]})");
  llvm::Expected<Case> c = loadCase(path);
  ASSERT_TRUE(bool(c)) << llvm::toString(c.takeError());
  const CaseBuffer &a = *c->args[0].buffer;
  ASSERT_EQ(a.bytes.size(), 2u);
  EXPECT_EQ(a.bytes[0], 0x38);
  EXPECT_EQ(decodeElement(ElementKind::F8E4M3FN, readElementBits(a.bytes, a.type, 1)), -0.5);
  EXPECT_EQ(c->args[1].buffer->bytes[0], 0x3c);
  llvm::sys::fs::remove(path);
}
