//===- WarpgroupPingPong.cpp - tileas-warpgroup-pingpong ------------------===//
//
// FlashAttention-3's ping-pong schedule (sm_90a): in a loop of two chained
// wgmma dots (the first dot's result reaches the second dot's A operand
// through the work between them: attention's S = Q K^T, the softmax, then
// P V) on a CTA of several warpgroups that each own their rows, the
// warpgroups take turns issuing the first dot. That dot is a turn
// (`nv_tileas.warpgroup_turn`): warpgroup g waits on named barrier
// `first + g` before its MMAs and arrives on `first + (g + 1) mod N` once
// they are issued (FA3's warp_scheduler_barrier_sync / _arrive around its
// Q K^T GEMM). Warpgroup g + 1 then multiplies while warpgroup g computes
// its softmax (exp2, row max and sum), and g + 1's softmax runs during g's
// P V: the warpgroups stay half an iteration apart instead of all issuing
// at once and then all waiting on the exp units together.
// `warpgroup_turns_begin` before the loop hands the first turn to
// warpgroup 0; `warpgroup_turns_end` after it takes the last one back.
//
// A named barrier never sees two arrivals of one warpgroup in a row: each
// warpgroup alternates waiting on its own barrier and arriving on the next
// one's. The turn's wait comes after whatever the dot's lowering stages
// through a CTA barrier (B from registers), so every CTA barrier of the
// loop lies between turns, and since every warp runs the same iterations
// (scalar bounds; returns sit only at a function's end), each warpgroup
// reaches every CTA barrier the others wait at.
//
// Loops that do not have this shape keep their code. The warps are the
// kernel's (a `num_worker_warps_per_cta` hint or the compiler's choice): a
// single warpgroup has nobody to take turns with.
//
//===----------------------------------------------------------------------===//
#include "Schedule/Passes.h"

#include "Layout/DistributedLayouts.h"
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASWarpgroupOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::nv_tileas {
#define GEN_PASS_DEF_TILEASWARPGROUPPINGPONG
#include "Schedule/Passes.h.inc"
} // namespace mlir::nv_tileas

using namespace mlir;
using namespace mlir::nv_tileas;
namespace tl = ::tilecc::layout;

namespace {

/// Named barrier 0 is the CTA's and 1 the consumer warps' of a
/// warp-specialized kernel (WarpRoles.cpp); turns take the next ones.
constexpr int32_t kFirstTurnBarrier = 2;
constexpr int32_t kWarpsPerWarpgroup = 4;

/// Warpgroups among which the accumulator of `dot` is split by rows, each
/// warp holding rows of its own (no copies across warps); 0 otherwise.
int64_t getRowWarpgroups(DotOp dot) {
  auto type = cast<RankedTensorType>(dot.getC().getType());
  LinearEncodingAttr enc = LinearEncodingAttr::of(type);
  if (!enc || type.getRank() != 2)
    return 0;
  const tl::LinearLayout &layout = enc.getLayout();
  int32_t warps = layout.getInDimSize(tl::kWarp);
  if (warps % kWarpsPerWarpgroup)
    return 0;
  for (unsigned bit = 0; bit < layout.getInDimSizeLog2(tl::kWarp); ++bit)
    if (layout.getBasis(tl::kWarp, bit, "dim0") == 0 ||
        layout.getBasis(tl::kWarp, bit, "dim1") != 0)
      return 0;
  return warps / kWarpsPerWarpgroup;
}

/// Whether `second`'s A operand is computed from `first`'s result within
/// one iteration of `loop` (through any ops of the body, the branches of an
/// scf.if included, but not through the loop's carried values).
bool isChained(scf::ForOp loop, DotOp first, DotOp second) {
  SmallVector<Value> worklist{first.getResult()};
  llvm::SmallPtrSet<Value, 16> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user == second.getOperation())
        if (use.getOperandNumber() == 0)
          return true;
      if (user == loop.getBody()->getTerminator() ||
          !loop->isProperAncestor(user))
        continue;
      if (user->hasTrait<OpTrait::IsTerminator>()) {
        if (Operation *parent = user->getParentOp();
            parent != loop.getOperation())
          llvm::append_range(worklist, parent->getResults());
        continue;
      }
      llvm::append_range(worklist, user->getResults());
    }
  }
  return false;
}

/// The warpgroups that take turns in `loop`, or 0 when the loop does not
/// qualify: exactly two dots in the body, both wgmma, directly in the body
/// (run once an iteration), the first's result feeding the second's A, and
/// accumulators split by rows over the same two or more warpgroups.
int64_t getTurnTakers(scf::ForOp loop, DotOp &first, DotOp &second) {
  SmallVector<DotOp> dots;
  loop.getBody()->walk([&](DotOp dot) { dots.push_back(dot); });
  if (dots.size() != 2)
    return 0;
  for (DotOp dot : dots)
    if (dot->getBlock() != loop.getBody() ||
        dot.getAtom().getFamily() != MmaFamily::wgmma)
      return 0;
  first = dots[0];
  second = dots[1];
  if (!isChained(loop, first, second))
    return 0;
  int64_t warpgroups = getRowWarpgroups(first);
  if (warpgroups < 2 || getRowWarpgroups(second) != warpgroups ||
      kFirstTurnBarrier + warpgroups > 16)
    return 0;
  return warpgroups;
}

struct WarpgroupPingPongPass
    : public mlir::nv_tileas::impl::TileASWarpgroupPingPongBase<
          WarpgroupPingPongPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      DotOp first, second;
      int64_t warpgroups = getTurnTakers(loop, first, second);
      if (!warpgroups)
        continue;
      OpBuilder b(loop);
      auto turn = b.getDenseI32ArrayAttr(
          {kFirstTurnBarrier, static_cast<int32_t>(warpgroups)});
      first->setAttr(kWarpgroupTurnAttrName, turn);
      WarpgroupTurnsBeginOp::create(b, loop.getLoc(), kFirstTurnBarrier,
                                    warpgroups);
      b.setInsertionPointAfter(loop);
      WarpgroupTurnsEndOp::create(b, loop.getLoc(), kFirstTurnBarrier,
                                  warpgroups);
    }
  }
};

} // namespace
