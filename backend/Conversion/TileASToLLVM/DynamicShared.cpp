//===- DynamicShared.cpp - shared buffers in dynamic shared memory --------===//
//
// ptxas accepts at most 48 KiB of static shared memory for targets other
// than the arch-specific ones (sm_80, sm_86, sm_89, sm_XYf), while a CTA may
// use up to the target's per-block budget once the launch passes that much
// dynamic shared memory and opts in above 48 KiB
// (cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)). When tileas-plan-memory
// decided that the plan does not fit static shared memory, every shared
// buffer of the module moves into one extern dynamic array at the offset the
// plan gave it, and each kernel records the bytes its launch must pass (a
// function attribute the kernel metadata reports). Kernels that fit keep
// their static buffers (and their PTX).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/DynamicShared.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

LogicalResult
mlir::tilecc::placeSharedInDynamicMemory(ModuleOp module,
                                         const SharedPlacement &placement) {
  if (!placement.dynamicBytes)
    return success();
  int64_t bytes = placement.dynamicBytes;
  SmallVector<LLVM::GlobalOp> buffers;
  llvm::StringMap<int64_t> offsets;
  for (auto global : module.getOps<LLVM::GlobalOp>()) {
    if (global.getAddrSpace() != 3 || global.getValueOrNull() ||
        !global.getInitializerRegion().empty() ||
        !isa<LLVM::LLVMArrayType>(global.getGlobalType()))
      continue;
    auto it = placement.offsets.find(global.getSymName());
    if (it == placement.offsets.end())
      return global.emitError("shared buffer @")
             << global.getSymName()
             << " has no offset in the memory plan (tileas-plan-memory)";
    offsets[global.getSymName()] = it->second;
    buffers.push_back(global);
  }
  uint64_t alignment = placement.alignment;

  OpBuilder b(module.getBodyRegion());
  auto i8 = b.getI8Type();
  auto base = LLVM::GlobalOp::create(
      b, module.getLoc(), LLVM::LLVMArrayType::get(i8, 0),
      /*isConstant=*/false, LLVM::Linkage::External, kDynamicSharedSymbol,
      Attribute(), alignment, /*addrSpace=*/3);
  SmallVector<LLVM::AddressOfOp> uses;
  module.walk([&](LLVM::AddressOfOp op) {
    if (offsets.count(op.getGlobalName()))
      uses.push_back(op);
  });
  for (LLVM::AddressOfOp op : uses) {
    b.setInsertionPoint(op);
    int64_t offset = offsets.lookup(op.getGlobalName());
    Value address = LLVM::AddressOfOp::create(b, op.getLoc(), base);
    if (offset)
      address = LLVM::GEPOp::create(b, op.getLoc(), op.getType(), i8, address,
                                    ArrayRef<LLVM::GEPArg>{int32_t(offset)});
    op.replaceAllUsesWith(address);
    op.erase();
  }
  for (LLVM::GlobalOp global : buffers)
    global.erase();
  // Every kernel of the module may touch every buffer.
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      continue;
    SmallVector<Attribute> passthrough;
    if (ArrayAttr old = func.getPassthroughAttr())
      llvm::append_range(passthrough, old.getValue());
    passthrough.push_back(b.getArrayAttr(
        {b.getStringAttr(kDynamicSharedBytesFnAttr),
         b.getStringAttr(std::to_string(bytes))}));
    func.setPassthroughAttr(b.getArrayAttr(passthrough));
  }
  return success();
}
