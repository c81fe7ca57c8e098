//===- TargetFeatures.cpp - arch features a module needs ------------------===//
#include "Pipeline/TargetFeatures.h"

#include "Conversion/TileASToLLVM/PtxVersion.h"
#include "Schedule/TargetFeatures.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace ::tilecc;
using F = TargetFeature;

namespace {
/// NVVM ops that are a feature by name, longest prefix first where they
/// overlap. NVVM names follow the PTX opcodes but not always (special
/// registers, cluster queries), so they have their own rows.
struct NamedFeature {
  llvm::StringLiteral prefix;
  F feature;
};
const NamedFeature kNvvmFeatures[] = {
    {"nvvm.cp.async.bulk", F::Tma},
    {"nvvm.cp.async.", F::CpAsync},
    {"nvvm.wgmma.", F::Wgmma},
    {"nvvm.tcgen05.", F::Tcgen05},
    {"nvvm.mbarrier.try_wait", F::MbarrierTx},
    {"nvvm.mbarrier.arrive.expect_tx", F::MbarrierTx},
    {"nvvm.mbarrier.expect_tx", F::MbarrierTx},
    {"nvvm.fence.mbarrier.init", F::MbarrierTx},
    {"nvvm.fence.proxy.acquire", F::Tma}, // the tensormap proxy
    {"nvvm.fence.proxy.release", F::Tma},
    {"nvvm.clusterlaunchcontrol", F::ClusterLaunchControl},
    {"nvvm.cluster", F::Clusters},
    {"nvvm.read.ptx.sreg.cluster", F::Clusters},
    {"nvvm.mapa", F::Clusters},
    {"nvvm.ldmatrix", F::Ldmatrix},
    {"nvvm.stmatrix", F::Stmatrix},
    {"nvvm.mma.sync", F::MmaSyncF16},
    {"nvvm.mma.block_scale", F::BlockScaledMma},
    {"nvvm.setmaxregister", F::Setmaxnreg},
    {"nvvm.elect.sync", F::ElectSync},
    {"nvvm.griddepcontrol", F::GridDepControl},
};

void add(SmallVectorImpl<F> &features, F feature) {
  if (!llvm::is_contained(features, feature))
    features.push_back(feature);
}

/// tcgen05.mma's kind::i8 exists on fewer targets than tcgen05 itself.
template <typename... MmaOps> bool isTcgen05MmaKindI8(Operation *op) {
  bool i8 = false;
  (
      [&] {
        if (auto mma = dyn_cast<MmaOps>(op))
          i8 = mma.getKind() == NVVM::Tcgen05MMAKind::I8;
      }(),
      ...);
  return i8;
}

/// PTX written as inline assembly (tilecc's own wgmma, tcgen05, cp.async,
/// mbarrier, ldmatrix... and user asm): each instruction's opcode by
/// TargetInfo's PTX table, and the qualifiers that name a feature on any
/// instruction.
void addPtxFeatures(StringRef text, SmallVectorImpl<F> &features) {
  getPtxFeatures(text, features);
  if (text.contains("clusterlaunchcontrol."))
    add(features, F::ClusterLaunchControl);
  else if (text.contains(".cluster"))
    add(features, F::Clusters);
  bool atomic = text.contains("atom.") || text.contains("red.");
  if (atomic && text.contains(".add") && text.contains(".bf16"))
    add(features, F::Bf16AtomicAdd);
  if (text.contains(".e4m3") || text.contains(".e5m2"))
    add(features, F::Fp8Convert);
}
} // namespace

void ::tilecc::getRequiredFeatures(Operation *op, SmallVectorImpl<F> &features) {
  mlir::nv_tileas::getTileFeatures(op, features);
  StringRef name = op->getName().getStringRef();
  for (const NamedFeature &named : kNvvmFeatures)
    if (name.starts_with(named.prefix)) {
      add(features, named.feature);
      break;
    }
  if (isTcgen05MmaKindI8<NVVM::Tcgen05MMAOp, NVVM::Tcgen05MMASparseOp,
                         NVVM::Tcgen05MMAWsOp, NVVM::Tcgen05MMAWsSparseOp>(op))
    add(features, F::Tcgen05KindI8);
  // fence.proxy.async (the alias proxy's fence is older).
  if (auto fence = dyn_cast<NVVM::FenceProxyOp>(op))
    if (fence.getKind() != NVVM::ProxyKind::alias)
      add(features, F::AsyncProxyFence);
  if (isa<LLVM::LLVMFuncOp>(op) && (op->hasAttr("nvvm.cluster_dim") ||
                                    op->hasAttr("nvvm.cluster_max_blocks")))
    add(features, F::Clusters);
  if (auto inlineAsm = dyn_cast<LLVM::InlineAsmOp>(op))
    addPtxFeatures(inlineAsm.getAsmString(), features);
  // NVVM's own inline-PTX op.
  if (name == "nvvm.inline_ptx")
    if (auto text = op->getAttrOfType<StringAttr>("ptxCode"))
      addPtxFeatures(text.getValue(), features);
}

namespace tilecc {
LogicalResult checkTargetFeatures(Operation *root, const TargetInfo &target) {
  return mlir::nv_tileas::reportMissingFeatures(root, target,
                                                getRequiredFeatures);
}
} // namespace tilecc

void ::tilecc::requireOpsPtxVersion(ModuleOp module, const TargetInfo &target) {
  unsigned needed = target.ptxVersion;
  Operation *needing = nullptr;
  module.walk([&](Operation *op) {
    unsigned version = getNvvmOpPtxVersion(op->getName().getStringRef());
    if (version > needed) {
      needed = version;
      needing = op;
    }
  });
  if (!needing)
    return;
  OpBuilder b(module.getContext());
  mlir::tilecc::requirePtxVersion(b, needing, int32_t(needed));
}
