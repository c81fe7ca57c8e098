//===- FmaDotPatterns.cpp - nv_tileas.dot as scalar multiply-adds ---------===//
//
// Dots with an `fma_` atom (TileAAToTileAS chose it because no MMA
// instruction of the target takes the tile or its types) compute each
// accumulator element a thread holds as a chain of multiply-adds over K in
// order, K = 0 first, K outermost. tileas-assign-layouts gave A and B the layouts of
// lib/Layout's fmaDotOperand, so the thread holds the A row and B column of
// each of its accumulator elements; the operands are already in the
// accumulator's type (f32, f64 or i32), widened exactly before.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/FmaDotPatterns.h"

#include "Conversion/TileASToLLVM/FragmentLoadSinking.h"
#include "Conversion/TileASToLLVM/MmaFragments.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/FmaLayouts.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <map>

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

namespace {

struct FmaDotLowering : OpConversionPattern<nv_tileas::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv_tileas::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAtom().getFamily() != nv_tileas::MmaFamily::fma)
      return rewriter.notifyMatchFailure(op, "not an fma atom");
    Location loc = op.getLoc();
    std::optional<DotTileTypes> tiles =
        getDotTileTypes(op, *getTypeConverter());
    if (!tiles)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    RankedTensorType aType = tiles->a, bType = tiles->b, cType = tiles->c;
    Type structType = tiles->result;
    Type elem = cType.getElementType();
    if (aType.getElementType() != elem || bType.getElementType() != elem ||
        !(elem.isF32() || elem.isF64() || elem.isInteger(32)))
      return op.emitError() << "an FMA dot multiplies in its accumulator's "
                               "type (f32, f64 or i32), not "
                            << aType.getElementType() << " x "
                            << bType.getElementType() << " -> " << elem;
    tl::LinearLayout cLayout = getTileLayout(cType);
    int32_t k = aType.getShape().back();
    if (getTileLayout(aType) !=
            tl::fmaDotOperand(tl::MmaOperand::A, cLayout, k) ||
        getTileLayout(bType) !=
            tl::fmaDotOperand(tl::MmaOperand::B, cLayout, k))
      return op.emitError("FMA dot operands are not in the layouts of their "
                          "accumulator; run tileas-assign-layouts");

    SmallVector<Value> aRegs = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> bRegs = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> result = unpackRegisters(rewriter, loc, adaptor.getC());
    // A register's coordinates are its own part XOR the thread's, and an
    // operand's thread part is the accumulator's projected, so the register
    // holding (row, k) is found from register parts alone.
    auto registerIndex = [](const tl::LinearLayout &layout) {
      std::map<SmallVector<int32_t>, int32_t> index;
      for (int32_t r = 0, e = layout.getInDimSize(tl::kRegister); r < e; ++r)
        index.insert({layout.applyValues({r, 0, 0}), r});
      return index;
    };
    auto aIndex = registerIndex(getTileLayout(aType));
    auto bIndex = registerIndex(getTileLayout(bType));
    unsigned rank = cType.getRank(), m = rank - 2, n = rank - 1;
    // The distinct accumulator registers (duplicates are copied below).
    SmallVector<std::pair<int32_t, SmallVector<int32_t>>> distinct;
    std::map<SmallVector<int32_t>, int32_t> seen;
    for (int32_t r = 0, e = cLayout.getInDimSize(tl::kRegister); r < e; ++r) {
      SmallVector<int32_t> c = cLayout.applyValues({r, 0, 0});
      if (seen.insert({c, r}).second)
        distinct.push_back({r, c});
    }
    // K outermost: each step reads one A column and one B row of the
    // thread's part, so few operand values are live at a time; every
    // element still sums k = 0, 1, ... in order.
    for (int32_t kk = 0; kk < k; ++kk) {
      for (const auto &[r, c] : distinct) {
        SmallVector<int32_t> ac(c), bc(c);
        ac[n] = kk;
        bc[m] = kk;
        Value x = aRegs[aIndex.at(ac)], y = bRegs[bIndex.at(bc)];
        // Marked as a consumer of operand fragments: sinkFragmentLoads
        // moves the shared-memory loads of x and y down to it.
        Operation *multiply;
        if (isa<FloatType>(elem)) {
          multiply = LLVM::FMAOp::create(rewriter, loc, x, y, result[r]);
          result[r] = multiply->getResult(0);
        } else {
          multiply = LLVM::MulOp::create(rewriter, loc, x, y);
          result[r] = LLVM::AddOp::create(rewriter, loc, result[r],
                                          multiply->getResult(0));
        }
        multiply->setAttr(kDotFmaAttrName, rewriter.getUnitAttr());
      }
    }
    copyDuplicateRegisters(cLayout, result);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, result));
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASFmaDotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<FmaDotLowering>(converter, patterns.getContext());
}
