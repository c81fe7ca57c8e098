//===- PlanMemory.cpp - tileas-plan-memory --------------------------------===//
//
// The last decision of the schedule stage before the target check: where
// every byte of shared memory lives, whether the kernel needs dynamic shared
// memory, which barriers guard reuse, and the tensor-memory columns of
// tcgen05 ops. Sizes come from SharedMemoryUserOpInterface; the decisions
// are recorded as attributes (TileAS/IR/TileASMemoryPlan.h) that the LLVM
// conversion only materializes.
//
//===----------------------------------------------------------------------===//
#include "Schedule/Passes.h"

#include "Layout/Tcgen05Mma.h"
#include "Target/TargetInfo.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::nv_tileas {
#define GEN_PASS_DEF_TILEASPLANMEMORY
#include "Schedule/Passes.h.inc"
} // namespace mlir::nv_tileas

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {

/// The buffer ops whose scratch lives only while they run take turns in.
constexpr llvm::StringLiteral kScratchBuffer = "tilecc_scratch";

struct User {
  Operation *op;
  SharedMemoryNeed need;
};

/// A named shared buffer the conversion declares.
struct Buffer {
  std::string name;
  int64_t bytes, alignment, offset = 0;
};

/// A barrier after an async_wait publishes the copies to every thread; it
/// is not needed where nobody reads the waited tiles and the code runs once
/// (the top of a kernel), so no later copy refills a slot others still read.
void decideAsyncWaitBarriers(ModuleOp module) {
  Builder b(module.getContext());
  module.walk([&](AsyncWaitOp op) {
    bool read = llvm::any_of(op.getDeps(), [](Value dep) {
      return llvm::any_of(dep.getUsers(), [](Operation *user) {
        return isa<FutureWaitOp>(user);
      });
    });
    auto fn = op->getParentOfType<FunctionOpInterface>();
    bool once = fn && fn.isPublic() && op->getParentOp() == fn;
    bool drainOnly = !read && once && !op.getDeps().empty();
    op->setAttr(kBarrierAttrName, b.getBoolAttr(!drainOnly));
  });
}

/// The type an oversized need names (without its layout).
std::string describe(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << op->getName() << "'";
  if (op->getNumResults()) {
    Type type = op->getResult(0).getType();
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      type = RankedTensorType::get(tensor.getShape(), tensor.getElementType());
    os << " (" << type << ")";
  }
  return text;
}

/// The dot an op's result feeds, if any.
Operation *getDotUser(Operation *op) {
  for (Operation *user : op->getUsers())
    if (isa<DotOp>(user))
      return user;
  return nullptr;
}

/// When the conversions cannot all have buffers of their own in static
/// shared memory: those feeding dots in blocks with two or more of them
/// still get one per operand position in their block, shared across blocks
/// (slot i is the i-th such conversion of every block; in program order, so
/// slots are numbered as they first appear). Sharing the scratch, a dot's
/// first operand would keep its fragments live in registers across the
/// second's round trip: its loads could not pass the other's stores to
/// reach the MMAs (sinkFragmentLoads). A block's first one takes the
/// leading barrier, which orders every later write of the slots in it.
void planDotOperandSlots(ArrayRef<User> candidates,
                         DenseMap<Operation *, unsigned> &slotOf,
                         SmallVector<int64_t> &slotBytes) {
  llvm::MapVector<Block *, SmallVector<const User *>> perBlock;
  for (const User &u : candidates)
    if (getDotUser(u.op))
      perBlock[u.op->getBlock()].push_back(&u);
  for (auto &[block, users] : perBlock) {
    if (users.size() < 2)
      continue;
    for (auto [position, u] : llvm::enumerate(users)) {
      if (position == slotBytes.size())
        slotBytes.push_back(0);
      slotBytes[position] = std::max<int64_t>(
          slotBytes[position], llvm::alignTo(u->need.bytes, 16));
      slotOf[u->op] = position;
    }
  }
}

struct PlanMemoryPass
    : nv_tileas::impl::TileASPlanMemoryBase<PlanMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<::tilecc::TargetInfo> target = ::tilecc::parseTarget(arch);
    if (!target) {
      module.emitError() << "unknown target '" << arch << "'";
      return signalPassFailure();
    }
    if (failed(planShared(module, *target)) ||
        failed(planTensorMemory(module, *target)))
      return signalPassFailure();
    decideAsyncWaitBarriers(module);
  }

  LogicalResult planShared(ModuleOp module,
                           const ::tilecc::TargetInfo &target);
  LogicalResult planTensorMemory(ModuleOp module,
                                 const ::tilecc::TargetInfo &target);
};

LogicalResult PlanMemoryPass::planShared(ModuleOp module,
                                         const ::tilecc::TargetInfo &target) {
  MLIRContext *ctx = module.getContext();
  Builder b(ctx);
  // More must be dynamic shared memory, which ptxas refuses as static.
  int64_t limit = target.getStaticSharedMemoryLimit();
  int64_t perBlock = target.sharedMemoryPerBlock;

  // Program order (deterministic): needs while an op runs, and those for
  // the whole kernel.
  SmallVector<User> transient, candidates, kernel;
  module.walk([&](SharedMemoryUserOpInterface user) {
    SharedMemoryNeed need = user.getSharedMemoryNeed(target);
    if (need.bytes <= 0)
      return;
    if (user.getSharedLiveRange() == SharedLiveRange::Kernel) {
      kernel.push_back({user, need});
      return;
    }
    transient.push_back({user, need});
    if (user.mayOwnSharedBuffer())
      candidates.push_back({user, need});
  });

  int64_t kernelBytes = 0;
  for (const User &u : kernel)
    kernelBytes += u.need.bytes;

  // With one scratch buffer every round trip must first wait for the
  // previous user (a barrier before its stores) and independent conversions
  // serialize. When they all fit the static limit next to the rest, each
  // conversion gets a buffer of its own (one alone gains nothing).
  int64_t othersBytes = 0, ownBytes = 0;
  for (const User &u : transient)
    if (!cast<SharedMemoryUserOpInterface>(u.op).mayOwnSharedBuffer())
      othersBytes = std::max(othersBytes, u.need.bytes);
  for (const User &u : candidates)
    ownBytes += llvm::alignTo(u.need.bytes, 16);
  // Each buffer of its own is a slot; candidates may share one.
  DenseMap<Operation *, unsigned> slotOf;
  SmallVector<int64_t> slotBytes;
  if (candidates.size() >= 2 &&
      kernelBytes + othersBytes + ownBytes <= limit) {
    llvm::erase_if(transient, [](const User &u) {
      return cast<SharedMemoryUserOpInterface>(u.op).mayOwnSharedBuffer();
    });
    for (const User &u : candidates) {
      slotOf[u.op] = slotBytes.size();
      slotBytes.push_back(llvm::alignTo(u.need.bytes, 16));
    }
  } else {
    planDotOperandSlots(candidates, slotOf, slotBytes);
    ownBytes = 0;
    for (int64_t bytes : slotBytes)
      ownBytes += bytes;
    int64_t othersLeft = 0;
    for (const User &u : transient)
      if (!slotOf.count(u.op))
        othersLeft = std::max(othersLeft, u.need.bytes);
    if (!slotBytes.empty() &&
        kernelBytes + othersLeft + ownBytes <= perBlock) {
      llvm::erase_if(transient,
                     [&](const User &u) { return slotOf.count(u.op); });
      llvm::erase_if(candidates,
                     [&](const User &u) { return !slotOf.count(u.op); });
    } else {
      candidates.clear();
      slotOf.clear();
      slotBytes.clear();
      ownBytes = 0;
    }
  }

  int64_t scratchBytes = 0, scratchAlign = 16;
  Operation *largest = nullptr;
  for (const User &u : transient) {
    scratchAlign = std::max(scratchAlign, u.need.alignment);
    if (u.need.bytes > scratchBytes) {
      scratchBytes = u.need.bytes;
      largest = u.op;
    }
  }

  int64_t total = scratchBytes + kernelBytes + ownBytes;
  if (total > perBlock) {
    // Point at the largest single need and name every buffer to shrink.
    Operation *largestKernel = nullptr;
    int64_t largestKernelBytes = 0;
    for (const User &u : kernel)
      if (u.need.bytes > largestKernelBytes) {
        largestKernelBytes = u.need.bytes;
        largestKernel = u.op;
      }
    Operation *at = scratchBytes >= largestKernelBytes ? largest : largestKernel;
    // The first part is ptxas's wording, which Triton's autotuner parses
    // (used and maximum bytes in hex) to skip configurations that do not fit.
    InFlightDiagnostic diag =
        (at ? at->emitError() : module.emitError())
        << "kernel uses too much shared data (0x"
        << llvm::utohexstr(total, /*LowerCase=*/true) << " bytes, 0x"
        << llvm::utohexstr(perBlock, /*LowerCase=*/true)
        << " max): it needs " << total
        << " bytes of shared memory, more than the " << perBlock
        << " one CTA may use on " << target.getName() << ": ";
    SmallVector<std::string> parts;
    if (largest)
      parts.push_back(std::to_string(scratchBytes) + " to stage the tiles of " +
                      describe(largest) + (largest == at ? " here" : ""));
    for (const User &u : kernel) {
      StringRef name = "";
      if (auto symbol = dyn_cast<SymbolOpInterface>(u.op))
        name = symbol.getName();
      else
        name = cast<SharedMemoryUserOpInterface>(u.op).getSharedBufferPrefix();
      parts.push_back(std::to_string(u.need.bytes) + " for shared buffer @" +
                      name.str());
    }
    diag << llvm::join(parts, ", ");
    diag << "; shrink those tiles (tile shape or element type) or split the "
            "work";
    return diag;
  }
  bool dynamic = total > limit;

  // The buffers the conversion declares, in declaration order: responses
  // and other whole-kernel ops, the shared scratch, own buffers; then the
  // shared globals where they are. Offsets follow that order.
  SmallVector<Buffer> buffers;
  llvm::StringMap<unsigned> counters;
  auto freshName = [&](StringRef prefix) {
    unsigned &n = counters[prefix];
    std::string name;
    do
      name = (prefix + "_" + Twine(n++)).str();
    while (module.lookupSymbol(name));
    return name;
  };
  DenseMap<Operation *, unsigned> bufferOf;
  SmallVector<User> globals;
  for (const User &u : kernel) {
    if (isa<SymbolOpInterface>(u.op)) {
      globals.push_back(u);
      continue;
    }
    auto user = cast<SharedMemoryUserOpInterface>(u.op);
    bufferOf[u.op] = buffers.size();
    buffers.push_back({freshName(user.getSharedBufferPrefix()), u.need.bytes,
                       u.need.alignment});
  }
  if (scratchBytes) {
    for (const User &u : transient)
      bufferOf[u.op] = buffers.size();
    buffers.push_back({kScratchBuffer.str(), scratchBytes, scratchAlign});
  }
  unsigned firstSlot = buffers.size();
  for (const User &u : candidates) {
    unsigned slot = slotOf.lookup(u.op);
    if (slot == buffers.size() - firstSlot) {
      auto user = cast<SharedMemoryUserOpInterface>(u.op);
      buffers.push_back(
          {freshName(user.getSharedBufferPrefix()), slotBytes[slot], 16});
    }
    bufferOf[u.op] = firstSlot + slot;
  }
  int64_t end = 0, alignment = 16;
  auto place = [&](int64_t bytes, int64_t align) {
    int64_t offset = llvm::alignTo(end, std::max<int64_t>(align, 1));
    end = offset + bytes;
    alignment = std::max(alignment, align);
    return offset;
  };
  for (Buffer &buffer : buffers)
    buffer.offset = place(buffer.bytes, buffer.alignment);
  for (const User &u : globals)
    u.op->setAttr(kSharedSliceAttrName,
                  b.getDictionaryAttr(
                      {b.getNamedAttr("offset", b.getI64IntegerAttr(place(
                                                    u.need.bytes,
                                                    u.need.alignment))),
                       b.getNamedAttr("bytes",
                                      b.getI64IntegerAttr(u.need.bytes))}));
  if (dynamic && end > perBlock)
    return module.emitError()
           << "kernel needs " << end
           << " bytes of shared memory, more than the " << perBlock
           << " one CTA may use on " << target.getName();

  // Barriers: a turn at the shared scratch waits for the previous user. An
  // own buffer needs none when another conversion in the same block always
  // runs between two of its executions (its store -> load barrier orders
  // them; blocks are straight-line), since nobody else touches the buffer.
  auto record = [&](const User &u, bool barrier) {
    const Buffer &buffer = buffers[bufferOf.lookup(u.op)];
    u.op->setAttr(
        kSharedSliceAttrName,
        b.getDictionaryAttr(
            {b.getNamedAttr("buffer", b.getStringAttr(buffer.name)),
             b.getNamedAttr("offset", b.getI64IntegerAttr(buffer.offset)),
             b.getNamedAttr("bytes", b.getI64IntegerAttr(u.need.bytes)),
             b.getNamedAttr("barrier", b.getBoolAttr(barrier))}));
  };
  for (const User &u : transient)
    record(u, /*barrier=*/true);
  // The fragment loads of a dot operand move down to the dot's MMAs, past
  // the later conversions of the block (sinkFragmentLoads, after the LLVM
  // conversion), so the first such conversion of a block waits for the
  // previous turn itself; the block's later ones come after its barrier.
  auto feedsDot = [](Operation *op) { return getDotUser(op) != nullptr; };
  for (const User &u : candidates) {
    auto inBlock = [&](const User &other) {
      return other.op != u.op && other.op->getBlock() == u.op->getBlock();
    };
    bool firstDotOperand =
        feedsDot(u.op) && llvm::none_of(candidates, [&](const User &other) {
          return inBlock(other) && feedsDot(other.op) &&
                 other.op->isBeforeInBlock(u.op);
        });
    record(u, firstDotOperand || llvm::none_of(candidates, inBlock));
  }
  for (const User &u : kernel)
    if (!isa<SymbolOpInterface>(u.op))
      record(u, /*barrier=*/false);

  SmallVector<Attribute> bufferAttrs;
  for (const Buffer &buffer : buffers)
    bufferAttrs.push_back(b.getDictionaryAttr(
        {b.getNamedAttr("name", b.getStringAttr(buffer.name)),
         b.getNamedAttr("bytes", b.getI64IntegerAttr(buffer.bytes)),
         b.getNamedAttr("alignment", b.getI64IntegerAttr(buffer.alignment)),
         b.getNamedAttr("offset", b.getI64IntegerAttr(buffer.offset))}));
  SmallVector<NamedAttribute> plan{
      b.getNamedAttr("shared_bytes", b.getI64IntegerAttr(total)),
      b.getNamedAttr("dynamic", b.getBoolAttr(dynamic)),
      b.getNamedAttr("buffers", b.getArrayAttr(bufferAttrs))};
  if (dynamic) {
    plan.push_back(b.getNamedAttr("dynamic_bytes", b.getI64IntegerAttr(end)));
    plan.push_back(
        b.getNamedAttr("alignment", b.getI64IntegerAttr(alignment)));
  }
  module->setAttr(kMemoryPlanAttrName, b.getDictionaryAttr(plan));
  return success();
}

/// The op that frees the tensor memory `op` allocates: an op returning a
/// tmem_acc value holds its columns while values derived from it live
/// (through the loops that carry it) until the op that consumes one without
/// producing another (tmem_load). Null when `op` frees them itself.
Operation *findTensorMemoryRelease(Operation *op) {
  auto isTmem = [](Value v) { return isa<TmemAccType>(v.getType()); };
  SmallVector<Value> worklist;
  llvm::copy_if(op->getResults(), std::back_inserter(worklist), isTmem);
  if (worklist.empty())
    return nullptr;
  DenseSet<Value> seen(worklist.begin(), worklist.end());
  auto push = [&](Value v) {
    if (seen.insert(v).second)
      worklist.push_back(v);
  };
  Operation *release = nullptr;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (BlockArgument arg = loop.getTiedLoopRegionIterArg(&use)) {
          push(arg);
          push(loop.getTiedLoopResult(&use));
        }
        continue;
      }
      if (isa<scf::YieldOp>(user)) {
        if (auto loop = dyn_cast<scf::ForOp>(user->getParentOp()))
          push(loop.getResult(use.getOperandNumber()));
        continue;
      }
      bool carries = false;
      for (Value result : user->getResults())
        if (isTmem(result)) {
          push(result);
          carries = true;
        }
      // The last consumer in program order frees the columns (compared
      // where they sit in the allocating op's block).
      if (carries)
        continue;
      Operation *at = op->getBlock()->findAncestorOpInBlock(*user);
      if (!at)
        continue;
      if (!release ||
          op->getBlock()->findAncestorOpInBlock(*release)->isBeforeInBlock(at))
        release = user;
    }
  }
  return release;
}

LogicalResult
PlanMemoryPass::planTensorMemory(ModuleOp module,
                                 const ::tilecc::TargetInfo &target) {
  // An op allocates its columns and frees them before the next one, unless
  // it holds them across later ops (a resident accumulator): those count
  // against every allocation in between. tcgen05.alloc waits for columns
  // to be freed, so a CTA that needs more than the SM has would hang.
  Builder b(module.getContext());
  int64_t most = 0;
  struct Held {
    Operation *release;
    int64_t columns;
  };
  SmallVector<Held> held;
  int64_t heldColumns = 0;
  WalkResult walk = module.walk<WalkOrder::PreOrder>([&](Operation *op)
                                                         -> WalkResult {
    for (auto *it = held.begin(); it != held.end();) {
      if (it->release == op) {
        heldColumns -= it->columns;
        it = held.erase(it);
      } else {
        ++it;
      }
    }
    auto user = dyn_cast<SharedMemoryUserOpInterface>(op);
    int64_t columns = user ? user.getTensorMemoryColumns(target) : 0;
    if (columns <= 0)
      return WalkResult::advance();
    op->setAttr(kTmemColumnsAttrName, b.getI64IntegerAttr(columns));
    int64_t live = heldColumns + columns;
    if (live > ::tilecc::layout::kTensorMemoryColumns) {
      op->emitError("needs ")
          << columns << " tensor-memory columns while " << heldColumns
          << " are held by accumulators resident across it: " << live
          << ", more than the " << ::tilecc::layout::kTensorMemoryColumns
          << " of an SM; use smaller tiles";
      return WalkResult::interrupt();
    }
    most = std::max(most, live);
    if (Operation *release = findTensorMemoryRelease(op)) {
      held.push_back({release, columns});
      heldColumns += columns;
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (most) {
    auto plan = module->getAttrOfType<DictionaryAttr>(kMemoryPlanAttrName);
    NamedAttrList attrs(plan);
    attrs.set("tmem_columns", b.getI64IntegerAttr(most));
    module->setAttr(kMemoryPlanAttrName, attrs.getDictionary(b.getContext()));
  }
  return success();
}

} // namespace
