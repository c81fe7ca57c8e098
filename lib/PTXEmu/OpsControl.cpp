//===- OpsControl.cpp - branches, calls, returns, exits -------------------===//
#include "PTXEmu/Exec.h"

using namespace tilecc::ptxemu;

namespace {

void execBra(ExecCtx &, const Instr &ins, WarpState &w, uint32_t mask) {
  uint32_t target = uint32_t(ins.ops[0].imm);
  forLanes(mask, [&](unsigned l) { w.pc[l] = target; });
}

void execRet(ExecCtx &ctx, const Instr &, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    if (w.stack[l].empty()) {
      ctx.exitLane(w, l);
      return;
    }
    w.pc[l] = w.stack[l].back().retPc;
    w.stack[l].pop_back();
  });
}

void execExit(ExecCtx &ctx, const Instr &, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) { ctx.exitLane(w, l); });
}

void execTrap(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  ctx.fail(ins, w, unsigned(__builtin_ctz(mask)), "trap executed");
}

void execNop(ExecCtx &, const Instr &, WarpState &, uint32_t) {}

bool readU64(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
             uint64_t paramAddr, uint64_t &v) {
  uint8_t *p = ctx.access(ins, w, l, Space::Param, paramAddr, 8, Access::Read);
  if (!p)
    return false;
  std::memcpy(&v, p, 8);
  return true;
}

void execCall(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const Function &callee = ctx.mod.functions[size_t(ins.a)];
  const Operand &rets = ins.ops[0], &args = ins.ops[1];
  forLanes(mask, [&](unsigned l) {
    if (ctx.failed)
      return;
    if (!callee.defined && callee.name == "malloc") { // checked at load time
      uint64_t bytes = 0;
      if (!readU64(ctx, ins, w, l, ctx.symAddr(args.elems[0].sym, w, l), bytes))
        return;
      uint64_t addr = ctx.gmem.heapAlloc(bytes);
      if (addr != 0)
        ++ctx.cnt.heapAllocs;
      uint8_t *p = ctx.access(ins, w, l, Space::Param,
                              ctx.symAddr(rets.elems[0].sym, w, l), 8, Access::Write);
      if (p)
        std::memcpy(p, &addr, 8);
      return;
    }
    if (!callee.defined && callee.name == "free") {
      uint64_t addr = 0;
      if (!readU64(ctx, ins, w, l, ctx.symAddr(args.elems[0].sym, w, l), addr))
        return;
      std::string err;
      if (!ctx.gmem.heapFree(addr, err))
        ctx.fail(ins, w, l, err);
      else if (addr != 0)
        ++ctx.cnt.heapFrees;
      return;
    }
    if (!callee.defined) { // vprintf, checked at load time
      uint64_t fmt = 0, buf = 0;
      if (!readU64(ctx, ins, w, l, ctx.symAddr(args.elems[0].sym, w, l), fmt) ||
          !readU64(ctx, ins, w, l, ctx.symAddr(args.elems[1].sym, w, l), buf))
        return;
      std::string out;
      if (!formatPrintf(ctx, ins, w, l, fmt, buf, out))
        return;
      ctx.res.output += out;
      if (!rets.elems.empty()) {
        uint8_t *p = ctx.access(ins, w, l, Space::Param,
                                ctx.symAddr(rets.elems[0].sym, w, l), 4, Access::Write);
        if (!p)
          return;
        int32_t n = int32_t(out.size());
        std::memcpy(p, &n, 4);
      }
      return;
    }
    for (const CallFrame &f : w.stack[l])
      if (f.fn == ins.a) {
        ctx.fail(ins, w, l, "recursive call to '" + callee.name +
                                "' (recursion is not supported)");
        return;
      }
    CallFrame f;
    f.retPc = w.pc[l];
    f.fn = ins.a;
    for (const Operand &a : args.elems)
      f.args.push_back(ctx.symAddr(a.sym, w, l));
    for (const Operand &r : rets.elems)
      f.rets.push_back(ctx.symAddr(r.sym, w, l));
    w.stack[l].push_back(std::move(f));
    w.pc[l] = uint32_t(callee.begin);
  });
}

bool decodeBra(Instr &ins, Mods &m, std::string &err) {
  m.take("uni");
  if (!expectOps(ins, 1, err))
    return false;
  if (ins.ops[0].kind != Operand::Label) {
    err = "branch target must be a label";
    return false;
  }
  ins.exec = execBra;
  ins.isBranch = true;
  ins.cls = IClass::Control;
  return true;
}

bool decodeRet(Instr &ins, Mods &m, std::string &err) {
  m.take("uni");
  if (!expectOps(ins, 0, err))
    return false;
  ins.exec = ins.opcode.rfind("exit", 0) == 0 ? execExit : execRet;
  ins.cls = IClass::Control;
  return true;
}

bool decodeCall(Instr &ins, Mods &m, std::string &err) {
  m.take("uni");
  ins.exec = execCall;
  ins.cls = IClass::Control;
  // Operands were parsed by the call-specific parser; vprintf's shape is
  // checked here since the emulator implements it itself.
  return true;
}

bool decodeTrap(Instr &ins, Mods &, std::string &err) {
  if (!expectOps(ins, 0, err))
    return false;
  ins.exec = execTrap;
  ins.cls = IClass::Control;
  return true;
}

bool decodeNanosleep(Instr &ins, Mods &m, std::string &err) {
  m.take("u32");
  if (!expectOps(ins, 1, err))
    return false;
  ins.exec = execNop;
  ins.cls = IClass::Misc;
  return true;
}

} // namespace

void tilecc::ptxemu::registerControlOps(DecodeTable &t) {
  t["bra"] = decodeBra;
  t["ret"] = decodeRet;
  t["exit"] = decodeRet;
  t["call"] = decodeCall;
  t["trap"] = decodeTrap;
  t["brkpt"] = decodeTrap;
  t["nanosleep"] = decodeNanosleep;
}
