//===- GpuLaunch.cpp - launch directories for a real GPU ------------------===//
#include "Run/GpuLaunch.h"

#include "Run/CompiledKernel.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

using namespace tilecc;
using json = nlohmann::json;

static std::string joinPath(llvm::StringRef dir, llvm::StringRef name) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  return std::string(path);
}

static llvm::Error writeFile(const std::string &path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return llvm::createStringError("cannot write " + path + ": " + ec.message());
  out << bytes;
  out.close();
  if (out.has_error())
    return llvm::createStringError("cannot write " + path);
  return llvm::Error::success();
}

llvm::Error tilecc::writeGpuLaunch(const Case &testCase,
                                   const TargetInfo &target, GpuImage image,
                                   llvm::StringRef dir) {
  llvm::Expected<CompiledKernel> compiled =
      compileCaseKernel(testCase, target, image == GpuImage::Cubin);
  if (!compiled)
    return compiled.takeError();
  const KernelMetadata &kernel = compiled->metadata;
  for (llvm::StringRef sub : {"", "in", "out"})
    if (std::error_code ec =
            llvm::sys::fs::create_directories(joinPath(dir, sub)))
      return llvm::createStringError("cannot create " + joinPath(dir, sub) +
                                     ": " + ec.message());

  std::string imageName =
      image == GpuImage::Cubin ? "kernel.cubin" : "kernel.ptx";
  if (llvm::Error error =
          writeFile(joinPath(dir, imageName),
                    image == GpuImage::Cubin ? compiled->cubin : compiled->ptx))
    return error;

  json args = json::array();
  for (auto [index, arg] : llvm::enumerate(testCase.args)) {
    if (!arg.buffer) {
      args.push_back(
          {{"param", getScalarParamBytes(*arg.scalar, kernel.params[index])}});
      continue;
    }
    std::string name = std::to_string(index) + ".bin";
    const std::vector<uint8_t> &bytes = arg.buffer->bytes;
    json entry = {{"buffer", arg.buffer->name},
                  {"bytes", bytes.size()},
                  {"output", "out/" + name}};
    // Zero buffers (outputs, mostly) are cleared on the device instead of
    // travelling as files: launch directories of big benchmarks stay small.
    if (llvm::all_of(bytes, [](uint8_t byte) { return byte == 0; })) {
      entry["fill"] = "zero";
    } else {
      if (llvm::Error error = writeFile(
              joinPath(joinPath(dir, "in"), name),
              llvm::StringRef(reinterpret_cast<const char *>(bytes.data()),
                              bytes.size())))
        return error;
      entry["input"] = "in/" + name;
    }
    args.push_back(std::move(entry));
  }
  json launch = {{"kernel", testCase.kernel},
                 {"image", imageName},
                 {"arch", target.getName()},
                 {"grid", testCase.grid},
                 {"block", {getThreadsPerCTA(kernel), 1, 1}},
                 {"cluster", kernel.clusterDims},
                 {"dynamic_shared", kernel.dynamicSharedBytes},
                 {"args", args}};
  return writeFile(joinPath(dir, "launch.json"), launch.dump(1) + "\n");
}

static llvm::Expected<std::string> readFile(const std::string &path) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!file)
    return llvm::createStringError("cannot read " + path + ": " +
                                   file.getError().message());
  return std::string((*file)->getBuffer());
}

llvm::Expected<EngineResult> tilecc::readGpuResult(const Case &testCase,
                                                   llvm::StringRef dir) {
  llvm::Expected<std::string> resultText =
      readFile(joinPath(dir, "result.json"));
  if (!resultText)
    return resultText.takeError();
  EngineResult result;
  if (llvm::sys::fs::exists(joinPath(dir, "printed.txt"))) {
    llvm::Expected<std::string> printed = readFile(joinPath(dir, "printed.txt"));
    if (!printed)
      return printed.takeError();
    result.printed = *printed;
  }
  std::string status;
  try {
    json root = json::parse(*resultText);
    status = root.at("status").get<std::string>();
    if (root.contains("time_ms"))
      result.counters =
          "gpu_time_ms: " + std::to_string(root["time_ms"].get<double>()) + "\n";
  } catch (const json::exception &e) {
    return llvm::createStringError(joinPath(dir, "result.json") +
                                   ": malformed: " + e.what());
  }
  if (status != "ok")
    return llvm::createStringError(
        "the GPU launch failed: " + status +
        (result.printed.empty() ? "" : "\nprinted before it stopped:\n" +
                                           result.printed));

  for (auto [index, arg] : llvm::enumerate(testCase.args)) {
    result.buffers.emplace_back();
    if (!arg.buffer)
      continue;
    std::string path =
        joinPath(joinPath(dir, "out"), std::to_string(index) + ".bin");
    llvm::Expected<std::string> bytes = readFile(path);
    if (!bytes)
      return bytes.takeError();
    if (bytes->size() != arg.buffer->bytes.size())
      return llvm::createStringError(path + " holds " +
                                     std::to_string(bytes->size()) +
                                     " bytes, the case's buffer " +
                                     std::to_string(arg.buffer->bytes.size()));
    result.buffers.back().assign(bytes->begin(), bytes->end());
  }
  return result;
}
