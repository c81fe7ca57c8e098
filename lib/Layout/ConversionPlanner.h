//===- ConversionPlanner.h - plans for layout conversions -------*- C++ -*-===//
//
// Converting a tile between two distributed layouts of the same CTA. Each
// plan kind needs less data movement than the next:
//   Identity            the layouts are the same map;
//   RegisterPermutation every thread already holds what it needs;
//   WarpShuffle         every warp already holds what it needs (shfl.sync);
//   SharedMemory        a round trip through a swizzled scratch buffer.
// Legality is linear algebra: a kind is legal when every destination basis,
// minus the source image of the hardware bits the kind keeps fixed, lies in
// the span of the source bases the kind may move data across.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_CONVERSIONPLANNER_H
#define TILECC_LAYOUT_CONVERSIONPLANNER_H

#include "Layout/LinearLayout.h"
#include "Layout/LdmatrixLowering.h"
#include "Layout/SharedLayouts.h"

#include <mutex>
#include <string>
#include <unordered_map>
#include <variant>

namespace tilecc::layout {

enum class ConversionKind {
  Identity,
  RegisterPermutation,
  WarpShuffle,
  SharedMemory
};
llvm::StringRef stringifyConversionKind(ConversionKind kind);

/// Where one destination register of one lane comes from.
struct ShuffleSource {
  int32_t srcLane;
  int32_t srcRegister;
};

struct ConversionPlan {
  ConversionKind kind = ConversionKind::Identity;
  /// Identity, RegisterPermutation, WarpShuffle: destination hardware
  /// coordinates ("register", "lane", "warp") -> source ones.
  std::optional<LinearLayout> dstToSrc;
  /// WarpShuffle: sources[dstRegister][lane] (same in every warp).
  std::vector<std::vector<ShuffleSource>> sources;
  /// SharedMemory: the scratch layout and its vector widths (bits).
  std::optional<SharedLayoutChoice> scratch;
  unsigned storeVectorBits = 0, loadVectorBits = 0;
  AccessCost storeCost, loadCost;
  /// SharedMemory: set when the destination is read back with ldmatrix
  /// (loadCost is then its cost, loadVectorBits unused).
  std::optional<LdmatrixPlan> ldmatrix;
  /// Estimated cost: instructions plus shared-memory wavefronts.
  unsigned cost = 0;
};

/// Plans the conversion of a tile of `elemBits`-bit elements from `src` to
/// `dst` (both "register"/"lane"/"warp" -> the same tile dims). Picks the
/// first legal kind in the order above unless a warp shuffle would issue
/// more instructions than the shared-memory round trip, which reads the
/// destination back with ldmatrix when a standard swizzle allows it at a
/// lower cost than plain loads. Fails when the
/// layouts do not describe the same tile on the same number of lanes/warps.
/// Without `withShuffles` the warp shuffle is never chosen.
llvm::Expected<ConversionPlan> planConversion(const LinearLayout &src,
                                              const LinearLayout &dst,
                                              unsigned elemBits,
                                              bool withShuffles = true);

/// planConversion's answers, remembered per (src, dst, elemBits,
/// withShuffles). Planning is a pure function of these, so a remembered plan
/// is the plan: the same query asked by the shared-memory planner, the
/// staging of async copies and the lowering is searched once. One cache
/// serves one compilation; it may be shared between threads.
class ConversionPlanCache {
public:
  llvm::Expected<ConversionPlan> getPlan(const LinearLayout &src,
                                         const LinearLayout &dst,
                                         unsigned elemBits,
                                         bool withShuffles = true);
  size_t size() const;

private:
  struct Key {
    LinearLayout src, dst;
    unsigned elemBits;
    bool withShuffles;
    bool operator==(const Key &other) const {
      return elemBits == other.elemBits && withShuffles == other.withShuffles &&
             src == other.src && dst == other.dst;
    }
  };
  struct KeyHash {
    size_t operator()(const Key &key) const;
  };
  /// The plan, or planConversion's error message.
  using Answer = std::variant<ConversionPlan, std::string>;

  mutable std::mutex mutex;
  std::unordered_map<Key, Answer, KeyHash> answers;
};

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_CONVERSIONPLANNER_H
