//===- CheckTargetFeatures.cpp - ops the target's hardware lacks ----------===//
//
// Some cuda_tile ops need hardware only some targets have. They are rejected
// up front, at the op (naming the targets that have the hardware), instead of
// failing deep in the lowering.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "Target/TargetInfo.h"

using namespace mlir;
using namespace mlir::tilecc;

LogicalResult mlir::tilecc::checkTargetFeatures(ModuleOp module,
                                                StringRef arch) {
  std::optional<::tilecc::TargetInfo> target = ::tilecc::parseTarget(arch);
  if (!target)
    return success(); // the driver reports an unknown target
  bool ok = true;
  module.walk([&](cuda_tile::MmaFScaledOp op) {
    if (target->has(::tilecc::TargetFeature::BlockScaledMma))
      return;
    op.emitOpError() << "requires block-scaled MMA (sm_100a, sm_103a, "
                        "sm_110a, sm_120a or sm_121a); not supported on "
                     << target->getName();
    ok = false;
  });
  return success(ok);
}
