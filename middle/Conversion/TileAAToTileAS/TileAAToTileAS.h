//===- TileAAToTileAS.h - nv_tileaa to nv_tileas conversion -----*- C++ -*-===//
//
// Populators, the type converter and the kernel-spec helpers of
// ConvertTileAAToTileAS (seed 004). The pass applies the populators in the
// fixed order arith, math, core.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEAATOTILEAS_H
#define TILECC_CONVERSION_TILEAATOTILEAS_H

#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tilecc {

/// Tiles, scalars and pointers convert to themselves; tokens and tiled views
/// to their nv_tileas twins; a memref to the values that describe it (1:N):
/// base pointer, element offset, one size per dimension, one stride per
/// dimension (all `index` but the pointer).
class TileAAToTileASTypeConverter : public TypeConverter {
public:
  explicit TileAAToTileASTypeConverter(MLIRContext *ctx);
};

/// The nv_tileas view type of an nv_tileaa tiled view (address space from its
/// source memref, global otherwise).
nv_tileas::TiledViewType convertTiledView(nv_tileaa::TiledViewType type);

void populateTileAAArithToTileASPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns);
void populateTileAAMathToTileASPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns);
/// The nv_tileaa core: memory, compute, shape and queue families.
void populateTileAACoreToTileASPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns);
void populateTileAAMemoryToTileASPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns);
void populateTileAAComputeToTileASPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns);
void populateTileAAShapeToTileASPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns);
void populateTileAAQueueToTileASPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns);
/// ub.poison of a converted type (tokens, views), dynamically legal.
void populateTileAAPoisonToTileASPatternsAndLegality(
    const TypeConverter &converter, RewritePatternSet &patterns,
    ConversionTarget &target);
/// gather_load / scatter_store, as loads and stores through pointer tiles.
void populateTileAAGatherScatterToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns);
/// histogram, as a compare of every element with every bin and a reduce.
void populateTileAAHistogramToTileASPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns);
/// cancel_next_program_id and its queries, as cluster launch control.
void populateTileAACancelToTileASPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns);
/// extern_elementwise, elementwise_inline_asm, call_elementwise_intrinsic.
void populateTileAAExtensionToTileASPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns);

/// Gives f16 accumulators back to the dots marked kF16AccumulatorAttr where the atom's
/// instruction keeps f16 accumulators, and drops the marks.
void narrowDotAccumulators(ModuleOp module);

/// Parses `sm_XY`, `sm_XYa`, `sm_XYf` into major * 10 + minor.
std::optional<int64_t> parseComputeCapability(StringRef text);

/// Marks a module compiled for an arch-specific target (`sm_XYa`, from the
/// compute-capability option): wgmma is chosen on sm_90a only.
inline constexpr llvm::StringLiteral kArchSpecificAttrName =
    "nv_tileas.arch_specific";

/// Resolves the target (module attribute first, then `ccOption`), records it
/// as `nv_tileas.compute_capability` on the module (and kArchSpecificAttrName
/// for an `a` target) and mirrors each
/// `cute.kernel` function's launch hints into `nv_tileaa.kernel_spec`.
/// Emits "failed to get the target spec" when the target is unknown.
LogicalResult attachKernelSpecAttributes(ModuleOp module, StringRef ccOption);

/// The kernel spec of the function enclosing `op`, or null.
nv_tileaa::KernelSpecAttr getKernelSpec(Operation *op);

/// The ReduceAtom witness of a reduction of `input` along `axis` at `op`:
/// one the op carries, else a warp shuffle (`shuffle`_<elem>) when the default
/// layout keeps the axis inside a warp, else a shared-memory tree.
Attribute reduceAtomFor(Operation *op, RankedTensorType input, int64_t axis,
                        StringRef shuffle);

/// One dimension of a block_tile's view: memref dimensions `outer` ..
/// `innermost` of one group walked as a row-major index; the view's extent is
/// extent(outer) * innerExtent, its stride stride(innermost).
struct MergedDim {
  int64_t outer;
  int64_t innerExtent;
  int64_t innermost;
};

/// The view dimensions of a block_tile of a memref, when every memref
/// dimension is in one group and each group is contiguous by static facts
/// (BlockTileGroups.cpp); nullopt otherwise.
std::optional<SmallVector<MergedDim>> mergeDimGroups(nv_tileaa::BlockTileOp op);

/// Checks the ops the conversion leaves legal (mark_for_reuse operands).
LogicalResult verifyLegalTileAAOps(ModuleOp module);

/// Passes every view parameter (memref, or tiled_view of a memref) of an
/// nv_tileaa.func as the parts its make_memref takes, rebuilding the view in
/// the body, and every call of such a function the parts of the view it
/// passes; fails, with a located error, on a view that cannot be passed so.
LogicalResult flattenTileAAViewArguments(ModuleOp module);

/// Reports every nv_tileaa op tilecc has no lowering for ("... is not
/// supported by tilecc: <feature>"), at the op.
LogicalResult checkSupportedTileAAOps(ModuleOp module);

/// Reports each nv_tileaa.message at its location with its severity (remark,
/// warning, error) and erases it; fails when one is an error.
LogicalResult emitTileAAMessages(ModuleOp module);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEAATOTILEAS_H
