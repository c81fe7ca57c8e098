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
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace tilecc::ptxemu {

// LaneMbarWait: suspended in mbarrier.try_wait (pc on the instruction, run
// again when a phase completes) or yielding after a failed test_wait.
// LaneClusterWait: in barrier.cluster.wait until the barrier completes.
enum LaneState : uint8_t {
  LaneRun, LaneExited, LaneBarrier, LaneAbsent, LaneMbarWait, LaneClusterWait
};

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

// One cp{.reduce}.async.bulk{.tensor} operation in flight (OpsTma.cpp).
// Loads read global memory at issue and write shared memory when performed
// (a wait on their mbarrier finds them pending, or nothing else can run);
// stores and reductions read shared memory when performed (their thread's
// cp.async.bulk.wait_group, or the CTA's end). Each entry moves `unit`
// bytes between shared offset sOff[i] and global address gAddr[i]
// (~0: outside the tensor; a load fills, a store skips it).
struct BulkOp {
  uint32_t pc = 0;
  unsigned warp = 0, lane = 0;
  bool load = true;
  int redOp = -1;              // cp.reduce: 0 add, 1 min, 2 max, 3 inc, 4 dec, 5 and, 6 or, 7 xor
  uint8_t elemType = 0;        // tensor-map element type (reductions)
  uint8_t *mbar = nullptr;     // loads: the mbarrier completed with `bytes`
  unsigned unit = 0;
  uint64_t bytes = 0;
  std::vector<uint32_t> sOff;
  std::vector<uint64_t> gAddr;
  std::vector<uint8_t> data;   // loads: the values to land
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
  // Bulk async-groups (ids of BulkOps in ExecCtx::bulk), oldest first.
  std::vector<std::vector<uint64_t>> bulkGroups[32];
  std::vector<uint64_t> bulkOpen[32];
  // mbarrier waits: the awaited object, and whether the next try_wait of a
  // woken lane returns false (its time limit passed) instead of suspending.
  uint8_t *mbarWait[32] = {};
  // setmaxnreg: the instructions (pcs) this warp executed, in order, and
  // its register count after the last (0: unknown).
  std::vector<uint32_t> setmaxPcs;
  unsigned maxnreg = 0;
  bool waitTimedOut[32] = {};
  // barrier.cluster: the phase (+1) in which the lane arrived, 0 if none.
  uint64_t clusterArrive[32] = {};
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
  // Asynchronous-proxy state of the running CTA (OpsTma.cpp). bulk: the
  // operations in flight by id; asyncW/asyncR: per shared byte, how many of
  // them will write / still read it (empty until the first one).
  std::map<uint64_t, BulkOp> bulk;
  uint64_t nextBulk = 1;
  std::vector<uint16_t> asyncW, asyncR;
  // Generic-proxy writes to shared memory not yet fenced toward the async
  // proxy: per byte the writing thread (+1, 0 = none) and its count of
  // fence.proxy.async at the write; per thread its count (sized only when
  // the kernel has async-proxy readers: wgmma, cp.async.bulk).
  std::vector<uint32_t> genWriter, genFence, asyncFences;
  // Tensor maps: per global address, the bytes this CTA acquired with
  // fence.proxy.tensormap::generic.acquire; and device-written maps not
  // yet released by their writer (thread), for the whole launch.
  std::map<uint64_t, std::vector<uint8_t>> tmapAcquired;
  std::map<uint64_t, uint32_t> tmapUnreleased;
  // Consecutive rounds in which suspended mbarrier waiters were timed out
  // without any other effect; past a bound the waits are a deadlock.
  unsigned idleTimeouts = 0;
  // barrier.cluster over the cluster (this CTA): arrivals in the current
  // phase.
  uint32_t clusterArrived = 0;
  uint64_t clusterPhase = 0;
  uint64_t lastEffects = 0;
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
  void tryCompleteCluster();
  // Completes the cp.async groups of a lane, keeping the newest `keep`.
  bool completeCpAsync(const Instr &ins, WarpState &w, unsigned lane, size_t keep);
  // Resumes every lane suspended on an mbarrier (a phase completed).
  void wakeMbarWaiters(bool timedOut = false);
  // A number that changes whenever a thread has an effect others can see.
  uint64_t effects() const;
  // Checks a shared access against the asynchronous operations in flight
  // and records generic writes for the proxy-fence check; false (and
  // failed) on a hazard.
  bool asyncHazard(const Instr &ins, WarpState &w, unsigned lane, uint64_t off,
                   unsigned n, Access kind);
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

void registerTmaOps(DecodeTable &t);
// cp.async.bulk / cp.reduce.async.bulk forms of `cp` (OpsTma.cpp).
bool decodeBulkCopy(Instr &ins, Mods &m, std::string &err);
// Fences with an effect on the proxy model (OpsTma.cpp): kind 1
// fence.proxy.async (shared), 2 tensormap release, 3 tensormap acquire.
void execProxyFence(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask);
// Performs the bulk loads pending on the mbarrier at `mbar` (all of them
// when null), then the CTA's bulk stores when `stores` (OpsTma.cpp); false
// when one failed.
bool performBulk(ExecCtx &ctx, const uint8_t *mbar, bool stores);
bool bulkLoadPendingOn(const ExecCtx &ctx, const uint8_t *mbar);
// False (and failed) when shared bytes [off, off+n) an async-proxy read
// takes were written through the generic proxy by a thread that has not
// executed fence.proxy.async since (OpsTma.cpp).
bool asyncProxyReadCheck(ExecCtx &ctx, const Instr &ins, WarpState &w,
                         unsigned lane, uint64_t off, unsigned n);

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
