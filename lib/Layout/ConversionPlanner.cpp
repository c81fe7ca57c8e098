//===- ConversionPlanner.cpp - plans for layout conversions ---------------===//
//
// Cost model: shfl.sync and shared-memory accesses are both served by the
// shared-memory pipeline, one wavefront at a time, and each takes an issue
// slot. A warp shuffle is one instruction and one wavefront per (destination
// register, distinct source register) pair and per 32 bits of element; the
// round trip costs the store and load instructions plus their wavefronts
// (conflicts included). Ties go to shuffles, which need no barrier.
//
//===----------------------------------------------------------------------===//

#include "Layout/ConversionPlanner.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/GF2.h"
#include "Layout/Vectorization.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace tilecc::layout;
using llvm::ArrayRef;

llvm::StringRef tilecc::layout::stringifyConversionKind(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::Identity:
    return "identity";
  case ConversionKind::RegisterPermutation:
    return "register-permutation";
  case ConversionKind::WarpShuffle:
    return "warp-shuffle";
  case ConversionKind::SharedMemory:
    return "shared-memory";
  }
  return "unknown";
}

static const std::vector<std::string> kHardwareDims = {kRegister, kLane, kWarp};

/// dst hardware -> src hardware, moving data only across the `movable` input
/// dims of src and keeping the others fixed; nullopt when impossible.
static std::optional<LinearLayout> solveLocal(const LinearLayout &src,
                                              const LinearLayout &dst,
                                              ArrayRef<std::string> movable) {
  GF2Span span;
  std::vector<uint64_t> srcColumns = src.getFlatColumns();
  unsigned bit = 0;
  for (const auto &in : src.getInDims())
    for (size_t b = 0; b < in.bases.size(); ++b, ++bit)
      if (llvm::is_contained(movable, in.name))
        span.insert(srcColumns[bit], uint64_t(1) << bit);

  // Offset of each src input dim in the flat input.
  auto srcBitOffset = [&](llvm::StringRef name) {
    unsigned offset = 0;
    for (const auto &in : src.getInDims()) {
      if (in.name == name)
        return offset;
      offset += in.bases.size();
    }
    return offset;
  };

  std::vector<LinearLayout::InDim> ins;
  for (const auto &in : dst.getInDims()) {
    bool fixed = !llvm::is_contained(movable, in.name);
    LinearLayout::InDim dim{in.name, {}};
    for (size_t b = 0; b < in.bases.size(); ++b) {
      uint64_t target = src.flattenOutValues(in.bases[b]);
      uint64_t keep = 0;
      if (fixed) {
        keep = uint64_t(1) << (srcBitOffset(in.name) + b);
        target ^= src.applyFlat(keep);
      }
      std::optional<uint64_t> moved = span.solve(target);
      if (!moved)
        return std::nullopt;
      llvm::SmallVector<int32_t> values = src.unflattenInValues(*moved ^ keep);
      dim.bases.push_back(LinearLayout::Basis(values.begin(), values.end()));
    }
    ins.push_back(std::move(dim));
  }
  std::vector<LinearLayout::OutDim> outs;
  for (const auto &in : src.getInDims())
    outs.push_back({in.name, int32_t(1) << in.bases.size()});
  return LinearLayout(std::move(ins), std::move(outs));
}

/// Shared-memory orders worth trying: each dim as the fastest, the others
/// row-major behind it.
static std::vector<llvm::SmallVector<unsigned, 4>>
candidateOrders(unsigned rank) {
  std::vector<llvm::SmallVector<unsigned, 4>> orders;
  for (unsigned fastest = rank; fastest-- > 0;) {
    llvm::SmallVector<unsigned, 4> order = {fastest};
    for (unsigned d = rank; d-- > 0;)
      if (d != fastest)
        order.push_back(d);
    orders.push_back(order);
  }
  return orders;
}

/// Replaces the round trip of `plan` by one that stores into a standard
/// swizzle and loads with ldmatrix, when one is cheaper in instructions plus
/// wavefronts. Ties go to fewer phases, then wider chunks.
static void planLdmatrixRoundTrip(const LinearLayout &src,
                                  const LinearLayout &dst, unsigned elemBits,
                                  ConversionPlan &plan) {
  llvm::SmallVector<int64_t, 4> shape;
  for (const auto &out : src.getOutDims())
    shape.push_back(out.size);
  std::optional<std::tuple<unsigned, unsigned, int64_t>> bestKey;
  for (const auto &order : candidateOrders(shape.size())) {
    for (const SwizzleParams &swizzle : standardSwizzles(shape, order)) {
      // The store alone already loses: no need to plan the loads.
      std::vector<int32_t> rowMasks = getRowMasks(shape, order, swizzle);
      AccessCost store = registerAccessCost(src, order, rowMasks, elemBits);
      unsigned storeCost = store.wavefronts + store.instructions;
      if (storeCost > plan.cost ||
          (bestKey && storeCost > std::get<0>(*bestKey)))
        continue;
      llvm::Expected<LinearLayout> layout =
          swizzledSharedLayout(shape, order, swizzle);
      if (!layout) {
        llvm::consumeError(layout.takeError());
        continue;
      }
      std::optional<LdmatrixPlan> ld = planLdmatrix(dst, *layout, elemBits);
      if (!ld)
        continue;
      unsigned cost = storeCost + ld->cost.wavefronts + ld->cost.instructions;
      auto key = std::make_tuple(cost, swizzle.maxPhase, -int64_t(swizzle.vec));
      if (cost > plan.cost || (bestKey && key >= *bestKey))
        continue;
      bestKey = key;
      SharedLayoutChoice choice;
      choice.swizzle = swizzle;
      choice.order.assign(order.begin(), order.end());
      choice.rowMasks = std::move(rowMasks);
      choice.layout = *layout;
      choice.wavefronts = store.wavefronts + ld->cost.wavefronts;
      choice.instructions = store.instructions + ld->cost.instructions;
      choice.cost = cost;
      plan.scratch = std::move(choice);
      plan.storeVectorBits = getVectorWidthBits(src, *layout, elemBits);
      plan.storeCost = store;
      plan.loadCost = ld->cost;
      plan.loadVectorBits = 0;
      plan.cost = cost;
      plan.ldmatrix = std::move(ld);
    }
  }
}

/// The shared-memory round trip of already normalized layouts.
static ConversionPlan planSharedMemoryRoundTrip(const LinearLayout &src,
                                                const LinearLayout &dst,
                                                unsigned elemBits) {
  ConversionPlan viaShared;
  viaShared.kind = ConversionKind::SharedMemory;
  for (const auto &order : candidateOrders(src.getOutDims().size())) {
    SharedLayoutChoice choice = pickXorSwizzle({src, dst}, elemBits, order);
    if (!viaShared.scratch || choice.cost < viaShared.scratch->cost)
      viaShared.scratch = std::move(choice);
  }
  const LinearLayout &scratch = viaShared.scratch->layout;
  viaShared.storeVectorBits = getVectorWidthBits(src, scratch, elemBits);
  viaShared.loadVectorBits = getVectorWidthBits(dst, scratch, elemBits);
  viaShared.storeCost = registerAccessCost(src, scratch, elemBits);
  viaShared.loadCost = registerAccessCost(dst, scratch, elemBits);
  viaShared.cost =
      viaShared.storeCost.wavefronts + viaShared.storeCost.instructions +
      viaShared.loadCost.wavefronts + viaShared.loadCost.instructions;
  planLdmatrixRoundTrip(src, dst, elemBits, viaShared);
  return viaShared;
}

llvm::Expected<ConversionPlan>
tilecc::layout::planConversion(const LinearLayout &srcIn,
                               const LinearLayout &dstIn, unsigned elemBits,
                               bool withShuffles) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (srcIn.getOutDims().size() != dstIn.getOutDims().size())
    return fail("layouts describe tiles of different rank");
  for (const auto &out : srcIn.getOutDims())
    if (!dstIn.hasOutDim(out.name) || dstIn.getOutDimSize(out.name) != out.size)
      return fail("layouts describe tiles of different shape");
  for (const auto &in : srcIn.getInDims())
    if (!llvm::is_contained(kHardwareDims, in.name))
      return fail("unexpected input dimension '" + in.name + "'");
  for (const auto &in : dstIn.getInDims())
    if (!llvm::is_contained(kHardwareDims, in.name))
      return fail("unexpected input dimension '" + in.name + "'");
  for (const char *hw : {kLane, kWarp})
    if (srcIn.getInDimSize(hw) != dstIn.getInDimSize(hw))
      return fail(llvm::Twine("layouts use different numbers of ") + hw + "s");

  // Normalize: hardware dims in order, dst outputs in src's order.
  auto normalize = [](LinearLayout layout) {
    for (const auto &hw : kHardwareDims)
      if (!layout.hasInDim(hw))
        layout *= LinearLayout({{hw, {}}}, {});
    return layout.transposeIns(kHardwareDims);
  };
  LinearLayout src = normalize(srcIn);
  LinearLayout dst = normalize(dstIn).transposeOuts(src.getOutDimNames());

  // Every element dst holds must exist somewhere in src.
  if (!dst.invertAndCompose(src))
    return fail("the source layout does not hold every element of the "
                "destination");

  ConversionPlan plan;
  if (src == dst) {
    plan.kind = ConversionKind::Identity;
    plan.dstToSrc = solveLocal(src, dst, {kRegister});
    return plan;
  }
  if (auto map = solveLocal(src, dst, {kRegister})) {
    plan.kind = ConversionKind::RegisterPermutation;
    plan.dstToSrc = std::move(map);
    return plan;
  }

  // The shared-memory round trip is always legal; price it.
  ConversionPlan viaShared = planSharedMemoryRoundTrip(src, dst, elemBits);

  std::optional<LinearLayout> map;
  if (withShuffles)
    map = solveLocal(src, dst, {kRegister, kLane});
  if (map) {
    ConversionPlan viaShuffle;
    viaShuffle.kind = ConversionKind::WarpShuffle;
    int32_t numRegs = dst.getInDimSize(kRegister);
    int32_t numLanes = dst.getInDimSize(kLane);
    uint32_t repeatedRegs = dst.sublayout({kRegister}, dst.getOutDimNames())
                                .getFreeVariableMasks()[0]
                                .second;
    unsigned wordsPerElem = std::max(1u, (elemBits + 31) / 32);
    for (int32_t r = 0; r < numRegs; ++r) {
      std::vector<ShuffleSource> row;
      std::set<int32_t> srcRegs;
      bool crossLane = false;
      for (int32_t lane = 0; lane < numLanes; ++lane) {
        llvm::SmallVector<int32_t> from = map->applyValues({r, lane, 0});
        row.push_back({from[1], from[0]});
        srcRegs.insert(from[0]);
        crossLane |= from[1] != lane;
      }
      // Repeated destination registers are copies of earlier ones.
      if (crossLane && !(r & repeatedRegs))
        viaShuffle.cost += 2 * srcRegs.size() * wordsPerElem;
      viaShuffle.sources.push_back(std::move(row));
    }
    viaShuffle.dstToSrc = std::move(map);
    if (viaShuffle.cost <= viaShared.cost)
      return viaShuffle;
  }
  return viaShared;
}

//===----------------------------------------------------------------------===//
// ConversionPlanCache
//===----------------------------------------------------------------------===//

size_t ConversionPlanCache::KeyHash::operator()(
    const ConversionPlanCache::Key &key) const {
  auto hashLayout = [](const LinearLayout &layout) {
    llvm::hash_code hash = llvm::hash_value(layout.getOutDims().size());
    for (const auto &out : layout.getOutDims())
      hash = llvm::hash_combine(hash, llvm::StringRef(out.name), out.size);
    for (const auto &in : layout.getInDims()) {
      hash =
          llvm::hash_combine(hash, llvm::StringRef(in.name), in.bases.size());
      for (const auto &basis : in.bases)
        hash = llvm::hash_combine(
            hash, llvm::hash_combine_range(basis.begin(), basis.end()));
    }
    return hash;
  };
  return llvm::hash_combine(hashLayout(key.src), hashLayout(key.dst),
                            key.elemBits, key.withShuffles);
}

llvm::Expected<ConversionPlan>
ConversionPlanCache::getPlan(const LinearLayout &src, const LinearLayout &dst,
                             unsigned elemBits, bool withShuffles) {
  Key key{src, dst, elemBits, withShuffles};
  auto toExpected = [](const Answer &answer) -> llvm::Expected<ConversionPlan> {
    if (const auto *plan = std::get_if<ConversionPlan>(&answer))
      return *plan;
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   std::get<std::string>(answer));
  };
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = answers.find(key);
    if (it != answers.end())
      return toExpected(it->second);
  }
  // Planned outside the lock; a racing thread computes the same answer.
  llvm::Expected<ConversionPlan> plan =
      planConversion(src, dst, elemBits, withShuffles);
  Answer answer =
      plan ? Answer(*plan) : Answer(llvm::toString(plan.takeError()));
  std::lock_guard<std::mutex> lock(mutex);
  auto inserted = answers.try_emplace(std::move(key), std::move(answer));
  return toExpected(inserted.first->second);
}

size_t ConversionPlanCache::size() const {
  std::lock_guard<std::mutex> lock(mutex);
  return answers.size();
}
