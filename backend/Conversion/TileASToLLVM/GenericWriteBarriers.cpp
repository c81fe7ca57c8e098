//===- GenericWriteBarriers.cpp - CTA barriers around scratch writes ------===//
//
// A generic pointer may address a tile block's shared scratch (alloca), which
// all threads of the CTA see: a tile op writing through one distributes its
// elements over the threads, and the next op reading or writing the same
// bytes may give them to other threads. A CTA barrier before and after each
// such write orders it with every earlier and later access of the block.
// Tile ops run uniformly on every thread of the CTA, so each barrier is
// reached by all of them.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tilecc;

/// A pointer, pointer tile or view in the generic address space.
static bool isGenericMemory(Type type) {
  type = getElementTypeOrSelf(type);
  if (auto ptr = dyn_cast<nv_tileaa::PtrType>(type))
    return ptr.getAddressSpace() == 0;
  if (auto view = dyn_cast<nv_tileas::TiledViewType>(type))
    return view.getAddressSpace() == 0;
  return false;
}

void mlir::tilecc::insertGenericWriteBarriers(ModuleOp module) {
  SmallVector<Operation *> writes;
  module.walk([&](Operation *op) {
    if (!isa<nv_tileas::TileASDialect>(op->getDialect()) ||
        !hasEffect<MemoryEffects::Write>(op))
      return;
    if (llvm::any_of(op->getOperandTypes(), isGenericMemory))
      writes.push_back(op);
  });
  for (Operation *op : writes) {
    OpBuilder b(op);
    NVVM::Barrier0Op::create(b, op->getLoc());
    b.setInsertionPointAfter(op);
    NVVM::Barrier0Op::create(b, op->getLoc());
  }
}
