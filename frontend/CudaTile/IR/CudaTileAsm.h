//===- CudaTileAsm.h - shared custom assembly directives --------*- C++ -*-===//
//
// Custom directives used by the cuda_tile assembly formats. Inside a
// cuda_tile op, types are printed without the `!cuda_tile.` prefix
// (`tile<4xf32>`) and parsed with or without it.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_IR_CUDATILEASM_H
#define TILECC_CUDATILE_IR_CUDATILEASM_H

#include "mlir/IR/OpImplementation.h"

namespace mlir::cuda_tile {

/// Parses a type, accepting cuda_tile types with or without the dialect prefix.
ParseResult parseCudaTileType(AsmParser &parser, Type &type);
/// Prints a type, dropping the dialect prefix of cuda_tile types.
void printCudaTileType(AsmPrinter &printer, Type type);

/// Optional variant: returns std::nullopt when no type starts here.
OptionalParseResult parseOptionalCudaTileType(AsmParser &parser, Type &type);

// Op-format overloads (the generated code passes the op).
inline ParseResult parseCudaTileType(OpAsmParser &parser, Type &type) {
  return parseCudaTileType(static_cast<AsmParser &>(parser), type);
}
inline void printCudaTileType(OpAsmPrinter &printer, Operation *, Type type) {
  printCudaTileType(static_cast<AsmPrinter &>(printer), type);
}

/// Prints a shape as `2x?x4` (no trailing `x`; `?` for dynamic sizes).
void printCudaTileShape(AsmPrinter &printer, llvm::ArrayRef<int64_t> dims);

/// Comma-separated list of types (at least one).
ParseResult parseCudaTileTypeList(OpAsmParser &parser,
                                  SmallVectorImpl<Type> &types);
void printCudaTileTypeList(OpAsmPrinter &printer, Operation *, TypeRange types);

/// `<elem: literal>` constants of the `constant` and `global` ops. The
/// literal is checked against `type` (a tile type) once that is known.
ParseResult parseDenseConstant(OpAsmParser &parser, Attribute &value,
                               Type &resultType);
void printDenseConstant(OpAsmPrinter &printer, Operation *op, Attribute value,
                        Type resultType);
/// Prints only the `<elem: literal>` part.
void printDenseLiteral(AsmPrinter &printer, Attribute value);

} // namespace mlir::cuda_tile

#endif // TILECC_CUDATILE_IR_CUDATILEASM_H
