//===- OpsInt.cpp - integer and bitwise instructions ----------------------===//
#include "PTXEmu/Exec.h"

using namespace tilecc::ptxemu;

namespace tilecc::ptxemu {
bool decodeFloatArith(Instr &ins, Mods &m, std::string &err);
}

namespace {

enum IntOp : uint8_t {
  Add, Sub, MulLo, MulHi, MulWide, MadLo, MadHi, MadWide, Div, Rem, Min, Max,
  And, Or, Xor, Shl, Shr, Abs, Neg, Not, Cnot, Popc, Clz, Brev, Bfind, Bfe,
  Bfi, Prmt, Lop3, AddC, SubC, MadcLo, MadcHi, Mul24Lo, Mul24Hi, Mad24Lo, Sad,
  Shf, Dp4a, Dp2a,
};

uint64_t clampS(__int128 v, unsigned bits) {
  __int128 hi = (__int128(1) << (bits - 1)) - 1, lo = -(__int128(1) << (bits - 1));
  return uint64_t(v > hi ? hi : v < lo ? lo : v);
}

uint32_t prmt(uint32_t a, uint32_t b, uint32_t c, unsigned mode) {
  uint64_t x = (uint64_t(b) << 32) | a;
  auto byte = [&](unsigned sel, bool msb) -> uint32_t {
    uint32_t v = uint32_t(x >> ((sel & 7) * 8)) & 0xff;
    if (msb && (v & 0x80))
      return 0xff;
    return msb ? 0 : v;
  };
  uint32_t d = 0;
  switch (mode) {
  case 0: // default: four 4-bit selectors, bit 3 replicates the sign
    for (unsigned k = 0; k < 4; ++k) {
      unsigned s = (c >> (4 * k)) & 0xf;
      uint32_t v = uint32_t(x >> ((s & 7) * 8)) & 0xff;
      if (s & 8)
        v = (v & 0x80) ? 0xff : 0;
      d |= v << (8 * k);
    }
    return d;
  case 1: { // f4e: forward 4 extract
    unsigned s = c & 3;
    for (unsigned k = 0; k < 4; ++k)
      d |= byte(s + k, false) << (8 * k);
    return d;
  }
  case 2: { // b4e: backward 4 extract
    unsigned s = c & 3;
    for (unsigned k = 0; k < 4; ++k)
      d |= byte((s + 8 - k) & 7, false) << (8 * k);
    return d;
  }
  case 3: { // rc8: replicate byte
    uint32_t v = byte(c & 3, false);
    return v * 0x01010101u;
  }
  case 4: { // ecl: edge clamp left
    unsigned s = c & 3;
    for (unsigned k = 0; k < 4; ++k)
      d |= byte(k <= s ? k : s, false) << (8 * k);
    return d;
  }
  case 5: { // ecr: edge clamp right
    unsigned s = c & 3;
    for (unsigned k = 0; k < 4; ++k)
      d |= byte(k >= s ? k : s, false) << (8 * k);
    return d;
  }
  case 6: { // rc16: replicate half
    unsigned s = c & 1;
    uint32_t v = uint32_t(x >> (16 * s)) & 0xffff;
    return v | (v << 16);
  }
  }
  return 0;
}

void execInt(ExecCtx &ctx, const Instr &ins, WarpState &w, uint32_t mask) {
  const unsigned bits = tyBits(ins.type);
  const uint64_t M = maskBits(bits);
  const bool sg = tyIsSigned(ins.type);
  const size_t nops = ins.ops.size();
  forLanes(mask, [&](unsigned l) {
    uint64_t a = nops > 1 ? ctx.get(ins.ops[1], w, l, ins.type) & M : 0;
    uint64_t b = nops > 2 ? ctx.get(ins.ops[2], w, l, ins.type) : 0;
    uint64_t c = nops > 3 ? ctx.get(ins.ops[3], w, l, ins.type) : 0;
    int64_t sa = sext(a, bits), sb = sext(b, bits);
    uint64_t bm = b & M;
    uint64_t d = 0;
    switch (IntOp(ins.kind)) {
    case Add:
      if (ins.sat)
        d = clampS(__int128(sa) + sb, bits);
      else
        d = a + bm;
      if (ins.flag)
        w.carry[l] = (a + bm) > M;
      break;
    case Sub:
      if (ins.sat)
        d = clampS(__int128(sa) - sb, bits);
      else
        d = a - bm;
      if (ins.flag)
        w.carry[l] = a < bm;
      break;
    case AddC: {
      uint64_t s = a + bm + w.carry[l];
      d = s;
      if (ins.flag)
        w.carry[l] = bits == 64 ? (s < a || (s == a && (bm | w.carry[l]))) : s > M;
      break;
    }
    case SubC: {
      unsigned in = w.carry[l];
      d = a - bm - in;
      if (ins.flag)
        w.carry[l] = (__int128(a) - __int128(bm) - in) < 0;
      break;
    }
    case MulLo:
      d = a * bm;
      break;
    case MulHi:
      if (sg)
        d = uint64_t((__int128(sa) * sb) >> bits);
      else
        d = uint64_t((unsigned __int128)a * bm >> bits);
      break;
    case MulWide:
      d = sg ? uint64_t(sa * sb) : a * bm;
      ctx.set(ins.ops[0], w, l, bits == 32 ? d : d & maskBits(2 * bits));
      return;
    case MadLo: {
      uint64_t p = a * bm, cm = c & M;
      d = p + cm;
      if (ins.sat)
        d = clampS(__int128(sext(p, bits)) + sext(cm, bits), bits);
      if (ins.flag)
        w.carry[l] = ((p & M) + cm) > M;
      break;
    }
    case MadcLo: {
      uint64_t p = (a * bm) & M, cm = c & M;
      d = p + cm + w.carry[l];
      if (ins.flag)
        w.carry[l] = (unsigned __int128)p + cm + w.carry[l] > M;
      break;
    }
    case MadHi:
    case MadcHi: {
      uint64_t p = sg ? uint64_t((__int128(sa) * sb) >> bits)
                      : uint64_t((unsigned __int128)a * bm >> bits);
      uint64_t cm = c & M, in = ins.kind == MadcHi ? w.carry[l] : 0;
      d = p + cm + in;
      if (ins.flag)
        w.carry[l] = (unsigned __int128)(p & M) + cm + in > M;
      break;
    }
    case MadWide: {
      uint64_t p = sg ? uint64_t(sa * sb) : a * bm;
      d = p + c;
      ctx.set(ins.ops[0], w, l, bits == 32 ? d : d & maskBits(2 * bits));
      return;
    }
    case Mul24Lo:
    case Mul24Hi:
    case Mad24Lo: {
      int64_t x = sg ? sext(a, 24) : int64_t(a & 0xffffff);
      int64_t y = sg ? sext(b, 24) : int64_t(b & 0xffffff);
      int64_t p = x * y;
      d = ins.kind == Mul24Hi ? uint64_t(p >> 16) : uint64_t(p);
      if (ins.kind == Mad24Lo)
        d += c;
      break;
    }
    case Sad: {
      uint64_t diff = sg ? uint64_t(sa > sb ? sa - sb : sb - sa)
                         : (a > bm ? a - bm : bm - a);
      d = diff + c;
      break;
    }
    case Div:
      if (bm == 0)
        d = sg ? uint64_t(-1) : M;
      else if (sg)
        d = (sa == sext(1ull << (bits - 1), bits) && sb == -1) ? a
                                                              : uint64_t(sa / sb);
      else
        d = a / bm;
      break;
    case Rem:
      if (bm == 0)
        d = a;
      else if (sg)
        d = sb == -1 ? 0 : uint64_t(sa % sb);
      else
        d = a % bm;
      break;
    case Min:
      d = sg ? uint64_t(sa < sb ? sa : sb) : (a < bm ? a : bm);
      if (ins.flag && sg && int64_t(sext(d, bits)) < 0) // .relu
        d = 0;
      break;
    case Max:
      d = sg ? uint64_t(sa > sb ? sa : sb) : (a > bm ? a : bm);
      if (ins.flag && sg && int64_t(sext(d, bits)) < 0)
        d = 0;
      break;
    case And: d = a & b; break;
    case Or: d = a | b; break;
    case Xor: d = a ^ b; break;
    case Not: d = ~a; break;
    case Cnot: d = a == 0; break;
    case Shl: {
      uint32_t s = uint32_t(ctx.get(ins.ops[2], w, l, Ty::U32));
      d = s >= bits ? 0 : a << s;
      break;
    }
    case Shr: {
      uint32_t s = uint32_t(ctx.get(ins.ops[2], w, l, Ty::U32));
      if (sg)
        d = uint64_t(sa >> (s >= bits ? bits - 1 : s));
      else
        d = s >= bits ? 0 : a >> s;
      break;
    }
    case Abs: d = uint64_t(sa < 0 ? -sa : sa); break;
    case Neg: d = uint64_t(-sa); break;
    case Popc:
      ctx.set(ins.ops[0], w, l, uint64_t(__builtin_popcountll(a)));
      return;
    case Clz:
      ctx.set(ins.ops[0], w, l, a ? uint64_t(__builtin_clzll(a) - (64 - bits)) : bits);
      return;
    case Brev: {
      uint64_t r = 0;
      for (unsigned k = 0; k < bits; ++k)
        if (a >> k & 1)
          r |= 1ull << (bits - 1 - k);
      d = r;
      break;
    }
    case Bfind: {
      uint64_t x = (sg && sa < 0) ? ~a & M : a;
      uint64_t r;
      if (!x)
        r = 0xffffffffu;
      else {
        unsigned pos = 63 - unsigned(__builtin_clzll(x));
        r = ins.flag ? bits - 1 - pos : pos;
      }
      ctx.set(ins.ops[0], w, l, r);
      return;
    }
    case Bfe: {
      unsigned pos = unsigned(ctx.get(ins.ops[2], w, l, Ty::U32) & 0xff);
      unsigned len = unsigned(ctx.get(ins.ops[3], w, l, Ty::U32) & 0xff);
      unsigned msb = bits - 1;
      unsigned sbit = 0;
      if (sg && len)
        sbit = unsigned(a >> std::min(pos + len - 1, msb) & 1);
      uint64_t r = 0;
      for (unsigned i = 0; i < bits; ++i) {
        unsigned bit = (i < len && pos + i <= msb) ? unsigned(a >> (pos + i) & 1) : sbit;
        r |= uint64_t(bit) << i;
      }
      d = r;
      break;
    }
    case Bfi: {
      uint64_t bb = bm;
      unsigned pos = unsigned(ctx.get(ins.ops[3], w, l, Ty::U32) & 0xff);
      unsigned len = unsigned(ctx.get(ins.ops[4], w, l, Ty::U32) & 0xff);
      uint64_t r = bb;
      for (unsigned i = 0; i < len && pos + i < bits; ++i) {
        r &= ~(1ull << (pos + i));
        r |= (a >> i & 1) << (pos + i);
      }
      d = r;
      break;
    }
    case Prmt:
      d = prmt(uint32_t(a), uint32_t(b), uint32_t(c), ins.kind2);
      break;
    case Shf: { // funnel shift of b:a; kind2 1 = right, flag = .clamp
      uint32_t c32 = uint32_t(c);
      unsigned n = ins.flag ? std::min(c32, 32u) : (c32 & 31);
      uint64_t wide = (b & 0xffffffffull) << 32 | a;
      d = ins.kind2 ? (wide >> n) : ((wide << n) >> 32);
      break;
    }
    case Dp4a:
    case Dp2a: { // kind2: bit 0 a signed, bit 1 b signed; flag: dp2a .hi
      bool as = ins.kind2 & 1, bs = ins.kind2 & 2;
      int64_t acc = int64_t(int32_t(c));
      if (ins.kind == Dp4a) {
        for (unsigned k = 0; k < 4; ++k) {
          int64_t x = as ? sext(a >> (8 * k), 8) : int64_t(a >> (8 * k) & 0xff);
          int64_t y = bs ? sext(b >> (8 * k), 8) : int64_t(b >> (8 * k) & 0xff);
          acc += x * y;
        }
      } else {
        for (unsigned k = 0; k < 2; ++k) {
          int64_t x = as ? sext(a >> (16 * k), 16) : int64_t(a >> (16 * k) & 0xffff);
          unsigned bi = k + (ins.flag ? 2 : 0);
          int64_t y = bs ? sext(b >> (8 * bi), 8) : int64_t(b >> (8 * bi) & 0xff);
          acc += x * y;
        }
      }
      d = uint64_t(acc);
      break;
    }
    case Lop3: {
      uint32_t lut = uint32_t(ctx.get(ins.ops[4], w, l, Ty::U32));
      uint64_t r = 0;
      for (unsigned i = 0; i < bits; ++i) {
        unsigned idx = unsigned((a >> i & 1) << 2 | (b >> i & 1) << 1 | (c >> i & 1));
        r |= uint64_t(lut >> idx & 1) << i;
      }
      d = r;
      break;
    }
    }
    d &= M;
    if (sg && bits < 64)
      d = uint64_t(sext(d, bits)) & (bits <= 32 ? 0xffffffffull : ~0ull);
    ctx.set(ins.ops[0], w, l, d);
  });
}

struct IntDef {
  IntOp op;
  size_t nops;
};

bool decodeIntCommon(Instr &ins, Mods &m, std::string &err, IntOp op, size_t nops) {
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 1) {
    err = "'" + m.base + "' needs exactly one type";
    return false;
  }
  ins.type = tys[0];
  if (!tyIsInt(ins.type) && !(ins.type == Ty::Pred &&
                              (op == And || op == Or || op == Xor || op == Not))) {
    err = "type ." + m.m.back() + " is not valid for integer '" + m.base + "'";
    return false;
  }
  if (ins.type == Ty::B128) {
    err = "128-bit integer arithmetic is not supported";
    return false;
  }
  ins.kind = op;
  ins.exec = execInt;
  ins.cls = IClass::Integer;
  return expectOps(ins, nops, err);
}

// add/sub/mul/mad/min/max/abs/neg/div share names with the float ops.
template <IntOp Op, size_t N> bool decodeArith(Instr &ins, Mods &m, std::string &err) {
  for (const std::string &s : m.m) {
    Ty t;
    if (parseTy(s, t) && tyIsFloat(t))
      return decodeFloatArith(ins, m, err);
  }
  IntOp op = Op;
  size_t n = N;
  if (Op == MulLo) {
    int k = m.takeOneOf({"lo", "hi", "wide"});
    if (k < 0) {
      err = "integer 'mul' needs .lo, .hi or .wide";
      return false;
    }
    op = k == 0 ? MulLo : k == 1 ? MulHi : MulWide;
  } else if (Op == MadLo) {
    int k = m.takeOneOf({"lo", "hi", "wide"});
    if (k < 0) {
      err = "integer 'mad' needs .lo, .hi or .wide";
      return false;
    }
    op = k == 0 ? MadLo : k == 1 ? MadHi : MadWide;
    ins.flag = m.take("cc");
    ins.sat = m.take("sat");
  } else if (Op == Add || Op == Sub) {
    ins.sat = m.take("sat");
    ins.flag = m.take("cc");
  } else if (Op == Min || Op == Max) {
    ins.flag = m.take("relu");
  }
  if (!decodeIntCommon(ins, m, err, op, n))
    return false;
  if ((op == MulWide || op == MadWide) && tyBits(ins.type) > 32) {
    err = ".wide needs a 16- or 32-bit type";
    return false;
  }
  if (ins.sat && ins.type != Ty::S32) {
    err = ".sat is only valid with .s32";
    return false;
  }
  return true;
}

template <IntOp Op, size_t N> bool decodeSimple(Instr &ins, Mods &m, std::string &err) {
  IntOp op = Op;
  if (Op == AddC || Op == SubC)
    ins.flag = m.take("cc");
  if (Op == MadcLo) {
    int k = m.takeOneOf({"lo", "hi"});
    if (k < 0) {
      err = "'madc' needs .lo or .hi";
      return false;
    }
    op = k == 0 ? MadcLo : MadcHi;
    ins.flag = m.take("cc");
  }
  if (Op == Mul24Lo) {
    int k = m.takeOneOf({"lo", "hi"});
    if (k < 0) {
      err = "'mul24' needs .lo or .hi";
      return false;
    }
    op = k == 0 ? Mul24Lo : Mul24Hi;
  }
  if (Op == Mad24Lo && !m.take("lo")) {
    err = "'mad24' supports .lo";
    return false;
  }
  if (Op == Bfind)
    ins.flag = m.take("shiftamt");
  if (Op == Prmt) {
    int k = m.takeOneOf({"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"});
    ins.kind2 = uint8_t(k + 1);
  }
  return decodeIntCommon(ins, m, err, op, N);
}

bool decodeShf(Instr &ins, Mods &m, std::string &err) {
  int dir = m.takeOneOf({"l", "r"});
  int mode = m.takeOneOf({"wrap", "clamp"});
  if (dir < 0 || mode < 0 || !m.take("b32")) {
    err = "'shf' needs .l/.r, .wrap/.clamp and .b32";
    return false;
  }
  ins.kind = Shf;
  ins.kind2 = uint8_t(dir);
  ins.flag = mode == 1;
  ins.type = Ty::B32;
  ins.exec = execInt;
  ins.cls = IClass::Integer;
  return expectOps(ins, 4, err);
}

bool decodeDp(Instr &ins, Mods &m, std::string &err) {
  bool dp4 = m.base == "dp4a";
  if (!dp4) {
    int hl = m.takeOneOf({"lo", "hi"});
    if (hl < 0) {
      err = "'dp2a' needs .lo or .hi";
      return false;
    }
    ins.flag = hl == 1;
  }
  std::vector<Ty> tys = m.takeTypes();
  if (tys.size() != 2 || (tys[0] != Ty::U32 && tys[0] != Ty::S32) ||
      (tys[1] != Ty::U32 && tys[1] != Ty::S32)) {
    err = "'" + m.base + "' needs .atype.btype of .u32/.s32";
    return false;
  }
  ins.kind = dp4 ? Dp4a : Dp2a;
  ins.kind2 = uint8_t((tys[0] == Ty::S32 ? 1 : 0) | (tys[1] == Ty::S32 ? 2 : 0));
  ins.type = Ty::B32;
  ins.exec = execInt;
  ins.cls = IClass::Integer;
  return expectOps(ins, 4, err);
}

} // namespace

void tilecc::ptxemu::registerIntOps(DecodeTable &t) {
  t["shf"] = decodeShf;
  t["dp4a"] = decodeDp;
  t["dp2a"] = decodeDp;
  t["add"] = decodeArith<Add, 3>;
  t["sub"] = decodeArith<Sub, 3>;
  t["mul"] = decodeArith<MulLo, 3>;
  t["mad"] = decodeArith<MadLo, 4>;
  t["div"] = decodeArith<Div, 3>;
  t["min"] = decodeArith<Min, 3>;
  t["max"] = decodeArith<Max, 3>;
  t["abs"] = decodeArith<Abs, 2>;
  t["neg"] = decodeArith<Neg, 2>;
  t["rem"] = decodeSimple<Rem, 3>;
  t["addc"] = decodeSimple<AddC, 3>;
  t["subc"] = decodeSimple<SubC, 3>;
  t["madc"] = decodeSimple<MadcLo, 4>;
  t["mul24"] = decodeSimple<Mul24Lo, 3>;
  t["mad24"] = decodeSimple<Mad24Lo, 4>;
  t["sad"] = decodeSimple<Sad, 4>;
  t["and"] = decodeSimple<And, 3>;
  t["or"] = decodeSimple<Or, 3>;
  t["xor"] = decodeSimple<Xor, 3>;
  t["not"] = decodeSimple<Not, 2>;
  t["cnot"] = decodeSimple<Cnot, 2>;
  t["shl"] = decodeSimple<Shl, 3>;
  t["shr"] = decodeSimple<Shr, 3>;
  t["popc"] = decodeSimple<Popc, 2>;
  t["clz"] = decodeSimple<Clz, 2>;
  t["brev"] = decodeSimple<Brev, 2>;
  t["bfind"] = decodeSimple<Bfind, 2>;
  t["bfe"] = decodeSimple<Bfe, 4>;
  t["bfi"] = decodeSimple<Bfi, 5>;
  t["prmt"] = decodeSimple<Prmt, 4>;
  t["lop3"] = decodeSimple<Lop3, 5>;
}
