//===- TileAADialect.h - nv_tileaa dialect ----------------------*- C++ -*-===//
#ifndef TILECC_TILEAA_IR_TILEAADIALECT_H
#define TILECC_TILEAA_IR_TILEAADIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TileAA/IR/TileAAAttrsEnums.h.inc"
#include "TileAA/IR/TileAADialect.h.inc"
#include "TileAA/IR/TileAAInterfacesAttrs.h.inc"
#include "TileAA/IR/TileAAInterfacesOps.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TileAA/IR/TileAAAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TileAA/IR/TileAATypes.h.inc"

namespace mlir::nv_tileaa {
// Ops referenced across families (terminators and parents).
class FuncOp;
class YieldOp;
class QueueGetOp;
class QueueYieldOp;
class ReduceOp;
class ScanOp;
class GenerateOp;
class PragmaOp;
class ExecuteOp;
} // namespace mlir::nv_tileaa

#define GET_OP_CLASSES
#include "TileAA/IR/TileAAStructureOps.h.inc"
#define GET_OP_CLASSES
#include "TileAA/IR/TileAATokenOps.h.inc"
#define GET_OP_CLASSES
#include "TileAA/IR/TileAAMathOps.h.inc"
#define GET_OP_CLASSES
#include "TileAA/IR/TileAAShapeOps.h.inc"
#define GET_OP_CLASSES
#include "TileAA/IR/TileAAMemoryOps.h.inc"

namespace mlir::nv_tileaa {

/// The target the IR is compiled for, from the nearest enclosing
/// `nv_tileaa.target_spec` or `nv_tileaa.compute_capability` attribute; null
/// when none is attached yet.
TargetSpecAttr lookupTargetSpec(Operation *op);

/// Shape of a tile or scalar (empty for a scalar).
ArrayRef<int64_t> getTileShape(Type type);
/// Element of a tile, or the scalar type itself.
Type getTileElementType(Type type);

} // namespace mlir::nv_tileaa

#endif // TILECC_TILEAA_IR_TILEAADIALECT_H
