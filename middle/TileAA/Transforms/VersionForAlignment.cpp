//===- VersionForAlignment.cpp - a fast path for aligned views ------------===//
//
// A kernel that never said `assume div_by` gets accesses as narrow as its
// views' base alignment and strides prove (scalar, for a dynamic stride).
// When such a view feeds a dot in a loop, the function body after the views'
// operands is versioned: one runtime check per tile block (the bases
// 16-byte aligned, the outer strides and offsets whole 16-byte vectors)
// chooses between the body with those facts assumed - as if `assume div_by`
// had been written, so the access widths, cp.async rings and tensor-core
// paths follow - and the body unchanged.
//
//===----------------------------------------------------------------------===//
#include "TileAA/Transforms/Passes.h"

#include "TileAA/IR/TileAADivisibility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::nv_tileaa {
#define GEN_PASS_DEF_TILEAAVERSIONFORALIGNMENT
#include "TileAA/Transforms/Passes.h.inc"
} // namespace mlir::nv_tileaa

using namespace mlir;
using namespace mlir::nv_tileaa;

namespace {
/// The widest global access: 128 bits.
constexpr int64_t kVectorBytes = 16;
/// Conversions a loaded dot operand may pass through.
constexpr unsigned kMaxOperandChain = 4;

/// The facts a memref's accesses need for 128-bit vectors that the IR does
/// not prove: value -> power of two that must divide it (bytes for the base
/// pointer, elements for offsets and strides).
using Requirements = llvm::MapVector<Value, int64_t>;

/// Whether `v` is the constant `c`.
bool isConstant(Value v, int64_t c) {
  APInt value;
  return matchPattern(v, m_ConstantInt(&value)) && value == c;
}

/// What `make` lacks for 128-bit accesses; std::nullopt when nothing can be
/// gained (already proven, a shared-memory view, a non-unit or static
/// misaligned stride, an element type wider than a vector). Only values the
/// kernel said nothing about are checked: a `div_by` the kernel wrote is
/// what it knows.
std::optional<Requirements> missingFacts(MakeMemRefOp make) {
  auto type = make.getType();
  Type element = type.getElementType();
  if (type.getAddressSpace() == 3 || type.getRank() == 0 ||
      !element.isIntOrFloat())
    return std::nullopt;
  int64_t bits = element.getIntOrFloatBitWidth();
  if (bits < 8 || bits >= 128 || !llvm::isPowerOf2_64(bits))
    return std::nullopt;
  int64_t vectorElements = kVectorBytes * 8 / bits;

  ArrayRef<int64_t> strides = type.getStrides();
  OperandRange dynamicStrides = make.getStrides();
  unsigned next = 0;
  SmallVector<std::pair<int64_t, Value>> byDim;
  for (int64_t stride : strides)
    byDim.emplace_back(stride, ShapedType::isDynamic(stride)
                                   ? dynamicStrides[next++]
                                   : Value());
  auto [innerStride, innerValue] = byDim.back();
  if (innerValue ? !isConstant(innerValue, 1) : innerStride != 1)
    return std::nullopt;

  Requirements missing;
  int64_t elementBytes = bits / 8;
  if (getKnownDivisor(make.getBase()) <= elementBytes)
    missing[make.getBase()] = kVectorBytes;
  if (Value offset = make.getOffset())
    if (getKnownDivisor(offset) == 1)
      missing[offset] = vectorElements;
  for (auto [stride, value] : ArrayRef(byDim).drop_back()) {
    if (!value) {
      if (stride % vectorElements != 0)
        return std::nullopt; // no runtime fact makes it a whole vector
      continue;
    }
    if (getKnownDivisor(value) == 1)
      missing[value] = std::max(missing.lookup(value), vectorElements);
  }
  if (missing.empty())
    return std::nullopt;
  return missing;
}

/// The make_memref a tiled access reads or writes, through a block_tile.
MakeMemRefOp accessedMemref(Value view) {
  if (auto tile = view.getDefiningOp<BlockTileOp>())
    view = tile.getSrc();
  return view.getDefiningOp<MakeMemRefOp>();
}

/// The make_memref a dot operand was loaded from, through elementwise
/// conversions.
MakeMemRefOp loadedFrom(Value operand) {
  for (unsigned step = 0; step < kMaxOperandChain; ++step) {
    Operation *def = operand.getDefiningOp();
    if (!def)
      return {};
    if (auto load = dyn_cast<TiledLoadOp>(def))
      return accessedMemref(load.getBase());
    if (!isa<FpToFpOp, BitcastOp, arith::ExtFOp, arith::TruncFOp,
             arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp>(def))
      return {};
    operand = def->getOperand(0);
  }
  return {};
}

/// The top-level op of `block` that holds `op`.
Operation *topLevel(Block &block, Operation *op) {
  return block.findAncestorOpInBlock(*op);
}

/// `value & (divisor - 1) == 0` for an integer, index or pointer value.
Value isMultiple(OpBuilder &b, Location loc, Value value, int64_t divisor) {
  if (isa<PtrType>(value.getType()))
    value = PtrToIntOp::create(b, loc, b.getI64Type(), value);
  Type type = value.getType();
  auto constant = [&](int64_t c) -> Value {
    return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, c));
  };
  Value low = arith::AndIOp::create(b, loc, value, constant(divisor - 1));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, low,
                               constant(0));
}

struct VersionForAlignmentPass
    : nv_tileaa::impl::TileAAVersionForAlignmentBase<VersionForAlignmentPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](FuncOp func) {
      if (!func.getBody().empty())
        version(func);
    });
  }

  void version(FuncOp func) {
    Block &body = func.getBody().front();
    // Only something to gain when a dot in a loop reads an operand loaded
    // through a view that lacks the facts.
    bool gain = false;
    func.walk([&](DotOp dot) {
      if (!dot->getParentOfType<scf::ForOp>())
        return;
      for (Value operand : {dot.getA(), dot.getB()})
        if (MakeMemRefOp make = loadedFrom(operand))
          gain |= missingFacts(make).has_value();
    });
    if (!gain)
      return;

    // Every top-level view the function accesses tile-wise joins the fast
    // path, so its stores widen too.
    SmallVector<MakeMemRefOp> views;
    Requirements required;
    for (MakeMemRefOp make : body.getOps<MakeMemRefOp>()) {
      bool accessed = llvm::any_of(make->getUsers(), [](Operation *user) {
        return isa<BlockTileOp, TiledLoadOp, TiledStoreOp>(user);
      });
      std::optional<Requirements> missing = missingFacts(make);
      if (!accessed || !missing)
        continue;
      views.push_back(make);
      for (auto [value, divisor] : *missing)
        required[value] = std::max(required.lookup(value), divisor);
    }
    if (views.empty())
      return; // the views worth widening are made inside nested regions

    // The check goes after the last top-level op the views' operands need.
    Operation *point = &body.front();
    for (MakeMemRefOp make : views)
      for (Value operand : make->getOperands())
        if (Operation *def = operand.getDefiningOp()) {
          Operation *top = topLevel(body, def);
          if (!top)
            return; // defined in another function-level region
          if (point->isBeforeInBlock(top->getNextNode()))
            point = top->getNextNode();
        }
    Operation *terminator = body.getTerminator();
    if (point == terminator)
      return;
    unsigned clonedOps = 0;
    for (Operation &op :
         llvm::make_range(point->getIterator(), terminator->getIterator()))
      op.walk([&](Operation *) { ++clonedOps; });
    if (clonedOps > maxClonedOps)
      return;

    OpBuilder b(point);
    Location loc = func.getLoc();
    Value aligned;
    for (auto [value, divisor] : required) {
      Value ok = isMultiple(b, loc, value, divisor);
      aligned = aligned ? arith::AndIOp::create(b, loc, aligned, ok) : ok;
    }

    // The tail's results the terminator returns come out of the scf.if.
    SmallVector<Value> escaping;
    for (Value operand : terminator->getOperands())
      if (Operation *def = operand.getDefiningOp();
          def && def->getBlock() == &body && !def->isBeforeInBlock(point) &&
          !llvm::is_contained(escaping, operand))
        escaping.push_back(operand);
    SmallVector<Type> resultTypes;
    for (Value value : escaping)
      resultTypes.push_back(value.getType());
    auto ifOp = scf::IfOp::create(b, loc, resultTypes, aligned,
                                  /*addThenBlock=*/true,
                                  /*addElseBlock=*/true);
    Block *fast = &ifOp.getThenRegion().front();
    Block *slow = &ifOp.getElseRegion().front();
    fast->getOperations().splice(fast->end(), body.getOperations(),
                                 point->getIterator(),
                                 terminator->getIterator());
    OpBuilder fastEnd = OpBuilder::atBlockEnd(fast);
    scf::YieldOp::create(fastEnd, loc, escaping);

    // The slow path: the tail unchanged.
    IRMapping mapping;
    OpBuilder slowBuilder = OpBuilder::atBlockEnd(slow);
    for (Operation &op : *fast)
      slowBuilder.clone(op, mapping);

    // The fast path: the views remade from operands with the facts assumed.
    OpBuilder fastBuilder = OpBuilder::atBlockBegin(fast);
    IRMapping assumed;
    for (auto [value, divisor] : required) {
      auto fact = DivByAttr::get(&getContext(), divisor, std::nullopt,
                                 std::nullopt);
      assumed.map(value, AssumeOp::create(fastBuilder, loc, value.getType(),
                                          value,
                                          fastBuilder.getArrayAttr({fact})));
    }
    // (The builder inserts before the block's first op: the originals are
    // erased once all are remade.)
    SmallVector<Operation *> unused;
    for (MakeMemRefOp make : views) {
      Operation *remade = fastBuilder.clone(*make, assumed);
      make->getResult(0).replaceUsesWithIf(
          remade->getResult(0), [&](OpOperand &use) {
            return use.getOwner() != remade &&
                   ifOp.getThenRegion().isAncestor(
                       use.getOwner()->getParentRegion());
          });
      if (make->use_empty())
        unused.push_back(make);
    }
    for (Operation *op : unused)
      op->erase();
    for (auto [i, value] : llvm::enumerate(escaping))
      value.replaceUsesWithIf(ifOp.getResult(i), [&](OpOperand &use) {
        return use.getOwner() == terminator;
      });
  }
};
} // namespace
