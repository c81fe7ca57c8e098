//===- InterpShape.cpp - interpreter semantics of shape and MMA ops -------===//
#include "Interp/Interpreter.h"

#include "CudaTile/IR/CudaTileDialect.h"

using namespace mlir;
using namespace tilecc::interp;
namespace ct = mlir::cuda_tile;

namespace {

Tile resultTile(Value result) {
  auto type = cast<ct::TileType>(result.getType());
  return Tile(type.getShape(), type.getElementType());
}

/// result[c] = source[map(c)] for every result coordinate c.
template <typename Map>
LogicalResult gather(Operation *op, BlockExecution &exec, Map map) {
  const Tile &source = exec.get(op->getOperand(0));
  Tile out = resultTile(op->getResult(0));
  for (int64_t i = 0, e = out.getNumElements(); i < e; ++i)
    out.bits[i] = source.bits[source.linearize(map(out.delinearize(i)))];
  exec.set(op->getResult(0), std::move(out));
  return success();
}

/// The matrix product of the trailing two dims (batched over a leading dim),
/// accumulated exactly in double and rounded once into the accumulator type.
LogicalResult matmul(Operation *op, BlockExecution &exec, bool integer,
                     bool lhsSigned, bool rhsSigned) {
  const Tile &a = exec.get(op->getOperand(0));
  const Tile &b = exec.get(op->getOperand(1));
  const Tile &c = exec.get(op->getOperand(2));
  Tile out = resultTile(op->getResult(0));
  unsigned rank = a.getRank();
  int64_t batch = rank == 3 ? a.shape[0] : 1;
  int64_t m = a.shape[rank - 2], k = a.shape[rank - 1], n = b.shape[rank - 1];
  for (int64_t bi = 0; bi < batch; ++bi)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        int64_t cIndex = (bi * m + i) * n + j;
        if (integer) {
          int64_t sum = decodeSigned(c.elementType, c.bits[cIndex]);
          for (int64_t p = 0; p < k; ++p) {
            uint64_t x = a.bits[(bi * m + i) * k + p], y = b.bits[(bi * k + p) * n + j];
            int64_t xv = lhsSigned ? decodeSigned(a.elementType, x)
                                   : static_cast<int64_t>(decodeUnsigned(a.elementType, x));
            int64_t yv = rhsSigned ? decodeSigned(b.elementType, y)
                                   : static_cast<int64_t>(decodeUnsigned(b.elementType, y));
            sum += xv * yv;
          }
          out.bits[cIndex] = truncateToWidth(out.elementType, static_cast<uint64_t>(sum));
          continue;
        }
        double sum = decodeFloat(c.elementType, c.bits[cIndex]);
        for (int64_t p = 0; p < k; ++p)
          sum += decodeFloat(a.elementType, a.bits[(bi * m + i) * k + p]) *
                 decodeFloat(b.elementType, b.bits[(bi * k + p) * n + j]);
        out.bits[cIndex] = encodeFloat(out.elementType, sum);
      }
  exec.set(op->getResult(0), std::move(out));
  return success();
}

} // namespace

void tilecc::interp::registerShapeHandlers(OpHandlerRegistry &registry) {
  registry.add<ct::IotaOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    Tile out = resultTile(op->getResult(0));
    for (int64_t i = 0, e = out.getNumElements(); i < e; ++i)
      out.bits[i] = truncateToWidth(out.elementType, i);
    exec.set(op->getResult(0), std::move(out));
    return success();
  });
  registry.add<ct::BroadcastOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    const Tile &source = exec.get(op->getOperand(0));
    return gather(op, exec, [&](llvm::SmallVector<int64_t, 4> c) {
      for (unsigned d = 0; d < source.getRank(); ++d)
        if (source.shape[d] == 1)
          c[d] = 0;
      return c;
    });
  });
  registry.add<ct::ReshapeOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    Tile out = resultTile(op->getResult(0));
    out.bits = exec.get(op->getOperand(0)).bits; // row-major order is kept
    exec.set(op->getResult(0), std::move(out));
    return success();
  });
  registry.add<ct::PermuteOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    ArrayRef<int32_t> permutation =
        op->getAttrOfType<DenseI32ArrayAttr>("permutation").asArrayRef();
    return gather(op, exec, [&](const llvm::SmallVector<int64_t, 4> &c) {
      // result dim i is source dim permutation[i].
      llvm::SmallVector<int64_t, 4> source(c.size());
      for (auto [i, p] : llvm::enumerate(permutation))
        source[p] = c[i];
      return source;
    });
  });
  registry.add<ct::ExtractOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto extract = cast<ct::ExtractOp>(op);
    auto resultType = cast<ct::TileType>(extract.getResult().getType());
    llvm::SmallVector<int64_t, 4> origin;
    for (auto [d, index] : llvm::enumerate(extract.getIndices())) {
      const Tile &t = exec.get(index);
      origin.push_back(decodeSigned(t.elementType, t.bits[0]) * resultType.getShape()[d]);
    }
    const Tile &source = exec.get(extract.getSource());
    for (auto [d, o] : llvm::enumerate(origin))
      if (o < 0 || o + resultType.getShape()[d] > source.shape[d])
        return op->emitError("reference interpreter: extract index out of range");
    return gather(op, exec, [&](llvm::SmallVector<int64_t, 4> c) {
      for (auto [d, o] : llvm::enumerate(origin))
        c[d] += o;
      return c;
    });
  });
  registry.add<ct::InsertOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto insert = cast<ct::InsertOp>(op);
    const Tile &source = exec.get(insert.getSource());
    Tile out = exec.get(insert.getDestination());
    llvm::SmallVector<int64_t, 4> origin;
    for (auto [d, index] : llvm::enumerate(insert.getIndices())) {
      const Tile &t = exec.get(index);
      origin.push_back(decodeSigned(t.elementType, t.bits[0]) * source.shape[d]);
    }
    for (auto [d, o] : llvm::enumerate(origin))
      if (o < 0 || o + source.shape[d] > out.shape[d])
        return op->emitError("reference interpreter: insert index out of range");
    for (int64_t i = 0, e = source.getNumElements(); i < e; ++i) {
      llvm::SmallVector<int64_t, 4> c = source.delinearize(i);
      for (auto [d, o] : llvm::enumerate(origin))
        c[d] += o;
      out.bits[out.linearize(c)] = source.bits[i];
    }
    exec.set(insert.getResult(), std::move(out));
    return success();
  });
  registry.add<ct::CatOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    unsigned dim = op->getAttrOfType<IntegerAttr>("dim").getInt();
    const Tile &lhs = exec.get(op->getOperand(0));
    const Tile &rhs = exec.get(op->getOperand(1));
    Tile out = resultTile(op->getResult(0));
    for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
      llvm::SmallVector<int64_t, 4> c = out.delinearize(i);
      if (c[dim] < lhs.shape[dim]) {
        out.bits[i] = lhs.bits[lhs.linearize(c)];
      } else {
        c[dim] -= lhs.shape[dim];
        out.bits[i] = rhs.bits[rhs.linearize(c)];
      }
    }
    exec.set(op->getResult(0), std::move(out));
    return success();
  });
  registry.add<ct::GetTileBlockIdOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      Type type = cast<ct::TileType>(result.getType()).getElementType();
      exec.set(result, Tile::scalar(type, exec.getBlockId()[i]));
    }
    return success();
  });
  registry.add<ct::GetNumTileBlocksOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      Type type = cast<ct::TileType>(result.getType()).getElementType();
      exec.set(result, Tile::scalar(type, exec.getLaunch().grid[i]));
    }
    return success();
  });
  registry.add<ct::MmaFOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    return matmul(op, exec, /*integer=*/false, true, true);
  });
  registry.add<ct::MmaIOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto signedness = [&](StringRef name) {
      auto attr = op->getAttrOfType<ct::SignednessAttr>(name);
      return !attr || attr.getValue() == ct::Signedness::Signed;
    };
    return matmul(op, exec, /*integer=*/true, signedness("signedness_lhs"),
                  signedness("signedness_rhs"));
  });
}
