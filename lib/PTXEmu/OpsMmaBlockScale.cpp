//===- OpsMmaBlockScale.cpp - block-scaled mma.sync (sm_120a) -------------===//
//
//   mma.sync.aligned.<shape>.row.col.<kind>.block_scale.<scale_vec>
//       .f32.atype.btype.f32.stype
//       d, a, b, c, scale-a, {byte-id-a, thread-id-a}, scale-b,
//       {byte-id-b, thread-id-b};
// (the qualifiers in any order), in the forms
//   m16n8k32 kind::mxf8f6f4 .scale_vec::1X .ue8m0 (a, b: e4m3, e5m2 fill a
//     byte, e2m1 sits in its bits 2..5; the 8-bit m16n8k32 fragments),
//   m16n8k64 kind::mxf4 .scale_vec::2X .ue8m0 and kind::mxf4nvf4
//     .scale_vec::4X .ue4m3 (e2m1 packed eight per register; the 4-bit
//     m16n8k64 fragments).
// Each row of A and column of B has 1, 2 or 4 scales, one per K block of
// K / n elements: row g + 8h (g = laneid >> 2) reads them from lane
// 4g + 2 * thread-id-a + h, column g from lane 4g + thread-id-b, block j in
// byte byte-id + j of the scale register (2X and 4X: byte-id 0 only here).
// ue8m0 is 2^(e - 127), 0xFF NaN; ue4m3 is e4m3 without its sign bit. The
// products are exact in double; the sum with C is rounded once to f32 (as
// the emulator's other mma.sync forms).
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <cmath>

using namespace tilecc::ptxemu;

namespace {

// An operand element: the byte (mxf8f6f4) or the nibble (mxf4*) `bits`.
double elementValue(uint64_t bits, Ty t, bool packed) {
  switch (t) {
  case Ty::E4M3: return widen(bits & 0xff, FFmt::E4M3);
  case Ty::E5M2: return widen(bits & 0xff, FFmt::E5M2);
  default: return widen((packed ? bits : bits >> 2) & 0xf, FFmt::E2M1);
  }
}

double scaleValue(uint64_t byte, bool ue4m3) {
  return ue4m3 ? widen(byte & 0x7f, FFmt::E4M3) : widen(byte & 0xff, FFmt::UE8M0);
}

void execMmaBlockScale(ExecCtx &ctx, const Instr &ins, WarpState &w,
                       uint32_t mask) {
  if (!requireFullWarp(ctx, ins, w, mask))
    return;
  const unsigned K = unsigned(ins.a), nScales = unsigned(ins.b);
  const bool packed = K == 64, ue4m3 = ins.kind == 1;
  const Operand &dop = ins.ops[0], &aop = ins.ops[1], &bop = ins.ops[2],
                &cop = ins.ops[3], &saop = ins.ops[4], &selA = ins.ops[5],
                &sbop = ins.ops[6], &selB = ins.ops[7];
  auto scalar = [](const Operand &o) -> const Operand & {
    return o.kind == Operand::Vec ? o.elems[0] : o;
  };
  // The selectors must be the same in every lane.
  uint64_t sel[4];
  const Operand *sels[4] = {&selA.elems[0], &selA.elems[1], &selB.elems[0],
                            &selB.elems[1]};
  for (unsigned s = 0; s < 4; ++s) {
    sel[s] = ctx.get(*sels[s], w, 0, Ty::U16) & 0xffff;
    for (unsigned l = 1; l < 32; ++l)
      if ((ctx.get(*sels[s], w, l, Ty::U16) & 0xffff) != sel[s]) {
        ctx.fail(ins, w, l, "mma block_scale selectors differ across lanes");
        return;
      }
  }
  uint64_t byteA = sel[0], tidA = sel[1], byteB = sel[2], tidB = sel[3];
  uint64_t maxByte = nScales == 1 ? 3 : 0;
  if (byteA > maxByte || byteB > maxByte || tidA > 1 || tidB > 3) {
    ctx.fail(ins, w, 0,
             nScales == 1 ? "mma .scale_vec::1X needs byte-id 0..3, "
                            "thread-id-a 0..1 and thread-id-b 0..3"
                          : "mma .scale_vec::2X/4X is emulated with byte-id 0, "
                            "thread-id-a 0..1 and thread-id-b 0..3");
    return;
  }
  double A[16][64], B[64][8], C[16][8], SA[16][4], SB[8][4];
  const unsigned width = packed ? 4 : 8, perReg = 32 / width;
  for (unsigned l = 0; l < 32; ++l) {
    unsigned g = l >> 2, q = l & 3;
    for (unsigned i = 0; i < K / 2; ++i) { // A: 16 x K over 32 lanes
      uint64_t reg = ctx.get(aop.elems[i / perReg], w, l, Ty::B32);
      uint64_t bits = reg >> (width * (i % perReg));
      unsigned row = packed ? g + 8 * ((i >> 3) & 1) : g + 8 * ((i >> 2) & 1);
      unsigned col = packed ? 8 * q + (i & 7) + 32 * (i >> 4)
                            : 4 * q + (i & 3) + 16 * (i >> 3);
      A[row][col] = elementValue(bits, ins.type2, packed);
    }
    for (unsigned i = 0; i < K / 4; ++i) { // B: K x 8 over 32 lanes
      uint64_t reg = ctx.get(bop.elems[i / perReg], w, l, Ty::B32);
      uint64_t bits = reg >> (width * (i % perReg));
      unsigned row = packed ? 8 * q + (i & 7) + 32 * (i >> 3)
                            : 4 * q + (i & 3) + 16 * (i >> 2);
      B[row][g] = elementValue(bits, ins.type3, packed);
    }
    for (unsigned i = 0; i < 4; ++i)
      C[g + 8 * (i >> 1)][2 * q + (i & 1)] =
          double(asF32(ctx.get(cop.elems[i], w, l, Ty::B32)));
    uint64_t sa = ctx.get(scalar(saop), w, l, Ty::B32);
    uint64_t sb = ctx.get(scalar(sbop), w, l, Ty::B32);
    for (unsigned j = 0; j < nScales; ++j) {
      if (q / 2 == tidA)
        SA[g + 8 * (q % 2)][j] = scaleValue(sa >> (8 * (byteA + j)), ue4m3);
      if (q == tidB)
        SB[g][j] = scaleValue(sb >> (8 * (byteB + j)), ue4m3);
    }
  }
  const unsigned block = K / nScales;
  uint64_t D[16][8];
  for (unsigned r = 0; r < 16; ++r)
    for (unsigned c = 0; c < 8; ++c) {
      double s = C[r][c];
      for (unsigned k = 0; k < K; ++k)
        s += (A[r][k] * SA[r][k / block]) * (B[k][c] * SB[c][k / block]);
      D[r][c] = canonF32(float(s));
    }
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned i = 0; i < 4; ++i)
      ctx.set(dop.elems[i], w, l, D[(l >> 2) + 8 * (i >> 1)][2 * (l & 3) + (i & 1)]);
}

} // namespace

bool tilecc::ptxemu::decodeMmaBlockScale(Instr &ins, Mods &m,
                                         std::string &err) {
  const char *forms = "block-scaled mma is supported as m16n8k32 "
                      "kind::mxf8f6f4 .scale_vec::1X .ue8m0, m16n8k64 "
                      "kind::mxf4 .scale_vec::2X .ue8m0 and m16n8k64 "
                      "kind::mxf4nvf4 .scale_vec::4X .ue4m3";
  int shape = m.takeOneOf({"m16n8k32", "m16n8k64"});
  int kind = m.takeOneOf({"kind::mxf8f6f4", "kind::mxf4", "kind::mxf4nvf4"});
  int vec = m.takeOneOf({"scale_vec::1X", "scale_vec::2X", "scale_vec::4X"});
  if (!m.take("row") || !m.take("col") || shape < 0 || kind < 0 || vec < 0 ||
      (kind == 0) != (shape == 0) || kind != vec) {
    err = forms;
    return false;
  }
  // .dtype.atype.btype.ctype.stype, in that order.
  int d = m.takeOneOf({"f32"});
  int a = m.takeOneOf({"e4m3", "e5m2", "e2m1"});
  int b = m.takeOneOf({"e4m3", "e5m2", "e2m1"});
  int c = m.takeOneOf({"f32"});
  int s = m.takeOneOf({"ue8m0", "ue4m3"});
  if (d < 0 || a < 0 || b < 0 || c < 0 || s < 0 ||
      (shape == 1 && (a != 2 || b != 2)) || (s == 1) != (kind == 2)) {
    err = std::string(forms) + " (.f32.atype.btype.f32.stype; e2m1 only for k64)";
    return false;
  }
  const Ty elem[3] = {Ty::E4M3, Ty::E5M2, Ty::E2M1};
  ins.type = ins.type4 = Ty::F32;
  ins.type2 = elem[a];
  ins.type3 = elem[b];
  ins.a = shape == 0 ? 32 : 64;
  ins.b = 1 << vec;
  ins.kind = uint8_t(s);
  if (!expectOps(ins, 8, err))
    return false;
  unsigned want[8] = {4, 4, 2, 4, 1, 2, 1, 2};
  for (unsigned k = 0; k < 8; ++k) {
    const Operand &o = ins.ops[k];
    bool scalarOk = want[k] == 1 && (o.kind == Operand::Reg || o.kind == Operand::Imm);
    if (!scalarOk && (o.kind != Operand::Vec || o.elems.size() != want[k])) {
      err = "mma operand " + std::to_string(k) + " needs a {..} of " +
            std::to_string(want[k]) + " registers";
      return false;
    }
  }
  ins.exec = execMmaBlockScale;
  ins.cls = IClass::Tensor;
  ins.collective = true;
  return true;
}
