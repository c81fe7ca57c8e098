//===- DotAccumulator.cpp - f16 accumulators of mma.sync dots -------------===//
//
// nv_tileaa.dot accumulates in f32 (seed 001), so CudaTileToTileAA widens an
// f16 `mmaf` accumulator around it, truncf(dot(a, b, extf(c))), and marks
// the dot (kF16AccumulatorAttr; an f32 mmaf the program rounds to f16
// itself is not marked and keeps f32 partial sums). Once the atom
// is chosen, a dot whose instruction keeps f16 accumulators (mma.sync
// .f16.f16.f16.f16, tcgen05.mma with D type F16; lib/Layout's instruction
// tables) takes the f16
// accumulator directly: cuda_tile's mmaf defines D = A x B + C in the
// accumulator's type and leaves the precision of the partial sums to the
// target, as mma.sync with .f16 accumulators does.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "Layout/MmaLayouts.h"
#include "Layout/Tcgen05Mma.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

/// The f16-accumulator form of an f32-accumulating mma.sync or tcgen05 atom
/// whose A and B have one (tcgen05: D type F16, lib/Layout's Tcgen05Mma
/// table), else null.
static nv_tileas::MmaAtomAttr f16AccumulatorAtom(nv_tileas::MmaAtomAttr atom) {
  bool has = false;
  if (atom.getFamily() == nv_tileas::MmaFamily::mma_sync)
    has = tl::mmaSyncHasF16Accumulator(atom.getAName(), atom.getBName());
  else if (atom.getFamily() == nv_tileas::MmaFamily::tcgen05)
    has = tl::getTcgen05Shape(atom.getAName(), atom.getBName(), "f16")
              .has_value();
  if (!has || !atom.getC().isF32())
    return {};
  return atom.withAccumulator(Float16Type::get(atom.getContext()));
}

/// Rewrites truncf(dot(a, b, extf(c))) on f16 `c` to dot(a, b, c) for a
/// dot widened from an f16 mmaf.
static void narrow(nv_tileas::DotOp dot) {
  if (!dot->removeDiscardableAttr(kF16AccumulatorAttr))
    return;
  auto ext = dot.getC().getDefiningOp<arith::ExtFOp>();
  if (!ext || !dot->hasOneUse())
    return;
  auto trunc = dyn_cast<arith::TruncFOp>(*dot->getUsers().begin());
  Type narrowType = ext.getIn().getType();
  // Round to nearest even, as mma.sync rounds its f16 results.
  if (!trunc || trunc.getType() != narrowType ||
      !getElementTypeOrSelf(narrowType).isF16() ||
      (trunc.getRoundingmode() &&
       *trunc.getRoundingmode() != arith::RoundingMode::to_nearest_even))
    return;
  nv_tileas::MmaAtomAttr atom = f16AccumulatorAtom(dot.getAtom());
  if (!atom)
    return;
  IRRewriter rewriter(dot.getContext());
  rewriter.setInsertionPoint(trunc);
  Value narrowed = nv_tileas::DotOp::create(
      rewriter, dot.getLoc(), narrowType, dot.getA(), dot.getB(), ext.getIn(),
      atom);
  rewriter.replaceOp(trunc, narrowed);
  rewriter.eraseOp(dot);
  if (ext->use_empty())
    rewriter.eraseOp(ext);
}

void mlir::tilecc::narrowDotAccumulators(ModuleOp module) {
  SmallVector<nv_tileas::DotOp> dots;
  module.walk([&](nv_tileas::DotOp dot) { dots.push_back(dot); });
  for (nv_tileas::DotOp dot : dots)
    narrow(dot);
}
