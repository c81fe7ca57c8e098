//===- DynamicShared.cpp - shared buffers in dynamic shared memory --------===//
//
// ptxas accepts at most 48 KiB of static shared memory for targets other
// than the arch-specific ones (sm_80, sm_86, sm_89, sm_XYf), while a CTA may
// use up to the target's per-block budget once the launch passes that much
// dynamic shared memory and opts in above 48 KiB
// (cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)). When the memory plan
// does not fit static shared memory, every shared buffer of the module moves
// into one extern dynamic array at a fixed offset, and each kernel records
// the bytes its launch must pass (a function attribute the kernel metadata
// reports). Kernels that fit keep their static buffers (and their PTX).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/DynamicShared.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

using namespace mlir;
using namespace mlir::tilecc;

LogicalResult
mlir::tilecc::placeSharedInDynamicMemory(ModuleOp module,
                                         const ::tilecc::TargetInfo &target) {
  if (!module->hasAttr(kDynamicSharedAttr))
    return success();
  module->removeAttr(kDynamicSharedAttr);
  // Buffers in module order (deterministic), each at its alignment.
  SmallVector<LLVM::GlobalOp> buffers;
  llvm::StringMap<int64_t> offsets;
  int64_t bytes = 0;
  uint64_t alignment = 16;
  DataLayout layout(module);
  for (auto global : module.getOps<LLVM::GlobalOp>()) {
    auto type = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
    if (global.getAddrSpace() != 3 || !type || global.getValueOrNull() ||
        !global.getInitializerRegion().empty())
      continue;
    uint64_t align = global.getAlignment().value_or(1);
    alignment = std::max(alignment, align);
    bytes = llvm::alignTo(bytes, align);
    offsets[global.getSymName()] = bytes;
    bytes += layout.getTypeSize(type);
    buffers.push_back(global);
  }
  if (bytes > target.sharedMemoryPerBlock)
    return module.emitError()
           << "kernel needs " << bytes
           << " bytes of shared memory, more than the "
           << target.sharedMemoryPerBlock << " one CTA may use on "
           << target.getName();

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
