//===- ControlFlow.cpp - branches the LLVM lowerings build ----------------===//
#include "Conversion/TileASToLLVM/ControlFlow.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

void tilecc::emitIf(RewriterBase &rewriter, Location loc, Value cond,
                    llvm::function_ref<void()> body) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *then = rewriter.createBlock(after);
  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, cond, then, after);
  rewriter.setInsertionPointToEnd(then);
  body();
  LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
  rewriter.setInsertionPointToStart(after);
}

void tilecc::emitMbarrierWait(RewriterBase &rewriter, Location loc,
                              Value mbar, Value parity) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *spin = rewriter.createBlock(after);
  rewriter.setInsertionPointToEnd(before);
  LLVM::BrOp::create(rewriter, loc, ValueRange(), spin);
  rewriter.setInsertionPointToEnd(spin);
  Value done = NVVM::MBarrierTryWaitOp::create(
      rewriter, loc, rewriter.getI1Type(), mbar, parity, /*ticks=*/Value());
  LLVM::CondBrOp::create(rewriter, loc, done, after, spin);
  rewriter.setInsertionPointToStart(after);
}
