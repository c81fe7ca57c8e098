//===- SharedMemoryModels.cpp - what each op needs of shared memory -------===//
//
// SharedMemoryUserOpInterface for the ops whose lowering stages data in
// shared memory or allocates tensor memory. The sizes follow the staging
// layouts of the lowering patterns (the getXScratchBytes functions next to
// them), so the models live here; tileas-plan-memory reads them in the
// schedule stage and the patterns only take what it recorded.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/Passes.h"
#include "Conversion/TileASToLLVM/SharedStaging.h"
#include "Conversion/TileASToLLVM/Tcgen05Staging.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/TmaStaging.h"
#include "Layout/TmaLayouts.h"

#include "Target/TargetInfo.h"
#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASTmemOps.h"

using namespace mlir;
using namespace mlir::tilecc;
using nv_tileas::SharedLiveRange;
using nv_tileas::SharedMemoryNeed;
using ::tilecc::TargetInfo;

namespace {

/// An op whose scratch lives while the op runs, sized by `Bytes`.
template <typename OpT, int64_t (*Bytes)(Operation *)>
struct ScratchModel
    : nv_tileas::SharedMemoryUserOpInterface::ExternalModel<
          ScratchModel<OpT, Bytes>, OpT> {
  SharedMemoryNeed getSharedMemoryNeed(Operation *op,
                                       const TargetInfo &) const {
    return {Bytes(op), 16};
  }
};

/// A TMA store or reduction stages its box at the box alignment.
template <typename OpT>
struct TmaStoreModel : nv_tileas::SharedMemoryUserOpInterface::ExternalModel<
                           TmaStoreModel<OpT>, OpT> {
  SharedMemoryNeed getSharedMemoryNeed(Operation *op,
                                       const TargetInfo &) const {
    return {getTmaStoreScratchBytes(op), ::tilecc::layout::kTmaBoxAlignment};
  }
};

/// A layout change through shared memory; one that stays in registers
/// (permutation, warp shuffles) needs none. It may get a buffer of its own.
struct ConvertLayoutModel
    : nv_tileas::SharedMemoryUserOpInterface::ExternalModel<
          ConvertLayoutModel, nv_tileas::ConvertLayoutOp> {
  SharedMemoryNeed getSharedMemoryNeed(Operation *op,
                                       const TargetInfo &) const {
    auto convert = cast<nv_tileas::ConvertLayoutOp>(op);
    if (!convertLayoutUsesShared(convert))
      return {};
    return {getConvertLayoutScratchBytes(op), 16};
  }
  bool mayOwnSharedBuffer(Operation *) const { return true; }
};

/// Dots stage operands: wgmma's B (1024-byte aligned: its swizzle repeats
/// every 1024 bytes), tcgen05's A, B, accumulator staging, mbarrier and
/// tensor-memory slot; tcgen05 also allocates accumulator columns.
struct DotModel : nv_tileas::SharedMemoryUserOpInterface::ExternalModel<
                      DotModel, nv_tileas::DotOp> {
  SharedMemoryNeed getSharedMemoryNeed(Operation *op,
                                       const TargetInfo &target) const {
    if (int64_t wgmma = getWgmmaScratchBytes(op))
      return {wgmma, 1024};
    return {getTcgen05DotScratchBytes(op, target), 16};
  }
  int64_t getTensorMemoryColumns(Operation *op,
                                 const TargetInfo &target) const {
    return getTcgen05DotColumns(op, target);
  }
};

struct BlockScaledModel
    : nv_tileas::SharedMemoryUserOpInterface::ExternalModel<
          BlockScaledModel, nv_tileas::BlockScaledMmaOp> {
  SharedMemoryNeed getSharedMemoryNeed(Operation *op,
                                       const TargetInfo &target) const {
    return {getTcgen05BlockScaledScratchBytes(op, target), 16};
  }
  int64_t getTensorMemoryColumns(Operation *op,
                                 const TargetInfo &target) const {
    return getTcgen05BlockScaledColumns(op, target);
  }
};

/// An accumulator resident in tensor memory: tmem_alloc stages a non-zero C
/// through the scratch and holds its columns until tmem_load (which stages
/// the result) releases them.
struct TmemAllocModel
    : nv_tileas::SharedMemoryUserOpInterface::ExternalModel<
          TmemAllocModel, nv_tileas::TmemAllocOp> {
  SharedMemoryNeed getSharedMemoryNeed(Operation *op,
                                       const TargetInfo &) const {
    return {getTcgen05TmemScratchBytes(op), 16};
  }
  int64_t getTensorMemoryColumns(Operation *op, const TargetInfo &) const {
    return getTcgen05TmemColumns(op);
  }
};

/// A tmem_dot staging its operands from registers: a buffer of its own,
/// since the MMAs read it after the op, until the loop's next tmem_wait.
struct TmemDotModel : nv_tileas::SharedMemoryUserOpInterface::ExternalModel<
                          TmemDotModel, nv_tileas::TmemDotOp> {
  SharedMemoryNeed getSharedMemoryNeed(Operation *op,
                                       const TargetInfo &target) const {
    return {getTcgen05DotScratchBytes(op, target), 16};
  }
  SharedLiveRange getSharedLiveRange(Operation *) const {
    return SharedLiveRange::Kernel;
  }
  StringRef getSharedBufferPrefix(Operation *) const {
    return "tilecc_tmem_operands";
  }
};

/// The cluster-launch-control response (24 bytes) must outlive the op: the
/// queries read it later.
struct CancelModel : nv_tileas::SharedMemoryUserOpInterface::ExternalModel<
                         CancelModel, nv_tileas::CancelNextProgramOp> {
  SharedMemoryNeed getSharedMemoryNeed(Operation *, const TargetInfo &) const {
    return {24, 16};
  }
  SharedLiveRange getSharedLiveRange(Operation *) const {
    return SharedLiveRange::Kernel;
  }
  StringRef getSharedBufferPrefix(Operation *) const {
    return "tilecc_cancel";
  }
};

/// A shared-memory global (cp.async / TMA rings, mbarriers): the whole
/// kernel, at its own alignment.
struct GlobalModel : nv_tileas::SharedMemoryUserOpInterface::ExternalModel<
                         GlobalModel, nv_tileas::GlobalOp> {
  SharedMemoryNeed getSharedMemoryNeed(Operation *op,
                                       const TargetInfo &) const {
    auto global = cast<nv_tileas::GlobalOp>(op);
    auto type = dyn_cast<RankedTensorType>(global.getType());
    if (global.getAddressSpace() != 3 || !type || !type.hasStaticShape() ||
        !type.getElementType().isIntOrFloat())
      return {};
    int64_t bytes = type.getNumElements() *
                    std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
    return {bytes, int64_t(global.getAlignment().value_or(1))};
  }
  SharedLiveRange getSharedLiveRange(Operation *) const {
    return SharedLiveRange::Kernel;
  }
};

} // namespace

void mlir::tilecc::registerSharedMemoryUserModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, nv_tileas::TileASDialect *) {
    nv_tileas::ConvertLayoutOp::attachInterface<ConvertLayoutModel>(*ctx);
    nv_tileas::BroadcastOp::attachInterface<ScratchModel<
        nv_tileas::BroadcastOp, getConvertLayoutScratchBytes>>(*ctx);
    nv_tileas::ReduceOp::attachInterface<
        ScratchModel<nv_tileas::ReduceOp, getReduceScratchBytes>>(*ctx);
    nv_tileas::ScanOp::attachInterface<
        ScratchModel<nv_tileas::ScanOp, getScanScratchBytes>>(*ctx);
    nv_tileas::AtomicRMWOp::attachInterface<
        ScratchModel<nv_tileas::AtomicRMWOp, getAtomicScratchBytes>>(*ctx);
    nv_tileas::AtomicCASOp::attachInterface<
        ScratchModel<nv_tileas::AtomicCASOp, getAtomicScratchBytes>>(*ctx);
    nv_tileas::TiledAtomicRMWOp::attachInterface<
        ScratchModel<nv_tileas::TiledAtomicRMWOp, getAtomicScratchBytes>>(
        *ctx);
    nv_tileas::ExtractSliceOp::attachInterface<
        ScratchModel<nv_tileas::ExtractSliceOp, getSliceScratchBytes>>(*ctx);
    nv_tileas::InsertSliceOp::attachInterface<
        ScratchModel<nv_tileas::InsertSliceOp, getSliceScratchBytes>>(*ctx);
    nv_tileas::ViewOp::attachInterface<
        ScratchModel<nv_tileas::ViewOp, getSliceScratchBytes>>(*ctx);
    nv_tileas::DotOp::attachInterface<DotModel>(*ctx);
    nv_tileas::BlockScaledMmaOp::attachInterface<BlockScaledModel>(*ctx);
    nv_tileas::TmemAllocOp::attachInterface<TmemAllocModel>(*ctx);
    nv_tileas::TmemDotOp::attachInterface<TmemDotModel>(*ctx);
    nv_tileas::TmemLoadOp::attachInterface<
        ScratchModel<nv_tileas::TmemLoadOp, getTcgen05TmemScratchBytes>>(*ctx);
    nv_tileas::CancelNextProgramOp::attachInterface<CancelModel>(*ctx);
    nv_tileas::GlobalOp::attachInterface<GlobalModel>(*ctx);
    nv_tileas::TmaStoreOp::attachInterface<
        TmaStoreModel<nv_tileas::TmaStoreOp>>(*ctx);
    nv_tileas::TmaReduceOp::attachInterface<
        TmaStoreModel<nv_tileas::TmaReduceOp>>(*ctx);
  });
  // A print stages its tile arguments one after the other.
  registry.addExtension(+[](MLIRContext *ctx, nv_tileaa::TileAADialect *) {
    nv_tileaa::PrintOp::attachInterface<
        ScratchModel<nv_tileaa::PrintOp, getConvertLayoutScratchBytes>>(*ctx);
  });
}
