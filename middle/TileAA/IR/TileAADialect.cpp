//===- TileAADialect.cpp - nv_tileaa dialect ------------------------------===//
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

#include "TileAA/IR/TileAADialect.cpp.inc"

void TileAADialect::initialize() {
  registerTypes();
  registerAttributes();
  registerMathOps();
  registerShapeOps();
  registerMemoryOps();
  registerTokenOps();
  registerStructureOps();
}

Operation *TileAADialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

TargetSpecAttr mlir::nv_tileaa::lookupTargetSpec(Operation *op) {
  for (Operation *cur = op; cur; cur = cur->getParentOp()) {
    if (auto spec = cur->getAttrOfType<TargetSpecAttr>("nv_tileaa.target_spec"))
      return spec;
    if (auto cc = cur->getAttrOfType<ComputeCapabilityAttr>(
            "nv_tileaa.compute_capability"))
      return TargetSpecAttr::get(op->getContext(), cc.getValue(), StringAttr(),
                                 std::nullopt);
  }
  return {};
}

ArrayRef<int64_t> mlir::nv_tileaa::getTileShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

Type mlir::nv_tileaa::getTileElementType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  return type;
}
