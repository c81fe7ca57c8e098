//===- GF2.h - linear algebra over GF(2) on 64-bit vectors ------*- C++ -*-===//
//
// Vectors over GF(2) are packed into uint64_t. GF2Span keeps an echelon basis
// of the vectors inserted so far, each row tagged with the combination of
// inserted vectors that produced it, so that membership tests also yield a
// preimage (which inserted vectors XOR to the target).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_GF2_H
#define TILECC_LAYOUT_GF2_H

#include <array>
#include <cstdint>
#include <optional>

namespace tilecc::layout {

class GF2Span {
public:
  /// Adds `vec`, tagged with `tag` (usually one bit naming the input vector).
  /// Returns true when `vec` was independent of the vectors already present.
  bool insert(uint64_t vec, uint64_t tag) {
    reduce(vec, tag);
    if (vec == 0)
      return false;
    int pivot = 63 - __builtin_clzll(vec);
    rows[pivot] = {vec, tag};
    present |= uint64_t(1) << pivot;
    ++rankValue;
    return true;
  }

  /// The XOR of tags whose vectors XOR to `target`, if `target` is in the span.
  std::optional<uint64_t> solve(uint64_t target) const {
    uint64_t tag = 0;
    reduce(target, tag);
    if (target != 0)
      return std::nullopt;
    return tag;
  }

  bool contains(uint64_t target) const { return solve(target).has_value(); }
  unsigned rank() const { return rankValue; }

private:
  // Rows are indexed by their highest set bit; eliminating from the top down
  // needs a single pass because row p touches only bits <= p. Only the set
  // bits that have a row are visited, highest first.
  void reduce(uint64_t &vec, uint64_t &tag) const {
    for (uint64_t hit = vec & present; hit; hit = vec & present) {
      int p = 63 - __builtin_clzll(hit);
      vec ^= rows[p].first;
      tag ^= rows[p].second;
    }
  }

  // Only rows named in `present` are ever read: no need to clear the rest.
  std::array<std::pair<uint64_t, uint64_t>, 64> rows;
  uint64_t present = 0;
  unsigned rankValue = 0;
};

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_GF2_H
