//===- CheckTargetFeatures.cpp - ops the target's hardware lacks ----------===//
//
// Some cuda_tile ops need hardware only some targets have, and some forms
// tilecc cannot lower yet. They are rejected up front, at the op (naming the
// targets that have the hardware), instead of failing deep in the lowering.
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
  // Sub-byte elements (f4E2M1FN, i4) share bytes in memory, two per byte:
  // a tensor view locates one by its element index (byte and nibble), but a
  // pointer holds a byte address, so a tile of pointers cannot name the
  // upper nibble. (View accesses are expanded before this check runs.)
  module.walk([&](Operation *op) {
    if (!isa<cuda_tile::LoadPtrTkoOp, cuda_tile::StorePtrTkoOp>(op))
      return;
    Value data = isa<cuda_tile::LoadPtrTkoOp>(op) ? op->getResult(0)
                                                  : op->getOperand(1);
    Type element = cast<cuda_tile::TileType>(data.getType()).getElementType();
    unsigned width = element.getIntOrFloatBitWidth();
    if (width >= 8 || width == 1)
      return;
    op->emitOpError() << "on sub-byte elements (" << element
                      << ") is not supported: a pointer addresses whole bytes; "
                         "load and store them through a tensor view";
    ok = false;
  });
  return success(ok);
}
