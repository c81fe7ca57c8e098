//===- TileASDialect.cpp - nv_tileas dialect ------------------------------===//
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASAsyncMmaOps.h"
#include "TileAS/IR/TileASConversionPlans.h"
#include "TileAS/IR/TileASTmemOps.h"
#include "TileAS/IR/TileASWarpgroupOps.h"
#include "TileAS/IR/TileASModuleAttrs.h"

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
  // Declared apart from TileASDialect.h (TileASAsyncMmaOps.h,
  // TileASTmemOps.h, TileASWarpgroupOps.h).
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASAsyncMmaOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASTmemOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASWarpgroupOps.cpp.inc"
      >();
  addInterfaces<ConversionPlanCacheInterface>();
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
  // The wgmma operand (0: A, 1: B) a ring slot holds, on async_load /
  // future_wait.
  // (`nv_tileas.tcgen05_operand`: the same layouts, read by tcgen05; also
  // 2: a B held K-major, the slot holding its transpose in A's layout.)
  if (attr.getName() == "nv_tileas.wgmma_operand") {
    auto which = dyn_cast<IntegerAttr>(attr.getValue());
    if (!which || (which.getInt() != 0 && which.getInt() != 1))
      return op->emitError() << "'" << attr.getName().getValue()
                             << "' must be 0 (A) or 1 (B)";
    return success();
  }
  if (attr.getName() == "nv_tileas.tcgen05_operand") {
    auto which = dyn_cast<IntegerAttr>(attr.getValue());
    if (!which || which.getInt() < 0 || which.getInt() > 2)
      return op->emitError() << "'" << attr.getName().getValue()
                             << "' must be 0 (A), 1 (B) or 2 (B held K-major)";
    return success();
  }
  // Markers of the wgmma path (sm_90a): an arch-specific target on the
  // module, an async-proxy fence on async_wait, MMAs left in flight on a
  // dot.
  if (llvm::is_contained({"nv_tileas.arch_specific",
                          "nv_tileas.async_proxy_fence",
                          "nv_tileas.async_mma"},
                         attr.getName().getValue())) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << attr.getName().getValue()
                             << "' is a unit attribute";
    return success();
  }
  // A dot whose MMAs are a warpgroup's turn (TileASWarpgroupOps.h).
  if (attr.getName() == kWarpgroupTurnAttrName) {
    auto turn = dyn_cast<DenseI32ArrayAttr>(attr.getValue());
    if (!turn || turn.size() != 2 || !isa<DotOp>(op))
      return op->emitError() << "'" << kWarpgroupTurnAttrName
                             << "' must be array<i32: barrier, warpgroups> "
                                "on a dot";
    return verifyWarpgroupTurns(op, turn[0], turn[1]);
  }
  // The memory plan (tileas-plan-memory, TileASMemoryPlan.h).
  if (attr.getName() == kMemoryPlanAttrName) {
    if (!isa<DictionaryAttr>(attr.getValue()) || !isa<ModuleOp>(op))
      return op->emitError() << "'" << kMemoryPlanAttrName
                             << "' must be a dictionary on a module";
    return success();
  }
  if (attr.getName() == kSharedSliceAttrName) {
    if (!isa<DictionaryAttr>(attr.getValue()) || !getSharedSlice(op))
      return op->emitError() << "'" << kSharedSliceAttrName
                             << "' must be a dictionary with integer "
                                "'offset' and 'bytes'";
    return success();
  }
  if (attr.getName() == kTmemColumnsAttrName) {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || value.getInt() <= 0)
      return op->emitError() << "'" << kTmemColumnsAttrName
                             << "' must be a positive column count";
    return success();
  }
  if (attr.getName() == kBarrierAttrName) {
    if (!isa<BoolAttr>(attr.getValue()))
      return op->emitError() << "'" << kBarrierAttrName
                             << "' must be a boolean";
    return success();
  }
  if (attr.getName() == kStaticSharedLimitAttrName) {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || value.getInt() <= 0)
      return op->emitError() << "'" << kStaticSharedLimitAttrName
                             << "' must be a positive byte count";
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
