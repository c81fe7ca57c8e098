//===- OpsMmaBlockScale.cpp - block-scaled mma.sync (sm_120a) -------------===//
//
//   mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale
//       .scale_vec::1X.f32.atype.btype.f32.ue8m0
//       d, a, b, c, scale-a, {byte-id-a, thread-id-a}, scale-b,
//       {byte-id-b, thread-id-b};
// (the qualifiers in any order). A, B, C and D have the 8-bit m16n8k32
// fragments; .e4m3 and .e5m2 fill their byte, .e2m1 sits in bits 2..5 of
// it. With .scale_vec::1X every row of A and column of B has one ue8m0
// scale (2^(e - 127), 0xFF is NaN) for the 32 K elements: row g + 8h
// (g = laneid >> 2) reads byte byte-id-a of scale-a in lane
// 4g + 2 * thread-id-a + h, column g reads byte byte-id-b in lane
// 4g + thread-id-b. The products are exact in double, the sum with C is
// rounded once to f32 (as the emulator's other mma.sync forms).
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Float.h"

#include <cmath>

using namespace tilecc::ptxemu;

namespace {

double elementValue(uint64_t byte, Ty t) {
  switch (t) {
  case Ty::E4M3: return widen(byte & 0xff, FFmt::E4M3);
  case Ty::E5M2: return widen(byte & 0xff, FFmt::E5M2);
  default: return widen((byte >> 2) & 0xf, FFmt::E2M1); // e2m1
  }
}

void execMmaBlockScale(ExecCtx &ctx, const Instr &ins, WarpState &w,
                       uint32_t mask) {
  if (!requireFullWarp(ctx, ins, w, mask))
    return;
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
  if (byteA > 3 || byteB > 3 || tidA > 1 || tidB > 3) {
    ctx.fail(ins, w, 0,
             "mma .scale_vec::1X needs byte-id 0..3, thread-id-a 0..1 and "
             "thread-id-b 0..3");
    return;
  }
  double A[16][32], B[32][8], C[16][8], SA[16], SB[8];
  for (unsigned l = 0; l < 32; ++l) {
    unsigned g = l >> 2, q = l & 3;
    for (unsigned i = 0; i < 16; ++i) {
      uint64_t reg = ctx.get(aop.elems[i / 4], w, l, Ty::B32);
      A[g + 8 * ((i >> 2) & 1)][4 * q + (i & 3) + 16 * (i >> 3)] =
          elementValue(reg >> (8 * (i % 4)), ins.type2);
    }
    for (unsigned i = 0; i < 8; ++i) {
      uint64_t reg = ctx.get(bop.elems[i / 4], w, l, Ty::B32);
      B[4 * q + (i & 3) + 16 * (i >> 2)][g] =
          elementValue(reg >> (8 * (i % 4)), ins.type3);
    }
    for (unsigned i = 0; i < 4; ++i)
      C[g + 8 * (i >> 1)][2 * q + (i & 1)] =
          double(asF32(ctx.get(cop.elems[i], w, l, Ty::B32)));
    uint64_t sa = ctx.get(scalar(saop), w, l, Ty::B32);
    uint64_t sb = ctx.get(scalar(sbop), w, l, Ty::B32);
    if (q / 2 == tidA)
      SA[g + 8 * (q % 2)] = widen((sa >> (8 * byteA)) & 0xff, FFmt::UE8M0);
    if (q == tidB)
      SB[g] = widen((sb >> (8 * byteB)) & 0xff, FFmt::UE8M0);
  }
  uint64_t D[16][8];
  for (unsigned r = 0; r < 16; ++r)
    for (unsigned c = 0; c < 8; ++c) {
      double s = C[r][c];
      for (unsigned k = 0; k < 32; ++k)
        s += (A[r][k] * SA[r]) * (B[k][c] * SB[c]);
      D[r][c] = canonF32(float(s));
    }
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned i = 0; i < 4; ++i)
      ctx.set(dop.elems[i], w, l, D[(l >> 2) + 8 * (i >> 1)][2 * (l & 3) + (i & 1)]);
}

} // namespace

bool tilecc::ptxemu::decodeMmaBlockScale(Instr &ins, Mods &m,
                                         std::string &err) {
  if (!m.take("m16n8k32") || !m.take("row") || !m.take("col") ||
      !m.take("kind::mxf8f6f4") || !m.take("scale_vec::1X")) {
    err = "block-scaled mma is supported as .m16n8k32.row.col"
          ".kind::mxf8f6f4.block_scale.scale_vec::1X";
    return false;
  }
  // .dtype.atype.btype.ctype.stype, in that order.
  int d = m.takeOneOf({"f32"});
  int a = m.takeOneOf({"e4m3", "e5m2", "e2m1"});
  int b = m.takeOneOf({"e4m3", "e5m2", "e2m1"});
  int c = m.takeOneOf({"f32"});
  int s = m.takeOneOf({"ue8m0"});
  if (d < 0 || a < 0 || b < 0 || c < 0 || s < 0) {
    err = "block-scaled mma needs .f32.{e4m3,e5m2,e2m1}x2.f32.ue8m0";
    return false;
  }
  const Ty elem[3] = {Ty::E4M3, Ty::E5M2, Ty::E2M1};
  ins.type = ins.type4 = Ty::F32;
  ins.type2 = elem[a];
  ins.type3 = elem[b];
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
  ins.a = 32;
  ins.exec = execMmaBlockScale;
  ins.cls = IClass::Tensor;
  ins.collective = true;
  return true;
}
