//===- InterpreterEngine.cpp - running a case on the interpreter ----------===//
#include "Run/Engines.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "Interp/Interpreter.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace tilecc;
using namespace tilecc::interp;

Operation *tilecc::findEntry(Operation *root, llvm::StringRef kernel) {
  Operation *found = nullptr;
  root->walk([&](cuda_tile::EntryOp entry) {
    if (entry.getSymName() == kernel)
      found = entry;
  });
  return found;
}

/// Checks that a case argument fits the entry argument type and builds the
/// tile the kernel receives.
static llvm::Expected<Tile> bindArgument(const CaseArg &arg, Type type,
                                         unsigned index, GlobalMemory &memory,
                                         std::vector<uint8_t> *storage) {
  auto tileType = dyn_cast<cuda_tile::TileType>(type);
  auto mismatch = [&](const std::string &what) {
    return llvm::createStringError("argument " + std::to_string(index) + ": " +
                                   what);
  };
  if (!tileType || tileType.getRank() != 0)
    return mismatch("the kernel parameter is not a scalar tile");
  Type elementType = tileType.getElementType();
  if (arg.buffer) {
    auto pointer = dyn_cast<cuda_tile::PointerType>(elementType);
    if (!pointer)
      return mismatch("buffer '" + arg.buffer->name +
                      "' passed to a non-pointer parameter");
    uint64_t address = memory.map(arg.buffer->name, *storage);
    return Tile::scalar(elementType, address);
  }
  if (getBitWidth(elementType) != (arg.scalar->type == ElementKind::I1
                                       ? 1
                                       : getElementKindBytes(arg.scalar->type) * 8) ||
      isFloat(elementType) != isFloatKind(arg.scalar->type))
    return mismatch(std::string("scalar of type ") +
                    getElementKindName(arg.scalar->type) +
                    " does not match the parameter type");
  return Tile::scalar(elementType, arg.scalar->bits);
}

llvm::Expected<EngineResult> tilecc::runOnInterpreter(const Case &testCase,
                                                      Operation *module) {
  Operation *entry = findEntry(module, testCase.kernel);
  if (!entry)
    return llvm::createStringError("no entry named '" + testCase.kernel + "'");
  auto function = cast<cuda_tile::EntryOp>(entry);
  ArrayRef<Type> params = function.getArgumentTypes();
  if (params.size() != testCase.args.size())
    return llvm::createStringError(
        "the kernel takes " + std::to_string(params.size()) +
        " arguments, the case gives " + std::to_string(testCase.args.size()));

  EngineResult result;
  // Memory maps point into these vectors: size them once, before mapping.
  result.buffers.reserve(testCase.args.size());
  GlobalMemory memory;
  std::vector<Tile> args;
  for (auto [index, arg] : llvm::enumerate(testCase.args)) {
    result.buffers.push_back(arg.buffer ? arg.buffer->bytes : std::vector<uint8_t>());
    llvm::Expected<Tile> tile = bindArgument(arg, params[index], index, memory,
                                             &result.buffers.back());
    if (!tile)
      return tile.takeError();
    args.push_back(std::move(*tile));
  }
  llvm::raw_string_ostream printed(result.printed);
  if (failed(runKernel(entry, args, testCase.grid, memory, printed)))
    return llvm::createStringError("the interpreter stopped with an error");
  return result;
}

/// A buffer's elements as bit patterns, sorted by value when it is compared
/// as a multiset.
static std::vector<uint64_t> comparedElements(const CaseBuffer &buffer,
                                              const std::vector<uint8_t> &bytes) {
  std::vector<uint64_t> bits;
  for (uint64_t i = 0; i < buffer.count; ++i)
    bits.push_back(readElementBits(bytes, buffer.type, i));
  if (buffer.compareAsMultiset)
    std::stable_sort(bits.begin(), bits.end(), [&](uint64_t a, uint64_t b) {
      double x = decodeElement(buffer.type, a), y = decodeElement(buffer.type, b);
      return std::isnan(y) ? !std::isnan(x) : x < y;
    });
  return bits;
}

/// Reports the elements where `actual` differs from `expected` (first ten).
static void compareValues(llvm::raw_ostream &os, const Case &testCase,
                          const CaseBuffer &buffer,
                          const std::vector<uint64_t> &expected,
                          const std::vector<uint64_t> &actual,
                          llvm::StringRef expectedName,
                          llvm::StringRef actualName) {
  const Tolerance &tol = buffer.tolerance ? *buffer.tolerance : testCase.tolerance;
  unsigned shown = 0, mismatches = 0;
  for (uint64_t i = 0; i < buffer.count; ++i) {
    uint64_t a = expected[i], b = actual[i];
    double x = decodeElement(buffer.type, a), y = decodeElement(buffer.type, b);
    bool equal = a == b || x == y || (std::isnan(x) && std::isnan(y)) ||
                 (isFloatKind(buffer.type) &&
                  (std::fabs(x - y) <= tol.atol + tol.rtol * std::fabs(x) ||
                   (tol.ulp && !std::isnan(x) && !std::isnan(y) &&
                    getUlpDistance(buffer.type, a, b) <= *tol.ulp)));
    if (equal)
      continue;
    ++mismatches;
    if (shown++ < 10)
      os << "  " << buffer.name << (buffer.compareAsMultiset ? " (sorted)" : "")
         << "[" << i << "]: " << expectedName << " " << x << ", " << actualName
         << " " << y << "\n";
  }
  if (mismatches)
    os << "  " << buffer.name << ": " << mismatches << " of " << buffer.count
       << " elements differ\n";
}

std::string tilecc::compareResults(const Case &testCase,
                                   const EngineResult &expected,
                                   const EngineResult &actual,
                                   llvm::StringRef expectedName,
                                   llvm::StringRef actualName) {
  std::string report;
  llvm::raw_string_ostream os(report);
  for (auto [index, arg] : llvm::enumerate(testCase.args)) {
    if (!arg.buffer || !arg.buffer->output)
      continue;
    const CaseBuffer &buffer = *arg.buffer;
    compareValues(os, testCase, buffer,
                  comparedElements(buffer, expected.buffers[index]),
                  comparedElements(buffer, actual.buffers[index]), expectedName,
                  actualName);
  }
  if (expected.printed != actual.printed)
    os << "  printed output differs:\n--- " << expectedName << "\n"
       << expected.printed << "--- " << actualName << "\n" << actual.printed;
  return report;
}

std::string tilecc::checkExpected(const Case &testCase,
                                  const EngineResult &result,
                                  llvm::StringRef name) {
  std::string report;
  llvm::raw_string_ostream os(report);
  for (auto [index, arg] : llvm::enumerate(testCase.args)) {
    if (!arg.buffer || !arg.buffer->expect)
      continue;
    const CaseBuffer &buffer = *arg.buffer;
    // The literal list goes through the element type, as inputs do.
    std::vector<uint64_t> expect;
    for (double v : *buffer.expect)
      expect.push_back(encodeElement(buffer.type, v));
    if (buffer.compareAsMultiset)
      std::stable_sort(expect.begin(), expect.end(), [&](uint64_t a, uint64_t b) {
        return decodeElement(buffer.type, a) < decodeElement(buffer.type, b);
      });
    compareValues(os, testCase, buffer, expect,
                  comparedElements(buffer, result.buffers[index]), "expect",
                  name);
  }
  return report;
}
