//===- TileAAOpAsm.h - shared custom assembly of nv_tileaa ops --*- C++ -*-===//
//
// The seeds print memory ops, make_memref and dot as a flat operand list
// with `operandSegmentSizes` in the attribute dictionary and the types in
// segment order. These helpers parse that form (inferring the segments when
// the dictionary omits them) and print it back.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAA_IR_TILEAAOPASM_H
#define TILECC_TILEAA_IR_TILEAAOPASM_H

#include "mlir/IR/OpImplementation.h"

namespace mlir::nv_tileaa {

/// `%base[%indices], %rest... {attrs} : segment-ordered types [-> results]`.
/// The segments before `indexSegment` (after the base) hold one operand each;
/// those after it are optional and filled in order; a trailing mem_token is
/// the token slot, outside the segments.
ParseResult parseSegmentedMemOp(OpAsmParser &parser, OperationState &result,
                                unsigned numSegments, unsigned indexSegment);
void printSegmentedMemOp(OpAsmPrinter &printer, Operation *op,
                         ArrayRef<int32_t> segments, unsigned indexSegment);

/// Operands of segment `index` of a segmented memory op.
OperandRange getSegmentOperands(Operation *op, ArrayRef<int32_t> segments,
                                unsigned index);
/// The token operand past the segments, or null.
Value getTrailingToken(Operation *op, ArrayRef<int32_t> segments);

/// `%a, %b, ... {attrs} : (types) -> type` (parens optional) with operand
/// segments chosen by `infer` (given the operand and result types) when the
/// dictionary has no `operandSegmentSizes`.
ParseResult parseFlatSegmentedOp(
    OpAsmParser &parser, OperationState &result,
    function_ref<FailureOr<SmallVector<int32_t>>(TypeRange, TypeRange)> infer);
void printFlatSegmentedOp(OpAsmPrinter &printer, Operation *op,
                          bool parenthesize, bool elideSegments);

} // namespace mlir::nv_tileaa

#endif // TILECC_TILEAA_IR_TILEAAOPASM_H
