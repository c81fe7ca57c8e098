//===- Interpreter.cpp - the cuda_tile reference interpreter --------------===//
#include "Interp/Interpreter.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "llvm/ADT/ScopeExit.h"

#include <cstring>

using namespace mlir;
using namespace tilecc::interp;

const OpHandler *OpHandlerRegistry::lookup(Operation *op) const {
  std::optional<RegisteredOperationName> name = op->getRegisteredInfo();
  if (!name)
    return nullptr;
  auto it = handlers.find(name->getTypeID());
  return it == handlers.end() ? nullptr : &it->second;
}

const OpHandlerRegistry &tilecc::interp::getDefaultRegistry() {
  static const OpHandlerRegistry registry = [] {
    OpHandlerRegistry r;
    registerCoreHandlers(r);
    registerArithHandlers(r);
    registerMemoryHandlers(r);
    registerControlFlowHandlers(r);
    registerShapeHandlers(r);
    registerMiscHandlers(r);
    registerScaledMmaHandlers(r);
    return r;
  }();
  return registry;
}

const Tile &BlockExecution::get(Value value) const {
  auto it = values.find(value);
  assert(it != values.end() && "value used before definition (IR not verified?)");
  return it->second;
}

const ViewValue &BlockExecution::getView(Value value) const {
  auto it = views.find(value);
  assert(it != views.end() && "view used before definition (IR not verified?)");
  return it->second;
}

uint64_t BlockExecution::allocateLocal(size_t bytes, uint64_t alignment) {
  locals.push_back(std::make_unique<std::vector<uint8_t>>(bytes));
  localBases.push_back(
      launch.memory.map("alloca", *locals.back(), /*readOnly=*/false,
                        alignment));
  return localBases.back();
}

RegionExit BlockExecution::executeRegion(Region &region,
                                         llvm::ArrayRef<Tile> args) {
  if (region.empty())
    return RegionExit{RegionExit::Yield, {}};
  // Scratch allocated in the body of an allocation scope (function, for or
  // loop iteration; not if) ends with it: a later access is out of bounds.
  size_t firstLocal = locals.size();
  auto endScope = llvm::make_scope_exit([&] {
    if (!region.getParentOp()->hasTrait<OpTrait::AutomaticAllocationScope>())
      return;
    for (; locals.size() > firstLocal; locals.pop_back()) {
      launch.memory.unmap(localBases.back());
      localBases.pop_back();
    }
  });
  Block &block = region.front();
  for (auto [arg, tile] : llvm::zip(block.getArguments(), args))
    set(arg, tile);
  for (Operation &op : block) {
    const OpHandler *handler = registry.lookup(&op);
    if (!handler) {
      op.emitError("the reference interpreter cannot execute '")
          << op.getName() << "'";
      return RegionExit::failed();
    }
    if (failed((*handler)(&op, *this)))
      return RegionExit::failed();
    if (pendingExit) {
      RegionExit exit = std::move(*pendingExit);
      pendingExit.reset();
      return exit;
    }
  }
  // A block without terminator (implicit yield of nothing).
  return RegionExit{RegionExit::Yield, {}};
}

LogicalResult tilecc::interp::runKernel(Operation *entry, ArrayRef<Tile> args,
                                        std::array<uint32_t, 3> grid,
                                        GlobalMemory &memory,
                                        llvm::raw_ostream &printStream) {
  auto function = cast<cuda_tile::EntryOp>(entry);
  LaunchState launch{memory, printStream, grid, {}};

  // Globals live for the whole launch; each gets its own buffer.
  std::vector<std::unique_ptr<std::vector<uint8_t>>> globalStorage;
  auto module = entry->getParentOfType<cuda_tile::ModuleOp>();
  for (auto global : module.getOps<cuda_tile::GlobalOp>()) {
    Tile contents = tileFromDense(cast<DenseElementsAttr>(global.getValue()));
    unsigned width = getBitWidth(contents.elementType);
    std::unique_ptr<std::vector<uint8_t>> storage;
    if (width < 8 && width != 1) {
      // Packed as views read them: the lower index in the low bits.
      storage = std::make_unique<std::vector<uint8_t>>(
          llvm::divideCeil(contents.getNumElements() * width, 8));
      for (auto [index, bits] : llvm::enumerate(contents.bits)) {
        uint64_t bit = index * width;
        (*storage)[bit / 8] |= uint8_t((bits & ((1u << width) - 1))
                                       << (bit % 8));
      }
    } else {
      unsigned bytes = std::max(1u, width / 8);
      storage = std::make_unique<std::vector<uint8_t>>(
          contents.getNumElements() * bytes);
      for (auto [index, bits] : llvm::enumerate(contents.bits))
        std::memcpy(storage->data() + index * bytes, &bits, bytes);
    }
    launch.globalAddresses[global] = memory.map(
        global.getSymName().str(), *storage, /*readOnly=*/global.getConstant());
    globalStorage.push_back(std::move(storage));
  }

  const OpHandlerRegistry &registry = getDefaultRegistry();
  for (uint32_t z = 0; z < grid[2]; ++z)
    for (uint32_t y = 0; y < grid[1]; ++y)
      for (uint32_t x = 0; x < grid[0]; ++x) {
        BlockExecution block(launch, registry, {x, y, z});
        RegionExit exit = block.executeRegion(function.getBody(), args);
        if (exit.kind == RegionExit::Failed)
          return failure();
      }
  return success();
}
