//===- Exec.h - executor state shared by the instruction families -*- C++ -*-===//
//
// One ExecCtx runs one CTA. A warp executes one instruction at a time for the
// group of its threads that share the lowest program counter; threads that
// branch apart therefore reconverge exactly where their paths meet again
// (the immediate post-dominator of structured control flow, loop exits and
// early returns alike), which is what the hardware's SIMT stack guarantees.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PTXEMU_EXEC_H
#define TILECC_PTXEMU_EXEC_H

#include "PTXEmu/Memory.h"
#include "PTXEmu/PTXEmu.h"

#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace tilecc::ptxemu {

enum LaneState : uint8_t { LaneRun, LaneExited, LaneBarrier, LaneAbsent };

struct CallFrame {
  uint32_t retPc;
  int fn;
  std::vector<uint64_t> args, rets; // param-space addresses of the caller's vars
};

struct CpAsyncOp {
  uint64_t dst;          // shared-space address
  std::vector<uint8_t> data;
  uint32_t pc;
};

// One issued wgmma.mma_async (OpsWgmma.cpp): the instruction and the
// descriptors it read; registers and shared memory are read when it
// completes. `shared` holds the (address, bits) of every shared element it
// reads as they were at issue, so a write while it is in flight is caught.
struct WgmmaOp {
  const struct Instr *ins;
  uint64_t aDesc, bDesc;
  bool scaleD;
  std::vector<std::pair<uint64_t, uint16_t>> shared;
};

struct WarpState {
  unsigned id = 0;
  // wgmma: issued but uncommitted ops, committed groups (oldest first), and
  // whether a wgmma.fence ordered the registers since the last wait.
  std::vector<WgmmaOp> wgOpen;
  std::vector<std::vector<WgmmaOp>> wgGroups;
  bool wgFenced = false;
  // Register slots of the in-flight ops' accumulators and A fragments
  // (empty when none is in flight), for wgmmaRegisterHazard.
  std::vector<int> wgBusyD, wgBusyA;
  uint32_t pc[32] = {};
  uint8_t st[32] = {};
  uint8_t barId[32] = {};
  uint8_t carry[32] = {};
  uint32_t tid[32][3] = {};
  uint32_t linear[32] = {};
  uint32_t starve = 0; // consecutive issues while the warp is diverged
  std::vector<uint64_t> regs; // slot * 32 + lane
  std::vector<CallFrame> stack[32];
  std::vector<std::vector<CpAsyncOp>> cpGroups[32];
  std::vector<CpAsyncOp> cpOpen[32];
  uint64_t &r(int slot, unsigned lane) { return regs[size_t(slot) * 32 + lane]; }
};

enum class Access : uint8_t { Read, Write, Atomic };

struct RaceCell {
  uint32_t wEpoch = 0, rEpoch = 0;
  int32_t wWarp = -1, rWarp = -1; // -2: several readers
  uint32_t wPc = 0, rPc = 0;
};

struct BarrierState {
  uint32_t arrived = 0, expected = 0;
  std::vector<std::pair<unsigned, unsigned>> waiters; // (warp, lane)
  int redKind = -1;  // bar.red: 0 popc, 1 and, 2 or
  uint32_t redAcc = 0;
  std::vector<std::pair<unsigned, unsigned>> redDst;
};

struct Tcgen05State; // OpsTcgen05.cpp

struct ExecCtx {
  ExecCtx(const Module &m, Program &p, GlobalMemory &g, const LaunchConfig &c,
          LaunchResult &r)
      : mod(m), prog(p), gmem(g), cfg(c), res(r), cnt(r.counters) {}

  const Module &mod;
  Program &prog;
  GlobalMemory &gmem;
  const LaunchConfig &cfg;
  LaunchResult &res;
  Counters &cnt;
  const Function *kernel = nullptr;
  const std::vector<uint8_t> *params = nullptr;
  uint32_t ctaid[3] = {};
  std::vector<uint8_t> shared;
  uint64_t dynSharedBase = 0;
  std::vector<uint8_t> local; // nthreads * localSize
  std::vector<WarpState> warps;
  BarrierState bars[16];
  unsigned liveThreads = 0;
  uint64_t clock = 0;
  uint32_t epoch = 1;               // shared-memory race epoch
  std::vector<RaceCell> *race = nullptr;
  std::unordered_map<uint64_t, bool> reportedRaces;
  // Tensor memory and queued tcgen05 work of the running CTA (created on
  // first use, dropped for every CTA).
  std::shared_ptr<Tcgen05State> tcgen05;
  // Transaction counts of the running CTA's mbarriers (by object address),
  // for expect_tx / complete_tx.
  std::unordered_map<const uint8_t *, int64_t> mbarTx;
  // The launch queue: linear CTA indices [nextCta, endCta) have not started;
  // clusterlaunchcontrol.try_cancel takes them from the back.
  uint64_t nextCta = 0, endCta = 0;
  bool failed = false;
  bool progress = false;

  // ---- diagnostics ----
  void fail(const Instr &ins, const WarpState &w, unsigned lane, const std::string &msg);
  std::string where(const Instr &ins) const;

  // ---- operands ----
  uint64_t special(SReg s, WarpState &w, unsigned lane);
  uint64_t symAddr(int sym, WarpState &w, unsigned lane);
  // The bits of operand `o` read as type `t` (immediates converted to t).
  uint64_t get(const Operand &o, WarpState &w, unsigned lane, Ty t) {
    switch (o.kind) {
    case Operand::Reg: {
      uint64_t v = w.r(o.reg, lane);
      return o.negate ? uint64_t(!(v & 1)) : v;
    }
    case Operand::Imm:
      return immAs(o.imm, t);
    case Operand::FImm:
      return fimmAs(o, t);
    case Operand::Special:
      return special(o.sreg, w, lane);
    case Operand::Sym:
      return symAddr(o.sym, w, lane);
    default:
      return 0;
    }
  }
  static uint64_t immAs(int64_t v, Ty t);
  static uint64_t fimmAs(const Operand &o, Ty t);
  void set(const Operand &o, WarpState &w, unsigned lane, uint64_t v) {
    if (o.kind == Operand::Reg)
      w.r(o.reg, lane) = v;
  }
  uint64_t address(const Operand &mem, WarpState &w, unsigned lane) {
    uint64_t base = 0;
    if (mem.reg >= 0)
      base = w.r(mem.reg, lane);
    else if (mem.sym >= 0)
      base = symAddr(mem.sym, w, lane);
    return base + uint64_t(mem.imm);
  }

  // ---- memory ----
  // Host bytes for [addr, addr+n) in `space`; null (and failed) when out of
  // bounds or misaligned. `resolved` receives the actual space.
  uint8_t *access(const Instr &ins, WarpState &w, unsigned lane, Space space,
                  uint64_t addr, unsigned n, Access kind, Space *resolved = nullptr,
                  bool checkAlign = true);
  // Warp-wide traffic statistics for one memory instruction.
  void account(const Space *spaces, const uint64_t *addrs, uint32_t mask,
               unsigned bytes, bool store);
  void raceCheck(const Instr &ins, WarpState &w, unsigned lane, uint64_t off,
                 unsigned n, bool write);

  // ---- control ----
  // Thread exits: update barrier expectations.
  void exitLane(WarpState &w, unsigned lane);
  void tryReleaseBarriers();
  // Completes the cp.async groups of a lane, keeping the newest `keep`.
  bool completeCpAsync(const Instr &ins, WarpState &w, unsigned lane, size_t keep);
};

// ---- value helpers ----
inline float asF32(uint64_t b) {
  uint32_t u = uint32_t(b);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline double asF64(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}
inline uint64_t bitsF32(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline uint64_t bitsF64(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
inline uint64_t maskBits(unsigned bits) {
  return bits >= 64 ? ~0ull : ((1ull << bits) - 1);
}
inline int64_t sext(uint64_t v, unsigned bits) {
  if (bits >= 64)
    return int64_t(v);
  uint64_t m = 1ull << (bits - 1);
  v &= maskBits(bits);
  return int64_t((v ^ m) - m);
}
template <typename F> inline void forLanes(uint32_t mask, F f) {
  while (mask) {
    unsigned l = unsigned(__builtin_ctz(mask));
    mask &= mask - 1;
    f(l);
  }
}

// ---- decoding ----
// Modifiers of one opcode; each decoder takes what it understands and
// anything left over is reported as unknown.
struct Mods {
  std::string base;
  std::vector<std::string> m;
  std::vector<bool> used;
  explicit Mods(const std::string &opcode);
  bool take(const char *s);
  int takeOneOf(std::initializer_list<const char *> opts);
  std::vector<Ty> takeTypes();
  Rnd takeRnd();
  bool takeSpace(Space &s);
  unsigned takeVec();
  void takeCacheHints();
  void takeMemOrder();
  std::string leftover() const;
};

using DecodeFn = bool (*)(Instr &, Mods &, std::string &);
using DecodeTable = std::unordered_map<std::string, DecodeFn>;
void registerIntOps(DecodeTable &t);
void registerFloatOps(DecodeTable &t);
void registerConvertOps(DecodeTable &t);
void registerMemoryOps(DecodeTable &t);
void registerWarpOps(DecodeTable &t);
void registerControlOps(DecodeTable &t);
void registerTcgen05Ops(DecodeTable &t);
void registerWgmmaOps(DecodeTable &t);
// False (and the launch failed) when `ins`, not itself a wgmma, names a
// register of an in-flight wgmma.mma_async (OpsWgmma.cpp).
bool wgmmaRegisterHazard(ExecCtx &ctx, const Instr &ins, WarpState &w);
void registerClusterLaunchOps(DecodeTable &t);

// One arrive on the mbarrier object at `p` (OpsMemory.cpp).
void mbarrierArrive(ExecCtx &ctx, uint8_t *p, bool &ok, std::string &err);
// Completes `bytes` of the mbarrier's expected transactions (OpsMemory.cpp).
void mbarrierCompleteTx(ExecCtx &ctx, uint8_t *p, int64_t bytes, bool &ok,
                        std::string &err);

// mma.sync with .block_scale (OpsMmaBlockScale.cpp), called by the mma
// decoder.
bool decodeMmaBlockScale(Instr &ins, Mods &m, std::string &err);
// Fails the instruction unless all 32 lanes execute it (warp collectives).
bool requireFullWarp(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask);

// Operand-shape checks used by decoders.
bool expectOps(const Instr &ins, size_t n, std::string &err);
bool expectOps(const Instr &ins, size_t lo, size_t hi, std::string &err);

// vprintf(fmt, args): formats into `out`; false with `err` on a bad access.
bool formatPrintf(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned lane,
                  uint64_t fmt, uint64_t args, std::string &out);

} // namespace tilecc::ptxemu

#endif
