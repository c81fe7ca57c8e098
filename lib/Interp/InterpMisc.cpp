//===- InterpMisc.cpp - interpreter semantics of assume, assert, print ----===//
#include "Interp/Interpreter.h"

#include "CudaTile/IR/CudaTileDialect.h"

#include <cstdio>

using namespace mlir;
using namespace tilecc::interp;
namespace ct = mlir::cuda_tile;

/// Formats one element with one printf conversion (`spec` holds flags, width
/// and precision, without length modifiers; `conversion` is the letter).
static std::string formatElement(StringRef spec, char conversion, Type type,
                                 uint64_t bits) {
  char buffer[128];
  std::string format = spec.str();
  if (isFloat(type)) {
    double value = decodeFloat(type, bits);
    if (!llvm::StringRef("eEfFgGaA").contains(conversion))
      conversion = 'f';
    format += conversion;
    std::snprintf(buffer, sizeof(buffer), format.c_str(), value);
  } else if (llvm::StringRef("uxXo").contains(conversion)) {
    format += "ll";
    format += conversion;
    std::snprintf(buffer, sizeof(buffer), format.c_str(),
                  static_cast<unsigned long long>(decodeUnsigned(type, bits)));
  } else {
    format += "lld";
    long long value = getBitWidth(type) == 64 || !isa<IntegerType>(type)
                          ? static_cast<long long>(bits)
                          : decodeSigned(type, bits);
    if (getBitWidth(type) == 1)
      value = bits & 1;
    std::snprintf(buffer, sizeof(buffer), format.c_str(), value);
  }
  return buffer;
}

void tilecc::interp::registerMiscHandlers(OpHandlerRegistry &registry) {
  registry.add<ct::AssumeOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    Value source = op->getOperand(0);
    if (isa<ct::TileType>(source.getType()))
      exec.set(op->getResult(0), exec.get(source));
    else
      exec.setView(op->getResult(0), exec.getView(source));
    return success();
  });
  registry.add<ct::AssertOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto assertOp = cast<ct::AssertOp>(op);
    const Tile &condition = exec.get(assertOp.getCondition());
    for (int64_t i = 0, e = condition.getNumElements(); i < e; ++i)
      if (!(condition.bits[i] & 1)) {
        auto block = exec.getBlockId();
        // The compiled kernel prints the same words before it traps.
        return op->emitError("tile block (")
               << block[0] << ", " << block[1] << ", " << block[2]
               << "): assertion failed: " << assertOp.getMessage()
               << " (element " << i << ")";
      }
    return success();
  });
  // The format is applied once per element position, in row-major order;
  // rank-0 arguments repeat for every position.
  registry.add<ct::PrintTkoOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto print = cast<ct::PrintTkoOp>(op);
    StringRef format = print.getStr();
    llvm::SmallVector<const Tile *, 4> args;
    int64_t positions = 1;
    for (Value arg : print.getArgs()) {
      args.push_back(&exec.get(arg));
      positions = std::max(positions, args.back()->getNumElements());
    }
    llvm::raw_ostream &os = exec.getLaunch().printStream;
    for (int64_t position = 0; position < positions; ++position) {
      unsigned next = 0;
      for (size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
          os << format[i];
          continue;
        }
        if (i + 1 < format.size() && format[i + 1] == '%') {
          os << '%';
          ++i;
          continue;
        }
        // %[flags][width][.precision][length]conversion
        size_t start = i++;
        while (i < format.size() && StringRef("-+ #0123456789.").contains(format[i]))
          ++i;
        StringRef spec = format.slice(start, i);
        while (i < format.size() && StringRef("hlLqjzt").contains(format[i]))
          ++i;
        char conversion = i < format.size() ? format[i] : 'd';
        if (next >= args.size())
          break; // the verifier rejects this; stay defensive
        const Tile &arg = *args[next++];
        int64_t index = arg.getNumElements() == 1 ? 0 : position;
        os << formatElement(spec, conversion, arg.elementType, arg.bits[index]);
      }
    }
    exec.setToken(print.getResult());
    return success();
  });
}
