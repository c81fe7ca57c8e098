//===- CorePatterns.cpp - populator 3: the nv_tileaa core -----------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

using namespace mlir;

void mlir::tilecc::populateTileAACoreToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  populateTileAAMemoryToTileASPatterns(converter, patterns);
  populateTileAAComputeToTileASPatterns(converter, patterns);
  populateTileAAShapeToTileASPatterns(converter, patterns);
  populateTileAAQueueToTileASPatterns(converter, patterns);
  populateTileAAExtensionToTileASPatterns(converter, patterns);
  populateTileAAHistogramToTileASPatterns(converter, patterns);
  populateTileAACancelToTileASPatterns(converter, patterns);
  populateTileAAGatherScatterToTileASPatterns(converter, patterns);
}
