//===- OpsFloat.cpp - f32/f64/f16/bf16 arithmetic -------------------------===//
//
// f32 and f64 follow IEEE-754 with the requested rounding; .approx functions
// are computed exactly (the hardware is within a few ulp of that), so tests
// of approximate math compare with a tolerance. f16/bf16 results are
// computed in double and rounded once to the 16-bit format, which is exact
// for add, sub and mul.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <cmath>

using namespace tilecc::ptxemu;

namespace tilecc::ptxemu {
bool decodeFloatArith(Instr &ins, Mods &m, std::string &err);
}

namespace {

enum FOp : uint8_t {
  FAdd, FSub, FMul, FFma, FDiv, FMin, FMax, FAbs, FNeg, FRcp, FSqrt, FRsqrt,
  FEx2, FLg2, FSin, FCos, FTanh, FCopysign, FTestp,
};

enum DivMode : uint8_t { DivExact, DivApprox, DivFull };

bool isNaN64(double d) { return std::isnan(d); }

double minmax(double x, double y, bool isMax, bool propagateNaN) {
  if (std::isnan(x) || std::isnan(y)) {
    if (propagateNaN || (std::isnan(x) && std::isnan(y)))
      return NAN;
    return std::isnan(x) ? y : x;
  }
  if (x == y) // -0 orders below +0
    return (std::signbit(x) == isMax) ? y : x;
  return isMax ? std::max(x, y) : std::min(x, y);
}

// One element of a 16-bit (f16/bf16) operation.
uint16_t op16(const Instr &ins, FFmt fmt, uint16_t a, uint16_t b, uint16_t c) {
  double x = widen(a, fmt), y = widen(b, fmt), z = widen(c, fmt);
  double r = 0;
  switch (FOp(ins.kind)) {
  case FAdd: r = x + y; break;
  case FSub: r = x - y; break;
  case FMul: r = x * y; break;
  case FFma: r = std::fma(x, y, z); break;
  case FMin: r = minmax(x, y, false, ins.flag2); break;
  case FMax: r = minmax(x, y, true, ins.flag2); break;
  case FAbs: return a & 0x7fff;
  case FNeg: return a ^ 0x8000;
  case FEx2: r = std::exp2(x); break;
  case FTanh: r = std::tanh(x); break;
  case FRcp: r = 1.0 / x; break;
  case FSqrt: r = std::sqrt(x); break;
  case FRsqrt: r = 1.0 / std::sqrt(x); break;
  case FLg2: r = std::log2(x); break;
  case FSin: r = std::sin(x); break;
  case FCos: r = std::cos(x); break;
  default: break;
  }
  if (ins.flag && r < 0) // .relu
    r = 0;
  if (ins.sat)
    r = std::isnan(r) ? 0 : std::min(1.0, std::max(0.0, r));
  uint16_t out = uint16_t(roundTo(r, fmt, ins.rnd));
  if (ins.ftz && fmt == FFmt::F16 && (out & 0x7c00) == 0)
    out &= 0x8000;
  return out;
}

float op32(const Instr &ins, float x, float y, float z) {
  if (ins.ftz) {
    x = ftz32(x);
    y = ftz32(y);
    z = ftz32(z);
  }
  float r = 0;
  Rnd rnd = ins.rnd;
  switch (FOp(ins.kind)) {
  case FAdd: r = addF32(x, y, rnd); break;
  case FSub: r = addF32(x, -y, rnd); break;
  case FMul: r = mulF32(x, y, rnd); break;
  case FFma: r = fmaF32(x, y, z, rnd); break;
  case FDiv:
    if (ins.kind2 == DivExact)
      r = divF32(x, y, rnd);
    else
      r = float(double(x) / double(y));
    break;
  case FMin: r = float(minmax(x, y, false, ins.flag2)); break;
  case FMax: r = float(minmax(x, y, true, ins.flag2)); break;
  case FAbs: return std::fabs(ins.ftz ? ftz32(x) : x);
  case FNeg: return -(ins.ftz ? ftz32(x) : x);
  case FCopysign: return std::copysign(y, x);
  case FRcp: r = ins.kind2 == DivExact ? divF32(1.0f, x, rnd) : float(1.0 / x); break;
  case FSqrt: r = ins.kind2 == DivExact ? sqrtF32(x, rnd) : std::sqrt(x); break;
  case FRsqrt: r = float(1.0 / std::sqrt(double(x))); break;
  case FEx2: r = std::exp2(x); break;
  case FLg2: r = std::log2(x); break;
  case FSin: r = std::sin(x); break;
  case FCos: r = std::cos(x); break;
  case FTanh: r = std::tanh(x); break;
  default: break;
  }
  if (ins.ftz)
    r = ftz32(r);
  if (ins.flag && r < 0)
    r = 0;
  if (ins.sat)
    r = std::isnan(r) ? 0.0f : std::min(1.0f, std::max(0.0f, r));
  return r;
}

double op64(const Instr &ins, double x, double y, double z) {
  Rnd rnd = ins.rnd;
  switch (FOp(ins.kind)) {
  case FAdd: return addF64(x, y, rnd);
  case FSub: return addF64(x, -y, rnd);
  case FMul: return mulF64(x, y, rnd);
  case FFma: return fmaF64(x, y, z, rnd);
  case FDiv: return divF64(x, y, rnd);
  case FMin: return minmax(x, y, false, ins.flag2);
  case FMax: return minmax(x, y, true, ins.flag2);
  case FAbs: return std::fabs(x);
  case FNeg: return -x;
  case FCopysign: return std::copysign(y, x);
  case FRcp: return ins.kind2 == DivExact ? divF64(1.0, x, rnd) : 1.0 / x;
  case FSqrt: return sqrtF64(x, rnd);
  case FRsqrt: return 1.0 / std::sqrt(x);
  case FEx2: return std::exp2(x);
  case FLg2: return std::log2(x);
  case FSin: return std::sin(x);
  case FCos: return std::cos(x);
  case FTanh: return std::tanh(x);
  default: return 0;
  }
}

bool keepsNaNPayload(const Instr &ins) {
  return ins.kind == FAbs || ins.kind == FNeg || ins.kind == FCopysign;
}

/// Source operand `i` of a float op: in mixed precision (add/sub/fma.f32
/// with a 16-bit source type in type2), the 16-bit sources a (and b of fma)
/// are widened to f32 exactly; the last source is f32.
uint64_t floatSource(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                     size_t i) {
  size_t n = ins.ops.size();
  if (i >= n)
    return 0;
  if (ins.type2 == Ty::None || i == n - 1)
    return ctx.get(ins.ops[i], w, l, ins.type);
  FFmt f = ins.type2 == Ty::F16 ? FFmt::F16 : FFmt::BF16;
  uint16_t narrow = uint16_t(ctx.get(ins.ops[i], w, l, ins.type2));
  return bitsF32(float(widen(narrow, f)));
}

void execFloat(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    uint64_t a = floatSource(ctx, ins, w, l, 1);
    uint64_t b = floatSource(ctx, ins, w, l, 2);
    uint64_t c = floatSource(ctx, ins, w, l, 3);
    uint64_t d = 0;
    switch (ins.type) {
    case Ty::F32: {
      float r = op32(ins, asF32(a), asF32(b), asF32(c));
      d = keepsNaNPayload(ins) ? bitsF32(r) : canonF32(r);
      break;
    }
    case Ty::F64: {
      double r = op64(ins, asF64(a), asF64(b), asF64(c));
      d = (isNaN64(r) && !keepsNaNPayload(ins)) ? 0x7fffffffffffffffull : bitsF64(r);
      break;
    }
    case Ty::F16:
    case Ty::BF16: {
      FFmt f = ins.type == Ty::F16 ? FFmt::F16 : FFmt::BF16;
      d = op16(ins, f, uint16_t(a), uint16_t(b), uint16_t(c));
      break;
    }
    case Ty::F16x2:
    case Ty::BF16x2: {
      FFmt f = ins.type == Ty::F16x2 ? FFmt::F16 : FFmt::BF16;
      uint64_t lo = op16(ins, f, uint16_t(a), uint16_t(b), uint16_t(c));
      uint64_t hi = op16(ins, f, uint16_t(a >> 16), uint16_t(b >> 16), uint16_t(c >> 16));
      d = lo | hi << 16;
      break;
    }
    default:
      break;
    }
    ctx.set(ins.ops[0], w, l, d);
  });
}

void execTestp(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    uint64_t a = ctx.get(ins.ops[1], w, l, ins.type);
    double x = ins.type == Ty::F32 ? double(asF32(a)) : asF64(a);
    int cls = ins.type == Ty::F32 ? std::fpclassify(asF32(a)) : std::fpclassify(x);
    bool r = false;
    switch (ins.kind2) {
    case 0: r = std::isfinite(x); break;
    case 1: r = std::isinf(x); break;
    case 2: r = !std::isnan(x); break;
    case 3: r = std::isnan(x); break;
    case 4: r = cls == FP_NORMAL; break;
    case 5: r = cls == FP_SUBNORMAL; break;
    }
    ctx.set(ins.ops[0], w, l, r);
  });
}

bool decodeTestp(Instr &ins, Mods &m, std::string &err) {
  int k = m.takeOneOf({"finite", "infinite", "number", "notanumber", "normal",
                       "subnormal"});
  std::vector<Ty> tys = m.takeTypes();
  if (k < 0 || tys.size() != 1 || (tys[0] != Ty::F32 && tys[0] != Ty::F64)) {
    err = "'testp' needs a test and .f32 or .f64";
    return false;
  }
  ins.kind2 = uint8_t(k);
  ins.type = tys[0];
  ins.exec = execTestp;
  ins.cls = IClass::Compare;
  return expectOps(ins, 2, err);
}

template <FOp Op, size_t N> bool decodeF(Instr &ins, Mods &m, std::string &err) {
  return decodeFloatArith(ins, m, err);
}

FOp opFor(const std::string &base) {
  static const std::pair<const char *, FOp> names[] = {
      {"add", FAdd},   {"sub", FSub},     {"mul", FMul},   {"fma", FFma},
      {"mad", FFma},   {"div", FDiv},     {"min", FMin},   {"max", FMax},
      {"abs", FAbs},   {"neg", FNeg},     {"rcp", FRcp},   {"sqrt", FSqrt},
      {"rsqrt", FRsqrt}, {"ex2", FEx2},   {"lg2", FLg2},   {"sin", FSin},
      {"cos", FCos},   {"tanh", FTanh},   {"copysign", FCopysign}};
  for (auto &p : names)
    if (base == p.first)
      return p.second;
  return FAdd;
}

} // namespace

bool tilecc::ptxemu::decodeFloatArith(Instr &ins, Mods &m, std::string &err) {
  FOp op = opFor(m.base);
  std::vector<Ty> tys = m.takeTypes();
  // Mixed precision (sm_100+): add/sub/fma.f32.{f16,bf16}.
  bool mixed = tys.size() == 2 && tys[0] == Ty::F32 &&
               (tys[1] == Ty::F16 || tys[1] == Ty::BF16) &&
               (op == FAdd || op == FSub || (op == FFma && m.base == "fma"));
  if (tys.size() != 1 && !mixed) {
    err = "'" + m.base + "' needs exactly one type";
    return false;
  }
  Ty t = tys[0];
  ins.type = t;
  ins.type2 = mixed ? tys[1] : Ty::None;
  bool is16 = t == Ty::F16 || t == Ty::F16x2 || t == Ty::BF16 || t == Ty::BF16x2;
  if (!is16 && t != Ty::F32 && t != Ty::F64) {
    err = "type is not valid for float '" + m.base + "'";
    return false;
  }
  ins.kind = op;
  ins.rnd = m.takeRnd();
  if (ins.rnd != Rnd::None && ins.rnd != Rnd::RN && ins.rnd != Rnd::RZ &&
      ins.rnd != Rnd::RM && ins.rnd != Rnd::RP) {
    err = "invalid rounding modifier for '" + m.base + "'";
    return false;
  }
  if (is16 && ins.rnd != Rnd::None && ins.rnd != Rnd::RN) {
    err = "16-bit float '" + m.base + "' supports only .rn";
    return false;
  }
  ins.ftz = m.take("ftz");
  ins.sat = m.take("sat");
  ins.flag = m.take("relu");
  ins.flag2 = m.take("NaN");
  bool approx = m.take("approx");
  bool full = m.take("full");
  ins.kind2 = approx ? DivApprox : full ? DivFull : DivExact;
  // Transcendentals exist only as .approx; division-like ops need a mode.
  switch (op) {
  case FRsqrt: case FEx2: case FLg2: case FSin: case FCos: case FTanh:
    if (!approx && !(op == FRsqrt && t == Ty::F64)) {
      err = "'" + m.base + "' requires .approx";
      return false;
    }
    break;
  case FDiv: case FRcp: case FSqrt:
    if (t == Ty::F32 && !approx && !full && ins.rnd == Rnd::None) {
      err = "'" + m.base + ".f32' requires .approx, .full or a rounding mode";
      return false;
    }
    if (full && (op != FDiv || t != Ty::F32)) {
      err = ".full is only valid for div.f32";
      return false;
    }
    break;
  case FFma:
    if (m.base == "fma" && ins.rnd == Rnd::None) {
      err = "'fma' requires a rounding mode";
      return false;
    }
    if (m.base == "mad" && t == Ty::F64 && ins.rnd == Rnd::None) {
      err = "'mad.f64' requires a rounding mode";
      return false;
    }
    break;
  default:
    if (approx) {
      err = ".approx is not valid for '" + m.base + "'";
      return false;
    }
    break;
  }
  if (op == FCopysign && t != Ty::F32 && t != Ty::F64) {
    err = "'copysign' needs .f32 or .f64";
    return false;
  }
  ins.exec = execFloat;
  ins.cls = t == Ty::F32 ? IClass::Float32 : t == Ty::F64 ? IClass::Float64 : IClass::Half;
  size_t n = (op == FFma) ? 4 : (op == FAbs || op == FNeg || op >= FRcp) && op != FCopysign ? 2 : 3;
  return expectOps(ins, n, err);
}

void tilecc::ptxemu::registerFloatOps(DecodeTable &t) {
  t["fma"] = decodeF<FFma, 4>;
  t["rcp"] = decodeF<FRcp, 2>;
  t["sqrt"] = decodeF<FSqrt, 2>;
  t["rsqrt"] = decodeF<FRsqrt, 2>;
  t["ex2"] = decodeF<FEx2, 2>;
  t["lg2"] = decodeF<FLg2, 2>;
  t["sin"] = decodeF<FSin, 2>;
  t["cos"] = decodeF<FCos, 2>;
  t["tanh"] = decodeF<FTanh, 2>;
  t["copysign"] = decodeF<FCopysign, 3>;
  t["testp"] = decodeTestp;
}
