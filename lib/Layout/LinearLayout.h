//===- LinearLayout.h - layouts as linear maps over GF(2) -------*- C++ -*-===//
//
// A LinearLayout maps named input dimensions (hardware: "register", "lane",
// "warp", "block"; or memory: "offset") to named output dimensions (tile
// coordinates "dim0", "dim1", ...). Every dimension has a power-of-two size,
// so the map is linear over GF(2): it is fully described by the image of each
// input bit (its basis vector), and applying it XORs the bases of the set bits.
//
// Conventions:
//  - A basis vector lists one coordinate per output dimension, in the order of
//    getOutDims().
//  - Products stack dimensions: the left operand provides the low bits of a
//    shared input dimension and the low part of a shared output dimension.
//  - Row-major flattening (reshape) treats the last dimension as the fastest.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_LINEARLAYOUT_H
#define TILECC_LAYOUT_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilecc::layout {

class LinearLayout {
public:
  /// Coordinates of one input bit's image, one per output dimension.
  using Basis = llvm::SmallVector<int32_t, 4>;
  struct InDim {
    std::string name;
    std::vector<Basis> bases; // size of the dimension is 1 << bases.size()
  };
  struct OutDim {
    std::string name;
    int32_t size; // power of two
  };

  /// The empty layout (no dimensions): the unit of operator*.
  LinearLayout() = default;
  /// Builds a layout from valid parts (asserts); see create() for checked use.
  LinearLayout(std::vector<InDim> ins, std::vector<OutDim> outs);
  /// Builds a layout, reporting malformed parts (duplicate names, sizes that
  /// are not powers of two, coordinates out of range, wrong basis arity).
  static llvm::Expected<LinearLayout> create(std::vector<InDim> ins,
                                             std::vector<OutDim> outs);
  /// Builds a layout whose output sizes are the smallest powers of two that
  /// hold every basis coordinate.
  static LinearLayout withInferredSizes(std::vector<InDim> ins,
                                        llvm::ArrayRef<std::string> outNames);

  /// in[i] -> out[i] for i < size.
  static LinearLayout identity1D(int32_t size, llvm::StringRef in,
                                 llvm::StringRef out);
  /// in[i] -> out[i * stride]; the output dimension has size * stride elements.
  static LinearLayout strided1D(int32_t size, int32_t stride,
                                llvm::StringRef in, llvm::StringRef out);
  /// Every in[i] -> out[0] (broadcast); the output has `outSize` elements.
  static LinearLayout zeros1D(int32_t size, llvm::StringRef in,
                              llvm::StringRef out, int32_t outSize = 1);

  // --- Queries ------------------------------------------------------------
  llvm::ArrayRef<InDim> getInDims() const { return ins; }
  llvm::ArrayRef<OutDim> getOutDims() const { return outs; }
  std::vector<std::string> getInDimNames() const;
  std::vector<std::string> getOutDimNames() const;
  bool hasInDim(llvm::StringRef name) const { return findIn(name) >= 0; }
  bool hasOutDim(llvm::StringRef name) const { return findOut(name) >= 0; }
  /// Size of an input dimension; 1 when absent.
  int32_t getInDimSize(llvm::StringRef name) const;
  unsigned getInDimSizeLog2(llvm::StringRef name) const;
  /// Size of an output dimension; 1 when absent.
  int32_t getOutDimSize(llvm::StringRef name) const;
  unsigned getOutDimSizeLog2(llvm::StringRef name) const;
  unsigned getTotalInDimSizeLog2() const;
  unsigned getTotalOutDimSizeLog2() const;
  /// Coordinate along `outDim` of the image of bit `bit` of `inDim`.
  int32_t getBasis(llvm::StringRef inDim, unsigned bit,
                   llvm::StringRef outDim) const;

  // --- Application --------------------------------------------------------
  /// Maps named input coordinates (absent dimensions are 0) to the output
  /// coordinates, one (name, value) pair per output dimension in order.
  llvm::SmallVector<std::pair<std::string, int32_t>>
  apply(llvm::ArrayRef<std::pair<llvm::StringRef, int32_t>> in) const;
  /// Same, with one value per input dimension in order; returns one value per
  /// output dimension in order.
  llvm::SmallVector<int32_t> applyValues(llvm::ArrayRef<int32_t> in) const;

  /// Flat bit vectors: the dimensions' bits concatenated, first dimension in
  /// the low bits. Used for the linear algebra.
  uint64_t flattenOutValues(llvm::ArrayRef<int32_t> coords) const;
  llvm::SmallVector<int32_t> unflattenOutValues(uint64_t flat) const;
  llvm::SmallVector<int32_t> unflattenInValues(uint64_t flat) const;
  /// The flat image of every input bit, in flat input-bit order.
  std::vector<uint64_t> getFlatColumns() const;
  uint64_t applyFlat(uint64_t flatIn) const;

  // --- Algebra ------------------------------------------------------------
  /// outer(this(x)). `outer` must have an input dimension for every output
  /// dimension of this layout, at least as large.
  LinearLayout compose(const LinearLayout &outer) const;
  /// Independent dimensions side by side; shared dimensions are stacked with
  /// `lhs` in the low bits / low coordinates.
  friend LinearLayout operator*(const LinearLayout &lhs,
                                const LinearLayout &rhs);
  LinearLayout &operator*=(const LinearLayout &rhs) {
    return *this = *this * rhs;
  }

  /// Rank of the map (dimension of its image).
  unsigned getRank() const;
  bool isInjective() const { return getRank() == getTotalInDimSizeLog2(); }
  bool isSurjective() const { return getRank() == getTotalOutDimSizeLog2(); }
  bool isInvertible() const { return isInjective() && isSurjective(); }

  /// The inverse of an invertible layout.
  std::optional<LinearLayout> invert() const;
  /// A map P from outputs to inputs with this(P(y)) == y for every y in the
  /// image, and P(this(x)) == x when injective. Among equivalent inputs it
  /// picks the one built from the earliest input bits (registers before
  /// lanes before warps), and sends the complement of the image to 0.
  LinearLayout pseudoinvert() const;
  /// C with other(C(x)) == this(x) for all x, mapping this layout's inputs to
  /// `other`'s inputs; nullopt when some image of this layout is not produced
  /// by `other`. Both must have the same output dimensions (any order).
  std::optional<LinearLayout> invertAndCompose(const LinearLayout &other) const;

  // --- Reshaping ----------------------------------------------------------
  /// Reorders the output (input) dimensions; `order` is a permutation of the
  /// names.
  LinearLayout transposeOuts(llvm::ArrayRef<std::string> order) const;
  LinearLayout transposeIns(llvm::ArrayRef<std::string> order) const;
  /// Flattens the outputs row-major and splits them row-major into `newOuts`
  /// (same total size).
  LinearLayout reshapeOuts(llvm::ArrayRef<OutDim> newOuts) const;
  /// Same for the inputs (bits are regrouped; last dimension lowest).
  LinearLayout
  reshapeIns(llvm::ArrayRef<std::pair<std::string, int32_t>> newIns) const;
  /// Restricts to the named inputs and projects to the named outputs (both
  /// kept in this layout's order).
  LinearLayout sublayout(llvm::ArrayRef<std::string> inNames,
                         llvm::ArrayRef<std::string> outNames) const;
  LinearLayout renameInDim(llvm::StringRef from, llvm::StringRef to) const;
  LinearLayout renameOutDim(llvm::StringRef from, llvm::StringRef to) const;
  /// Drops the bits of `inDim` whose image is zero (e.g. registers that only
  /// repeated a coordinate along a sliced-away dimension).
  LinearLayout removeZeroBases(llvm::StringRef inDim) const;
  /// Sets the size of an output dimension: smaller sizes wrap coordinates
  /// (mod size, so larger coordinates alias and become broadcast).
  LinearLayout resizeOutDim(llvm::StringRef outDim, int32_t size) const;

  // --- Derived facts ------------------------------------------------------
  /// Per input dimension, the bits whose image lies in the span of earlier
  /// bits (registers first): those bits only duplicate data (broadcast).
  llvm::SmallVector<std::pair<std::string, uint32_t>>
  getFreeVariableMasks() const;
  /// Number of distinct output points reached (2^rank).
  int64_t getNumDistinctElements() const { return int64_t(1) << getRank(); }

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  // --- Text form ----------------------------------------------------------
  /// Deterministic text, e.g.
  ///   {register = [(0, 1)], lane = [(1, 0), (2, 0)]} -> {dim0 = 4, dim1 = 2}
  std::string toString() const;
  void print(llvm::raw_ostream &os) const;
  /// Parses toString()'s form; errors carry the column of the problem.
  static llvm::Expected<LinearLayout> fromString(llvm::StringRef text);

private:
  int findIn(llvm::StringRef name) const;
  int findOut(llvm::StringRef name) const;
  unsigned outBitOffset(unsigned outIdx) const;

  std::vector<InDim> ins;
  std::vector<OutDim> outs;
};

LinearLayout operator*(const LinearLayout &lhs, const LinearLayout &rhs);

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const LinearLayout &layout) {
  layout.print(os);
  return os;
}

/// C such that a == b * c (b is a "left factor" of a), if one exists. Used to
/// ask how much of a layout's low register bits form a known tile, e.g. the
/// largest run of contiguous elements a thread holds.
std::optional<LinearLayout> divideLeft(const LinearLayout &a,
                                       const LinearLayout &b);

/// log2 for exact powers of two; -1 otherwise.
int log2Exact(int64_t value);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_LINEARLAYOUT_H
