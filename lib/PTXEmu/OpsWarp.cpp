//===- OpsWarp.cpp - barriers, shuffles, votes, ldmatrix, mma.sync --------===//
//
// Fragment layouts follow the PTX ISA "Matrix Fragments for mma.m16n8kK"
// sections: groupID = laneid >> 2, threadID_in_group = laneid % 4.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace tilecc::ptxemu;

namespace {

std::string hex(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

// Every lane named in a lane's membermask must execute the instruction.
bool checkMembers(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t emask,
                  const Operand &mmOp, uint32_t *mmOut) {
  bool ok = true;
  forLanes(emask, [&](unsigned l) {
    if (!ok)
      return;
    uint32_t mm = uint32_t(ctx.get(mmOp, w, l, Ty::B32));
    mmOut[l] = mm;
    if (!(mm >> l & 1)) {
      ctx.fail(ins, w, l, "membermask " + hex(mm) + " does not include the executing lane");
      ok = false;
    } else if (mm & ~emask) {
      ctx.fail(ins, w, l,
               "warp-level operation in a diverged warp: lanes " + hex(mm & ~emask) +
                   " of membermask " + hex(mm) + " did not execute it together");
      ok = false;
    }
  });
  return ok;
}

// ---- barriers ----

void execBar(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  // kind: 0 sync, 1 arrive, 2 red; kind2: red op (0 popc, 1 and, 2 or)
  const bool red = ins.kind == 2;
  const size_t base = red ? 1 : 0;
  const bool hasCount = ins.ops.size() > base + (red ? 2 : 1);
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t id = ctx.get(ins.ops[base], w, l, Ty::U32);
    if (id >= 16) {
      ctx.fail(ins, w, l, "barrier id " + std::to_string(id) + " is out of range 0..15");
      return;
    }
    uint32_t count = hasCount ? uint32_t(ctx.get(ins.ops[base + 1], w, l, Ty::U32)) : 0;
    if (hasCount && (count == 0 || count % 32)) {
      ctx.fail(ins, w, l, "barrier thread count " + std::to_string(count) +
                              " is not a positive multiple of 32");
      return;
    }
    BarrierState &b = ctx.bars[id];
    if (b.arrived && b.expected != count) {
      ctx.fail(ins, w, l, "barrier " + std::to_string(id) +
                              " used with different thread counts");
      return;
    }
    b.expected = count;
    ++b.arrived;
    ++ctx.cnt.barrierArrivals;
    if (ins.kind != 1) {
      b.waiters.push_back({w.id, l});
      w.st[l] = LaneBarrier;
      w.barId[l] = uint8_t(id);
    }
    if (red) {
      bool c = ctx.get(ins.ops.back(), w, l, Ty::Pred) & 1;
      b.redKind = ins.kind2;
      b.redAcc += (ins.kind2 == 2) ? uint32_t(c) : uint32_t(c);
      b.redDst.push_back({w.id * 32 + l, unsigned(ins.ops[0].reg)});
    }
  });
  ctx.tryReleaseBarriers();
}

// barrier.cluster (PTX ISA 9.7.13.3) over a cluster of one CTA: arrive
// marks the thread once per phase; wait blocks until every non-exited
// thread arrived in the phase of its own arrive.
void execClusterBar(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t &a = w.clusterArrive[l];
    if (ins.kind == 0) {
      if (a == ctx.clusterPhase + 1)
        return ctx.fail(ins, w, l, "barrier.cluster.arrive twice before the barrier "
                                   "completed");
      a = ctx.clusterPhase + 1;
      ++ctx.clusterArrived;
      ++ctx.cnt.barrierArrivals;
      return;
    }
    if (!a)
      return ctx.fail(ins, w, l, "barrier.cluster.wait without a preceding "
                                 "barrier.cluster.arrive");
    if (a <= ctx.clusterPhase) {
      a = 0;
      return;
    }
    w.st[l] = LaneClusterWait; // runs the wait again when the phase completes
    w.pc[l] -= 1;
  });
  if (ins.kind == 0)
    ctx.tryCompleteCluster();
}

bool decodeBar(Instr &ins, Mods &m, std::string &err) {
  ins.cls = IClass::Barrier;
  if (m.base == "barrier" && m.take("cluster")) {
    int k = m.takeOneOf({"arrive", "wait"});
    if (k < 0) {
      err = "'barrier.cluster' needs .arrive or .wait";
      return false;
    }
    m.takeOneOf({k == 0 ? "release" : "acquire", "relaxed"});
    m.take("aligned");
    ins.kind = uint8_t(k);
    ins.exec = execClusterBar;
    ins.collective = true;
    return expectOps(ins, 0, err);
  }
  m.take("cta");
  m.take("aligned");
  if (m.base == "bar" && m.take("warp")) {
    if (!m.take("sync")) {
      err = "'bar.warp' needs .sync";
      return false;
    }
    ins.kind = 3;
    ins.collective = true;
    ins.exec = [](ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
      uint32_t mm[32];
      checkMembers(ctx, ins, w, mask, ins.ops[0], mm);
    };
    return expectOps(ins, 1, err);
  }
  int k = m.takeOneOf({"sync", "arrive", "red"});
  if (k < 0) {
    err = "'" + m.base + "' needs .sync, .arrive or .red";
    return false;
  }
  ins.kind = uint8_t(k);
  ins.exec = execBar;
  if (k == 2) {
    int op = m.takeOneOf({"popc", "and", "or"});
    if (op < 0) {
      err = "'bar.red' needs .popc, .and or .or";
      return false;
    }
    ins.kind2 = uint8_t(op);
    if (!ins.ops.empty() && ins.ops[0].kind != Operand::Reg) {
      err = "'bar.red' needs a destination register";
      return false;
    }
    if (!m.take(op == 0 ? "u32" : "pred")) {
      err = op == 0 ? "'bar.red.popc' needs .u32" : "'bar.red.and/or' need .pred";
      return false;
    }
    return expectOps(ins, 3, 4, err);
  }
  if (k == 1)
    return expectOps(ins, 2, err);
  return expectOps(ins, 1, 2, err);
}

// ---- shfl / vote / redux / match / activemask ----

void execShfl(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  uint32_t mm[32];
  if (!checkMembers(ctx, ins, w, mask, ins.ops[4], mm))
    return;
  uint64_t vals[32];
  forLanes(mask, [&](unsigned l) { vals[l] = ctx.get(ins.ops[1], w, l, Ty::B32); });
  uint64_t out[32];
  bool pv[32];
  bool ok = true;
  forLanes(mask, [&](unsigned l) {
    if (!ok)
      return;
    uint32_t b = uint32_t(ctx.get(ins.ops[2], w, l, Ty::B32)) & 31;
    uint32_t c = uint32_t(ctx.get(ins.ops[3], w, l, Ty::B32));
    int cval = int(c & 31), seg = int(c >> 8 & 31);
    int lane = int(l);
    int maxLane = (lane & seg) | (cval & ~seg);
    int minLane = lane & seg;
    int j = lane;
    bool p = false;
    switch (ins.kind) {
    case 0: j = lane - int(b); p = j >= maxLane; break;      // up
    case 1: j = lane + int(b); p = j <= maxLane; break;      // down
    case 2: j = lane ^ int(b); p = j <= maxLane; break;      // bfly
    case 3: j = minLane | (int(b) & ~seg); p = j <= maxLane; break; // idx
    }
    if (!p)
      j = lane;
    if (j < 0 || j > 31 || !(mm[l] >> j & 1)) {
      ctx.fail(ins, w, l, "shfl source lane " + std::to_string(j) +
                              " is outside membermask " + hex(mm[l]));
      ok = false;
      return;
    }
    out[l] = vals[j];
    pv[l] = p;
  });
  if (!ok)
    return;
  forLanes(mask, [&](unsigned l) {
    ctx.set(ins.ops[0], w, l, out[l] & 0xffffffffu);
    if (ins.ops[0].reg2 >= 0)
      w.r(ins.ops[0].reg2, l) = pv[l];
  });
}

bool decodeShfl(Instr &ins, Mods &m, std::string &err) {
  if (!m.take("sync")) {
    err = "only 'shfl.sync' is supported (shfl without .sync is invalid for sm_70+)";
    return false;
  }
  int k = m.takeOneOf({"up", "down", "bfly", "idx"});
  if (k < 0 || !m.take("b32")) {
    err = "'shfl.sync' needs .up/.down/.bfly/.idx and .b32";
    return false;
  }
  ins.kind = uint8_t(k);
  ins.exec = execShfl;
  ins.cls = IClass::Warp;
  ins.collective = true;
  return expectOps(ins, 5, err);
}

void execVote(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  uint32_t mm[32];
  if (!checkMembers(ctx, ins, w, mask, ins.ops[2], mm))
    return;
  uint32_t ballot = 0;
  forLanes(mask, [&](unsigned l) {
    if (ctx.get(ins.ops[1], w, l, Ty::Pred) & 1)
      ballot |= 1u << l;
  });
  forLanes(mask, [&](unsigned l) {
    uint32_t b = ballot & mm[l];
    uint64_t d = 0;
    switch (ins.kind) {
    case 0: d = b == mm[l]; break;             // all
    case 1: d = b != 0; break;                 // any
    case 2: d = b == 0 || b == mm[l]; break;   // uni
    case 3: d = b; break;                      // ballot
    }
    ctx.set(ins.ops[0], w, l, d);
  });
}

bool decodeVote(Instr &ins, Mods &m, std::string &err) {
  if (!m.take("sync")) {
    err = "only 'vote.sync' is supported";
    return false;
  }
  int k = m.takeOneOf({"all", "any", "uni", "ballot"});
  if (k < 0 || !m.take(k == 3 ? "b32" : "pred")) {
    err = "'vote.sync' needs .all/.any/.uni with .pred or .ballot with .b32";
    return false;
  }
  ins.kind = uint8_t(k);
  ins.exec = execVote;
  ins.cls = IClass::Warp;
  ins.collective = true;
  return expectOps(ins, 3, err);
}

void execActivemask(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) { ctx.set(ins.ops[0], w, l, mask); });
}

bool decodeActivemask(Instr &ins, Mods &m, std::string &err) {
  if (!m.take("b32")) {
    err = "'activemask' needs .b32";
    return false;
  }
  ins.exec = execActivemask;
  ins.cls = IClass::Warp;
  return expectOps(ins, 1, err);
}

void execRedux(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  uint32_t mm[32];
  if (!checkMembers(ctx, ins, w, mask, ins.ops[2], mm))
    return;
  uint32_t v[32];
  forLanes(mask, [&](unsigned l) { v[l] = uint32_t(ctx.get(ins.ops[1], w, l, ins.type)); });
  bool sg = ins.type == Ty::S32;
  forLanes(mask, [&](unsigned l) {
    uint32_t acc = 0;
    bool first = true;
    forLanes(mm[l], [&](unsigned j) {
      uint32_t x = v[j];
      if (first) {
        acc = x;
        first = false;
        return;
      }
      switch (ins.kind) {
      case 0: acc += x; break;
      case 1: acc = sg ? uint32_t(std::min(int32_t(acc), int32_t(x))) : std::min(acc, x); break;
      case 2: acc = sg ? uint32_t(std::max(int32_t(acc), int32_t(x))) : std::max(acc, x); break;
      case 3: acc &= x; break;
      case 4: acc |= x; break;
      case 5: acc ^= x; break;
      }
    });
    ctx.set(ins.ops[0], w, l, acc);
  });
}

bool decodeRedux(Instr &ins, Mods &m, std::string &err) {
  if (!m.take("sync")) {
    err = "'redux' needs .sync";
    return false;
  }
  int k = m.takeOneOf({"add", "min", "max", "and", "or", "xor"});
  std::vector<Ty> tys = m.takeTypes();
  if (k < 0 || tys.size() != 1 ||
      (k < 3 ? (tys[0] != Ty::U32 && tys[0] != Ty::S32) : tys[0] != Ty::B32)) {
    err = "'redux.sync' needs add/min/max with .u32/.s32 or and/or/xor with .b32";
    return false;
  }
  ins.kind = uint8_t(k);
  ins.type = tys[0];
  ins.exec = execRedux;
  ins.cls = IClass::Warp;
  ins.collective = true;
  return expectOps(ins, 3, err);
}

void execMatch(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  uint32_t mm[32];
  if (!checkMembers(ctx, ins, w, mask, ins.ops[2], mm))
    return;
  uint64_t v[32];
  forLanes(mask, [&](unsigned l) { v[l] = ctx.get(ins.ops[1], w, l, ins.type); });
  forLanes(mask, [&](unsigned l) {
    uint32_t same = 0;
    forLanes(mm[l], [&](unsigned j) {
      if (v[j] == v[l])
        same |= 1u << j;
    });
    if (ins.kind == 0) {
      ctx.set(ins.ops[0], w, l, same);
    } else {
      bool all = same == mm[l];
      ctx.set(ins.ops[0], w, l, all ? mm[l] : 0);
      if (ins.ops[0].reg2 >= 0)
        w.r(ins.ops[0].reg2, l) = all;
    }
  });
}

bool decodeMatch(Instr &ins, Mods &m, std::string &err) {
  int k = m.takeOneOf({"any", "all"});
  std::vector<Ty> tys = m.takeTypes();
  if (!m.take("sync") || k < 0 || tys.size() != 1 ||
      (tys[0] != Ty::B32 && tys[0] != Ty::B64)) {
    err = "'match.sync' needs .any/.all and .b32/.b64";
    return false;
  }
  ins.kind = uint8_t(k);
  ins.type = tys[0];
  ins.exec = execMatch;
  ins.cls = IClass::Warp;
  ins.collective = true;
  return expectOps(ins, 3, err);
}

// elect.sync d|p, membermask: the lowest lane of the membermask leads.
void execElect(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  uint32_t mm[32];
  if (!checkMembers(ctx, ins, w, mask, ins.ops[1], mm))
    return;
  forLanes(mask, [&](unsigned l) {
    unsigned leader = unsigned(__builtin_ctz(mm[l]));
    ctx.set(ins.ops[0], w, l, leader);
    if (ins.ops[0].reg2 >= 0)
      w.r(ins.ops[0].reg2, l) = l == leader;
  });
}

bool decodeElect(Instr &ins, Mods &m, std::string &err) {
  if (!m.take("sync")) {
    err = "'elect' needs .sync";
    return false;
  }
  ins.exec = execElect;
  ins.cls = IClass::Warp;
  ins.collective = true;
  if (!expectOps(ins, 2, err))
    return false;
  if (ins.ops[0].kind != Operand::Reg && ins.ops[0].kind != Operand::Sink) {
    err = "'elect.sync' needs a destination register";
    return false;
  }
  return true;
}

// Scheduling hints with no observable effect in a one-kernel, one-CTA-at-a-
// time emulator: programmatic dependent launch and register reallocation.
void execHint(ExecCtx &, const Instr &, WarpState &, uint32_t) {}

bool decodeGridDep(Instr &ins, Mods &m, std::string &err) {
  if (m.takeOneOf({"wait", "launch_dependents"}) < 0) {
    err = "'griddepcontrol' needs .wait or .launch_dependents";
    return false;
  }
  ins.exec = execHint;
  ins.cls = IClass::Misc;
  return expectOps(ins, 0, err);
}

// setmaxnreg (PTX ISA 9.7.19.5): the whole warp executes it, every warp of
// the warpgroup executes the same instruction as its k-th setmaxnreg, and
// .dec lowers (.inc raises) the warp's count. Registers are not modelled
// otherwise.
void execSetmaxnreg(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  if (!requireFullWarp(ctx, ins, w, mask))
    return;
  unsigned l = unsigned(__builtin_ctz(mask));
  if (ctx.warps.size() % 4)
    return ctx.fail(ins, w, l, "setmaxnreg in a block that is not whole warpgroups");
  uint32_t pc = w.pc[l] - 1;
  size_t k = w.setmaxPcs.size();
  for (unsigned g = w.id / 4 * 4; g < w.id / 4 * 4 + 4; ++g) {
    const WarpState &o = ctx.warps[g];
    if (g != w.id && o.setmaxPcs.size() > k && o.setmaxPcs[k] != pc)
      return ctx.fail(ins, w, l,
                      "warps of a warpgroup execute different setmaxnreg "
                      "instructions (warp " + std::to_string(g) + " ran " +
                          ctx.where(ctx.mod.code[o.setmaxPcs[k]]) + ")");
  }
  unsigned n = unsigned(ins.ops[0].imm);
  if (w.maxnreg && (ins.kind ? n > w.maxnreg : n < w.maxnreg))
    return ctx.fail(ins, w, l,
                    std::string("setmaxnreg.") + (ins.kind ? "dec" : "inc") + " to " +
                        std::to_string(n) + " from " + std::to_string(w.maxnreg) +
                        " registers " + (ins.kind ? "raises" : "lowers") + " the count");
  w.maxnreg = n;
  w.setmaxPcs.push_back(pc);
}

bool decodeSetmaxnreg(Instr &ins, Mods &m, std::string &err) {
  int k = m.takeOneOf({"inc", "dec"});
  if (k < 0 || !m.take("sync") || !m.take("aligned") || !m.take("u32")) {
    err = "'setmaxnreg' needs .inc/.dec.sync.aligned.u32";
    return false;
  }
  ins.kind = uint8_t(k);
  ins.exec = execSetmaxnreg;
  ins.cls = IClass::Misc;
  ins.collective = true;
  if (!expectOps(ins, 1, err))
    return false;
  const Operand &n = ins.ops[0];
  if (n.kind != Operand::Imm || n.imm < 24 || n.imm > 256 || n.imm % 8) {
    err = "'setmaxnreg' needs a constant multiple of 8 in 24..256";
    return false;
  }
  return true;
}

// ---- ldmatrix / stmatrix ----

} // namespace

bool tilecc::ptxemu::requireFullWarp(ExecCtx &ctx, const Instr &ins,
                                     WarpState &w, uint32_t mask) {
  if (mask == 0xffffffffu)
    return true;
  ctx.fail(ins, w, unsigned(__builtin_ctz(mask)),
           "'" + ins.opcode + "' requires all 32 lanes, but only " + hex(mask) +
               " executed it (diverged or partial warp)");
  return false;
}

namespace {

void execLdmatrix(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  if (!requireFullWarp(ctx, ins, w, mask))
    return;
  const unsigned nmat = unsigned(ins.a);
  const bool store = ins.flag2;
  const Operand &vecOp = ins.ops[store ? 1 : 0], &addrOp = ins.ops[store ? 0 : 1];
  uint16_t m[4][8][8]; // matrix, row, col
  uint8_t *rowPtr[32];
  Space spaces[32];
  uint64_t addrs[32];
  uint32_t used = 0;
  for (unsigned t = 0; t < 8 * nmat; ++t) {
    uint64_t a = ctx.address(addrOp, w, t);
    rowPtr[t] = ctx.access(ins, w, t, ins.space, a, 16,
                           store ? Access::Write : Access::Read, &spaces[t]);
    if (!rowPtr[t])
      return;
    addrs[t] = a;
    used |= 1u << t;
  }
  if (!store) {
    for (unsigned t = 0; t < 8 * nmat; ++t)
      std::memcpy(m[t / 8][t % 8], rowPtr[t], 16);
  }
  for (unsigned i = 0; i < nmat; ++i)
    for (unsigned l = 0; l < 32; ++l) {
      unsigned r = l / 4, c0 = 2 * (l % 4);
      // Lane l holds row r, columns c0 and c0+1 of the (transposed) matrix.
      auto at = [&](unsigned row, unsigned col) -> uint16_t & {
        return ins.flag ? m[i][col][row] : m[i][row][col];
      };
      if (!store) {
        uint32_t v = uint32_t(at(r, c0)) | uint32_t(at(r, c0 + 1)) << 16;
        ctx.set(vecOp.kind == Operand::Vec ? vecOp.elems[i] : vecOp, w, l, v);
      } else {
        uint32_t v = uint32_t(ctx.get(vecOp.kind == Operand::Vec ? vecOp.elems[i] : vecOp,
                                      w, l, Ty::B32));
        at(r, c0) = uint16_t(v);
        at(r, c0 + 1) = uint16_t(v >> 16);
      }
    }
  if (store)
    for (unsigned t = 0; t < 8 * nmat; ++t)
      std::memcpy(rowPtr[t], m[t / 8][t % 8], 16);
  ctx.account(spaces, addrs, used, 16, store);
}

bool decodeLdmatrix(Instr &ins, Mods &m, std::string &err) {
  bool store = m.base == "stmatrix";
  if (!m.take("sync") || !m.take("aligned") || !m.take("m8n8")) {
    err = "'" + m.base + "' needs .sync.aligned.m8n8";
    return false;
  }
  int x = m.takeOneOf({"x1", "x2", "x4"});
  if (x < 0) {
    err = "'" + m.base + "' needs .x1, .x2 or .x4";
    return false;
  }
  ins.a = 1 << x;
  ins.flag = m.take("trans");
  ins.flag2 = store;
  if (!m.takeSpace(ins.space))
    ins.space = Space::Generic;
  if (ins.space != Space::Shared && ins.space != Space::Generic) {
    err = "'" + m.base + "' operates on shared memory";
    return false;
  }
  if (!m.take("b16")) {
    err = "'" + m.base + "' needs .b16";
    return false;
  }
  if (!expectOps(ins, 2, err))
    return false;
  const Operand &v = ins.ops[store ? 1 : 0];
  size_t n = v.kind == Operand::Vec ? v.elems.size() : 1;
  if (n != size_t(ins.a)) {
    err = "'" + m.base + "' .x" + std::to_string(ins.a) + " needs " +
          std::to_string(ins.a) + " registers";
    return false;
  }
  ins.exec = execLdmatrix;
  ins.cls = IClass::Tensor;
  ins.collective = true;
  return true;
}

// ---- mma.sync ----

enum MmaShape : uint8_t { K4, K8, K16, K32 };

// Row/col of element i of lane l's A fragment.
void fragA(unsigned k, Ty t, unsigned i, unsigned l, unsigned &row, unsigned &col) {
  unsigned g = l >> 2, q = l & 3;
  unsigned eb = tyBits(t);
  if (eb == 16) {
    if (k == 16) {
      row = g + 8 * ((i >> 1) & 1);
      col = 2 * q + (i & 1) + 8 * (i >> 2);
    } else { // k8
      row = g + 8 * (i >> 1);
      col = 2 * q + (i & 1);
    }
  } else if (eb == 32) { // tf32
    if (k == 8) {
      row = g + 8 * (i & 1);
      col = q + 4 * (i >> 1);
    } else { // k4
      row = g + 8 * i;
      col = q;
    }
  } else { // 8-bit
    if (k == 32) {
      row = g + 8 * ((i >> 2) & 1);
      col = 4 * q + (i & 3) + 16 * (i >> 3);
    } else { // k16
      row = g + 8 * (i >> 2);
      col = 4 * q + (i & 3);
    }
  }
}

void fragB(unsigned k, Ty t, unsigned i, unsigned l, unsigned &row, unsigned &col) {
  unsigned g = l >> 2, q = l & 3;
  unsigned eb = tyBits(t);
  col = g;
  if (eb == 16)
    row = k == 16 ? 2 * q + (i & 1) + 8 * (i >> 1) : 2 * q + i;
  else if (eb == 32)
    row = k == 8 ? q + 4 * i : q;
  else
    row = k == 32 ? 4 * q + (i & 3) + 16 * (i >> 2) : 4 * q + i;
}

void fragC(unsigned i, unsigned l, unsigned &row, unsigned &col) {
  row = (l >> 2) + 8 * (i >> 1);
  col = 2 * (l & 3) + (i & 1);
}

double elemValue(uint64_t bits, Ty t) {
  switch (t) {
  case Ty::F16: return widen(bits, FFmt::F16);
  case Ty::BF16: return widen(bits, FFmt::BF16);
  case Ty::TF32: return double(asF32(bits & 0xffffe000u)); // low 13 bits ignored
  case Ty::E4M3: return widen(bits, FFmt::E4M3);
  case Ty::E5M2: return widen(bits, FFmt::E5M2);
  case Ty::S8: return double(sext(bits, 8));
  case Ty::U8: return double(bits & 0xff);
  case Ty::F32: return asF32(bits);
  case Ty::F64: return asF64(bits);
  case Ty::S32: return double(sext(bits, 32));
  default: return 0;
  }
}

void execMma(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  if (!requireFullWarp(ctx, ins, w, mask))
    return;
  const unsigned K = unsigned(ins.a);
  const Ty dt = ins.type, at = ins.type2, bt = ins.type3, ct = ins.type4;
  const unsigned aeb = tyBits(at), beb = tyBits(bt);
  const unsigned aPer = 32 / aeb, bPer = 32 / beb;
  const unsigned nA = 16 * K / 32, nB = 8 * K / 32;
  const bool isInt = tyIsInt(at);
  double A[16][32], B[32][8], C[16][8];
  int64_t Ai[16][32], Bi[32][8], Ci[16][8];
  const Operand &dop = ins.ops[0], &aop = ins.ops[1], &bop = ins.ops[2], &cop = ins.ops[3];
  const unsigned cPer = tyBits(ct) == 16 ? 2 : 1;
  for (unsigned l = 0; l < 32; ++l) {
    for (unsigned i = 0; i < nA; ++i) {
      uint64_t reg = ctx.get(aop.elems[i / aPer], w, l, Ty::B32);
      uint64_t bits = (reg >> ((i % aPer) * aeb)) & maskBits(aeb);
      unsigned r, c;
      fragA(K, at, i, l, r, c);
      A[r][c] = elemValue(bits, at);
      Ai[r][c] = int64_t(A[r][c]);
    }
    for (unsigned i = 0; i < nB; ++i) {
      uint64_t reg = ctx.get(bop.elems[i / bPer], w, l, Ty::B32);
      uint64_t bits = (reg >> ((i % bPer) * beb)) & maskBits(beb);
      unsigned r, c;
      fragB(K, bt, i, l, r, c);
      B[r][c] = elemValue(bits, bt);
      Bi[r][c] = int64_t(B[r][c]);
    }
    for (unsigned i = 0; i < 4; ++i) {
      uint64_t reg = ctx.get(cop.elems[i / cPer], w, l, Ty::B32);
      uint64_t bits = cPer == 2 ? (reg >> ((i % 2) * 16)) & 0xffff : reg & 0xffffffffu;
      unsigned r, c;
      fragC(i, l, r, c);
      C[r][c] = ct == Ty::F16 ? widen(bits, FFmt::F16) : elemValue(bits, ct);
      Ci[r][c] = sext(bits, 32);
    }
  }
  uint64_t D[16][8];
  for (unsigned r = 0; r < 16; ++r)
    for (unsigned c = 0; c < 8; ++c) {
      if (isInt) {
        int64_t s = Ci[r][c];
        for (unsigned k = 0; k < K; ++k)
          s += Ai[r][k] * Bi[k][c];
        if (ins.sat)
          s = std::min<int64_t>(INT32_MAX, std::max<int64_t>(INT32_MIN, s));
        D[r][c] = uint64_t(s) & 0xffffffffu;
        continue;
      }
      double s = C[r][c];
      for (unsigned k = 0; k < K; ++k)
        s += A[r][k] * B[k][c];
      D[r][c] = dt == Ty::F16 ? roundTo(s, FFmt::F16, Rnd::RN) : canonF32(float(s));
    }
  const unsigned dPer = tyBits(dt) == 16 ? 2 : 1;
  for (unsigned l = 0; l < 32; ++l) {
    uint64_t regs[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < 4; ++i) {
      unsigned r, c;
      fragC(i, l, r, c);
      regs[i / dPer] |= dPer == 2 ? (D[r][c] & 0xffff) << ((i % 2) * 16) : D[r][c];
    }
    for (unsigned k = 0; k < 4 / dPer; ++k)
      ctx.set(dop.elems[k], w, l, regs[k]);
  }
}

// mma.sync.m8n8k4 f64 (sm_80+): lane (g = l / 4, t = l % 4) holds A[g][t],
// B[t][g] and D/C[g][2t + i]; each element is an FMA chain over k in order.
void execMmaF64(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  if (!requireFullWarp(ctx, ins, w, mask))
    return;
  double A[8][4], B[4][8], C[8][8];
  const Operand &dop = ins.ops[0], &aop = ins.ops[1], &bop = ins.ops[2], &cop = ins.ops[3];
  for (unsigned l = 0; l < 32; ++l) {
    unsigned g = l >> 2, t = l & 3;
    A[g][t] = asF64(ctx.get(aop.elems[0], w, l, Ty::B64));
    B[t][g] = asF64(ctx.get(bop.elems[0], w, l, Ty::B64));
    for (unsigned i = 0; i < 2; ++i)
      C[g][2 * t + i] = asF64(ctx.get(cop.elems[i], w, l, Ty::B64));
  }
  for (unsigned l = 0; l < 32; ++l) {
    unsigned g = l >> 2, t = l & 3;
    for (unsigned i = 0; i < 2; ++i) {
      double s = C[g][2 * t + i];
      for (unsigned k = 0; k < 4; ++k)
        s = std::fma(A[g][k], B[k][2 * t + i], s);
      ctx.set(dop.elems[i], w, l, bitsF64(s));
    }
  }
}

bool decodeMmaF64(Instr &ins, Mods &m, std::string &err) {
  if (!m.take("row") || !m.take("col")) {
    err = "'mma' needs .row.col";
    return false;
  }
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 4 ||
      !std::all_of(tys.begin(), tys.end(), [](Ty t) { return t == Ty::F64; })) {
    err = "mma.m8n8k4 is supported for .f64.f64.f64.f64";
    return false;
  }
  if (!expectOps(ins, 4, err))
    return false;
  unsigned want[4] = {2, 1, 1, 2};
  for (unsigned k = 0; k < 4; ++k)
    if (ins.ops[k].kind != Operand::Vec || ins.ops[k].elems.size() != want[k]) {
      err = "mma operand " + std::to_string(k) + " needs a {..} of " +
            std::to_string(want[k]) + " registers";
      return false;
    }
  ins.type = ins.type2 = ins.type3 = ins.type4 = Ty::F64;
  ins.a = 4;
  ins.exec = execMmaF64;
  ins.cls = IClass::Tensor;
  ins.collective = true;
  return true;
}

bool decodeMma(Instr &ins, Mods &m, std::string &err) {
  if (!m.take("sync") || !m.take("aligned")) {
    err = "'mma' needs .sync.aligned";
    return false;
  }
  if (m.take("block_scale"))
    return decodeMmaBlockScale(ins, m, err);
  if (m.take("m8n8k4"))
    return decodeMmaF64(ins, m, err);
  int shape = m.takeOneOf({"m16n8k4", "m16n8k8", "m16n8k16", "m16n8k32"});
  if (shape < 0) {
    err = "unsupported mma shape (m8n8k4 f64, m16n8k4/k8/k16/k32 are "
          "supported)";
    return false;
  }
  if (!m.take("row") || !m.take("col")) {
    err = "'mma' needs .row.col";
    return false;
  }
  ins.sat = m.take("satfinite");
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 4) {
    err = "'mma' needs .dtype.atype.btype.ctype";
    return false;
  }
  ins.type = tys[0];
  ins.type2 = tys[1];
  ins.type3 = tys[2];
  ins.type4 = tys[3];
  ins.a = 4 << shape;
  Ty d = tys[0], a = tys[1], b = tys[2], c = tys[3];
  unsigned K = unsigned(ins.a);
  bool ok = false;
  bool is16 = (a == Ty::F16 || a == Ty::BF16) && a == b;
  bool f8 = (a == Ty::E4M3 || a == Ty::E5M2) && (b == Ty::E4M3 || b == Ty::E5M2);
  if (is16 && (K == 8 || K == 16))
    ok = (d == Ty::F32 && c == Ty::F32) ||
         (a == Ty::F16 && d == Ty::F16 && c == Ty::F16);
  else if (a == Ty::TF32 && b == Ty::TF32 && (K == 4 || K == 8))
    ok = d == Ty::F32 && c == Ty::F32;
  else if ((a == Ty::S8 || a == Ty::U8) && (b == Ty::S8 || b == Ty::U8) &&
           (K == 16 || K == 32))
    ok = d == Ty::S32 && c == Ty::S32;
  else if (f8 && K == 32)
    ok = d == Ty::F32 && c == Ty::F32;
  if (!ok) {
    err = "unsupported mma type combination for this shape";
    return false;
  }
  if (!expectOps(ins, 4, err))
    return false;
  unsigned aRegs = 16 * K / 32 / (32 / tyBits(a)), bRegs = 8 * K / 32 / (32 / tyBits(b));
  unsigned cRegs = tyBits(c) == 16 ? 2 : 4, dRegs = tyBits(d) == 16 ? 2 : 4;
  unsigned want[4] = {dRegs, aRegs, bRegs, cRegs};
  for (unsigned k = 0; k < 4; ++k)
    if (ins.ops[k].kind != Operand::Vec || ins.ops[k].elems.size() != want[k]) {
      err = "mma operand " + std::to_string(k) + " needs a {..} of " +
            std::to_string(want[k]) + " registers";
      return false;
    }
  ins.exec = execMma;
  ins.cls = IClass::Tensor;
  ins.collective = true;
  return true;
}

} // namespace

void tilecc::ptxemu::registerWarpOps(DecodeTable &t) {
  t["bar"] = decodeBar;
  t["barrier"] = decodeBar;
  t["shfl"] = decodeShfl;
  t["vote"] = decodeVote;
  t["activemask"] = decodeActivemask;
  t["redux"] = decodeRedux;
  t["match"] = decodeMatch;
  t["ldmatrix"] = decodeLdmatrix;
  t["stmatrix"] = decodeLdmatrix;
  t["mma"] = decodeMma;
  t["elect"] = decodeElect;
  t["griddepcontrol"] = decodeGridDep;
  t["setmaxnreg"] = decodeSetmaxnreg;
}
