//===- OpsWgmma.cpp - warpgroup MMA (wgmma, sm_90a) -----------------------===//
//
// wgmma.fence / mma_async / commit_group / wait_group, modelled from the PTX
// ISA ("Asynchronous Warpgroup Level Matrix Multiply-Accumulate"):
//
// - mma_async m64nNk16 with .f32 D and .f16/.bf16 A and B; A from four .b32
//   registers or a descriptor, B from a descriptor. A warpgroup is four
//   consecutive warps; warp (id % 4) owns rows 16 (id % 4) .. + 15 of the 64,
//   so each warp's share is computed from its own A registers (or A rows)
//   and all of B. Fragments (ISA figures for m64nNk16): A like mma.sync
//   m16n8k16's A per warp; D register i of lane l is row l / 4 + 8 ((i / 2)
//   % 2), column 8 (i / 4) + 2 (l % 4) + i % 2.
// - Shared operands through the 64-bit matrix descriptor: start address,
//   leading (LBO) and stride (SBO) byte offsets (bits 0-13, 16-29, 32-45, in
//   16-byte units), base offset (49-51, only 0 modelled), swizzle (62-63: 1
//   128 B, 2 64 B, 3 32 B). K-major: 8-row core groups SBO apart, a row of
//   16 bytes (no swizzle; the next 16 K bytes LBO on) or of W swizzle bytes.
//   MN-major (transposed, swizzled only): atoms of 8 K rows of W bytes along
//   MN, atoms along MN LBO apart, groups of 8 K rows SBO apart. Swizzling
//   XORs address bits 4.. with bits 7.. (log2(W / 16) of them) of the
//   absolute shared address.
// - Asynchrony: mma_async queues the op (descriptors read at issue);
//   commit_group closes a group; wait_group N completes the oldest groups
//   until N remain, reading A registers, D and shared memory then, so a
//   missing wait, a slot refilled too early or a result read before the wait
//   gives wrong numbers. An mma_async needs a wgmma.fence since the warp's
//   last wait (the ISA orders register accesses by the fence).
// - In-flight hazards are errors: the ISA leaves undefined any access to the
//   accumulator or A registers of an mma_async before the wait_group that
//   completes it, except by later mma_asyncs of the same shape chaining on
//   the same accumulator (ordered without a wait); and the shared operands
//   may be read any time before completion. So any other instruction naming
//   such a register fails the launch, an mma_async may only reuse an
//   in-flight accumulator whole (same registers, same shape), and a shared
//   element read by an op that changed between its issue and its completion,
//   or that a cp.async still pending then may write, fails it too.
// Products are exact in double, summed with D and rounded once to f32.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <algorithm>
#include <cstring>

using namespace tilecc::ptxemu;

namespace {

enum Kind : uint8_t { KFence, KCommit, KWait, KMma };

std::string hexOf(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return buf;
}

bool warpgroupLaunch(ExecCtx &ctx, const Instr &ins, WarpState &w) {
  if (ctx.cfg.block.count() % 128 == 0)
    return true;
  ctx.fail(ins, w, 0, "'" + ins.opcode +
                          "' needs whole warpgroups (a multiple of 128 "
                          "threads per block)");
  return false;
}

// Byte address of element (mn, k) of a shared operand; false (and failed)
// for descriptor fields the emulator does not model.
bool descAddress(ExecCtx &ctx, const Instr &ins, WarpState &w, uint64_t desc,
                 bool mnMajor, unsigned elemBytes, unsigned mn, unsigned k,
                 uint64_t &addr) {
  uint64_t start = (desc & 0x3FFF) << 4, lbo = (desc >> 16 & 0x3FFF) << 4,
           sbo = (desc >> 32 & 0x3FFF) << 4;
  unsigned mode = unsigned(desc >> 62);
  if (desc >> 49 & 7) {
    ctx.fail(ins, w, 0, "wgmma descriptor " + hexOf(desc) +
                            ": the emulator models base offset 0 only");
    return false;
  }
  unsigned swz = mode == 1 ? 128 : mode == 2 ? 64 : mode == 3 ? 32 : 0;
  uint64_t mnByte = uint64_t(mn) * elemBytes, kByte = uint64_t(k) * elemBytes;
  if (!mnMajor) {
    if (swz == 0)
      addr = start + mn / 8 * sbo + mn % 8 * 16 + kByte / 16 * lbo + kByte % 16;
    else
      addr = start + mn / 8 * sbo + mn % 8 * swz + kByte;
  } else {
    if (swz == 0) {
      ctx.fail(ins, w, 0, "wgmma descriptor " + hexOf(desc) +
                              ": the emulator models MN-major operands with "
                              "a swizzle only");
      return false;
    }
    addr = start + mnByte / swz * lbo + k / 8 * sbo + k % 8 * swz + mnByte % swz;
  }
  if (swz) {
    unsigned bits = swz == 128 ? 3 : swz == 64 ? 2 : 1;
    uint64_t mask = (1u << bits) - 1;
    addr ^= ((addr >> 7) & mask) << 4;
  }
  return true;
}

// Register slots an operand names (registers, vector elements, address
// bases, `%r|%p` predicates).
void collectRegs(const Operand &o, std::vector<int> &out) {
  if (o.kind == Operand::Vec) {
    for (const Operand &e : o.elems)
      collectRegs(e, out);
    return;
  }
  if ((o.kind == Operand::Reg || o.kind == Operand::Mem) && o.reg >= 0)
    out.push_back(o.reg);
  if (o.reg2 >= 0)
    out.push_back(o.reg2);
}

bool contains(const std::vector<int> &v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The accumulator and A registers of every op not yet completed.
void refreshBusy(WarpState &w) {
  w.wgBusyD.clear();
  w.wgBusyA.clear();
  auto add = [&](const WgmmaOp &op) {
    collectRegs(op.ins->ops[0], w.wgBusyD);
    if (op.ins->flag)
      collectRegs(op.ins->ops[1], w.wgBusyA);
  };
  for (const std::vector<WgmmaOp> &g : w.wgGroups)
    for (const WgmmaOp &op : g)
      add(op);
  for (const WgmmaOp &op : w.wgOpen)
    add(op);
}

// A new mma_async while others are in flight: it may chain on an in-flight
// accumulator only with the very same D registers and shape, and may not
// otherwise read or write their registers.
bool checkIssueHazard(ExecCtx &ctx, const Instr &ins, WarpState &w) {
  if (w.wgBusyD.empty())
    return true;
  std::vector<int> d, rest;
  collectRegs(ins.ops[0], d);
  for (size_t i = 1; i < ins.ops.size(); ++i)
    collectRegs(ins.ops[i], rest);
  for (int r : rest)
    if (contains(w.wgBusyD, r)) {
      ctx.fail(ins, w, 0,
               "wgmma.mma_async reads the accumulator of an in-flight "
               "wgmma.mma_async (wait for its group first)");
      return false;
    }
  bool overlaps = false;
  for (int r : d)
    overlaps |= contains(w.wgBusyD, r) || contains(w.wgBusyA, r);
  if (!overlaps)
    return true;
  auto sameD = [&](const WgmmaOp &op) {
    std::vector<int> other;
    collectRegs(op.ins->ops[0], other);
    return op.ins->a == ins.a && other == d;
  };
  bool chain = !std::any_of(d.begin(), d.end(),
                            [&](int r) { return contains(w.wgBusyA, r); });
  if (chain) {
    bool found = std::any_of(w.wgOpen.begin(), w.wgOpen.end(), sameD);
    for (const std::vector<WgmmaOp> &g : w.wgGroups)
      found |= std::any_of(g.begin(), g.end(), sameD);
    chain = found;
  }
  if (chain)
    return true;
  ctx.fail(ins, w, 0,
           "wgmma.mma_async writes registers of an in-flight wgmma.mma_async "
           "other than the same-shape accumulator it may chain on");
  return false;
}

bool readElem(ExecCtx &ctx, const Instr &ins, WarpState &w, uint64_t addr,
              unsigned bytes, Ty t, double &out) {
  uint8_t *p = ctx.access(ins, w, 0, Space::Shared, addr, bytes, Access::Read);
  if (!p)
    return false;
  uint64_t bits = 0;
  std::memcpy(&bits, p, bytes);
  out = widen(bits, t == Ty::BF16 ? FFmt::BF16 : FFmt::F16);
  return true;
}

// Every shared element `op` reads, as (address, bits) now.
bool snapshotShared(ExecCtx &ctx, WarpState &w, const WgmmaOp &op,
                    std::vector<std::pair<uint64_t, uint16_t>> &out) {
  const Instr &ins = *op.ins;
  const unsigned n = unsigned(ins.a), q = w.id % 4;
  auto take = [&](uint64_t desc, bool mnMajor, unsigned mn, unsigned k) {
    uint64_t addr;
    if (!descAddress(ctx, ins, w, desc, mnMajor, 2, mn, k, addr))
      return false;
    uint8_t *p = ctx.access(ins, w, 0, Space::Shared, addr, 2, Access::Read);
    if (!p)
      return false;
    uint16_t bits;
    std::memcpy(&bits, p, 2);
    out.emplace_back(addr, bits);
    return true;
  };
  if (!ins.flag)
    for (unsigned r = 0; r < 16; ++r)
      for (unsigned k = 0; k < 16; ++k)
        if (!take(op.aDesc, ins.b != 0, 16 * q + r, k))
          return false;
  for (unsigned k = 0; k < 16; ++k)
    for (unsigned c = 0; c < n; ++c)
      if (!take(op.bDesc, ins.c != 0, c, k))
        return false;
  return true;
}

// A cp.async still pending (any thread of the CTA) may land any time before
// its wait, so one into shared memory this op reads races with it.
bool checkPendingCopies(ExecCtx &ctx, WarpState &w, const WgmmaOp &op,
                        const std::vector<std::pair<uint64_t, uint16_t>> &read) {
  if (read.empty())
    return true;
  std::vector<uint64_t> addrs;
  addrs.reserve(read.size());
  for (const auto &[addr, bits] : read)
    addrs.push_back(addr);
  std::sort(addrs.begin(), addrs.end());
  auto hits = [&](const CpAsyncOp &cp) {
    auto it = std::lower_bound(addrs.begin(), addrs.end(),
                               cp.dst > 0 ? cp.dst - 1 : 0);
    return it != addrs.end() && *it < cp.dst + cp.data.size() &&
           *it + 2 > cp.dst;
  };
  for (const WarpState &o : ctx.warps)
    for (unsigned l = 0; l < 32; ++l) {
      bool hit = std::any_of(o.cpOpen[l].begin(), o.cpOpen[l].end(), hits);
      for (const std::vector<CpAsyncOp> &g : o.cpGroups[l])
        hit |= std::any_of(g.begin(), g.end(), hits);
      if (hit) {
        ctx.fail(*op.ins, w, 0,
                 "a cp.async of warp " + std::to_string(o.id) +
                     " still pending writes shared memory this "
                     "wgmma.mma_async reads (a ring slot refilled while the "
                     "wgmma was in flight)");
        return false;
      }
    }
  return true;
}

void perform(ExecCtx &ctx, WarpState &w, const WgmmaOp &op) {
  const Instr &ins = *op.ins;
  const unsigned n = unsigned(ins.a), q = w.id % 4;
  const Ty t = ins.type2;
  std::vector<std::pair<uint64_t, uint16_t>> now;
  if (!snapshotShared(ctx, w, op, now))
    return;
  for (size_t i = 0; i < now.size(); ++i)
    if (now[i].second != op.shared[i].second)
      return ctx.fail(ins, w, 0,
                      "shared memory read by this wgmma.mma_async (address " +
                          hexOf(now[i].first) +
                          ") was written while it was in flight, before "
                          "the wgmma.wait_group that completes it");
  if (!checkPendingCopies(ctx, w, op, now))
    return;
  const bool aRegs = ins.flag;
  const bool transA = ins.b != 0, transB = ins.c != 0;
  double A[16][16], B[16][256];
  if (aRegs) {
    const Operand &aop = ins.ops[1];
    for (unsigned l = 0; l < 32; ++l)
      for (unsigned i = 0; i < 8; ++i) {
        uint64_t reg = ctx.get(aop.elems[i / 2], w, l, Ty::B32);
        unsigned g = l / 4, tq = l % 4;
        unsigned row = g + 8 * ((i >> 1) & 1), col = 2 * tq + (i & 1) + 8 * (i >> 2);
        A[row][col] = widen((reg >> (16 * (i % 2))) & 0xffff,
                            t == Ty::BF16 ? FFmt::BF16 : FFmt::F16);
      }
  } else {
    for (unsigned r = 0; r < 16; ++r)
      for (unsigned k = 0; k < 16; ++k) {
        uint64_t addr;
        if (!descAddress(ctx, ins, w, op.aDesc, transA, 2, 16 * q + r, k, addr) ||
            !readElem(ctx, ins, w, addr, 2, t, A[r][k]))
          return;
      }
  }
  for (unsigned k = 0; k < 16; ++k)
    for (unsigned c = 0; c < n; ++c) {
      uint64_t addr;
      if (!descAddress(ctx, ins, w, op.bDesc, transB, 2, c, k, addr) ||
          !readElem(ctx, ins, w, addr, 2, t, B[k][c]))
        return;
    }
  const Operand &dop = ins.ops[0];
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned i = 0; i < n / 2; ++i) {
      unsigned row = l / 4 + 8 * ((i >> 1) & 1);
      unsigned col = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
      double s = op.scaleD ? double(asF32(ctx.get(dop.elems[i], w, l, Ty::B32))) : 0.0;
      for (unsigned k = 0; k < 16; ++k)
        s += A[row][k] * B[k][col];
      ctx.set(dop.elems[i], w, l, canonF32(float(s)));
    }
}

void execWgmma(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  if (!requireFullWarp(ctx, ins, w, mask) || !warpgroupLaunch(ctx, ins, w))
    return;
  switch (ins.kind) {
  case KFence:
    w.wgFenced = true;
    return;
  case KCommit:
    w.wgGroups.push_back(std::move(w.wgOpen));
    w.wgOpen.clear();
    return;
  case KWait: {
    size_t keep = size_t(ins.ops[0].imm);
    while (w.wgGroups.size() > keep) {
      std::vector<WgmmaOp> group = std::move(w.wgGroups.front());
      w.wgGroups.erase(w.wgGroups.begin());
      for (const WgmmaOp &op : group) {
        perform(ctx, w, op);
        if (ctx.failed)
          return;
      }
    }
    refreshBusy(w);
    w.wgFenced = false;
    return;
  }
  case KMma: {
    if (!w.wgFenced)
      return ctx.fail(ins, w, 0,
                      "wgmma.mma_async without a wgmma.fence since the "
                      "warp's last wgmma.wait_group");
    bool aRegs = ins.flag;
    size_t bIdx = 2, pIdx = 3;
    WgmmaOp op{&ins, 0, 0, true, {}};
    for (unsigned l = 0; l < 32; ++l) {
      uint64_t a = aRegs ? 0 : ctx.get(ins.ops[1], w, l, Ty::B64);
      uint64_t b = ctx.get(ins.ops[bIdx], w, l, Ty::B64);
      bool p = ctx.get(ins.ops[pIdx], w, l, Ty::Pred) & 1;
      if (l == 0) {
        op.aDesc = a, op.bDesc = b, op.scaleD = p;
      } else if (a != op.aDesc || b != op.bDesc || p != op.scaleD) {
        return ctx.fail(ins, w, l,
                        "wgmma.mma_async descriptors and scale-d must be the "
                        "same in every thread");
      }
    }
    if (!checkIssueHazard(ctx, ins, w) ||
        !snapshotShared(ctx, w, op, op.shared))
      return;
    // Its shared operands are read through the async proxy (PTX ISA
    // 9.7.15.4): generic writes need a fence.proxy.async first.
    for (const auto &[addr, bits] : op.shared)
      if (!asyncProxyReadCheck(ctx, ins, w, 0, addr, 2))
        return;
    w.wgOpen.push_back(std::move(op));
    refreshBusy(w);
    return;
  }
  }
}

bool decodeWgmma(Instr &ins, Mods &m, std::string &err) {
  int kind = m.takeOneOf({"fence", "commit_group", "wait_group", "mma_async"});
  if (kind < 0 || !m.take("sync") || !m.take("aligned")) {
    err = "wgmma supports fence, commit_group, wait_group and mma_async "
          "(.sync.aligned)";
    return false;
  }
  ins.kind = uint8_t(kind);
  ins.exec = execWgmma;
  ins.cls = kind == KMma ? IClass::Tensor : IClass::Barrier;
  ins.collective = true;
  if (kind == KFence || kind == KCommit)
    return expectOps(ins, 0, err);
  if (kind == KWait) {
    if (!expectOps(ins, 1, err))
      return false;
    if (ins.ops[0].kind != Operand::Imm || ins.ops[0].imm < 0) {
      err = "wgmma.wait_group takes an immediate count";
      return false;
    }
    return true;
  }
  // mma_async.m64nNk16.f32.{f16,bf16}.{f16,bf16}
  unsigned n = 0;
  for (unsigned c = 8; c <= 256 && !n; c += 8)
    if (m.take(("m64n" + std::to_string(c) + "k16").c_str()))
      n = c;
  std::vector<Ty> tys = m.takeTypes();
  if (!n || tys.size() != 3 || tys[0] != Ty::F32 ||
      (tys[1] != Ty::F16 && tys[1] != Ty::BF16) || tys[2] != tys[1]) {
    err = "wgmma.mma_async is modelled for m64nNk16 .f32.f16.f16 and "
          ".f32.bf16.bf16";
    return false;
  }
  ins.a = int(n);
  ins.type = Ty::F32;
  ins.type2 = tys[1];
  if (!expectOps(ins, 7, 8, err))
    return false;
  const Operand &d = ins.ops[0];
  if (d.kind != Operand::Vec || d.elems.size() != n / 2) {
    err = "wgmma.mma_async .f32 D needs " + std::to_string(n / 2) + " registers";
    return false;
  }
  ins.flag = ins.ops[1].kind == Operand::Vec; // A in registers
  if (ins.flag && (ins.ops[1].elems.size() != 4 || ins.ops.size() != 7)) {
    err = "wgmma.mma_async with A in registers takes d, {a0..a3}, b-desc, "
          "scale-d, imm-scale-a, imm-scale-b, imm-trans-b";
    return false;
  }
  if (!ins.flag && ins.ops.size() != 8) {
    err = "wgmma.mma_async with shared A takes d, a-desc, b-desc, scale-d, "
          "imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b";
    return false;
  }
  // Immediates: scales (1 modelled) and transposes.
  size_t first = 4;
  for (size_t i = first; i < ins.ops.size(); ++i)
    if (ins.ops[i].kind != Operand::Imm) {
      err = "wgmma.mma_async scale and transpose arguments are immediates";
      return false;
    }
  if (ins.ops[4].imm != 1 || ins.ops[5].imm != 1) {
    err = "wgmma.mma_async is modelled with imm-scale-a = imm-scale-b = 1";
    return false;
  }
  ins.b = ins.flag ? 0 : int(ins.ops[6].imm);
  ins.c = int(ins.ops.back().imm);
  return true;
}

} // namespace

bool tilecc::ptxemu::wgmmaRegisterHazard(ExecCtx &ctx, const Instr &ins,
                                         WarpState &w) {
  if (ins.exec == execWgmma) // mma_async checks itself at issue
    return true;
  std::vector<int> regs;
  for (const Operand &o : ins.ops)
    collectRegs(o, regs);
  if (ins.guard >= 0)
    regs.push_back(ins.guard);
  for (int r : regs) {
    bool d = contains(w.wgBusyD, r);
    if (d || contains(w.wgBusyA, r)) {
      ctx.fail(ins, w, 0,
               std::string("'") + ins.opcode + "' accesses " +
                   (d ? "an accumulator" : "an A fragment") +
                   " register of an in-flight wgmma.mma_async (before the "
                   "wgmma.wait_group that completes it)");
      return false;
    }
  }
  return true;
}

void tilecc::ptxemu::registerWgmmaOps(DecodeTable &t) { t["wgmma"] = decodeWgmma; }
