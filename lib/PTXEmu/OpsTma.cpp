//===- OpsTma.cpp - bulk / tensor async copies, tensor maps, proxy fences -===//
//
// Modelled from the PTX ISA text: 5.5 "Tensors" (tiled mode, bounding box,
// traversal stride, out-of-bound fill, 5.5.7 swizzling modes, tensor map),
// 9.7.9.25 "Asynchronous copy" (async proxy, cp.async.bulk,
// cp.async.bulk.tensor, cp.reduce.async.bulk.tensor, bulk async-groups),
// 9.7.9.26 tensormap.replace, 9.7.13.16 tensormap.cp_fenceproxy and
// 9.7.13.4 fence.proxy.
//
// A load reads global memory when issued and lands in shared memory when
// performed: when a thread waits on its mbarrier (or nothing else can run),
// followed by complete_tx of its byte count. Until then every shared access
// to its destination is an error (the mbarrier phase did not complete). A
// store reads shared memory when its bulk async-group is waited for;
// writing its source before that is an error. Async-proxy reads of shared
// memory (bulk copies, tensor stores, wgmma) fail when a thread wrote the
// bytes through the generic proxy and executed no fence.proxy.async since.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"
#include "PTXEmu/TensorMap.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace tilecc::ptxemu;

namespace {

std::string hexOf(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
  return b;
}

// Instr fields: a = dimensions (tensor forms, 0 for plain bulk copies),
// kind = 0 load (to shared), 1 store (to global), 2 reduce, 3 shared to
// shared; kind2 = reduction op; flag = multicast.
enum BulkKind : uint8_t { BLoad, BStore, BReduce, BShared };

void ensureShadow(ExecCtx &ctx) {
  if (ctx.asyncW.empty()) {
    ctx.asyncW.assign(ctx.shared.size(), 0);
    ctx.asyncR.assign(ctx.shared.size(), 0);
  }
}

const BulkOp *opWriting(const ExecCtx &ctx, uint64_t b, bool load) {
  for (const auto &[id, op] : ctx.bulk)
    if (op.load == load)
      for (uint32_t s : op.sOff)
        if (b >= s && b < s + op.unit)
          return &op;
  return nullptr;
}

std::string opLine(const ExecCtx &ctx, const BulkOp *op) {
  return op ? ctx.where(ctx.mod.code[op->pc]) : std::string("(unknown)");
}

// The global address of shared-window or shared-space operand `o`.
bool sharedOffset(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                  Space sp, uint64_t addr, uint64_t n, uint64_t &off) {
  if (sp == Space::Generic) {
    if (addr < kSharedWindow || addr >= kSharedWindow + kWindowSize) {
      ctx.fail(ins, w, l, "address " + hexOf(addr) + " is not in shared memory");
      return false;
    }
    addr -= kSharedWindow;
  }
  if (addr + n > ctx.shared.size() || addr + n < addr) {
    ctx.fail(ins, w, l,
             "shared bytes [" + hexOf(addr) + ", " + hexOf(addr + n) +
                 ") are outside the CTA's " + std::to_string(ctx.shared.size()) +
                 " bytes of shared memory");
    return false;
  }
  off = addr;
  return true;
}

// Reads the tensor map named by `o` (a kernel parameter, or a generic /
// global address of const or global memory) and checks that the tensormap
// proxy may see it.
bool readTensorMap(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                   const Operand &o, TensorMapState &st) {
  const uint8_t *p = nullptr;
  uint64_t gaddr = 0;
  bool global = false;
  if (o.sym >= 0 && ctx.mod.symbols[size_t(o.sym)].space == Space::Param &&
      o.reg < 0) {
    p = ctx.access(ins, w, l, Space::Param, ctx.address(o, w, l), kTensorMapBytes,
                   Access::Read, nullptr, false);
  } else {
    gaddr = ctx.address(o, w, l);
    Space sp;
    p = ctx.access(ins, w, l, Space::Generic, gaddr, kTensorMapBytes, Access::Read,
                   &sp, false);
    if (p && sp != Space::Global && sp != Space::Param) {
      ctx.fail(ins, w, l, "the tensor map must be in .param, .const or .global "
                          "memory, not " + std::string(spaceName(sp)));
      return false;
    }
    global = sp == Space::Global;
  }
  if (!p)
    return false;
  std::string err;
  if (!decodeTensorMap(p, st, err)) {
    ctx.fail(ins, w, l, "tensor map at " + hexOf(gaddr) + ": " + err);
    return false;
  }
  if (global && st.deviceWritten) {
    auto it = ctx.tmapAcquired.find(gaddr);
    if (it == ctx.tmapAcquired.end() ||
        std::memcmp(it->second.data(), p, kTensorMapBytes) != 0) {
      ctx.fail(ins, w, l,
               "the tensor map at " + hexOf(gaddr) +
                   " was written through the generic proxy and is used by the "
                   "tensormap proxy without fence.proxy.tensormap::generic."
                   "acquire [" + hexOf(gaddr) +
                   "], 128 in this CTA after its writer's release "
                   "(tensormap.cp_fenceproxy or fence.proxy.tensormap::generic."
                   "release)");
      return false;
    }
  }
  return true;
}

// The element positions of a tile-mode box: per dimension the count of
// elements the traversal stride keeps.
struct Box {
  unsigned dims = 1, eb = 1;
  uint32_t n[5] = {1, 1, 1, 1, 1};
  uint64_t count = 1;
};

Box boxOf(const TensorMapInfo &t) {
  Box b;
  b.dims = t.rank;
  b.eb = tensorElemBytes(t.elemType);
  for (unsigned d = 0; d < t.rank; ++d) {
    b.n[d] = (t.boxDim[d] + t.elementStride[d] - 1) / t.elementStride[d];
    b.count *= b.n[d];
  }
  return b;
}

// Element `i` of the box (dim 0 fastest): its global address, or ~0 when
// outside the tensor.
uint64_t elemAddress(const TensorMapInfo &t, const Box &b, const int32_t *c,
                     uint64_t i) {
  uint64_t addr = t.globalAddress;
  bool in = true;
  for (unsigned d = 0; d < b.dims; ++d) {
    int64_t k = int64_t(i % b.n[d]);
    i /= b.n[d];
    int64_t g = int64_t(c[d]) + k * int64_t(t.elementStride[d]);
    if (g < 0 || g >= int64_t(t.globalDim[d]))
      in = false;
    else
      addr += d == 0 ? uint64_t(g) * b.eb : uint64_t(g) * t.globalStride[d - 1];
  }
  return in ? addr : ~0ull;
}

// OOB-NaN: a positive quiet NaN with every mantissa bit set.
uint64_t nanFill(unsigned elemType) {
  switch (elemType) {
  case 6: case 10: return 0x7fff;             // f16, bf16
  case 9: return 0x7fffffffffffffffull;       // f64
  default: return 0x7fffffff;                 // f32, tf32
  }
}

// Fails when a wgmma still in flight (any warp) reads shared bytes
// [off, off+n): a stage refilled before the wgmma that reads it completed.
bool checkWgmmaReaders(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                       const std::vector<uint32_t> &offs, unsigned unit) {
  std::vector<uint64_t> reads;
  for (const WarpState &o : ctx.warps) {
    auto add = [&](const WgmmaOp &op) {
      for (const auto &[a, bits] : op.shared)
        reads.push_back(a);
    };
    for (const WgmmaOp &op : o.wgOpen)
      add(op);
    for (const auto &g : o.wgGroups)
      for (const WgmmaOp &op : g)
        add(op);
  }
  if (reads.empty())
    return true;
  std::sort(reads.begin(), reads.end());
  for (uint32_t s : offs) {
    auto it = std::lower_bound(reads.begin(), reads.end(), s > 0 ? s - 1 : 0);
    if (it != reads.end() && *it < s + unit && *it + 2 > s) {
      ctx.fail(ins, w, l,
               "refills shared memory at " + hexOf(s) +
                   " that a wgmma.mma_async still in flight reads (the stage "
                   "was reused before the wgmma.wait_group that completes it)");
      return false;
    }
  }
  return true;
}

// Registers a load's destination bytes as pending; fails on a destination
// another async operation still writes or reads.
bool markLoad(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l, BulkOp &op) {
  ensureShadow(ctx);
  for (uint32_t s : op.sOff)
    for (uint32_t b = s; b < s + op.unit; ++b) {
      if (ctx.asyncW[b]) {
        ctx.fail(ins, w, l,
                 "writes shared memory at " + hexOf(b) +
                     " that an async copy still in flight writes (" +
                     opLine(ctx, opWriting(ctx, b, true)) + ")");
        return false;
      }
      if (ctx.asyncR[b]) {
        ctx.fail(ins, w, l,
                 "refills shared memory at " + hexOf(b) +
                     " that a bulk store still reads (" +
                     opLine(ctx, opWriting(ctx, b, false)) +
                     "; cp.async.bulk.wait_group.read must come first)");
        return false;
      }
    }
  if (!checkWgmmaReaders(ctx, ins, w, l, op.sOff, op.unit))
    return false;
  for (uint32_t s : op.sOff)
    for (uint32_t b = s; b < s + op.unit; ++b)
      ++ctx.asyncW[b];
  return true;
}

// Registers a store's source bytes as being read; fails when they are a
// pending load's destination or unfenced generic writes.
bool markStore(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l, BulkOp &op) {
  ensureShadow(ctx);
  for (uint32_t s : op.sOff) {
    for (uint32_t b = s; b < s + op.unit; ++b)
      if (ctx.asyncW[b]) {
        ctx.fail(ins, w, l,
                 "reads shared memory at " + hexOf(b) +
                     " that an async copy still in flight writes (" +
                     opLine(ctx, opWriting(ctx, b, true)) + ")");
        return false;
      }
    if (!asyncProxyReadCheck(ctx, ins, w, l, s, op.unit))
      return false;
  }
  for (uint32_t s : op.sOff)
    for (uint32_t b = s; b < s + op.unit; ++b)
      ++ctx.asyncR[b];
  return true;
}

uint8_t *mbarrierAt(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                    const Operand &o) {
  uint64_t off;
  if (!sharedOffset(ctx, ins, w, l, Space::Shared, ctx.address(o, w, l), 8, off))
    return nullptr;
  if (off % 8) {
    ctx.fail(ins, w, l, "misaligned mbarrier object at " + hexOf(off));
    return nullptr;
  }
  return ctx.shared.data() + off;
}

bool checkMulticast(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l) {
  if (!ins.flag)
    return true;
  uint64_t mask = ctx.get(ins.ops[3], w, l, Ty::B16) & 0xffff;
  if (mask != 1) {
    ctx.fail(ins, w, l,
             "multicast ctaMask " + hexOf(mask) +
                 " names other CTAs; the emulator runs clusters of one CTA "
                 "(ctaMask must be 0x1)");
    return false;
  }
  return true;
}

void addOp(ExecCtx &ctx, WarpState &w, unsigned l, BulkOp &&op) {
  op.warp = w.id;
  op.lane = l;
  op.pc = w.pc[l] - 1;
  uint64_t id = ctx.nextBulk++;
  if (!op.load)
    w.bulkOpen[l].push_back(id);
  ctx.bulk.emplace(id, std::move(op));
  ctx.progress = true;
}

void execTensor(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const bool load = ins.kind == BLoad;
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    const Operand &tmOp = ins.ops[load ? 1 : 0];
    TensorMapState st;
    if (!readTensorMap(ctx, ins, w, l, tmOp, st))
      return;
    std::string err;
    if (!validateTensorMap(st, unsigned(ins.a), err))
      return ctx.fail(ins, w, l, err);
    const TensorMapInfo &t = st.info;
    int32_t c[5] = {};
    for (unsigned d = 0; d < unsigned(ins.a); ++d)
      c[d] = int32_t(ctx.get(tmOp.elems[d], w, l, Ty::S32));
    if (!load)
      for (unsigned d = 0; d < unsigned(ins.a); ++d)
        if (c[d] < 0)
          return ctx.fail(ins, w, l,
                          "tensor store coordinates must be non-negative "
                          "(coordinate " + std::to_string(d) + " is " +
                          std::to_string(c[d]) + ")");
    Box b = boxOf(t);
    uint64_t sbase;
    const Operand &sOp = ins.ops[load ? 0 : 1];
    if (!sharedOffset(ctx, ins, w, l, ins.space, ctx.address(sOp, w, l),
                      b.count * b.eb, sbase))
      return;
    if (sbase % 128)
      return ctx.fail(ins, w, l, "the shared-memory box address " + hexOf(sbase) +
                                     " is not 128-byte aligned");
    BulkOp op;
    op.load = load;
    op.redOp = ins.kind == BReduce ? int(ins.kind2) : -1;
    op.elemType = uint8_t(t.elemType);
    op.unit = b.eb;
    op.bytes = b.count * b.eb;
    op.sOff.resize(b.count);
    op.gAddr.resize(b.count);
    if (load)
      op.data.resize(b.count * b.eb);
    uint64_t fill = t.fill ? nanFill(t.elemType) : 0;
    for (uint64_t i = 0; i < b.count; ++i) {
      op.sOff[i] = uint32_t(swizzleAddress(sbase + i * b.eb, t.swizzle,
                                           t.swizzleAtomicity));
      uint64_t g = elemAddress(t, b, c, i);
      op.gAddr[i] = g;
      if (!load)
        continue;
      if (g == ~0ull) {
        std::memcpy(op.data.data() + i * b.eb, &fill, b.eb);
        ctx.cnt.tmaOobBytes += b.eb;
        continue;
      }
      uint8_t *p = ctx.access(ins, w, l, Space::Global, g, b.eb, Access::Read,
                              nullptr, false);
      if (!p)
        return;
      std::memcpy(op.data.data() + i * b.eb, p, b.eb);
    }
    if (load) {
      if (!checkMulticast(ctx, ins, w, l))
        return;
      op.mbar = mbarrierAt(ctx, ins, w, l, ins.ops[2]);
      if (!op.mbar || !markLoad(ctx, ins, w, l, op))
        return;
      ++ctx.cnt.tmaLoads;
      ctx.cnt.tmaLoadBytes += op.bytes;
    } else {
      if (!markStore(ctx, ins, w, l, op))
        return;
      ++ctx.cnt.tmaStores;
      for (uint64_t g : op.gAddr)
        if (g != ~0ull)
          ctx.cnt.tmaStoreBytes += b.eb;
    }
    addOp(ctx, w, l, std::move(op));
  });
}

// cp.async.bulk without a tensor map: `size` bytes in 16-byte units.
void execBulk(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t size = ctx.get(ins.ops[2], w, l, Ty::U32);
    uint64_t dst = ctx.address(ins.ops[0], w, l), src = ctx.address(ins.ops[1], w, l);
    if (size == 0 || size % 16 || dst % 16 || src % 16)
      return ctx.fail(ins, w, l, "cp.async.bulk needs 16-byte aligned addresses and "
                                 "a size that is a positive multiple of 16 (" +
                                     std::to_string(size) + ")");
    BulkOp op;
    op.unit = 16;
    op.bytes = size;
    op.load = ins.kind != BStore;
    uint64_t soff;
    if (ins.kind == BStore) {
      if (!sharedOffset(ctx, ins, w, l, Space::Shared, src, size, soff))
        return;
      if (!ctx.access(ins, w, l, Space::Global, dst, unsigned(size), Access::Write,
                      nullptr, false))
        return;
      for (uint64_t k = 0; k < size; k += 16) {
        op.sOff.push_back(uint32_t(soff + k));
        op.gAddr.push_back(dst + k);
      }
      if (!markStore(ctx, ins, w, l, op))
        return;
    } else {
      if (!sharedOffset(ctx, ins, w, l, Space::Shared, dst, size, soff))
        return;
      const uint8_t *p;
      if (ins.kind == BShared) {
        uint64_t s2;
        if (!sharedOffset(ctx, ins, w, l, Space::Shared, src, size, s2) ||
            !asyncProxyReadCheck(ctx, ins, w, l, s2, unsigned(size)))
          return;
        p = ctx.shared.data() + s2;
      } else {
        p = ctx.access(ins, w, l, Space::Global, src, unsigned(size), Access::Read,
                       nullptr, false);
        if (!p)
          return;
      }
      op.data.assign(p, p + size);
      for (uint64_t k = 0; k < size; k += 16)
        op.sOff.push_back(uint32_t(soff + k));
      if (!checkMulticast(ctx, ins, w, l))
        return;
      op.mbar = mbarrierAt(ctx, ins, w, l, ins.ops[ins.flag ? 4 : 3]);
      if (!op.mbar || !markLoad(ctx, ins, w, l, op))
        return;
    }
    ++ctx.cnt.bulkCopies;
    ctx.cnt.bulkCopyBytes += size;
    addOp(ctx, w, l, std::move(op));
  });
}

template <typename T> T applyRed(int op, T a, T b) {
  switch (op) {
  case 0: return a + b;
  case 1: return std::min(a, b);
  case 2: return std::max(a, b);
  default: return b;
  }
}

// One element of cp.reduce.async.bulk.tensor: global <- global op shared.
bool reduceElem(int op, unsigned elemType, uint8_t *g, const uint8_t *s) {
  auto bitsOp = [&](auto *tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    T a, b;
    std::memcpy(&a, g, sizeof(T));
    std::memcpy(&b, s, sizeof(T));
    T r;
    switch (op) {
    case 3: r = a >= b ? 0 : a + 1; break;           // inc
    case 4: r = (a == 0 || a > b) ? b : a - 1; break; // dec
    case 5: r = a & b; break;
    case 6: r = a | b; break;
    case 7: r = a ^ b; break;
    default: r = applyRed(op, a, b);
    }
    std::memcpy(g, &r, sizeof(T));
  };
  switch (elemType) {
  case 0: bitsOp((uint8_t *)nullptr); return true;
  case 1: bitsOp((uint16_t *)nullptr); return true;
  case 2: bitsOp((uint32_t *)nullptr); return true;
  case 3: bitsOp((int32_t *)nullptr); return true;
  case 4: bitsOp((uint64_t *)nullptr); return true;
  case 5: bitsOp((int64_t *)nullptr); return true;
  case 7: case 8: case 9: {
    if (op > 2)
      return false;
    if (elemType == 9) {
      double a, b;
      std::memcpy(&a, g, 8);
      std::memcpy(&b, s, 8);
      a = applyRed(op, a, b);
      std::memcpy(g, &a, 8);
    } else {
      float a, b;
      std::memcpy(&a, g, 4);
      std::memcpy(&b, s, 4);
      a = applyRed(op, a, b);
      std::memcpy(g, &a, 4);
    }
    return true;
  }
  case 6: case 10: {
    if (op > 2)
      return false;
    FFmt f = elemType == 6 ? FFmt::F16 : FFmt::BF16;
    uint16_t a, b;
    std::memcpy(&a, g, 2);
    std::memcpy(&b, s, 2);
    double r = applyRed(op, widen(a, f), widen(b, f));
    uint16_t out = uint16_t(roundTo(r, f, Rnd::RN));
    std::memcpy(g, &out, 2);
    return true;
  }
  default:
    return false;
  }
}

bool performOne(ExecCtx &ctx, BulkOp &op) {
  const Instr &ins = ctx.mod.code[op.pc];
  WarpState &w = ctx.warps[op.warp];
  if (op.load) {
    for (size_t i = 0; i < op.sOff.size(); ++i) {
      uint32_t s = op.sOff[i];
      for (uint32_t b = s; b < s + op.unit; ++b) {
        --ctx.asyncW[b];
        if (!ctx.genWriter.empty())
          ctx.genWriter[b] = 0;
      }
      std::memcpy(ctx.shared.data() + s, op.data.data() + i * op.unit, op.unit);
    }
    bool ok;
    std::string err;
    mbarrierCompleteTx(ctx, op.mbar, int64_t(op.bytes), ok, err);
    if (!ok)
      ctx.fail(ins, w, op.lane, err);
    return ok;
  }
  for (size_t i = 0; i < op.sOff.size(); ++i) {
    uint32_t s = op.sOff[i];
    for (uint32_t b = s; b < s + op.unit; ++b)
      --ctx.asyncR[b];
    if (op.gAddr[i] == ~0ull)
      continue;
    uint8_t *g = ctx.gmem.find(op.gAddr[i], op.unit);
    if (!g) {
      ctx.fail(ins, w, op.lane, "bulk store to unmapped global memory: " +
                                    ctx.gmem.describe(op.gAddr[i]));
      return false;
    }
    if (op.redOp >= 0) {
      if (!reduceElem(op.redOp, op.elemType, g, ctx.shared.data() + s)) {
        ctx.fail(ins, w, op.lane, "this reduction is not defined for the tensor "
                                  "map's element type");
        return false;
      }
    } else {
      std::memcpy(g, ctx.shared.data() + s, op.unit);
    }
  }
  return true;
}

void execBulkCommit(ExecCtx &, const Instr &, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    w.bulkGroups[l].push_back(std::move(w.bulkOpen[l]));
    w.bulkOpen[l].clear();
  });
}

// wait_group (and .read, whose reads imply the writes here: a store is
// performed whole) completes all but the newest N groups of the thread.
void execBulkWait(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  size_t keep = size_t(ins.ops[0].imm);
  forLanes(mask, [&](unsigned l) {
    auto &groups = w.bulkGroups[l];
    while (!ctx.failed && groups.size() > keep) {
      for (uint64_t id : groups.front()) {
        auto it = ctx.bulk.find(id);
        if (it == ctx.bulk.end())
          continue;
        if (!performOne(ctx, it->second))
          return;
        ctx.bulk.erase(it);
      }
      groups.erase(groups.begin());
    }
  });
}

bool decodeTensorCopy(Instr &ins, Mods &m, bool reduce, std::string &err) {
  int dims = m.takeOneOf({"1d", "2d", "3d", "4d", "5d"});
  if (dims < 0) {
    err = "'cp.async.bulk.tensor' needs .1d .. .5d";
    return false;
  }
  ins.a = dims + 1;
  Space dst, src;
  if (!m.takeSpace(dst) || !m.takeSpace(src)) {
    err = "'cp.async.bulk.tensor' needs destination and source state spaces";
    return false;
  }
  m.take("tile");
  for (const char *mode : {"im2col", "tile::gather4", "tile::scatter4", "im2col::w",
                           "im2col::w::128", "im2col_no_offs"})
    if (m.take(mode)) {
      err = std::string("the .") + mode + " load mode is not modelled (tile only)";
      return false;
    }
  bool hint = m.take("L2::cache_hint");
  if (reduce) {
    int op = m.takeOneOf({"add", "min", "max", "inc", "dec", "and", "or", "xor"});
    if (op < 0 || dst != Space::Global || src != Space::Shared ||
        !m.take("bulk_group")) {
      err = "'cp.reduce.async.bulk.tensor' needs .global.shared::cta, a reduction "
            "and .bulk_group";
      return false;
    }
    ins.kind = BReduce;
    ins.kind2 = uint8_t(op);
  } else if (dst == Space::Shared && src == Space::Global) {
    if (!m.take("mbarrier::complete_tx::bytes")) {
      err = "a tensor load needs .mbarrier::complete_tx::bytes";
      return false;
    }
    ins.flag = m.take("multicast::cluster");
    m.take("cta_group::1");
    ins.kind = BLoad;
  } else if (dst == Space::Global && src == Space::Shared) {
    if (!m.take("bulk_group")) {
      err = "a tensor store needs .bulk_group";
      return false;
    }
    ins.kind = BStore;
  } else {
    err = "'cp.async.bulk.tensor' copies global <-> shared";
    return false;
  }
  ins.space = Space::Shared;
  size_t need = ins.kind == BLoad ? 3 + (ins.flag ? 1 : 0) : 2;
  if (!expectOps(ins, need, need + (hint ? 1 : 0), err))
    return false;
  const Operand &tm = ins.ops[ins.kind == BLoad ? 1 : 0];
  if (tm.kind != Operand::Mem || tm.elems.size() != size_t(ins.a)) {
    err = "the tensor operand must be [tensorMap, {" + std::to_string(ins.a) +
          " coordinates}]";
    return false;
  }
  for (size_t k = 0; k < need; ++k)
    if (k != 3 && ins.ops[k].kind != Operand::Mem) {
      err = "operand " + std::to_string(k + 1) + " must be an address [..]";
      return false;
    }
  ins.exec = execTensor;
  return true;
}

} // namespace

bool tilecc::ptxemu::decodeBulkCopy(Instr &ins, Mods &m, std::string &err) {
  ins.cls = IClass::AsyncCopy;
  bool reduce = m.take("reduce");
  if (!m.take("async") || !m.take("bulk")) {
    err = "expected cp{.reduce}.async.bulk";
    return false;
  }
  if (!reduce && m.take("commit_group")) {
    ins.exec = execBulkCommit;
    return expectOps(ins, 0, err);
  }
  if (!reduce && m.take("wait_group")) {
    m.take("read");
    ins.exec = execBulkWait;
    if (!expectOps(ins, 1, err))
      return false;
    if (ins.ops[0].kind != Operand::Imm || ins.ops[0].imm < 0) {
      err = "'cp.async.bulk.wait_group' needs a constant group count";
      return false;
    }
    return true;
  }
  if (m.take("tensor"))
    return decodeTensorCopy(ins, m, reduce, err);
  if (reduce) {
    err = "only the tensor form of cp.reduce.async.bulk is modelled";
    return false;
  }
  Space dst, src;
  if (!m.takeSpace(dst) || !m.takeSpace(src)) {
    err = "'cp.async.bulk' needs destination and source state spaces";
    return false;
  }
  bool hint = m.take("L2::cache_hint");
  size_t need;
  if (dst == Space::Global && src == Space::Shared) {
    if (!m.take("bulk_group")) {
      err = "a bulk store needs .bulk_group";
      return false;
    }
    ins.kind = BStore;
    need = 3;
  } else if (dst == Space::Shared &&
             (src == Space::Global || src == Space::Shared)) {
    if (!m.take("mbarrier::complete_tx::bytes")) {
      err = "a bulk copy into shared memory needs .mbarrier::complete_tx::bytes";
      return false;
    }
    ins.flag = m.take("multicast::cluster");
    ins.kind = src == Space::Global ? BLoad : BShared;
    need = 4 + (ins.flag ? 1 : 0);
  } else {
    err = "unsupported cp.async.bulk direction";
    return false;
  }
  if (!expectOps(ins, need, need + (hint ? 1 : 0), err))
    return false;
  if (ins.ops[0].kind != Operand::Mem || ins.ops[1].kind != Operand::Mem ||
      (need > 3 && ins.ops[3].kind != Operand::Mem)) {
    err = "'cp.async.bulk' needs [dst], [src], size{, [mbar]}";
    return false;
  }
  // The multicast mask sits after [mbar]; checkMulticast reads ops[3] for
  // tensor loads, so keep the plain form's mask there too.
  if (ins.flag)
    std::swap(ins.ops[3], ins.ops[4]);
  ins.exec = execBulk;
  return true;
}

// ---- tensormap.replace / cp_fenceproxy ----

namespace {

void execReplace(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t a = ctx.address(ins.ops[0], w, l);
    if (a % 64)
      return ctx.fail(ins, w, l, "tensor-map object at " + hexOf(a) +
                                     " is not 64-byte aligned");
    Space sp;
    uint8_t *p = ctx.access(ins, w, l, ins.space, a, kTensorMapBytes, Access::Write,
                            &sp, false);
    if (!p)
      return;
    if (sp != Space::Global && sp != Space::Shared)
      return ctx.fail(ins, w, l, "tensormap.replace writes .global or .shared::cta");
    bool ord = ins.ops.size() == 3;
    uint64_t v = ctx.get(ins.ops.back(), w, l, ins.type);
    unsigned o = ord ? unsigned(ins.ops[1].imm) : 0;
    std::string err;
    if (!replaceTensorMapField(p, TmField(ins.kind), o, v, err))
      return ctx.fail(ins, w, l, err);
    if (sp == Space::Global)
      ctx.tmapUnreleased[a] = w.linear[l];
    ++ctx.cnt.tensormapReplaces;
  });
}

void execCpFenceProxy(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  if (!requireFullWarp(ctx, ins, w, mask))
    return;
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t d = ctx.address(ins.ops[0], w, l), s = ctx.address(ins.ops[1], w, l);
    uint8_t *dp = ctx.access(ins, w, l, Space::Global, d, kTensorMapBytes,
                             Access::Write, nullptr, false);
    const uint8_t *sp = ctx.access(ins, w, l, Space::Shared, s, kTensorMapBytes,
                                   Access::Read, nullptr, false);
    if (!dp || !sp)
      return;
    std::memmove(dp, sp, kTensorMapBytes);
    ctx.tmapUnreleased.erase(d); // the copy is released toward the tensormap proxy
  });
}

bool decodeTensormap(Instr &ins, Mods &m, std::string &err) {
  ins.cls = IClass::Memory;
  if (m.take("cp_fenceproxy")) {
    Space d, s;
    if (!m.takeSpace(d) || !m.takeSpace(s) || d != Space::Global ||
        s != Space::Shared || !m.take("tensormap::generic") || !m.take("release") ||
        m.takeOneOf({"cta", "cluster", "gpu", "sys"}) < 0 || !m.take("sync") ||
        !m.take("aligned")) {
      err = "'tensormap.cp_fenceproxy' needs .global.shared::cta.tensormap::generic"
            ".release.scope.sync.aligned";
      return false;
    }
    ins.exec = execCpFenceProxy;
    ins.collective = true;
    if (!expectOps(ins, 3, err))
      return false;
    if (ins.ops[0].kind != Operand::Mem || ins.ops[1].kind != Operand::Mem ||
        ins.ops[2].kind != Operand::Imm || ins.ops[2].imm != 128) {
      err = "'tensormap.cp_fenceproxy' takes [dst], [src], 128";
      return false;
    }
    return true;
  }
  if (!m.take("replace") || !m.take("tile") || !m.take("b1024")) {
    err = "expected tensormap.replace.tile.<field>{.space}.b1024.<type> or "
          "tensormap.cp_fenceproxy";
    return false;
  }
  int f = m.takeOneOf({"global_address", "rank", "box_dim", "global_dim",
                       "global_stride", "element_stride", "elemtype",
                       "interleave_layout", "swizzle_mode", "swizzle_atomicity",
                       "fill_mode"});
  if (f < 0) {
    err = "unknown tensormap.replace field";
    return false;
  }
  ins.kind = uint8_t(f);
  if (!m.takeSpace(ins.space))
    ins.space = Space::Generic;
  if (ins.space != Space::Generic && ins.space != Space::Global &&
      ins.space != Space::Shared) {
    err = "tensormap.replace writes .global or .shared::cta";
    return false;
  }
  bool b64 = f == 0 || f == 4;
  if (!m.take(b64 ? "b64" : "b32")) {
    err = std::string("this tensormap.replace field takes .") + (b64 ? "b64" : "b32");
    return false;
  }
  ins.type = b64 ? Ty::B64 : Ty::B32;
  ins.exec = execReplace;
  bool perDim = f >= 2 && f <= 5;
  if (!expectOps(ins, perDim ? 3 : 2, err))
    return false;
  if (ins.ops[0].kind != Operand::Mem) {
    err = "'tensormap.replace' needs an address operand [..]";
    return false;
  }
  if (perDim && ins.ops[1].kind != Operand::Imm) {
    err = "the tensormap.replace ordinal must be an immediate";
    return false;
  }
  if (f >= 6 && ins.ops.back().kind != Operand::Imm) {
    err = "this tensormap.replace field takes an immediate value";
    return false;
  }
  return true;
}

} // namespace

void tilecc::ptxemu::registerTmaOps(DecodeTable &t) { t["tensormap"] = decodeTensormap; }

// ---- proxy fences ----

void tilecc::ptxemu::execProxyFence(ExecCtx &ctx, const Instr &ins, WarpState &w,
                                    uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint32_t t = w.linear[l];
    switch (ins.kind) {
    case 1:
      if (!ctx.asyncFences.empty())
        ++ctx.asyncFences[t];
      break;
    case 2:
      for (auto it = ctx.tmapUnreleased.begin(); it != ctx.tmapUnreleased.end();)
        it = it->second == t ? ctx.tmapUnreleased.erase(it) : std::next(it);
      break;
    case 3: {
      uint64_t a = ctx.address(ins.ops[0], w, l);
      if (ctx.get(ins.ops[1], w, l, Ty::U32) != kTensorMapBytes)
        return ctx.fail(ins, w, l, "the tensormap acquire fence takes a size of 128");
      const uint8_t *p = ctx.access(ins, w, l, Space::Generic, a, kTensorMapBytes,
                                    Access::Read, nullptr, false);
      if (!p)
        return;
      // A map its writer has not released is not acquired.
      if (ctx.tmapUnreleased.count(a))
        ctx.tmapAcquired.erase(a);
      else
        ctx.tmapAcquired[a].assign(p, p + kTensorMapBytes);
      break;
    }
    default:
      break;
    }
  });
}

// ---- performing, hazards ----

bool tilecc::ptxemu::bulkLoadPendingOn(const ExecCtx &ctx, const uint8_t *mbar) {
  for (const auto &[id, op] : ctx.bulk)
    if (op.load && op.mbar == mbar)
      return true;
  return false;
}

bool tilecc::ptxemu::performBulk(ExecCtx &ctx, const uint8_t *mbar, bool stores) {
  for (auto it = ctx.bulk.begin(); it != ctx.bulk.end();) {
    BulkOp &op = it->second;
    bool take = op.load ? (!mbar || op.mbar == mbar) : stores;
    if (!take) {
      ++it;
      continue;
    }
    if (!performOne(ctx, op))
      return false;
    it = ctx.bulk.erase(it);
  }
  return true;
}

bool tilecc::ptxemu::asyncProxyReadCheck(ExecCtx &ctx, const Instr &ins,
                                         WarpState &w, unsigned lane, uint64_t off,
                                         unsigned n) {
  if (ctx.genWriter.empty())
    return true;
  for (uint64_t b = off; b < off + n && b < ctx.genWriter.size(); ++b) {
    uint32_t t = ctx.genWriter[b];
    if (t && ctx.asyncFences[t - 1] == ctx.genFence[b]) {
      ctx.fail(ins, w, lane,
               "the async proxy reads shared memory at " + hexOf(b) +
                   " that thread " + std::to_string(t - 1) +
                   " (linear id) wrote through the generic proxy without a "
                   "fence.proxy.async after the write");
      return false;
    }
  }
  return true;
}

bool ExecCtx::asyncHazard(const Instr &ins, WarpState &w, unsigned lane,
                          uint64_t off, unsigned n, Access kind) {
  if (!asyncW.empty())
    for (uint64_t b = off; b < off + n; ++b) {
      if (asyncW[b]) {
        fail(ins, w, lane,
             std::string(kind == Access::Read ? "reads" : "writes") +
                 " shared memory at " + hexOf(b) +
                 " that an async copy still in flight writes (" +
                 opLine(*this, opWriting(*this, b, true)) +
                 "): its mbarrier phase has not been waited for");
        return false;
      }
      if (kind != Access::Read && asyncR[b]) {
        fail(ins, w, lane,
             "writes shared memory at " + hexOf(b) + " that a bulk store still "
             "reads (" + opLine(*this, opWriting(*this, b, false)) +
                 "; cp.async.bulk.wait_group.read must come first)");
        return false;
      }
    }
  if (!genWriter.empty() && kind != Access::Read)
    for (uint64_t b = off; b < off + n; ++b) {
      genWriter[b] = w.linear[lane] + 1;
      genFence[b] = asyncFences[w.linear[lane]];
    }
  return true;
}
