//===- CudaTileControlFlowOps.td - control flow, shape, reduction and MMA ops -*- tablegen -*-===//
#ifndef TILECC_CUDATILE_CONTROLFLOW_OPS_TD
#define TILECC_CUDATILE_CONTROLFLOW_OPS_TD

include "CudaTile/IR/CudaTileTypes.td"
include "CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

#endif // TILECC_CUDATILE_CONTROLFLOW_OPS_TD
