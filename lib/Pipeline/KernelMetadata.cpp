//===- KernelMetadata.cpp - what a host needs to launch a kernel ----------===//
#include "Pipeline/KernelMetadata.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

#include <nlohmann/json.hpp>

using namespace tilecc;
using json = nlohmann::ordered_json;

static unsigned attrValue(const llvm::Function &f, llvm::StringRef name) {
  llvm::Attribute attr = f.getFnAttribute(name);
  unsigned value = 0;
  if (attr.isStringAttribute())
    attr.getValueAsString().split(',').first.trim().getAsInteger(10, value);
  return value;
}

std::vector<KernelMetadata>
tilecc::collectKernelMetadata(const llvm::Module &module,
                              const std::string &arch) {
  std::vector<KernelMetadata> result;
  const llvm::DataLayout &layout = module.getDataLayout();
  for (const llvm::Function &f : module) {
    if (f.isDeclaration() || f.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      continue;
    KernelMetadata kernel;
    kernel.symbol = f.getName().str();
    kernel.arch = arch;
    for (const llvm::Argument &arg : f.args()) {
      llvm::Type *type = arg.getType();
      KernelParam param;
      if (type->isPointerTy())
        param.type = "ptr";
      else if (type->isIntegerTy())
        param.type = "i" + std::to_string(type->getIntegerBitWidth());
      else if (type->isHalfTy())
        param.type = "f16";
      else if (type->isBFloatTy())
        param.type = "bf16";
      else if (type->isFloatTy())
        param.type = "f32";
      else if (type->isDoubleTy())
        param.type = "f64";
      else
        param.type = "bytes";
      param.size = layout.getTypeAllocSize(type);
      param.alignment = layout.getABITypeAlign(type).value();
      kernel.params.push_back(param);
    }
    kernel.threadsPerCTA = attrValue(f, "nvvm.maxntid");
    // Set by the memory plan when the shared buffers live in dynamic shared
    // memory (backend/Conversion/TileASToLLVM/DynamicShared.h).
    kernel.dynamicSharedBytes = attrValue(f, "tilecc-dynamic-shared-bytes");
    llvm::Attribute cluster = f.getFnAttribute("nvvm.cluster_dim");
    if (cluster.isStringAttribute()) {
      llvm::SmallVector<llvm::StringRef, 3> parts;
      cluster.getValueAsString().split(parts, ',');
      for (size_t i = 0; i < parts.size() && i < 3; ++i)
        parts[i].trim().getAsInteger(10, kernel.clusterDims[i]);
    }
    result.push_back(std::move(kernel));
  }
  return result;
}

std::string tilecc::printKernelMetadata(const std::vector<KernelMetadata> &kernels) {
  json list = json::array();
  for (const KernelMetadata &k : kernels) {
    json params = json::array();
    for (const KernelParam &p : k.params)
      params.push_back({{"type", p.type}, {"size", p.size}, {"align", p.alignment}});
    list.push_back({{"symbol", k.symbol},
                    {"arch", k.arch},
                    {"params", params},
                    {"threads_per_cta", k.threadsPerCTA},
                    {"cluster_dims", k.clusterDims},
                    {"shared_memory", {{"static", k.resources.sharedMemoryBytes},
                                       {"dynamic", k.dynamicSharedBytes}}},
                    {"registers", k.resources.registers},
                    {"spill_stores", k.resources.spillStoreBytes},
                    {"spill_loads", k.resources.spillLoadBytes},
                    {"stack_frame", k.resources.stackFrameBytes}});
  }
  json root = {{"format", "tilecc-metadata"}, {"version", 1}, {"kernels", list}};
  return root.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}
