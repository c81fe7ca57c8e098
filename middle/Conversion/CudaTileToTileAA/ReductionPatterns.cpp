#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
void mlir::tilecc::populateCudaTileReductionToTileAAPatterns(TypeConverter &, RewritePatternSet &) {}
