//===- Executor.cpp - CTA scheduling, memory access and accounting --------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <algorithm>
#include <cstdio>

using namespace tilecc::ptxemu;

// ---- diagnostics ----

std::string ExecCtx::where(const Instr &ins) const {
  return "line " + std::to_string(ins.line) + " '" + ins.text + "'";
}

void ExecCtx::fail(const Instr &ins, const WarpState &w, unsigned lane,
                   const std::string &msg) {
  if (failed)
    return;
  failed = true;
  char buf[128];
  std::snprintf(buf, sizeof buf, " (thread (%u,%u,%u), block (%u,%u,%u))",
                w.tid[lane][0], w.tid[lane][1], w.tid[lane][2], ctaid[0],
                ctaid[1], ctaid[2]);
  res.error = where(ins) + ": " + msg + buf;
}

// ---- operands ----

uint64_t ExecCtx::immAs(int64_t v, Ty t) {
  switch (t) {
  case Ty::F32: return bitsF32(float(v));
  case Ty::F64: return bitsF64(double(v));
  case Ty::F16: return roundTo(double(v), FFmt::F16, Rnd::RN);
  case Ty::BF16: return roundTo(double(v), FFmt::BF16, Rnd::RN);
  default: return uint64_t(v);
  }
}

uint64_t ExecCtx::fimmAs(const Operand &o, Ty t) {
  double val = o.fbits == 32 ? double(asF32(uint64_t(o.imm)))
               : o.fbits == 64 ? asF64(uint64_t(o.imm))
                               : o.fval;
  switch (t) {
  case Ty::F64:
    return o.fbits == 64 ? uint64_t(o.imm) : bitsF64(val);
  case Ty::F16:
    return roundTo(val, FFmt::F16, Rnd::RN);
  case Ty::BF16:
    return roundTo(val, FFmt::BF16, Rnd::RN);
  case Ty::B64: case Ty::U64: case Ty::S64:
    return o.fbits ? uint64_t(o.imm) : bitsF64(val);
  default:
    return o.fbits == 32 ? uint64_t(o.imm) & 0xffffffffu
           : o.fbits == 64 ? uint64_t(o.imm)
                           : bitsF32(float(val));
  }
}

uint64_t ExecCtx::special(SReg s, WarpState &w, unsigned lane) {
  const Dim3 &b = cfg.block, &g = cfg.grid;
  switch (s) {
  case SReg::TidX: return w.tid[lane][0];
  case SReg::TidY: return w.tid[lane][1];
  case SReg::TidZ: return w.tid[lane][2];
  case SReg::NtidX: return b.x;
  case SReg::NtidY: return b.y;
  case SReg::NtidZ: return b.z;
  case SReg::CtaidX: return ctaid[0];
  case SReg::CtaidY: return ctaid[1];
  case SReg::CtaidZ: return ctaid[2];
  case SReg::NctaidX: return g.x;
  case SReg::NctaidY: return g.y;
  case SReg::NctaidZ: return g.z;
  case SReg::LaneId: return lane;
  case SReg::WarpId: return w.id;
  case SReg::NWarpId: return warps.size();
  case SReg::SmId: return 0;
  case SReg::NSmId: return 1;
  case SReg::GridId: return 0;
  case SReg::Clock: return uint32_t(clock);
  case SReg::Clock64: return clock;
  case SReg::GlobalTimer: return clock * 1000;
  case SReg::LanemaskEq: return 1u << lane;
  case SReg::LanemaskLe: return uint32_t(maskBits(lane + 1));
  case SReg::LanemaskLt: return uint32_t(maskBits(lane));
  case SReg::LanemaskGe: return ~uint32_t(maskBits(lane));
  case SReg::LanemaskGt: return ~uint32_t(maskBits(lane + 1));
  case SReg::DynSmemSize: return cfg.dynamicShared;
  case SReg::TotalSmemSize: return shared.size();
  case SReg::ClusterCtaRank: return 0;
  case SReg::ClusterNCtaRank: return 1;
  case SReg::ClusterIdX: return ctaid[0];
  case SReg::ClusterIdY: return ctaid[1];
  case SReg::ClusterIdZ: return ctaid[2];
  case SReg::NClusterIdX: return g.x;
  case SReg::NClusterIdY: return g.y;
  case SReg::NClusterIdZ: return g.z;
  case SReg::ClusterCtaidX: case SReg::ClusterCtaidY: case SReg::ClusterCtaidZ:
  case SReg::IsExplicitCluster:
    return 0;
  case SReg::ClusterNCtaidX: case SReg::ClusterNCtaidY: case SReg::ClusterNCtaidZ:
    return 1;
  }
  return 0;
}

uint64_t ExecCtx::symAddr(int sym, WarpState &w, unsigned lane) {
  const Symbol &s = mod.symbols[size_t(sym)];
  switch (s.space) {
  case Space::Global:
  case Space::Const:
    return prog.symbolAddresses()[size_t(sym)];
  case Space::Shared:
    return s.external ? dynSharedBase : s.offset;
  case Space::Local:
    return s.offset;
  case Space::Param:
    if (s.callParam)
      return kCallParamFlag | s.offset;
    if (s.formal >= 0 || s.retFormal >= 0) {
      if (w.stack[lane].empty())
        return ~0ull; // reported by the access as out of bounds
      const CallFrame &f = w.stack[lane].back();
      const auto &v = s.formal >= 0 ? f.args : f.rets;
      size_t k = size_t(s.formal >= 0 ? s.formal : s.retFormal);
      return k < v.size() ? v[k] : ~0ull;
    }
    return s.offset;
  default:
    return 0;
  }
}

// ---- memory ----

uint8_t *ExecCtx::access(const Instr &ins, WarpState &w, unsigned lane,
                         Space space, uint64_t addr, unsigned n, Access kind,
                         Space *resolved, bool checkAlign) {
  char buf[160];
  if (checkAlign && n > 1 && (addr % n) != 0) {
    std::snprintf(buf, sizeof buf, "misaligned %u-byte %s access at address 0x%llx",
                  n, spaceName(space), (unsigned long long)addr);
    fail(ins, w, lane, buf);
    return nullptr;
  }
  Space s = space;
  uint64_t a = addr;
  if (s == Space::Generic) {
    if (addr >= kSharedWindow && addr < kSharedWindow + kWindowSize) {
      s = Space::Shared;
      a = addr - kSharedWindow;
    } else if (addr >= kLocalWindow && addr < kLocalWindow + kWindowSize) {
      s = Space::Local;
      a = addr - kLocalWindow;
    } else if (addr >= kParamWindow && addr < kParamWindow + kWindowSize) {
      s = Space::Param;
      a = addr - kParamWindow;
    } else {
      s = Space::Global;
    }
  }
  if (resolved)
    *resolved = s;
  switch (s) {
  case Space::Global:
  case Space::Const: {
    uint8_t *p = gmem.find(a, n);
    if (!p) {
      std::snprintf(buf, sizeof buf, "out-of-bounds %s access of %u bytes: ",
                    spaceName(s), n);
      fail(ins, w, lane, buf + gmem.describe(a));
    }
    return p;
  }
  case Space::Shared:
    if (a + n > shared.size() || a + n < a) {
      std::snprintf(buf, sizeof buf,
                    "out-of-bounds shared access of %u bytes at offset 0x%llx "
                    "(CTA has %zu bytes of shared memory)",
                    n, (unsigned long long)a, shared.size());
      fail(ins, w, lane, buf);
      return nullptr;
    }
    if (race && kind != Access::Atomic)
      raceCheck(ins, w, lane, a, n, kind == Access::Write);
    if ((!asyncW.empty() || !genWriter.empty()) &&
        !asyncHazard(ins, w, lane, a, n, kind))
      return nullptr;
    return shared.data() + a;
  case Space::Local:
    if (a + n > mod.localSize || a + n < a) {
      std::snprintf(buf, sizeof buf,
                    "out-of-bounds local access of %u bytes at offset 0x%llx "
                    "(%llu bytes of local memory per thread)",
                    n, (unsigned long long)a, (unsigned long long)mod.localSize);
      fail(ins, w, lane, buf);
      return nullptr;
    }
    return local.data() + size_t(w.linear[lane]) * mod.localSize + a;
  case Space::Param: {
    if (a & kCallParamFlag) {
      uint64_t off = a & ~kCallParamFlag;
      if (off + n > mod.localSize) {
        fail(ins, w, lane, "out-of-bounds call-parameter access");
        return nullptr;
      }
      return local.data() + size_t(w.linear[lane]) * mod.localSize + off;
    }
    if (kind != Access::Read) {
      fail(ins, w, lane, "store to a kernel parameter");
      return nullptr;
    }
    if (a + n > params->size() || a + n < a) {
      std::snprintf(buf, sizeof buf,
                    "out-of-bounds parameter access of %u bytes at offset %llu "
                    "(kernel parameters are %zu bytes)",
                    n, (unsigned long long)a, params->size());
      fail(ins, w, lane, buf);
      return nullptr;
    }
    return const_cast<uint8_t *>(params->data()) + a;
  }
  default:
    fail(ins, w, lane, "access to an unsupported state space");
    return nullptr;
  }
}

void ExecCtx::account(const Space *spaces, const uint64_t *addrs, uint32_t mask,
                      unsigned bytes, bool store) {
  // Global: distinct 32-byte sectors per warp-wide request.
  uint64_t sectors[64 * 2];
  unsigned ns = 0, nGlobal = 0;
  uint32_t sharedMask = 0;
  forLanes(mask, [&](unsigned l) {
    if (spaces[l] == Space::Global) {
      ++nGlobal;
      for (uint64_t s = addrs[l] / 32; s <= (addrs[l] + bytes - 1) / 32; ++s)
        if (ns < 128)
          sectors[ns++] = s;
    } else if (spaces[l] == Space::Shared) {
      sharedMask |= 1u << l;
    }
  });
  if (nGlobal) {
    std::sort(sectors, sectors + ns);
    uint64_t distinct = uint64_t(std::unique(sectors, sectors + ns) - sectors);
    if (store) {
      cnt.globalStoreBytes += uint64_t(nGlobal) * bytes;
      cnt.globalStoreSectors += distinct;
      ++cnt.globalStoreRequests;
    } else {
      cnt.globalLoadBytes += uint64_t(nGlobal) * bytes;
      cnt.globalLoadSectors += distinct;
      ++cnt.globalLoadRequests;
    }
  }
  if (!sharedMask)
    return;
  if (store)
    ++cnt.sharedStoreRequests;
  else
    ++cnt.sharedLoadRequests;
  // Shared: 32 banks of 4 bytes; a request is split into phases of 128
  // bytes; each phase needs as many wavefronts as the most distinct words
  // any one bank must serve.
  unsigned perPhase = bytes >= 4 ? std::max(1u, 128u / bytes) : 32u;
  for (unsigned p0 = 0; p0 < 32; p0 += perPhase) {
    uint64_t words[128];
    unsigned nw = 0;
    for (unsigned l = p0; l < p0 + perPhase && l < 32; ++l) {
      if (!(sharedMask >> l & 1))
        continue;
      for (uint64_t wd = addrs[l] / 4; wd <= (addrs[l] + bytes - 1) / 4; ++wd)
        if (nw < 128)
          words[nw++] = wd;
    }
    if (!nw)
      continue;
    std::sort(words, words + nw);
    nw = unsigned(std::unique(words, words + nw) - words);
    unsigned perBank[32] = {};
    unsigned wave = 0;
    for (unsigned k = 0; k < nw; ++k)
      wave = std::max(wave, ++perBank[words[k] % 32]);
    cnt.sharedWavefronts += wave;
    cnt.sharedBankConflicts += wave - 1;
  }
}

void ExecCtx::raceCheck(const Instr &ins, WarpState &w, unsigned lane,
                        uint64_t off, unsigned n, bool write) {
  uint32_t pc = w.pc[lane] - 1; // pc was advanced before execution
  std::vector<RaceCell> &cells = *race;
  for (uint64_t b = off; b < off + n && b < cells.size(); ++b) {
    RaceCell &c = cells[b];
    int other = -1;
    uint32_t otherPc = 0;
    bool otherWrite = false;
    if (c.wEpoch == epoch && c.wWarp != int(w.id)) {
      other = c.wWarp;
      otherPc = c.wPc;
      otherWrite = true;
    } else if (write && c.rEpoch == epoch && c.rWarp != int(w.id)) {
      other = c.rWarp;
      otherPc = c.rPc;
    }
    if (other != -1) {
      uint64_t key = (uint64_t(pc) << 32) | otherPc;
      if (!reportedRaces.count(key) && res.races.size() < 64) {
        reportedRaces[key] = true;
        const Instr &o = mod.code[otherPc];
        char buf[200];
        std::snprintf(buf, sizeof buf,
                      "shared-memory race at byte offset 0x%llx in block "
                      "(%u,%u,%u): %s by warp %u ",
                      (unsigned long long)b, ctaid[0], ctaid[1], ctaid[2],
                      write ? "write" : "read", w.id);
        std::string msg = buf + where(ins) + " conflicts with " +
                          (otherWrite ? "write" : "read") + " by " +
                          (other == -2 ? std::string("several warps")
                                       : "warp " + std::to_string(other)) +
                          " " + where(o) + " with no barrier in between";
        res.races.push_back(msg);
      }
    }
    if (write) {
      c.wEpoch = epoch;
      c.wWarp = int(w.id);
      c.wPc = pc;
    } else if (c.rEpoch != epoch) {
      c.rEpoch = epoch;
      c.rWarp = int(w.id);
      c.rPc = pc;
    } else if (c.rWarp != int(w.id)) {
      c.rWarp = -2;
    }
  }
}

bool ExecCtx::completeCpAsync(const Instr &ins, WarpState &w, unsigned lane,
                              size_t keep) {
  auto &groups = w.cpGroups[lane];
  while (groups.size() > keep) {
    for (CpAsyncOp &op : groups.front()) {
      uint8_t *p = access(ins, w, lane, Space::Shared, op.dst,
                          unsigned(op.data.size()), Access::Write, nullptr, false);
      if (!p)
        return false;
      std::memcpy(p, op.data.data(), op.data.size());
    }
    groups.erase(groups.begin());
  }
  return true;
}

// ---- mbarrier waits ----

void ExecCtx::wakeMbarWaiters(bool timedOut) {
  for (WarpState &w : warps)
    for (unsigned l = 0; l < 32; ++l)
      if (w.st[l] == LaneMbarWait) {
        w.st[l] = LaneRun;
        w.waitTimedOut[l] = timedOut;
      }
}

uint64_t ExecCtx::effects() const {
  return cnt.globalStoreRequests + cnt.sharedStoreRequests + cnt.atomics +
         cnt.barrierArrivals + cnt.mbarArrives + cnt.mbarPhases + cnt.tmaLoads +
         cnt.tmaStores + cnt.bulkCopies + cnt.tensormapReplaces + cnt.heapAllocs +
         cnt.heapFrees + res.output.size();
}

// ---- barriers ----

void ExecCtx::exitLane(WarpState &w, unsigned lane) {
  w.st[lane] = LaneExited;
  --liveThreads;
  if (w.clusterArrive[lane] == clusterPhase + 1)
    --clusterArrived; // only non-exited threads take part
  tryReleaseBarriers();
  tryCompleteCluster();
}

void ExecCtx::tryCompleteCluster() {
  if (!clusterArrived || clusterArrived < liveThreads)
    return;
  ++clusterPhase;
  clusterArrived = 0;
  for (WarpState &w : warps)
    for (unsigned l = 0; l < 32; ++l)
      if (w.st[l] == LaneClusterWait)
        w.st[l] = LaneRun;
  ++cnt.barriers;
  ++epoch;
  progress = true;
}

void ExecCtx::tryReleaseBarriers() {
  for (unsigned id = 0; id < 16; ++id) {
    BarrierState &b = bars[id];
    if (!b.arrived)
      continue;
    uint32_t need = b.expected ? b.expected : liveThreads;
    if (b.arrived < need)
      continue;
    for (auto [wi, l] : b.waiters)
      warps[wi].st[l] = LaneRun;
    if (b.redKind >= 0) {
      uint32_t v = b.redKind == 0 ? b.redAcc
                   : b.redKind == 1 ? uint32_t(b.redAcc == b.arrived)
                                    : uint32_t(b.redAcc != 0);
      for (auto [wi, slot] : b.redDst)
        warps[wi / 32].r(int(slot), wi % 32) = v;
    }
    b = BarrierState();
    ++cnt.barriers;
    ++epoch;
    progress = true;
  }
}

// ---- launch ----

namespace {

constexpr uint32_t kStarveLimit = 4096;
// Timeouts of suspended mbarrier waits in a row without any visible effect
// before the waits are reported as a deadlock.
constexpr unsigned kIdleTimeouts = 64;

std::string hexStr(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
  return b;
}

// Everyone left is blocked on a barrier or an mbarrier that cannot complete.
std::string deadlockMessage(ExecCtx &ctx, uint32_t bx, uint32_t by, uint32_t bz) {
  std::string msg = "barrier deadlock in block (" + std::to_string(bx) + "," +
                    std::to_string(by) + "," + std::to_string(bz) + "):";
  for (unsigned id = 0; id < 16; ++id) {
    BarrierState &b = ctx.bars[id];
    if (!b.arrived)
      continue;
    auto [wi, l] = b.waiters.empty() ? std::pair<unsigned, unsigned>(0, 0)
                                     : b.waiters.front();
    const Instr &ins = ctx.mod.code[ctx.warps[wi].pc[l] - 1];
    msg += " barrier " + std::to_string(id) + " has " + std::to_string(b.arrived) +
           " of " + std::to_string(b.expected ? b.expected : ctx.liveThreads) +
           " threads (first waiter: warp " + std::to_string(wi) + " lane " +
           std::to_string(l) + " at " + ctx.where(ins) + ");";
  }
  // mbarrier waiters, one line per awaited object.
  std::vector<const uint8_t *> seen;
  for (WarpState &w : ctx.warps)
    for (unsigned l = 0; l < 32; ++l) {
      if (w.st[l] != LaneMbarWait || !w.mbarWait[l])
        continue;
      const uint8_t *p = w.mbarWait[l];
      if (std::find(seen.begin(), seen.end(), p) != seen.end())
        continue;
      seen.push_back(p);
      uint64_t s;
      std::memcpy(&s, p, 8);
      const uint64_t m = (1ull << 20) - 1;
      auto tx = ctx.mbarTx.find(p);
      const Instr &ins = ctx.mod.code[w.pc[l]];
      msg += " mbarrier at shared " + hexStr(uint64_t(p - ctx.shared.data())) +
             " never completes phase " + std::to_string(s >> 40) + " (" +
             std::to_string((s >> 20 & m) - (s & m)) + " of " +
             std::to_string(s >> 20 & m) + " arrivals, " +
             std::to_string(tx == ctx.mbarTx.end() ? 0 : tx->second) +
             " transaction bytes outstanding; first waiter: warp " +
             std::to_string(w.id) + " lane " + std::to_string(l) + " near " +
             ctx.where(ins) + ");";
    }
  if (ctx.clusterArrived)
    msg += " barrier.cluster has " + std::to_string(ctx.clusterArrived) + " of " +
           std::to_string(ctx.liveThreads) + " threads arrived;";
  msg += " " + std::to_string(ctx.liveThreads) + " threads still live";
  return msg;
}

bool stepWarp(ExecCtx &ctx, WarpState &w) {
  // Run the lanes with the lowest pc. A warp-synchronous instruction waits
  // while other lanes are still elsewhere, so that lanes meant to meet there
  // can catch up; only when every group waits at one does the lowest run.
  uint32_t minpc = UINT32_MAX, runMask = 0;
  for (unsigned l = 0; l < 32; ++l)
    if (w.st[l] == LaneRun) {
      runMask |= 1u << l;
      minpc = std::min(minpc, w.pc[l]);
    }
  if (!runMask)
    return false;
  uint32_t mask = 0;
  for (unsigned l = 0; l < 32; ++l)
    if ((runMask >> l & 1) && w.pc[l] == minpc)
      mask |= 1u << l;
  if (mask != runMask && ctx.mod.code[minpc].collective) {
    uint32_t best = UINT32_MAX;
    for (unsigned l = 0; l < 32; ++l)
      if ((runMask >> l & 1) && w.pc[l] != minpc && w.pc[l] < best &&
          !ctx.mod.code[w.pc[l]].collective)
        best = w.pc[l];
    if (best != UINT32_MAX) {
      minpc = best;
      mask = 0;
      for (unsigned l = 0; l < 32; ++l)
        if ((runMask >> l & 1) && w.pc[l] == minpc)
          mask |= 1u << l;
    }
  }
  // Independent thread scheduling guarantees progress to every path: when
  // lowest-pc-first has kept a diverged warp busy for long (a lane spinning
  // on a flag another lane of the same warp must set), let the highest-pc
  // lanes run for a while.
  if (mask != runMask) {
    if (++w.starve >= kStarveLimit) {
      uint32_t maxpc = 0;
      for (unsigned l = 0; l < 32; ++l)
        if (runMask >> l & 1)
          maxpc = std::max(maxpc, w.pc[l]);
      minpc = maxpc;
      mask = 0;
      for (unsigned l = 0; l < 32; ++l)
        if ((runMask >> l & 1) && w.pc[l] == minpc)
          mask |= 1u << l;
      if (w.starve >= kStarveLimit + 64)
        w.starve = 0;
    }
  } else {
    w.starve = 0;
  }
  const Instr &ins = ctx.mod.code[minpc];
  uint32_t emask = mask;
  if (ins.guard >= 0) {
    emask = 0;
    forLanes(mask, [&](unsigned l) {
      if (bool(w.r(ins.guard, l) & 1) != ins.guardNeg)
        emask |= 1u << l;
    });
  }
  Counters &c = ctx.cnt;
  ++c.warpInstrs;
  ++ctx.clock;
  if (emask) {
    c.threadInstrs += unsigned(__builtin_popcount(emask));
    ++c.byClass[size_t(ins.cls)];
  }
  forLanes(mask, [&](unsigned l) { w.pc[l] = minpc + 1; });
  if (!w.wgBusyD.empty() && !wgmmaRegisterHazard(ctx, ins, w))
    return true;
  if (emask)
    ins.exec(ctx, ins, w, emask);
  return true;
}

} // namespace

LaunchResult Program::launch(std::string_view kernelName, const LaunchConfig &cfg,
                             const std::vector<ParamValue> &args) {
  LaunchResult res;
  auto it = mod.functionIndex.find(std::string(kernelName));
  if (it == mod.functionIndex.end() || !mod.functions[it->second].isEntry ||
      !mod.functions[it->second].defined) {
    res.error = "no kernel named '" + std::string(kernelName) + "' in the module";
    return res;
  }
  const Function &fn = mod.functions[it->second];
  if (args.size() != fn.params.size()) {
    res.error = "kernel '" + fn.name + "' takes " +
                std::to_string(fn.params.size()) + " parameters, " +
                std::to_string(args.size()) + " given";
    return res;
  }
  std::vector<uint8_t> params(fn.paramSize, 0);
  for (size_t k = 0; k < args.size(); ++k) {
    const Param &p = fn.params[k];
    if (args[k].bytes.size() != p.size) {
      res.error = "parameter " + std::to_string(k) + " ('" + p.name + "') is " +
                  std::to_string(p.size) + " bytes, " +
                  std::to_string(args[k].bytes.size()) + " given";
      return res;
    }
    std::memcpy(params.data() + p.offset, args[k].bytes.data(), p.size);
  }
  uint64_t nthreads = cfg.block.count();
  if (nthreads == 0 || nthreads > 1024 || cfg.grid.count() == 0) {
    res.error = "invalid launch configuration: block of " +
                std::to_string(nthreads) + " threads, grid of " +
                std::to_string(cfg.grid.count()) + " blocks";
    return res;
  }
  uint64_t staticShared = mod.sharedSize + fn.sharedSize;
  uint64_t dynBase = (staticShared + mod.dynSharedAlign - 1) / mod.dynSharedAlign *
                     mod.dynSharedAlign;
  uint64_t sharedBytes = dynBase + cfg.dynamicShared;
  if (sharedBytes > 232448) {
    res.error = "launch needs " + std::to_string(sharedBytes) +
                " bytes of shared memory, more than the 227 KiB a CTA may use";
    return res;
  }

  if (mod.localSize > 512 * 1024) {
    res.error = "kernel needs " + std::to_string(mod.localSize) +
                " bytes of local memory per thread, more than the 512 KiB limit";
    return res;
  }
  ExecCtx ctx(mod, *this, dev.memory(), cfg, res);
  ctx.kernel = &fn;
  ctx.params = &params;
  ctx.dynSharedBase = dynBase;
  std::vector<RaceCell> cells;
  if (cfg.checkRaces) {
    cells.resize(sharedBytes);
    ctx.race = &cells;
  }
  unsigned nwarps = unsigned((nthreads + 31) / 32);
  size_t nslots = mod.regNames.size();
  // Generic writes are tracked for the async-proxy fence check only when
  // something reads shared memory through the async proxy.
  bool asyncReaders = false;
  for (size_t i = fn.begin; i < fn.end && !asyncReaders; ++i) {
    const std::string &op = mod.code[i].opcode;
    asyncReaders = op.rfind("wgmma.mma_async", 0) == 0 ||
                   op.rfind("tcgen05.mma", 0) == 0 ||
                   op.rfind("cp.async.bulk", 0) == 0 ||
                   op.rfind("cp.reduce.async.bulk", 0) == 0;
  }
  // (Device functions share the instruction array; calls are rare in such
  // kernels, so scan them all when the kernel itself has none.)
  for (size_t i = 0; i < mod.code.size() && !asyncReaders; ++i) {
    const std::string &op = mod.code[i].opcode;
    asyncReaders = op.rfind("wgmma.mma_async", 0) == 0 ||
                   op.rfind("tcgen05.mma", 0) == 0 ||
                   op.rfind("cp.async.bulk", 0) == 0 ||
                   op.rfind("cp.reduce.async.bulk", 0) == 0;
  }
  const unsigned quantum = 256;

  // CTAs start in linear order, x fastest; a clusterlaunchcontrol.try_cancel
  // removes not-yet-started ones from the back of this queue.
  ctx.nextCta = 0;
  ctx.endCta = uint64_t(cfg.grid.x) * cfg.grid.y * cfg.grid.z;
  while (ctx.nextCta < ctx.endCta) {
        uint64_t linear = ctx.nextCta++;
        uint32_t bx = uint32_t(linear % cfg.grid.x);
        uint32_t by = uint32_t(linear / cfg.grid.x % cfg.grid.y);
        uint32_t bz = uint32_t(linear / (uint64_t(cfg.grid.x) * cfg.grid.y));
        ctx.ctaid[0] = bx;
        ctx.ctaid[1] = by;
        ctx.ctaid[2] = bz;
        ++res.counters.ctas;
        ctx.shared.assign(sharedBytes, 0);
        ctx.local.assign(size_t(nthreads) * mod.localSize, 0);
        ctx.warps.assign(nwarps, WarpState());
        ctx.tcgen05.reset();
        ctx.mbarTx.clear();
        ctx.bulk.clear();
        ctx.asyncW.clear();
        ctx.asyncR.clear();
        ctx.tmapAcquired.clear();
        ctx.idleTimeouts = 0;
        ctx.clusterArrived = 0;
        ctx.clusterPhase = 0;
        if (asyncReaders) {
          ctx.genWriter.assign(sharedBytes, 0);
          ctx.genFence.assign(sharedBytes, 0);
          ctx.asyncFences.assign(nthreads, 0);
        }
        for (auto &b : ctx.bars)
          b = BarrierState();
        ctx.liveThreads = unsigned(nthreads);
        ++ctx.epoch;
        for (unsigned wi = 0; wi < nwarps; ++wi) {
          WarpState &w = ctx.warps[wi];
          w.id = wi;
          w.regs.assign(nslots * 32, 0);
          for (unsigned l = 0; l < 32; ++l) {
            uint64_t t = uint64_t(wi) * 32 + l;
            w.pc[l] = uint32_t(fn.begin);
            w.linear[l] = uint32_t(t);
            if (t >= nthreads) {
              w.st[l] = LaneAbsent;
              continue;
            }
            w.st[l] = LaneRun;
            w.tid[l][0] = uint32_t(t % cfg.block.x);
            w.tid[l][1] = uint32_t(t / cfg.block.x % cfg.block.y);
            w.tid[l][2] = uint32_t(t / (uint64_t(cfg.block.x) * cfg.block.y));
          }
        }
        while (ctx.liveThreads > 0) {
          ctx.progress = false;
          for (WarpState &w : ctx.warps) {
            unsigned steps = 0;
            while (steps < quantum && stepWarp(ctx, w))
              ++steps;
            if (steps)
              ctx.progress = true;
            if (ctx.failed)
              return res;
          }
          if (res.counters.warpInstrs > cfg.maxWarpInstrs) {
            res.error = "instruction limit of " + std::to_string(cfg.maxWarpInstrs) +
                        " warp instructions exceeded (an endless loop?)";
            return res;
          }
          if (ctx.liveThreads > 0 && !ctx.progress) {
            // Nothing can run: async copies in flight land now.
            if (!ctx.bulk.empty()) {
              if (!performBulk(ctx, nullptr, true))
                return res;
              ctx.wakeMbarWaiters();
              continue;
            }
            // Suspended mbarrier waiters time out (try_wait returns false);
            // when that changes nothing, many times over, the waits can
            // never complete.
            bool waiting = false;
            for (WarpState &w : ctx.warps)
              for (unsigned l = 0; l < 32; ++l)
                waiting |= w.st[l] == LaneMbarWait;
            if (waiting) {
              uint64_t e = ctx.effects();
              ctx.idleTimeouts = e == ctx.lastEffects ? ctx.idleTimeouts + 1 : 0;
              ctx.lastEffects = e;
              if (ctx.idleTimeouts < kIdleTimeouts) {
                ctx.wakeMbarWaiters(/*timedOut=*/true);
                continue;
              }
            }
            res.error = deadlockMessage(ctx, bx, by, bz);
            return res;
          }
        }
        // Bulk stores still in flight when the CTA ends land in global
        // memory (the hardware completes them before the grid does).
        if (!performBulk(ctx, nullptr, true))
          return res;
  }
  res.counters.heapLiveBlocks = dev.memory().heapBlockCount();
  res.ok = true;
  return res;
}
