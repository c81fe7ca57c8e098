//===- InterpCore.cpp - interpreter semantics of the core ops -------------===//
#include "Interp/Interpreter.h"

#include "CudaTile/IR/CudaTileDialect.h"

using namespace mlir;
using namespace tilecc::interp;
namespace ct = mlir::cuda_tile;

void tilecc::interp::registerCoreHandlers(OpHandlerRegistry &registry) {
  registry.add<ct::ConstantOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto constant = cast<ct::ConstantOp>(op);
    auto dense = cast<DenseElementsAttr>(constant.getValue());
    exec.set(constant.getResult(), tileFromDense(dense));
    return success();
  });
  registry.add<ct::ReturnOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    llvm::SmallVector<Tile, 2> results;
    for (Value operand : op->getOperands())
      results.push_back(exec.get(operand));
    exec.exitRegion(RegionExit::Return, std::move(results));
    return success();
  });
  registry.add<ct::GetGlobalOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto getGlobal = cast<ct::GetGlobalOp>(op);
    auto global = SymbolTable::lookupNearestSymbolFrom<ct::GlobalOp>(
        op, getGlobal.getNameAttr());
    auto tileType = cast<ct::TileType>(getGlobal.getType());
    exec.set(getGlobal.getResult(),
             Tile::scalar(tileType.getElementType(),
                          exec.getLaunch().globalAddresses.lookup(global)));
    return success();
  });
}
