//===- FmaLayouts.cpp - layouts of the scalar FMA dot ---------------------===//
#include "Layout/FmaLayouts.h"

#include "Layout/DistributedLayouts.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>

using namespace tilecc::layout;

LinearLayout tilecc::layout::fmaDotOperand(MmaOperand operand,
                                           const LinearLayout &acc,
                                           int32_t k) {
  unsigned rank = acc.getOutDims().size();
  unsigned m = rank - 2, n = rank - 1;
  // The accumulator dim the operand shares (M for A, N for B) and where K
  // goes in the operand's dims.
  unsigned kept = operand == MmaOperand::A ? m : n;
  unsigned kDim = operand == MmaOperand::A ? n : m;
  auto project = [&](const LinearLayout::Basis &accBasis) {
    LinearLayout::Basis basis(rank, 0);
    if (rank == 3)
      basis[0] = accBasis[0];
    basis[kept] = accBasis[kept];
    return basis;
  };
  auto flat = [&](const LinearLayout::Basis &basis) {
    uint64_t value = 0;
    for (int32_t c : basis)
      value = (value << 21) | uint32_t(c); // coordinates below 2^21
    return value;
  };
  auto basesOf = [&](llvm::StringRef in) {
    std::vector<LinearLayout::Basis> bases;
    for (unsigned bit = 0, e = acc.getInDimSizeLog2(in); bit < e; ++bit) {
      LinearLayout::Basis basis;
      for (const LinearLayout::OutDim &out : acc.getOutDims())
        basis.push_back(acc.getBasis(in, bit, out.name));
      bases.push_back(project(basis));
    }
    return bases;
  };

  // Registers: K first, then the projected accumulator bases that add a new
  // element (a reduced row echelon basis of what is spanned decides).
  std::vector<LinearLayout::Basis> registers;
  std::vector<uint64_t> echelon; // distinct leading bits
  auto reduce = [&](uint64_t v) {
    for (uint64_t e : echelon)
      if ((v ^ e) < v)
        v ^= e;
    return v;
  };
  auto keep = [&](const LinearLayout::Basis &basis) {
    uint64_t v = reduce(flat(basis));
    if (!v)
      return;
    echelon.push_back(v);
    llvm::sort(echelon, std::greater<uint64_t>());
    registers.push_back(basis);
  };
  for (int32_t bit = 1; bit < k; bit <<= 1) {
    LinearLayout::Basis basis(rank, 0);
    basis[kDim] = bit;
    keep(basis);
  }
  for (const LinearLayout::Basis &basis : basesOf(kRegister))
    keep(basis);

  std::vector<LinearLayout::OutDim> outs;
  for (unsigned d = 0; d < rank; ++d)
    outs.push_back({dimName(d), d == kDim ? k : acc.getOutDimSize(dimName(d))});
  return LinearLayout({{kRegister, registers},
                       {kLane, basesOf(kLane)},
                       {kWarp, basesOf(kWarp)}},
                      outs);
}
