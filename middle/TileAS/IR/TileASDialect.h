//===- TileASDialect.h - nv_tileas dialect ----------------------*- C++ -*-===//
#ifndef TILECC_TILEAS_IR_TILEASDIALECT_H
#define TILECC_TILEAS_IR_TILEASDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "Target/TargetInfo.h"
#include "TileAS/IR/TileASLayoutSupport.h"
#include "mlir/IR/TensorEncoding.h"

#include "TileAS/IR/TileASDialect.h.inc"
#include "TileAS/IR/TileASMemoryPlan.h"
#include "TileAS/IR/TileASInterfacesAttrs.h.inc"
#include "TileAS/IR/TileASInterfacesOps.h.inc"
#include "TileAS/IR/TileASAttrsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TileAS/IR/TileASAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TileAS/IR/TileASTypes.h.inc"

namespace tilecc::layout {
enum class MmaFamily : uint32_t; // Layout/InstructionTable.h
} // namespace tilecc::layout

namespace mlir::nv_tileas {
/// lib/Layout's instruction-table family of an atom's family.
::tilecc::layout::MmaFamily toTableFamily(MmaFamily family);
/// The instruction-table name of an MMA element type: `f16`, `bf16`,
/// `tf32`, `f32`, `f64`, `e4m3`, `e5m2`, `e2m1`, `ue8m0`, `s8`/`u8` by the
/// integer's signedness (signless counts as signed), else the type as
/// printed.
std::string getMmaElementName(Type type);
} // namespace mlir::nv_tileas

// nv_tileas.yield names its parents before their families are declared.
namespace mlir::nv_tileas {
class ReduceOp;
class ScanOp;
class PipelineProducerOp;
class PipelineConsumerOp;
} // namespace mlir::nv_tileas

#define GET_OP_CLASSES
#include "TileAS/IR/TileASStructureOps.h.inc"
#define GET_OP_CLASSES
#include "TileAS/IR/TileASMemoryOps.h.inc"
#define GET_OP_CLASSES
#include "TileAS/IR/TileASAsyncOps.h.inc"
#define GET_OP_CLASSES
#include "TileAS/IR/TileASTmaOps.h.inc"
#define GET_OP_CLASSES
#include "TileAS/IR/TileASComputeOps.h.inc"
#define GET_OP_CLASSES
#include "TileAS/IR/TileASPipelineOps.h.inc"
#define GET_OP_CLASSES
#include "TileAS/IR/TileASExtensionOps.h.inc"

#endif // TILECC_TILEAS_IR_TILEASDIALECT_H
