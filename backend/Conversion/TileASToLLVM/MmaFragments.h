//===- MmaFragments.h - registers grouped by mma.sync block -----*- C++ -*-===//
//
// The dot lowerings on mma.sync (DotPatterns.cpp, BlockScaledMmaSyncPatterns
// .cpp) find, for each single-instruction block of an operand, the registers
// that hold its fragment, issue each instruction and fill in the
// accumulator's duplicate registers the same way.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_MMAFRAGMENTS_H
#define TILECC_CONVERSION_TILEASTOLLVM_MMAFRAGMENTS_H

#include "Layout/LinearLayout.h"
#include "mlir/IR/Builders.h"

#include <array>
#include <map>
#include <optional>

namespace mlir {
class TypeConverter;
namespace nv_tileas {
class DotOp;
} // namespace nv_tileas
} // namespace mlir

namespace mlir::tilecc {

/// A dot's tiles and its converted result (the register struct), shared by
/// the mma.sync, wgmma and FMA dot lowerings.
struct DotTileTypes {
  RankedTensorType a, b, c;
  Type result;
};

/// The dot's tile types, or nullopt when the result, A or B has no layout
/// yet (no register struct), so that the pattern does not match.
std::optional<DotTileTypes> getDotTileTypes(nv_tileas::DotOp op,
                                            const TypeConverter &converter);

/// Block coordinates (batch, row block, column block) -> register indices in
/// fragment order.
using MmaBlockKey = std::array<int32_t, 3>;
using MmaBlocks = std::map<MmaBlockKey, llvm::SmallVector<int32_t>>;

/// Groups the registers of `layout` (rank 2 or 3) into blocks of `rows` x
/// `cols` and checks that every block holds `fragment` (the single-
/// instruction layout) in register order, on the same lanes. Register bits
/// that only repeat elements (duplicates) are skipped.
std::optional<MmaBlocks>
groupMmaFragments(const ::tilecc::layout::LinearLayout &layout,
                  const ::tilecc::layout::LinearLayout &fragment, int32_t rows,
                  int32_t cols);

/// Registers of `layout` that repeat an element take the value of the first
/// register holding it (the one groupMmaFragments keeps, so the one an mma
/// computed).
void copyDuplicateRegisters(const ::tilecc::layout::LinearLayout &layout,
                            llvm::MutableArrayRef<Value> registers);

/// One mma.sync as inline PTX (`asmText`, `constraints`) on `operands`; the
/// accumulator registers `acc` take its results. Only for the forms MLIR's
/// nvvm.mma.sync cannot express (fp8 operands, see DotPatterns.cpp).
void emitMmaSync(OpBuilder &b, Location loc, ValueRange operands,
                 StringRef asmText, StringRef constraints,
                 llvm::MutableArrayRef<Value> acc);

/// One nvvm.mma.sync m`shape[0]`n`shape[1]`k`shape[2]`.row.col with A and B
/// of the PTX types `aType` / `bType` (f16, bf16, tf32, s8, u8 or f64). `a`,
/// `b` and `acc` are 32-bit words (i32, or f32 for an f32 accumulator; f64
/// registers for f64), bitcast here to the types the op takes; the
/// accumulator words `acc` take its results in the same types as given.
/// Integer accumulators wrap, as PTX's mma.sync without .satfinite.
void emitNvvmMmaSync(OpBuilder &b, Location loc, std::array<int64_t, 3> shape,
                     StringRef aType, StringRef bType, ValueRange a,
                     ValueRange bWords, llvm::MutableArrayRef<Value> acc,
                     Type accElem);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_MMAFRAGMENTS_H
