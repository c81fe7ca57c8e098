//===- TileASDialect.cpp - nv_tileas dialect ------------------------------===//
#include "TileAS/IR/TileASDialect.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#include "TileAS/IR/TileASDialect.cpp.inc"

void TileASDialect::initialize() {
  registerTypes();
  registerAttributes();
  registerStructureOps();
  registerMemoryOps();
  registerAsyncOps();
  registerTmaOps();
  registerComputeOps();
  registerPipelineOps();
  registerExtensionOps();
}

LogicalResult TileASDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  // Warps per CTA the layouts of a function were assigned for.
  if (attr.getName() == "nv_tileas.num_warps") {
    auto warps = dyn_cast<IntegerAttr>(attr.getValue());
    if (!warps || warps.getInt() <= 0 || (warps.getInt() & (warps.getInt() - 1)))
      return op->emitError()
             << "'nv_tileas.num_warps' must be a positive power of two";
    return success();
  }
  // Markers of the wgmma path (sm_90a): an arch-specific target on the
  // module, a wgmma B ring slot on async_load / future_wait, an async-proxy
  // fence on async_wait.
  if (llvm::is_contained({"nv_tileas.arch_specific", "nv_tileas.wgmma_operand",
                          "nv_tileas.async_proxy_fence"},
                         attr.getName().getValue())) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << attr.getName().getValue()
                             << "' is a unit attribute";
    return success();
  }
  if (attr.getName() != kComputeCapabilityAttrName)
    return op->emitError() << "unknown nv_tileas attribute '"
                           << attr.getName().getValue() << "'";
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value || value.getInt() <= 0)
    return op->emitError() << "'" << kComputeCapabilityAttrName
                           << "' must be a positive integer (major * 10 + minor)";
  return success();
}

std::optional<int64_t> TileASDialect::getComputeCapability(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto cc = op->getAttrOfType<IntegerAttr>(kComputeCapabilityAttrName))
      return cc.getInt();
  return std::nullopt;
}
