//===- InterpControlFlow.cpp - interpreter semantics of control flow ------===//
//
// if / for / loop and their terminators, and the combiner-region ops reduce
// and scan. A `continue`, `break` or `return` inside a nested `if` ends the
// `if`'s region with that exit, which the handler passes on to the enclosing
// region until the loop (or function) that owns it consumes it.
//
//===----------------------------------------------------------------------===//
#include "Interp/Interpreter.h"

#include "CudaTile/IR/CudaTileDialect.h"

using namespace mlir;
using namespace tilecc::interp;
namespace ct = mlir::cuda_tile;

namespace {

llvm::SmallVector<Tile, 2> operandTiles(Operation *op, BlockExecution &exec,
                                        ValueRange values) {
  llvm::SmallVector<Tile, 2> tiles;
  for (Value v : values)
    tiles.push_back(exec.get(v));
  return tiles;
}

template <RegionExit::Kind kind>
LogicalResult exitWith(Operation *op, BlockExecution &exec) {
  exec.exitRegion(kind, operandTiles(op, exec, op->getOperands()));
  return success();
}

void setResults(Operation *op, BlockExecution &exec,
                llvm::SmallVector<Tile, 2> &values) {
  for (auto [result, tile] : llvm::zip(op->getResults(), values))
    exec.set(result, std::move(tile));
}

/// Runs one loop body; returns true when the loop must stop (break or a
/// return passed upward), with `carried` updated for the next iteration.
FailureOr<bool> runLoopBody(Operation *op, BlockExecution &exec, Region &body,
                            llvm::ArrayRef<Tile> args,
                            llvm::SmallVector<Tile, 2> &carried,
                            llvm::SmallVector<Tile, 2> &results) {
  RegionExit exit = exec.executeRegion(body, args);
  switch (exit.kind) {
  case RegionExit::Failed:
    return failure();
  case RegionExit::Continue:
  case RegionExit::Yield:
    carried = std::move(exit.values);
    return false;
  case RegionExit::Break:
    results = std::move(exit.values);
    return true;
  case RegionExit::Return:
    exec.exitRegion(RegionExit::Return, std::move(exit.values));
    return true;
  }
  return failure();
}

/// The combiner region applied to (element, accumulator) pairs of every
/// operand: region arguments are interleaved as (x0, acc0, x1, acc1, ...).
FailureOr<llvm::SmallVector<uint64_t, 2>>
combine(BlockExecution &exec, Region &body, llvm::ArrayRef<Type> elementTypes,
        llvm::ArrayRef<uint64_t> elements, llvm::ArrayRef<uint64_t> accumulators) {
  llvm::SmallVector<Tile, 4> args;
  for (auto [type, x, acc] : llvm::zip(elementTypes, elements, accumulators)) {
    args.push_back(Tile::scalar(type, x));
    args.push_back(Tile::scalar(type, acc));
  }
  RegionExit exit = exec.executeRegion(body, args);
  if (exit.kind == RegionExit::Failed)
    return failure();
  llvm::SmallVector<uint64_t, 2> out;
  for (const Tile &t : exit.values)
    out.push_back(t.bits[0]);
  return out;
}

/// The identity of operand `i` as a bit pattern of its element type.
uint64_t identityBits(Attribute identity, Type type) {
  if (auto f = dyn_cast<FloatAttr>(identity)) {
    llvm::APFloat v = f.getValue();
    bool lost;
    v.convert(getSemantics(type), llvm::RoundingMode::NearestTiesToEven, &lost);
    return fromAPFloat(v);
  }
  if (auto i = dyn_cast<IntegerAttr>(identity))
    return truncateToWidth(type, i.getValue().getZExtValue());
  return 0;
}

/// Shared walk of reduce and scan: for every line of the operands along
/// `dim`, folds the combiner over the line in order (reversed for a reverse
/// scan) and reports each running value.
template <typename Emit>
LogicalResult foldLines(Operation *op, BlockExecution &exec, unsigned dim,
                        bool reverse, Emit emit) {
  llvm::SmallVector<const Tile *, 2> inputs;
  llvm::SmallVector<Type, 2> types;
  for (Value v : op->getOperands()) {
    inputs.push_back(&exec.get(v));
    types.push_back(inputs.back()->elementType);
  }
  auto identities = op->getAttrOfType<ArrayAttr>("identities");
  const Tile &first = *inputs.front();
  int64_t extent = first.shape[dim];
  int64_t inner = 1;
  for (unsigned d = dim + 1; d < first.getRank(); ++d)
    inner *= first.shape[d];
  int64_t outer = first.getNumElements() / (extent * inner);
  Region &body = op->getRegion(0);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t in = 0; in < inner; ++in) {
      llvm::SmallVector<uint64_t, 2> acc;
      for (auto [i, type] : llvm::enumerate(types))
        acc.push_back(identityBits(identities[i], type));
      for (int64_t step = 0; step < extent; ++step) {
        int64_t k = reverse ? extent - 1 - step : step;
        int64_t linear = (o * extent + k) * inner + in;
        llvm::SmallVector<uint64_t, 2> elements;
        for (const Tile *t : inputs)
          elements.push_back(t->bits[linear]);
        FailureOr<llvm::SmallVector<uint64_t, 2>> next =
            combine(exec, body, types, elements, acc);
        if (failed(next))
          return failure();
        acc = std::move(*next);
        emit(o * inner + in, linear, acc);
      }
    }
  return success();
}

} // namespace

void tilecc::interp::registerControlFlowHandlers(OpHandlerRegistry &registry) {
  registry.add<ct::YieldOp>(exitWith<RegionExit::Yield>);
  registry.add<ct::ContinueOp>(exitWith<RegionExit::Continue>);
  registry.add<ct::BreakOp>(exitWith<RegionExit::Break>);

  registry.add<ct::IfOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    bool condition = exec.get(op->getOperand(0)).bits[0] & 1;
    Region &region = op->getRegion(condition ? 0 : 1);
    RegionExit exit = exec.executeRegion(region, {});
    switch (exit.kind) {
    case RegionExit::Failed:
      return failure();
    case RegionExit::Yield:
      setResults(op, exec, exit.values);
      return success();
    default: // continue / break / return of an enclosing op
      exec.exitRegion(exit.kind, std::move(exit.values));
      return success();
    }
  });

  registry.add<ct::ForOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto forOp = cast<ct::ForOp>(op);
    const Tile &lowerTile = exec.get(forOp.getLowerBound());
    Type ivType = lowerTile.elementType;
    bool isUnsigned = op->hasAttr("unsignedCmp");
    auto value = [&](Value v) -> int64_t {
      const Tile &t = exec.get(v);
      return isUnsigned ? static_cast<int64_t>(decodeUnsigned(t.elementType, t.bits[0]))
                        : decodeSigned(t.elementType, t.bits[0]);
    };
    int64_t lower = value(forOp.getLowerBound());
    int64_t upper = value(forOp.getUpperBound());
    int64_t step = value(forOp.getStep());
    if (step <= 0)
      return op->emitError("reference interpreter: `for` step must be positive, got ")
             << step;
    llvm::SmallVector<Tile, 2> carried = operandTiles(op, exec, forOp.getInitValues());
    llvm::SmallVector<Tile, 2> results;
    bool stopped = false;
    for (int64_t iv = lower; iv < upper && !stopped; iv += step) {
      llvm::SmallVector<Tile, 4> args{Tile::scalar(ivType, truncateToWidth(ivType, iv))};
      args.append(carried.begin(), carried.end());
      FailureOr<bool> stop = runLoopBody(op, exec, forOp.getRegion(), args, carried, results);
      if (failed(stop))
        return failure();
      stopped = *stop;
    }
    if (!stopped)
      results = std::move(carried);
    setResults(op, exec, results);
    return success();
  });

  registry.add<ct::LoopOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto loop = cast<ct::LoopOp>(op);
    llvm::SmallVector<Tile, 2> carried = operandTiles(op, exec, loop.getInitValues());
    llvm::SmallVector<Tile, 2> results;
    // A kernel that never breaks would hang the oracle; bound the trip count.
    constexpr int64_t kMaxIterations = int64_t(1) << 32;
    for (int64_t i = 0;; ++i) {
      if (i == kMaxIterations)
        return op->emitError("reference interpreter: `loop` ran ")
               << kMaxIterations << " iterations without `break`";
      FailureOr<bool> stop = runLoopBody(op, exec, loop.getRegion(), carried, carried, results);
      if (failed(stop))
        return failure();
      if (*stop)
        break;
    }
    setResults(op, exec, results);
    return success();
  });

  registry.add<ct::ReduceOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    unsigned dim = op->getAttrOfType<IntegerAttr>("dim").getInt();
    llvm::SmallVector<Tile, 2> outs;
    for (Value result : op->getResults()) {
      auto type = cast<ct::TileType>(result.getType());
      outs.emplace_back(type.getShape(), type.getElementType());
    }
    if (failed(foldLines(op, exec, dim, /*reverse=*/false,
                         [&](int64_t line, int64_t, ArrayRef<uint64_t> acc) {
                           for (auto [out, v] : llvm::zip(outs, acc))
                             out.bits[line] = v;
                         })))
      return failure();
    setResults(op, exec, outs);
    return success();
  });

  registry.add<ct::ScanOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    unsigned dim = op->getAttrOfType<IntegerAttr>("dim").getInt();
    bool reverse = op->getAttrOfType<BoolAttr>("reverse").getValue();
    llvm::SmallVector<Tile, 2> outs;
    for (Value result : op->getResults()) {
      auto type = cast<ct::TileType>(result.getType());
      outs.emplace_back(type.getShape(), type.getElementType());
    }
    if (failed(foldLines(op, exec, dim, reverse,
                         [&](int64_t, int64_t linear, ArrayRef<uint64_t> acc) {
                           for (auto [out, v] : llvm::zip(outs, acc))
                             out.bits[linear] = v;
                         })))
      return failure();
    setResults(op, exec, outs);
    return success();
  });
}
