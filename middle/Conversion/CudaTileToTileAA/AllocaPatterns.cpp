//===- AllocaPatterns.cpp - alloca -> per-tile-block scratch --------------===//
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
// `global` scratch comes from the device heap: nv_tileaa.heap_alloc (one
// thread mallocs, the block shares the pointer), an assert that it is not
// null (heap exhausted), and nv_tileaa.heap_free before the terminator of
// the scope's body. So the op must sit directly in that body, and no
// return/break/continue may leave the scope from elsewhere. Its pointer is
// generic like the shared scratch's, so that the CTA barriers around
// generic writes order the block's accesses to it.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tilecc;

/// malloc's (and so heap_alloc's) alignment.
static constexpr int64_t kHeapAlignment = 16;

bool mlir::tilecc::needsGenericPointers(Operation *root) {
  bool found = false;
  root->walk([&](cuda_tile::AllocaOp op) {
    found = true;
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

/// The for/loop (or function) whose body an exit op leaves.
static Operation *exitTarget(Operation *exit) {
  if (isa<cuda_tile::ReturnOp>(exit))
    return enclosingFunction(exit);
  Operation *parent = exit->getParentOp();
  while (parent && !isa<cuda_tile::ForOp, cuda_tile::LoopOp>(parent))
    parent = parent->getParentOp();
  return parent;
}

/// Heap scratch is freed before the terminator of its scope's body, so it
/// must be allocated in that body and the scope left only through it.
static LogicalResult checkHeapAllocaPlacement(cuda_tile::AllocaOp op) {
  if (op.getAlignment() > kHeapAlignment)
    return op.emitOpError("in global memory with alignment ")
           << op.getAlignment()
           << " is not supported by tilecc: device heap blocks are "
           << kHeapAlignment << "-byte aligned";
  Operation *scope = op->getParentOp();
  if (!scope || !scope->hasTrait<OpTrait::AutomaticAllocationScope>())
    return op.emitOpError("in global memory is supported by tilecc only "
                          "directly in the body of a function, for or loop "
                          "(the tile block frees it when that body ends)");
  Operation *terminator = op->getBlock()->getTerminator();
  LogicalResult result = success();
  scope->walk([&](Operation *exit) {
    if (exit == terminator ||
        !isa<cuda_tile::ReturnOp, cuda_tile::BreakOp, cuda_tile::ContinueOp>(
            exit) ||
        exitTarget(exit) != scope)
      return WalkResult::advance();
    InFlightDiagnostic diag = op.emitOpError(
        "in global memory is not supported by tilecc when its scope has "
        "another exit (the tile block frees it at the end of the body)");
    diag.attachNote(exit->getLoc()) << "exit here";
    result = failure();
    return WalkResult::interrupt();
  });
  return result;
}

static constexpr StringLiteral kSlotAttr = "tilecc.alloca_slot";

LogicalResult mlir::tilecc::checkAllocaPlacement(Operation *root) {
  bool ok = true;
  llvm::DenseMap<Operation *, int64_t> nextSlot;
  // Pre-order: slots follow the source order within each function.
  root->walk<WalkOrder::PreOrder>([&](cuda_tile::AllocaOp op) {
    if (op.getGlobal() && failed(checkHeapAllocaPlacement(op))) {
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
    if (op.getGlobal())
      return rewriteHeapAlloca(op, type, name, rewriter);
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

  /// heap_alloc, a trap unless it got memory, and heap_free before the
  /// terminator of the scope's body (checkHeapAllocaPlacement).
  static LogicalResult rewriteHeapAlloca(cuda_tile::AllocaOp op,
                                         nv_tileaa::PtrType type,
                                         StringRef name,
                                         ConversionPatternRewriter &rewriter) {
    Type element = type.getPointeeType();
    if (!element.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "pointee is not a number");
    int64_t align = std::max<int64_t>(op.getAlignment(), 1);
    int64_t bytes =
        (int64_t(op.getNumElem()) * element.getIntOrFloatBitWidth() + 7) / 8;
    bytes = llvm::alignTo(bytes, align);
    Location loc = op.getLoc();
    Operation *terminator = op->getBlock()->getTerminator();
    Value ptr = nv_tileaa::HeapAllocOp::create(
        rewriter, loc, type, rewriter.getI64IntegerAttr(bytes),
        rewriter.getStringAttr(name + "_slot"));
    Type i64 = rewriter.getI64Type();
    Value address = nv_tileaa::PtrToIntOp::create(rewriter, loc, i64, ptr);
    Value null = arith::ConstantOp::create(rewriter, loc, i64,
                                           rewriter.getI64IntegerAttr(0));
    Value got = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                      address, null);
    nv_tileaa::AssertOp::create(
        rewriter, loc, got,
        rewriter.getStringAttr(
            ("alloca in global memory: the device heap has no " +
             Twine(bytes) + " bytes left")
                .str()));
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(terminator);
      nv_tileaa::HeapFreeOp::create(rewriter, loc, ptr);
    }
    rewriter.replaceOp(op, ptr);
    return success();
  }
};
} // namespace

void mlir::tilecc::populateCudaTileAllocaToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<AllocaPattern>(typeConverter, patterns.getContext());
}
