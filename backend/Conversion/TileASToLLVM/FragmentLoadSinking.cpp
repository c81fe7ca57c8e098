//===- FragmentLoadSinking.cpp - MMA operand loads next to their MMAs -----===//
//
// A dot's operand tiles are read from shared memory (ldmatrix, or vector
// loads for 32/64-bit elements) by the op that produces them, all at once,
// before the dot issues its first mma.sync. With every fragment of the K
// slice live at the first MMA, large tiles need more registers than a
// thread has. The dot issues its MMAs one K step at a time (DotPatterns.cpp);
// this step moves each fragment load, with the address arithmetic only it
// uses and the unpacking of its result, down to just before the first op
// that consumes it, so that a K step's fragments are loaded right before its
// MMAs and dead after them. A load never moves past an op that may write
// memory or synchronize (barriers, stores, cp.async, side-effecting PTX), so
// it reads what it read before. Only blocks that issue mma.sync or the
// multiply-adds of an FMA dot (marked by FmaDotPatterns.cpp) change.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/FragmentLoadSinking.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tilecc;

/// An mma.sync: nvvm.mma.sync, nvvm.mma.block_scale, or inline PTX for the
/// forms NVVM lacks (fp8 operands). Register-only: it neither reads nor
/// writes memory.
static bool isMmaSync(Operation *op) {
  if (isa<NVVM::MmaOp, NVVM::MmaBlockScaleOp>(op))
    return true;
  auto asmOp = dyn_cast<LLVM::InlineAsmOp>(op);
  return asmOp && asmOp.getAsmString().starts_with("mma.sync");
}

/// A multiply-add of an FMA dot (FmaDotPatterns.cpp marks them).
static bool isDotFma(Operation *op) {
  return op->hasAttr(kDotFmaAttrName);
}

/// An op that consumes dot operand fragments.
static bool isDotConsumer(Operation *op) {
  return isMmaSync(op) || isDotFma(op);
}

static bool isLdMatrix(Operation *op) {
  if (isa<NVVM::LdMatrixOp>(op))
    return true;
  auto asmOp = dyn_cast<LLVM::InlineAsmOp>(op);
  return asmOp && asmOp.getAsmString().starts_with("ldmatrix.");
}

/// A plain (vector) load of 32-bit or narrower elements from shared memory.
/// 64-bit ones stay where they are: moving f64 fragment loads next to their
/// m8n8k4 MMAs made ptxas take more registers.
static bool isNarrowSharedLoad(Operation *op) {
  auto load = dyn_cast<LLVM::LoadOp>(op);
  if (!load || load.getVolatile_() ||
      load.getOrdering() != LLVM::AtomicOrdering::not_atomic ||
      cast<LLVM::LLVMPointerType>(load.getAddr().getType()).getAddressSpace() !=
          3)
    return false;
  Type type = load.getType();
  if (auto vector = dyn_cast<VectorType>(type))
    type = vector.getElementType();
  return type.isIntOrFloat() && type.getIntOrFloatBitWidth() <= 32;
}

/// The reads of dot operand fragments from shared memory in `block`:
/// ldmatrix, and the shared loads whose values reach an MMA or a dot's
/// multiply-add through register-only ops (unpacking, tf32 rounding, the
/// 3xTF32 split). Accumulators are not followed back through the MMAs.
static SmallVector<Operation *> findFragmentLoads(Block &block) {
  llvm::DenseSet<Operation *> found, visited;
  SmallVector<Operation *> worklist;
  for (Operation &op : block)
    if (isDotConsumer(&op))
      worklist.push_back(&op);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || def->getBlock() != &block || !visited.insert(def).second)
        continue;
      if (isLdMatrix(def) || isNarrowSharedLoad(def)) {
        found.insert(def);
        continue;
      }
      if (isDotConsumer(def) || def->getNumRegions() != 0 ||
          def->hasTrait<OpTrait::ConstantLike>())
        continue;
      auto asmOp = dyn_cast<LLVM::InlineAsmOp>(def);
      if (asmOp ? asmOp.getHasSideEffects() : !isMemoryEffectFree(def))
        continue;
      worklist.push_back(def);
    }
  }
  SmallVector<Operation *> loads;
  for (Operation &op : block)
    if (found.contains(&op))
      loads.push_back(&op);
  return loads;
}

/// The shared-memory global an address is computed from (through GEPs,
/// integer offsets and casts), or null when that is not known.
static StringAttr getBaseGlobal(Value address) {
  for (unsigned depth = 0; depth < 32 && address; ++depth) {
    Operation *def = address.getDefiningOp();
    if (!def)
      return {};
    if (auto addressOf = dyn_cast<LLVM::AddressOfOp>(def))
      return addressOf.getGlobalNameAttr().getAttr();
    if (auto gep = dyn_cast<LLVM::GEPOp>(def)) {
      address = gep.getBase();
    } else if (isa<LLVM::PtrToIntOp, LLVM::IntToPtrOp, LLVM::AddrSpaceCastOp,
                   LLVM::ZExtOp, LLVM::TruncOp>(def)) {
      address = def->getOperand(0);
    } else if (isa<LLVM::AddOp, LLVM::OrOp>(def)) {
      // The base is the operand that has one; the other is an offset.
      StringAttr lhs = getBaseGlobal(def->getOperand(0));
      return lhs ? lhs : getBaseGlobal(def->getOperand(1));
    } else {
      return {};
    }
  }
  return {};
}

static bool isBarrier(Operation *op) {
  return isa<NVVM::Barrier0Op, NVVM::BarrierOp>(op);
}

/// Whether `op` may write the shared buffer `buffer` (null: unknown).
static bool mayWrite(Operation *op, StringAttr buffer) {
  if (isBarrier(op) || isLdMatrix(op) || isMmaSync(op))
    return false;
  if (auto asmOp = dyn_cast<LLVM::InlineAsmOp>(op)) {
    if (!asmOp.getHasSideEffects())
      return false;
  } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
    unsigned space =
        cast<LLVM::LLVMPointerType>(store.getAddr().getType()).getAddressSpace();
    if (space == 1) // global memory
      return false;
    if (space != 3 || !buffer)
      return true;
    StringAttr base = getBaseGlobal(store.getAddr());
    return !base || base == buffer;
  } else if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
    return load.getVolatile_() ||
           load.getOrdering() != LLVM::AtomicOrdering::not_atomic;
  } else if (isMemoryEffectFree(op) && op->getNumRegions() == 0) {
    return false;
  }
  if (!buffer)
    return true;
  // Side-effecting PTX (cp.async, ...): it writes where its addresses point.
  for (Value operand : op->getOperands()) {
    Type type = operand.getType();
    if (!isa<LLVM::LLVMPointerType, IntegerType>(type))
      continue;
    // A global-memory address (a predicated st.global) is no shared one.
    if (auto pointer = dyn_cast<LLVM::LLVMPointerType>(type))
      if (pointer.getAddressSpace() == 1)
        continue;
    if (isa<IntegerType>(type) && !operand.getDefiningOp<LLVM::AddOp>() &&
        !operand.getDefiningOp<LLVM::PtrToIntOp>())
      continue; // a plain value, not an address
    StringAttr base = getBaseGlobal(operand);
    if (!base || base == buffer)
      return true;
  }
  return isa<LLVM::CallOp>(op) || op->getNumOperands() == 0;
}

/// Whether every path from after `from` meets a barrier before an op that
/// may write `buffer`: a read of `buffer` moved to `from` stays ordered
/// before every later write of it by the other threads.
static bool barrierBeforeNextWrite(Operation *from, StringAttr buffer) {
  SmallVector<Operation *> worklist{from->getNextNode()};
  llvm::DenseSet<Block *> visited;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (; op; op = op->getNextNode()) {
      if (isBarrier(op))
        break;
      if (mayWrite(op, buffer))
        return false;
      if (op->hasTrait<OpTrait::IsTerminator>()) {
        for (Block *succ : op->getSuccessors())
          if (visited.insert(succ).second)
            worklist.push_back(&succ->front());
        if (op->getNumSuccessors() == 0 && !isa<LLVM::ReturnOp>(op))
          return false;
      }
    }
  }
  return true;
}

/// Whether a read of shared memory may move past `op` without other
/// checks: `op` neither writes memory nor synchronizes.
static bool mayCross(Operation *op) {
  return !isBarrier(op) && !mayWrite(op, StringAttr());
}

/// Ops that only take a loaded value apart (or reassemble it): they move
/// with the load.
static bool isUnpacking(Operation *op) {
  return isa<LLVM::ExtractValueOp, LLVM::BitcastOp, LLVM::ExtractElementOp>(
      op);
}

/// extractvalue of an insertvalue chain -> the inserted value. The value
/// model packs a tile's registers into a struct and the consumer unpacks it;
/// seen through, the consumer uses the loaded registers directly.
static void foldExtractsOfInserts(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    auto extract = dyn_cast<LLVM::ExtractValueOp>(&op);
    if (!extract)
      continue;
    ArrayRef<int64_t> position = extract.getPosition();
    Value container = extract.getContainer();
    while (auto insert = container.getDefiningOp<LLVM::InsertValueOp>()) {
      ArrayRef<int64_t> at = insert.getPosition();
      if (at == position) {
        extract.replaceAllUsesWith(insert.getValue());
        break;
      }
      size_t common = std::min(at.size(), position.size());
      if (at.take_front(common) == position.take_front(common))
        break; // one contains the other
      container = insert.getContainer();
    }
  }
  // The value model's packing that nothing reads any more.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
    if (isa<LLVM::InsertValueOp, LLVM::ExtractValueOp, LLVM::UndefOp>(op) &&
        op.use_empty())
      op.erase();
}

/// Moves `load` with its unpacking and the address arithmetic only it uses
/// to just before the first op consuming it, or before the first op it may
/// not cross.
static void sinkLoad(Operation *load) {
  Block *block = load->getBlock();
  // The load and the ops unpacking its result.
  llvm::SetVector<Operation *> slice;
  slice.insert(load);
  for (size_t i = 0; i < slice.size(); ++i)
    for (Operation *user : slice[i]->getUsers())
      if (user->getBlock() == block && isUnpacking(user))
        slice.insert(user);
  // The first consumer, or the first op the load may not cross: one that
  // may write memory or synchronize, unless the load reads a buffer of its
  // own that the op does not write (barriers included, when a barrier still
  // separates the load from the next write of its buffer).
  StringAttr buffer = getBaseGlobal(load->getOperand(0));
  Operation *to = load->getNextNode();
  Operation *lastSafe = load; // the last point with no barrier crossed
  bool crossedBarrier = false;
  for (; to; to = to->getNextNode()) {
    if (slice.contains(to))
      continue;
    if (llvm::any_of(to->getOperands(), [&](Value v) {
          Operation *def = v.getDefiningOp();
          return def && slice.contains(def);
        }))
      break;
    if (mayCross(to))
      continue;
    if (!buffer || mayWrite(to, buffer))
      break;
    if (isBarrier(to)) {
      if (!crossedBarrier)
        lastSafe = to;
      crossedBarrier = true;
    }
  }
  if (!to)
    return;
  // Past a barrier, the next write of the buffer must still wait for one.
  if (crossedBarrier && !barrierBeforeNextWrite(to->getPrevNode(), buffer))
    to = lastSafe;
  if (to == load->getNextNode() || to == load)
    return;
  // The address arithmetic nothing else uses.
  llvm::SetVector<Operation *> address;
  SmallVector<Operation *> worklist{load};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || def->getBlock() != block || address.contains(def) ||
          !isMemoryEffectFree(def) || def->getNumRegions() != 0 ||
          def->hasTrait<OpTrait::ConstantLike>())
        continue;
      if (llvm::all_of(def->getUsers(), [&](Operation *user) {
            return user == load || address.contains(user);
          })) {
        address.insert(def);
        worklist.push_back(def);
      }
    }
  }
  SmallVector<Operation *> moved(address.begin(), address.end());
  llvm::append_range(moved, slice);
  llvm::sort(moved, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  for (Operation *op : moved)
    op->moveBefore(to);
}

void mlir::tilecc::sinkFragmentLoads(ModuleOp module) {
  SmallVector<Block *> blocks;
  module.walk([&](Block *block) {
    if (llvm::any_of(*block, [](Operation &op) { return isDotConsumer(&op); }))
      blocks.push_back(block);
  });
  for (Block *block : blocks) {
    foldExtractsOfInserts(*block);
    for (Operation *load : findFragmentLoads(*block))
      sinkLoad(load);
  }
  module.walk([](Operation *op) { op->removeAttr(kDotFmaAttrName); });
}
