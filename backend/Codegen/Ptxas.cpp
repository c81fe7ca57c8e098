//===- Ptxas.cpp - assembling PTX into a cubin with ptxas -----------------===//
#include "Codegen/Ptxas.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace tilecc;

/// Reads the number before `suffix` in `line` (e.g. "12 registers").
static std::optional<unsigned> numberBefore(llvm::StringRef line,
                                            llvm::StringRef suffix) {
  size_t pos = line.find(suffix);
  if (pos == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef head = line.take_front(pos).rtrim();
  size_t start = head.find_last_not_of("0123456789");
  llvm::StringRef digits =
      start == llvm::StringRef::npos ? head : head.drop_front(start + 1);
  unsigned value;
  if (digits.empty() || digits.getAsInteger(10, value))
    return std::nullopt;
  return value;
}

std::map<std::string, KernelResourceUsage>
tilecc::parsePtxasReport(llvm::StringRef report) {
  std::map<std::string, KernelResourceUsage> kernels;
  KernelResourceUsage *current = nullptr;
  llvm::SmallVector<llvm::StringRef> lines;
  report.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    // "ptxas info    : Compiling entry function 'name' for 'sm_100a'"
    size_t fn = line.find("Compiling entry function '");
    if (fn == llvm::StringRef::npos)
      fn = line.find("Function properties for ");
    if (fn != llvm::StringRef::npos) {
      llvm::StringRef rest = line.drop_front(fn);
      size_t quote = rest.find('\'');
      llvm::StringRef name;
      if (quote != llvm::StringRef::npos) {
        rest = rest.drop_front(quote + 1);
        name = rest.take_until([](char c) { return c == '\''; });
      } else {
        name = rest.drop_front(strlen("Function properties for ")).trim();
      }
      current = &kernels[name.str()];
      continue;
    }
    if (!current)
      continue;
    if (auto v = numberBefore(line, " bytes stack frame"))
      current->stackFrameBytes = *v;
    if (auto v = numberBefore(line, " bytes spill stores"))
      current->spillStoreBytes = *v;
    if (auto v = numberBefore(line, " bytes spill loads"))
      current->spillLoadBytes = *v;
    if (auto v = numberBefore(line, " registers"))
      current->registers = *v;
    if (auto v = numberBefore(line, " barriers"))
      current->barriers = *v;
    if (auto v = numberBefore(line, " bytes smem"))
      current->sharedMemoryBytes = *v;
    if (auto v = numberBefore(line, " bytes cmem[0]"))
      current->constantMemoryBytes = *v;
  }
  return kernels;
}

std::optional<std::string> tilecc::findCudaTool(llvm::StringRef name,
                                                llvm::StringRef explicitPath) {
  if (!explicitPath.empty()) {
    if (llvm::sys::fs::can_execute(explicitPath))
      return explicitPath.str();
    return std::nullopt;
  }
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"}) {
    if (const char *root = std::getenv(var)) {
      llvm::SmallString<256> path(root);
      llvm::sys::path::append(path, "bin", name);
      if (llvm::sys::fs::can_execute(path))
        return std::string(path);
    }
  }
  if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName(name))
    return *onPath;
  llvm::SmallString<256> fallback("/usr/local/cuda/bin");
  llvm::sys::path::append(fallback, name);
  if (llvm::sys::fs::can_execute(fallback))
    return std::string(fallback);
  return std::nullopt;
}

std::optional<std::string> tilecc::findPtxas(llvm::StringRef explicitPath) {
  return findCudaTool("ptxas", explicitPath);
}

namespace {
/// A temporary file removed when it goes out of scope.
struct TempFile {
  llvm::SmallString<128> path;
  explicit TempFile(llvm::StringRef suffix) {
    int fd;
    if (!llvm::sys::fs::createTemporaryFile("tilecc", suffix, fd, path))
      llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  }
  ~TempFile() {
    if (!path.empty())
      llvm::sys::fs::remove(path);
  }
};
} // namespace

/// Writes `contents` to `file`; returns an error message, empty on success.
static std::string writeTemp(const TempFile &file, llvm::StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(file.path, ec);
  if (ec)
    return "cannot write temporary file '" + std::string(file.path) +
           "': " + ec.message();
  os << contents;
  return "";
}

/// Runs a CUDA tool with its stdout and stderr captured in `output`; returns
/// its exit code (-1 when it could not be started, the reason in `output`).
static int runTool(llvm::StringRef path, llvm::ArrayRef<llvm::StringRef> args,
                   std::string &output) {
  TempFile log(".log");
  std::optional<llvm::StringRef> redirects[] = {std::nullopt,
                                                llvm::StringRef(log.path),
                                                llvm::StringRef(log.path)};
  std::string execError;
  int rc = llvm::sys::ExecuteAndWait(path, args, std::nullopt, redirects,
                                     /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                     &execError);
  if (auto buffer = llvm::MemoryBuffer::getFile(log.path))
    output = (*buffer)->getBuffer().str();
  output += execError;
  return rc;
}

PtxasResult tilecc::runPtxas(llvm::StringRef ptxasPath, llvm::StringRef ptx,
                             const TargetInfo &target, unsigned optLevel,
                             bool lineInfo, bool debugInfo) {
  PtxasResult result;
  TempFile input(".ptx"), output(".cubin");
  result.log = writeTemp(input, ptx);
  if (!result.log.empty())
    return result;
  std::string arch = "-arch=" + target.getCodegenName();
  std::string opt = "-O" + std::to_string(optLevel);
  llvm::SmallVector<llvm::StringRef> args = {ptxasPath, arch, opt, "-v"};
  if (lineInfo)
    args.push_back("-lineinfo");
  if (debugInfo)
    args.push_back("-g");
  args.append({input.path, "-o", output.path});

  for (llvm::StringRef arg : llvm::ArrayRef(args).drop_front().drop_back(3))
    result.flags.push_back(arg.str());

  if (runTool(ptxasPath, args, result.log) != 0)
    return result;
  auto cubin = llvm::MemoryBuffer::getFile(output.path, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
  if (!cubin) {
    result.log += "ptxas produced no output file";
    return result;
  }
  result.cubin = (*cubin)->getBuffer().str();
  result.kernels = parsePtxasReport(result.log);
  result.succeeded = true;
  return result;
}

std::string tilecc::runFatbinary(llvm::StringRef fatbinaryPath,
                                 llvm::ArrayRef<FatbinImage> images,
                                 llvm::StringRef outputPath) {
  std::vector<std::unique_ptr<TempFile>> files;
  std::vector<std::string> specs;
  for (const FatbinImage &image : images) {
    files.push_back(std::make_unique<TempFile>(".cubin"));
    if (std::string error = writeTemp(*files.back(), image.cubin); !error.empty())
      return error;
    llvm::StringRef sm = llvm::StringRef(image.arch).drop_front(3); // sm_
    specs.push_back("--image3=kind=elf,sm=" + sm.str() + ",file=" +
                    std::string(files.back()->path));
  }
  std::string create = "--create=" + outputPath.str();
  llvm::SmallVector<llvm::StringRef> args = {fatbinaryPath, "-64", create};
  for (const std::string &spec : specs)
    args.push_back(spec);
  std::string output;
  if (runTool(fatbinaryPath, args, output) == 0)
    return "";
  return "fatbinary failed:\n" + output;
}
