//===- OpsClusterLaunch.cpp - clusterlaunchcontrol try/query_cancel -------===//
//
// try_cancel takes the last CTA of the launch queue that has not started
// (hardware may cancel any not-yet-running CTA, or none) and writes a 16-byte
// response, then completes 16 bytes of transactions on the mbarrier. The
// response format is the emulator's own (PTX calls it opaque):
//   bytes 0-7:  bit 0 canceled, bits 32-63 ctaid.x
//   bytes 8-15: ctaid.y in bits 0-31, ctaid.z in bits 32-63
// A "not canceled" response holds all-ones coordinates, so reading one is
// visible. query_cancel reads a .b128 register (two slots, low half first).
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"

#include <cstring>

using namespace tilecc::ptxemu;

namespace {

enum Kind : uint8_t { KTryCancel, KIsCanceled, KCtaid };

void execTryCancel(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const LaunchConfig &cfg = ctx.cfg;
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    uint8_t *resp = ctx.access(ins, w, l, Space::Shared,
                               ctx.address(ins.ops[0], w, l), 16, Access::Write);
    if (!resp)
      return;
    uint8_t *bar = ctx.access(ins, w, l, Space::Shared,
                              ctx.address(ins.ops[1], w, l), 8, Access::Atomic);
    if (!bar)
      return;
    uint64_t word[2] = {~uint64_t(0) << 1, ~uint64_t(0)};
    if (ctx.nextCta < ctx.endCta) {
      uint64_t linear = --ctx.endCta;
      uint64_t x = linear % cfg.grid.x, y = linear / cfg.grid.x % cfg.grid.y,
               z = linear / (uint64_t(cfg.grid.x) * cfg.grid.y);
      word[0] = 1 | x << 32;
      word[1] = y | z << 32;
    }
    std::memcpy(resp, word, 16);
    bool ok;
    std::string err;
    mbarrierCompleteTx(ctx, bar, 16, ok, err);
    if (!ok)
      ctx.fail(ins, w, l, err);
  });
}

void execQuery(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const Operand &h = ins.ops[1];
  forLanes(mask, [&](unsigned l) {
    uint64_t lo = w.r(h.reg, l), hi = w.r(h.reg + 1, l);
    uint64_t v;
    if (ins.kind == KIsCanceled)
      v = lo & 1;
    else if (ins.a == 0)
      v = lo >> 32;
    else
      v = ins.a == 1 ? hi & 0xffffffffu : hi >> 32;
    ctx.set(ins.ops[0], w, l, v);
  });
}

bool decodeClusterLaunch(Instr &ins, Mods &m, std::string &err) {
  int k = m.takeOneOf({"try_cancel", "query_cancel"});
  if (k == 0) {
    for (const char *s : {"async", "shared::cta", "mbarrier::complete_tx::bytes",
                          "b128"})
      if (!m.take(s)) {
        err = std::string("'clusterlaunchcontrol.try_cancel' supports "
                          ".async.shared::cta.mbarrier::complete_tx::bytes.b128 "
                          "(no .multicast); missing .") + s;
        return false;
      }
    ins.kind = KTryCancel;
    ins.exec = execTryCancel;
    ins.cls = IClass::Barrier;
    if (!expectOps(ins, 2, err))
      return false;
    if (ins.ops[0].kind != Operand::Mem || ins.ops[1].kind != Operand::Mem) {
      err = "'clusterlaunchcontrol.try_cancel' takes [response], [mbarrier]";
      return false;
    }
    return true;
  }
  if (k == 1) {
    if (m.take("is_canceled")) {
      ins.kind = KIsCanceled;
      if (!m.take("pred")) {
        err = "'query_cancel.is_canceled' needs .pred";
        return false;
      }
    } else {
      int axis = m.takeOneOf({"get_first_ctaid::x", "get_first_ctaid::y",
                              "get_first_ctaid::z"});
      if (axis < 0 || !m.take("b32")) {
        err = "'clusterlaunchcontrol.query_cancel' supports .is_canceled.pred "
              "and .get_first_ctaid::{x,y,z}.b32";
        return false;
      }
      ins.kind = KCtaid;
      ins.a = axis;
    }
    if (!m.take("b128")) {
      err = "'clusterlaunchcontrol.query_cancel' needs .b128";
      return false;
    }
    ins.exec = execQuery;
    ins.cls = IClass::Misc;
    if (!expectOps(ins, 2, err))
      return false;
    if (ins.ops[0].kind != Operand::Reg || ins.ops[1].kind != Operand::Reg) {
      err = "'clusterlaunchcontrol.query_cancel' takes a register and a "
            ".b128 register";
      return false;
    }
    return true;
  }
  err = "unsupported clusterlaunchcontrol operation";
  return false;
}

} // namespace

void tilecc::ptxemu::registerClusterLaunchOps(DecodeTable &t) {
  t["clusterlaunchcontrol"] = decodeClusterLaunch;
}
