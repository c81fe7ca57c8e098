//===- CudaTileArithOps.h - arithmetic family helpers -----------*- C++ -*-===//
//
// Custom assembly directives for the modifiers of the arithmetic, comparison
// and conversion ops (`signed`, `less_than`, `ordered`, `rounding<...>`). Other
// families reuse `custom<Signedness>` through this header.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_IR_CUDATILEARITHOPS_H
#define TILECC_CUDATILE_IR_CUDATILEARITHOPS_H

#include "CudaTile/IR/CudaTileDialect.h"

namespace mlir::cuda_tile {

/// The i1 tile with the shape of `type` (a tile), or null.
Type getI1TileLike(Type type);

/// `signed` | `unsigned`.
ParseResult parseSignedness(OpAsmParser &parser, SignednessAttr &attr);
void printSignedness(OpAsmPrinter &printer, Operation *op, SignednessAttr attr);

/// `equal` | `not_equal` | `less_than` | ...
ParseResult parseComparisonPredicate(OpAsmParser &parser,
                                     ComparisonPredicateAttr &attr);
void printComparisonPredicate(OpAsmPrinter &printer, Operation *op,
                              ComparisonPredicateAttr attr);

/// `ordered` | `unordered`.
ParseResult parseComparisonOrdering(OpAsmParser &parser,
                                    ComparisonOrderingAttr &attr);
void printComparisonOrdering(OpAsmPrinter &printer, Operation *op,
                             ComparisonOrderingAttr attr);

/// Optional `rounding<mode>`; each variant accepts a different set of modes and
/// elides its default when printing.
/// IEEE modes; default nearest_even.
ParseResult parseIEEERoundingMode(OpAsmParser &parser, RoundingModeAttr &attr);
void printIEEERoundingMode(OpAsmPrinter &printer, Operation *op,
                           RoundingModeAttr attr);
/// IEEE modes, approx and full; default nearest_even.
ParseResult parseDivFRoundingMode(OpAsmParser &parser, RoundingModeAttr &attr);
void printDivFRoundingMode(OpAsmPrinter &printer, Operation *op,
                           RoundingModeAttr attr);
/// IEEE modes and approx; default nearest_even.
ParseResult parseSqrtRoundingMode(OpAsmParser &parser, RoundingModeAttr &attr);
void printSqrtRoundingMode(OpAsmPrinter &printer, Operation *op,
                           RoundingModeAttr attr);
/// nearest_int_to_zero only (float to integer).
ParseResult parseIntegerRoundingMode(OpAsmParser &parser,
                                     RoundingModeAttr &attr);
void printIntegerRoundingMode(OpAsmPrinter &printer, Operation *op,
                              RoundingModeAttr attr);

} // namespace mlir::cuda_tile

#endif // TILECC_CUDATILE_IR_CUDATILEARITHOPS_H
