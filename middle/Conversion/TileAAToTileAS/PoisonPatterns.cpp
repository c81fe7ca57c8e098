//===- PoisonPatterns.cpp - ub.poison of nv_tileaa types ------------------===//
//
// The loop lowering passes ub.poison for the values a loop exit does not
// produce (the results on a continue, the iter values on a break, the
// function results on a break out of a returning loop). Where such a value
// is a token or a view, its type changes here like every other use of it.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

#include "Conversion/PoisonTypeConversion.h"

using namespace mlir;
using namespace mlir::tilecc;

void mlir::tilecc::populateTileAAPoisonToTileASPatternsAndLegality(
    const TypeConverter &converter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  patterns.add<PoisonTypeConversion>(converter, patterns.getContext());
  target.addDynamicallyLegalOp<ub::PoisonOp>([&converter](ub::PoisonOp op) {
    return converter.isLegal(op.getType());
  });
}
