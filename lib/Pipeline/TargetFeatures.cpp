//===- TargetFeatures.cpp - arch features a module needs ------------------===//
#include "Pipeline/TargetFeatures.h"

#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tilecc;
using F = TargetFeature;

namespace {
/// Ops that are a feature by name (NVVM intrinsics and nv_tileas ops that map
/// to one instruction family), longest prefix first where they overlap.
struct NamedFeature {
  llvm::StringLiteral prefix;
  F feature;
};
const NamedFeature kNamedFeatures[] = {
    {"nvvm.cp.async.bulk", F::Tma},
    {"nvvm.cp.async.", F::CpAsync},
    {"nvvm.wgmma.", F::Wgmma},
    {"nvvm.tcgen05.", F::Tcgen05},
    {"nvvm.clusterlaunchcontrol", F::ClusterLaunchControl},
    {"nvvm.cluster", F::Clusters},
    {"nvvm.read.ptx.sreg.cluster", F::Clusters},
    {"nvvm.mapa", F::Clusters},
    {"nvvm.ldmatrix", F::Ldmatrix},
    {"nvvm.mma.sync", F::MmaSyncF16},
    {"nv_tileas.tma_", F::Tma},
    {"nv_tileas.make_tiled_tma_desc", F::Tma},
    {"nv_tileas.block_scaled_mma", F::BlockScaledMma},
};

bool isFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(type));
}
bool isFp4(Type type) {
  return isa<Float4E2M1FNType>(getElementTypeOrSelf(type));
}

bool isClusterScope(Operation *op) {
  if (auto scope = op->getAttrOfType<nv_tileaa::MemScopeAttr>("mem_scope"))
    return scope.getValue() == nv_tileaa::MemScope::Cluster;
  if (auto scope = op->getAttrOfType<nv_tileas::MemScopeAttr>("mem_scope"))
    return scope.getValue() == nv_tileas::MemScope::cluster;
  return false;
}

/// Cluster dimensions a kernel asks for, through nv_tileaa.kernel_spec or the
/// NVVM function attributes.
bool launchesClusters(Operation *op) {
  if (auto spec =
          op->getAttrOfType<nv_tileaa::KernelSpecAttr>("nv_tileaa.kernel_spec"))
    return llvm::any_of(spec.getClusterDim(), [](int64_t d) { return d > 1; });
  if (isa<LLVM::LLVMFuncOp>(op))
    return op->hasAttr("nvvm.cluster_dim") ||
           op->hasAttr("nvvm.cluster_max_blocks");
  return false;
}

/// PTX written as inline assembly: its qualifiers name the features.
void addInlineAsmFeatures(LLVM::InlineAsmOp op, SmallVectorImpl<F> &features) {
  StringRef text = op.getAsmString();
  if (text.contains("clusterlaunchcontrol."))
    features.push_back(F::ClusterLaunchControl);
  else if (text.contains(".cluster"))
    features.push_back(F::Clusters);
  bool atomic = text.contains("atom.") || text.contains("red.");
  if (atomic && text.contains(".add") && text.contains(".bf16"))
    features.push_back(F::Bf16AtomicAdd);
  if (text.contains(".e4m3") || text.contains(".e5m2"))
    features.push_back(F::Fp8Convert);
}
} // namespace

SmallVector<F> tilecc::getRequiredFeatures(Operation *op) {
  SmallVector<F> features;
  StringRef name = op->getName().getStringRef();
  for (const NamedFeature &named : kNamedFeatures)
    if (name.starts_with(named.prefix)) {
      features.push_back(named.feature);
      break;
    }
  if (isClusterScope(op) || launchesClusters(op))
    features.push_back(F::Clusters);

  // Conversions to and from the narrow float formats are not checked here:
  // the lowering uses cvt where the target has it and an exact integer
  // sequence elsewhere; PTX that names the formats is checked below.
  // Matrix multiply-accumulate on narrow formats.
  if (isa<nv_tileaa::DotOp, nv_tileas::DotOp, nv_tileas::AsyncDotOp>(op)) {
    if (llvm::any_of(op->getOperandTypes(), isFp8))
      features.push_back(F::MmaSyncFp8);
    if (llvm::any_of(op->getOperandTypes(), isFp4))
      features.push_back(F::Fp4);
  }
  if (auto inlineAsm = dyn_cast<LLVM::InlineAsmOp>(op))
    addInlineAsmFeatures(inlineAsm, features);
  return features;
}

LogicalResult tilecc::checkTargetFeatures(Operation *root,
                                          const TargetInfo &target) {
  bool ok = true;
  root->walk([&](Operation *op) {
    for (F feature : getRequiredFeatures(op)) {
      if (target.has(feature))
        continue;
      op->emitError() << "'" << op->getName() << "' requires "
                      << getFeatureName(feature) << ", which "
                      << target.getName() << " does not have";
      ok = false;
      break; // one error per op
    }
  });
  return success(ok);
}
