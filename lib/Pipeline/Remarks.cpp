//===- Remarks.cpp - optimization remarks about the compiled kernels ------===//
#include "Pipeline/Remarks.h"

#include "llvm/Remarks/Remark.h"
#include "llvm/Remarks/RemarkFormat.h"
#include "llvm/Remarks/RemarkSerializer.h"

#include <deque>

using namespace tilecc;

static llvm::Expected<llvm::remarks::Format> parseFormat(llvm::StringRef name) {
  // Auto is for readers; a writer needs a concrete format.
  if (name != "yaml" && name != "bitstream")
    return llvm::createStringError(
        "unknown remark format '" + name.str() + "' (expected yaml or bitstream)");
  return llvm::remarks::parseFormat(name);
}

llvm::Error tilecc::validateRemarkOptions(const RemarkOptions &options) {
  if (llvm::Expected<llvm::remarks::Format> format = parseFormat(options.format);
      !format)
    return format.takeError();
  std::string error;
  if (options.filter != "all" && !llvm::Regex(options.filter).isValid(error))
    return llvm::createStringError("invalid --remarks filter '" +
                                   options.filter + "': " + error);
  return llvm::Error::success();
}

llvm::Error tilecc::writeRemarks(llvm::raw_ostream &os,
                                 const RemarkOptions &options,
                                 const std::vector<KernelMetadata> &kernels,
                                 bool assembled) {
  llvm::Expected<llvm::remarks::Format> format = parseFormat(options.format);
  if (!format)
    return format.takeError();
  llvm::Expected<std::unique_ptr<llvm::remarks::RemarkSerializer>> serializer =
      llvm::remarks::createRemarkSerializer(*format, os);
  if (!serializer)
    return serializer.takeError();
  std::optional<llvm::Regex> filter;
  if (options.filter != "all")
    filter.emplace(options.filter);

  // Remarks hold StringRefs: the values live here until they are written.
  std::deque<std::string> values;
  auto arg = [&](llvm::StringRef key, unsigned value) {
    values.push_back(std::to_string(value));
    return llvm::remarks::Argument(key, values.back());
  };
  auto emit = [&](llvm::remarks::Remark &remark) {
    if (!filter || filter->match(remark.RemarkName))
      (*serializer)->emit(remark);
  };
  for (const KernelMetadata &kernel : kernels) {
    llvm::remarks::Remark launch;
    launch.RemarkType = llvm::remarks::Type::Analysis;
    launch.PassName = "tilecc";
    launch.RemarkName = "LaunchShape";
    launch.FunctionName = kernel.symbol;
    launch.Args.push_back(arg("ThreadsPerCTA", kernel.threadsPerCTA));
    launch.Args.push_back(arg("ClusterX", kernel.clusterDims[0]));
    launch.Args.push_back(arg("ClusterY", kernel.clusterDims[1]));
    launch.Args.push_back(arg("ClusterZ", kernel.clusterDims[2]));
    emit(launch);
    if (!assembled)
      continue;
    const KernelResourceUsage &usage = kernel.resources;
    llvm::remarks::Remark resources;
    resources.RemarkType = llvm::remarks::Type::Analysis;
    resources.PassName = "ptxas";
    resources.RemarkName = "KernelResources";
    resources.FunctionName = kernel.symbol;
    resources.Args.push_back(arg("Registers", usage.registers));
    resources.Args.push_back(arg("SpillStoreBytes", usage.spillStoreBytes));
    resources.Args.push_back(arg("SpillLoadBytes", usage.spillLoadBytes));
    resources.Args.push_back(arg("StackFrameBytes", usage.stackFrameBytes));
    resources.Args.push_back(arg("StaticSharedMemoryBytes", usage.sharedMemoryBytes));
    resources.Args.push_back(arg("Barriers", usage.barriers));
    emit(resources);
  }
  (*serializer)->finalize();
  return llvm::Error::success();
}
