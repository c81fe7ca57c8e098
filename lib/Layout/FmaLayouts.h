//===- FmaLayouts.h - layouts of the scalar FMA dot -------------*- C++ -*-===//
//
// A dot no MMA instruction takes (a tile dimension below the instruction's,
// operand types the target's tensor cores lack) runs as scalar
// multiply-adds: every thread computes the accumulator elements it holds,
// so it must hold the whole row of A and the whole column of B each of them
// reads. The operand layouts follow from the accumulator's: A (M x K) puts
// every thread on the rows its accumulator registers cover with all of K in
// registers, B (K x N) the same for the columns. Any accumulator layout
// works, so the accumulator keeps whatever layout its class chose.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_FMALAYOUTS_H
#define TILECC_LAYOUT_FMALAYOUTS_H

#include "Layout/LinearLayout.h"
#include "Layout/MmaLayouts.h"

namespace tilecc::layout {

/// The layout of operand A (([batch,] M, K)) or B (([batch,] K, N)) of an
/// FMA dot whose accumulator ([batch,] M, N) has layout `acc`: lanes and
/// warps hold the accumulator's rows (A) or columns (B); registers walk K
/// first (bit i: k = 2^i), then the accumulator's register bases projected
/// on the rows (columns), those already spanned left out.
LinearLayout fmaDotOperand(MmaOperand operand, const LinearLayout &acc,
                           int32_t k);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_FMALAYOUTS_H
