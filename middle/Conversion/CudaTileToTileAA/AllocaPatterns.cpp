//===- AllocaPatterns.cpp - alloca -> per-tile-block shared scratch -------===//
//
// A tile block runs on one CTA, so its private scratch is a static array in
// shared memory: alloca becomes an nv_tileaa.global in address space 3 and
// the generic address of its first element. Every pointer of a module that
// allocates is generic (see CudaTileToTileAATypeConverter), so the loads,
// stores, atomics and views that may reach the scratch use generic accesses.
//
// One static array per alloca op is enough because an allocation lives
// until its allocation scope ends: entry, testing$func, for and loop are
// AutomaticAllocationScope ops. An alloca directly in a function, or in an
// if outside any loop, runs at most once per call; one in a loop body (or in
// an if inside it) at most once per iteration, and its memory is released
// when the iteration ends, so the next iteration may take the same array.
// (Device code does not recurse, so calls never overlap either.)
//
// `global` scratch would need a buffer per tile block in global memory,
// sized by the grid at launch; tilecc's kernel ABI has no such buffer, so
// it is rejected with a located diagnostic.
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

/// The function an alloca allocates in (entry, testing$func, or the
/// nv_tileaa.func that replaced one).
static Operation *enclosingFunction(Operation *op) {
  Operation *parent = op->getParentOp();
  while (parent && !isa<SymbolOpInterface>(parent))
    parent = parent->getParentOp();
  return parent;
}

static constexpr StringLiteral kSlotAttr = "tilecc.alloca_slot";

LogicalResult mlir::tilecc::checkAllocaPlacement(Operation *root) {
  bool ok = true;
  llvm::DenseMap<Operation *, int64_t> nextSlot;
  // Pre-order: slots follow the source order within each function.
  root->walk<WalkOrder::PreOrder>([&](cuda_tile::AllocaOp op) {
    if (op.getGlobal()) {
      op.emitOpError("in global memory is not supported by tilecc: it needs "
                     "a scratch buffer per tile block sized by the grid at "
                     "launch, which tilecc's kernel ABI does not provide");
      ok = false;
      return;
    }
    Operation *function = enclosingFunction(op);
    op->setAttr(kSlotAttr,
                IntegerAttr::get(IntegerType::get(op.getContext(), 64),
                                 nextSlot[function]++));
  });
  return success(ok);
}

namespace {
/// Runs after checkAllocaPlacement, which numbered the op in its function.
struct AllocaPattern : OpConversionPattern<cuda_tile::AllocaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::AllocaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kernel = dyn_cast_if_present<SymbolOpInterface>(enclosingFunction(op));
    auto slot = op->getAttrOfType<IntegerAttr>(kSlotAttr);
    if (!kernel || !slot)
      return rewriter.notifyMatchFailure(op, "not numbered in a function");
    auto type = dyn_cast_if_present<nv_tileaa::PtrType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible pointer type");
    // Deterministic, unique name: the function's name and the op's slot.
    std::string name =
        ("__alloca_" + kernel.getName() + "_" + Twine(slot.getInt())).str();
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
