//===- CudaTileShapeOps.cpp - shape, reduction and MMA op verifiers --------===//
//
// Verifiers and folders of the shape manipulation ops, the reduce/scan
// combiner ops and the matrix multiply-accumulate ops.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileControlFlowUtils.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::cuda_tile;

static TileType tileOf(Value value) { return cast<TileType>(value.getType()); }

/// `(4, 16)`
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text = "(";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os);
  os << ")";
  return text;
}

//===----------------------------------------------------------------------===//
// reduce / scan
//===----------------------------------------------------------------------===//

/// Checks shared by reduce and scan; `expectedResult` gives the result type
/// an operand implies.
static LogicalResult
verifyCombiner(Operation *op, ValueRange operands, TypeRange results,
               uint32_t dim, ArrayAttr identities, Region &body,
               function_ref<LogicalResult(unsigned, TileType)> checkResult) {
  if (operands.size() != results.size())
    return op->emitOpError("expect same number of operands and results");
  if (identities.size() != operands.size())
    return op->emitOpError("expect identities to match the number of operands "
                           "but got: ")
           << operands.size() << " operands and " << identities.size()
           << " identities";
  if (operands.empty())
    return op->emitOpError("expects at least one operand");
  int64_t rank = tileOf(operands[0]).getRank();
  if (dim >= rank)
    return op->emitOpError("dimension (")
           << dim << ") is out of bound [0, " << rank << ")";
  for (auto [index, pair] : llvm::enumerate(llvm::zip(operands, identities))) {
    Type elementType = tileOf(std::get<0>(pair)).getElementType();
    auto identity = dyn_cast<TypedAttr>(std::get<1>(pair));
    if (!identity || identity.getType() != elementType) {
      InFlightDiagnostic diag = op->emitOpError("expect same type for operand at index: ")
                                << index << " and identity at index: " << index
                                << " but got: " << elementType << " and ";
      if (identity)
        diag << identity.getType();
      else
        diag << "an untyped attribute";
      return diag;
    }
  }
  for (auto [index, operand] : llvm::enumerate(operands))
    if (failed(checkResult(index, tileOf(operand))))
      return failure();

  // The combiner takes (current, accumulator) pairs of scalar tiles.
  Block &block = body.front();
  unsigned expectedArgs = 2 * operands.size();
  if (block.getNumArguments() != expectedArgs)
    return op->emitOpError("expect ")
           << expectedArgs << " block arguments but got: "
           << block.getNumArguments();
  for (auto [index, arg] : llvm::enumerate(block.getArguments())) {
    auto tile = dyn_cast<TileType>(arg.getType());
    if (!tile || tile.getRank() != 0)
      return op->emitOpError("expect 0-rank tile type at index: ")
             << index << " but got: " << arg.getType();
  }
  for (unsigned i = 0; i < expectedArgs; i += 2) {
    Type current = tileOf(block.getArgument(i)).getElementType();
    Type accumulator = tileOf(block.getArgument(i + 1)).getElementType();
    if (current != accumulator)
      return op->emitOpError("expect same element type for block argument at "
                             "index: ")
             << i << " and " << i + 1 << " but got: " << current << " and "
             << accumulator;
  }
  for (auto [index, operand] : llvm::enumerate(operands)) {
    Type elementType = tileOf(operand).getElementType();
    Type argType = tileOf(block.getArgument(2 * index)).getElementType();
    if (elementType != argType)
      return op->emitOpError("expect same type for operand at index: ")
             << index << " and block argument at index: " << 2 * index
             << " but got: " << elementType << " and " << argType;
  }
  Operation *terminator = &block.back();
  if (terminator->getNumOperands() != operands.size())
    return op->emitOpError("expect number of terminators operands (")
           << terminator->getNumOperands() << ") to match number of operands ("
           << operands.size() << ")";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(operands, terminator->getOperands()))) {
    Type elementType = tileOf(std::get<0>(pair)).getElementType();
    auto yielded = dyn_cast<TileType>(std::get<1>(pair).getType());
    if (!yielded || yielded.getRank() != 0 ||
        yielded.getElementType() != elementType) {
      InFlightDiagnostic diag =
          op->emitOpError("expect same type for operand at index: ")
          << index << " and terminator argument at index: " << index
          << " but got: " << elementType << " and ";
      if (yielded)
        diag << yielded.getElementType();
      else
        diag << std::get<1>(pair).getType();
      return diag;
    }
  }
  // The combiner may be evaluated in any order: it must not have effects.
  for (Operation &nested : block)
    if (!isMemoryEffectFree(&nested))
      return nested.emitOpError("only pure operations are allowed inside '")
             << op->getName() << "'";
  return success();
}


LogicalResult ScanOp::verify() {
  TypeRange results = getResultTypes();
  return verifyCombiner(
      *this, getOperands(), results, getDim(), getIdentities(), getBody(),
      [&](unsigned index, TileType operand) -> LogicalResult {
        if (results[index] != operand)
          return emitOpError("expect same type for operand at index: ")
                 << index << " and result at index: " << index;
        return success();
      });
}

/// The reduced type drops dimension `dim`. Checked after the generic checks so
/// that the messages match the public dialect (which infers the types).
static LogicalResult verifyReducedTypes(ReduceOp op) {
  SmallVector<Type> inferred;
  for (Value operand : op.getOperands()) {
    TileType tile = tileOf(operand);
    SmallVector<int64_t> shape(tile.getShape());
    shape.erase(shape.begin() + op.getDim());
    inferred.push_back(TileType::get(shape, tile.getElementType()));
  }
  if (TypeRange(inferred) == op.getResultTypes())
    return success();
  op.emitOpError("inferred type(s) ")
      << formatQuotedTypes(inferred)
      << " are incompatible with return type(s) of operation "
      << formatQuotedTypes(op.getResultTypes());
  return op.emitOpError("failed to infer returned types");
}

LogicalResult ReduceOp::verify() {
  TypeRange results = getResultTypes();
  if (failed(verifyCombiner(*this, getOperands(), results, getDim(),
                            getIdentities(), getBody(),
                            [&](unsigned, TileType) { return success(); })))
    return failure();
  return verifyReducedTypes(*this);
}

//===----------------------------------------------------------------------===//
// MMA
//===----------------------------------------------------------------------===//

/// Checks `lhs` (B x M x K), `rhs` (B x K x N) and `acc` (B x M x N), the
/// batch dimension being optional.
static LogicalResult verifyMmaShapes(Operation *op, TileType lhs, TileType rhs,
                                     TileType acc) {
  int64_t rank = lhs.getRank();
  if (rank != 2 && rank != 3)
    return op->emitOpError("expects lhs, rhs and acc to be 2-D or 3-D tiles, "
                           "but got rank ")
           << rank;
  auto check = [&](StringRef aName, TileType a, int64_t aDim, StringRef bName,
                   TileType b, int64_t bDim) -> LogicalResult {
    if (a.getDimSize(aDim) == b.getDimSize(bDim))
      return success();
    return op->emitOpError("dim ")
           << aDim << " of " << aName << " (" << a.getDimSize(aDim)
           << ") and dim " << bDim << " of " << bName << " ("
           << b.getDimSize(bDim) << ") must match, but got " << aName
           << " shape " << formatShape(a.getShape()) << " and " << bName
           << " shape " << formatShape(b.getShape());
  };
  if (rank == 3 && (failed(check("lhs", lhs, 0, "rhs", rhs, 0)) ||
                    failed(check("lhs", lhs, 0, "acc", acc, 0))))
    return failure();
  if (failed(check("lhs", lhs, rank - 1, "rhs", rhs, rank - 2)) ||
      failed(check("lhs", lhs, rank - 2, "acc", acc, rank - 2)) ||
      failed(check("rhs", rhs, rank - 1, "acc", acc, rank - 1)))
    return failure();
  return success();
}

LogicalResult MmaFOp::verify() {
  Type input = tileOf(getLhs()).getElementType();
  Type acc = tileOf(getAcc()).getElementType();
  SmallVector<StringRef> allowed;
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float16Type>(input))
    allowed = {"f16", "f32"};
  else if (isa<BFloat16Type, FloatTF32Type, Float32Type>(input))
    allowed = {"f32"};
  else
    allowed = {"f64"};
  std::string accName;
  llvm::raw_string_ostream os(accName);
  os << acc;
  if (!llvm::is_contained(allowed, accName)) {
    InFlightDiagnostic diag =
        emitOpError("unsupported combination of element types. Input type ")
        << input << " expects accumulator/result type to be one of {";
    llvm::interleaveComma(allowed, diag,
                          [&](StringRef name) { diag << "'" << name << "'"; });
    return diag << "}, but got " << acc;
  }
  return verifyMmaShapes(*this, tileOf(getLhs()), tileOf(getRhs()),
                         tileOf(getAcc()));
}

LogicalResult MmaIOp::verify() {
  return verifyMmaShapes(*this, tileOf(getLhs()), tileOf(getRhs()),
                         tileOf(getAcc()));
}

LogicalResult MmaFScaledOp::verify() {
  TileType lhs = tileOf(getLhs()), rhs = tileOf(getRhs());
  TileType lhsScale = tileOf(getLhsScale()), rhsScale = tileOf(getRhsScale());
  Type input = lhs.getElementType();
  Type scale = lhsScale.getElementType();
  bool isF4 = isa<Float4E2M1FNType>(input);
  if (isa<Float8E4M3FNType>(scale) && !isF4)
    return emitOpError("unsupported combination of element types. Scale type ")
           << scale << " expects lhs and rhs element types to be 'f4E2M1FN', "
           << "but got " << input;
  if (failed(verifyMmaShapes(*this, lhs, rhs, tileOf(getAcc()))))
    return failure();

  int64_t rank = lhs.getRank();
  auto match = [&](StringRef aName, TileType a, int64_t aDim, StringRef bName,
                   TileType b, int64_t bDim) -> LogicalResult {
    if (a.getDimSize(aDim) == b.getDimSize(bDim))
      return success();
    return emitOpError("shape error: dim ")
           << aDim << " of " << aName << " (" << a.getDimSize(aDim)
           << ") and dim " << bDim << " of " << bName << " ("
           << b.getDimSize(bDim) << ") must match";
  };
  if (rank == 3 &&
      (failed(match("lhs", lhs, 0, "lhs_scale", lhsScale, 0)) ||
       failed(match("rhs", rhs, 0, "rhs_scale", rhsScale, 0))))
    return failure();
  if (failed(match("lhs", lhs, rank - 2, "lhs_scale", lhsScale, rank - 2)) ||
      failed(match("rhs", rhs, rank - 1, "rhs_scale", rhsScale, rank - 1)))
    return failure();
  int64_t scaleK = lhsScale.getDimSize(rank - 1);
  if (scaleK != rhsScale.getDimSize(rank - 2))
    return emitOpError("shape error: dim ")
           << rank - 1 << " of lhs_scale (" << scaleK << ") and dim "
           << rank - 2 << " of rhs_scale (" << rhsScale.getDimSize(rank - 2)
           << ") must match, but got lhs_scale shape "
           << formatShape(lhsScale.getShape()) << " and rhs_scale shape "
           << formatShape(rhsScale.getShape());
  int64_t k = lhs.getDimSize(rank - 1);
  if (k % scaleK != 0)
    return emitOpError("shape error: K dimension (")
           << k << ") must be a multiple of the scale K dimension (" << scaleK
           << ")";
  int64_t factor = k / scaleK;
  if (!isF4) {
    if (factor != 32)
      return emitOpError("shape error: f8 element type requires block scale "
                         "factor of lhs_scale and rhs_scale to be 32, but got ")
             << factor;
  } else if (isa<Float8E8M0FNUType>(scale)) {
    if (factor != 16 && factor != 32)
      return emitOpError("shape error: f4E2M1FN element type with f8E8M0FNU "
                         "scales requires block scale factor of lhs_scale and "
                         "rhs_scale to be 16 or 32, but got ")
             << factor;
  } else if (factor != 16) {
    return emitOpError("shape error: f4E2M1FN element type with f8E4M3FN "
                       "scales requires block scale factor of lhs_scale and "
                       "rhs_scale to be 16, but got ")
           << factor;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// iota
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  TileType type = cast<TileType>(getType());
  if (type.getRank() != 1)
    return emitOpError("expects result type to be 1-d tile");
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  int64_t count = type.getDimSize(0);
  // The last value, count - 1, must be representable as a signed integer.
  if (width < 64 && count - 1 > (int64_t(1) << (width - 1)) - 1)
    return emitOpError("the number of elements ")
           << count << " exceeds the maximum value of element type "
           << type.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// broadcast / reshape / permute
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  TileType source = tileOf(getSource());
  TileType result = cast<TileType>(getType());
  for (auto [from, to] : llvm::zip(source.getShape(), result.getShape())) {
    if (from == to || from == 1)
      continue;
    InFlightDiagnostic diag =
        emitOpError("expects the shape of source tile to be compatible with "
                    "that of the result tile, but got: ");
    llvm::interleaveComma(source.getShape(), diag);
    diag << " and ";
    llvm::interleaveComma(result.getShape(), diag);
    return diag;
  }
  return success();
}

LogicalResult ReshapeOp::verify() {
  if (tileOf(getSource()).getNumElements() !=
      cast<TileType>(getType()).getNumElements())
    return emitOpError("expected source tile and result tile to have the same "
                       "number of elements");
  return success();
}

// Constants are not folded through reshape/broadcast and a no-op broadcast is
// kept: passes such as fuse-fma leave these shape ops in place, as the public
// dialect does.
OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  // reshape(reshape(x)) only depends on x.
  if (auto inner = getSource().getDefiningOp<ReshapeOp>()) {
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

LogicalResult PermuteOp::verify() {
  TileType source = tileOf(getSource());
  TileType result = cast<TileType>(getType());
  int64_t rank = source.getRank();
  if (rank < 2)
    return emitOpError("expects at least rank 2, but got: ") << rank;
  ArrayRef<int32_t> permutation = getPermutation();
  if (int64_t(permutation.size()) != rank)
    return emitOpError("expect permutation size (")
           << permutation.size() << ") to equal the rank of the source ("
           << rank << ")";
  llvm::SmallBitVector seen(rank);
  for (auto [index, dim] : llvm::enumerate(permutation)) {
    if (dim < 0 || dim >= rank)
      return emitOpError("permutation element at index ")
             << index << " (" << dim << ") is out of bound [0, " << rank << ")";
    if (seen.test(dim))
      return emitOpError("expect permutation elements to be unique");
    seen.set(dim);
  }
  for (auto [index, dim] : llvm::enumerate(permutation))
    if (result.getDimSize(index) != source.getDimSize(dim))
      return emitOpError("result shape invalid at index ")
             << index << ", expected: " << source.getDimSize(dim)
             << ", but got: " << result.getDimSize(index);
  return success();
}

OpFoldResult PermuteOp::fold(FoldAdaptor) {
  for (auto [index, dim] : llvm::enumerate(getPermutation()))
    if (int64_t(index) != dim)
      return {};
  return getSource();
}

//===----------------------------------------------------------------------===//
// extract / cat
//===----------------------------------------------------------------------===//

LogicalResult ExtractOp::verify() {
  TileType source = tileOf(getSource());
  TileType result = cast<TileType>(getType());
  if (int64_t(getIndices().size()) != source.getRank())
    return emitOpError("expected ")
           << source.getRank() << " indices, but got " << getIndices().size();
  if (source.getElementType() != result.getElementType())
    return emitOpError("source and result element type do not match");
  for (int64_t dim = 0; dim < source.getRank(); ++dim)
    if (source.getDimSize(dim) % result.getDimSize(dim) != 0)
      return emitOpError("source dimension ")
             << dim << " size (" << source.getDimSize(dim)
             << ") must be evenly divisible by result dimension " << dim
             << " size (" << result.getDimSize(dim) << ")";
  return success();
}

LogicalResult InsertOp::verify() {
  TileType source = tileOf(getSource());
  TileType destination = tileOf(getDestination());
  if (int64_t(getIndices().size()) != destination.getRank())
    return emitOpError("expected ")
           << destination.getRank() << " indices, but got "
           << getIndices().size();
  if (source.getElementType() != destination.getElementType())
    return emitOpError("source and destination element type do not match");
  for (int64_t dim = 0; dim < destination.getRank(); ++dim)
    if (destination.getDimSize(dim) % source.getDimSize(dim) != 0)
      return emitOpError("destination dimension ")
             << dim << " size (" << destination.getDimSize(dim)
             << ") must be evenly divisible by source dimension " << dim
             << " size (" << source.getDimSize(dim) << ")";
  return success();
}

LogicalResult CatOp::verify() {
  TileType lhs = tileOf(getLhs()), rhs = tileOf(getRhs());
  TileType result = cast<TileType>(getType());
  int64_t rank = lhs.getRank();
  int64_t dim = getDim();
  if (dim < 0 || dim >= rank)
    return emitOpError("expect dim to be [0, ")
           << rank << "), but got: " << dim;
  for (int64_t i = 0; i < rank; ++i) {
    if (i == dim) {
      int64_t expected = lhs.getDimSize(i) + rhs.getDimSize(i);
      if (result.getDimSize(i) != expected)
        return emitOpError("invalid concat at position ")
               << i << ", expected: " << expected
               << " but got: " << result.getDimSize(i);
      continue;
    }
    if (lhs.getDimSize(i) != result.getDimSize(i))
      return emitOpError("expect lhs and result shapes to match at non-concat "
                         "position ")
             << i << ", expected: " << lhs.getDimSize(i)
             << " but got: " << result.getDimSize(i);
    if (rhs.getDimSize(i) != result.getDimSize(i))
      return emitOpError("expect rhs and result shapes to match at non-concat "
                         "position ")
             << i << ", expected: " << rhs.getDimSize(i)
             << " but got: " << result.getDimSize(i);
  }
  return success();
}
