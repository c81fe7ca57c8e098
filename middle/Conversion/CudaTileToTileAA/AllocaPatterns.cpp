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
// thread mallocs, the block shares the pointer) and an assert that it is
// not null (heap exhausted). Its allocation scope is the nearest function,
// for or loop (`if` is not one), with only ifs in between (reduce and scan
// bodies hold pure ops only). Early exits are structured before conversion
// (normalizeCudaTileEarlyExits), so afterwards every way out of a scope's
// body -- its end, a continue, break or return in a terminal if -- runs the
// body's one terminator. freeHeapAllocasAtScopeExits therefore frees each
// block right before that terminator; a block allocated in an if reaches it
// as an extra result of each enclosing if, null on the other branch, and
// free(null) does nothing. So every path frees what it allocated exactly
// once, in each iteration of a loop. The if conditions are scalars, uniform
// over the tile block, so the barriers of heap_alloc/heap_free stay uniform.
// Alignments above malloc's 16 bytes over-allocate and round the pointer
// up; the block itself is what gets freed. Its pointer is generic like the
// shared scratch's, so that the CTA barriers around generic writes order
// the block's accesses to it.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

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

static constexpr StringLiteral kSlotAttr = "tilecc.alloca_slot";
/// Marks the heap_allocs of this conversion, which it frees afterwards.
static constexpr StringLiteral kFreeAtScopeExitsAttr =
    "tilecc.free_at_scope_exits";

void mlir::tilecc::numberAllocas(Operation *root) {
  llvm::DenseMap<Operation *, int64_t> nextSlot;
  // Pre-order: slots follow the source order within each function.
  root->walk<WalkOrder::PreOrder>([&](cuda_tile::AllocaOp op) {
    Operation *function = enclosingFunction(op);
    op->setAttr(kSlotAttr,
                IntegerAttr::get(IntegerType::get(op.getContext(), 64),
                                 nextSlot[function]++));
  });
}

namespace {
/// Runs after numberAllocas, which numbered the op in its function.
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
    // The early-exit normalization may have copied the op into exclusive
    // branches: the copies share its array.
    if (!SymbolTable::lookupNearestSymbolFrom(
            kernel, StringAttr::get(op.getContext(), name))) {
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

  /// heap_alloc, a trap unless it got memory, and the first `alignment`
  /// boundary in the block (freeHeapAllocasAtScopeExits frees the block).
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
    // A 16-byte aligned block has an `align` boundary in its first
    // align - 16 bytes.
    int64_t slack = std::max<int64_t>(align - kHeapAlignment, 0);
    Location loc = op.getLoc();
    auto alloc = nv_tileaa::HeapAllocOp::create(
        rewriter, loc, type, rewriter.getI64IntegerAttr(bytes + slack),
        rewriter.getStringAttr(name + "_slot"));
    alloc->setAttr(kFreeAtScopeExitsAttr, rewriter.getUnitAttr());
    Value block = alloc;
    Type i64 = rewriter.getI64Type();
    Value address = nv_tileaa::PtrToIntOp::create(rewriter, loc, i64, block);
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantOp::create(rewriter, loc, i64,
                                       rewriter.getI64IntegerAttr(value));
    };
    Value got = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                      address, constant(0));
    nv_tileaa::AssertOp::create(
        rewriter, loc, got,
        rewriter.getStringAttr(
            ("alloca in global memory: the device heap has no " +
             Twine(bytes + slack) + " bytes left")
                .str()));
    Value ptr = block;
    if (slack != 0) {
      // (-address) mod align bytes up to the boundary.
      Value negated = arith::SubIOp::create(rewriter, loc, constant(0), address);
      Value pad = arith::AndIOp::create(rewriter, loc, negated,
                                        constant(align - 1));
      ptr = nv_tileaa::AddPtrOp::create(rewriter, loc, type, block, pad,
                                        /*bytes=*/true);
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

//===----------------------------------------------------------------------===//
// Freeing heap scratch (after conversion)
//===----------------------------------------------------------------------===//

/// Whether `op` is what a function, for or loop became: an allocation scope.
static bool isConvertedScope(Operation *op) {
  return isa<nv_tileaa::FuncOp, scf::ForOp, scf::WhileOp>(op);
}

/// Replaces `ifOp` by one with an extra result: `value` (defined in one of
/// its regions) from that region, null from the other. Returns that result.
static Value carryOutOfIf(scf::IfOp ifOp, Value value) {
  Location loc = ifOp.getLoc();
  OpBuilder builder(ifOp);
  SmallVector<Type> types(ifOp.getResultTypes());
  types.push_back(value.getType());
  auto carried = scf::IfOp::create(builder, loc, types, ifOp.getCondition(),
                                   /*addThenBlock=*/false,
                                   /*addElseBlock=*/false);
  carried->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
  carried.getThenRegion().takeBody(ifOp.getThenRegion());
  carried.getElseRegion().takeBody(ifOp.getElseRegion());
  if (carried.getElseRegion().empty()) {
    builder.createBlock(&carried.getElseRegion());
    scf::YieldOp::create(builder, loc);
  }
  for (Region &region : carried->getRegions()) {
    Operation *yield = region.front().getTerminator();
    Value result = value;
    if (!region.isAncestor(value.getParentRegion())) {
      builder.setInsertionPoint(yield);
      Value zero = arith::ConstantIntOp::create(builder, loc, 0, 64);
      result = nv_tileaa::IntToPtrOp::create(builder, loc, value.getType(),
                                             zero);
    }
    yield->insertOperands(yield->getNumOperands(), result);
  }
  ifOp->replaceAllUsesWith(carried.getResults().drop_back());
  ifOp->erase();
  return carried.getResults().back();
}

void mlir::tilecc::freeHeapAllocasAtScopeExits(Operation *root) {
  SmallVector<nv_tileaa::HeapAllocOp> allocs;
  root->walk([&](nv_tileaa::HeapAllocOp op) {
    if (op->removeAttr(kFreeAtScopeExitsAttr))
      allocs.push_back(op);
  });
  // Last allocated first freed: each free goes right before the terminator.
  // (Carrying a block out of an if replaces the if, so each block gets its
  // user at once, which keeps it up to date for the next replacement.)
  for (nv_tileaa::HeapAllocOp op : llvm::reverse(allocs)) {
    Value block = op.getResult();
    Operation *parent = op->getParentOp();
    // Only ifs lie between an alloca and its allocation scope: the other
    // region ops, reduce and scan, allow pure ops only.
    while (!isConvertedScope(parent)) {
      auto ifOp = cast<scf::IfOp>(parent);
      parent = ifOp->getParentOp();
      block = carryOutOfIf(ifOp, block);
    }
    OpBuilder builder(block.getParentBlock()->getTerminator());
    nv_tileaa::HeapFreeOp::create(builder, op.getLoc(), block);
  }
}
