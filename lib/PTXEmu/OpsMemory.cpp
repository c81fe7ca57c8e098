//===- OpsMemory.cpp - ld/st, atomics, cp.async, mbarrier, fences ---------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <algorithm>
#include <cmath>

using namespace tilecc::ptxemu;

namespace {

// ---- ld / st ----

void execLd(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const unsigned eb = tyBits(ins.type) / 8, n = ins.vec, bytes = eb * n;
  const bool sg = tyIsSigned(ins.type);
  const Operand &d = ins.ops[0];
  Space spaces[32];
  uint64_t addrs[32];
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t a = ctx.address(ins.ops[1], w, l);
    uint8_t *p = ctx.access(ins, w, l, ins.space, a, bytes, Access::Read, &spaces[l]);
    if (!p)
      return;
    addrs[l] = a;
    for (unsigned k = 0; k < n; ++k) {
      uint64_t v = 0;
      std::memcpy(&v, p + k * eb, eb);
      if (sg)
        v = uint64_t(sext(v, eb * 8));
      ctx.set(d.kind == Operand::Vec ? d.elems[k] : d, w, l, v);
    }
  });
  if (!ctx.failed)
    ctx.account(spaces, addrs, mask, bytes, false);
}

void execSt(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const unsigned eb = tyBits(ins.type) / 8, n = ins.vec, bytes = eb * n;
  const Operand &s = ins.ops[1];
  Space spaces[32];
  uint64_t addrs[32];
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t a = ctx.address(ins.ops[0], w, l);
    uint8_t *p = ctx.access(ins, w, l, ins.space, a, bytes, Access::Write, &spaces[l]);
    if (!p)
      return;
    addrs[l] = a;
    for (unsigned k = 0; k < n; ++k) {
      uint64_t v = ctx.get(s.kind == Operand::Vec ? s.elems[k] : s, w, l, ins.type);
      std::memcpy(p + k * eb, &v, eb);
    }
  });
  if (!ctx.failed)
    ctx.account(spaces, addrs, mask, bytes, true);
}

bool decodeLdSt(Instr &ins, Mods &m, std::string &err) {
  bool isLd = m.base != "st";
  m.takeMemOrder();
  m.takeCacheHints();
  if (!m.takeSpace(ins.space))
    ins.space = Space::Generic;
  if (m.base == "ldu")
    ins.space = ins.space == Space::Generic ? Space::Generic : ins.space;
  ins.vec = uint8_t(m.takeVec());
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 1) {
    err = "'" + m.base + "' needs exactly one type";
    return false;
  }
  ins.type = tys[0];
  if (ins.type == Ty::Pred || ins.type == Ty::B128) {
    err = "'" + m.base + "' does not support this type";
    return false;
  }
  if (!isLd && ins.space == Space::Const) {
    err = "store to the const space";
    return false;
  }
  if (!expectOps(ins, 2, err))
    return false;
  const Operand &addr = ins.ops[isLd ? 1 : 0], &val = ins.ops[isLd ? 0 : 1];
  if (addr.kind != Operand::Mem) {
    err = "'" + m.base + "' needs an address operand [..]";
    return false;
  }
  if (ins.vec > 1 && (val.kind != Operand::Vec || val.elems.size() != ins.vec)) {
    err = "vector '" + m.base + "' needs a {..} operand of " + std::to_string(ins.vec) +
          " elements";
    return false;
  }
  if (ins.vec == 1 && val.kind == Operand::Vec) {
    err = "vector operand without .v2/.v4";
    return false;
  }
  ins.exec = isLd ? execLd : execSt;
  ins.cls = IClass::Memory;
  return true;
}

// ---- atomics ----

enum AtomOp : uint8_t { AAnd, AOr, AXor, AExch, AAdd, AInc, ADec, AMin, AMax, ACas };

uint64_t atomApply(const Instr &ins, uint64_t old, uint64_t b, uint64_t c) {
  Ty t = ins.type;
  unsigned bits = tyBits(t);
  uint64_t M = maskBits(bits);
  switch (AtomOp(ins.kind)) {
  case AAnd: return old & b;
  case AOr: return old | b;
  case AXor: return old ^ b;
  case AExch: return b;
  case ACas: return (old & M) == (b & M) ? c : old;
  case AInc: return (old & M) >= (b & M) ? 0 : old + 1;
  case ADec: return ((old & M) == 0 || (old & M) > (b & M)) ? b : old - 1;
  case AAdd:
    switch (t) {
    case Ty::F32: return bitsF32(ftz32(ftz32(asF32(old)) + ftz32(asF32(b))));
    case Ty::F64: return bitsF64(asF64(old) + asF64(b));
    case Ty::F16: case Ty::BF16: {
      FFmt f = t == Ty::F16 ? FFmt::F16 : FFmt::BF16;
      return roundTo(widen(old & 0xffff, f) + widen(b & 0xffff, f), f, Rnd::RN);
    }
    case Ty::F16x2: case Ty::BF16x2: {
      FFmt f = t == Ty::F16x2 ? FFmt::F16 : FFmt::BF16;
      uint64_t lo = roundTo(widen(old & 0xffff, f) + widen(b & 0xffff, f), f, Rnd::RN);
      uint64_t hi = roundTo(widen(old >> 16 & 0xffff, f) + widen(b >> 16 & 0xffff, f),
                            f, Rnd::RN);
      return lo | hi << 16;
    }
    default: return old + b;
    }
  case AMin:
  case AMax: {
    bool mx = ins.kind == AMax;
    if (tyIsSigned(t)) {
      int64_t x = sext(old, bits), y = sext(b, bits);
      return uint64_t(mx ? std::max(x, y) : std::min(x, y));
    }
    if (t == Ty::F32) {
      float x = asF32(old), y = asF32(b);
      return bitsF32(mx ? std::fmax(x, y) : std::fmin(x, y));
    }
    uint64_t x = old & M, y = b & M;
    return mx ? std::max(x, y) : std::min(x, y);
  }
  }
  return old;
}

void execAtom(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const bool red = ins.flag; // no destination
  const unsigned bytes = tyBits(ins.type) / 8;
  const size_t ai = red ? 0 : 1;
  Space spaces[32];
  uint64_t addrs[32];
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t a = ctx.address(ins.ops[ai], w, l);
    uint8_t *p = ctx.access(ins, w, l, ins.space, a, bytes, Access::Atomic, &spaces[l]);
    if (!p)
      return;
    addrs[l] = a;
    uint64_t old = 0;
    std::memcpy(&old, p, bytes);
    uint64_t b = ctx.get(ins.ops[ai + 1], w, l, ins.type);
    uint64_t c = ins.kind == ACas ? ctx.get(ins.ops[ai + 2], w, l, ins.type) : 0;
    uint64_t nv = atomApply(ins, old, b, c);
    std::memcpy(p, &nv, bytes);
    if (!red)
      ctx.set(ins.ops[0], w, l, tyIsSigned(ins.type) ? uint64_t(sext(old, bytes * 8)) : old);
    ++ctx.cnt.atomics;
  });
  if (!ctx.failed)
    ctx.account(spaces, addrs, mask, bytes, true);
}

bool decodeAtom(Instr &ins, Mods &m, std::string &err) {
  bool red = m.base == "red";
  // red has no acquire side (PTX: .sem is .relaxed or .release).
  int sem = m.takeOneOf({"relaxed", "acquire", "release", "acq_rel"});
  if (red && (sem == 1 || sem == 3)) {
    err = "'red' takes .relaxed or .release, not ." +
          std::string(sem == 1 ? "acquire" : "acq_rel");
    return false;
  }
  m.takeMemOrder();
  m.takeCacheHints();
  if (!m.takeSpace(ins.space))
    ins.space = Space::Generic;
  if (ins.space != Space::Global && ins.space != Space::Shared &&
      ins.space != Space::Generic) {
    err = "atomics need the global, shared or generic space";
    return false;
  }
  int op = m.takeOneOf({"and", "or", "xor", "exch", "add", "inc", "dec", "min",
                        "max", "cas"});
  if (op < 0) {
    err = "'" + m.base + "' needs an operation";
    return false;
  }
  m.take("noftz");
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 1) {
    err = "'" + m.base + "' needs exactly one type";
    return false;
  }
  ins.type = tys[0];
  ins.kind = uint8_t(op);
  ins.flag = red;
  Ty t = ins.type;
  bool fl = tyIsFloat(t);
  if ((op <= AExch || op == ACas) && fl) {
    err = "bitwise atomics need a .b type";
    return false;
  }
  if ((op == AInc || op == ADec) && t != Ty::U32) {
    err = "atomic inc/dec need .u32";
    return false;
  }
  if (fl && op != AAdd && !(t == Ty::F32 && (op == AMin || op == AMax))) {
    err = "unsupported floating-point atomic";
    return false;
  }
  if (tyBits(t) < 16 || tyBits(t) > 64 || (tyBits(t) == 16 && op != ACas && !fl)) {
    err = "unsupported atomic width";
    return false;
  }
  if (op == ACas && red) {
    err = "'red' has no cas";
    return false;
  }
  ins.exec = execAtom;
  ins.cls = IClass::Atomic;
  size_t n = (red ? 2 : 3) + (op == ACas ? 1 : 0);
  if (!expectOps(ins, n, err))
    return false;
  if (ins.ops[red ? 0 : 1].kind != Operand::Mem) {
    err = "'" + m.base + "' needs an address operand [..]";
    return false;
  }
  return true;
}

// ---- cp.async ----

void execCpAsync(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const unsigned size = unsigned(ins.a);
  Space spaces[32];
  uint64_t addrs[32];
  // Lanes whose copy reads nothing (src-size 0, ignore-src) move no global
  // bytes: they only zero-fill shared memory.
  uint32_t reads = 0;
  Space dstSpaces[32];
  uint64_t dsts[32];
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t dst = ctx.address(ins.ops[0], w, l);
    uint64_t src = ctx.address(ins.ops[1], w, l);
    dstSpaces[l] = Space::Shared;
    dsts[l] = dst;
    unsigned srcSize = size;
    bool ignore = false;
    if (ins.ops.size() > 3 && ins.ops[3].kind != Operand::Sink) {
      if (ins.flag) // ignore-src predicate
        ignore = ctx.get(ins.ops[3], w, l, Ty::Pred) & 1;
      else
        srcSize = unsigned(ctx.get(ins.ops[3], w, l, Ty::U32));
    }
    if (srcSize > size) {
      ctx.fail(ins, w, l, "cp.async src-size is larger than cp-size");
      return;
    }
    if (dst % size) {
      ctx.fail(ins, w, l, "misaligned cp.async destination");
      return;
    }
    if (dst + size > ctx.shared.size()) {
      ctx.fail(ins, w, l, "out-of-bounds cp.async destination in shared memory");
      return;
    }
    CpAsyncOp op;
    op.dst = dst;
    op.pc = w.pc[l] - 1;
    op.data.assign(size, 0);
    spaces[l] = Space::Global;
    addrs[l] = src;
    if (!ignore && srcSize) {
      if (src % size) {
        ctx.fail(ins, w, l, "misaligned cp.async source");
        return;
      }
      uint8_t *p = ctx.access(ins, w, l, Space::Global, src, srcSize, Access::Read,
                              nullptr, false);
      if (!p)
        return;
      std::memcpy(op.data.data(), p, srcSize);
      reads |= 1u << l;
    }
    w.cpOpen[l].push_back(std::move(op));
  });
  if (!ctx.failed && reads)
    ctx.account(spaces, addrs, reads, size, false);
  // The shared side is a store request (its wavefronts and conflicts).
  if (!ctx.failed)
    ctx.account(dstSpaces, dsts, mask, size, true);
}

void execCpCommit(ExecCtx &, const Instr &, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    w.cpGroups[l].push_back(std::move(w.cpOpen[l]));
    w.cpOpen[l].clear();
  });
}

void execCpWait(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    size_t keep = 0;
    if (ins.flag) { // wait_all commits the open group first
      w.cpGroups[l].push_back(std::move(w.cpOpen[l]));
      w.cpOpen[l].clear();
    } else {
      keep = size_t(ins.ops[0].imm);
    }
    ctx.completeCpAsync(ins, w, l, keep);
  });
}

uint64_t mbarArrive(ExecCtx &ctx, uint8_t *p, uint64_t n, bool drop, bool &ok,
                    std::string &err);

// cp.async.mbarrier.arrive: the arrive happens once the thread's earlier
// cp.async copies are done, so complete them now. Without .noinc the
// pending count is raised first, so the phase does not advance.
void execCpMbarArrive(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    w.cpGroups[l].push_back(std::move(w.cpOpen[l]));
    w.cpOpen[l].clear();
    if (!ctx.completeCpAsync(ins, w, l, 0) || !ins.flag2)
      return;
    uint64_t a = ctx.address(ins.ops[0], w, l);
    uint8_t *p = ctx.access(ins, w, l, ins.space, a, 8, Access::Atomic);
    if (!p)
      return;
    bool ok;
    std::string err;
    mbarArrive(ctx, p, 1, false, ok, err);
    if (!ok)
      ctx.fail(ins, w, l, err);
  });
}

bool decodeCpAsync(Instr &ins, Mods &m, std::string &err) {
  ins.cls = IClass::AsyncCopy;
  if (std::find(m.m.begin(), m.m.end(), "bulk") != m.m.end())
    return decodeBulkCopy(ins, m, err);
  if (!m.take("async")) {
    err = "only 'cp.async' forms of 'cp' are supported";
    return false;
  }
  if (m.take("commit_group")) {
    ins.exec = execCpCommit;
    return expectOps(ins, 0, err);
  }
  if (m.take("wait_group")) {
    ins.exec = execCpWait;
    if (!expectOps(ins, 1, err))
      return false;
    if (ins.ops[0].kind != Operand::Imm || ins.ops[0].imm < 0) {
      err = "'cp.async.wait_group' needs a constant group count";
      return false;
    }
    return true;
  }
  if (m.take("mbarrier")) {
    if (!m.take("arrive") || !m.take("b64")) {
      err = "'cp.async.mbarrier' supports .arrive{.noinc}.b64";
      return false;
    }
    ins.flag2 = m.take("noinc");
    if (!m.takeSpace(ins.space))
      ins.space = Space::Generic;
    ins.exec = execCpMbarArrive;
    if (!expectOps(ins, 1, err))
      return false;
    if (ins.ops[0].kind != Operand::Mem) {
      err = "'cp.async.mbarrier.arrive' needs an address operand [..]";
      return false;
    }
    return true;
  }
  if (m.take("wait_all")) {
    ins.exec = execCpWait;
    ins.flag = true;
    return expectOps(ins, 0, err);
  }
  int cache = m.takeOneOf({"ca", "cg"});
  Space d, s;
  if (cache < 0 || !m.takeSpace(d) || !m.takeSpace(s) || d != Space::Shared ||
      s != Space::Global) {
    err = "'cp.async' needs .ca/.cg and .shared.global";
    return false;
  }
  bool hint = m.take("L2::cache_hint");
  m.takeCacheHints();
  if (!expectOps(ins, 3, 5, err))
    return false;
  if (ins.ops[0].kind != Operand::Mem || ins.ops[1].kind != Operand::Mem ||
      ins.ops[2].kind != Operand::Imm) {
    err = "'cp.async' needs [dst], [src], cp-size";
    return false;
  }
  ins.a = int(ins.ops[2].imm);
  if (ins.a != 4 && ins.a != 8 && ins.a != 16) {
    err = "cp.async cp-size must be 4, 8 or 16";
    return false;
  }
  if (cache == 1 && ins.a != 16) {
    err = "cp.async.cg needs cp-size 16";
    return false;
  }
  size_t extra = ins.ops.size() - 3 - (hint ? 1 : 0);
  if (extra > 1) {
    err = "too many operands for 'cp.async'";
    return false;
  }
  if (hint)
    ins.ops.pop_back(); // the cache policy has no effect here
  // A predicate operand is ignore-src; anything else is src-size.
  ins.flag = extra == 1 && ins.ops[3].kind == Operand::Reg && ins.ops[3].isPred;
  ins.exec = execCpAsync;
  return true;
}

// ---- mbarrier ----
// The 8-byte object holds: bits 0-19 pending arrivals, 20-39 expected
// arrivals, 40-62 the current phase.
constexpr uint64_t kCntMask = (1ull << 20) - 1;

// Arrives `n` times on the mbarrier at `p`; returns the phase before it.
uint64_t mbarArrive(ExecCtx &ctx, uint8_t *p, uint64_t n, bool drop, bool &ok,
                    std::string &err) {
  uint64_t s;
  std::memcpy(&s, p, 8);
  uint64_t pending = s & kCntMask, expected = s >> 20 & kCntMask, phase = s >> 40;
  ok = false;
  if (expected == 0) {
    err = "arrive on an uninitialized mbarrier";
    return 0;
  }
  if (n > pending) {
    err = "mbarrier arrive count exceeds the pending count";
    return 0;
  }
  uint64_t old = phase;
  if (drop)
    expected -= n;
  pending -= n;
  ctx.cnt.mbarArrives += n;
  // A phase with transactions outstanding completes on the last complete_tx.
  auto tx = ctx.mbarTx.find(p);
  if (pending == 0 && (tx == ctx.mbarTx.end() || tx->second == 0)) {
    ++phase;
    pending = expected;
    ++ctx.epoch; // completing a phase orders memory like a barrier
    ctx.progress = true;
    ++ctx.cnt.mbarPhases;
    ctx.wakeMbarWaiters();
  }
  s = pending | expected << 20 | (phase & ((1ull << 23) - 1)) << 40;
  std::memcpy(p, &s, 8);
  ok = true;
  return old;
}

void execMbar(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  size_t ai = ins.kind == 0 || ins.kind == 4 || ins.kind >= 5 ? 0 : 1;
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint64_t a = ctx.address(ins.ops[ai], w, l);
    uint8_t *p = ctx.access(ins, w, l, ins.space, a, 8, Access::Atomic);
    if (!p)
      return;
    uint64_t s;
    std::memcpy(&s, p, 8);
    uint64_t pending = s & kCntMask, expected = s >> 20 & kCntMask, phase = s >> 40;
    switch (ins.kind) {
    case 0: { // init
      ctx.mbarTx.erase(p);
      uint64_t n = ctx.get(ins.ops[1], w, l, Ty::U32);
      if (n == 0 || n > kCntMask) {
        ctx.fail(ins, w, l, "mbarrier count out of range");
        return;
      }
      s = n | n << 20;
      break;
    }
    case 1:   // arrive
    case 2: { // arrive_drop
      uint64_t n = ins.ops.size() > 2 ? ctx.get(ins.ops[2], w, l, Ty::U32) : 1;
      if (ins.a) { // .expect_tx: the operand counts bytes, one arrival
        if (expected == 0)
          return ctx.fail(ins, w, l, "expect_tx on an uninitialized mbarrier");
        ctx.mbarTx[p] += int64_t(n);
        n = 1;
      }
      bool ok;
      std::string err;
      uint64_t old = mbarArrive(ctx, p, n, ins.kind == 2, ok, err);
      if (!ok)
        return ctx.fail(ins, w, l, err);
      ctx.set(ins.ops[0], w, l, old);
      return;
    }
    case 3: { // test_wait / try_wait (flag: parity form; kind2: try_wait)
      uint64_t v = ctx.get(ins.ops[2], w, l, Ty::U64);
      if (expected == 0)
        return ctx.fail(ins, w, l, "wait on an uninitialized mbarrier");
      auto done = [&] {
        return ins.flag ? ((phase & 1) != (v & 1)) : (phase != v);
      };
      // Copies that complete on this mbarrier land before a waiter looks.
      if (!done() && bulkLoadPendingOn(ctx, p)) {
        if (!performBulk(ctx, p, false))
          return;
        std::memcpy(&s, p, 8);
        phase = s >> 40;
      }
      bool ok = done();
      if (!ok) {
        ++ctx.cnt.mbarWaitSpins;
        w.mbarWait[l] = p;
        if (ins.kind2 && !w.waitTimedOut[l]) {
          // try_wait suspends until a phase completes; it runs again then.
          w.st[l] = LaneMbarWait;
          w.pc[l] -= 1;
          return;
        }
        // test_wait (or a timed-out try_wait) returns false; the thread
        // yields until something happens.
        w.waitTimedOut[l] = false;
        w.st[l] = LaneMbarWait;
      }
      w.waitTimedOut[l] = false;
      ctx.set(ins.ops[0], w, l, ok);
      return;
    }
    case 4: // inval
      ctx.mbarTx.erase(p);
      s = 0;
      break;
    case 5: // expect_tx
      if (expected == 0)
        return ctx.fail(ins, w, l, "expect_tx on an uninitialized mbarrier");
      ctx.mbarTx[p] += int64_t(ctx.get(ins.ops[1], w, l, Ty::U32));
      return;
    case 6: { // complete_tx
      bool ok;
      std::string err;
      mbarrierCompleteTx(ctx, p, int64_t(ctx.get(ins.ops[1], w, l, Ty::U32)), ok, err);
      if (!ok)
        ctx.fail(ins, w, l, err);
      return;
    }
    }
    (void)pending;
    std::memcpy(p, &s, 8);
  });
}

bool decodeMbarrier(Instr &ins, Mods &m, std::string &err) {
  int k = m.takeOneOf({"init", "arrive", "arrive_drop", "test_wait", "try_wait", "inval",
                       "expect_tx", "complete_tx"});
  if (k < 0) {
    err = "unsupported mbarrier operation";
    return false;
  }
  ins.kind = uint8_t(k == 4 ? 3 : k == 5 ? 4 : k >= 6 ? k - 1 : k);
  ins.kind2 = k == 4;
  ins.a = (k == 1 || k == 2) && m.take("expect_tx");
  ins.flag = m.take("parity");
  m.takeMemOrder();
  if (!m.takeSpace(ins.space))
    ins.space = Space::Generic;
  if (ins.space != Space::Shared && ins.space != Space::Generic) {
    err = "mbarrier objects live in shared memory";
    return false;
  }
  if (!m.take("b64")) {
    err = "mbarrier needs .b64";
    return false;
  }
  ins.exec = execMbar;
  ins.cls = IClass::Barrier;
  switch (ins.kind) {
  case 0: return expectOps(ins, 2, err);
  case 1: case 2:
    return ins.a ? expectOps(ins, 3, err) : expectOps(ins, 2, 3, err);
  case 3: return expectOps(ins, 3, 4, err);
  case 5: case 6: return expectOps(ins, 2, err);
  default: return expectOps(ins, 1, err);
  }
}

// ---- fences, prefetch ----

void execNop(ExecCtx &, const Instr &, WarpState &, uint32_t) {}

// fence.proxy.async{.shared::cta,.shared::cluster} orders the executing
// thread's generic writes before async-proxy reads; the tensormap
// release/acquire pair publishes a device-written tensor map (OpsTma.cpp).
bool decodeFence(Instr &ins, Mods &m, std::string &err) {
  ins.cls = IClass::Misc;
  ins.exec = execNop;
  if (m.take("proxy")) {
    if (m.take("tensormap::generic")) {
      int k = m.takeOneOf({"release", "acquire"});
      if (k < 0 || m.takeOneOf({"cta", "cluster", "gpu", "sys"}) < 0) {
        err = "'fence.proxy.tensormap::generic' needs .release or .acquire and a "
              "scope";
        return false;
      }
      ins.kind = uint8_t(2 + k);
      ins.exec = execProxyFence;
      if (k == 0)
        return expectOps(ins, 0, err);
      if (!expectOps(ins, 2, err))
        return false;
      if (ins.ops[0].kind != Operand::Mem) {
        err = "the tensormap acquire fence takes [addr], size";
        return false;
      }
      return true;
    }
    if (m.take("async")) {
      Space sp = Space::Shared;
      m.takeSpace(sp);
      if (sp == Space::Shared) {
        ins.kind = 1;
        ins.exec = execProxyFence;
      }
      return expectOps(ins, 0, err);
    }
    m.take("alias");
    return expectOps(ins, 0, err);
  }
  m.takeMemOrder();
  m.take("mbarrier_init");
  m.take("gl");
  m.takeMemOrder();
  return expectOps(ins, 0, err);
}

bool decodePrefetch(Instr &ins, Mods &m, std::string &err) {
  Space s;
  m.takeSpace(s);
  m.take("L1");
  m.take("L2");
  m.takeCacheHints();
  ins.exec = execNop;
  ins.cls = IClass::Memory;
  return expectOps(ins, 1, err);
}

} // namespace

void tilecc::ptxemu::registerMemoryOps(DecodeTable &t) {
  t["ld"] = decodeLdSt;
  t["ldu"] = decodeLdSt;
  t["st"] = decodeLdSt;
  t["atom"] = decodeAtom;
  t["red"] = decodeAtom;
  t["cp"] = decodeCpAsync;
  t["mbarrier"] = decodeMbarrier;
  t["fence"] = decodeFence;
  t["membar"] = decodeFence;
  t["prefetch"] = decodePrefetch;
  t["prefetchu"] = decodePrefetch;
}

void tilecc::ptxemu::mbarrierArrive(ExecCtx &ctx, uint8_t *p, bool &ok,
                                    std::string &err) {
  mbarArrive(ctx, p, 1, /*drop=*/false, ok, err);
}

void tilecc::ptxemu::mbarrierCompleteTx(ExecCtx &ctx, uint8_t *p, int64_t bytes,
                                        bool &ok, std::string &err) {
  uint64_t s;
  std::memcpy(&s, p, 8);
  ok = false;
  if ((s >> 20 & kCntMask) == 0) {
    err = "complete_tx on an uninitialized mbarrier";
    return;
  }
  int64_t &tx = ctx.mbarTx[p];
  tx -= bytes;
  ok = true;
  if (tx != 0 || (s & kCntMask) != 0)
    return;
  // Arrivals and transactions are all in: the phase completes.
  uint64_t expected = s >> 20 & kCntMask, phase = (s >> 40) + 1;
  s = expected | expected << 20 | (phase & ((1ull << 23) - 1)) << 40;
  std::memcpy(p, &s, 8);
  ++ctx.epoch;
  ctx.progress = true;
  ++ctx.cnt.mbarPhases;
  ctx.wakeMbarWaiters();
}
