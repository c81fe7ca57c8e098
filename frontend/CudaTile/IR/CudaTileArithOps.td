//===- CudaTileArithOps.td - arithmetic, math and conversion ops -*- tablegen -*-===//
#ifndef TILECC_CUDATILE_ARITH_OPS_TD
#define TILECC_CUDATILE_ARITH_OPS_TD

include "CudaTile/IR/CudaTileTypes.td"
include "CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

#endif // TILECC_CUDATILE_ARITH_OPS_TD
