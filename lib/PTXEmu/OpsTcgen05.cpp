//===- OpsTcgen05.cpp - tensor memory and the 5th-generation tensor core --===//
//
// The tcgen05 subset tilecc emits for block-scaled MMA (sm_100a class):
// alloc / dealloc / relinquish_alloc_permit, ld / st 32x32b and 16x32bx2,
// wait::ld/st, the thread-sync fences, cp 32x128b.warpx4, mma block_scale
// of kinds mxf8f6f4 (scale_vec::1X), mxf4 (2X) and mxf4nvf4 (2X, 4X), and
// commit to an mbarrier.
//
// Tensor memory is a per-CTA array of 128 lanes x 512 32-bit columns; an
// address is lane << 16 | column. Allocation hands out power-of-two column
// ranges aligned to their size; every access must stay inside allocated
// columns, and ld/st of a warp inside its lane quarter (32 * (warp % 4)).
// cp and mma are asynchronous: they are queued per issuing thread with their
// operand values and performed, in order, by that thread's commit, which
// then arrives on the mbarrier; a read of the results before the commit sees
// the old contents. MMA products are exact in double (narrow floats times
// their scales), summed over the instruction's K and added to the
// accumulator with one rounding to f32.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <bitset>
#include <cstdio>

using namespace tilecc::ptxemu;

namespace tilecc::ptxemu {
struct Tcgen05State {
  static constexpr unsigned kLanes = 128, kColumns = 512;
  std::vector<uint32_t> cells = std::vector<uint32_t>(kLanes * kColumns, 0);
  std::bitset<kColumns> allocated;
  struct Pending {
    const Instr *ins;
    uint64_t v[6];
  };
  std::vector<std::vector<Pending>> pending; // by linear thread id
  uint32_t &at(unsigned lane, unsigned col) { return cells[lane * kColumns + col]; }
};
} // namespace tilecc::ptxemu

namespace {

enum Tcgen05Kind : uint8_t {
  KAlloc, KDealloc, KRelinquish, KFence, KLd, KSt, KWait, KCp, KMma, KCommit
};

Tcgen05State &state(ExecCtx &ctx) {
  if (!ctx.tcgen05)
    ctx.tcgen05 = std::make_shared<Tcgen05State>();
  return *ctx.tcgen05;
}

std::string hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
  return b;
}

// Whether columns [col, col + n) are allocated; reports otherwise.
bool checkColumns(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                  uint64_t col, uint64_t n) {
  Tcgen05State &s = state(ctx);
  for (uint64_t c = col; c < col + n; ++c)
    if (c >= Tcgen05State::kColumns || !s.allocated[c]) {
      ctx.fail(ins, w, l,
               "tensor-memory column " + std::to_string(c) + " is not allocated");
      return false;
    }
  return true;
}

void execAlloc(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  unsigned l = unsigned(__builtin_ctz(mask));
  if (mask != 0xFFFFFFFFu)
    return ctx.fail(ins, w, l, "tcgen05.alloc needs the whole warp");
  uint64_t n = ctx.get(ins.ops[1], w, l, Ty::U32);
  if (n < 32 || n > Tcgen05State::kColumns || (n & (n - 1)))
    return ctx.fail(ins, w, l,
                    "tcgen05.alloc of " + std::to_string(n) +
                        " columns: a power of two from 32 to 512 is required");
  Tcgen05State &s = state(ctx);
  for (uint64_t col = 0; col < Tcgen05State::kColumns; col += n) {
    bool free = true;
    for (uint64_t c = col; c < col + n && free; ++c)
      free = !s.allocated[c];
    if (!free)
      continue;
    for (uint64_t c = col; c < col + n; ++c)
      s.allocated[c] = true;
    uint8_t *p = ctx.access(ins, w, l, Space::Shared, ctx.address(ins.ops[0], w, l),
                            4, Access::Write);
    if (p) {
      uint32_t address = uint32_t(col);
      std::memcpy(p, &address, 4);
    }
    return;
  }
  ctx.fail(ins, w, l,
           "tcgen05.alloc of " + std::to_string(n) +
               " columns: tensor memory is exhausted (the hardware would wait)");
}

void execDealloc(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  unsigned l = unsigned(__builtin_ctz(mask));
  if (mask != 0xFFFFFFFFu)
    return ctx.fail(ins, w, l, "tcgen05.dealloc needs the whole warp");
  uint64_t address = ctx.get(ins.ops[0], w, l, Ty::U32);
  uint64_t n = ctx.get(ins.ops[1], w, l, Ty::U32);
  uint64_t col = address & 0xFFFF;
  if (address >> 16 || !checkColumns(ctx, ins, w, l, col, n)) {
    if (!ctx.failed)
      ctx.fail(ins, w, l, "tcgen05.dealloc of address " + hex(address));
    return;
  }
  for (uint64_t c = col; c < col + n; ++c)
    state(ctx).allocated[c] = false;
}

void execNothing(ExecCtx &, const Instr &, WarpState &, uint32_t) {}

// ld / st of a warp in its lane quarter 32 * (warp % 4) .. + 31, `.num`
// (ins.a) columns per thread:
//   32x32b:   thread `lane` reaches lane (address lane) + lane, columns
//             (address column) .. + num;
//   16x32bx2: two 16x32b accesses of 16 lanes; threads 0-15 reach lanes
//             (address lane) + lane at the address's columns, threads 16-31
//             lanes (address lane) + lane - 16 at the columns
//             immHalfSplitoff further.
void execLdSt(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  bool load = ins.kind == KLd, split = ins.b != 0;
  const Operand &mem = load ? ins.ops[1] : ins.ops[0];
  const Operand &regs = load ? ins.ops[0] : ins.ops[split ? 2 : 1];
  uint64_t splitOff = split ? uint64_t(ins.ops[load ? 2 : 1].imm) : 0;
  unsigned lanes = split ? 16 : 32;
  Tcgen05State &s = state(ctx);
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t address = ctx.address(mem, w, l);
    uint64_t lane = address >> 16, col = address & 0xFFFF;
    uint64_t quarter = 32 * (w.id % 4);
    if (lane < quarter || lane + lanes > quarter + 32 || (lane - quarter) % lanes)
      return ctx.fail(ins, w, l,
                      "warp " + std::to_string(w.id) + " may access tensor-memory lanes " +
                          std::to_string(quarter) + ".." + std::to_string(quarter + 31) +
                          " in groups of " + std::to_string(lanes) + ", not from " +
                          std::to_string(lane));
    unsigned reach = unsigned(lane) + l % lanes;
    if (l >= lanes)
      col += splitOff;
    if (!checkColumns(ctx, ins, w, l, col, uint64_t(ins.a)))
      return;
    for (int i = 0; i < ins.a; ++i) {
      uint32_t &cell = s.at(reach, unsigned(col + i));
      if (load)
        ctx.set(regs.elems[size_t(i)], w, l, cell);
      else
        cell = uint32_t(ctx.get(regs.elems[size_t(i)], w, l, Ty::B32));
    }
  });
}

// cp and mma: queued with their operand values until the thread commits.
void execQueue(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  Tcgen05State &s = state(ctx);
  if (s.pending.size() < ctx.warps.size() * 32)
    s.pending.resize(ctx.warps.size() * 32);
  forLanes(mask, [&](unsigned l) {
    Tcgen05State::Pending p{&ins, {}};
    if (ins.kind == KCp) {
      p.v[0] = ctx.address(ins.ops[0], w, l);
      p.v[1] = ctx.get(ins.ops[1], w, l, Ty::B64);
    } else {
      p.v[0] = ctx.address(ins.ops[0], w, l);
      p.v[1] = ctx.get(ins.ops[1], w, l, Ty::B64);
      p.v[2] = ctx.get(ins.ops[2], w, l, Ty::B64);
      p.v[3] = ctx.get(ins.ops[3], w, l, Ty::B32);
      p.v[4] = ctx.address(ins.ops[4], w, l);
      p.v[5] = ctx.address(ins.ops[5], w, l) | ctx.get(ins.ops[6], w, l, Ty::Pred) << 63;
    }
    s.pending[w.id * 32 + l].push_back(p);
  });
}

// A shared-memory matrix descriptor without swizzling.
struct SmemDesc {
  uint64_t start, lbo, sbo;
};
bool decodeDesc(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                uint64_t d, SmemDesc &out) {
  if ((d >> 46 & 7) != 1 || (d >> 49 & 7) != 0 || (d >> 61 & 7) != 0) {
    ctx.fail(ins, w, l,
             "shared-memory descriptor " + hex(d) +
                 ": the emulator supports version 1, base offset 0, no swizzling");
    return false;
  }
  out = {(d & 0x3FFF) << 4, (d >> 16 & 0x3FFF) << 4, (d >> 32 & 0x3FFF) << 4};
  return true;
}

// Byte (row, kByte) of a K-major matrix in the canonical no-swizzle layout.
uint64_t kMajorOffset(const SmemDesc &d, uint64_t row, uint64_t kByte) {
  return d.start + row / 8 * d.sbo + row % 8 * 16 + kByte / 16 * d.lbo + kByte % 16;
}

bool readShared(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                uint64_t addr, unsigned n, uint8_t *out) {
  uint8_t *p = ctx.access(ins, w, l, Space::Shared, addr, n, Access::Read);
  if (!p)
    return false;
  std::memcpy(out, p, n);
  return true;
}

// tcgen05.cp 32x128b.warpx4: row r (16 bytes) of the source goes to lanes
// r, 32 + r, 64 + r, 96 + r, four columns from the destination's.
void performCp(ExecCtx &ctx, WarpState &w, unsigned l,
               const Tcgen05State::Pending &p) {
  const Instr &ins = *p.ins;
  SmemDesc d;
  if (!decodeDesc(ctx, ins, w, l, p.v[1], d))
    return;
  uint64_t lane = p.v[0] >> 16, col = p.v[0] & 0xFFFF;
  if (lane != 0)
    return ctx.fail(ins, w, l, "tcgen05.cp .warpx4 must start at lane 0");
  if (!checkColumns(ctx, ins, w, l, col, 4))
    return;
  Tcgen05State &s = state(ctx);
  for (unsigned r = 0; r < 32; ++r) {
    uint32_t words[4];
    if (!readShared(ctx, ins, w, l, kMajorOffset(d, r, 0), 16,
                    reinterpret_cast<uint8_t *>(words)))
      return;
    for (unsigned q = 0; q < 4; ++q)
      for (unsigned i = 0; i < 4; ++i)
        s.at(32 * q + r, unsigned(col + i)) = words[i];
  }
}

// tcgen05.mma block_scale: kind::mxf8f6f4 (K = 32, one byte per element,
// scale_vec::1X) or kind::mxf4 / mxf4nvf4 (K = 64, two e2m1 per byte, low
// half first, scale_vec::2X / 4X). The 32 bytes of K of a row are the
// scales' `vec` blocks; block i uses byte sfId + i of the scale column.
void performMma(ExecCtx &ctx, WarpState &w, unsigned l,
                const Tcgen05State::Pending &p) {
  const Instr &ins = *p.ins;
  uint64_t idesc = p.v[3];
  uint64_t m = (idesc >> 24 & 0x1F) << 4, n = (idesc >> 17 & 0x3F) << 3;
  unsigned aFmt = idesc >> 7 & 7, bFmt = idesc >> 10 & 7;
  unsigned sfIdA = idesc >> 29 & 3, sfIdB = idesc >> 4 & 3;
  bool fp4 = ins.b != 0, ue8m0 = idesc >> 23 & 1;
  unsigned vec = unsigned(ins.c), k = fp4 ? 64 : 32;
  bool formats = fp4 ? aFmt == 1 && bFmt == 1 && (ue8m0 || vec == 4)
                     : aFmt <= 1 && bFmt <= 1 && ue8m0;
  // The ISA's shape table gives block-scaled kinds on cta_group::1 only
  // 128xNxK (the M = 64 shapes are for the kinds without block scaling).
  if (m != 128)
    return ctx.fail(ins, w, l,
                    "instruction descriptor " + hex(idesc) + ": M = " + std::to_string(m) +
                        " (bits 24-28) is not a shape of block-scaled tcgen05.mma with "
                        "cta_group::1, which is 128xNxK only");
  if (n < 16 || n > 256 || n % 16 || (idesc & 0x7) ||
      (idesc >> 13 & 0xF) || !formats || (idesc >> 31) || sfIdA + vec > 4 ||
      sfIdB + vec > 4)
    return ctx.fail(ins, w, l,
                    "instruction descriptor " + hex(idesc) +
                        ": the emulator supports M = 128, N = 16..256, dense, "
                        "K-major e4m3/e5m2 (ue8m0 scales) or e2m1 operands, "
                        "scale ids within the column");
  SmemDesc a, b;
  if (!decodeDesc(ctx, ins, w, l, p.v[1], a) || !decodeDesc(ctx, ins, w, l, p.v[2], b))
    return;
  uint64_t dLane = p.v[0] >> 16, dCol = p.v[0] & 0xFFFF;
  uint64_t saCol = p.v[4] & 0xFFFF, sbCol = p.v[5] & 0xFFFF;
  bool accumulate = p.v[5] >> 63;
  if (dLane || (p.v[4] >> 16) || (p.v[5] >> 16 & 0x7FFF))
    return ctx.fail(ins, w, l, "tcgen05.mma: tensor-memory operands start at lane 0");
  if (!checkColumns(ctx, ins, w, l, dCol, n) ||
      !checkColumns(ctx, ins, w, l, saCol, 4) ||
      !checkColumns(ctx, ins, w, l, sbCol, (n + 31) / 32))
    return;
  FFmt af = fp4 ? FFmt::E2M1 : aFmt ? FFmt::E5M2 : FFmt::E4M3;
  FFmt bf = fp4 ? FFmt::E2M1 : bFmt ? FFmt::E5M2 : FFmt::E4M3;
  auto element = [&](const std::vector<uint8_t> &bytes, uint64_t row, uint64_t e,
                     FFmt f) {
    if (!fp4)
      return widen(bytes[row * 32 + e], f);
    uint8_t byte = bytes[row * 32 + e / 2];
    return widen(e % 2 ? byte >> 4 : byte & 0xF, f);
  };
  std::vector<uint8_t> aBytes(m * 32), bBytes(n * 32);
  for (uint64_t r = 0; r < m; ++r)
    for (uint64_t k = 0; k < 32; k += 16)
      if (!readShared(ctx, ins, w, l, kMajorOffset(a, r, k), 16, &aBytes[r * 32 + k]))
        return;
  for (uint64_t r = 0; r < n; ++r)
    for (uint64_t k = 0; k < 32; k += 16)
      if (!readShared(ctx, ins, w, l, kMajorOffset(b, r, k), 16, &bBytes[r * 32 + k]))
        return;
  Tcgen05State &s = state(ctx);
  // Scale bytes are ue8m0, or ue4m3 (e4m3 without its sign bit).
  auto scale = [&](unsigned lane, uint64_t col, unsigned id) {
    uint64_t byte = s.at(lane, unsigned(col)) >> (8 * id) & 0xFF;
    return ue8m0 ? widen(byte, FFmt::UE8M0) : widen(byte & 0x7F, FFmt::E4M3);
  };
  uint64_t block = k / vec;
  for (uint64_t i = 0; i < m; ++i)
    for (uint64_t j = 0; j < n; ++j) {
      double sum = 0;
      for (uint64_t e = 0; e < k; ++e) {
        unsigned b = unsigned(e / block);
        sum += element(aBytes, i, e, af) * scale(unsigned(i), saCol + i / 32, sfIdA + b) *
               element(bBytes, j, e, bf) *
               scale(unsigned(j % 32), sbCol + j / 32, sfIdB + b);
      }
      uint32_t &cell = s.at(unsigned(i), unsigned(dCol + j));
      double acc = accumulate ? double(asF32(cell)) : 0.0;
      cell = uint32_t(bitsF32(float(acc + sum)));
    }
}

void execCommit(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  Tcgen05State &s = state(ctx);
  if (s.pending.size() < ctx.warps.size() * 32)
    s.pending.resize(ctx.warps.size() * 32);
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    std::vector<Tcgen05State::Pending> ops;
    ops.swap(s.pending[w.id * 32 + l]);
    for (const Tcgen05State::Pending &p : ops) {
      if (p.ins->kind == KCp)
        performCp(ctx, w, l, p);
      else
        performMma(ctx, w, l, p);
      if (ctx.failed)
        return;
    }
    uint8_t *bar = ctx.access(ins, w, l, Space::Shared, ctx.address(ins.ops[0], w, l),
                              8, Access::Atomic);
    if (!bar)
      return;
    bool ok;
    std::string err;
    mbarrierArrive(ctx, bar, ok, err);
    if (!ok)
      ctx.fail(ins, w, l, err);
  });
}

bool takeAll(Mods &m, std::initializer_list<const char *> mods, std::string &err,
             const char *what) {
  for (const char *s : mods)
    if (!m.take(s)) {
      err = std::string("'tcgen05.") + what + "' needs ." + s;
      return false;
    }
  return true;
}

bool isMem(const Operand &o) { return o.kind == Operand::Mem; }

bool decodeTcgen05(Instr &ins, Mods &m, std::string &err) {
  int k = m.takeOneOf({"alloc", "dealloc", "relinquish_alloc_permit",
                       "fence::before_thread_sync", "fence::after_thread_sync",
                       "ld", "st", "wait::ld", "wait::st", "cp", "mma", "commit"});
  if (k < 0) {
    err = "unsupported tcgen05 operation";
    return false;
  }
  static const uint8_t kinds[] = {KAlloc, KDealloc, KRelinquish, KFence, KFence,
                                  KLd,    KSt,      KWait,       KWait,  KCp,
                                  KMma,   KCommit};
  ins.kind = kinds[k];
  ins.cls = IClass::Misc;
  switch (ins.kind) {
  case KAlloc:
    ins.collective = true;
    ins.exec = execAlloc;
    if (!takeAll(m, {"cta_group::1", "sync", "aligned", "shared::cta", "b32"}, err,
                 "alloc") ||
        !expectOps(ins, 2, err))
      return false;
    if (!isMem(ins.ops[0])) {
      err = "'tcgen05.alloc' writes the address to [shared]";
      return false;
    }
    return true;
  case KDealloc:
    ins.collective = true;
    ins.exec = execDealloc;
    return takeAll(m, {"cta_group::1", "sync", "aligned", "b32"}, err, "dealloc") &&
           expectOps(ins, 2, err);
  case KRelinquish:
    ins.collective = true;
    ins.exec = execNothing;
    return takeAll(m, {"cta_group::1", "sync", "aligned"}, err,
                   "relinquish_alloc_permit") &&
           expectOps(ins, 0, err);
  case KFence:
    ins.exec = execNothing;
    return expectOps(ins, 0, err);
  case KWait:
    ins.collective = true;
    ins.exec = execNothing;
    return takeAll(m, {"sync", "aligned"}, err, "wait") && expectOps(ins, 0, err);
  case KLd:
  case KSt: {
    ins.collective = true;
    ins.cls = IClass::Memory;
    ins.exec = execLdSt;
    const char *what = ins.kind == KLd ? "ld" : "st";
    if (!takeAll(m, {"sync", "aligned"}, err, what))
      return false;
    ins.b = m.takeOneOf({"32x32b", "16x32bx2"});
    if (ins.b < 0) {
      err = "'tcgen05.ld/st' supports the shapes .32x32b and .16x32bx2";
      return false;
    }
    int n = m.takeOneOf({"x1", "x2", "x4", "x8", "x16", "x32", "x64", "x128"});
    if (n < 0) {
      err = "'tcgen05.ld/st' needs a repetition .x1 .. .x128";
      return false;
    }
    ins.a = 1 << n;
    if (!takeAll(m, {"b32"}, err, what))
      return false;
    bool split = ins.b != 0;
    if (!expectOps(ins, split ? 3 : 2, err))
      return false;
    // ld: regs, [taddr]{, immHalfSplitoff}; st: [taddr]{, immHalfSplitoff}, regs.
    const Operand &mem = ins.kind == KLd ? ins.ops[1] : ins.ops[0];
    const Operand &regs = ins.kind == KLd ? ins.ops[0] : ins.ops[split ? 2 : 1];
    if (!isMem(mem) || regs.kind != Operand::Vec || int(regs.elems.size()) != ins.a) {
      err = "'tcgen05.ld/st' takes " + std::to_string(ins.a) +
            " registers and a [tensor-memory address]";
      return false;
    }
    if (split && ins.ops[ins.kind == KLd ? 2 : 1].kind != Operand::Imm) {
      err = "'tcgen05.ld/st .16x32bx2' takes an immediate immHalfSplitoff";
      return false;
    }
    return true;
  }
  case KCp:
    ins.cls = IClass::AsyncCopy;
    ins.exec = execQueue;
    if (!takeAll(m, {"cta_group::1", "32x128b", "warpx4"}, err, "cp") ||
        !expectOps(ins, 2, err))
      return false;
    if (!isMem(ins.ops[0])) {
      err = "'tcgen05.cp' writes [tensor memory]";
      return false;
    }
    return true;
  case KMma: {
    ins.cls = IClass::Tensor;
    ins.exec = execQueue;
    if (!takeAll(m, {"cta_group::1", "block_scale"}, err, "mma"))
      return false;
    ins.b = m.takeOneOf({"kind::mxf8f6f4", "kind::mxf4", "kind::mxf4nvf4"});
    int vec = m.takeOneOf({"scale_vec::1X", "scale_vec::2X", "scale_vec::4X"});
    ins.c = vec < 0 ? 0 : 1 << vec;
    if (ins.b < 0 || ins.c == 0 || (ins.b == 0 && ins.c != 1) ||
        (ins.b == 1 && ins.c != 2) || (ins.b == 2 && ins.c == 1)) {
      err = "'tcgen05.mma' supports .kind::mxf8f6f4 with .scale_vec::1X, "
            ".kind::mxf4 with .scale_vec::2X and .kind::mxf4nvf4 with "
            ".scale_vec::2X or ::4X";
      return false;
    }
    if (!expectOps(ins, 7, err))
      return false;
    if (!isMem(ins.ops[0]) || !isMem(ins.ops[4]) || !isMem(ins.ops[5])) {
      err = "'tcgen05.mma' takes [d], a-desc, b-desc, idesc, [scale-a], "
            "[scale-b], enable-input-d";
      return false;
    }
    return true;
  }
  case KCommit:
    ins.cls = IClass::Barrier;
    ins.exec = execCommit;
    if (!takeAll(m, {"cta_group::1", "mbarrier::arrive::one", "b64"}, err, "commit"))
      return false;
    if (!m.take("shared::cluster"))
      m.take("shared::cta");
    return expectOps(ins, 1, err);
  }
  return false;
}

} // namespace

void tilecc::ptxemu::registerTcgen05Ops(DecodeTable &t) { t["tcgen05"] = decodeTcgen05; }
