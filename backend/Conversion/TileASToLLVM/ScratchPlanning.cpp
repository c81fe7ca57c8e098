//===- ScratchPlanning.cpp - separate shared buffers for conversions ------===//
//
// With one scratch buffer every round trip must first wait for the previous
// user (a barrier before its stores) and independent conversions serialize.
// When the kernel's static shared memory allows, each conversion through
// shared memory gets a buffer of its own; its leading barrier is then
// dropped when another round trip in the same block always runs between two
// of its executions (blocks are straight-line before scf -> cf).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/SharedStaging.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

using namespace mlir;
using namespace mlir::tilecc;

void mlir::tilecc::planSeparateScratchBuffers(ModuleOp module,
                                              int64_t otherBytes,
                                              int64_t limit) {
  SmallVector<nv_tileas::ConvertLayoutOp> converts;
  module.walk([&](nv_tileas::ConvertLayoutOp op) {
    if (convertLayoutUsesShared(op))
      converts.push_back(op);
  });
  // One buffer only serves one conversion at a time anyway.
  if (converts.size() < 2)
    return;
  auto alignUp = [](int64_t bytes) { return (bytes + 15) / 16 * 16; };
  int64_t total = otherBytes;
  for (nv_tileas::ConvertLayoutOp op : converts)
    total += alignUp(getOwnScratchBytes(op));
  if (total > limit)
    return;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  for (auto [i, op] : llvm::enumerate(converts)) {
    std::string name = (kScratchSymbol + "_" + llvm::Twine(i)).str();
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(),
                                         alignUp(getOwnScratchBytes(op)));
    LLVM::GlobalOp::create(b, op.getLoc(), type, /*isConstant=*/false,
                           LLVM::Linkage::Internal, name, Attribute(),
                           /*alignment=*/16, /*addrSpace=*/3);
    op->setAttr(kOwnScratchAttr, FlatSymbolRefAttr::get(op.getContext(), name));
  }
  for (nv_tileas::ConvertLayoutOp op : converts) {
    bool separated = llvm::any_of(converts, [&](nv_tileas::ConvertLayoutOp y) {
      return y != op && y->getBlock() == op->getBlock();
    });
    if (separated)
      op->setAttr(kNoLeadingBarrierAttr, UnitAttr::get(op.getContext()));
  }
}
