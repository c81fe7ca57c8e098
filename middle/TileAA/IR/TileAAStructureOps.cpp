//===- TileAAStructureOps.cpp - functions, plugins, grid, queues ----------===//
#include "TileAA/IR/TileAADialect.h"

#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

#define GET_OP_CLASSES
#include "TileAA/IR/TileAAStructureOps.cpp.inc"

void TileAADialect::registerStructureOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAA/IR/TileAAStructureOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// func, call, return
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildType = [](Builder &builder, ArrayRef<Type> args,
                      ArrayRef<Type> results,
                      function_interface_impl::VariadicFlag, std::string &) {
    return builder.getFunctionType(args, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult FuncOp::verify() {
  if (isExternal())
    return success();
  if (getBody().front().getArgumentTypes() != getArgumentTypes())
    return emitOpError("expects the entry block arguments to match the "
                       "function signature");
  return success();
}

LogicalResult ReturnOp::verify() {
  auto func = cast<FuncOp>((*this)->getParentOp());
  if (TypeRange(getOperands()) != TypeRange(func.getResultTypes()))
    return emitOpError("expects operands to match the result types of '")
           << func.getSymName() << "'";
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee =
      symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("'")
           << getCallee() << "' does not reference a nv_tileaa.func";
  FunctionType type = callee.getFunctionType();
  if (TypeRange(getOperands()) != TypeRange(type.getInputs()) ||
      getResultTypes() != TypeRange(type.getResults()))
    return emitOpError("expects the call to match the signature of '")
           << getCallee() << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// launch_func, execute
//===----------------------------------------------------------------------===//

LogicalResult LaunchFuncOp::verify() {
  if (getGrid().empty() || getGrid().size() > 3)
    return emitOpError("expects 1 to 3 grid extents");
  return success();
}

LogicalResult
LaunchFuncOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto kernel =
      symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, getKernelAttr());
  if (!kernel)
    return emitOpError("'")
           << getKernel() << "' does not reference a nv_tileaa.func";
  if (TypeRange(getArgs()) != TypeRange(kernel.getArgumentTypes()))
    return emitOpError("expects the arguments to match the signature of '")
           << getKernel() << "'";
  return success();
}

LogicalResult ExecuteOp::verify() {
  for (auto [name, value] :
       {std::pair<StringRef, int64_t>{"max_registers", getMaxRegisters()},
        {"shared_memory_bytes", getSharedMemoryBytes()},
        {"tensor_memory_bytes", getTensorMemoryBytes()},
        {"named_barriers", getNamedBarriers()}})
    if (value < 0)
      return emitOpError("expects ") << name << " to be non-negative";
  // sm_90/sm_100 hardware limits the scheduler must honor.
  if (getMaxRegisters() > 255)
    return emitOpError("expects max_registers of at most 255");
  if (getNamedBarriers() > 16)
    return emitOpError("expects at most 16 named barriers");
  Block &block = getBody().front();
  if (block.getArgumentTypes() != TypeRange(getArgs()))
    return emitOpError("expects the region arguments to match the operands");
  Operation *terminator = &block.back();
  if (isa<YieldOp>(terminator) &&
      TypeRange(terminator->getOperands()) != getResultTypes())
    return emitOpError("expects the region to yield the result types");
  return success();
}

LogicalResult ExecuteOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr plugin = getPluginAttr();
  if (!plugin)
    return success();
  auto decl = symbolTable.lookupNearestSymbolFrom<PluginOp>(*this, plugin);
  if (!decl)
    return emitOpError("'")
           << plugin.getValue() << "' does not reference a nv_tileaa.plugin";
  FunctionType type = decl.getFunctionType();
  if (TypeRange(getArgs()) != TypeRange(type.getInputs()) ||
      getResultTypes() != TypeRange(type.getResults()))
    return emitOpError("expects the operands and results to match plugin '")
           << plugin.getValue() << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// Grid and queues
//===----------------------------------------------------------------------===//

LogicalResult GetProgramIdOp::verify() {
  if (getDim() < 0 || getDim() > 2)
    return emitOpError("expects dim 0, 1 or 2");
  return success();
}

LogicalResult GetNumProgramsOp::verify() {
  if (getDim() < 0 || getDim() > 2)
    return emitOpError("expects dim 0, 1 or 2");
  return success();
}

LogicalResult CreateQueueOp::verify() {
  if (getDepth() <= 0)
    return emitOpError("expects a positive depth");
  return success();
}

LogicalResult QueueGetOp::verify() {
  Block &block = getBody().front();
  if (block.getArgumentTypes() != getQueue().getType().getResultTypes())
    return emitOpError("expects the region arguments to be the queue's slot "
                       "types");
  Operation *terminator = &block.back();
  if (isa<QueueYieldOp>(terminator) &&
      TypeRange(terminator->getOperands()) != getResultTypes())
    return emitOpError("expects queue.yield to forward the result types");
  return success();
}

LogicalResult QueuePutOp::verify() {
  if (TypeRange(getValues()) != getQueue().getType().getResultTypes())
    return emitOpError("expects the values to be the queue's slot types");
  return success();
}
