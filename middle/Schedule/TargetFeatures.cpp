//===- TargetFeatures.cpp - features nv_tileaa/nv_tileas ops need ---------===//
#include "Schedule/TargetFeatures.h"

#include "Schedule/BlockedLayouts.h"

#include "Layout/InstructionTable.h"

#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::nv_tileas;
using F = ::tilecc::TargetFeature;

namespace {
bool isFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(type));
}
bool isFp4(Type type) {
  return isa<Float4E2M1FNType>(getElementTypeOrSelf(type));
}

bool isClusterScope(Operation *op) {
  if (auto scope = op->getAttrOfType<nv_tileaa::MemScopeAttr>("mem_scope"))
    return scope.getValue() == nv_tileaa::MemScope::Cluster;
  if (auto scope = op->getAttrOfType<MemScopeAttr>("mem_scope"))
    return scope.getValue() == MemScope::cluster;
  return false;
}

void add(SmallVectorImpl<F> &features, F feature) {
  if (!llvm::is_contained(features, feature))
    features.push_back(feature);
}
} // namespace

void mlir::nv_tileas::getTileFeatures(Operation *op,
                                      SmallVectorImpl<F> &features) {
  // The atoms an op carries name the instructions its lowering emits.
  for (NamedAttribute attr : op->getAttrs()) {
    if (auto mma = dyn_cast<MmaAtomAttr>(attr.getValue())) {
      // The instruction table says what each family needs.
      if (std::optional<F> feature = ::tilecc::layout::getRequiredFeature(
              toTableFamily(mma.getFamily())))
        add(features, *feature);
    } else if (auto copy =
                   dyn_cast<CopyAtomAttrInterface>(attr.getValue())) {
      if (std::optional<F> feature = copy.getRequiredFeature())
        add(features, *feature);
    }
  }
  StringRef name = op->getName().getStringRef();
  if (name.starts_with("nv_tileas.tma_") ||
      isa<MakeTiledTmaDescOp>(op))
    add(features, F::Tma);
  if (isa<BlockScaledMmaOp>(op))
    add(features, F::BlockScaledMma);
  if (isClusterScope(op))
    add(features, F::Clusters);
  if (auto spec =
          op->getAttrOfType<nv_tileaa::KernelSpecAttr>("nv_tileaa.kernel_spec"))
    if (llvm::any_of(spec.getClusterDim(), [](int64_t d) { return d > 1; }))
      add(features, F::Clusters);

  // A wgmma operand staged in shared memory is read through the async proxy
  // (fence.proxy.async after the copies that wrote it).
  if (op->hasAttr(kWgmmaOperandAttrName))
    add(features, F::Wgmma);
  if (op->hasAttr(kTcgen05OperandAttrName))
    add(features, F::Tcgen05);
  if (op->hasAttr(kAsyncProxyFenceAttrName))
    add(features, F::AsyncProxyFence);

  // Matrix multiply-accumulate on narrow formats. Conversions to and from
  // them are not checked: the lowering has exact integer sequences where the
  // target lacks cvt.
  if (isa<nv_tileaa::DotOp, DotOp>(op)) {
    if (llvm::any_of(op->getOperandTypes(), isFp8))
      add(features, F::MmaSyncFp8);
    if (llvm::any_of(op->getOperandTypes(), isFp4))
      add(features, F::Fp4);
  }
}

LogicalResult mlir::nv_tileas::reportMissingFeatures(
    Operation *root, const ::tilecc::TargetInfo &target,
    function_ref<void(Operation *, SmallVectorImpl<F> &)> classify) {
  bool ok = true;
  SmallVector<F> features;
  root->walk([&](Operation *op) {
    features.clear();
    classify(op, features);
    for (F feature : features) {
      if (target.has(feature))
        continue;
      op->emitError() << "'" << op->getName() << "' requires "
                      << ::tilecc::getFeatureName(feature) << ", which "
                      << target.getName() << " does not have";
      ok = false;
      break; // one error per op
    }
  });
  return success(ok);
}
