//===- AssertPatterns.cpp - cf.assert as a device-side trap ---------------===//
//
// The condition of a (reduced) tile assert is the same in every thread of a
// tile block, so the whole block takes the failure path together: thread 0
// prints "tile block (x, y, z): assertion failed: <message>" through vprintf,
// the block meets at a barrier (so the message is out before any thread
// stops) and every thread executes `trap`, which aborts the kernel.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/Printf.h"
#include "Conversion/TileASToLLVM/ValueModel.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

/// printf text that prints `text` verbatim.
std::string escapePercent(StringRef text) {
  std::string out;
  for (char c : text) {
    out.push_back(c);
    if (c == '%')
      out.push_back('%');
  }
  return out;
}

struct AssertLowering : OpConversionPattern<cf::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cf::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto module = op->getParentOfType<ModuleOp>();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    Type i32 = rewriter.getI32Type();

    LLVM::LLVMFuncOp vprintf = getOrDeclareVprintf(rewriter, module, loc);
    LLVM::GlobalOp format = getOrCreateCString(
        rewriter, module, loc, "tilecc_assert_message_",
        "tile block (%d, %d, %d): assertion failed: " +
            escapePercent(op.getMsg()) + "\n");
    // The vprintf argument buffer: a static alloca in the entry block.
    auto argsType = LLVM::LLVMStructType::getLiteral(ctx, {i32, i32, i32});
    Value argBuffer;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Operation *fn = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
      rewriter.setInsertionPointToStart(&fn->getRegion(0).front());
      argBuffer = LLVM::AllocaOp::create(
          rewriter, loc, ptrType, argsType,
          LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                   rewriter.getI64IntegerAttr(1)));
    }

    Block *before = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    Block *fail = rewriter.createBlock(after);
    Block *print = rewriter.createBlock(after);
    Block *trap = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, adaptor.getArg(), after, fail);

    rewriter.setInsertionPointToEnd(fail);
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, i32);
    Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       tid, createI32(rewriter, loc, 0));
    LLVM::CondBrOp::create(rewriter, loc, first, print, trap);

    rewriter.setInsertionPointToEnd(print);
    Value ids[] = {NVVM::BlockIdXOp::create(rewriter, loc, i32),
                   NVVM::BlockIdYOp::create(rewriter, loc, i32),
                   NVVM::BlockIdZOp::create(rewriter, loc, i32)};
    for (auto [f, v] : llvm::enumerate(ids))
      LLVM::StoreOp::create(rewriter, loc, v,
                            LLVM::GEPOp::create(
                                rewriter, loc, ptrType, argsType, argBuffer,
                                ArrayRef<LLVM::GEPArg>{0, int32_t(f)}));
    LLVM::CallOp::create(
        rewriter, loc, vprintf,
        ValueRange{LLVM::AddressOfOp::create(rewriter, loc, format), argBuffer});
    LLVM::BrOp::create(rewriter, loc, ValueRange(), trap);

    rewriter.setInsertionPointToEnd(trap);
    NVVM::Barrier0Op::create(rewriter, loc);
    LLVM::Trap::create(rewriter, loc);
    LLVM::UnreachableOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASAssertToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  // Ahead of the upstream cf.assert lowering, which calls the host's abort.
  patterns.add<AssertLowering>(converter, patterns.getContext(),
                               /*benefit=*/2);
}
