//===- HeapPatterns.cpp - device-heap scratch through malloc/free ---------===//
//
// heap_alloc: thread 0 calls the PTX system call `malloc` and stores the
// block's address in a shared slot; after a CTA barrier every thread loads
// it. heap_free: a CTA barrier (the block's last accesses are done), then
// thread 0 calls `free` (which ignores null: a block allocated on another
// path). Both run uniformly on every thread of the CTA (in a function or
// loop body, or in ifs on uniform scalar conditions), so every thread
// reaches the barriers. The slot may be reused by the next iteration of a loop:
// every thread loaded it before the barrier of the free that precedes the
// next store.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ValueModel.h"

#include "TileAA/IR/TileAADialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

constexpr unsigned kShared = 3;

/// `name` declared once per module with `type`.
LLVM::LLVMFuncOp getOrDeclare(OpBuilder &b, ModuleOp module, Location loc,
                              StringRef name, LLVM::LLVMFunctionType type) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return fn;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, loc, name, type);
}

/// Splits the current block: `then` runs on thread 0 only, both continue in
/// the returned block, where the insertion point is left. Calls `body` with
/// the insertion point in `then`.
template <typename Fn>
void onThreadZero(ConversionPatternRewriter &rewriter, Location loc,
                  Fn body) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *then = rewriter.createBlock(after);
  rewriter.setInsertionPointToEnd(before);
  Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
  Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                     tid, createI32(rewriter, loc, 0));
  LLVM::CondBrOp::create(rewriter, loc, first, then, after);
  rewriter.setInsertionPointToEnd(then);
  body();
  LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
  rewriter.setInsertionPointToStart(after);
}

struct HeapAllocLowering : OpConversionPattern<nv_tileaa::HeapAllocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::HeapAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_if_present<LLVM::LLVMPointerType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible pointer type");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto module = op->getParentOfType<ModuleOp>();
    auto generic = LLVM::LLVMPointerType::get(ctx);
    auto sharedPtr = LLVM::LLVMPointerType::get(ctx, kShared);
    LLVM::LLVMFuncOp malloc = getOrDeclare(
        rewriter, module, loc, "malloc",
        LLVM::LLVMFunctionType::get(generic, {rewriter.getI64Type()}));
    if (!module.lookupSymbol<LLVM::GlobalOp>(op.getSlot())) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      LLVM::GlobalOp::create(rewriter, loc, generic, /*isConstant=*/false,
                             LLVM::Linkage::Internal, op.getSlot(),
                             /*value=*/Attribute(), /*alignment=*/8, kShared);
    }
    auto slotAddress = [&] {
      return LLVM::AddressOfOp::create(rewriter, loc, sharedPtr, op.getSlot());
    };
    onThreadZero(rewriter, loc, [&] {
      Value bytes = LLVM::ConstantOp::create(rewriter, loc,
                                             rewriter.getI64Type(),
                                             op.getBytesAttr());
      Value block =
          LLVM::CallOp::create(rewriter, loc, malloc, ValueRange{bytes})
              .getResult();
      LLVM::StoreOp::create(rewriter, loc, block, slotAddress());
    });
    NVVM::Barrier0Op::create(rewriter, loc);
    Value block = LLVM::LoadOp::create(rewriter, loc, generic, slotAddress());
    if (type != generic)
      block = LLVM::AddrSpaceCastOp::create(rewriter, loc, type, block);
    rewriter.replaceOp(op, block);
    return success();
  }
};

struct HeapFreeLowering : OpConversionPattern<nv_tileaa::HeapFreeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::HeapFreeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto module = op->getParentOfType<ModuleOp>();
    auto generic = LLVM::LLVMPointerType::get(ctx);
    LLVM::LLVMFuncOp free = getOrDeclare(
        rewriter, module, loc, "free",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {generic}));
    Value block = adaptor.getPtr();
    if (block.getType() != generic)
      block = LLVM::AddrSpaceCastOp::create(rewriter, loc, generic, block);
    NVVM::Barrier0Op::create(rewriter, loc);
    onThreadZero(rewriter, loc, [&] {
      LLVM::CallOp::create(rewriter, loc, free, ValueRange{block});
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASHeapToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<HeapAllocLowering, HeapFreeLowering>(converter,
                                                    patterns.getContext());
}
