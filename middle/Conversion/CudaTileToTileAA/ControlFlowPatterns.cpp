#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
void mlir::tilecc::populateCudaTileControlFlowToTileAAPatterns(TypeConverter &, RewritePatternSet &) {}
