//===- AssignLayouts.cpp - tileas-assign-layouts --------------------------===//
//
// Values that must share one layout (operands and results of elementwise ops,
// scf iteration values and their yields) form a class. Global accesses
// propose layouts for their class; the class takes the widest proposal, and
// an access whose own proposal lost keeps it behind a convert_layout.
// A dot requires its layouts: the accumulator class takes the mma.sync
// accumulator layout whatever the accesses propose, and A and B are
// converted into the mma.sync operand layouts in front of the dot. Chained
// dots (one's accumulator class holds another's A) stack their warps along
// M, so that the accumulator already is the next dot's A fragment.
//
//===----------------------------------------------------------------------===//
#include "Schedule/Passes.h"

#include "Schedule/BlockedLayouts.h"
#include "Target/TargetInfo.h"
#include "TileAA/IR/TileAADialect.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/FmaLayouts.h"
#include "Layout/InstructionTable.h"
#include "Layout/MmaLayouts.h"
#include "Layout/Tcgen05Mma.h"
#include "Layout/WgmmaLayouts.h"
#include "Layout/Vectorization.h"
#include "TileAS/IR/TileASModuleAttrs.h"
#include "TileAS/IR/RegisterBits.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::nv_tileas {
#define GEN_PASS_DEF_TILEASASSIGNLAYOUTS
#include "Schedule/Passes.h.inc"
} // namespace mlir::nv_tileas

using namespace mlir;
using namespace mlir::nv_tileas;
using tilecc::layout::LinearLayout;

static RankedTensorType unencodedTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && !tensor.getEncoding() ? tensor : RankedTensorType();
}

/// Ops whose tensor operands and results correspond element by element.
static bool isElementwiseLike(Operation *op) {
  if (op->hasTrait<OpTrait::Elementwise>() ||
      isa<tensor::SplatOp, arith::SelectOp>(op))
    return true;
  // Pointer arithmetic and pointer accesses work element by element too.
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
      !isa<AddPtrOp, IntToPtrOp, PtrToIntOp, LoadOp, StoreOp, AtomicRMWOp,
           AtomicCASOp>(op))
    return false;
  std::optional<ArrayRef<int64_t>> shape;
  for (Type type : llvm::concat<Type>(op->getOperandTypes(),
                                      op->getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    if (shape && *shape != tensor.getShape())
      return false;
    shape = tensor.getShape();
  }
  return true;
}

namespace {
/// One access's preferred layout.
struct Proposal {
  LinearLayout layout;
  int32_t vectorElements = 1;
  bool required = false; // wins over every access proposal
};

class LayoutAssigner {
public:
  LayoutAssigner(unsigned numWarps) : numWarps(numWarps) {}

  /// Returns failure (with a diagnostic) when a dot has no layouts.
  LogicalResult run(FunctionOpInterface func) {
    if (!func.getFunctionBody().empty())
      for (BlockArgument arg : func.getFunctionBody().getArguments())
        add(arg);
    func.getFunctionBody().walk([&](Operation *op) { tie(op); });
    findChainedDots(func);
    func.getFunctionBody().walk([&](Operation *op) { propose(op); });
    if (failed)
      return failure();
    chooseLayouts();
    func.getFunctionBody().walk([&](ReduceOp op) { followReduce(op); });
    func.getFunctionBody().walk([&](Operation *op) {
      if (auto broadcast = dyn_cast<BroadcastOp>(op))
        followBroadcast(broadcast);
      else if (auto permute = dyn_cast<PermuteOp>(op))
        followPermute(permute);
    });
    func.getFunctionBody().walk([&](Block *block) {
      for (BlockArgument arg : block->getArguments())
        encode(arg);
    });
    // Tile arguments of device functions are encoded in the signature too.
    if (!func.getFunctionBody().empty()) {
      SmallVector<Type> inputs(
          func.getFunctionBody().front().getArgumentTypes());
      func.setType(FunctionType::get(func->getContext(), inputs,
                                     func.getResultTypes()));
    }
    func.getFunctionBody().walk([&](Operation *op) {
      for (Value result : op->getResults())
        encode(result);
    });
    func.getFunctionBody().walk([&](PermuteOp op) { fixPermute(op); });
    func.getFunctionBody().walk([&](ViewOp op) { fixView(op); });
    func.getFunctionBody().walk([&](Operation *op) { fixAccess(op); });
    for (auto &[result, layout] : reduceResults)
      fixReduceResult(result, layout);
    for (auto &[op, layouts] : dots)
      fixDot(op, layouts);
    for (DotOp op : fmaDots)
      fixFmaDot(op);
    for (auto &[op, layouts] : scaledDots)
      fixScaledDot(op, layouts);
    return success();
  }

private:
  void add(Value v) {
    if (unencodedTensor(v.getType()))
      classes.insert(v);
  }
  void unite(Value a, Value b) {
    if (!unencodedTensor(a.getType()) || !unencodedTensor(b.getType()))
      return;
    classes.unionSets(a, b);
  }
  void uniteAll(ValueRange values) {
    for (Value v : values)
      add(v);
    for (size_t i = 1; i < values.size(); ++i)
      unite(values[0], values[i]);
  }

  void tie(Operation *op) {
    for (Value result : op->getResults())
      add(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          add(arg);
    if (isElementwiseLike(op)) {
      SmallVector<Value> values(op->getOperands());
      llvm::append_range(values, op->getResults());
      uniteAll(values);
    } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      for (unsigned i = 0, e = forOp.getNumResults(); i < e; ++i)
        uniteAll({forOp.getInitArgs()[i], forOp.getRegionIterArgs()[i],
                  yield.getOperand(i), forOp.getResult(i)});
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i) {
        SmallVector<Value> values{ifOp.getResult(i)};
        values.push_back(ifOp.thenYield().getOperand(i));
        if (!ifOp.getElseRegion().empty())
          values.push_back(ifOp.elseYield().getOperand(i));
        uniteAll(values);
      }
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      for (unsigned i = 0, e = whileOp.getInits().size(); i < e; ++i)
        uniteAll({whileOp.getInits()[i], whileOp.getBeforeArguments()[i],
                  whileOp.getYieldOp().getOperand(i)});
      for (unsigned i = 0, e = whileOp.getNumResults(); i < e; ++i)
        uniteAll({whileOp.getConditionOp().getArgs()[i],
                  whileOp.getAfterArguments()[i], whileOp.getResult(i)});
    } else if (auto rmw = dyn_cast<TiledAtomicRMWOp>(op)) {
      // Old values come back in the layout the new ones went out in.
      SmallVector<Value> values{rmw.getValue(), rmw.getResult()};
      if (rmw.getMask())
        values.push_back(rmw.getMask());
      uniteAll(values);
    } else if (auto load = dyn_cast<TiledLoadOp>(op)) {
      // The padding tile and the mask are read element by element.
      SmallVector<Value> values{load.getResult()};
      if (load.getOther())
        values.push_back(load.getOther());
      if (load.getMask())
        values.push_back(load.getMask());
      uniteAll(values);
    } else if (auto scan = dyn_cast<ScanOp>(op)) {
      // A scan works in place: its results keep the inputs' layout.
      SmallVector<Value> values(scan.getInputs());
      llvm::append_range(values, scan.getResults());
      uniteAll(values);
    } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
      // The operands of a reduce are combined register by register.
      uniteAll(reduce.getInputs());
    } else if (auto store = dyn_cast<TiledStoreOp>(op)) {
      if (store.getMask())
        uniteAll({store.getValue(), store.getMask()});
    } else if (auto dot = dyn_cast<DotOp>(op)) {
      // The accumulator stays in its registers from C to the result.
      uniteAll({dot.getC(), dot.getResult()});
    } else if (auto mma = dyn_cast<BlockScaledMmaOp>(op)) {
      if (isMmaSyncBlockScaled(mma))
        uniteAll({mma.getC(), mma.getResult()});
    }
  }

  /// Dots whose accumulator class holds the A operand of a dot (after
  /// elementwise ops such as the f32 -> f16 truncation: S = Q K^T, then
  /// P(S) x V), and those dots. Both take warps [numWarps, 1] where M
  /// allows (proposeDot): the accumulator fragment then is the A fragment
  /// of the next dot for 16-bit operands (no conversion at all; other
  /// widths convert inside each warp), and reductions along its rows stay
  /// inside warps (shuffles, no shared memory).
  void findChainedDots(FunctionOpInterface func) {
    llvm::DenseMap<Value, SmallVector<DotOp, 1>> producers;
    SmallVector<DotOp> all;
    func.getFunctionBody().walk([&](DotOp dot) {
      all.push_back(dot);
      if (classes.contains(dot.getResult()))
        producers[classes.getLeaderValue(dot.getResult())].push_back(dot);
    });
    for (DotOp dot : all) {
      if (!classes.contains(dot.getA()))
        continue;
      auto it = producers.find(classes.getLeaderValue(dot.getA()));
      if (it == producers.end())
        continue;
      chainedDots.insert(dot);
      for (DotOp producer : it->second)
        chainedDots.insert(producer);
    }
  }

  Proposal proposalFor(RankedTensorType type, CopyAtomAttrInterface atom) {
    unsigned bits = type.getElementType().getIntOrFloatBitWidth();
    unsigned vec = getAtomVectorElements(atom.getAccessBits(), bits);
    Proposal p;
    p.layout = chooseBlockedLayout(type.getShape(), vec, numWarps);
    p.vectorElements =
        tilecc::layout::getContiguousRegisterElements(p.layout);
    return p;
  }

  void propose(Operation *op) {
    if (auto load = dyn_cast<TiledLoadOp>(op)) {
      auto type = unencodedTensor(load.getResult().getType());
      if (!type)
        return;
      Proposal p = proposalFor(type, load.getAtom());
      own[op] = p;
      offer(load.getResult(), p);
    } else if (auto store = dyn_cast<TiledStoreOp>(op)) {
      auto type = unencodedTensor(store.getValue().getType());
      if (!type)
        return;
      Proposal p = proposalFor(type, store.getAtom());
      own[op] = p;
      offer(store.getValue(), p);
    } else if (auto dot = dyn_cast<DotOp>(op)) {
      proposeDot(dot);
    } else if (auto mma = dyn_cast<BlockScaledMmaOp>(op)) {
      if (isMmaSyncBlockScaled(mma))
        proposeScaledDot(mma);
    }
  }

  /// Dots take the fragment layouts of lib/Layout: wgmma's warpgroup
  /// layouts for wgmma atoms, mma.sync's for the others.
  void proposeDot(DotOp dot) {
    auto acc = unencodedTensor(dot.getResult().getType());
    auto a = unencodedTensor(dot.getA().getType());
    if (!acc || !a || !unencodedTensor(dot.getB().getType()))
      return;
    unsigned bits = nv_tileas::getRegisterBits(a.getElementType());
    MmaAtomAttr atom = dot.getAtom();
    // A scalar FMA dot takes any accumulator layout (its operands follow it,
    // fixFmaDot): it only proposes a blocked one, with up to four elements
    // a thread along N, should nothing else constrain the class.
    if (atom.getFamily() == MmaFamily::fma) {
      offer(dot.getResult(),
            {chooseBlockedLayout(acc.getShape(), 4, numWarps), 1});
      fmaDots.push_back(dot);
      return;
    }
    // The same element types on mma.sync, the fallback of the arch-specific
    // families.
    auto onMmaSync = [&] {
      std::optional<tilecc::layout::MmaInstrShape> s =
          tilecc::layout::getMmaInstrShape(tilecc::layout::MmaFamily::MmaSync,
                                           bits, acc.getShape().back());
      if (s)
        dot.setAtomAttr(atom.withFamily(MmaFamily::mma_sync, s->m, s->n, s->k));
    };
    bool wgmma = atom.getFamily() == MmaFamily::wgmma;
    // The atom was chosen for the kernel's warps; with another count the
    // tile may not split into warpgroups: mma.sync runs it then.
    if (wgmma) {
      std::optional<tilecc::layout::WgmmaShape> instr =
          tilecc::layout::getWgmmaShape(atom.getAName(), atom.getBName(),
                                        atom.getCName());
      if (!instr || !tilecc::layout::fitsWgmma(numWarps, acc.getShape(),
                                               a.getShape().back(), *instr)) {
        onMmaSync();
        wgmma = false;
      }
    }
    // Likewise for tcgen05 (its operands and result keep mma.sync's
    // register layouts: the lowering stages them through shared memory).
    if (atom.getFamily() == MmaFamily::tcgen05) {
      std::optional<tilecc::layout::Tcgen05Shape> tc =
          tilecc::layout::getTcgen05Shape(atom.getAName(), atom.getBName(),
                                          atom.getCName());
      // The per-dot lowering stages the result (padded to 64 rows) through
      // shared memory as f32 words: a tile whose staging passes the static
      // shared memory keeps mma.sync. Chained dots (attention) take tcgen05
      // too: the lowering stages the previous dot's accumulator, in
      // registers in mma.sync's A fragment layout, into shared memory.
      int64_t rank = acc.getRank();
      int64_t staging =
          acc.getNumElements() / acc.getDimSize(rank - 2) *
          tilecc::layout::getTcgen05PaddedM(acc.getDimSize(rank - 2)) * 4;
      int64_t limit = nv_tileas::getStaticSharedLimit(dot).value_or(
          ::tilecc::kPortableStaticSharedBytes);
      if (!tc || staging >= limit ||
          !tilecc::layout::fitsTcgen05(numWarps, acc.getShape(),
                                       a.getShape().back(), *tc))
        onMmaSync();
    }
    // Chained dots stack their warps along M (see findChainedDots); wgmma
    // always does.
    SmallVector<unsigned, 2> warps;
    std::optional<tilecc::layout::MmaSyncShape> mma =
        tilecc::layout::getMmaSyncShape(bits);
    if (!wgmma && mma && chainedDots.contains(dot.getOperation()) &&
        tilecc::layout::fitsRowWarps(numWarps,
                                     acc.getShape()[acc.getRank() - 2], mma->m))
      warps = {numWarps, 1};
    llvm::Expected<tilecc::layout::MmaSyncDotLayouts> layouts =
        wgmma ? wgmmaLayouts(dot, bits, acc, a)
              : tilecc::layout::mmaSyncDotLayouts(
                    numWarps, bits, acc.getShape(), a.getShape().back(), warps);
    if (!layouts) {
      dot.emitError() << "fails to assign mma layouts: "
                      << llvm::toString(layouts.takeError());
      failed = true;
      return;
    }
    Proposal p{layouts->acc, 1, /*required=*/true};
    offer(dot.getResult(), p);
    dots.insert({dot, *layouts});
  }

  /// A wgmma dot (sm_90a): the accumulator and A in the warpgroup
  /// fragments of lib/Layout (warps along M), B in the blocked layout of
  /// 128-bit copies, the one a cp.async ring copies in (the lowering stores
  /// it into the descriptor's shared layout when it was not staged).
  llvm::Expected<tilecc::layout::MmaSyncDotLayouts>
  wgmmaLayouts(DotOp dot, unsigned bits, RankedTensorType acc,
               RankedTensorType a) {
    llvm::Expected<tilecc::layout::WgmmaDotLayouts> wg =
        tilecc::layout::wgmmaDotLayouts(numWarps, bits, acc.getShape(),
                                        a.getShape().back());
    if (!wg)
      return wg.takeError();
    tilecc::layout::MmaSyncDotLayouts result;
    result.warpsPerCTA = {numWarps, 1};
    result.acc = std::move(wg->acc);
    result.a = std::move(wg->a);
    auto b = cast<RankedTensorType>(dot.getB().getType());
    result.b = chooseBlockedLayout(b.getShape(), 128 / bits, numWarps);
    return result;
  }

  /// An FMA dot's A and B are converted to the layouts that give every
  /// thread the rows and columns of the accumulator elements it holds.
  void fixFmaDot(DotOp dot) {
    auto acc = cast<RankedTensorType>(dot.getResult().getType());
    if (!LinearEncodingAttr::of(acc))
      return;
    const LinearLayout &accLayout = LinearEncodingAttr::of(acc).getLayout();
    int32_t k = cast<RankedTensorType>(dot.getA().getType()).getShape().back();
    // C shares the result's class, so it is in the accumulator layout.
    retypeOperand(dot.getAMutable(),
                  tilecc::layout::fmaDotOperand(tilecc::layout::MmaOperand::A,
                                                accLayout, k));
    retypeOperand(dot.getBMutable(),
                  tilecc::layout::fmaDotOperand(tilecc::layout::MmaOperand::B,
                                                accLayout, k));
  }

  /// A and B are converted into their fragment layouts; an accumulator whose
  /// class ended up elsewhere (another required layout) is converted in and
  /// out.
  void fixDot(DotOp dot, const tilecc::layout::MmaSyncDotLayouts &layouts) {
    retypeOperand(dot.getAMutable(), layouts.a);
    retypeOperand(dot.getBMutable(), layouts.b);
    fixAccumulator(dot, dot.getCMutable(), layouts.acc);
  }

  /// `operand` converted to `layout` before its user.
  void retypeOperand(OpOperand &operand, const LinearLayout &layout) {
    auto type = cast<RankedTensorType>(operand.get().getType());
    operand.set(castTo(operand.get(),
                       encoded(RankedTensorType::get(type.getShape(),
                                                     type.getElementType()),
                               layout),
                       operand.getOwner()));
  }

  /// Where the class of `mma`'s result is not in `acc`, the accumulator
  /// operand `c` and the result take `acc` and a conversion after `mma`
  /// gives the class its layout back.
  void fixAccumulator(Operation *mma, OpOperand &c, const LinearLayout &acc) {
    Value result = mma->getResult(0);
    auto classType = cast<RankedTensorType>(result.getType());
    if (LinearEncodingAttr::of(classType).getLayout() == acc)
      return;
    retypeOperand(c, acc);
    result.setType(encoded(classType, acc));
    OpBuilder b(mma->getContext());
    b.setInsertionPointAfter(mma);
    auto convert =
        ConvertLayoutOp::create(b, mma->getLoc(), classType, result);
    result.replaceAllUsesExcept(convert, convert);
  }

  /// Block-scaled mma.sync (sm_120a-class targets): the mma_sync_block_scaled atoms.
  /// The tcgen05_block_scaled ones are not lowered through registers.
  static bool isMmaSyncBlockScaled(BlockScaledMmaOp op) {
    return op.getAtom().getFamily() == MmaFamily::mma_sync_block_scaled;
  }

  /// Like a dot, plus the scale fragments of lib/Layout for scale_a/b.
  void proposeScaledDot(BlockScaledMmaOp mma) {
    auto acc = unencodedTensor(mma.getResult().getType());
    auto a = unencodedTensor(mma.getA().getType());
    auto scaleA = unencodedTensor(mma.getScaleA().getType());
    if (!acc || !a || !scaleA || !unencodedTensor(mma.getB().getType()) ||
        !unencodedTensor(mma.getScaleB().getType()))
      return;
    auto layouts = tilecc::layout::blockScaledMmaSyncLayouts(
        numWarps, a.getElementType().getIntOrFloatBitWidth(), acc.getShape(),
        a.getShape().back(), scaleA.getShape().back());
    if (!layouts) {
      mma.emitError() << "fails to assign mma layouts: "
                      << llvm::toString(layouts.takeError());
      failed = true;
      return;
    }
    offer(mma.getResult(), {layouts->dot.acc, 1, /*required=*/true});
    scaledDots.insert({mma, *layouts});
  }

  /// A, B and the scales are converted into their fragment layouts, the
  /// accumulator as for a dot.
  void fixScaledDot(BlockScaledMmaOp mma,
                    const tilecc::layout::BlockScaledMmaSyncLayouts &layouts) {
    retypeOperand(mma.getAMutable(), layouts.dot.a);
    retypeOperand(mma.getBMutable(), layouts.dot.b);
    retypeOperand(mma.getScaleAMutable(), layouts.scaleA);
    retypeOperand(mma.getScaleBMutable(), layouts.scaleB);
    fixAccumulator(mma, mma.getCMutable(), layouts.dot.acc);
  }

  void offer(Value v, const Proposal &p) {
    add(v); // e.g. a function argument
    Value leader = classes.getLeaderValue(v);
    anchored.insert(leader);
    auto it = chosen.find(leader);
    if (it == chosen.end() ||
        (!it->second.required &&
         (p.required || it->second.vectorElements < p.vectorElements)))
      chosen[leader] = p;
  }

  void chooseLayouts() {
    for (auto it = classes.begin(); it != classes.end(); ++it) {
      if (!(*it)->isLeader())
        continue;
      Value leader = (*it)->getData();
      if (chosen.count(leader))
        continue;
      // No access constrains the class: plain one-element-per-thread blocks.
      auto type = cast<RankedTensorType>(leader.getType());
      chosen[leader] = {chooseBlockedLayout(type.getShape(), 1, numWarps), 1};
    }
  }

  /// A broadcast source no access constrains takes the result's layout with
  /// the broadcast dimensions projected away, so that every result element
  /// lives on the thread that holds its source (no data movement).
  void followBroadcast(BroadcastOp op) {
    Value src = op.getSource(), result = op.getResult();
    if (!classes.contains(src) || !classes.contains(result))
      return;
    Value leader = classes.getLeaderValue(src);
    if (anchored.contains(leader))
      return;
    LinearLayout layout = chosen[classes.getLeaderValue(result)].layout;
    auto srcType = cast<RankedTensorType>(src.getType());
    for (auto [d, size] : llvm::enumerate(srcType.getShape()))
      if (size == 1)
        layout = layout.resizeOutDim(tilecc::layout::dimName(d), 1);
    layout = layout.removeZeroBases(tilecc::layout::kRegister);
    chosen[leader] = {layout,
                      tilecc::layout::getContiguousRegisterElements(layout)};
  }

  /// A permute result no access constrains takes the source's layout with
  /// its output dimensions relabeled: a permute is then a mere renaming of
  /// the registers (no data movement).
  void followPermute(PermuteOp op) {
    Value src = op.getSource(), result = op.getResult();
    if (!classes.contains(src) || !classes.contains(result))
      return;
    Value leader = classes.getLeaderValue(result);
    Value srcLeader = classes.getLeaderValue(src);
    if (leader == srcLeader || anchored.contains(leader))
      return;
    LinearLayout layout = tilecc::layout::permuteLayout(
        chosen[srcLeader].layout, op.getPermutation());
    chosen[leader] = {layout,
                      tilecc::layout::getContiguousRegisterElements(layout)};
  }

  /// A permute always yields the permuted layout of its source; when its
  /// class chose another one, a convert_layout after it moves the data.
  void fixPermute(PermuteOp op) {
    auto srcType = dyn_cast<RankedTensorType>(op.getSource().getType());
    auto classType = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!srcType || !classType || !LinearEncodingAttr::of(srcType) ||
        !LinearEncodingAttr::of(classType))
      return;
    LinearLayout layout = tilecc::layout::permuteLayout(
        LinearEncodingAttr::of(srcType).getLayout(), op.getPermutation());
    if (LinearEncodingAttr::of(classType).getLayout() == layout)
      return;
    op.getResult().setType(encoded(
        RankedTensorType::get(classType.getShape(),
                              classType.getElementType()),
        layout));
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    auto convert =
        ConvertLayoutOp::create(b, op->getLoc(), classType, op.getResult());
    op.getResult().replaceAllUsesExcept(convert, convert);
  }

  /// Whether `a` and `b` (same dims) put every element on the same thread:
  /// equal lane and warp images, register images equal up to order.
  static bool sameThreads(const LinearLayout &a, const LinearLayout &b) {
    auto images = [](const LinearLayout &l, StringRef in) {
      SmallVector<SmallVector<int32_t>> out;
      for (unsigned bit = 0, e = l.getInDimSizeLog2(in); bit < e; ++bit) {
        SmallVector<int32_t> image;
        for (const auto &dim : l.getOutDims())
          image.push_back(l.getBasis(in, bit, dim.name));
        out.push_back(image);
      }
      return out;
    };
    using tilecc::layout::kLane, tilecc::layout::kRegister,
        tilecc::layout::kWarp;
    if (images(a, kLane) != images(b, kLane) ||
        images(a, kWarp) != images(b, kWarp))
      return false;
    auto ra = images(a, kRegister), rb = images(b, kRegister);
    llvm::sort(ra);
    llvm::sort(rb);
    return ra == rb;
  }

  /// A view only renames coordinates: each element must stay on its thread,
  /// so the source must be in the result layout read in the source shape
  /// (registers may be reordered). Otherwise the source is converted first.
  void fixView(ViewOp op) {
    auto srcType = dyn_cast<RankedTensorType>(op.getSource().getType());
    auto dstType = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!srcType || !dstType || !LinearEncodingAttr::of(srcType) ||
        !LinearEncodingAttr::of(dstType))
      return;
    LinearLayout src = LinearEncodingAttr::of(srcType).getLayout();
    LinearLayout wanted = LinearEncodingAttr::of(dstType).getLayout().reshapeOuts(
        llvm::to_vector(src.getOutDims()));
    if (sameThreads(src, wanted))
      return;
    retypeOperand(op.getSourceMutable(), wanted);
  }

  /// A reduce result holds the slice of its input's layout along the reduced
  /// dimension (the lowering leaves the reduction in every thread that holds
  /// an element of it). A result class no access constrains takes that
  /// layout; otherwise the result is converted to the class layout.
  void followReduce(ReduceOp op) {
    for (auto [input, result] : llvm::zip(op.getInputs(), op.getResults())) {
      if (!classes.contains(input) || !classes.contains(result))
        continue;
      LinearLayout slice = tilecc::layout::sliceLayout(
          chosen[classes.getLeaderValue(input)].layout, op.getAxis());
      Value leader = classes.getLeaderValue(result);
      if (!anchored.contains(leader))
        chosen[leader] = {slice,
                          tilecc::layout::getContiguousRegisterElements(slice)};
      reduceResults.push_back({result, slice});
    }
  }

  void fixReduceResult(Value result, const LinearLayout &slice) {
    auto classType = cast<RankedTensorType>(result.getType());
    if (LinearEncodingAttr::of(classType).getLayout() == slice)
      return;
    result.setType(encoded(classType, slice));
    OpBuilder b(result.getContext());
    b.setInsertionPointAfterValue(result);
    auto convert =
        ConvertLayoutOp::create(b, result.getLoc(), classType, result);
    result.replaceAllUsesExcept(convert, convert);
  }

  RankedTensorType encoded(RankedTensorType type, const LinearLayout &layout) {
    return RankedTensorType::get(
        type.getShape(), type.getElementType(),
        LinearEncodingAttr::get(type.getContext(), layout));
  }

  void encode(Value v) {
    auto type = unencodedTensor(v.getType());
    if (!type || !classes.contains(v))
      return;
    RankedTensorType newType =
        encoded(type, chosen[classes.getLeaderValue(v)].layout);
    v.setType(newType);
    // Constants carry their type in their value too.
    if (auto constant = v.getDefiningOp<arith::ConstantOp>())
      if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
        constant.setValueAttr(dense.reshape(newType));
  }

  /// Gives `v` the type `type`: a fresh constant for constants, otherwise a
  /// convert_layout in front of `user`, or in front of the loop or branch
  /// holding `user` when `v` comes from outside it (converted once, not on
  /// every iteration: e.g. the Q tile of attention for every K/V block).
  /// Not for a wgmma dot's register operand: held across the loop, it gave
  /// wrong attention results on an H200 where the PTX emulator saw no
  /// hazard (docs/codegen.md, "convert_layout placement").
  Value castTo(Value v, RankedTensorType type, Operation *user) {
    if (v.getType() == type)
      return v;
    auto dot = dyn_cast<DotOp>(user);
    bool wgmmaOperand =
        dot && dot.getAtom().getFamily() == MmaFamily::wgmma;
    Operation *at =
        wgmmaOperand ? nullptr : v.getParentBlock()->findAncestorOpInBlock(*user);
    OpBuilder b(at ? at : user);
    if (auto constant = v.getDefiningOp<arith::ConstantOp>())
      if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
        return arith::ConstantOp::create(b, constant.getLoc(), type,
                                         dense.reshape(type));
    return ConvertLayoutOp::create(b, user->getLoc(), type, v);
  }

  void fixAccess(Operation *op) {
    auto it = own.find(op);
    if (it == own.end())
      return;
    const Proposal &p = it->second;
    if (auto load = dyn_cast<TiledLoadOp>(op)) {
      auto classType = cast<RankedTensorType>(load.getResult().getType());
      if (LinearEncodingAttr::of(classType).getLayout() == p.layout)
        return;
      // The load keeps its own layout; its users get the class layout.
      RankedTensorType own = encoded(classType, p.layout);
      load.getResult().setType(own);
      if (Value other = load.getOther())
        load.getOtherMutable().assign(castTo(other, own, op));
      if (Value mask = load.getMask())
        load.getMaskMutable().assign(castTo(mask, encodedLike(mask, p), op));
      OpBuilder b(op->getContext());
      b.setInsertionPointAfter(op);
      auto convert = ConvertLayoutOp::create(b, op->getLoc(), classType,
                                             load.getResult());
      load.getResult().replaceAllUsesExcept(convert, convert);
      return;
    }
    auto store = cast<TiledStoreOp>(op);
    auto valueType = cast<RankedTensorType>(store.getValue().getType());
    const LinearLayout &current = LinearEncodingAttr::of(valueType).getLayout();
    // Only convert when the value's own layout would give narrower accesses
    // and the round trip fits the static shared memory every target has
    // (48 KiB; e.g. a 128x128 f32 accumulator is stored from its fragments).
    constexpr int64_t kStaticSharedBytes = ::tilecc::kPortableStaticSharedBytes;
    Type elem = valueType.getElementType();
    unsigned bits = elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 64;
    int64_t bytes = valueType.getNumElements() * std::max(8u, bits) / 8;
    if (current == p.layout ||
        tilecc::layout::getContiguousRegisterElements(current) >=
            p.vectorElements ||
        bytes > kStaticSharedBytes)
      return;
    RankedTensorType own = encoded(valueType, p.layout);
    store.getValueMutable().assign(castTo(store.getValue(), own, op));
    if (Value mask = store.getMask())
      store.getMaskMutable().assign(castTo(mask, encodedLike(mask, p), op));
  }

  RankedTensorType encodedLike(Value mask, const Proposal &p) {
    auto type = cast<RankedTensorType>(mask.getType());
    return encoded(RankedTensorType::get(type.getShape(), type.getElementType()),
                   p.layout);
  }

  unsigned numWarps;
  llvm::EquivalenceClasses<Value> classes;
  llvm::DenseMap<Value, Proposal> chosen;
  llvm::DenseSet<Value> anchored; // class leaders with an access proposal
  llvm::MapVector<Operation *, Proposal> own;
  SmallVector<std::pair<Value, LinearLayout>> reduceResults;
  llvm::MapVector<DotOp, tilecc::layout::MmaSyncDotLayouts> dots;
  llvm::SmallPtrSet<Operation *, 4> chainedDots;
  SmallVector<DotOp> fmaDots;
  llvm::MapVector<BlockScaledMmaOp, tilecc::layout::BlockScaledMmaSyncLayouts>
      scaledDots;
  bool failed = false;
};

struct AssignLayoutsPass
    : public mlir::nv_tileas::impl::TileASAssignLayoutsBase<AssignLayoutsPass> {
  using Base::Base;
  void runOnOperation() override {
    getOperation().walk([&](FunctionOpInterface func) {
      // Functions already lowered to LLVM have no tiles to lay out.
      if (!isa<FunctionType>(func.getFunctionType()))
        return;
      unsigned warps = numWarps;
      if (auto spec = func->getAttrOfType<nv_tileaa::KernelSpecAttr>(
              "nv_tileaa.kernel_spec"))
        warps = spec.getNumWarps();
      if (warps == 0 || (warps & (warps - 1))) {
        func.emitError() << "fails to assign layout: " << warps
                         << " warps per CTA is not a power of two";
        return signalPassFailure();
      }
      func->setAttr("nv_tileas.num_warps",
                    IntegerAttr::get(IntegerType::get(&getContext(), 32), warps));
      if (::mlir::failed(LayoutAssigner(warps).run(func)))
        return signalPassFailure();
    });
  }
};
} // namespace
