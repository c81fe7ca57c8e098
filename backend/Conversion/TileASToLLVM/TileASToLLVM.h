//===- TileASToLLVM.h - nv_tileas to LLVM patterns --------------*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_TILEASTOLLVM_H
#define TILECC_CONVERSION_TILEASTOLLVM_TILEASTOLLVM_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace tilecc {
struct TargetInfo;
} // namespace tilecc

namespace mlir::tilecc {

struct WarpRoles;

/// Types of the per-thread value model: an encoded tile tensor becomes a
/// struct of the registers its layout gives one thread; a tiled view becomes
/// {ptr, offset, sizes..., strides...} (i64); pointers become LLVM pointers
/// in their address space; memory tokens become empty structs.
class TileASToLLVMTypeConverter : public LLVMTypeConverter {
public:
  explicit TileASToLLVMTypeConverter(MLIRContext *ctx);
};

/// nv_tileaa.func / return, grid queries (gpu.block_id, gpu.grid_dim).
/// Brackets every tile op that writes through a generic pointer or view
/// (possibly tile-block scratch in shared memory) with CTA barriers.
void insertGenericWriteBarriers(ModuleOp module);

/// A kernel's CTA has the warps of its tiles and those of its producer
/// role (`roles`).
void populateTileASFuncToLLVMPatterns(const TileASToLLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      unsigned defaultNumWarps,
                                      const WarpRoles &roles);
/// nv_tileaa.call of a device function: llvm.call.
void populateTileASCallToLLVMPatterns(const TileASToLLVMTypeConverter &converter,
                                      RewritePatternSet &patterns);
/// extern_elementwise, elementwise_inline_asm, call_elementwise_intrinsic:
/// one llvm.call / inline_asm / call_intrinsic per register.
void populateTileASExtensionToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// Elementwise arith/math on tiles, tile constants, splats.
void populateTileASElementwiseToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// Module globals (llvm.mlir.global) and get_global (their address).
void populateTileASGlobalToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// make_tiled_view, tiled_load, tiled_store, tokens.
void populateTileASMemoryToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// make_range, addptr, int_to_ptr / ptr_to_int, pointer load / store.
void populateTileASPointerToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);

/// atomic_rmw / atomic_cas through pointers (`atom` / `red` per element).
void populateTileASAtomicToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);

/// alloc_tensor, extract_slice and insert_slice (cuda_tile extract / cat).
void populateTileASSliceToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);

/// nv_tileaa.heap_alloc / heap_free (alloca global): the device heap's
/// malloc and free, called by thread 0 for the tile block.
void populateTileASHeapToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);

/// cancel_next_program and its queries: PTX cluster launch control; a
/// located error below sm_100.
void populateTileASCancelToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target);

/// cf.assert: thread 0 prints the message, the tile block traps.
void populateTileASAssertToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);

/// SharedMemoryUserOpInterface for every op whose lowering below stages data
/// in shared memory or allocates tensor memory (SharedMemoryModels.cpp).
void registerSharedMemoryUserModels(DialectRegistry &registry);

/// The shared buffer tileas-plan-memory gave `op` (created at the start of
/// the conversion); a located error and null when the plan is missing.
LLVM::GlobalOp getScratchBufferOf(Operation *op);
/// Whether `op` must wait at a CTA barrier before writing its buffer (the
/// plan's decision).
bool needsLeadingBarrier(Operation *op);
/// The tensor-memory columns the plan recorded on a tcgen05 op; a located
/// error when missing.
FailureOr<int64_t> getPlannedTensorMemoryColumns(Operation *op);

/// Bytes of shared scratch a convert_layout / broadcast / print stages its
/// tile(s) in (0 for other ops).
int64_t getConvertLayoutScratchBytes(Operation *op);

/// Bytes of the scratch buffer an atomic needs to hand old values to the
/// threads that hold duplicates (0 otherwise).
int64_t getAtomicScratchBytes(Operation *op);

/// Whether a view moves elements between threads (then it goes through the
/// scratch buffer, lowerViewThroughShared).
bool viewNeedsShared(Operation *op);
LogicalResult lowerViewThroughShared(ConversionPatternRewriter &rewriter,
                                     Operation *view, Value source,
                                     Type resultStructType);

/// Bytes of the scratch buffer a slice, or a view that moves elements
/// between threads, stages its larger tile in (0 for other ops).
int64_t getSliceScratchBytes(Operation *op);

/// Bytes of the scratch buffer a reduce across warps needs (0 otherwise).
int64_t getReduceScratchBytes(Operation *op);
/// reduce: in-thread, butterfly shuffles across lanes, shared memory across
/// warps; the combiner region is inlined at each step.
void populateTileASReduceToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// Bytes of the scratch buffer a scan across warps needs (0 otherwise).
int64_t getScanScratchBytes(Operation *op);
/// scan: in-thread walks, butterfly shuffles across lanes, shared memory
/// across warps; the combiner region is inlined at each step.
void populateTileASScanToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// Scalar float ops with directed rounding, flush_to_zero or approx: NVVM
/// intrinsics (outranking the libdevice and arith patterns).
void populateTileASFloatModeToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// Conversions into and out of f8E4M3FN, f8E5M2, f4E2M1FN and f8E8M0FNU
/// (hardware cvt where `target` has it, an exact integer sequence elsewhere).
void populateTileASLowPrecisionToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target);
/// Constants of those types as integer constants of their bits + bitcasts
/// (a rewrite run before the conversion).
void populateNarrowConstantToBitsPatterns(RewritePatternSet &patterns);

/// convert_layout and broadcast.
void populateTileASLayoutToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// dot: mma.sync over the fragments its operands' layouts hold.
void populateTileASDotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// dot with a `wgmma_` atom (sm_90a): wgmma.mma_async, B through a shared
/// matrix descriptor.
void populateTileASWgmmaDotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// warpgroup_turns_begin / _end (tileas-warpgroup-pingpong): the named
/// barriers that hand out the first turn and take back the last.
void populateTileASWarpgroupTurnsToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);
/// Device-built tensor maps (make_tiled_tma_desc, tma_desc_release), TMA
/// loads into ring slots, ring slots of warp-specialized consumers and the
/// mbarrier pipeline stage ops; `numWarps` threads' worth of arrivals
/// release a stage. A producer role's copies are issued by its first warp
/// (`roles`).
void populateTileASTmaToLLVMPatterns(const TileASToLLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     unsigned numWarps, const WarpRoles &roles);
/// Bytes of the scratch buffer a wgmma dot stages B in (0 when B arrives in
/// its ring slot, and for other ops); the buffer is then 1024-byte aligned.
int64_t getWgmmaScratchBytes(Operation *op);
/// block_scaled_mma with an `mma_bs_` atom: block-scaled mma.sync on targets
/// without tcgen05 (sm_120a, sm_121a).
void populateTileASBlockScaledMmaSyncToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target);

/// block_scaled_mma through tcgen05 (tensor memory, shared-memory matrix
/// descriptors) where `target` has the 5th-generation tensor core; no
/// pattern elsewhere.
void populateTileASTcgen05BlockScaledToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target);
/// Bytes of the scratch buffer that lowering stages operands in (0 for other
/// ops and targets).
int64_t getTcgen05BlockScaledScratchBytes(Operation *op,
                                          const ::tilecc::TargetInfo &target);
/// Tensor-memory columns that lowering allocates (0 for other ops/targets).
int64_t getTcgen05BlockScaledColumns(Operation *op,
                                     const ::tilecc::TargetInfo &target);

/// Translates a module already lowered by convert-tileas-to-llvm (builtin,
/// llvm and nvvm ops only) to LLVM IR; emits an error on the module and
/// fails when some op has no translation.
FailureOr<std::unique_ptr<llvm::Module>> lowerToLLVMIR(ModuleOp module,
                                                       llvm::LLVMContext &ctx);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_TILEASTOLLVM_H
