//===- OpsConvert.cpp - mov, cvt, cvta, setp, set, selp, slct -------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <cmath>

using namespace tilecc::ptxemu;

namespace {

// ---- mov ----

void execMov(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const Operand &d = ins.ops[0], &a = ins.ops[1];
  const unsigned bits = tyBits(ins.type);
  if (bits == 128) { // two 64-bit halves: {lo, hi} <-> a .b128 register
    forLanes(mask, [&](unsigned l) {
      uint64_t half[2];
      for (int k = 0; k < 2; ++k)
        half[k] = a.kind == Operand::Vec ? ctx.get(a.elems[size_t(k)], w, l, Ty::B64)
                                         : w.r(a.reg + k, l);
      for (int k = 0; k < 2; ++k) {
        if (d.kind == Operand::Vec)
          ctx.set(d.elems[size_t(k)], w, l, half[k]);
        else
          w.r(d.reg + k, l) = half[k];
      }
    });
    return;
  }
  forLanes(mask, [&](unsigned l) {
    if (a.kind == Operand::Vec) {
      unsigned eb = bits / unsigned(a.elems.size());
      uint64_t v = 0;
      for (size_t k = 0; k < a.elems.size(); ++k)
        v |= (ctx.get(a.elems[k], w, l, Ty::B64) & maskBits(eb)) << (k * eb);
      ctx.set(d, w, l, v);
    } else if (d.kind == Operand::Vec) {
      uint64_t v = ctx.get(a, w, l, ins.type);
      unsigned eb = bits / unsigned(d.elems.size());
      for (size_t k = 0; k < d.elems.size(); ++k)
        ctx.set(d.elems[k], w, l, (v >> (k * eb)) & maskBits(eb));
    } else {
      uint64_t v = ctx.get(a, w, l, ins.type);
      ctx.set(d, w, l, ins.type == Ty::Pred ? (v & 1) : v & maskBits(bits));
    }
  });
}

bool decodeMov(Instr &ins, Mods &m, std::string &err) {
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 1) {
    err = "'mov' needs exactly one type";
    return false;
  }
  ins.type = tys[0];
  if (!expectOps(ins, 2, err))
    return false;
  if (ins.ops[0].kind != Operand::Reg && ins.ops[0].kind != Operand::Vec) {
    err = "'mov' destination must be a register";
    return false;
  }
  for (const Operand &o : ins.ops)
    if (o.kind == Operand::Vec && (o.elems.empty() || tyBits(ins.type) % o.elems.size())) {
      err = "vector operand does not split the type evenly";
      return false;
    }
  if (ins.ops[0].kind == Operand::Vec && ins.ops[1].kind == Operand::Vec) {
    err = "'mov' cannot move a vector to a vector";
    return false;
  }
  if (ins.type == Ty::B128)
    for (const Operand &o : ins.ops)
      if ((o.kind == Operand::Vec && o.elems.size() != 2) ||
          (o.kind != Operand::Vec && o.kind != Operand::Reg)) {
        err = "'mov.b128' moves between a .b128 register and {lo, hi} "
              "64-bit halves";
        return false;
      }
  ins.exec = execMov;
  ins.cls = IClass::Move;
  return true;
}

// ---- cvt ----

FFmt fmtOf(Ty t) {
  switch (t) {
  case Ty::F16: case Ty::F16x2: return FFmt::F16;
  case Ty::BF16: case Ty::BF16x2: return FFmt::BF16;
  case Ty::TF32: return FFmt::TF32;
  case Ty::E4M3: case Ty::E4M3x2: return FFmt::E4M3;
  case Ty::E5M2: case Ty::E5M2x2: return FFmt::E5M2;
  case Ty::E2M1: case Ty::E2M1x2: return FFmt::E2M1;
  case Ty::UE8M0: case Ty::UE8M0x2: return FFmt::UE8M0;
  case Ty::F64: return FFmt::F64;
  default: return FFmt::F32;
  }
}

bool isPacked(Ty t) {
  return t == Ty::F16x2 || t == Ty::BF16x2 || t == Ty::E4M3x2 ||
         t == Ty::E5M2x2 || t == Ty::E2M1x2 || t == Ty::UE8M0x2;
}
Ty elemOf(Ty t) {
  switch (t) {
  case Ty::F16x2: return Ty::F16;
  case Ty::BF16x2: return Ty::BF16;
  case Ty::E4M3x2: return Ty::E4M3;
  case Ty::E5M2x2: return Ty::E5M2;
  case Ty::E2M1x2: return Ty::E2M1;
  case Ty::UE8M0x2: return Ty::UE8M0;
  default: return t;
  }
}

double floatValue(uint64_t bits, Ty t) {
  switch (t) {
  case Ty::F32: case Ty::TF32: return asF32(bits);
  case Ty::F64: return asF64(bits);
  default: return widen(bits & maskBits(tyBits(t)), fmtOf(t));
  }
}

// Float (already a double) to integer type `dt`: rounding then saturation.
uint64_t floatToInt(double v, Ty dt, Rnd r) {
  if (std::isnan(v))
    return 0;
  double x = roundIntegral(v, r);
  unsigned bits = tyBits(dt);
  if (tyIsSigned(dt)) {
    double hi = std::ldexp(1.0, int(bits) - 1), lo = -hi;
    if (x >= hi)
      return maskBits(bits - 1);
    if (x < lo)
      return uint64_t(int64_t(-1) * int64_t(1ull << (bits - 1) >> 1) * 2) & maskBits(bits);
    return uint64_t(int64_t(x)) & maskBits(bits);
  }
  double hi = std::ldexp(1.0, int(bits));
  if (x >= hi)
    return maskBits(bits);
  if (x <= 0)
    return 0;
  return uint64_t(x) & maskBits(bits);
}

// Converts one scalar element.
uint64_t cvtOne(const Instr &ins, Ty dt, Ty at, uint64_t a) {
  unsigned ab = tyBits(at), db = tyBits(dt);
  if (tyIsInt(at)) {
    bool as = tyIsSigned(at);
    int64_t sv = as ? sext(a, ab) : int64_t(a & maskBits(ab));
    uint64_t uv = a & maskBits(ab);
    if (tyIsInt(dt)) {
      if (ins.sat) {
        __int128 v = as ? __int128(sv) : __int128(uv);
        __int128 lo = tyIsSigned(dt) ? -(__int128(1) << (db - 1)) : 0;
        __int128 hi = tyIsSigned(dt) ? (__int128(1) << (db - 1)) - 1
                                     : (__int128(1) << db) - 1;
        v = v < lo ? lo : v > hi ? hi : v;
        return uint64_t(v) & maskBits(db);
      }
      uint64_t v = as ? uint64_t(sv) : uv;
      if (tyIsSigned(dt))
        return uint64_t(sext(v, db));
      return v & maskBits(db);
    }
    Rnd r = ins.rnd == Rnd::None ? Rnd::RN : ins.rnd;
    uint64_t f = intToFloat(as ? uint64_t(sv) : uv, as, fmtOf(dt), r);
    if (ins.sat && dt == Ty::F32)
      f = bitsF32(std::isnan(asF32(f)) ? 0.f : std::min(1.f, std::max(0.f, asF32(f))));
    return f;
  }
  double v = floatValue(a, at);
  if (ins.ftz && at == Ty::F32)
    v = ftz32(float(v));
  if (tyIsInt(dt)) {
    // Sub-word signed results are sign-extended into the wider register.
    uint64_t r = floatToInt(v, dt, ins.rnd);
    return tyIsSigned(dt) ? uint64_t(sext(r, tyBits(dt))) : r;
  }
  // float -> float
  if (ins.rnd == Rnd::RNI || ins.rnd == Rnd::RZI || ins.rnd == Rnd::RMI ||
      ins.rnd == Rnd::RPI)
    v = roundIntegral(v, ins.rnd);
  if (ins.flag && v < 0) // .relu
    v = 0;
  if (ins.sat)
    v = std::isnan(v) ? 0 : std::min(1.0, std::max(0.0, v));
  Rnd r = (ins.rnd == Rnd::None || ins.rnd >= Rnd::RNI) ? Rnd::RN : ins.rnd;
  uint64_t out = roundTo(v, fmtOf(dt), r, ins.flag2);
  if (dt == Ty::F32) {
    float f = asF32(out);
    if (ins.ftz)
      f = ftz32(f);
    out = canonF32(f);
  }
  return out;
}

void execCvt(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  Ty dt = ins.type, at = ins.type2;
  forLanes(mask, [&](unsigned l) {
    uint64_t d;
    if (isPacked(dt) && !isPacked(at)) {
      // Two sources: a goes to the upper element, b to the lower one.
      Ty de = elemOf(dt);
      unsigned eb = tyBits(de);
      uint64_t a = ctx.get(ins.ops[1], w, l, at), b = ctx.get(ins.ops[2], w, l, at);
      d = (cvtOne(ins, de, at, a) & maskBits(eb)) << eb |
          (cvtOne(ins, de, at, b) & maskBits(eb));
    } else if (isPacked(dt) && isPacked(at)) {
      Ty de = elemOf(dt), ae = elemOf(at);
      unsigned eb = tyBits(de), ab = tyBits(ae);
      uint64_t a = ctx.get(ins.ops[1], w, l, at);
      d = (cvtOne(ins, de, ae, a >> ab) & maskBits(eb)) << eb |
          (cvtOne(ins, de, ae, a) & maskBits(eb));
    } else {
      d = cvtOne(ins, dt, at, ctx.get(ins.ops[1], w, l, at));
    }
    ctx.set(ins.ops[0], w, l, d);
  });
}

bool decodeCvt(Instr &ins, Mods &m, std::string &err) {
  ins.rnd = m.takeRnd();
  ins.ftz = m.take("ftz");
  ins.sat = m.take("sat");
  ins.flag = m.take("relu");
  ins.flag2 = m.take("satfinite");
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 2) {
    err = "'cvt' needs a destination and a source type";
    return false;
  }
  ins.type = tys[0];
  ins.type2 = tys[1];
  Ty dt = ins.type, at = ins.type2;
  if (dt == Ty::Pred || at == Ty::Pred || dt == Ty::B128 || at == Ty::B128) {
    err = "unsupported 'cvt' types";
    return false;
  }
  bool fi = tyIsFloat(at) && tyIsInt(dt), fr = tyIsFloat(at) && tyIsFloat(dt);
  bool intRnd = ins.rnd >= Rnd::RNI;
  if (fi && !intRnd) {
    err = "float-to-integer 'cvt' requires .rni, .rzi, .rmi or .rpi";
    return false;
  }
  if (!fr && !fi && intRnd) {
    err = "integer rounding is only valid for float sources";
    return false;
  }
  if (fr && tyBits(elemOf(dt)) < tyBits(elemOf(at)) && ins.rnd == Rnd::None &&
      dt != Ty::TF32) {
    err = "narrowing float 'cvt' requires a rounding mode";
    return false;
  }
  if ((elemOf(dt) == Ty::E4M3 || elemOf(dt) == Ty::E5M2 ||
       elemOf(dt) == Ty::E2M1) && !ins.flag2) {
    err = "conversion to an 8-bit or 4-bit float requires .satfinite";
    return false;
  }
  if (elemOf(dt) == Ty::UE8M0 && ins.rnd != Rnd::RZ && ins.rnd != Rnd::RP) {
    err = "conversion to .ue8m0x2 needs .rz or .rp";
    return false;
  }
  if (dt == Ty::TF32 && at != Ty::F32) {
    err = "conversion to .tf32 needs an .f32 source";
    return false;
  }
  if (dt == Ty::TF32 && ins.rnd != Rnd::RNA && ins.rnd != Rnd::RN && ins.rnd != Rnd::RZ) {
    err = "conversion to .tf32 needs .rna, .rn or .rz";
    return false;
  }
  bool twoSrc = isPacked(dt) && !isPacked(at);
  if (twoSrc && !(at == Ty::F32))
    return (err = "packed 'cvt' from scalars needs .f32 sources"), false;
  ins.exec = execCvt;
  ins.cls = IClass::Convert;
  return expectOps(ins, twoSrc ? 3 : 2, err);
}

// ---- cvta ----

void execCvta(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  uint64_t base = ins.space == Space::Shared  ? kSharedWindow
                  : ins.space == Space::Local ? kLocalWindow
                  : ins.space == Space::Param ? kParamWindow
                                              : 0;
  forLanes(mask, [&](unsigned l) {
    uint64_t a = ctx.get(ins.ops[1], w, l, ins.type);
    uint64_t d = ins.flag ? a - base : a + base; // flag: .to
    if (ins.flag && base && (a < base || a >= base + kWindowSize))
      d = a; // not an address of that window; hardware leaves it undefined
    if (tyBits(ins.type) == 32)
      d &= 0xffffffffu;
    ctx.set(ins.ops[0], w, l, d);
  });
}

bool decodeCvta(Instr &ins, Mods &m, std::string &err) {
  ins.flag = m.take("to");
  // cvta.param: kernel parameters have generic addresses (PTX ISA 7.7+).
  if (!m.takeSpace(ins.space)) {
    err = "'cvta' needs .global, .shared, .local, .const or .param";
    return false;
  }
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 1 || (tys[0] != Ty::U64 && tys[0] != Ty::U32)) {
    err = "'cvta' needs .u32 or .u64";
    return false;
  }
  ins.type = tys[0];
  ins.exec = execCvta;
  ins.cls = IClass::Move;
  return expectOps(ins, 2, err);
}

// ---- comparisons ----

enum Cmp : uint8_t {
  Eq, Ne, Lt, Le, Gt, Ge, Lo, Ls, Hi, Hs, Equ, Neu, Ltu, Leu, Gtu, Geu, Num, Nan
};

bool compareInt(Cmp c, uint64_t a, uint64_t b, Ty t) {
  unsigned bits = tyBits(t);
  int64_t sa = sext(a, bits), sb = sext(b, bits);
  uint64_t ua = a & maskBits(bits), ub = b & maskBits(bits);
  bool s = tyIsSigned(t);
  switch (c) {
  case Eq: return ua == ub;
  case Ne: return ua != ub;
  case Lt: return s ? sa < sb : ua < ub;
  case Le: return s ? sa <= sb : ua <= ub;
  case Gt: return s ? sa > sb : ua > ub;
  case Ge: return s ? sa >= sb : ua >= ub;
  case Lo: return ua < ub;
  case Ls: return ua <= ub;
  case Hi: return ua > ub;
  case Hs: return ua >= ub;
  default: return false;
  }
}

bool compareFloat(Cmp c, double x, double y) {
  bool un = std::isnan(x) || std::isnan(y);
  switch (c) {
  case Eq: return !un && x == y;
  case Ne: return !un && x != y;
  case Lt: return !un && x < y;
  case Le: return !un && x <= y;
  case Gt: return !un && x > y;
  case Ge: return !un && x >= y;
  case Equ: return un || x == y;
  case Neu: return un || x != y;
  case Ltu: return un || x < y;
  case Leu: return un || x <= y;
  case Gtu: return un || x > y;
  case Geu: return un || x >= y;
  case Num: return !un;
  case Nan: return un;
  default: return false;
  }
}

// Compares element `shift` of a and b under the instruction's type.
bool compareElem(const Instr &ins, uint64_t a, uint64_t b, unsigned shift) {
  Ty t = ins.type2;
  Cmp c = Cmp(ins.kind);
  if (!tyIsFloat(t))
    return compareInt(c, a, b, t);
  Ty e = elemOf(t);
  double x = floatValue(a >> shift, e), y = floatValue(b >> shift, e);
  if (ins.ftz && e == Ty::F32) {
    x = ftz32(float(x));
    y = ftz32(float(y));
  }
  return compareFloat(c, x, y);
}

bool combine(uint8_t boolOp, bool r, bool c) {
  switch (boolOp) {
  case 1: return r && c;
  case 2: return r || c;
  case 3: return r != c;
  default: return r;
  }
}

void execSetp(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const Operand &d = ins.ops[0];
  bool packed = isPacked(ins.type2);
  forLanes(mask, [&](unsigned l) {
    uint64_t a = ctx.get(ins.ops[1], w, l, ins.type2), b = ctx.get(ins.ops[2], w, l, ins.type2);
    bool c = ins.kind2 ? bool(ctx.get(ins.ops[3], w, l, Ty::Pred) & 1) : false;
    if (packed) {
      bool lo = compareElem(ins, a, b, 0), hi = compareElem(ins, a, b, 16);
      if (d.kind == Operand::Reg)
        w.r(d.reg, l) = combine(ins.kind2, lo, c);
      if (d.reg2 >= 0)
        w.r(d.reg2, l) = combine(ins.kind2, hi, c);
      return;
    }
    bool r = compareElem(ins, a, b, 0);
    if (d.kind == Operand::Reg)
      w.r(d.reg, l) = combine(ins.kind2, r, c);
    if (d.reg2 >= 0)
      w.r(d.reg2, l) = combine(ins.kind2, !r, c);
  });
}

void execSet(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    uint64_t a = ctx.get(ins.ops[1], w, l, ins.type2), b = ctx.get(ins.ops[2], w, l, ins.type2);
    bool c = ins.kind2 ? bool(ctx.get(ins.ops[3], w, l, Ty::Pred) & 1) : false;
    bool r = combine(ins.kind2, compareElem(ins, a, b, 0), c);
    uint64_t d = ins.type == Ty::F32 ? (r ? bitsF32(1.0f) : 0) : (r ? 0xffffffffull : 0);
    ctx.set(ins.ops[0], w, l, d);
  });
}

bool decodeCompare(Instr &ins, Mods &m, std::string &err, bool isSet) {
  int c = m.takeOneOf({"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
                       "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"});
  if (c < 0) {
    err = "'" + m.base + "' needs a comparison operator";
    return false;
  }
  ins.kind = uint8_t(c);
  int bop = m.takeOneOf({"and", "or", "xor"});
  ins.kind2 = uint8_t(bop + 1);
  ins.ftz = m.take("ftz");
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != (isSet ? 2u : 1u)) {
    err = "'" + m.base + "' has the wrong number of types";
    return false;
  }
  ins.type = tys[0];
  ins.type2 = tys.back();
  Ty t = ins.type2;
  bool fl = tyIsFloat(t);
  if (t == Ty::Pred || t == Ty::B128 || t == Ty::TF32 || elemOf(t) == Ty::E4M3 ||
      elemOf(t) == Ty::E5M2 || elemOf(t) == Ty::E2M1 || elemOf(t) == Ty::UE8M0) {
    err = "unsupported comparison type";
    return false;
  }
  if (fl && c >= Lo && c <= Hs) {
    err = "unsigned comparisons need an integer type";
    return false;
  }
  if (!fl && c >= Equ) {
    err = "unordered comparisons need a float type";
    return false;
  }
  if (isSet && ins.type != Ty::U32 && ins.type != Ty::S32 && ins.type != Ty::F32) {
    err = "'set' destination must be .u32, .s32 or .f32";
    return false;
  }
  ins.exec = isSet ? execSet : execSetp;
  ins.cls = IClass::Compare;
  return expectOps(ins, ins.kind2 ? 4 : 3, err);
}

bool decodeSetp(Instr &ins, Mods &m, std::string &err) {
  return decodeCompare(ins, m, err, false);
}
bool decodeSet(Instr &ins, Mods &m, std::string &err) {
  return decodeCompare(ins, m, err, true);
}

// ---- selp / slct ----

void execSelp(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    bool c = ctx.get(ins.ops[3], w, l, Ty::Pred) & 1;
    ctx.set(ins.ops[0], w, l, ctx.get(ins.ops[c ? 1 : 2], w, l, ins.type));
  });
}

void execSlct(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  forLanes(mask, [&](unsigned l) {
    uint64_t c = ctx.get(ins.ops[3], w, l, ins.type2);
    bool ge;
    if (ins.type2 == Ty::F32) {
      float f = asF32(c);
      if (ins.ftz)
        f = ftz32(f);
      ge = f >= 0.0f;
    } else {
      ge = sext(c, 32) >= 0;
    }
    ctx.set(ins.ops[0], w, l, ctx.get(ins.ops[ge ? 1 : 2], w, l, ins.type));
  });
}

bool decodeSelp(Instr &ins, Mods &m, std::string &err) {
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 1 || tys[0] == Ty::Pred || tys[0] == Ty::B128) {
    err = "'selp' needs one data type";
    return false;
  }
  ins.type = tys[0];
  ins.exec = execSelp;
  ins.cls = IClass::Move;
  return expectOps(ins, 4, err);
}

bool decodeSlct(Instr &ins, Mods &m, std::string &err) {
  ins.ftz = m.take("ftz");
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 2 || (tys[1] != Ty::S32 && tys[1] != Ty::F32)) {
    err = "'slct' needs a data type and .s32 or .f32";
    return false;
  }
  ins.type = tys[0];
  ins.type2 = tys[1];
  ins.exec = execSlct;
  ins.cls = IClass::Move;
  return expectOps(ins, 4, err);
}

} // namespace

void tilecc::ptxemu::registerConvertOps(DecodeTable &t) {
  t["mov"] = decodeMov;
  t["cvt"] = decodeCvt;
  t["cvta"] = decodeCvta;
  t["setp"] = decodeSetp;
  t["set"] = decodeSet;
  t["selp"] = decodeSelp;
  t["slct"] = decodeSlct;
}
