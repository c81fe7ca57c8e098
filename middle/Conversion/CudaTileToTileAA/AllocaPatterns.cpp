//===- AllocaPatterns.cpp - alloca -> per-tile-block shared scratch -------===//
//
// A tile block runs on one CTA, so its private scratch is a static array in
// shared memory: alloca becomes an nv_tileaa.global in address space 3 and
// the generic address of its first element. Every pointer of a module that
// allocates is generic (see CudaTileToTileAATypeConverter), so the loads,
// stores, atomics and views that may reach the scratch use generic accesses.
//
// One static array stands for one allocation per tile block, which holds
// for an alloca executed once per kernel invocation: directly in an entry's
// body. Elsewhere (loops, branches, callable functions) and for `global`
// scratch the op is rejected with a located diagnostic.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::tilecc;

bool mlir::tilecc::needsGenericPointers(Operation *root) {
  bool found = false;
  root->walk([&](cuda_tile::AllocaOp op) {
    found |= !op.getGlobal();
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

LogicalResult mlir::tilecc::checkAllocaPlacement(Operation *root) {
  bool ok = true;
  root->walk([&](cuda_tile::AllocaOp op) {
    if (op.getGlobal()) {
      op.emitOpError("in global memory is not supported by tilecc yet");
      ok = false;
    } else if (!isa<cuda_tile::EntryOp>(op->getParentOp())) {
      op.emitOpError("is supported by tilecc only directly in an entry's "
                     "body (one allocation per tile block)");
      ok = false;
    }
  });
  return success(ok);
}

namespace {
/// Runs after checkAllocaPlacement: the op sits in the body of its kernel
/// (the entry, or the nv_tileaa.func that already replaced it).
struct AllocaPattern : OpConversionPattern<cuda_tile::AllocaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::AllocaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kernel = dyn_cast<SymbolOpInterface>(op->getParentOp());
    if (!kernel)
      return rewriter.notifyMatchFailure(op, "not in a kernel body");
    auto type = dyn_cast_if_present<nv_tileaa::PtrType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible pointer type");
    // Deterministic, unique name: the kernel's name and the op's rank among
    // the kernel's allocas.
    unsigned rank = 0;
    for (auto other : op->getBlock()->getOps<cuda_tile::AllocaOp>()) {
      if (other == op)
        break;
      ++rank;
    }
    std::string name =
        ("__alloca_" + kernel.getName() + "_" + Twine(rank)).str();
    Type storage = RankedTensorType::get({int64_t(op.getNumElem())},
                                         type.getPointeeType());
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(kernel);
      nv_tileaa::GlobalOp::create(
          rewriter, op.getLoc(), name, storage, /*initial_value=*/Attribute(),
          kSharedAddressSpace, rewriter.getI64IntegerAttr(op.getAlignment()),
          /*constant=*/false);
    }
    rewriter.replaceOpWithNewOp<nv_tileaa::GetGlobalOp>(op, type, name);
    return success();
  }
};
} // namespace

void mlir::tilecc::populateCudaTileAllocaToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<AllocaPattern>(typeConverter, patterns.getContext());
}
