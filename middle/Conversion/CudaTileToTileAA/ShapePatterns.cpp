#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
void mlir::tilecc::populateCudaTileShapeToTileAAPatterns(TypeConverter &, RewritePatternSet &) {}
