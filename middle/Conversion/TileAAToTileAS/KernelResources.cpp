//===- KernelResources.cpp - warps, ring depth and register budget --------===//
//
// What a kernel did not say, decided once from its tiles and the target
// (docs/codegen.md, "Warps, pipeline depth and register budget"):
//
// - warps: each dot's registers per thread are estimated for 1, 2, 4, ... 32
//   warps (accumulator + A/B fragments + addresses, in the warp arrangement
//   the layouts will use: lib/Layout's chooseMmaSyncWarps for mma.sync, whole
//   warpgroups along M for wgmma); the kernel takes the default (4, fewer
//   for tiles too small to give every warp its own elements) unless that
//   does not fit the per-thread limit of the register file, then the fewest
//   warps that fit, whole warpgroups where the dot can run on wgmma (none
//   fits: the fewest registers over the limit across the CTA);
// - ring depth: the dot operands' `latency` hints (1 + ceil(latency / 2)
//   stages, 3 without a hint), capped so the rings leave shared memory for a
//   second resident CTA when the registers allow one;
// - register budget: `occupancy` 2 (.minnctapersm) where the estimate leaves
//   room for a second CTA that ptxas's per-CTA limit alone would not keep.
//
// A tile no warp count fits (a 256x256 f32 accumulator is 256 KiB, the whole
// register file) gets the warps with the least excess and a remark.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/KernelResources.h"

#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
#include "Conversion/CudaTileToTileAA/LaunchHints.h"
#include "TileAA/IR/TileAADialect.h"
#include "Layout/MmaLayouts.h"
#include "Layout/WgmmaLayouts.h"
#include "TileAS/IR/RegisterBits.h"
#include "TileAS/IR/TileASModuleAttrs.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

/// Registers per thread besides the tiles: thread and tile indices, view
/// bases and strides, shared-memory addresses of the operand fragments.
static constexpr int64_t kAddressRegisters = 34;
/// Weights (in quarters) of accumulator and operand-fragment registers:
/// ptxas keeps some temporaries per accumulator register (the epilogue's
/// stores, the K loop's carried copies) and interleaves part of the operand
/// fragment loads with the MMAs. Fitted to ptxas 12.x on the f16/bf16/f32/
/// f64 GEMM sweep (scripts/gemm-spill-sweep.py, docs/perf.md): with them
/// every tile the estimate fits compiles without spills.
static constexpr int64_t kAccumulatorQuarters = 5;
static constexpr int64_t kFragmentQuarters = 3;
/// Warps without a hint (fewer for small tiles).
static constexpr unsigned kDefaultNumWarps = 4;
/// Ring depth without a `latency` hint.
static constexpr unsigned kDefaultNumStages = 3;

namespace {
/// One dot's shape and element widths, batch folded into M.
struct DotShape {
  Operation *op;
  int64_t m, n, k;
  unsigned aBits, bBits, accBits;
  bool wgmmaTypes; // f16 x f16 / bf16 x bf16 -> f32 (lib/Layout's table)
  bool threeTf32;  // f32 operands: 3xTF32 splits each register in two
  bool inLoop;
  int64_t operandBytes; // A and B tiles, what one ring stage holds
};

/// A dot's registers per thread for `warps` warps, or nullopt when the dot
/// does not split over that many warps without copies.
struct DotCost {
  int64_t accumulator, operands;
  bool wgmma;
};

/// Whether tileas-pipeline-dot-operands can stage the dots' operands in
/// shared-memory rings (two stages within the static shared memory it
/// plans, `staticLimit`); otherwise the loaded tiles pass through registers.
bool operandsStaged(ArrayRef<DotShape> dots, int64_t staticLimit) {
  int64_t perStage = 0;
  for (const DotShape &dot : dots) {
    if (!dot.inLoop)
      return false;
    perStage += dot.operandBytes;
  }
  return 2 * perStage <= staticLimit;
}
} // namespace

static std::string elementName(Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  return name;
}

static std::optional<DotShape> getDotShape(nv_tileaa::DotOp dot) {
  if (dot.getSfa() || dot.getSfb())
    return std::nullopt; // block-scaled: tensor memory or its own layouts
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  auto c = cast<RankedTensorType>(dot.getC().getType());
  if (!a.hasStaticShape() || !b.hasStaticShape() || !c.hasStaticShape() ||
      c.getRank() < 2)
    return std::nullopt;
  int64_t rank = c.getRank();
  DotShape shape;
  shape.op = dot;
  shape.m = c.getDimSize(rank - 2);
  shape.n = c.getDimSize(rank - 1);
  shape.k = a.getDimSize(rank - 1);
  for (int64_t d = 0; d + 2 < rank; ++d)
    shape.m *= c.getDimSize(d); // a batch walks registers like more rows
  shape.aBits = nv_tileas::getRegisterBits(a.getElementType());
  shape.bBits = nv_tileas::getRegisterBits(b.getElementType());
  bool f16Acc = dot->hasAttr(kF16AccumulatorAttr) &&
                tl::mmaSyncHasF16Accumulator(elementName(a.getElementType()),
                                             elementName(b.getElementType()));
  shape.accBits = f16Acc ? 16 : nv_tileas::getRegisterBits(c.getElementType());
  shape.wgmmaTypes =
      !f16Acc && rank == 2 &&
      tl::getWgmmaShape(elementName(a.getElementType()),
                        elementName(b.getElementType()),
                        elementName(c.getElementType()))
          .has_value();
  shape.threeTf32 = a.getElementType().isF32();
  shape.inLoop = dot->getParentOfType<scf::ForOp>() != nullptr;
  shape.operandBytes =
      (a.getNumElements() * shape.aBits + b.getNumElements() * shape.bBits) /
      8;
  if (!shape.aBits || !shape.bBits || !shape.accBits || shape.m <= 0 ||
      shape.n <= 0 || shape.k <= 0)
    return std::nullopt;
  return shape;
}

/// 32-bit registers of `elements` elements of `bits` spread over `threads`.
static int64_t registers(int64_t elements, unsigned bits, int64_t threads) {
  return llvm::divideCeil(elements * bits, 32 * threads);
}

/// What an estimate counts live. WholeK: the estimate fitted to ptxas on the
/// GEMM sweep, every operand fragment of the dot's K slice next to the
/// loaded tiles and every dot's accumulator. KSteps, for operands that pass
/// through registers (no ring): what the lowering keeps live at once, the
/// fragments of a few instruction K steps (the fragment loads sit next to
/// their MMAs, sinkFragmentLoads, with buffers of their own; a ring's loads
/// stay before the next stage's copies), the loaded tiles or the fragments
/// (the tiles go to shared memory first), the accumulators of one version
/// of an alignment-versioned loop.
enum class FragmentSpan { WholeK, KSteps };
/// Instruction K steps of fragments live by KSteps: the MMAs' own and what
/// ptxas loads ahead of them (fitted on the GEMM sweep).
static constexpr int64_t kLiveKSteps = 3;

static std::optional<DotCost> getDotCost(const DotShape &dot, unsigned warps,
                                         bool wgmmaTarget,
                                         FragmentSpan span = FragmentSpan::WholeK) {
  // wgmma (sm_90a): warps along M in whole warpgroups, B read from shared
  // memory through its descriptor.
  if (wgmmaTarget && dot.wgmmaTypes &&
      tl::fitsWgmma(warps, {dot.m, dot.n}, dot.k, tl::WgmmaShape{64, 16, 256})) {
    // One m64nNk16 holds N / 2 accumulators of a thread plus its A words and
    // descriptors at once: ptxas refuses the kernel when they pass the limit
    // (256 columns on 16 warps), and the dot would take wgmma on this count.
    if (dot.n / 2 + 16 > int64_t(::tilecc::getRegisterLimit(32 * warps)))
      return std::nullopt;
    return DotCost{registers(dot.m * dot.n, std::max(dot.accBits, 32u),
                             32 * warps),
                   registers(dot.m * dot.k, dot.aBits, 32 * warps), true};
  }
  std::optional<tl::MmaSyncShape> instr = tl::getMmaSyncShape(dot.aBits);
  if (!instr)
    return std::nullopt;
  SmallVector<unsigned, 2> split =
      tl::chooseMmaSyncWarps(warps, dot.m, dot.n, instr->m);
  int64_t wm = split[0], wn = split[1];
  // More warps than instruction tiles: the extra warps only hold copies.
  if (dot.m % (instr->m * wm) != 0 || dot.n % (instr->n * wn) != 0)
    return std::nullopt;
  int64_t rows = dot.m / wm, cols = dot.n / wn;
  unsigned split32 = dot.threeTf32 ? 2 : 1;
  int64_t k = span == FragmentSpan::WholeK ? dot.k
                                           : std::min<int64_t>(
                                                 dot.k, kLiveKSteps * instr->k);
  // Every accumulator element takes a register of its own (f16 ones too:
  // the lowering packs them only around each instruction), f64 two.
  return DotCost{registers(rows * cols, std::max(dot.accBits, 32u), 32),
                 split32 * (registers(rows * k, dot.aBits, 32) +
                            registers(cols * k, dot.bBits, 32)),
                 false};
}

/// Whether `a` and `b` sit in different branches of one scf.if (the two
/// versions of an alignment-versioned loop): never live together.
static bool inExclusiveBranches(Operation *a, Operation *b) {
  for (Operation *parent = a->getParentOp(); parent;
       parent = parent->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    if (!ifOp || !ifOp->isProperAncestor(b))
      continue;
    Region *regionOfA = a->getParentRegion();
    while (regionOfA->getParentOp() != ifOp)
      regionOfA = regionOfA->getParentOp()->getParentRegion();
    return !regionOfA->isAncestor(b->getParentRegion());
  }
  return false;
}

/// Registers per thread of the kernel's dots on `warps` warps: every
/// accumulator (loop-carried ones are live together; counted by K steps,
/// those in the other branch of an scf.if are not) plus the largest set of
/// operand fragments plus addresses; nullopt when a dot does not split.
static std::optional<int64_t>
estimateRegisters(ArrayRef<DotShape> dots, unsigned warps, bool wgmmaTarget,
                  int64_t staticLimit,
                  FragmentSpan span = FragmentSpan::WholeK) {
  int64_t accumulators = 0, operands = 0;
  bool staged = operandsStaged(dots, staticLimit);
  if (staged)
    span = FragmentSpan::WholeK;
  SmallVector<int64_t> accumulatorOf;
  for (const DotShape &dot : dots) {
    std::optional<DotCost> cost = getDotCost(dot, warps, wgmmaTarget, span);
    if (!cost)
      return std::nullopt;
    accumulatorOf.push_back(cost->accumulator);
    // Unstaged operands arrive as loaded tiles spread over the CTA; counted
    // by K steps, they are stored to shared memory before the fragments of
    // the first step are loaded.
    int64_t loaded = staged ? 0
                            : llvm::divideCeil(dot.operandBytes * 8,
                                               32 * 32 * int64_t(warps));
    operands = std::max(operands, span == FragmentSpan::WholeK
                                      ? cost->operands + loaded
                                      : std::max(cost->operands, loaded));
  }
  for (auto [i, dot] : llvm::enumerate(dots)) {
    int64_t together = 0;
    for (auto [j, other] : llvm::enumerate(dots))
      if (span == FragmentSpan::WholeK ||
          !inExclusiveBranches(dot.op, other.op))
        together += accumulatorOf[j];
    accumulators = std::max(accumulators, together);
  }
  return (kAccumulatorQuarters * accumulators + kFragmentQuarters * operands) /
             4 +
         kAddressRegisters;
}

static bool runsOnWgmma(ArrayRef<DotShape> dots, unsigned warps,
                        bool wgmmaTarget) {
  return wgmmaTarget && !dots.empty() && llvm::all_of(dots, [&](auto &dot) {
           std::optional<DotCost> cost = getDotCost(dot, warps, wgmmaTarget);
           return cost && cost->wgmma;
         });
}

/// The default: 4 warps, halved while the kernel's largest tile leaves whole
/// warps with only copies of other warps' elements (they would repeat every
/// load and shared-memory step).
static unsigned getSmallTileWarps(Operation *func) {
  int64_t largest = 1;
  func->walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (auto tile = dyn_cast<RankedTensorType>(type))
        if (tile.hasStaticShape())
          largest = std::max(largest, tile.getNumElements());
  });
  unsigned warps = kDefaultNumWarps;
  while (warps > 1 && largest < int64_t(warps) * 32)
    warps /= 2;
  return warps;
}

/// Ring stages for the dot operands' loads: the deepest their `latency`
/// hints ask for (1 + ceil(latency / 2): 2 for light traffic, 6 for the
/// heaviest), else the default.
static unsigned getHintedStages(Operation *func) {
  std::optional<unsigned> stages;
  func->walk([&](nv_tileaa::DotOp dot) {
    for (Value operand : {dot.getA(), dot.getB()}) {
      // The load, through the casts and layout-free ops between it and the
      // dot (a conversion of the tile keeps its traffic).
      Operation *def = operand.getDefiningOp();
      while (def && !isa<nv_tileaa::TiledLoadOp, nv_tileaa::LoadOp>(def) &&
             def->getNumOperands() == 1 && def->getNumResults() == 1 &&
             isa<RankedTensorType>(def->getOperand(0).getType()))
        def = def->getOperand(0).getDefiningOp();
      if (!def)
        continue;
      if (auto latency = def->getAttrOfType<IntegerAttr>(kLatencyHintAttr)) {
        unsigned want = 1 + llvm::divideCeil(
                                std::clamp<int64_t>(latency.getInt(), 1, 10), 2);
        stages = std::max(stages.value_or(2), want);
      }
    }
  });
  return stages.value_or(kDefaultNumStages);
}

KernelResources
mlir::tilecc::chooseKernelResources(Operation *func,
                                    const ::tilecc::TargetInfo &target,
                                    bool wgmmaTarget,
                                    std::optional<unsigned> hintedWarps) {
  KernelResources result;
  result.numWarps = hintedWarps.value_or(getSmallTileWarps(func));
  SmallVector<DotShape> dots;
  func->walk([&](nv_tileaa::DotOp dot) {
    if (std::optional<DotShape> shape = getDotShape(dot))
      dots.push_back(*shape);
  });
  if (dots.empty())
    return result;
  // What the schedule may plan in static shared memory (KernelSpec records
  // it on the module before deciding); 48 KiB when nothing says.
  int64_t staticLimit = nv_tileas::getStaticSharedLimit(func).value_or(
      ::tilecc::kPortableStaticSharedBytes);

  FragmentSpan span = FragmentSpan::WholeK;
  if (!hintedWarps) {
    // The fewest warps from the default up that fit the register file;
    // whole warpgroups on wgmma first where some count allows them.
    unsigned maxWarps = ::tilecc::kMaxThreadsPerCTA / 32;
    std::optional<unsigned> fits, fitsWgmma, least;
    int64_t leastExcess = std::numeric_limits<int64_t>::max();
    int64_t leastThreadExcess = 0;
    for (unsigned warps = result.numWarps; warps <= maxWarps; warps *= 2) {
      std::optional<int64_t> estimate =
          estimateRegisters(dots, warps, wgmmaTarget, staticLimit);
      if (!estimate)
        continue;
      int64_t excess =
          *estimate - int64_t(::tilecc::getRegisterLimit(32 * warps));
      if (excess <= 0) {
        if (!fits)
          fits = warps;
        if (!fitsWgmma && runsOnWgmma(dots, warps, wgmmaTarget))
          fitsWgmma = warps;
      }
      // Least spilled registers per CTA (excess of each thread).
      if (excess * int64_t(warps) < leastExcess) {
        leastExcess = excess * int64_t(warps);
        least = warps;
        leastThreadExcess = excess;
      }
    }
    // The fitted estimate counts every fragment of the K slice live; when
    // no count fits that way, the fewest warps whose K steps' fragments
    // fit (the fragment loads sit next to their MMAs).
    std::optional<unsigned> fitsKSteps;
    if (!fits)
      for (unsigned warps = result.numWarps; warps <= maxWarps && !fitsKSteps;
           warps *= 2) {
        std::optional<int64_t> estimate = estimateRegisters(
            dots, warps, wgmmaTarget, staticLimit, FragmentSpan::KSteps);
        if (estimate &&
            *estimate <= int64_t(::tilecc::getRegisterLimit(32 * warps)))
          fitsKSteps = warps;
      }
    if (fitsWgmma)
      result.numWarps = *fitsWgmma;
    else if (fits)
      result.numWarps = *fits;
    else if (fitsKSteps) {
      result.numWarps = *fitsKSteps;
      span = FragmentSpan::KSteps;
    } else if (least) {
      result.numWarps = *least;
      result.overflow = leastThreadExcess;
    }
  }

  // The ring depth, and whether registers and shared memory allow a
  // second resident CTA.
  std::optional<int64_t> estimate =
      estimateRegisters(dots, result.numWarps, wgmmaTarget,
                        staticLimit, span);
  result.estimatedRegisters = estimate;
  unsigned threads = 32 * result.numWarps;
  bool secondCta =
      estimate && *estimate <= ::tilecc::getRegisterLimit(threads, 2) &&
      2 * threads <= target.maxThreadsPerSM;
  int64_t perStage = 0;
  for (const DotShape &dot : dots)
    if (dot.inLoop)
      perStage += dot.operandBytes;
  if (perStage == 0)
    return result;
  unsigned stages = getHintedStages(func);
  int64_t budget = staticLimit;
  if (secondCta)
    budget = std::min<int64_t>(budget, target.sharedMemoryPerSM / 2 -
                                           ::tilecc::kReservedSharedPerCTA);
  while (stages > 2 && int64_t(stages) * perStage > budget)
    --stages;
  result.numStages = stages;
  // ptxas keeps to RF / (CTAs x threads) registers; for fewer than 256
  // threads one CTA already may take the 255 a thread can address.
  if (secondCta && ::tilecc::getRegisterLimit(threads, 2) <
                       ::tilecc::getRegisterLimit(threads))
    result.occupancy = 2;
  return result;
}
