//===- TmaTest.cpp - TMA, tensor maps, mbarrier pipelines on the emulator -===//
//
// Hand-written sm_90a PTX: cp.async.bulk.tensor loads (every swizzle mode,
// out-of-bound fill), tensor stores with bulk async-groups, tensor maps made
// on the device with tensormap.replace and its proxy fences, mbarrier rings
// with phase flips, deadlock reports, and the async-proxy hazards. Expected
// shared-memory images come from the PTX ISA's swizzle pattern tables
// (5.5.7), written out below as tables, not from the emulator's formula.
//
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include <cmath>

using namespace ptxtest;

namespace {

const char *kHopper = ".version 8.3\n.target sm_90a\n.address_size 64\n";

// PTX ISA 5.5.7: for each 128-byte line of the repeating pattern, which
// source unit sits at each destination position.
const int k32B[2][8] = {{0, 1, 2, 3, 4, 5, 6, 7}, {1, 0, 3, 2, 5, 4, 7, 6}};
const int k64B[4][8] = {{0, 1, 2, 3, 4, 5, 6, 7},
                        {1, 0, 3, 2, 5, 4, 7, 6},
                        {2, 3, 0, 1, 6, 7, 4, 5},
                        {3, 2, 1, 0, 7, 6, 5, 4}};
const int k128B[8][8] = {{0, 1, 2, 3, 4, 5, 6, 7}, {1, 0, 3, 2, 5, 4, 7, 6},
                         {2, 3, 0, 1, 6, 7, 4, 5}, {3, 2, 1, 0, 7, 6, 5, 4},
                         {4, 5, 6, 7, 0, 1, 2, 3}, {5, 4, 7, 6, 1, 0, 3, 2},
                         {6, 7, 4, 5, 2, 3, 0, 1}, {7, 6, 5, 4, 3, 2, 1, 0}};
// 32-byte atoms (pairs of 16-byte cells) and 64-byte atoms.
const int k128B32[4][4] = {{0, 1, 2, 3}, {1, 0, 3, 2}, {2, 3, 0, 1}, {3, 2, 1, 0}};
const int k128B64[2][2] = {{0, 1}, {1, 0}};

// The byte of the dense box image found at shared position `pos` (relative
// to a 1024-byte aligned base).
size_t sourceByte(size_t pos, unsigned swizzle, unsigned atom) {
  size_t line = pos / 128, in = pos % 128;
  if (swizzle == 0)
    return pos;
  if (swizzle == 3 && atom == 1) {
    return line * 128 + k128B32[line % 4][in / 32] * 32 + in % 32;
  }
  if (swizzle == 3 && atom == 2) {
    size_t s = line * 128 + k128B32[line % 4][in / 32] * 32 + in % 32;
    // alternate lines also swap the 8-byte halves of each 16-byte cell
    return line % 2 ? (s & ~size_t(15)) | ((s % 16 + 8) % 16) : s;
  }
  if (swizzle == 3 && atom == 3)
    return line * 128 + k128B64[line % 2][in / 64] * 64 + in % 64;
  int cell = swizzle == 1 ? k32B[line % 2][in / 16]
             : swizzle == 2 ? k64B[line % 4][in / 16]
                            : k128B[line % 8][in / 16];
  return line * 128 + size_t(cell) * 16 + in % 16;
}

// A kernel that loads one box with TMA (thread 0 issues; everyone waits on
// the mbarrier's phase 0) and copies the `bytes` of shared memory to out.
std::string loadKernel(unsigned dims, unsigned bytes, bool wait = true) {
  std::string coords = "{%r1";
  for (unsigned d = 1; d < dims; ++d)
    coords += ", %r" + std::to_string(1 + d);
  coords += "}";
  std::string s = kHopper;
  s += ".visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out, "
       ".param .b32 c0, .param .b32 c1, .param .b32 c2)\n{\n";
  s += kRegs;
  s += ".shared .align 1024 .b8 smem[" + std::to_string(bytes) + "];\n"
       ".shared .align 8 .b64 bar;\n"
       "mov.u32 %r20, %tid.x;\nsetp.ne.u32 %p0, %r20, 0;\n"
       "@%p0 bra SYNC;\n"
       "mbarrier.init.shared::cta.b64 [bar], 1;\n"
       "fence.mbarrier_init.release.cluster;\n"
       "ld.param.b32 %r1, [c0];\nld.param.b32 %r2, [c1];\nld.param.b32 %r3, [c2];\n"
       "mov.u32 %r4, 0;\nmov.u32 %r5, 0;\n"
       "mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 %rd9, [bar], " +
       std::to_string(bytes) + ";\n"
       "cp.async.bulk.tensor." + std::to_string(dims) +
       "d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [smem], [tmap, " +
       coords + "], [bar];\n"
       "SYNC:\nbar.sync 0;\n";
  if (wait)
    s += "WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 %p1, [bar], 0;\n"
         "@!%p1 bra WAIT;\n";
  s += "ld.param.u64 %rd1, [out];\nmov.u32 %r21, %r20;\n"
       "LOOP:\nsetp.ge.u32 %p2, %r21, " + std::to_string(bytes / 4) + ";\n"
       "@%p2 bra DONE;\nmul.wide.u32 %rd2, %r21, 4;\nmov.u32 %r22, smem;\n"
       "cvt.u64.u32 %rd3, %r22;\nadd.s64 %rd3, %rd3, %rd2;\ncvt.u32.u64 %r23, %rd3;\n"
       "ld.shared.u32 %r24, [%r23];\nadd.s64 %rd4, %rd1, %rd2;\n"
       "st.global.u32 [%rd4], %r24;\nadd.u32 %r21, %r21, 32;\nbra LOOP;\n"
       "DONE:\nret;\n}\n";
  return s;
}

struct TmaRun {
  Emu e;
  LaunchResult r;
  std::vector<uint8_t> smem;
};

// A rows x cols tensor of 16-bit elements whose value encodes its position.
uint64_t makeTensor(Emu &e, unsigned rows, unsigned cols) {
  std::vector<uint16_t> v(size_t(rows) * cols);
  for (unsigned r = 0; r < rows; ++r)
    for (unsigned c = 0; c < cols; ++c)
      v[size_t(r) * cols + c] = uint16_t(r * 256 + c);
  return e.upload(v);
}

TensorMapInfo map2d(uint64_t base, unsigned rows, unsigned cols, unsigned boxRows,
                    unsigned boxCols, unsigned elemType = 1) {
  TensorMapInfo t;
  t.globalAddress = base;
  t.rank = 2;
  t.globalDim[0] = cols;
  t.globalDim[1] = rows;
  t.globalStride[0] = uint64_t(cols) * 2;
  t.boxDim[0] = boxCols;
  t.boxDim[1] = boxRows;
  t.elemType = elemType;
  return t;
}

struct SwizzleCase {
  unsigned swizzle, atom, rowBytes;
};

class TmaSwizzle : public ::testing::TestWithParam<SwizzleCase> {};

TEST_P(TmaSwizzle, SharedImageFollowsTheIsaPatternTable) {
  SwizzleCase sc = GetParam();
  // A 16 x (rowBytes / 2) box of u16 from a 32 x 128 tensor at (8, 3).
  TmaRun t;
  unsigned boxCols = sc.rowBytes / 2, boxRows = 16, bytes = boxRows * sc.rowBytes;
  TensorMapInfo info = map2d(0, 32, 128, boxRows, boxCols);
  info.swizzle = sc.swizzle;
  info.swizzleAtomicity = sc.atom;
  // The tensor lives in the run's own device.
  ASSERT_TRUE(t.e.load(loadKernel(2, bytes))) << t.e.err;
  info.globalAddress = makeTensor(t.e, 32, 128);
  ParamValue tm;
  tm.bytes = encodeTensorMap(info);
  uint64_t out = t.e.upload(std::vector<uint8_t>(bytes, 0xEE));
  t.r = t.e.run("k", dim(1), dim(32),
                {tm, ParamValue::of(out), ParamValue::of(int32_t(8)),
                 ParamValue::of(int32_t(3)), ParamValue::of(int32_t(0))});
  ASSERT_TRUE(t.r.ok) << t.r.error;
  auto img = t.e.download<uint8_t>(out, bytes);
  // The dense image: row r of the box, column c, as little-endian u16.
  std::vector<uint8_t> dense(bytes);
  for (unsigned r = 0; r < boxRows; ++r)
    for (unsigned c = 0; c < boxCols; ++c) {
      uint16_t v = uint16_t((3 + r) * 256 + 8 + c);
      dense[(r * boxCols + c) * 2] = uint8_t(v);
      dense[(r * boxCols + c) * 2 + 1] = uint8_t(v >> 8);
    }
  for (size_t p = 0; p < bytes; ++p)
    ASSERT_EQ(img[p], dense[sourceByte(p, sc.swizzle, sc.atom)])
        << "shared byte " << p << " (swizzle " << sc.swizzle << ", atomicity "
        << sc.atom << ")";
  EXPECT_NE(t.r.counters.format().find("tma_loads: 1\n"), std::string::npos);
  EXPECT_NE(t.r.counters.format().find("tma_load_bytes: " + std::to_string(bytes)),
            std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    AllModes, TmaSwizzle,
    ::testing::Values(SwizzleCase{0, 0, 128}, SwizzleCase{0, 0, 48},
                      SwizzleCase{1, 0, 32}, SwizzleCase{2, 0, 64},
                      SwizzleCase{3, 0, 128}, SwizzleCase{3, 1, 128},
                      SwizzleCase{3, 2, 128}, SwizzleCase{3, 3, 128}));

TEST(PTXEmuTma, OutOfBoundsElementsAreFilledWithZeroOrNaN) {
  for (unsigned fill : {0u, 1u}) {
    TmaRun t;
    ASSERT_TRUE(t.e.load(loadKernel(2, 8 * 8 * 4))) << t.e.err;
    // A 6 x 5 f32 tensor (rows padded to 32 bytes); an 8 x 8 box at (-2, 3).
    std::vector<float> v(6 * 8, -1.0f);
    for (unsigned r = 0; r < 6; ++r)
      for (unsigned c = 0; c < 5; ++c)
        v[r * 8 + c] = float(r * 10 + c);
    TensorMapInfo info;
    info.globalAddress = t.e.upload(v);
    info.rank = 2;
    info.globalDim[0] = 5;
    info.globalDim[1] = 6;
    info.globalStride[0] = 32;
    info.boxDim[0] = 8;
    info.boxDim[1] = 8;
    info.elemType = 7; // .f32
    info.fill = fill;
    ParamValue tm;
    tm.bytes = encodeTensorMap(info);
    uint64_t out = t.e.upload(std::vector<float>(64, 7.0f));
    auto r = t.e.run("k", dim(1), dim(32),
                     {tm, ParamValue::of(out), ParamValue::of(int32_t(-2)),
                      ParamValue::of(int32_t(3)), ParamValue::of(int32_t(0))});
    ASSERT_TRUE(r.ok) << r.error;
    auto got = t.e.download<uint32_t>(out, 64);
    for (int br = 0; br < 8; ++br)
      for (int bc = 0; bc < 8; ++bc) {
        int gr = 3 + br, gc = -2 + bc;
        uint32_t bits = got[size_t(br * 8 + bc)];
        if (gr < 6 && gc >= 0 && gc < 5) {
          float f;
          std::memcpy(&f, &bits, 4);
          EXPECT_EQ(f, float(gr * 10 + gc)) << br << "," << bc;
        } else {
          EXPECT_EQ(bits, fill ? 0x7fffffffu : 0u) << br << "," << bc;
        }
      }
    EXPECT_NE(r.counters.format().find("tma_oob_fill_bytes: " +
                                       std::to_string((64 - 3 * 5) * 4)),
              std::string::npos)
        << r.counters.format();
  }
}

TEST(PTXEmuTma, ThreeDimensionalBoxWithTraversalStride) {
  // A 4 x 6 x 16 u16 tensor; a box of 2 x 3(stride 2 -> 2) x 16 at (0,1,1).
  TmaRun t;
  ASSERT_TRUE(t.e.load(loadKernel(3, 2 * 2 * 32))) << t.e.err;
  std::vector<uint16_t> v(4 * 6 * 16);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = uint16_t(i);
  TensorMapInfo info;
  info.globalAddress = t.e.upload(v);
  info.rank = 3;
  info.globalDim[0] = 16;
  info.globalDim[1] = 6;
  info.globalDim[2] = 4;
  info.globalStride[0] = 32;
  info.globalStride[1] = 6 * 32;
  info.boxDim[0] = 16;
  info.boxDim[1] = 3;
  info.boxDim[2] = 2;
  info.elementStride[1] = 2;
  info.elemType = 1;
  ParamValue tm;
  tm.bytes = encodeTensorMap(info);
  uint64_t out = t.e.upload(std::vector<uint16_t>(64, 0));
  auto r = t.e.run("k", dim(1), dim(32),
                   {tm, ParamValue::of(out), ParamValue::of(int32_t(0)),
                    ParamValue::of(int32_t(1)), ParamValue::of(int32_t(1))});
  ASSERT_TRUE(r.ok) << r.error;
  auto got = t.e.download<uint16_t>(out, 64);
  for (unsigned z = 0; z < 2; ++z)
    for (unsigned y = 0; y < 2; ++y)
      for (unsigned x = 0; x < 16; ++x)
        EXPECT_EQ(got[(z * 2 + y) * 16 + x], ((1 + z) * 6 + 1 + 2 * y) * 16 + x);
}

TEST(PTXEmuTma, ReadingTheBoxBeforeTheMbarrierPhaseIsAnError) {
  TensorMapInfo info = map2d(0, 8, 64, 8, 64);
  TmaRun t;
  ASSERT_TRUE(t.e.load(loadKernel(2, 1024, /*wait=*/false))) << t.e.err;
  info.globalAddress = makeTensor(t.e, 8, 64);
  ParamValue tm;
  tm.bytes = encodeTensorMap(info);
  uint64_t out = t.e.upload(std::vector<uint8_t>(1024, 0));
  auto r = t.e.run("k", dim(1), dim(32),
                   {tm, ParamValue::of(out), ParamValue::of(int32_t(0)),
                    ParamValue::of(int32_t(0)), ParamValue::of(int32_t(0))});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("async copy still in flight"), std::string::npos) << r.error;
}

TEST(PTXEmuTma, TensorMapErrors) {
  TensorMapInfo info = map2d(0, 8, 64, 8, 64);
  {
    TmaRun t;
    ASSERT_TRUE(t.e.load(loadKernel(2, 1024))) << t.e.err;
    ParamValue tm;
    tm.bytes.assign(128, 0); // not a tensor map
    uint64_t out = t.e.upload(std::vector<uint8_t>(1024, 0));
    auto r = t.e.run("k", dim(1), dim(32),
                     {tm, ParamValue::of(out), ParamValue::of(int32_t(0)),
                      ParamValue::of(int32_t(0)), ParamValue::of(int32_t(0))});
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find("not a tensor map"), std::string::npos) << r.error;
  }
  {
    TmaRun t;
    ASSERT_TRUE(t.e.load(loadKernel(2, 2048))) << t.e.err;
    info.globalAddress = makeTensor(t.e, 8, 64);
    info.swizzle = 2; // 64B swizzle, but rows of 128 bytes
    ParamValue tm;
    tm.bytes = encodeTensorMap(info);
    uint64_t out = t.e.upload(std::vector<uint8_t>(2048, 0));
    auto r = t.e.run("k", dim(1), dim(32),
                     {tm, ParamValue::of(out), ParamValue::of(int32_t(0)),
                      ParamValue::of(int32_t(0)), ParamValue::of(int32_t(0))});
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find("exceeds the 64B swizzle span"), std::string::npos)
        << r.error;
  }
}

// A tensor map built on the device: thread 0 zeroes a shared object, sets
// every field with tensormap.replace, copies it to global memory with
// tensormap.cp_fenceproxy (release), acquires it, and loads 8 x 64 u16.
std::string deviceMapKernel(bool acquire, bool allFields) {
  std::string s = kHopper;
  s += ".visible .entry k(.param .u64 tmapg, .param .u64 tensor, .param .u64 out)\n{\n";
  s += kRegs;
  s += ".shared .align 1024 .b8 smem[1024];\n.shared .align 128 .b8 tms[128];\n"
       ".shared .align 8 .b64 bar;\n"
       "mov.u32 %r20, %tid.x;\n"
       "ld.param.u64 %rd5, [tmapg];\nld.param.u64 %rd6, [tensor];\n"
       "setp.ne.u32 %p0, %r20, 0;\n@%p0 bra SKIP;\n"
       "mov.u32 %r30, 0;\nZERO:\nmov.u32 %r31, tms;\nadd.u32 %r31, %r31, %r30;\n"
       "st.shared.u32 [%r31], 0;\nadd.u32 %r30, %r30, 4;\n"
       "setp.lt.u32 %p3, %r30, 128;\n@%p3 bra ZERO;\n"
       "SKIP:\n"
       "@%p0 bra SYNC0;\n"
       "tensormap.replace.tile.global_address.shared::cta.b1024.b64 [tms], %rd6;\n"
       "tensormap.replace.tile.rank.shared::cta.b1024.b32 [tms], 1;\n"
       "tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [tms], 0, 64;\n"
       "tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [tms], 1, 8;\n"
       "tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [tms], 0, 64;\n"
       "tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [tms], 1, 8;\n"
       "tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [tms], 0, 128;\n"
       "tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [tms], 0, 1;\n"
       "tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [tms], 1, 1;\n"
       "tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [tms], 1;\n"
       "tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [tms], 0;\n";
  if (allFields)
    s += "tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [tms], 3;\n";
  s += "tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [tms], 0;\n"
       "SYNC0:\nbar.sync 0;\n"
       "setp.ge.u32 %p4, %r20, 32;\n@%p4 bra SYNC1;\n"
       "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu"
       ".sync.aligned [%rd5], [tms], 128;\n"
       "SYNC1:\n@%p0 bra SYNC;\n";
  if (acquire)
    s += "fence.proxy.tensormap::generic.acquire.gpu [%rd5], 128;\n";
  s += "mbarrier.init.shared.b64 [bar], 1;\n"
       "mov.u32 %r1, 0;\nmov.u32 %r2, 0;\n"
       "mbarrier.arrive.expect_tx.shared.b64 %rd9, [bar], 1024;\n"
       "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes "
       "[smem], [%rd5, {%r1, %r2}], [bar];\n"
       "SYNC:\nbar.sync 0;\n"
       "WAIT:\nmbarrier.try_wait.parity.shared.b64 %p1, [bar], 0;\n@!%p1 bra WAIT;\n"
       "ld.param.u64 %rd1, [out];\nmul.wide.u32 %rd2, %r20, 4;\n"
       "mov.u32 %r22, smem;\nmul.lo.u32 %r23, %r20, 4;\nadd.u32 %r22, %r22, %r23;\n"
       "ld.shared.u32 %r24, [%r22];\nadd.s64 %rd4, %rd1, %rd2;\n"
       "st.global.u32 [%rd4], %r24;\nret;\n}\n";
  return s;
}

TEST(PTXEmuTma, DeviceBuiltTensorMap) {
  for (int variant = 0; variant < 3; ++variant) {
    bool acquire = variant != 1, all = variant != 2;
    Emu e;
    ASSERT_TRUE(e.load(deviceMapKernel(acquire, all))) << e.err;
    uint64_t tmap = e.dev.alloc(128);
    uint64_t tensor = makeTensor(e, 8, 64);
    uint64_t out = e.upload(std::vector<uint32_t>(32, 0));
    auto r = e.run("k", dim(1), dim(32),
                   {ParamValue::of(tmap), ParamValue::of(tensor), ParamValue::of(out)});
    if (variant == 1) {
      EXPECT_FALSE(r.ok);
      EXPECT_NE(r.error.find("fence.proxy.tensormap::generic.acquire"),
                std::string::npos)
          << r.error;
      continue;
    }
    if (variant == 2) {
      EXPECT_FALSE(r.ok);
      EXPECT_NE(r.error.find(".swizzle_mode was never written"), std::string::npos)
          << r.error;
      continue;
    }
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_NE(r.counters.format().find("tensormap_replaces: 13"), std::string::npos)
        << r.counters.format();
    // 128B swizzle: line 0 is unpermuted, so the first 32 words are row 0.
    auto got = e.download<uint32_t>(out, 32);
    for (unsigned i = 0; i < 32; ++i)
      EXPECT_EQ(got[i], uint32_t((2 * i) | (2 * i + 1) << 16)) << i;
  }
}

// Two warps: warp 1's lane 0 produces 8 tiles of 256 bytes through a
// 2-stage ring (full/empty mbarriers, phase parity flips every lap); warp 0
// sums each tile's words into out[k].
std::string ringKernel(bool consumerArrives) {
  std::string s = kHopper;
  s += ".visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out)\n{\n";
  s += kRegs;
  s += ".shared .align 1024 .b8 ring[512];\n.shared .align 8 .b64 full[2];\n"
       ".shared .align 8 .b64 empty[2];\n"
       "mov.u32 %r20, %tid.x;\nld.param.u64 %rd1, [out];\n"
       "setp.ne.u32 %p0, %r20, 0;\n@%p0 bra INIT;\n"
       "mbarrier.init.shared.b64 [full], 1;\nmbarrier.init.shared.b64 [full+8], 1;\n"
       "mbarrier.init.shared.b64 [empty], 32;\nmbarrier.init.shared.b64 [empty+8], 32;\n"
       "INIT:\nbar.sync 0;\n"
       "setp.lt.u32 %p5, %r20, 32;\n@%p5 bra CONSUMER;\n"
       // producer: lane 0 of warp 1
       "setp.ne.u32 %p6, %r20, 32;\n@%p6 bra END;\n"
       "mov.u32 %r1, 0;\n"
       "PLOOP:\nand.b32 %r2, %r1, 1;\nshr.u32 %r3, %r1, 1;\n"
       "and.b32 %r3, %r3, 1;\nxor.b32 %r3, %r3, 1;\n" // empty parity: starts at 1
       "mul.lo.u32 %r4, %r2, 8;\nmov.u32 %r5, empty;\nadd.u32 %r5, %r5, %r4;\n"
       "mov.u32 %r6, full;\nadd.u32 %r6, %r6, %r4;\n"
       "PWAIT:\nmbarrier.try_wait.parity.shared.b64 %p1, [%r5], %r3;\n@!%p1 bra PWAIT;\n"
       "mbarrier.arrive.expect_tx.shared.b64 %rd9, [%r6], 256;\n"
       "mul.lo.u32 %r7, %r2, 256;\nmov.u32 %r8, ring;\nadd.u32 %r8, %r8, %r7;\n"
       "mul.lo.u32 %r9, %r1, 2;\nmov.u32 %r10, 0;\n"
       "cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes "
       "[%r8], [tmap, {%r10, %r9}], [%r6];\n"
       "add.u32 %r1, %r1, 1;\nsetp.lt.u32 %p2, %r1, 8;\n@%p2 bra PLOOP;\nbra END;\n"
       // consumer: warp 0
       "CONSUMER:\nmov.u32 %r1, 0;\n"
       "CLOOP:\nand.b32 %r2, %r1, 1;\nshr.u32 %r3, %r1, 1;\nand.b32 %r3, %r3, 1;\n"
       "mul.lo.u32 %r4, %r2, 8;\nmov.u32 %r5, empty;\nadd.u32 %r5, %r5, %r4;\n"
       "mov.u32 %r6, full;\nadd.u32 %r6, %r6, %r4;\n"
       "CWAIT:\nmbarrier.try_wait.parity.shared.b64 %p1, [%r6], %r3;\n@!%p1 bra CWAIT;\n"
       "mul.lo.u32 %r7, %r2, 256;\nmov.u32 %r8, ring;\nadd.u32 %r8, %r8, %r7;\n"
       "mul.lo.u32 %r11, %r20, 8;\nadd.u32 %r8, %r8, %r11;\n"
       "ld.shared.u32 %r12, [%r8];\nld.shared.u32 %r13, [%r8+4];\n"
       "add.u32 %r12, %r12, %r13;\n"
       "redux.sync.add.u32 %r14, %r12, 0xffffffff;\n";
  if (consumerArrives)
    s += "mbarrier.arrive.shared.b64 %rd10, [%r5];\n";
  s += "setp.ne.u32 %p3, %r20, 0;\nmul.wide.u32 %rd2, %r1, 4;\n"
       "add.s64 %rd3, %rd1, %rd2;\n@!%p3 st.global.u32 [%rd3], %r14;\n"
       "add.u32 %r1, %r1, 1;\nsetp.lt.u32 %p2, %r1, 8;\n@%p2 bra CLOOP;\n"
       "END:\nret;\n}\n";
  return s;
}

TEST(PTXEmuTma, MultiStageRingWithPhaseFlips) {
  Emu e;
  ASSERT_TRUE(e.load(ringKernel(true))) << e.err;
  // 16 rows of 64 u32 words... as u16 pairs: a 16 x 128 u16 tensor.
  std::vector<uint32_t> v(16 * 64);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = uint32_t(i);
  TensorMapInfo info;
  info.globalAddress = e.upload(v);
  info.rank = 2;
  info.globalDim[0] = 64;
  info.globalDim[1] = 16;
  info.globalStride[0] = 256;
  info.boxDim[0] = 32; // 128 bytes of u32
  info.boxDim[1] = 2;
  info.elemType = 2;
  ParamValue tm;
  tm.bytes = encodeTensorMap(info);
  uint64_t out = e.upload(std::vector<uint32_t>(8, 0));
  auto r = e.run("k", dim(1), dim(64), {tm, ParamValue::of(out)});
  ASSERT_TRUE(r.ok) << r.error;
  auto got = e.download<uint32_t>(out, 8);
  for (unsigned k = 0; k < 8; ++k) {
    uint32_t sum = 0;
    for (unsigned row = 0; row < 2; ++row)
      for (unsigned c = 0; c < 32; ++c)
        sum += (2 * k + row) * 64 + c;
    EXPECT_EQ(got[k], sum) << k;
  }
  std::string c = r.counters.format();
  EXPECT_NE(c.find("tma_loads: 8\n"), std::string::npos) << c;
  EXPECT_NE(c.find("mbarrier_phases: 16\n"), std::string::npos) << c;
  EXPECT_NE(c.find("mbarrier_wait_spins"), std::string::npos) << c;
}

TEST(PTXEmuTma, AWaitThatCanNeverCompleteIsReportedAsADeadlock) {
  // The consumer never releases the stages: the producer waits forever on
  // the empty barrier of its third tile.
  Emu e;
  ASSERT_TRUE(e.load(ringKernel(false))) << e.err;
  std::vector<uint32_t> v(16 * 64, 1);
  TensorMapInfo info;
  info.globalAddress = e.upload(v);
  info.rank = 2;
  info.globalDim[0] = 64;
  info.globalDim[1] = 16;
  info.globalStride[0] = 256;
  info.boxDim[0] = 32;
  info.boxDim[1] = 2;
  info.elemType = 2;
  ParamValue tm;
  tm.bytes = encodeTensorMap(info);
  uint64_t out = e.upload(std::vector<uint32_t>(8, 0));
  auto r = e.run("k", dim(1), dim(64), {tm, ParamValue::of(out)});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("deadlock"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("never completes phase"), std::string::npos) << r.error;
}

// Thread 0 writes 8 x 64 u16 to shared memory (generic proxy), optionally
// fences toward the async proxy, stores it with a tensor store at
// (x, 2) and waits for its bulk group; `overwrite` writes the source again
// before the wait.
std::string storeKernel(bool fence, bool overwrite) {
  std::string s = kHopper;
  s += ".visible .entry k(.param .align 64 .b8 tmap[128])\n{\n";
  s += kRegs;
  s += ".shared .align 1024 .b8 smem[1024];\n"
       "mov.u32 %r20, %tid.x;\nsetp.ne.u32 %p0, %r20, 0;\n@%p0 bra END;\n"
       "mov.u32 %r1, 0;\nFILL:\nmov.u32 %r2, smem;\nmul.lo.u32 %r3, %r1, 2;\n"
       "add.u32 %r2, %r2, %r3;\nadd.u32 %r4, %r1, 1000;\ncvt.u16.u32 %h1, %r4;\n"
       "st.shared.u16 [%r2], %h1;\nadd.u32 %r1, %r1, 1;\n"
       "setp.lt.u32 %p1, %r1, 512;\n@%p1 bra FILL;\n";
  if (fence)
    s += "fence.proxy.async.shared::cta;\n";
  s += "mov.u32 %r5, 16;\nmov.u32 %r6, 2;\n"
       "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [tmap, {%r5, %r6}], "
       "[smem];\ncp.async.bulk.commit_group;\n";
  if (overwrite)
    s += "st.shared.u16 [smem], %h1;\n";
  s += "cp.async.bulk.wait_group.read 0;\n"
       "END:\nret;\n}\n";
  return s;
}

TEST(PTXEmuTma, TensorStoreClipsAndNeedsAProxyFence) {
  for (int variant = 0; variant < 3; ++variant) {
    Emu e;
    ASSERT_TRUE(e.load(storeKernel(variant != 1, variant == 2))) << e.err;
    // A 10 x 72 u16 tensor; the 8 x 64 box at (16, 2) is clipped at column 72.
    uint64_t g = e.upload(std::vector<uint16_t>(10 * 72, 0));
    TensorMapInfo info = map2d(g, 10, 72, 8, 64);
    ParamValue tm;
    tm.bytes = encodeTensorMap(info);
    auto r = e.run("k", dim(1), dim(32), {tm});
    if (variant == 1) {
      EXPECT_FALSE(r.ok);
      EXPECT_NE(r.error.find("without a fence.proxy.async"), std::string::npos)
          << r.error;
      continue;
    }
    if (variant == 2) {
      EXPECT_FALSE(r.ok);
      EXPECT_NE(r.error.find("bulk store still reads"), std::string::npos) << r.error;
      continue;
    }
    ASSERT_TRUE(r.ok) << r.error;
    auto got = e.download<uint16_t>(g, 10 * 72);
    for (unsigned row = 0; row < 10; ++row)
      for (unsigned col = 0; col < 72; ++col) {
        bool in = row >= 2 && col >= 16;
        uint16_t want = in ? uint16_t(1000 + (row - 2) * 64 + (col - 16)) : 0;
        ASSERT_EQ(got[row * 72 + col], want) << row << "," << col;
      }
    EXPECT_NE(r.counters.format().find("tma_store_bytes: " + std::to_string(8 * 56 * 2)),
              std::string::npos)
        << r.counters.format();
  }
}

TEST(PTXEmuTma, PlainBulkCopiesAndStandaloneExpectTx) {
  std::string s = kHopper;
  s += ".visible .entry k(.param .u64 src, .param .u64 dst)\n{\n";
  s += kRegs;
  s += ".shared .align 128 .b8 buf[256];\n.shared .align 8 .b64 bar;\n"
       "mov.u32 %r20, %tid.x;\nsetp.ne.u32 %p0, %r20, 0;\n@%p0 bra END;\n"
       "ld.param.u64 %rd1, [src];\nld.param.u64 %rd2, [dst];\n"
       "mbarrier.init.shared.b64 [bar], 1;\n"
       "mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [bar], 256;\n"
       "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [buf], "
       "[%rd1], 256, [bar];\n"
       "mbarrier.arrive.shared.b64 %rd9, [bar];\n"
       "WAIT:\nmbarrier.test_wait.shared.b64 %p1, [bar], %rd9;\n@!%p1 bra WAIT;\n"
       "cp.async.bulk.global.shared::cta.bulk_group [%rd2], [buf], 256;\n"
       "cp.async.bulk.commit_group;\ncp.async.bulk.wait_group 0;\n"
       "END:\nret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(s)) << e.err;
  std::vector<uint32_t> v(64);
  for (unsigned i = 0; i < 64; ++i)
    v[i] = i * 3 + 1;
  uint64_t src = e.upload(v), dst = e.upload(std::vector<uint32_t>(64, 0));
  auto r = e.run("k", dim(1), dim(32), {ParamValue::of(src), ParamValue::of(dst)});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(e.download<uint32_t>(dst, 64), v);
  EXPECT_NE(r.counters.format().find("bulk_copy_bytes: 512"), std::string::npos)
      << r.counters.format();
}

TEST(PTXEmuTma, SetmaxnregMustBeTheSameAcrossTheWarpgroup) {
  auto kernel = [](bool same) {
    std::string s = kHopper;
    s += ".visible .entry k()\n{\n";
    s += kRegs;
    s += "mov.u32 %r1, %tid.x;\nshr.u32 %r2, %r1, 5;\nsetp.eq.u32 %p1, %r2, 3;\n";
    if (same)
      s += "setmaxnreg.dec.sync.aligned.u32 40;\n";
    else
      s += "@%p1 bra OTHER;\nsetmaxnreg.dec.sync.aligned.u32 40;\nbra END;\n"
           "OTHER:\nsetmaxnreg.dec.sync.aligned.u32 40;\n";
    s += "setmaxnreg.inc.sync.aligned.u32 232;\nEND:\nret;\n}\n";
    return s;
  };
  for (bool same : {true, false}) {
    Emu e;
    ASSERT_TRUE(e.load(kernel(same))) << e.err;
    auto r = e.run("k", dim(1), dim(128), {});
    if (same) {
      EXPECT_TRUE(r.ok) << r.error;
    } else {
      EXPECT_FALSE(r.ok);
      EXPECT_NE(r.error.find("different setmaxnreg"), std::string::npos) << r.error;
    }
  }
}

} // namespace

namespace {

uint16_t halfOf(int v) {
  if (v == 0)
    return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  unsigned a = unsigned(std::abs(v)), e = 0;
  while ((a >> e) > 1)
    ++e;
  return uint16_t(sign | uint16_t((e + 15) << 10) | uint16_t(((a << 10) >> e) & 0x3FF));
}

// End to end: a warpgroup multiplies A (64 x 16, registers) by B (16 x 64)
// that TMA brought into shared memory with the 128B swizzle (K-major: row n
// of B holds its 16 K values in the first 32 of 128 bytes), waiting on the
// mbarrier before wgmma reads it through a 128B-swizzle descriptor (SBO
// 1024). Two k-steps reuse one stage: the second load may only be issued
// after the first wgmma completed (wait_group 0), else it is a hazard.
std::string tmaWgmmaKernel(bool waitBeforeRefill) {
  std::string d;
  for (unsigned i = 0; i < 32; ++i)
    d += (i ? ", %d" : "%d") + std::to_string(i);
  std::string mma = "wgmma.fence.sync.aligned;\n"
                    "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {" + d +
                    "}, {%r20, %r21, %r22, %r23}, %rd8, %p1, 1, 1, 0;\n"
                    "wgmma.commit_group.sync.aligned;\n";
  std::string s = kHopper;
  s += ".visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 pa, "
       ".param .u64 pout)\n{\n";
  s += kRegs;
  s += ".reg .b32 %d<32>;\n.shared .align 1024 .b8 sb[8192];\n"
       ".shared .align 8 .b64 bar;\n"
       "ld.param.u64 %rd1, [pa];\nld.param.u64 %rd3, [pout];\n"
       "mov.u32 %r1, %tid.x;\nsetp.ne.u32 %p0, %r1, 0;\n"
       "@%p0 bra SYNC;\nmbarrier.init.shared.b64 [bar], 1;\n"
       "mbarrier.arrive.expect_tx.shared.b64 %rd20, [bar], 8192;\n"
       "mov.u32 %r8, 0;\n"
       "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes "
       "[sb], [tmap, {%r8, %r8}], [bar];\n"
       "SYNC:\nbar.sync 0;\n"
       "W0:\nmbarrier.try_wait.parity.shared.b64 %p3, [bar], 0;\n@!%p3 bra W0;\n"
       "mul.wide.u32 %rd5, %r1, 16;\nadd.s64 %rd6, %rd1, %rd5;\n"
       "ld.global.v4.b32 {%r20, %r21, %r22, %r23}, [%rd6];\n"
       "mov.u32 %r2, sb;\nshr.u32 %r7, %r2, 4;\ncvt.u64.u32 %rd7, %r7;\n"
       "or.b64 %rd8, %rd7, 0x4000004000010000;\n" // LBO 16, SBO 1024, 128B
       "setp.ne.u32 %p1, %r1, 4096;\n";           // scale-d true: accumulate
  for (unsigned i = 0; i < 32; ++i)
    s += "mov.b32 %d" + std::to_string(i) + ", 0;\n";
  s += mma;
  if (waitBeforeRefill)
    s += "wgmma.wait_group.sync.aligned 0;\n";
  // Refill the stage with the same tile (rows 0..63 again) and multiply again.
  s += "bar.sync 0;\n@%p0 bra SYNC2;\n"
       "mbarrier.arrive.expect_tx.shared.b64 %rd20, [bar], 8192;\n"
       "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes "
       "[sb], [tmap, {%r8, %r8}], [bar];\n"
       "SYNC2:\nbar.sync 0;\n"
       "W1:\nmbarrier.try_wait.parity.shared.b64 %p3, [bar], 1;\n@!%p3 bra W1;\n";
  s += mma + "wgmma.wait_group.sync.aligned 0;\n";
  s += "mul.wide.u32 %rd9, %r1, 128;\nadd.s64 %rd12, %rd3, %rd9;\n";
  for (unsigned i = 0; i < 32; ++i)
    s += "st.global.b32 [%rd12+" + std::to_string(4 * i) + "], %d" + std::to_string(i) +
         ";\n";
  s += "ret;\n}\n";
  return s;
}

TEST(PTXEmuTma, TmaFedWgmmaComputesTheProduct) {
  for (bool wait : {true, false}) {
    Emu e;
    ASSERT_TRUE(e.load(tmaWgmmaKernel(wait))) << e.err;
    const unsigned n = 64;
    std::vector<int> a(64 * 16), b(16 * n);
    for (unsigned i = 0; i < a.size(); ++i)
      a[i] = int(i * 7 % 9) - 4;
    for (unsigned i = 0; i < b.size(); ++i)
      b[i] = int(i * 5 % 7) - 3;
    std::vector<uint16_t> aFrag(128 * 8);
    for (unsigned t = 0; t < 128; ++t)
      for (unsigned i = 0; i < 8; ++i) {
        unsigned w = t / 32, lane = t % 32, g = lane / 4, q = lane % 4;
        unsigned row = 16 * w + g + 8 * ((i >> 1) & 1), col = 2 * q + (i & 1) + 8 * (i >> 2);
        aFrag[8 * t + i] = halfOf(a[16 * row + col]);
      }
    // B in global memory, K-major and unswizzled: 64 rows (n) of 64 halves.
    std::vector<uint16_t> bg(n * 64, 0);
    for (unsigned k = 0; k < 16; ++k)
      for (unsigned c = 0; c < n; ++c)
        bg[c * 64 + k] = halfOf(b[n * k + c]);
    TensorMapInfo info;
    info.globalAddress = e.upload(bg);
    info.rank = 2;
    info.globalDim[0] = 64;
    info.globalDim[1] = n;
    info.globalStride[0] = 128;
    info.boxDim[0] = 64;
    info.boxDim[1] = n;
    info.elemType = 6; // .f16
    info.swizzle = 3;  // 128B
    ParamValue tm;
    tm.bytes = encodeTensorMap(info);
    uint64_t pa = e.upload(aFrag), pout = e.upload(std::vector<float>(128 * 32, NAN));
    auto r = e.run("k", dim(1), dim(128), {tm, ParamValue::of(pa), ParamValue::of(pout)});
    if (!wait) {
      EXPECT_FALSE(r.ok);
      EXPECT_NE(r.error.find("wgmma.mma_async still in flight"), std::string::npos)
          << r.error;
      continue;
    }
    ASSERT_TRUE(r.ok) << r.error;
    auto out = e.download<float>(pout, 128 * 32);
    for (unsigned t = 0; t < 128; ++t)
      for (unsigned i = 0; i < 32; ++i) {
        unsigned w = t / 32, lane = t % 32;
        unsigned row = 16 * w + lane / 4 + 8 * ((i >> 1) & 1),
                 col = 8 * (i >> 2) + 2 * (lane % 4) + (i & 1);
        double want = 0;
        for (unsigned kk = 0; kk < 16; ++kk)
          want += double(a[16 * row + kk]) * b[n * kk + col];
        ASSERT_EQ(double(out[t * 32 + i]), 2 * want) << row << "," << col;
      }
  }
}

} // namespace

namespace {

// The hand-written warp-specialized GEMM in ptx/tma_wgmma_gemm.ptx (also run
// through tilecc-ptxemu by cli-test.cmake): K = 128 and 256 (two and four
// tiles through the 2-stage ring, so each mbarrier flips phase).
TEST(PTXEmuTma, WarpSpecializedTmaWgmmaGemm) {
  std::string text =
      readFile(std::string(TILECC_PTXEMU_SOURCE_DIR) + "/ptx/tma_wgmma_gemm.ptx");
  ASSERT_FALSE(text.empty());
  for (int k : {128, 256}) {
    Emu e;
    ASSERT_TRUE(e.load(text)) << e.err;
    std::vector<int> a(64 * k), b(64 * k);
    std::vector<uint16_t> ah(a.size()), bh(b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      a[i] = int(i * 7 % 9) - 4;
      b[i] = int(i * 5 % 7) - 3;
      ah[i] = halfOf(a[i]);
      bh[i] = halfOf(b[i]);
    }
    uint64_t pa = e.upload(ah), pb = e.upload(bh);
    uint64_t pc = e.upload(std::vector<float>(64 * 64, NAN));
    uint64_t tm = e.dev.alloc(256);
    auto r = e.run("gemm", dim(1), dim(256),
                   {ParamValue::of(pa), ParamValue::of(pb), ParamValue::of(pc),
                    ParamValue::of(tm), ParamValue::of(uint32_t(k))});
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.races.empty()) << r.races[0];
    auto c = e.download<float>(pc, 64 * 64);
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < 64; ++j) {
        double want = 0;
        for (int kk = 0; kk < k; ++kk)
          want += double(a[size_t(i) * k + kk]) * b[size_t(j) * k + kk];
        ASSERT_EQ(double(c[i * 64 + j]), want) << i << "," << j << " K=" << k;
      }
    std::string cnt = r.counters.format();
    EXPECT_NE(cnt.find("tma_loads: " + std::to_string(2 * k / 64) + "\n"),
              std::string::npos)
        << cnt;
    EXPECT_NE(cnt.find("tensormap_replaces: 26\n"), std::string::npos) << cnt;
  }
}

} // namespace

namespace {

// barrier.cluster over the emulator's one-CTA clusters: every thread
// publishes its id, arrives, waits, and reads its neighbour's; the cluster
// special registers describe a cluster of one.
TEST(PTXEmuTma, ClusterBarrierOfOneCta) {
  std::string s = kHopper;
  s += ".visible .entry k(.param .u64 out)\n{\n";
  s += kRegs;
  s += ".shared .align 4 .b32 ids[64];\n"
       "ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\n"
       "mov.u32 %r2, ids;\nmad.lo.u32 %r3, %r1, 4, %r2;\nst.shared.u32 [%r3], %r1;\n"
       "barrier.cluster.arrive.release.aligned;\n"
       "barrier.cluster.wait.acquire.aligned;\n"
       "add.u32 %r4, %r1, 1;\nand.b32 %r4, %r4, 63;\nmad.lo.u32 %r5, %r4, 4, %r2;\n"
       "ld.shared.u32 %r6, [%r5];\n"
       "mov.u32 %r7, %cluster_nctarank;\nmov.u32 %r8, %cluster_ctarank;\n"
       "mov.u32 %r9, %clusterid.x;\nmad.lo.u32 %r6, %r7, 1000, %r6;\n"
       "mad.lo.u32 %r6, %r8, 100000, %r6;\nmad.lo.u32 %r6, %r9, 10000, %r6;\n"
       "mul.wide.u32 %rd2, %r1, 4;\nadd.s64 %rd3, %rd1, %rd2;\n"
       "st.global.u32 [%rd3], %r6;\n"
       // a second phase: arrive again after the wait
       "barrier.cluster.arrive;\nbarrier.cluster.wait;\nret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(s)) << e.err;
  uint64_t out = e.upload(std::vector<uint32_t>(64, 0));
  auto r = e.run("k", dim(1), dim(64), {ParamValue::of(out)});
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.races.empty()) << r.races[0];
  auto got = e.download<uint32_t>(out, 64);
  for (unsigned t = 0; t < 64; ++t)
    EXPECT_EQ(got[t], 1000 + (t + 1) % 64) << t;
  // A wait with no arrive is an error.
  Emu bad;
  ASSERT_TRUE(bad.load(std::string(kHopper) +
                       ".visible .entry k()\n{\nbarrier.cluster.wait;\nret;\n}\n"))
      << bad.err;
  auto rb = bad.run("k", dim(1), dim(32), {});
  EXPECT_FALSE(rb.ok);
  EXPECT_NE(rb.error.find("without a preceding barrier.cluster.arrive"),
            std::string::npos)
      << rb.error;
}

} // namespace

namespace {

// A test_wait spin (non-blocking: the thread yields after each false) on a
// phase nobody completes is reported like a suspended try_wait.
TEST(PTXEmuTma, TestWaitSpinThatNeverCompletesIsADeadlock) {
  std::string s = kHopper;
  s += ".visible .entry k()\n{\n";
  s += kRegs;
  s += ".shared .align 8 .b64 bar;\n"
       "mov.u32 %r1, %tid.x;\nsetp.ne.u32 %p0, %r1, 0;\n"
       "@!%p0 mbarrier.init.shared.b64 [bar], 33;\nbar.sync 0;\n"
       "mbarrier.arrive.shared.b64 %rd1, [bar];\n"
       "SPIN:\nmbarrier.test_wait.shared.b64 %p1, [bar], %rd1;\n@!%p1 bra SPIN;\n"
       "ret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(s)) << e.err;
  auto r = e.run("k", dim(1), dim(32), {});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("never completes phase 0 (32 of 33 arrivals"), std::string::npos)
      << r.error;
}

// A tensor load into the source of a tensor store still in flight (no
// cp.async.bulk.wait_group.read between them) is a hazard.
TEST(PTXEmuTma, LoadOverAStoreStillReadingIsAnError) {
  std::string s = kHopper;
  s += ".visible .entry k(.param .align 64 .b8 tmap[128])\n{\n";
  s += kRegs;
  s += ".shared .align 1024 .b8 smem[1024];\n.shared .align 8 .b64 bar;\n"
       "mov.u32 %r20, %tid.x;\nsetp.ne.u32 %p0, %r20, 0;\n@%p0 bra END;\n"
       "mbarrier.init.shared.b64 [bar], 1;\nmov.u32 %r1, 0;\n"
       "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [tmap, {%r1, %r1}], [smem];\n"
       "cp.async.bulk.commit_group;\n"
       "mbarrier.arrive.expect_tx.shared.b64 %rd9, [bar], 1024;\n"
       "cp.async.bulk.tensor.2d.shared::cta.global.mbarrier::complete_tx::bytes [smem], "
       "[tmap, {%r1, %r1}], [bar];\n"
       "cp.async.bulk.wait_group.read 0;\n"
       "END:\nret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(s)) << e.err;
  uint64_t g = e.upload(std::vector<uint16_t>(8 * 64, 0));
  TensorMapInfo info = map2d(g, 8, 64, 8, 64);
  ParamValue tm;
  tm.bytes = encodeTensorMap(info);
  auto r = e.run("k", dim(1), dim(32), {tm});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("that a bulk store still reads"), std::string::npos) << r.error;
}

} // namespace

namespace {

// cp.reduce.async.bulk.tensor .add: global += the shared box, per element.
TEST(PTXEmuTma, TensorReduceAdd) {
  std::string s = kHopper;
  s += ".visible .entry k(.param .align 64 .b8 tmap[128])\n{\n";
  s += kRegs;
  s += ".shared .align 1024 .b8 smem[256];\n"
       "mov.u32 %r20, %tid.x;\nmov.u32 %r2, smem;\nmad.lo.u32 %r3, %r20, 4, %r2;\n"
       "st.shared.u32 [%r3], %r20;\nadd.u32 %r3, %r3, 128;\nadd.u32 %r4, %r20, 32;\n"
       "st.shared.u32 [%r3], %r4;\nfence.proxy.async.shared::cta;\nbar.sync 0;\n"
       "setp.ne.u32 %p0, %r20, 0;\n@%p0 bra END;\nmov.u32 %r1, 0;\nmov.u32 %r5, 1;\n"
       "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group "
       "[tmap, {%r1, %r5}], [smem];\n"
       "cp.async.bulk.commit_group;\ncp.async.bulk.wait_group 0;\n"
       "END:\nret;\n}\n";
  Emu e;
  ASSERT_TRUE(e.load(s)) << e.err;
  uint64_t g = e.upload(std::vector<uint32_t>(4 * 32, 5));
  TensorMapInfo info;
  info.globalAddress = g;
  info.rank = 2;
  info.globalDim[0] = 32;
  info.globalDim[1] = 4;
  info.globalStride[0] = 128;
  info.boxDim[0] = 32;
  info.boxDim[1] = 2;
  info.elemType = 2; // .u32
  ParamValue tm;
  tm.bytes = encodeTensorMap(info);
  auto r = e.run("k", dim(1), dim(32), {tm});
  ASSERT_TRUE(r.ok) << r.error;
  auto got = e.download<uint32_t>(g, 4 * 32);
  for (unsigned row = 0; row < 4; ++row)
    for (unsigned c = 0; c < 32; ++c)
      EXPECT_EQ(got[row * 32 + c], row == 1 || row == 2 ? 5 + (row - 1) * 32 + c : 5u)
          << row << "," << c;
}

} // namespace
