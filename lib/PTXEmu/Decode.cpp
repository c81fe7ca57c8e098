//===- Decode.cpp - opcode and modifier checking --------------------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Parser.h"

#include <unordered_map>

using namespace tilecc::ptxemu;

const char *tilecc::ptxemu::spaceName(Space s) {
  switch (s) {
  case Space::Generic: return "generic";
  case Space::Global: return "global";
  case Space::Shared: return "shared";
  case Space::Local: return "local";
  case Space::Param: return "param";
  case Space::Const: return "const";
  }
  return "?";
}

const char *tilecc::ptxemu::iclassName(IClass c) {
  static const char *names[] = {"integer", "float32", "float64", "half",
                                "convert", "move", "compare", "control",
                                "memory", "atomic", "warp", "tensor",
                                "async-copy", "barrier", "misc"};
  return names[size_t(c)];
}

bool tilecc::ptxemu::parseTy(const std::string &s, Ty &t) {
  static const std::unordered_map<std::string, Ty> table = {
      {"pred", Ty::Pred}, {"b8", Ty::B8},     {"b16", Ty::B16},
      {"b32", Ty::B32},   {"b64", Ty::B64},   {"b128", Ty::B128},
      {"u8", Ty::U8},     {"u16", Ty::U16},   {"u32", Ty::U32},
      {"u64", Ty::U64},   {"s8", Ty::S8},     {"s16", Ty::S16},
      {"s32", Ty::S32},   {"s64", Ty::S64},   {"f16", Ty::F16},
      {"f16x2", Ty::F16x2}, {"bf16", Ty::BF16}, {"bf16x2", Ty::BF16x2},
      {"tf32", Ty::TF32}, {"f32", Ty::F32},   {"f64", Ty::F64},
      {"e4m3", Ty::E4M3}, {"e5m2", Ty::E5M2}, {"e4m3x2", Ty::E4M3x2},
      {"e5m2x2", Ty::E5M2x2}, {"e2m1x2", Ty::E2M1x2}, {"ue8m0x2", Ty::UE8M0x2},
  };
  auto it = table.find(s);
  if (it == table.end())
    return false;
  t = it->second;
  return true;
}

unsigned tilecc::ptxemu::tyBits(Ty t) {
  switch (t) {
  case Ty::None: return 0;
  case Ty::Pred: return 1;
  case Ty::E2M1: return 4;
  case Ty::B8: case Ty::U8: case Ty::S8: case Ty::E4M3: case Ty::E5M2:
  case Ty::E2M1x2: case Ty::UE8M0: return 8;
  case Ty::B16: case Ty::U16: case Ty::S16: case Ty::F16: case Ty::BF16:
  case Ty::E4M3x2: case Ty::E5M2x2: case Ty::UE8M0x2: return 16;
  case Ty::B32: case Ty::U32: case Ty::S32: case Ty::F16x2: case Ty::BF16x2:
  case Ty::TF32: case Ty::F32: return 32;
  case Ty::B64: case Ty::U64: case Ty::S64: case Ty::F64: return 64;
  case Ty::B128: return 128;
  }
  return 0;
}

bool tilecc::ptxemu::tyIsSigned(Ty t) {
  return t == Ty::S8 || t == Ty::S16 || t == Ty::S32 || t == Ty::S64;
}

bool tilecc::ptxemu::tyIsFloat(Ty t) {
  switch (t) {
  case Ty::F16: case Ty::F16x2: case Ty::BF16: case Ty::BF16x2: case Ty::TF32:
  case Ty::F32: case Ty::F64: case Ty::E4M3: case Ty::E5M2: case Ty::E4M3x2:
  case Ty::E5M2x2: case Ty::E2M1: case Ty::E2M1x2: case Ty::UE8M0: case Ty::UE8M0x2:
    return true;
  default:
    return false;
  }
}

bool tilecc::ptxemu::tyIsInt(Ty t) {
  return !tyIsFloat(t) && t != Ty::None && t != Ty::Pred;
}

// ---- Mods ----

Mods::Mods(const std::string &opcode) {
  size_t pos = opcode.find('.');
  base = opcode.substr(0, pos);
  while (pos != std::string::npos) {
    size_t nx = opcode.find('.', pos + 1);
    m.push_back(opcode.substr(pos + 1, nx == std::string::npos ? nx : nx - pos - 1));
    pos = nx;
  }
  used.assign(m.size(), false);
}

bool Mods::take(const char *s) {
  for (size_t i = 0; i < m.size(); ++i)
    if (!used[i] && m[i] == s) {
      used[i] = true;
      return true;
    }
  return false;
}

int Mods::takeOneOf(std::initializer_list<const char *> opts) {
  for (size_t i = 0; i < m.size(); ++i) {
    if (used[i])
      continue;
    int k = 0;
    for (const char *o : opts) {
      if (m[i] == o) {
        used[i] = true;
        return k;
      }
      ++k;
    }
  }
  return -1;
}

std::vector<Ty> Mods::takeTypes() {
  std::vector<Ty> out;
  for (size_t i = 0; i < m.size(); ++i) {
    Ty t;
    if (!used[i] && parseTy(m[i], t)) {
      used[i] = true;
      out.push_back(t);
    }
  }
  return out;
}

Rnd Mods::takeRnd() {
  int k = takeOneOf({"rn", "rz", "rm", "rp", "rna", "rni", "rzi", "rmi", "rpi"});
  return k < 0 ? Rnd::None : Rnd(k + 1);
}

bool Mods::takeSpace(Space &s) {
  int k = takeOneOf({"global", "shared", "shared::cta", "local", "param",
                     "const", "shared::cluster", "param::entry", "param::func"});
  static const Space map[] = {Space::Global, Space::Shared, Space::Shared,
                              Space::Local,  Space::Param,  Space::Const,
                              Space::Shared, Space::Param,  Space::Param};
  if (k < 0)
    return false;
  s = map[k];
  return true;
}

unsigned Mods::takeVec() {
  int k = takeOneOf({"v2", "v4", "v8"});
  return k < 0 ? 1 : 2u << k;
}

void Mods::takeCacheHints() {
  for (size_t i = 0; i < m.size(); ++i) {
    if (used[i])
      continue;
    const std::string &s = m[i];
    if (s == "ca" || s == "cg" || s == "cs" || s == "lu" || s == "cv" ||
        s == "wb" || s == "wt" || s == "nc" || s.rfind("L1::", 0) == 0 ||
        s.rfind("L2::", 0) == 0)
      used[i] = true;
  }
}

void Mods::takeMemOrder() {
  for (size_t i = 0; i < m.size(); ++i) {
    if (used[i])
      continue;
    const std::string &s = m[i];
    if (s == "weak" || s == "relaxed" || s == "acquire" || s == "release" ||
        s == "acq_rel" || s == "sc" || s == "volatile" || s == "cta" ||
        s == "gpu" || s == "sys" || s == "cluster" || s == "mmio")
      used[i] = true;
  }
}

std::string Mods::leftover() const {
  for (size_t i = 0; i < m.size(); ++i)
    if (!used[i])
      return m[i];
  return "";
}

bool tilecc::ptxemu::expectOps(const Instr &ins, size_t n, std::string &err) {
  return expectOps(ins, n, n, err);
}

bool tilecc::ptxemu::expectOps(const Instr &ins, size_t lo, size_t hi,
                               std::string &err) {
  if (ins.ops.size() >= lo && ins.ops.size() <= hi)
    return true;
  err = "'" + ins.opcode + "' expects " + std::to_string(lo) +
        (hi != lo ? "-" + std::to_string(hi) : "") + " operands, got " +
        std::to_string(ins.ops.size());
  return false;
}

static const DecodeTable &table() {
  static DecodeTable t = [] {
    DecodeTable d;
    registerIntOps(d);
    registerFloatOps(d);
    registerConvertOps(d);
    registerMemoryOps(d);
    registerWarpOps(d);
    registerControlOps(d);
    registerTcgen05Ops(d);
    registerWgmmaOps(d);
    registerClusterLaunchOps(d);
    registerTmaOps(d);
    return d;
  }();
  return t;
}

bool tilecc::ptxemu::decodeInstr(Instr &ins, std::string &error) {
  Mods mods(ins.opcode);
  auto it = table().find(mods.base);
  if (it == table().end()) {
    error = "unknown instruction '" + mods.base + "'";
    return false;
  }
  if (!it->second(ins, mods, error))
    return false;
  std::string left = mods.leftover();
  if (!left.empty()) {
    error = "unknown modifier '." + left + "' for '" + mods.base + "'";
    return false;
  }
  if (!ins.exec) {
    error = "internal: no executor for '" + ins.opcode + "'";
    return false;
  }
  return true;
}
