//===- OpsTcgen05.cpp - tensor memory and the 5th-generation tensor core --===//
//
// tcgen05 (sm_100a class), from the PTX ISA's "TensorCore 5th Generation
// Family Instructions" (9.7.16), cta_group::1: alloc / dealloc /
// relinquish_alloc_permit, ld / st (32x32b, 16x32bx2, 16x64b, 16x128b,
// 16x256b, pack / unpack), wait::ld/st, the thread-sync fences, cp
// 32x128b.warpx4, mma of the dense kinds f16 / tf32 / f8f6f4 / i8 (A from a
// shared-memory descriptor or tensor memory) and of the block-scaled kinds
// mxf8f6f4 / mxf4 / mxf4nvf4, and commit to an mbarrier.
//
// Tensor memory is a per-CTA array of 128 lanes x 512 32-bit columns; an
// address is lane << 16 | column. Allocation hands out power-of-two column
// ranges aligned to their size; every access must stay inside allocated
// columns, and ld/st of a warp inside its lane quarter (32 * (warp % 4)).
// cp and mma are asynchronous: they are queued per issuing thread with their
// operand values and performed, in order, by that thread's commit, which
// then arrives on the mbarrier; touching their tensor-memory results before
// the commit, or changing a shared operand of a queued dense MMA, is an
// error. MMA products are exact in double, summed over the instruction's K
// and added to the accumulator with one rounding. lib/PTXEmu/README.md
// names the ISA sections of each model.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <algorithm>
#include <bitset>
#include <cstring>
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
    // Dense MMA: the shared bytes its operands read, as seen at issue
    // (address, value); the commit re-reads them and reports a change.
    std::vector<std::pair<uint64_t, uint8_t>> shared;
  };
  std::vector<std::vector<Pending>> pending; // by linear thread id
  // Committed work whose mbarrier phase has not completed yet: its columns
  // stay off limits until the phase (the mbarrier's phase number at the
  // commit) is over.
  struct InFlight {
    const Instr *ins;
    uint64_t col, width;
    const uint8_t *bar;
    uint64_t phase;
  };
  std::vector<InFlight> inFlight;
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
    ctx.cnt.tmemColumnsPeak = std::max<uint64_t>(ctx.cnt.tmemColumnsPeak, s.allocated.count());
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

// Columns a queued cp or mma (not yet committed) will write: accessing them
// before the commit and its mbarrier phase is a hazard (ISA 9.7.16.6: the
// async operations complete only through tcgen05.commit's mbarrier).
bool checkNotPending(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                     uint64_t col, uint64_t n) {
  Tcgen05State &s = state(ctx);
  auto overlaps = [&](uint64_t c0, uint64_t width) {
    return col < c0 + width && c0 < col + n;
  };
  for (auto it = s.inFlight.begin(); it != s.inFlight.end();) {
    uint64_t bar;
    std::memcpy(&bar, it->bar, 8);
    if (bar >> 40 != it->phase) {
      it = s.inFlight.erase(it);
      continue;
    }
    if (overlaps(it->col, it->width)) {
      ctx.fail(ins, w, l,
               "tensor-memory columns " + std::to_string(it->col) + ".." +
                   std::to_string(it->col + it->width - 1) + " are written by the " +
                   it->ins->opcode + " at line " + std::to_string(it->ins->line) +
                   ", committed but its mbarrier phase has not completed");
      return false;
    }
    ++it;
  }
  for (const auto &queue : s.pending)
    for (const Tcgen05State::Pending &p : queue) {
      uint64_t c0 = p.v[0] & 0xFFFF, width = 4;
      if (p.ins->kind == KMma)
        width = uint64_t(p.v[3] >> 17 & 0x3F) << 3;
      if (overlaps(c0, width)) {
        ctx.fail(ins, w, l,
                 "tensor-memory columns " + std::to_string(c0) + ".." +
                     std::to_string(c0 + width - 1) + " are written by the " +
                     p.ins->opcode + " at line " + std::to_string(p.ins->line) +
                     ", not yet committed: wait for its tcgen05.commit's "
                     "mbarrier phase first");
        return false;
      }
    }
  return true;
}

// ld / st data-movement shapes (ISA 9.7.16.2.3, its fragment figures) and
// the cells one thread reaches per repetition of `.num`.
enum LdShape : int { S32x32b, S16x32bx2, S16x64b, S16x128b, S16x256b };
const unsigned kCellsPerRep[] = {1, 1, 1, 2, 4};
const unsigned kColumnsPerRep[] = {1, 1, 2, 4, 8};

// Cell i of thread `l` (lane offset from the address lane, column offset
// from the address column) in a warp's access:
//   32x32b:   lane l, column rep;
//   16x32bx2: lane l % 16, column rep, plus immHalfSplitoff for threads
//             16-31;
//   16x64b:   lane l / 2, column 2 rep + l % 2;
//   16x128b:  lane l / 2, column 4 rep + 2 (l % 2) + j (j < 2);
//   16x256b:  lane l / 4 + 8 (j / 2), column 8 rep + 2 (l % 4) + j % 2
//             (j < 4: two cells of row l / 4, then two of row l / 4 + 8).
void cellOf(int shape, unsigned l, unsigned i, uint64_t splitOff, unsigned &lane,
            uint64_t &col) {
  unsigned rep = i / kCellsPerRep[shape], j = i % kCellsPerRep[shape];
  switch (shape) {
  case S32x32b: lane = l, col = rep; return;
  case S16x32bx2: lane = l % 16, col = rep + (l >= 16 ? splitOff : 0); return;
  case S16x64b: lane = l / 2, col = 2 * rep + l % 2; return;
  case S16x128b: lane = l / 2, col = 4 * rep + 2 * (l % 2) + j; return;
  default: lane = l / 4 + 8 * (j / 2), col = 8 * rep + 2 * (l % 4) + j % 2; return;
  }
}

// ld / st of a warp in its lane quarter 32 * (warp % 4) .. + 31 (16-lane
// shapes at the quarter's lane 0 or 16). With .pack::16b (ld) /
// .unpack::16b (st) a register holds the 16-bit values of two adjacent
// columns (each in its column's low half), the first in its low half.
void execLdSt(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  bool load = ins.kind == KLd, split = ins.b == S16x32bx2, pack = ins.c != 0;
  const Operand &mem = load ? ins.ops[1] : ins.ops[0];
  const Operand &regs = load ? ins.ops[0] : ins.ops[split ? 2 : 1];
  uint64_t splitOff = split ? uint64_t(ins.ops[load ? 2 : 1].imm) : 0;
  unsigned lanes = ins.b == S32x32b ? 32 : 16;
  unsigned cells = unsigned(ins.a) * kCellsPerRep[ins.b];
  uint64_t span = uint64_t(ins.a) * kColumnsPerRep[ins.b] * (pack ? 2 : 1) + splitOff;
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
    if (!checkColumns(ctx, ins, w, l, col, span) ||
        !checkNotPending(ctx, ins, w, l, col, span))
      return;
    (load ? ctx.cnt.tmemLoadBytes : ctx.cnt.tmemStoreBytes) += 4 * uint64_t(cells);
    // With pack / unpack the shape counts 32-bit registers, each two
    // columns wide in tensor memory: register cell c covers columns 2c and
    // 2c + 1 (ptxas takes as many registers as without).
    auto cell = [&](unsigned i, unsigned half) -> uint32_t & {
      unsigned dl;
      uint64_t dc;
      cellOf(ins.b, l, i, splitOff, dl, dc);
      return s.at(unsigned(lane) + dl, unsigned(col + (pack ? 2 * dc + half : dc)));
    };
    for (unsigned r = 0; r < regs.elems.size(); ++r) {
      const Operand &reg = regs.elems[r];
      if (!pack) {
        if (load)
          ctx.set(reg, w, l, cell(r, 0));
        else
          cell(r, 0) = uint32_t(ctx.get(reg, w, l, Ty::B32));
        continue;
      }
      if (load) {
        ctx.set(reg, w, l, (cell(r, 0) & 0xFFFF) | (cell(r, 1) & 0xFFFF) << 16);
      } else {
        uint32_t v = uint32_t(ctx.get(reg, w, l, Ty::B32));
        cell(r, 0) = v & 0xFFFF;
        cell(r, 1) = v >> 16;
      }
    }
  });
}

bool issueDense(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                Tcgen05State::Pending &p);
constexpr int kFirstDenseKind = 3; // MmaKind::DF16

// cp and mma: queued with their operand values until the thread commits.
void execQueue(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  Tcgen05State &s = state(ctx);
  if (s.pending.size() < ctx.warps.size() * 32)
    s.pending.resize(ctx.warps.size() * 32);
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    Tcgen05State::Pending p{&ins, {}, {}};
    if (ins.kind == KMma && ins.b >= kFirstDenseKind) {
      // [d], a-desc | [a], b-desc, idesc, enable-input-d
      p.v[0] = ctx.address(ins.ops[0], w, l);
      p.v[1] = ins.a ? ctx.address(ins.ops[1], w, l) : ctx.get(ins.ops[1], w, l, Ty::B64);
      p.v[2] = ctx.get(ins.ops[2], w, l, Ty::B64);
      p.v[3] = ctx.get(ins.ops[3], w, l, Ty::B32);
      p.v[5] = ctx.get(ins.ops[4], w, l, Ty::Pred);
      if (!issueDense(ctx, ins, w, l, p))
        return;
    } else if (ins.kind == KCp) {
      p.v[0] = ctx.address(ins.ops[0], w, l);
      p.v[1] = ctx.get(ins.ops[1], w, l, Ty::B64);
    } else {
      p.v[0] = ctx.address(ins.ops[0], w, l);
      p.v[1] = ctx.get(ins.ops[1], w, l, Ty::B64);
      p.v[2] = ctx.get(ins.ops[2], w, l, Ty::B64);
      p.v[3] = ctx.get(ins.ops[3], w, l, Ty::B32);
      p.v[4] = ctx.address(ins.ops[4], w, l);
      p.v[5] = ctx.address(ins.ops[5], w, l) | ctx.get(ins.ops[6], w, l, Ty::Pred) << 63;
      ++ctx.cnt.tcgen05Mma[ins.b];
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
  if (n < 8 || n > 256 || n % 8 || (idesc & 0x7) ||
      (idesc >> 13 & 0xF) || !formats || (idesc >> 31) || sfIdA + vec > 4 ||
      sfIdB + vec > 4)
    return ctx.fail(ins, w, l,
                    "instruction descriptor " + hex(idesc) +
                        ": the emulator supports M = 128, N = 8..256, dense, "
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


// ---- Dense tcgen05.mma: kinds f16, tf32, f8f6f4, i8 (cta_group::1) ----

// Instr::b of tcgen05.mma: the block-scaled kinds first, then the dense ones.
enum MmaKind : int { BsMxf8f6f4, BsMxf4, BsMxf4nvf4, DF16, DTf32, DF8f6f4, DI8 };
const char *const kMmaKindNames[] = {"mxf8f6f4", "mxf4", "mxf4nvf4", "f16",
                                     "tf32",     "f8f6f4", "i8"};

// The instruction descriptor of the dense kinds (ISA 9.7.16.4.2, Table 42).
struct DenseShape {
  unsigned m = 0, n = 0, k = 0; // k in elements: 32 bytes of A / B per row
  unsigned elemBytes = 0;
  FFmt aFmt = FFmt::F16, bFmt = FFmt::F16;
  bool aSigned = false, bSigned = false; // i8
  unsigned dType = 0;                    // 0 F16, 1 F32, 2 S32
  bool negA = false, negB = false, mnMajorA = false, mnMajorB = false;
  bool saturate = false;
};

bool decodeDenseIdesc(int kind, uint64_t idesc, DenseShape &s, std::string &err) {
  auto bad = [&](const std::string &why) {
    err = "instruction descriptor " + hex(idesc) + " of tcgen05.mma.kind::" +
          kMmaKindNames[kind] + ": " + why;
    return false;
  };
  unsigned aType = idesc >> 7 & 7, bType = idesc >> 10 & 7;
  s.dType = idesc >> 4 & 3;
  s.negA = idesc >> 13 & 1;
  s.negB = idesc >> 14 & 1;
  s.mnMajorA = idesc >> 15 & 1;
  s.mnMajorB = idesc >> 16 & 1;
  s.n = unsigned(idesc >> 17 & 0x3F) << 3;
  s.m = unsigned(idesc >> 24 & 0x1F) << 4;
  s.saturate = idesc >> 3 & 1;
  if (idesc >> 2 & 1)
    return bad("sparsity (bit 2) is not modelled");
  if (idesc & 3)
    return bad("the sparsity selector (bits 0-1) must be 0 for dense operands");
  if ((idesc >> 6 & 1) || (idesc >> 23 & 1) || (idesc >> 29 & 1))
    return bad("reserved bits 6, 23 and 29 must be 0");
  if (idesc >> 30)
    return bad("the maximum shift (bits 30-31) is for .ws only");
  if (s.saturate && kind != DI8)
    return bad("saturate (bit 3) applies to kind::i8 only");
  switch (kind) {
  case DF16:
    if (aType > 1 || bType != aType)
      return bad("A and B types (bits 7-9, 10-12) must both be F16 (0) or BF16 (1)");
    if (s.dType > 1 || (aType == 1 && s.dType != 1))
      return bad("D type (bits 4-5) must be F32 (1), or F16 (0) with F16 inputs");
    s.aFmt = s.bFmt = aType ? FFmt::BF16 : FFmt::F16;
    s.elemBytes = 2;
    break;
  case DTf32:
    if (aType != 2 || bType != 2 || s.dType != 1)
      return bad("A and B types must be TF32 (2) and D type F32 (1)");
    s.aFmt = s.bFmt = FFmt::TF32;
    s.elemBytes = 4;
    break;
  case DF8f6f4:
    // E2M3 (3), E3M2 (4) and E2M1 (5) are legal here; their padded
    // shared-memory formats are not modelled.
    if (aType > 1 || bType > 1)
      return bad("the emulator models A and B types E4M3 (0) and E5M2 (1)");
    if (s.dType > 1)
      return bad("D type (bits 4-5) must be F16 (0) or F32 (1)");
    s.aFmt = aType ? FFmt::E5M2 : FFmt::E4M3;
    s.bFmt = bType ? FFmt::E5M2 : FFmt::E4M3;
    s.elemBytes = 1;
    break;
  case DI8:
    if (aType > 1 || bType > 1)
      return bad("A and B types must be unsigned (0) or signed (1) 8-bit");
    if (s.dType != 2)
      return bad("D type (bits 4-5) must be S32 (2)");
    if (s.negA || s.negB)
      return bad("negation (bits 13-14) is not allowed for integer types");
    s.aSigned = aType == 1;
    s.bSigned = bType == 1;
    s.elemBytes = 1;
    break;
  }
  s.k = 32 / s.elemBytes;
  // Shapes of the dense kinds with cta_group::1 (ISA 9.7.16.2.1, Table 39):
  // M = 64 or 128; N = 8..256 in steps of 8, for kind::i8 8, 16, 24, 32 and
  // then steps of 16.
  bool nOk = s.n >= 8 && s.n <= 256 && s.n % 8 == 0 &&
             (kind != DI8 || s.n <= 32 || s.n % 16 == 0);
  if ((s.m != 64 && s.m != 128) || !nOk)
    return bad("M = " + std::to_string(s.m) + " (bits 24-28), N = " +
               std::to_string(s.n) +
               " (bits 17-22) is not a cta_group::1 shape (M 64 or 128; N 8..256 "
               "step 8, for kind::i8 step 16 above 32)");
  return true;
}

// The shared-memory matrix descriptor of tcgen05 (ISA 9.7.16.4.1, Table
// 40): start, leading and stride byte offsets in 16-byte units at bits 0,
// 16, 32; the fixed 0b001 at 46-48 (wgmma has no such field); base offset
// 49-51; leading-dimension mode 52; 0 at 53-60; swizzle 61-63 (0 none, 1
// 128 B with 32 B atoms, 2 128 B, 4 64 B, 6 32 B).
struct MatDesc {
  uint64_t start = 0, lbo = 0, sbo = 0;
  unsigned width = 0; // swizzle span in bytes, 0 without swizzling
  bool atom32 = false;
  unsigned base = 0;
};

bool decodeMatDesc(uint64_t d, MatDesc &out, std::string &err) {
  auto bad = [&](const std::string &why) {
    err = "shared-memory descriptor " + hex(d) + ": " + why;
    return false;
  };
  if ((d >> 46 & 7) != 1)
    return bad("bits 46-48 must hold the fixed value 0b001");
  if ((d >> 14 & 3) || (d >> 30 & 3) || (d >> 53 & 0xFF))
    return bad("bits 14-15, 30-31 and 53-60 must be 0");
  if (d >> 52 & 1)
    return bad("the absolute leading-dimension address mode (bit 52, sm_103a) "
               "is not modelled");
  unsigned mode = unsigned(d >> 61);
  static const int widths[8] = {0, 128, 128, -1, 64, -1, 32, -1};
  if (widths[mode] < 0)
    return bad("swizzle mode " + std::to_string(mode) + " (bits 61-63) is invalid");
  out.start = (d & 0x3FFF) << 4;
  out.lbo = (d >> 16 & 0x3FFF) << 4;
  out.sbo = (d >> 32 & 0x3FFF) << 4;
  out.width = unsigned(widths[mode]);
  out.atom32 = mode == 1;
  out.base = unsigned(d >> 49 & 7);
  return true;
}

// Shared byte address of byte `kb` (along K) of row `mn` of an operand
// (ISA 9.7.16.3 strides, canonical layouts as for wgmma 9.7.15.5.1.2):
//   K-major, no swizzle: 8x16-byte core matrices, 8-row groups SBO apart,
//     16-byte K chunks LBO apart;
//   K-major, swizzled W: rows W bytes apart, 8-row groups SBO apart (LBO
//     unused: the 32 K bytes of one MMA fit in W);
//   MN-major, no swizzle: 16-byte MN chunks SBO apart, 8-row K groups LBO
//     apart, K rows 16 bytes apart;
//   MN-major, swizzled W: W-byte MN spans LBO apart, 8-row K groups SBO
//     apart, K rows W bytes apart.
// Swizzling XORs the 16-byte unit (32-byte atom) index inside a 128-byte
// line with the line's index in the pattern, counted from the pattern start
// `base` lines before the 1024-byte boundary the pattern repeats on.
uint64_t matAddress(const MatDesc &d, bool mnMajor, unsigned elemBytes, uint64_t mn,
                    uint64_t kb) {
  uint64_t a;
  if (!mnMajor) {
    a = d.width ? d.start + mn / 8 * d.sbo + mn % 8 * d.width + kb
                : d.start + mn / 8 * d.sbo + mn % 8 * 16 + kb / 16 * d.lbo + kb % 16;
  } else {
    uint64_t mb = mn * elemBytes + kb % elemBytes, k = kb / elemBytes;
    a = d.width ? d.start + mb / d.width * d.lbo + k / 8 * d.sbo + k % 8 * d.width +
                      mb % d.width
                : d.start + mb / 16 * d.sbo + k / 8 * d.lbo + k % 8 * 16 + mb % 16;
  }
  if (d.width) {
    uint64_t phase = (a >> 7) - d.base;
    a ^= d.atom32 ? (phase & 3) << 5 : (phase & (d.width / 16 - 1)) << 4;
  }
  return a;
}

// Tensor-memory lane of row i of D (and of A from tensor memory), ISA
// 9.7.16.10.5: M = 128 is Layout D (row i at lane i); M = 64 is Layout F,
// half of each warp's 32-lane quarter from the lane alignment 0 or 16.
unsigned rowLane(unsigned m, uint64_t baseLane, unsigned i) {
  return m == 64 ? unsigned(baseLane) + 32 * (i / 16) + i % 16 : i;
}

bool checkBaseLane(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                   unsigned m, uint64_t lane, const char *what) {
  if (m == 128 ? lane == 0 : (lane == 0 || lane == 16))
    return true;
  ctx.fail(ins, w, l,
           std::string("tcgen05.mma: the ") + what + " starts at lane " +
               std::to_string(lane) + "; M = " + std::to_string(m) +
               (m == 128 ? " needs lane 0" : " needs lane 0 or 16"));
  return false;
}

// Issue of a dense MMA: decodes and checks the descriptors and records the
// shared bytes it reads (row-major: A's m rows, then B's n rows, 32 bytes
// each).
bool issueDense(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                Tcgen05State::Pending &p) {
  DenseShape sh;
  std::string err;
  if (!decodeDenseIdesc(ins.b, p.v[3], sh, err)) {
    ctx.fail(ins, w, l, err);
    return false;
  }
  bool aTmem = ins.a != 0;
  MatDesc a, b;
  if ((!aTmem && !decodeMatDesc(p.v[1], a, err)) || !decodeMatDesc(p.v[2], b, err)) {
    ctx.fail(ins, w, l, err);
    return false;
  }
  if (aTmem && sh.mnMajorA) {
    ctx.fail(ins, w, l, "tcgen05.mma: A in tensor memory must be K-major "
                        "(transpose A, bit 15, is 0)");
    return false;
  }
  auto take = [&](const MatDesc &d, bool mnMajor, unsigned rows) {
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned kb = 0; kb < 32; ++kb) {
        uint64_t addr = matAddress(d, mnMajor, sh.elemBytes, r, kb);
        uint8_t byte;
        if (!readShared(ctx, ins, w, l, addr, 1, &byte) ||
            !asyncProxyReadCheck(ctx, ins, w, l, addr, 1))
          return false;
        p.shared.push_back({addr, byte});
      }
    return true;
  };
  if (!aTmem && !take(a, sh.mnMajorA, sh.m))
    return false;
  if (!take(b, sh.mnMajorB, sh.n))
    return false;
  ++ctx.cnt.tcgen05Mma[ins.b];
  ctx.cnt.tcgen05MmaSharedBytes += p.shared.size();
  return true;
}

// Commit of a dense MMA: D (+)= A x B over the instruction's K. Float
// products are exact in double, summed and rounded once to D's type (an
// F16 D sits in the low half of its 32-bit cell, ISA 9.7.16.10.4.1);
// integers sum exactly and wrap, or clamp with saturate.
void performDense(ExecCtx &ctx, WarpState &w, unsigned l,
                  const Tcgen05State::Pending &p) {
  const Instr &ins = *p.ins;
  DenseShape sh;
  std::string err;
  if (!decodeDenseIdesc(ins.b, p.v[3], sh, err))
    return ctx.fail(ins, w, l, err);
  for (const auto &[addr, byte] : p.shared) {
    uint8_t now;
    if (!readShared(ctx, ins, w, l, addr, 1, &now))
      return;
    if (now != byte)
      return ctx.fail(ins, w, l,
                      "shared memory at " + hex(addr) +
                          " changed while the tcgen05.mma reading it (line " +
                          std::to_string(ins.line) +
                          ") was pending: an operand overwritten before the "
                          "MMA's commit");
  }
  Tcgen05State &s = state(ctx);
  bool aTmem = ins.a != 0;
  uint64_t dLane = p.v[0] >> 16, dCol = p.v[0] & 0xFFFF;
  if (!checkBaseLane(ctx, ins, w, l, sh.m, dLane, "accumulator"))
    return;
  if (!checkColumns(ctx, ins, w, l, dCol, sh.n))
    return;
  uint64_t aLane = p.v[1] >> 16, aCol = p.v[1] & 0xFFFF;
  if (aTmem && (!checkBaseLane(ctx, ins, w, l, sh.m, aLane, "A operand") ||
                !checkColumns(ctx, ins, w, l, aCol, 8)))
    return;
  std::vector<uint8_t> aBytes(size_t(sh.m) * 32), bBytes(size_t(sh.n) * 32);
  size_t at = 0;
  for (unsigned i = 0; i < sh.m; ++i)
    for (unsigned kb = 0; kb < 32; ++kb)
      aBytes[i * 32 + kb] =
          aTmem ? uint8_t(s.at(rowLane(sh.m, aLane, i), unsigned(aCol + kb / 4)) >>
                          (8 * (kb % 4)))
                : p.shared[at++].second;
  for (unsigned j = 0; j < sh.n * 32; ++j)
    bBytes[j] = p.shared[at++].second;
  auto elem = [&](const std::vector<uint8_t> &bytes, unsigned row, unsigned e) {
    uint64_t v = 0;
    std::memcpy(&v, &bytes[row * 32 + e * sh.elemBytes], sh.elemBytes);
    return v;
  };
  bool accumulate = p.v[5] & 1;
  for (unsigned i = 0; i < sh.m; ++i)
    for (unsigned j = 0; j < sh.n; ++j) {
      uint32_t &cell = s.at(rowLane(sh.m, dLane, i), unsigned(dCol + j));
      if (ins.b == DI8) {
        int64_t sum = accumulate ? int64_t(int32_t(cell)) : 0;
        for (unsigned e = 0; e < sh.k; ++e) {
          uint64_t x = elem(aBytes, i, e), y = elem(bBytes, j, e);
          int64_t xv = sh.aSigned ? int64_t(int8_t(x)) : int64_t(x);
          int64_t yv = sh.bSigned ? int64_t(int8_t(y)) : int64_t(y);
          sum += xv * yv;
        }
        if (sh.saturate)
          sum = std::min<int64_t>(INT32_MAX, std::max<int64_t>(INT32_MIN, sum));
        cell = uint32_t(sum);
        continue;
      }
      double sum = 0;
      for (unsigned e = 0; e < sh.k; ++e) {
        uint64_t x = elem(aBytes, i, e), y = elem(bBytes, j, e);
        if (sh.aFmt == FFmt::TF32)
          x &= 0xFFFFE000u, y &= 0xFFFFE000u; // tf32 reads the upper 19 bits
        double xv = sh.aFmt == FFmt::TF32 ? double(asF32(uint32_t(x))) : widen(x, sh.aFmt);
        double yv = sh.bFmt == FFmt::TF32 ? double(asF32(uint32_t(y))) : widen(y, sh.bFmt);
        sum += (sh.negA ? -xv : xv) * (sh.negB ? -yv : yv);
      }
      if (sh.dType == 1) {
        double acc = accumulate ? double(asF32(cell)) : 0.0;
        cell = uint32_t(bitsF32(float(acc + sum)));
      } else {
        double acc = accumulate ? widen(cell & 0xFFFF, FFmt::F16) : 0.0;
        cell = uint32_t(roundTo(acc + sum, FFmt::F16, Rnd::RN));
      }
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
    ++ctx.cnt.tcgen05Commits;
    for (const Tcgen05State::Pending &p : ops) {
      if (p.ins->kind == KCp)
        performCp(ctx, w, l, p);
      else if (p.ins->b >= kFirstDenseKind)
        performDense(ctx, w, l, p);
      else
        performMma(ctx, w, l, p);
      if (ctx.failed)
        return;
    }
    uint8_t *bar = ctx.access(ins, w, l, Space::Shared, ctx.address(ins.ops[0], w, l),
                              8, Access::Atomic);
    if (!bar)
      return;
    uint64_t before;
    std::memcpy(&before, bar, 8);
    bool ok;
    std::string err;
    mbarrierArrive(ctx, bar, ok, err);
    if (!ok)
      return ctx.fail(ins, w, l, err);
    uint64_t after;
    std::memcpy(&after, bar, 8);
    if (after >> 40 == before >> 40)
      for (const Tcgen05State::Pending &p : ops)
        s.inFlight.push_back({p.ins, p.v[0] & 0xFFFF,
                              p.ins->kind == KMma ? uint64_t(p.v[3] >> 17 & 0x3F) << 3 : 4,
                              bar, before >> 40});
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
    ins.b = m.takeOneOf({"32x32b", "16x32bx2", "16x64b", "16x128b", "16x256b"});
    if (ins.b < 0) {
      err = "'tcgen05.ld/st' needs a shape: .32x32b, .16x32bx2, .16x64b, .16x128b "
            "or .16x256b";
      return false;
    }
    int n = m.takeOneOf({"x1", "x2", "x4", "x8", "x16", "x32", "x64", "x128"});
    if (n < 0) {
      err = "'tcgen05.ld/st' needs a repetition .x1 .. .x128";
      return false;
    }
    ins.a = 1 << n;
    ins.c = m.take(ins.kind == KLd ? "pack::16b" : "unpack::16b");
    if (!takeAll(m, {"b32"}, err, what))
      return false;
    // At most 128 registers (ISA Table 47); .pack / .unpack keep the count.
    unsigned nregs = unsigned(ins.a) * kCellsPerRep[ins.b];
    if (nregs > 128) {
      static const char *const names[] = {"32x32b", "16x32bx2", "16x64b", "16x128b",
                                          "16x256b"};
      err = "'tcgen05.ld/st' ." + std::string(names[ins.b]) +
            " with .x" + std::to_string(ins.a) + " exceeds 128 registers";
      return false;
    }
    bool split = ins.b == S16x32bx2;
    if (!expectOps(ins, split ? 3 : 2, err))
      return false;
    // ld: regs, [taddr]{, immHalfSplitoff}; st: [taddr]{, immHalfSplitoff}, regs.
    const Operand &mem = ins.kind == KLd ? ins.ops[1] : ins.ops[0];
    const Operand &regs = ins.kind == KLd ? ins.ops[0] : ins.ops[split ? 2 : 1];
    if (!isMem(mem) || regs.kind != Operand::Vec || regs.elems.size() != nregs) {
      err = "'tcgen05.ld/st' takes " + std::to_string(nregs) +
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
    if (m.take("cta_group::2")) {
      err = "'tcgen05.mma.cta_group::2' (a CTA pair) is not modelled: the "
            "emulator runs a cluster as one CTA";
      return false;
    }
    if (!takeAll(m, {"cta_group::1"}, err, "mma"))
      return false;
    // The collector buffer only caches A for a later MMA: ::discard (the
    // default) and ::fill read A from its operand like the plain form;
    // ::use / ::lastuse read the cached copy instead, which is not modelled.
    int collector = m.takeOneOf({"collector::a::discard", "collector::a::fill",
                                 "collector::a::use", "collector::a::lastuse"});
    if (collector >= 2) {
      err = "'tcgen05.mma' .collector::a::use and ::lastuse (A from the "
            "collector buffer) are not modelled";
      return false;
    }
    if (!m.take("block_scale")) {
      int kind = m.takeOneOf({"kind::f16", "kind::tf32", "kind::f8f6f4", "kind::i8"});
      if (kind < 0) {
        err = "'tcgen05.mma' without .block_scale supports .kind::f16, ::tf32, "
              "::f8f6f4 and ::i8";
        return false;
      }
      ins.b = kFirstDenseKind + kind;
      ins.c = 0;
      // [d], a-desc | [a], b-desc, idesc, enable-input-d (the optional
      // disable-output-lane mask and scale-input-d are not modelled).
      if (ins.ops.size() != 5) {
        err = "'tcgen05.mma' takes [d], a-desc or [a], b-desc, idesc, "
              "enable-input-d (disable-output-lane and scale-input-d are not "
              "modelled)";
        return false;
      }
      if (!isMem(ins.ops[0])) {
        err = "'tcgen05.mma' writes [tensor memory]";
        return false;
      }
      ins.a = isMem(ins.ops[1]);
      return true;
    }
    ins.b = m.takeOneOf({"kind::mxf8f6f4", "kind::mxf4", "kind::mxf4nvf4"});
    int vec = m.takeOneOf({"scale_vec::1X", "scale_vec::2X", "scale_vec::4X",
                           "block16", "block32"});
    // .blockN names the K elements one scale covers (PTX ISA 8.8+): with
    // K = 32 per MMA (mxf8f6f4) block32 is one scale per row, with K = 64
    // (mxf4, mxf4nvf4) block32 is two and block16 four.
    if (vec == 3)
      vec = ins.b == 2 ? 2 : -1;
    else if (vec == 4)
      vec = ins.b == 0 ? 0 : ins.b > 0 ? 1 : -1;
    ins.c = vec < 0 ? 0 : 1 << vec;
    if (ins.b < 0 || ins.c == 0 || (ins.b == 0 && ins.c != 1) ||
        (ins.b == 1 && ins.c != 2) || (ins.b == 2 && ins.c == 1)) {
      err = "'tcgen05.mma' supports .kind::mxf8f6f4 with .scale_vec::1X "
            "(.block32), .kind::mxf4 with .scale_vec::2X (.block32) and "
            ".kind::mxf4nvf4 with .scale_vec::2X (.block32) or ::4X (.block16)";
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
