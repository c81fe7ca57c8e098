//===- TileASToLLVM.h - nv_tileas to LLVM patterns --------------*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_TILEASTOLLVM_H
#define TILECC_CONVERSION_TILEASTOLLVM_TILEASTOLLVM_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
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

/// Types of the per-thread value model: an encoded tile tensor becomes a
/// struct of the registers its layout gives one thread; a tiled view becomes
/// {ptr, offset, sizes..., strides...} (i64); pointers become LLVM pointers
/// in their address space; memory tokens become empty structs.
class TileASToLLVMTypeConverter : public LLVMTypeConverter {
public:
  explicit TileASToLLVMTypeConverter(MLIRContext *ctx);
};

/// nv_tileaa.func / return, grid queries (gpu.block_id, gpu.grid_dim).
void populateTileASFuncToLLVMPatterns(const TileASToLLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      unsigned defaultNumWarps);
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

/// The shared-memory buffer convert_layout round trips use, and the bytes
/// an op needs in it (0 for ops that need none).
inline constexpr llvm::StringLiteral kScratchSymbol = "tilecc_scratch";
int64_t getConvertLayoutScratchBytes(Operation *op);

/// Bytes of the scratch buffer a reduce across warps needs (0 otherwise).
int64_t getReduceScratchBytes(Operation *op);
/// reduce: in-thread, butterfly shuffles across lanes, shared memory across
/// warps; the combiner region is inlined at each step.
void populateTileASReduceToLLVMPatterns(
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

/// Translates a module already lowered by convert-tileas-to-llvm (builtin,
/// llvm and nvvm ops only) to LLVM IR; emits an error on the module and
/// fails when some op has no translation.
FailureOr<std::unique_ptr<llvm::Module>> lowerToLLVMIR(ModuleOp module,
                                                       llvm::LLVMContext &ctx);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_TILEASTOLLVM_H
