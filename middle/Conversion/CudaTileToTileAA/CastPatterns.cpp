#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
void mlir::tilecc::populateCudaTileCastToTileAAPatterns(TypeConverter &, RewritePatternSet &) {}
