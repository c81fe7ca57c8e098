//===- Interpreter.h - the cuda_tile reference interpreter ------*- C++ -*-===//
//
// Executes a verified cuda_tile module op by op, one tile block at a time,
// straight from the CUDA Tile IR specification. It shares no code with the
// lowering, so that comparing it against the compiled kernel (run on the PTX
// emulator) checks the compiler.
//
// Op semantics live in per-family handler files (InterpCore.cpp, ...); each
// registers its handlers in an OpHandlerRegistry keyed by the op's TypeID.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_INTERP_INTERPRETER_H
#define TILECC_INTERP_INTERPRETER_H

#include "Interp/Memory.h"
#include "Interp/Tile.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <functional>
#include <memory>

namespace tilecc::interp {

class BlockExecution;

/// How a region's execution ended.
struct RegionExit {
  enum Kind { Failed, Yield, Continue, Break, Return } kind = Yield;
  llvm::SmallVector<Tile, 2> values;
  static RegionExit failed() { return {Failed, {}}; }
};

using OpHandler = std::function<mlir::LogicalResult(mlir::Operation *, BlockExecution &)>;

class OpHandlerRegistry {
public:
  template <typename OpTy>
  void add(OpHandler handler) {
    handlers[mlir::TypeID::get<OpTy>()] = std::move(handler);
  }
  const OpHandler *lookup(mlir::Operation *op) const;

private:
  llvm::DenseMap<mlir::TypeID, OpHandler> handlers;
};

/// Registration hooks, one per op family.
void registerCoreHandlers(OpHandlerRegistry &registry);
void registerArithHandlers(OpHandlerRegistry &registry);
void registerMemoryHandlers(OpHandlerRegistry &registry);
void registerControlFlowHandlers(OpHandlerRegistry &registry);
void registerShapeHandlers(OpHandlerRegistry &registry);
void registerMiscHandlers(OpHandlerRegistry &registry);
void registerScaledMmaHandlers(OpHandlerRegistry &registry);

/// The runtime part of a tensor_view (and of the views built on it): base
/// address, shape and strides in elements. The rest is in the view's type.
struct ViewValue {
  uint64_t base = 0;
  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<int64_t, 4> strides;
};

/// The registry with every family registered.
const OpHandlerRegistry &getDefaultRegistry();

/// State shared by all tile blocks of one launch.
struct LaunchState {
  GlobalMemory &memory;
  llvm::raw_ostream &printStream;
  std::array<uint32_t, 3> grid;
  /// Addresses of the module's globals.
  llvm::DenseMap<mlir::Operation *, uint64_t> globalAddresses;
};

/// The execution of one tile block.
class BlockExecution {
public:
  BlockExecution(LaunchState &launch, const OpHandlerRegistry &registry,
                 std::array<uint32_t, 3> blockId)
      : launch(launch), registry(registry), blockId(blockId) {}

  const Tile &get(mlir::Value value) const;
  void set(mlir::Value value, Tile tile) { values[value] = std::move(tile); }
  /// Tokens only order operations: their value carries no data.
  void setToken(mlir::Value token) { set(token, Tile({}, token.getType())); }
  const ViewValue &getView(mlir::Value value) const;
  void setView(mlir::Value value, ViewValue view) {
    views[value] = std::move(view);
  }
  ~BlockExecution() {
    for (uint64_t base : localBases)
      launch.memory.unmap(base);
  }
  BlockExecution(const BlockExecution &) = delete;
  BlockExecution &operator=(const BlockExecution &) = delete;

  /// Per-block scratch (alloca) of `bytes` zero bytes, mapped at an address
  /// aligned to `alignment`; unmapped and freed when the body of its
  /// allocation scope ends (executeRegion) or, at the latest, the block.
  uint64_t allocateLocal(size_t bytes, uint64_t alignment);

  /// Runs the single block of `region` with `args` bound to its arguments,
  /// until a terminator hands control back.
  RegionExit executeRegion(mlir::Region &region, llvm::ArrayRef<Tile> args);

  /// Terminator handlers call this to end the enclosing region.
  void exitRegion(RegionExit::Kind kind, llvm::SmallVector<Tile, 2> exitValues) {
    pendingExit = RegionExit{kind, std::move(exitValues)};
  }

  LaunchState &getLaunch() { return launch; }
  std::array<uint32_t, 3> getBlockId() const { return blockId; }

private:
  LaunchState &launch;
  const OpHandlerRegistry &registry;
  std::array<uint32_t, 3> blockId;
  llvm::DenseMap<mlir::Value, Tile> values;
  llvm::DenseMap<mlir::Value, ViewValue> views;
  std::vector<std::unique_ptr<std::vector<uint8_t>>> locals;
  std::vector<uint64_t> localBases;
  std::optional<RegionExit> pendingExit;
};

/// Runs `entry` for every tile block of `grid` with `args` (one per entry
/// argument). Diagnostics (out-of-bounds accesses, unsupported ops) are
/// emitted at the offending op's location.
mlir::LogicalResult runKernel(mlir::Operation *entry, llvm::ArrayRef<Tile> args,
                              std::array<uint32_t, 3> grid, GlobalMemory &memory,
                              llvm::raw_ostream &printStream);

} // namespace tilecc::interp

#endif // TILECC_INTERP_INTERPRETER_H
