//===- InterpScaledMma.cpp - interpreter semantics of mmaf_scaled ---------===//
//
// Block-scaled MMA: every K block of blockK = K / scaleK consecutive elements
// has one scale per row of lhs (lhs_scale[m][k / blockK]) and one per column
// of rhs (rhs_scale[k / blockK][n]); the result is
//   acc[m][n] + sum_k (lhs[m][k] * lhs_scale) * (rhs[k][n] * rhs_scale),
// batched over a leading dimension for rank 3. Each product is exact in
// double (at most 4 + 4 significant bits times powers of two, or e4m3
// scales on e2m1 values); the sum is accumulated in double and rounded once
// to the accumulator type, as mmaf is.
//
//===----------------------------------------------------------------------===//
#include "Interp/Interpreter.h"

#include "CudaTile/IR/CudaTileDialect.h"

using namespace mlir;
using namespace tilecc::interp;
namespace ct = mlir::cuda_tile;

void tilecc::interp::registerScaledMmaHandlers(OpHandlerRegistry &registry) {
  registry.add<ct::MmaFScaledOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto mma = cast<ct::MmaFScaledOp>(op);
    const Tile &a = exec.get(mma.getLhs()), &b = exec.get(mma.getRhs());
    const Tile &c = exec.get(mma.getAcc());
    const Tile &sa = exec.get(mma.getLhsScale()), &sb = exec.get(mma.getRhsScale());
    auto resultType = cast<ct::TileType>(mma.getResult().getType());
    Tile out(resultType.getShape(), resultType.getElementType());
    unsigned rank = a.getRank();
    int64_t batch = rank == 3 ? a.shape[0] : 1;
    int64_t m = a.shape[rank - 2], k = a.shape[rank - 1], n = b.shape[rank - 1];
    int64_t scaleK = sa.shape[rank - 1];
    int64_t blockK = k / scaleK;
    for (int64_t bi = 0; bi < batch; ++bi)
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          int64_t cIndex = (bi * m + i) * n + j;
          double sum = decodeFloat(c.elementType, c.bits[cIndex]);
          for (int64_t p = 0; p < k; ++p) {
            int64_t block = p / blockK;
            double x = decodeFloat(a.elementType, a.bits[(bi * m + i) * k + p]) *
                       decodeFloat(sa.elementType,
                                   sa.bits[(bi * m + i) * scaleK + block]);
            double y = decodeFloat(b.elementType, b.bits[(bi * k + p) * n + j]) *
                       decodeFloat(sb.elementType,
                                   sb.bits[(bi * scaleK + block) * n + j]);
            sum += x * y;
          }
          out.bits[cIndex] = encodeFloat(out.elementType, sum);
        }
    exec.set(mma.getResult(), std::move(out));
    return success();
  });
}
