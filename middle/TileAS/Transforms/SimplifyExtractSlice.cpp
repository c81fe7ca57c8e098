//===- SimplifyExtractSlice.cpp - constant slice operands become static ---===//
//
// extract_slice %src[%c0, %c0][%c64, %c64][%c1, %c1] : T to tensor<?x?xf32>
//   -> extract_slice %src[0, 0][64, 64][1, 1] : T to tensor<64x64xf32>
// A tensor.cast restores the old result type for existing users.
//
//===----------------------------------------------------------------------===//
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/Transforms/Patterns.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
/// Resolves every entry to a non-negative constant, or fails.
static LogicalResult toNonNegativeConstants(ArrayRef<OpFoldResult> list,
                                            SmallVectorImpl<int64_t> &out) {
  for (OpFoldResult ofr : list) {
    std::optional<int64_t> value = getConstantIntValue(ofr);
    if (!value || *value < 0)
      return failure();
    out.push_back(*value);
  }
  return success();
}

struct SimplifyExtractSlice : OpRewritePattern<ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getOffsets().empty() && op.getSizes().empty() &&
        op.getStrides().empty())
      return rewriter.notifyMatchFailure(op, "slice is already static");
    SmallVector<int64_t> offsets, sizes, strides;
    if (failed(toNonNegativeConstants(op.getMixedOffsets(), offsets)) ||
        failed(toNonNegativeConstants(op.getMixedSizes(), sizes)) ||
        failed(toNonNegativeConstants(op.getMixedStrides(), strides)))
      return rewriter.notifyMatchFailure(
          op, "an operand is not a non-negative constant");

    // A constant slice past a static source extent would become a verifier
    // error once static; leave such (undefined) slices alone.
    RankedTensorType sourceType = op.getSource().getType();
    for (int64_t d = 0, e = sourceType.getRank(); d < e; ++d) {
      int64_t extent = sourceType.getDimSize(d);
      if (!ShapedType::isDynamic(extent) && sizes[d] > 0 &&
          offsets[d] + (sizes[d] - 1) * strides[d] >= extent)
        return rewriter.notifyMatchFailure(op, "constant slice is out of bounds");
    }

    RankedTensorType oldType = op.getType();
    for (auto [dim, size] : llvm::zip(oldType.getShape(), sizes))
      if (!ShapedType::isDynamic(dim) && dim != size)
        return rewriter.notifyMatchFailure(op, "result type contradicts sizes");
    auto newType = RankedTensorType::get(sizes, oldType.getElementType(),
                                         oldType.getEncoding());
    Builder &b = rewriter;
    Value result = ExtractSliceOp::create(
        rewriter, op.getLoc(), newType, op.getSource(), ValueRange(),
        ValueRange(), ValueRange(), b.getDenseI64ArrayAttr(offsets),
        b.getDenseI64ArrayAttr(sizes), b.getDenseI64ArrayAttr(strides));
    if (newType != oldType)
      result = tensor::CastOp::create(rewriter, op.getLoc(), oldType, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void nv_tileas::populateSimplifyExtractSlicePattern(
    RewritePatternSet &patterns) {
  patterns.add<SimplifyExtractSlice>(patterns.getContext());
}
