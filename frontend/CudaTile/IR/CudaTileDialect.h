//===- CudaTileDialect.h - cuda_tile dialect --------------------*- C++ -*-===//
#ifndef TILECC_CUDATILE_IR_CUDATILEDIALECT_H
#define TILECC_CUDATILE_IR_CUDATILEDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "CudaTile/IR/CudaTileDebugInfo.h"
#include "CudaTile/IR/CudaTileDialect.h.inc"
#include "CudaTile/IR/CudaTileInterfacesTypes.h.inc"
#include "CudaTile/IR/CudaTileInterfacesAttrs.h.inc"
#include "CudaTile/IR/CudaTileAttrsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "CudaTile/IR/CudaTileAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "CudaTile/IR/CudaTileTypes.h.inc"

namespace mlir::cuda_tile {
// `return` (core family) may end an `if` branch (control-flow family).
class IfOp;
} // namespace mlir::cuda_tile

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileCoreOps.h.inc"
#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileArithOps.h.inc"
#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileMemoryOps.h.inc"
#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileControlFlowOps.h.inc"
#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileMiscOps.h.inc"

#endif // TILECC_CUDATILE_IR_CUDATILEDIALECT_H
