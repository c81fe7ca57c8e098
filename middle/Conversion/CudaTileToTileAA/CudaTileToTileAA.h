//===- CudaTileToTileAA.h - cuda_tile -> nv_tileaa patterns -----*- C++ -*-===//
//
// The value model below cuda_tile (PIPELINE.md): a tile is a builtin ranked
// tensor and a 0-d tile its scalar element; pointers, views and tokens become
// the nv_tileaa types. Patterns are split by op family, one file each.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_CUDATILETOTILEAA_H
#define TILECC_CONVERSION_CUDATILETOTILEAA_H

#include "mlir/Transforms/DialectConversion.h"

#include <string>

namespace mlir::tilecc {

/// Global memory: the address space of cuda_tile pointers, unless the module
/// allocates tile-block scratch (alloca), whose pointers are generic.
constexpr unsigned kGlobalAddressSpace = 1;
constexpr unsigned kGenericAddressSpace = 0;
/// Shared memory: where alloca places tile-block scratch.
constexpr unsigned kSharedAddressSpace = 3;

/// Marks an nv_tileaa.dot widened from an f16 mmaf accumulator (nv_tileaa.dot
/// accumulates in f32); TileAAToTileAS carries it onto nv_tileas.dot and
/// consumes it where the instruction keeps f16 accumulators.
inline constexpr llvm::StringLiteral kF16AccumulatorAttr =
    "nv_tileaa.f16_accumulator";

/// Options the patterns read; `arch` picks the optimization-hint entry.
struct CudaTileToTileAAOptions {
  std::string arch = "sm_100";
};

/// tile / ptr / tensor_view / partition_view / token -> the nv_tileaa value
/// model; builtin types convert to themselves. Types without a lowering
/// (strided and gather/scatter views) fail to convert.
class CudaTileToTileAATypeConverter : public TypeConverter {
public:
  /// `pointerAddressSpace` is the one address space of every pointer and
  /// view (kGlobalAddressSpace, or kGenericAddressSpace for a module that
  /// needsGenericPointers).
  explicit CudaTileToTileAATypeConverter(
      MLIRContext *context, unsigned pointerAddressSpace = kGlobalAddressSpace);
};

/// True when `root` allocates tile-block scratch, which lives in shared
/// memory, so that a pointer may address either global or shared memory.
bool needsGenericPointers(Operation *root);

/// Numbers the allocas within their function (the static scratch array or
/// the heap pointer slot each one becomes).
void numberAllocas(Operation *root);

/// After conversion: frees every nv_tileaa.heap_alloc block (alloca global)
/// before the terminator of its allocation scope's body, which every exit of
/// the scope runs, carrying blocks allocated in ifs out as if results (null
/// where not allocated); see AllocaPatterns.cpp.
void freeHeapAllocasAtScopeExits(Operation *root);

/// Rewrites each cuda_tile.return nested in a for/loop body into breaks of
/// the loops around it and a return in an if after the outermost one (see
/// ReturnsInLoops.cpp). Called by normalizeCudaTileEarlyExits.
void exitLoopsOnReturns(Operation *root);

/// Makes every `continue`/`break` nested in a cuda_tile.if structured: the
/// ops after such an if move into its fall-through branches so that it ends
/// its block (see ControlFlowPatterns.cpp). Runs on cuda_tile IR before the
/// control-flow patterns, which rely on it.
void normalizeCudaTileEarlyExits(Operation *root);

/// Gives every cuda_tile memory access without an incoming token the entry
/// token of its function (see EntryTokens.cpp), so that each converted
/// nv_tileaa memory effect consumes one. Runs on cuda_tile IR before the
/// memory patterns.
void rootUntokenedAccesses(Operation *root);

/// Every cuda_tile -> nv_tileaa pattern.
/// Passes every view argument of a function as its base pointer, dynamic
/// sizes and dynamic strides, rebuilding the view at the top of the body (run
/// before the conversion, which needs each view's make_* ops).
void flattenCudaTileViewArguments(ModuleOp module);

/// Rewrites loads and stores through strided_view and gather_scatter_view
/// into cuda_tile pointer loads and stores (run before the conversion);
/// fails, with a located error, on a view it cannot trace to its
/// make_tensor_view.
LogicalResult expandStridedAndGatherViewAccesses(ModuleOp module);

/// Rewrites pack and unpack of elements of whole bytes into integer tile
/// arithmetic (run before the conversion); fails, with a located error each,
/// on elements narrower than a byte, rewriting nothing.
LogicalResult expandByteRepacks(ModuleOp module);

/// Rejects, at the op, cuda_tile ops whose hardware target `arch` lacks
/// (mmaf_scaled without block-scaled MMA).
LogicalResult checkTargetFeatures(ModuleOp module, StringRef arch);

void populateCudaTileToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    const CudaTileToTileAAOptions &options = {});

// Per op family.
void populateCudaTileStructureToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    const CudaTileToTileAAOptions &options);
void populateCudaTileArithToTileAAPatterns(TypeConverter &typeConverter,
                                           RewritePatternSet &patterns);
void populateCudaTileCastToTileAAPatterns(TypeConverter &typeConverter,
                                          RewritePatternSet &patterns);
void populateCudaTileShapeToTileAAPatterns(TypeConverter &typeConverter,
                                           RewritePatternSet &patterns);
void populateCudaTileMemoryToTileAAPatterns(TypeConverter &typeConverter,
                                            RewritePatternSet &patterns);
void populateCudaTileControlFlowToTileAAPatterns(TypeConverter &typeConverter,
                                                 RewritePatternSet &patterns);
void populateCudaTileMiscToTileAAPatterns(TypeConverter &typeConverter,
                                          RewritePatternSet &patterns);
void populateCudaTileReductionToTileAAPatterns(TypeConverter &typeConverter,
                                               RewritePatternSet &patterns);
void populateCudaTileAllocaToTileAAPatterns(TypeConverter &typeConverter,
                                            RewritePatternSet &patterns);
/// Grid dependency control (an NVVM op from sm_90, nothing below) and the
/// alias-proxy fence.
void populateCudaTileSyncToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    const CudaTileToTileAAOptions &options);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_CUDATILETOTILEAA_H
