//===- PipelineDotOperands.cpp - tileas-pipeline-dot-operands -------------===//
//
// A dot operand that an scf.for loads from global memory every iteration
// (tiled_load -> convert_layout -> dot) is copied straight into shared memory
// with cp.async instead of going through registers: each such load gets a
// ring of `num-stages` tile-sized slots, the loop's first num-stages - 1
// tiles are issued before it, and iteration i waits for its own tile, issues
// tile i + num-stages - 1 into the slot iteration i - 1 read, and reads its
// tile in the dot-operand layout (ldmatrix where the planner chose it). The
// operands of a wgmma dot stay in their slots: the copies write the matrix
// descriptors' canonical layouts (A K-major, B N-major) and the dot reads
// them in place.
//
// MMAs in flight: a K loop whose one wgmma dot reads both operands from
// rings and only chains its accumulator through the loop leaves each K
// step's MMAs running while the next step is issued. The dot is marked
// `nv_tileas.async_mma`, an nv_tileas.dot_wait {num_pending = 1} follows
// it in the loop and one with num_pending = 0 after the loop. A slot is
// refilled only after a barrier behind the wait that retired the MMAs
// reading it, in every warpgroup: where shared memory allows, the ring has
// one slot more than the copies in flight need and iteration i refills,
// after the barrier at its top, the slot iteration i - 2 read (iteration
// i - 1's wait retired its MMAs); otherwise iteration i refills the slot
// iteration i - 1 read after its own dot_wait and one more barrier.
//
// TMA rings (sm_90a): when every staged operand of the loop is a wgmma
// operand of a 2-d view made before the loop with offset 0, a contiguous
// last dimension and 128-bit aligned rows (the ldg_128 atom: base and row
// strides 16-byte aligned, as TMA requires; kernels without `assume div_by`
// reach this through the run-time alignment version), the ring is filled by
// TMA instead: a tensor map per operand built on the device before the loop
// (nv_tileas.make_tiled_tma_desc; boxes of the descriptor's swizzle span,
// swizzled like the wgmma descriptor reads them), and an mbarrier pipeline
// (nv_tileas.async.pipeline.create with a full and an empty barrier per
// slot). Fill n goes to slot n mod stages: producer_acquire waits until its
// slot's readers released it, tma_load issues the boxes, producer_commit
// arms the full barrier; iteration n waits for fill n (consumer_wait) and
// releases fill n - 1 after the dot_wait that retired the MMAs reading it
// (fill n at its end when the dot waits for itself). After the loop the
// fills issued past its end are waited for and the tensor maps' pool
// entries released.
//
// Legality: each thread copies chunks of the blocked distribution of the
// tile as wide as the load's atom proved aligned (ldg of 32/64/128 bits: cp.async of
// 4, 8 or 16 bytes); the slot's shared layout is the conversion planner's
// for 128-bit chunks, which it must store whole. Padding
// must be zero (cp.async zero-fills what lies outside the view). The ring
// depth is the function's `nv_tileaa.num_stages` (else the pass option); it
// drops while the kernel's static shared memory would pass the target's
// static limit (`nv_tileas.static_shared_limit`, 48 KiB when absent); a
// loop whose operands do not fit double buffering keeps its loads.
//
//===----------------------------------------------------------------------===//
#include "Schedule/Passes.h"

#include "Layout/ConversionPlanner.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/Tcgen05Mma.h"
#include "Layout/Vectorization.h"
#include "Layout/WgmmaLayouts.h"
#include "Schedule/BlockedLayouts.h"
#include "Target/TargetInfo.h"
#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/RegisterBits.h"
#include "TileAS/IR/TileASAsyncMmaOps.h"
#include "TileAS/IR/TileASConversionPlans.h"
#include "TileAS/IR/TileASModuleAttrs.h"
#include "TileAS/IR/TileASTmemOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::nv_tileas {
#define GEN_PASS_DEF_TILEASPIPELINEDOTOPERANDS
#include "Schedule/Passes.h.inc"
} // namespace mlir::nv_tileas

using namespace mlir;
using namespace mlir::nv_tileas;
namespace tl = ::tilecc::layout;

/// Rings stay within the static shared memory the target accepts (recorded
/// on the module by kernel-spec attachment; 48 KiB, what every target
/// accepts, when nothing says), so the launch need not pass dynamic shared
/// memory for them.
static int64_t getStaticSharedBudget(ModuleOp module) {
  return getStaticSharedLimit(module).value_or(
      ::tilecc::kPortableStaticSharedBytes);
}
/// Warps of a warp-specialized kernel's producer role: one warpgroup (the
/// unit setmaxnreg works on); one elected thread issues its copies.
static constexpr unsigned kProducerWarps = 4;
/// The width of the copies that fix a ring slot's shared layout.
static constexpr unsigned kCopyBits = 128;

tl::LinearLayout mlir::nv_tileas::getAsyncCopyLayout(ArrayRef<int64_t> shape,
                                                    unsigned elemBits,
                                                    unsigned numWarps,
                                                    unsigned copyBits) {
  return chooseBlockedLayout(shape, copyBits / elemBits, numWarps);
}

namespace {

/// One staged operand: the load, its conversion into the dot layout, and the
/// loop-body ops computing its view and indices (in body order).
struct StagedOperand {
  TiledLoadOp load;
  ConvertLayoutOp convert; // null for a wgmma B loaded in its copy layout
  unsigned copyBits;
  SmallVector<Operation *> indexOps;
  /// The wgmma operand (0: A, 1: B) the dot reads from the slot, or -1;
  /// 2: a tcgen05 B held K-major (the slot holds the tile as loaded, N rows
  /// of K, as for operand 0; the dot reads its transpose).
  int wgmmaOperand = -1;
  /// The reader of the slot's canonical layout is a tcgen05 dot.
  bool tcgen05 = false;
  StringRef slotAttrName() const {
    return tcgen05 ? kTcgen05OperandAttrName : kWgmmaOperandAttrName;
  }
  /// The swizzle span of the TMA boxes filling the slot, 0 without TMA.
  unsigned tmaSwizzle = 0;
  /// The value the dot reads.
  Value value() const {
    return convert ? const_cast<ConvertLayoutOp &>(convert).getResult()
                   : const_cast<TiledLoadOp &>(load).getResult();
  }
  bool isWgmma() const { return wgmmaOperand >= 0; }
};

bool isWgmmaDot(DotOp dot) {
  return dot.getAtom().getFamily() == MmaFamily::wgmma;
}

int64_t tileBytes(RankedTensorType type) {
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

/// Whether `value` is a tile of zeros (cp.async's zero fill gives it).
bool isZeroTile(Value value) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return false;
  if (isa<FloatType>(dense.getElementType()))
    return dense.getSplatValue<APFloat>().isPosZero();
  if (isa<IntegerType>(dense.getElementType()))
    return dense.getSplatValue<APInt>().isZero();
  return false;
}

/// Collects the pure, region-free body ops `value` depends on (defined in
/// `loop`'s body) into `ops`; false when something else feeds it.
bool collectIndexSlice(Value value, scf::ForOp loop,
                       llvm::SetVector<Operation *> &ops) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner() != loop.getBody() ||
           arg == loop.getInductionVar();
  Operation *def = value.getDefiningOp();
  if (!loop->isProperAncestor(def))
    return true;
  if (def->getBlock() != loop.getBody() || def->getNumRegions() ||
      !isPure(def))
    return false;
  if (ops.contains(def))
    return true;
  for (Value operand : def->getOperands())
    if (!collectIndexSlice(operand, loop, ops))
      return false;
  ops.insert(def);
  return true;
}

/// Whether `load` may become a cp.async copy: its value read once, no
/// mask, zero (or no) padding, an unused token, weak, from a global view,
/// an ldg atom of 32, 64 or 128 bits; `copyBits` receives the copy width.
bool isCopyableLoad(TiledLoadOp load, unsigned &copyBits) {
  if (!load.getResult().hasOneUse())
    return false;
  if (load.getMask() || (load.getOther() && !isZeroTile(load.getOther())) ||
      (load.getResultToken() && !load.getResultToken().use_empty()))
    return false;
  if (auto sem = load.getMemSemanticAttr())
    if (sem.getValue() != MemSemantic::weak)
      return false;
  // A global view (made in the loop or before it).
  auto make = load.getView().getDefiningOp<MakeTiledViewOp>();
  auto base = make ? dyn_cast<nv_tileaa::PtrType>(make.getBase().getType())
                   : nv_tileaa::PtrType();
  if (!base || base.getAddressSpace() != 1)
    return false;
  // cp.async moves 4, 8 or 16 bytes: as wide as the load's atom proved.
  auto atom = dyn_cast<CopyAtomAttr>(load.getAtom());
  if (!atom || atom.getKind() != CopyKind::ldg ||
      !llvm::is_contained({32u, 64u, 128u}, atom.getBits()))
    return false;
  auto srcType = cast<RankedTensorType>(load.getResult().getType());
  unsigned bits = srcType.getElementTypeBitWidth();
  if (!srcType.getElementType().isIntOrFloat() || bits < 8 ||
      !llvm::isPowerOf2_32(bits))
    return false;
  copyBits = getAtomVectorElements(atom.getBits(), bits) * bits;
  return copyBits >= 32;
}

/// The same for a load in `loop`'s body.
bool isCopyableLoad(TiledLoadOp load, scf::ForOp loop, unsigned &copyBits) {
  return load->getBlock() == loop.getBody() && isCopyableLoad(load, copyBits);
}

/// Collects the ops computing `load`'s view and indices into `operand`.
bool collectIndexOps(StagedOperand &operand, scf::ForOp loop) {
  TiledLoadOp load = operand.load;
  llvm::SetVector<Operation *> slice;
  Value view = load.getView(); // ValueRange keeps a pointer to it
  for (Value index : llvm::concat<Value>(ValueRange(view), load.getIndices()))
    if (!collectIndexSlice(index, loop, slice))
      return false;
  operand.indexOps = slice.takeVector();
  llvm::sort(operand.indexOps,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return true;
}

bool isTcgen05Dot(DotOp dot) {
  return dot.getAtom().getFamily() == MmaFamily::tcgen05;
}

/// The loop's only dot for which `is` holds, when it sits in the loop's
/// body itself (not a nested region); null otherwise.
DotOp findOnlyDot(scf::ForOp loop, llvm::function_ref<bool(DotOp)> is) {
  DotOp found;
  unsigned dots = 0;
  loop.getBody()->walk([&](DotOp dot) {
    if (is(dot) && ++dots == 1)
      found = dot;
  });
  if (dots != 1 || found->getBlock() != loop.getBody())
    return {};
  return found;
}

/// Whether `dot`'s accumulator is a value `loop` carries that only `dot`
/// reads, and whose next value only the yield takes.
bool carriesAccumulator(scf::ForOp loop, DotOp dot) {
  auto acc = dyn_cast<BlockArgument>(dot.getC());
  if (!acc || acc.getOwner() != loop.getBody() || acc.getArgNumber() == 0 ||
      !acc.hasOneUse() || !dot.getResult().hasOneUse())
    return false;
  OpOperand &use = *dot.getResult().getUses().begin();
  return isa<scf::YieldOp>(use.getOwner()) &&
         use.getOperandNumber() + 1 == acc.getArgNumber();
}

/// Attention's running output (O = O * alpha + P V): `dot`'s C is the
/// product of a value `loop` carries, which only that product reads, and
/// the broadcast of an M x 1 f32 tile of row factors, and `dot`'s result
/// is the carried value's next one, taken only by the yield. Returns the
/// product (its rows scale the accumulator in tensor memory, tmem_scale),
/// or null.
arith::MulFOp rescaledAccumulator(scf::ForOp loop, DotOp dot) {
  auto mul = dot.getC().getDefiningOp<arith::MulFOp>();
  if (!mul || mul->getBlock() != loop.getBody() || !mul->hasOneUse() ||
      !dot.getResult().hasOneUse())
    return {};
  OpOperand &use = *dot.getResult().getUses().begin();
  for (unsigned i : {0u, 1u}) {
    auto acc = dyn_cast<BlockArgument>(mul->getOperand(i));
    auto broadcast = mul->getOperand(1 - i).getDefiningOp<BroadcastOp>();
    if (!acc || acc.getOwner() != loop.getBody() || acc.getArgNumber() == 0 ||
        !acc.hasOneUse() || !broadcast)
      continue;
    auto rows = cast<RankedTensorType>(broadcast.getSource().getType());
    if (rows.getRank() != 2 || rows.getDimSize(1) != 1 ||
        !rows.getElementType().isF32())
      continue;
    if (isa<scf::YieldOp>(use.getOwner()) &&
        use.getOperandNumber() + 1 == acc.getArgNumber())
      return mul;
  }
  return {};
}

/// The rows `rescale` (a rescaledAccumulator product) scales the
/// accumulator by: the M x 1 tile its broadcast reads.
Value getRowFactors(arith::MulFOp rescale) {
  for (Value operand : rescale->getOperands())
    if (auto broadcast = operand.getDefiningOp<BroadcastOp>())
      return broadcast.getSource();
  return {};
}

/// A tcgen05 dot of `loop` that may keep its accumulator in tensor memory:
/// the loop's only tcgen05 dot carrying its accumulator (GEMM), or the one
/// tcgen05 dot among several whose accumulator the loop rescales row by
/// row between steps (attention's second dot, `rescale` its product).
struct TmemCandidate {
  DotOp dot;
  arith::MulFOp rescale;
};

std::optional<TmemCandidate> findTmemCandidate(scf::ForOp loop) {
  if (DotOp dot = findOnlyDot(loop, isTcgen05Dot))
    return carriesAccumulator(loop, dot)
               ? std::optional<TmemCandidate>(TmemCandidate{dot, {}})
               : std::nullopt;
  std::optional<TmemCandidate> found;
  for (DotOp dot : loop.getBody()->getOps<DotOp>()) {
    arith::MulFOp rescale =
        isTcgen05Dot(dot) ? rescaledAccumulator(loop, dot) : arith::MulFOp();
    if (!rescale)
      continue;
    if (found)
      return std::nullopt;
    found = TmemCandidate{dot, rescale};
  }
  return found;
}

/// Where a tcgen05 dot whose accumulator stays in tensor memory across its
/// loop (TileASTmemOps.td) reads A and B from.
enum class TmemOperands {
  /// Ring slots in the canonical K-major A / N-major B layouts of lib/Layout
  /// that the descriptors name (the copies write them as they load).
  Slots,
  /// Registers, staged each K step into a buffer of the dot's own as a plain
  /// tcgen05 dot stages them (f32 split into tf32 parts, tf32, a B that is
  /// not N-major in a slot, operands no ring can take).
  Registers,
};

struct TmemDecision {
  DotOp dot;
  TmemOperands operands;
  /// Attention's rescaled accumulator (rescaledAccumulator), or null.
  arith::MulFOp rescale;
};

/// Whether `dot`'s operands can come through ring slots in the canonical
/// layouts: the slots hold what the loads read, in their element width (not
/// f32 split into tf32 parts in registers), of one width, with K-major A /
/// N-major B layouts, each converted from a load only the dot reads.
bool slotsHoldOperands(DotOp dot, const tl::Tcgen05Shape &instr) {
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  unsigned bits = a.getElementTypeBitWidth();
  if (instr.splitF32 || b.getElementTypeBitWidth() != bits ||
      llvm::errorToBool(tl::wgmmaKMajorA(a.getDimSize(0), a.getDimSize(1), bits)
                            .takeError()) ||
      llvm::errorToBool(
          tl::wgmmaNMajorB(b.getDimSize(0), b.getDimSize(1), bits).takeError()))
    return false;
  for (Value operand : {dot.getA(), dot.getB()}) {
    auto convert = operand.getDefiningOp<ConvertLayoutOp>();
    if (!convert || !convert->hasOneUse() || dot.getA() == dot.getB())
      return false;
  }
  return true;
}

/// The one decision on tensor-memory accumulators: the loop's tcgen05 dot
/// whose accumulator stays in tensor memory across the loop, and where its
/// operands come from. It is the only tcgen05 dot of the loop, in its body,
/// of a kind of the instruction table (lib/Layout Tcgen05Mma), 2-d with
/// M = 64 (the M = 64 instruction or the padded M = 128 arrangement, whose
/// D rows agree), a multiple of 128, or 16 / 32 (laid out as 64 rows,
/// getTcgen05PaddedM; from registers), its accumulator a loop value only it
/// reads and whose next value only the yield takes. Its operands come from
/// slots where slotsHoldOperands allows (and the rings take both), from
/// registers otherwise.
std::optional<TmemDecision> decideTmemAccumulator(scf::ForOp loop) {
  std::optional<TmemCandidate> candidate = findTmemCandidate(loop);
  if (!candidate)
    return std::nullopt;
  DotOp found = candidate->dot;
  MmaAtomAttr atom = found.getAtom();
  auto a = cast<RankedTensorType>(found.getA().getType());
  std::optional<tl::Tcgen05Shape> instr =
      tl::getTcgen05Shape(atom.getAName(), atom.getBName(), atom.getCName());
  int64_t rank = a.getRank();
  int64_t m = rank == 2 || rank == 3 ? a.getDimSize(rank - 2) : 0;
  bool padded = tl::getTcgen05PaddedM(m) != m;
  if (!instr || (rank != 2 && rank != 3) ||
      (m != 64 && m % 128 != 0 && !padded))
    return std::nullopt;
  // A rescaled accumulator: its rows are scaled in tensor memory by the
  // threads of tcgen05.ld (f32 cells, whole 64- or 128-row blocks), its
  // operands come from registers (P is computed by the threads).
  if (candidate->rescale) {
    auto c = cast<RankedTensorType>(found.getC().getType());
    if (rank != 2 || padded || !c.getElementType().isF32() ||
        !LinearEncodingAttr::of(c))
      return std::nullopt;
    return TmemDecision{found, TmemOperands::Registers, candidate->rescale};
  }
  // Batched dots: each slice its own columns (the atom's choice kept them
  // within the 512 of tensor memory, fitsTcgen05), operands staged from
  // registers slice after slice (the rings' canonical layouts are 2-d).
  return TmemDecision{found,
                      rank == 2 && !padded && slotsHoldOperands(found, *instr)
                          ? TmemOperands::Slots
                          : TmemOperands::Registers,
                      {}};
}

/// The type operand `which` (0: A, 1: B) of `dot` has when the resident
/// accumulator stages it from registers: lib/Layout's staging layout
/// (getTcgen05StagingLayout: no copies across warps, K in passes of
/// registers) rather than mma.sync's fragments; null for an A held in its
/// slot (read there) or a tile without layout.
RankedTensorType getStagingType(DotOp dot, unsigned which) {
  Value operand = dot->getOperand(which);
  auto wait = operand.getDefiningOp<FutureWaitOp>();
  if (wait && which == 0 && wait->hasAttr(kTcgen05OperandAttrName))
    return {};
  auto type = cast<RankedTensorType>(operand.getType());
  auto enc = LinearEncodingAttr::of(type);
  // A batched operand keeps its fragments (the staging layout is 2-d).
  if (!enc || type.getRank() != 2)
    return {};
  // A chained dot's operand the threads computed (attention's P, its warps
  // along M: no copies across warps) is staged from its own registers; a
  // layout change would cost a shared-memory round trip of its own.
  auto convert = operand.getDefiningOp<ConvertLayoutOp>();
  if (dot.getC().getDefiningOp<arith::MulFOp>() &&
      !(convert && convert->hasOneUse()))
    return {};
  return RankedTensorType::get(
      type.getShape(), type.getElementType(),
      LinearEncodingAttr::get(
          type.getContext(),
          tl::getTcgen05StagingLayout(type.getShape(), 1 - which,
                                      getRegisterBits(type.getElementType()),
                                      enc.getNumWarps())));
}

/// Gives `dot`'s operands their staging types: the conversion feeding only
/// the dot changes its result's layout, any other operand gets one.
void useStagingLayouts(DotOp dot) {
  for (unsigned which : {0u, 1u}) {
    RankedTensorType staged = getStagingType(dot, which);
    if (!staged)
      continue;
    Value operand = dot->getOperand(which);
    auto convert = operand.getDefiningOp<ConvertLayoutOp>();
    if (convert && convert->hasOneUse()) {
      convert.getResult().setType(staged);
      continue;
    }
    OpBuilder b(dot);
    dot->setOperand(
        which,
        ConvertLayoutOp::create(b, dot.getLoc(), staged, operand).getResult());
  }
}

/// Shared-memory bytes of the operand buffer a resident accumulator's dot
/// staging from registers keeps for the whole kernel (lib/Layout's
/// planTcgen05OperandStaging over the staging layouts; the conversion's
/// SharedMemoryModels.cpp sizes it by the same rule).
int64_t getRegisterStagingBytes(DotOp dot) {
  MmaAtomAttr atom = dot.getAtom();
  std::optional<tl::Tcgen05Shape> instr =
      tl::getTcgen05Shape(atom.getAName(), atom.getBName(), atom.getCName());
  auto c = cast<RankedTensorType>(dot.getC().getType());
  int64_t rank = c.getRank();
  if (!instr || (rank != 2 && rank != 3))
    return 0;
  RankedTensorType a = getStagingType(dot, 0), b = getStagingType(dot, 1);
  // A held in its slot (not staged): the future_wait marked operand 0.
  auto aWait = dot.getA().getDefiningOp<FutureWaitOp>();
  bool aFromSlot = aWait && aWait->hasAttr(kTcgen05OperandAttrName);
  auto layoutOf = [](RankedTensorType type, Value operand) {
    return LinearEncodingAttr::of(
               type ? type : cast<RankedTensorType>(operand.getType()))
        .getLayout();
  };
  int64_t batch = rank == 3 ? c.getDimSize(0) : 1;
  int64_t m = tl::getTcgen05PaddedM(c.getDimSize(rank - 2));
  int64_t n = c.getDimSize(rank - 1);
  int64_t k = cast<RankedTensorType>(dot.getA().getType()).getDimSize(rank - 1);
  tl::Tcgen05OperandStaging staged = tl::planTcgen05OperandStaging(
      *instr, batch, llvm::alignTo(m, 128), n, k,
      getRegisterBits(
          cast<RankedTensorType>(dot.getA().getType()).getElementType()),
      aFromSlot, batch * m * n * 4, layoutOf(a, dot.getA()), rank - 1,
      layoutOf(b, dot.getB()), rank - 2);
  return staged.bytes();
}

/// `convert` (of `load`) when it feeds only operand A or B of `tmemDot`: its
/// ring slot holds the canonical layout (K-major A as for wgmma's A,
/// N-major B as for wgmma's B) the dot's shared-memory descriptors name.
std::optional<StagedOperand> matchTmemDotOperand(ConvertLayoutOp convert,
                                                 TiledLoadOp load,
                                                 unsigned copyBits,
                                                 scf::ForOp loop,
                                                 DotOp tmemDot) {
  if (!tmemDot || !convert->hasOneUse() ||
      *convert->user_begin() != tmemDot.getOperation())
    return std::nullopt;
  int which = int(convert->use_begin()->getOperandNumber());
  StagedOperand operand{load, convert, copyBits, {}, which, /*tcgen05=*/true};
  if (!collectIndexOps(operand, loop))
    return std::nullopt;
  return operand;
}

/// The staged operand rooted at `convert`, when it qualifies.
std::optional<StagedOperand> matchOperand(ConvertLayoutOp convert,
                                          scf::ForOp loop, DotOp tmemDot) {
  auto load = convert.getSource().getDefiningOp<TiledLoadOp>();
  unsigned copyBits = 0;
  if (!load || convert->getBlock() != loop.getBody() ||
      !isCopyableLoad(load, loop, copyBits))
    return std::nullopt;
  // Only dot operands A and B in registers (wgmma reads B straight from
  // shared memory, see matchWgmmaOperand).
  bool wgmmaA = false;
  for (OpOperand &use : convert->getUses()) {
    auto dot = dyn_cast<DotOp>(use.getOwner());
    if (!dot || use.getOperandNumber() > 1 ||
        (use.getOperandNumber() == 1 && isWgmmaDot(dot)))
      return std::nullopt;
    wgmmaA |= isWgmmaDot(dot);
  }
  auto srcType = cast<RankedTensorType>(load.getResult().getType());
  auto dstType = cast<RankedTensorType>(convert.getType());
  auto dstEnc = LinearEncodingAttr::of(dstType);
  unsigned bits = srcType.getElementTypeBitWidth();
  if (!dstEnc)
    return std::nullopt;
  if (std::optional<StagedOperand> operand =
          matchTmemDotOperand(convert, load, copyBits, loop, tmemDot))
    return operand;
  // wgmma's A read through a descriptor from its K-major slot (its 16-byte
  // chunks hold 8 consecutive K elements, as the copies write them).
  if (wgmmaA && convert->hasOneUse() && srcType.getRank() == 2) {
    llvm::Expected<tl::WgmmaSharedOperand> shared = tl::wgmmaKMajorA(
        srcType.getDimSize(0), srcType.getDimSize(1), bits);
    if (shared) {
      StagedOperand operand{load, convert, copyBits, {}, /*wgmmaOperand=*/0};
      if (!collectIndexOps(operand, loop))
        return std::nullopt;
      return operand;
    }
    llvm::consumeError(shared.takeError());
  }
  // The slot's shared layout is the planner's for 128-bit copies, which it
  // must store whole (then narrower copies stay contiguous too).
  tl::LinearLayout copy = getAsyncCopyLayout(
      srcType.getShape(), bits, dstEnc.getNumWarps());
  llvm::Expected<tl::ConversionPlan> plan = planLayoutConversion(
      convert.getContext(), copy, dstEnc.getLayout(), bits,
      /*withShuffles=*/false);
  if (!plan) {
    llvm::consumeError(plan.takeError());
    return std::nullopt;
  }
  if (plan->kind != tl::ConversionKind::SharedMemory ||
      plan->storeVectorBits < kCopyBits ||
      tl::getContiguousRegisterElements(copy) * bits < kCopyBits)
    return std::nullopt;
  StagedOperand operand{load, convert, copyBits, {}};
  if (!collectIndexOps(operand, loop))
    return std::nullopt;
  return operand;
}

/// The B operand of a wgmma dot loaded straight in the 128-bit copy layout
/// (no conversion): its ring slot holds the N-major canonical layout the
/// dot's matrix descriptor addresses (lib/Layout wgmmaNMajorB), and the dot
/// reads the slot itself.
std::optional<StagedOperand> matchWgmmaOperand(TiledLoadOp load,
                                               scf::ForOp loop) {
  unsigned copyBits = 0;
  if (!isCopyableLoad(load, loop, copyBits))
    return std::nullopt;
  OpOperand &use = *load.getResult().getUses().begin();
  auto dot = dyn_cast<DotOp>(use.getOwner());
  if (!dot || use.getOperandNumber() != 1 || !isWgmmaDot(dot))
    return std::nullopt;
  auto type = cast<RankedTensorType>(load.getResult().getType());
  auto enc = LinearEncodingAttr::of(type);
  unsigned bits = type.getElementTypeBitWidth();
  if (!enc || type.getRank() != 2 ||
      enc.getLayout() != getAsyncCopyLayout(type.getShape(), bits,
                                            enc.getNumWarps()))
    return std::nullopt;
  llvm::Expected<tl::WgmmaSharedOperand> shared =
      tl::wgmmaNMajorB(type.getDimSize(0), type.getDimSize(1), bits);
  if (!shared) {
    llvm::consumeError(shared.takeError());
    return std::nullopt;
  }
  StagedOperand operand{load, ConvertLayoutOp(), copyBits, {},
                        /*wgmmaOperand=*/1};
  if (!collectIndexOps(operand, loop))
    return std::nullopt;
  return operand;
}

/// The value of StagedOperand::wgmmaOperand for a tcgen05 B held K-major.
constexpr int kTcgen05KMajorB = 2;

/// The transpose (`permute` [1, 0]) of `load` that, through a layout
/// change only it reads, is the B operand of a plain tcgen05 dot of `loop`
/// (attention's K^T in S = Q K^T): B's N x K transpose is the tile as
/// loaded, K contiguous, so its ring slot in the K-major canonical layout
/// (lib/Layout tcgen05KMajorB, N rows of K) is what a K-major B descriptor
/// reads; the dot then takes the transpose of the slot's future_wait
/// (dropKMajorBConversions) and stages no B. Not for a dot that keeps its
/// accumulator in tensor memory (`tmemDot`).
std::optional<StagedOperand> matchTcgen05KMajorB(TiledLoadOp load,
                                                 scf::ForOp loop,
                                                 DotOp tmemDot) {
  unsigned copyBits = 0;
  if (!load.getResult().hasOneUse() || !isCopyableLoad(load, loop, copyBits))
    return std::nullopt;
  auto permute = dyn_cast<PermuteOp>(*load.getResult().user_begin());
  if (!permute || permute.getPermutation() != ArrayRef<int64_t>{1, 0} ||
      !permute->hasOneUse())
    return std::nullopt;
  auto convert = dyn_cast<ConvertLayoutOp>(*permute->user_begin());
  if (!convert || !convert->hasOneUse())
    return std::nullopt;
  OpOperand &use = *convert->use_begin();
  auto dot = dyn_cast<DotOp>(use.getOwner());
  if (!dot || dot == tmemDot || use.getOperandNumber() != 1 ||
      !isTcgen05Dot(dot) || dot.getA() == dot.getB())
    return std::nullopt;
  MmaAtomAttr atom = dot.getAtom();
  std::optional<tl::Tcgen05Shape> instr =
      tl::getTcgen05Shape(atom.getAName(), atom.getBName(), atom.getCName());
  auto type = cast<RankedTensorType>(load.getResult().getType());
  auto a = cast<RankedTensorType>(dot.getA().getType());
  unsigned bits = type.getElementTypeBitWidth();
  if (!instr || instr->splitF32 || type.getRank() != 2 || a.getRank() != 2 ||
      a.getElementTypeBitWidth() != bits || (bits != 8 && bits != 16) ||
      type.getDimSize(1) * bits / 8 % 32 != 0)
    return std::nullopt;
  llvm::Expected<tl::WgmmaSharedOperand> shared =
      tl::tcgen05KMajorB(type.getDimSize(0), type.getDimSize(1), bits);
  if (!shared) {
    llvm::consumeError(shared.takeError());
    return std::nullopt;
  }
  StagedOperand operand{load, ConvertLayoutOp(), copyBits, {},
                        kTcgen05KMajorB, /*tcgen05=*/true};
  if (!collectIndexOps(operand, loop))
    return std::nullopt;
  return operand;
}

/// After pipelining: a dot whose B is the layout change of the transpose of
/// a K-major B slot's future_wait (matchTcgen05KMajorB) takes the transpose
/// itself; its descriptors read the slot, so no layout change is made.
void dropKMajorBConversions(scf::ForOp loop) {
  loop.getBody()->walk([](DotOp dot) {
    auto convert = dot.getB().getDefiningOp<ConvertLayoutOp>();
    auto permute =
        convert ? convert.getSource().getDefiningOp<PermuteOp>() : PermuteOp();
    auto wait = permute ? permute.getSource().getDefiningOp<FutureWaitOp>()
                        : FutureWaitOp();
    auto which = wait ? wait->getAttrOfType<IntegerAttr>(
                            kTcgen05OperandAttrName)
                      : IntegerAttr();
    if (!which || which.getInt() != kTcgen05KMajorB || !convert->hasOneUse())
      return;
    dot->setOperand(1, permute.getResult());
    convert.erase();
  });
}

/// Static shared memory the kernel needs besides new rings: module globals in
/// address space 3 plus the largest tile a remaining layout change stages.
int64_t sharedBytesBesides(ModuleOp module, ArrayRef<StagedOperand> staged,
                           DotOp registerStaged = {}) {
  int64_t globals = 0, scratch = 0;
  module.walk([&](Operation *op) {
    // A resident accumulator staging its operands from registers: their
    // buffer of its own, the 16-byte state, and the accumulator's f32
    // staging area after the loop (tmem_load).
    if (registerStaged && op == registerStaged.getOperation()) {
      auto c = cast<RankedTensorType>(registerStaged.getC().getType());
      int64_t rank = c.getRank();
      globals +=
          llvm::alignTo(getRegisterStagingBytes(registerStaged), 16) + 16;
      scratch = std::max(scratch,
                         (rank == 3 ? c.getDimSize(0) : 1) *
                             tl::getTcgen05PaddedM(c.getDimSize(rank - 2)) *
                             c.getDimSize(rank - 1) * 4);
      return;
    }
    if (auto global = dyn_cast<GlobalOp>(op)) {
      auto type = dyn_cast<RankedTensorType>(global.getType());
      if (global.getAddressSpace() == 3 && type && type.hasStaticShape() &&
          type.getElementType().isIntOrFloat())
        globals += tileBytes(type);
      return;
    }
    // A tcgen05 dot stages A and B, then its result, through the scratch
    // buffer (Tcgen05DotPatterns.cpp): A's rows padded to the instruction's
    // 128, the result as f32 words.
    if (auto dot = dyn_cast<DotOp>(op)) {
      if (dot.getAtom().getFamily() != MmaFamily::tcgen05)
        return;
      // A batched dot: each slice padded alike, the result slice after
      // slice.
      auto a = cast<RankedTensorType>(dot.getA().getType());
      auto c = cast<RankedTensorType>(dot.getC().getType());
      int64_t rank = c.getRank();
      int64_t batch = rank == 3 ? c.getDimSize(0) : 1;
      int64_t m = c.getDimSize(rank - 2), n = c.getDimSize(rank - 1);
      int64_t operands = tileBytes(a) * std::max<int64_t>(m, 128) / m +
                         tileBytes(cast<RankedTensorType>(dot.getB().getType()));
      scratch = std::max(scratch, std::max(operands, batch * m * n * 4) + 16);
      return;
    }
    if (!isa<ConvertLayoutOp, BroadcastOp, ViewOp>(op))
      return;
    if (llvm::any_of(staged, [&](StagedOperand s) {
          return s.convert && s.convert.getOperation() == op;
        }))
      return;
    auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (type && type.getElementType().isIntOrFloat())
      scratch = std::max(scratch, tileBytes(type));
  });
  return globals + scratch;
}

/// `base + k * step` in the induction variable's type.
Value ivPlus(OpBuilder &b, Location loc, Value base, Value step, int64_t k) {
  if (k == 0)
    return base;
  Value kv = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(step.getType(), k));
  return arith::AddIOp::create(b, loc, base,
                               arith::MulIOp::create(b, loc, kv, step));
}

/// The operand's load of the tile whose induction value is `iv`, into slot
/// `slot` of `ring`.
Value issueCopy(OpBuilder &b, const StagedOperand &operand, scf::ForOp loop,
                Value iv, Value ring, Value slot, IRMapping mapping) {
  TiledLoadOp load = operand.load;
  mapping.map(loop.getInductionVar(), iv);
  for (Operation *op : operand.indexOps)
    b.clone(*op, mapping);
  SmallVector<Value> indices;
  for (Value index : load.getIndices())
    indices.push_back(mapping.lookupOrDefault(index));
  auto futureType = FutureType::get(b.getContext(), operand.value().getType());
  auto atom = CopyAtomAttr::get(b.getContext(), CopyKind::cp_async,
                               operand.copyBits);
  auto copy = AsyncLoadOp::create(b, load.getLoc(), futureType,
                                  mapping.lookupOrDefault(load.getView()),
                                  indices, ring, slot, atom);
  if (operand.isWgmma())
    copy->setAttr(operand.slotAttrName(),
                  b.getI32IntegerAttr(operand.wgmmaOperand));
  return copy;
}

/// The swizzle span (bytes) of the TMA boxes that can fill `operand`'s
/// slot in the layout its wgmma descriptor reads, or 0 when TMA cannot.
unsigned getTmaSwizzle(const StagedOperand &operand, scf::ForOp loop) {
  // Boxes fill the K-major A (0) and N-major B (1) slots only.
  if (!operand.isWgmma() || operand.wgmmaOperand > 1 ||
      operand.copyBits != 128)
    return 0;
  TiledLoadOp load = operand.load;
  auto make = load.getView().getDefiningOp<MakeTiledViewOp>();
  if (!make || loop->isAncestor(make) ||
      !matchPattern(make.getOffset(), m_Zero()) ||
      !matchPattern(make.getStrides().back(), m_One()))
    return 0;
  auto type = cast<RankedTensorType>(load.getResult().getType());
  unsigned bits = type.getElementTypeBitWidth();
  // 16-bit elements only: the 8-bit tcgen05 kinds keep cp.async
  // (docs/codegen.md, "TMA rings and warp roles for resident tcgen05 dots").
  if (type.getRank() != 2 ||
      !isa<Float16Type, BFloat16Type>(type.getElementType()))
    return 0;
  llvm::Expected<tl::WgmmaSharedOperand> shared =
      operand.wgmmaOperand == 0
          ? tl::wgmmaKMajorA(type.getDimSize(0), type.getDimSize(1), bits)
          : tl::wgmmaNMajorB(type.getDimSize(0), type.getDimSize(1), bits);
  if (!shared) {
    llvm::consumeError(shared.takeError());
    return 0;
  }
  // A box is every row of the tile and one swizzle span of its last
  // dimension: the descriptor's atoms along it are a box apart.
  int64_t inner = shared->swizzleBytes * 8 / bits;
  if (type.getDimSize(0) > 256 || type.getDimSize(1) % inner)
    return 0;
  return shared->swizzleBytes;
}

/// The TMA box of an operand staged with swizzle span `swizzle`.
TmaDescType getTmaBox(const StagedOperand &operand) {
  TiledLoadOp load = operand.load;
  auto type = cast<RankedTensorType>(load.getResult().getType());
  int64_t inner =
      operand.tmaSwizzle * 8 / type.getElementTypeBitWidth();
  return TmaDescType::get(type.getContext(), {type.getDimSize(0), inner},
                          type.getElementType());
}

/// What the TMA version of a ring needs: the pipeline and a descriptor per
/// operand.
struct TmaRing {
  Value pipeline;
  SmallVector<Value> descs;
};

/// The name of a new module symbol starting with `prefix`.
std::string getFreshName(ModuleOp module, StringRef prefix,
                         unsigned &counter) {
  std::string name;
  do
    name = (prefix + Twine(counter++)).str();
  while (module.lookupSymbol(name));
  return name;
}

/// A new shared-memory module global of `elements` values of `elementType`
/// aligned to `alignment` bytes (a ring, or a slot of its own), and its
/// address at `b`.
Value createSharedBuffer(OpBuilder &b, Location loc, ModuleOp module,
                         Type elementType, int64_t elements, int64_t alignment,
                         unsigned &ringCounter) {
  std::string name = getFreshName(module, "tilecc_ring_", ringCounter);
  OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
  // Raw storage: integers of the element width (narrow floats have no
  // LLVM global type of their own).
  auto storage = RankedTensorType::get(
      {elements}, mb.getIntegerType(elementType.getIntOrFloatBitWidth()));
  GlobalOp::create(mb, loc, mb.getStringAttr(name), TypeAttr::get(storage),
                   Attribute(), mb.getI32IntegerAttr(3),
                   mb.getI64IntegerAttr(alignment), UnitAttr());
  return GetGlobalOp::create(b, loc, nv_tileaa::PtrType::get(elementType, 3),
                             name);
}

/// The module's pool of device-built tensor maps (256-byte entries: the
/// map and its lock), at least `entries` long.
Value getTmaPool(OpBuilder &b, Location loc, ModuleOp module,
                 int64_t entries) {
  constexpr StringLiteral kPool = "tilecc_tma_pool";
  auto type = RankedTensorType::get({entries * 256}, b.getI8Type());
  auto pool = dyn_cast_if_present<GlobalOp>(module.lookupSymbol(kPool));
  if (!pool) {
    OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
    GlobalOp::create(mb, loc, mb.getStringAttr(kPool), TypeAttr::get(type),
                     Attribute(), mb.getI32IntegerAttr(1),
                     mb.getI64IntegerAttr(128), UnitAttr());
  } else if (cast<RankedTensorType>(pool.getType()).getNumElements() <
             type.getNumElements()) {
    pool.setType(type);
  }
  return GetGlobalOp::create(
      b, loc, nv_tileaa::PtrType::get(b.getI8Type(), 1), kPool);
}

/// Builds the tensor maps of `operands` and the pipeline of a `stages`-deep
/// TMA ring before the loop (at `b`).
TmaRing createTmaRing(OpBuilder &b, Location loc, ModuleOp module,
                      ArrayRef<StagedOperand> operands, unsigned stages,
                      unsigned &counter) {
  // tcgen05 reads its slots asynchronously, after the issuing thread moved
  // on: its commits release them (mma_release), not the threads.
  bool releasedByMma = llvm::any_of(
      operands, [](const StagedOperand &s) { return s.tcgen05; });
  TmaRing tma;
  OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
  Value pool = getTmaPool(b, loc, module,
                          int64_t(::tilecc::kMaxResidentCtas) *
                              int64_t(operands.size()));
  SmallVector<Type> tiles;
  for (const StagedOperand &operand : operands) {
    TiledLoadOp load = operand.load;
    auto make = load.getView().getDefiningOp<MakeTiledViewOp>();
    // The map is written in a shared buffer first; its pool entry's index
    // follows it.
    std::string staging = getFreshName(module, "tilecc_tma_staging_", counter);
    GlobalOp::create(mb, loc, mb.getStringAttr(staging),
                     TypeAttr::get(RankedTensorType::get({144}, b.getI8Type())),
                     Attribute(), mb.getI32IntegerAttr(3),
                     mb.getI64IntegerAttr(128), UnitAttr());
    Value stagingPtr = GetGlobalOp::create(
        b, loc, nv_tileaa::PtrType::get(b.getI8Type(), 3), staging);
    auto desc = MakeTiledTmaDescOp::create(
        b, load.getLoc(), getTmaBox(operand), make.getBase(),
        make.getSizes(), make.getStrides(), stagingPtr, pool,
        b.getI32IntegerAttr(operand.tmaSwizzle));
    tma.descs.push_back(desc);
    tiles.push_back(operand.value().getType());
  }
  // A full and an empty barrier per slot.
  std::string barriers = getFreshName(module, "tilecc_ring_barriers_", counter);
  GlobalOp::create(
      mb, loc, mb.getStringAttr(barriers),
      TypeAttr::get(RankedTensorType::get({2 * int64_t(stages)}, b.getI64Type())),
      Attribute(), mb.getI32IntegerAttr(3), mb.getI64IntegerAttr(8),
      UnitAttr());
  Value barrierPtr = GetGlobalOp::create(
      b, loc, nv_tileaa::PtrType::get(b.getI64Type(), 3), barriers);
  tma.pipeline = PipelineCreateOp::create(
      b, loc, PipelineType::get(b.getContext(), tiles), barrierPtr,
      b.getI32IntegerAttr(stages),
      releasedByMma ? b.getUnitAttr() : UnitAttr());
  return tma;
}

/// Fill `fill` of the TMA ring: the operands' tiles whose induction value is
/// `iv`, into slot `slot`, between the producer's acquire and commit.
SmallVector<Value> issueTmaFill(OpBuilder &b, ArrayRef<StagedOperand> operands,
                                const TmaRing &tma, ArrayRef<Value> rings,
                                scf::ForOp loop, Value iv, Value slot,
                                Value fill, IRMapping mapping,
                                bool copyIssuerWaits = false) {
  Location loc = loop.getLoc();
  ProducerAcquireOp::create(b, loc, tma.pipeline, fill,
                            copyIssuerWaits ? b.getUnitAttr() : UnitAttr());
  mapping.map(loop.getInductionVar(), iv);
  SmallVector<Value> futures;
  for (auto [operand, ring, desc] : llvm::zip(operands, rings, tma.descs)) {
    TiledLoadOp load = operand.load;
    for (Operation *op : operand.indexOps)
      b.clone(*op, mapping);
    // Tile indices to element coordinates.
    auto type = cast<RankedTensorType>(load.getResult().getType());
    SmallVector<Value> coords;
    for (auto [d, index] : llvm::enumerate(load.getIndices()))
      coords.push_back(arith::MulIOp::create(
          b, loc, mapping.lookupOrDefault(index),
          arith::ConstantIndexOp::create(b, loc, type.getDimSize(d))));
    auto copy = TmaLoadOp::create(
        b, load.getLoc(), FutureType::get(b.getContext(), operand.value().getType()),
        desc, coords, ring, slot, tma.pipeline, fill);
    futures.push_back(copy);
  }
  ProducerCommitOp::create(b, loc, tma.pipeline, fill);
  return futures;
}

/// The loop's wgmma dot that may leave its MMAs in flight: the only wgmma
/// dot of the loop, both operands read from rings, its accumulator a loop
/// value that only it reads and whose next value only the yield takes.
DotOp findAsyncDot(scf::ForOp loop, ArrayRef<StagedOperand> operands) {
  DotOp found = findOnlyDot(loop, isWgmmaDot);
  if (!found)
    return {};
  auto staged = [&](Value v, int which) {
    return llvm::any_of(operands, [&](const StagedOperand &s) {
      return s.wgmmaOperand == which && s.value() == v;
    });
  };
  if (!staged(found.getA(), 0) || !staged(found.getB(), 1))
    return {};
  if (!carriesAccumulator(loop, found))
    return {};
  return found;
}

/// How a loop's dot runs against its rings.
enum class DotSchedule {
  Sync,      // the dot waits for its MMAs
  SpareSlot, // MMAs in flight; a ring slot more for them
  Barrier,   // MMAs in flight; refills after the dot_wait and a barrier
};

/// One ring of `stages` tile-sized slots per operand, each a module global
/// in shared memory; the rings' addresses at `b`.
SmallVector<Value> createRings(OpBuilder &b, Location loc, ModuleOp module,
                               ArrayRef<StagedOperand> operands,
                               unsigned stages, unsigned &ringCounter) {
  SmallVector<Value> rings;
  for (const StagedOperand &operand : operands) {
    TiledLoadOp load = operand.load;
    auto type = cast<RankedTensorType>(load.getResult().getType());
    // A wgmma operand ring starts its slots on the 1024-byte boundary where
    // the descriptor's swizzle pattern repeats (slots are whole atoms).
    rings.push_back(createSharedBuffer(b, loc, module, type.getElementType(),
                                       stages * type.getNumElements(),
                                       operand.isWgmma() ? 1024 : 128,
                                       ringCounter));
  }
  return rings;
}

/// Clones `loop`'s body but its terminator and the loads and conversions
/// of `operands` (which arrive through rings instead) at `b`.
void cloneBodyWithoutStagedOperands(OpBuilder &b, scf::ForOp loop,
                                    ArrayRef<StagedOperand> operands,
                                    IRMapping &mapping) {
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (llvm::any_of(operands, [&](StagedOperand s) {
          return s.load.getOperation() == &op ||
                 (s.convert && s.convert.getOperation() == &op);
        }))
      continue;
    b.clone(op, mapping);
  }
}

/// Rewrites `loop` so that `operands` arrive through `stages`-deep rings;
/// `asyncDot` leaves its MMAs in flight across K steps unless `schedule` is
/// Sync.
scf::ForOp pipelineLoop(scf::ForOp loop, ArrayRef<StagedOperand> operands,
                        unsigned stages, ModuleOp module,
                        unsigned &ringCounter, DotOp asyncDot,
                        DotSchedule schedule) {
  if (schedule == DotSchedule::Sync)
    asyncDot = {};
  // Tiles whose copies are in flight at the top of an iteration; with a
  // spare slot, one slot more is still read by the MMAs in flight.
  unsigned ahead = stages - 1 - (schedule == DotSchedule::SpareSlot ? 1 : 0);
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  SmallVector<Value> rings =
      createRings(b, loc, module, operands, stages, ringCounter);
  // TMA fills the ring when every operand allows it.
  bool useTma = llvm::all_of(
      operands, [](const StagedOperand &s) { return s.tmaSwizzle != 0; });
  // A tcgen05 dot's ring is released by its MMAs (mma_release): only the
  // issuing warp waits for a fill, and the next fill is issued after this
  // step's MMAs are, so that waiting for its slot (the previous step's
  // MMAs) leaves this step's queued behind them.
  bool mmaRing = useTma && operands.front().tcgen05;
  TmaRing tma;
  if (useTma) {
    unsigned counter = 0;
    tma = createTmaRing(b, loc, module, operands, stages, counter);
  }
  // Prologue: tiles 0 .. ahead-1 into slots 0 .. ahead-1.
  SmallVector<Value> inits(loop.getInitArgs());
  Value lb = loop.getLowerBound(), step = loop.getStep();
  for (unsigned s = 0; s < ahead; ++s) {
    Value iv = ivPlus(b, loc, lb, step, s);
    Value slot = arith::ConstantIndexOp::create(b, loc, s);
    if (useTma) {
      llvm::append_range(inits, issueTmaFill(b, operands, tma, rings, loop, iv,
                                             slot, slot, {}, mmaRing));
      continue;
    }
    for (auto [operand, ring] : llvm::zip(operands, rings))
      inits.push_back(issueCopy(b, operand, loop, iv, ring, slot, {}));
  }
  // With TMA, the fill the iteration consumes.
  if (useTma)
    inits.push_back(arith::ConstantIndexOp::create(b, loc, 0));
  inits.push_back(arith::ConstantIndexOp::create(b, loc, ahead));

  auto newLoop = scf::ForOp::create(b, loc, lb, loop.getUpperBound(), step,
                                    inits);
  Block *body = newLoop.getBody();
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
  unsigned numOld = loop.getNumRegionIterArgs();
  for (unsigned i = 0; i < numOld; ++i)
    mapping.map(loop.getRegionIterArg(i), newLoop.getRegionIterArg(i));
  size_t numOperands = operands.size();
  auto future = [&](unsigned stage, size_t operand) {
    return newLoop.getRegionIterArg(numOld + stage * numOperands + operand);
  };
  Value writeSlot = newLoop.getRegionIterArgs().back();
  Value fill = useTma ? newLoop.getRegionIterArgs().drop_back().back() : Value();

  OpBuilder nb = OpBuilder::atBlockBegin(body);
  // Wait until this iteration's tiles are in (the newer ones may still fly);
  // the wait is also the barrier after which the slot read by the previous
  // iteration (with MMAs in flight: the one before) may be refilled.
  SmallVector<Value> current;
  for (size_t o = 0; o < numOperands; ++o)
    current.push_back(future(0, o));
  if (useTma) {
    ConsumerWaitOp::create(nb, loc, tma.pipeline, fill,
                           mmaRing ? nb.getUnitAttr() : UnitAttr());
  } else {
    auto wait = AsyncWaitOp::create(
        nb, loc, current, nb.getI32IntegerAttr((ahead - 1) * numOperands));
    if (llvm::any_of(operands,
                     [](const StagedOperand &s) { return s.isWgmma(); }))
      wait->setAttr(kAsyncProxyFenceAttrName, nb.getUnitAttr());
  }
  SmallVector<Value> issued;
  auto issueNext = [&] {
    Value nextIv = ivPlus(nb, loc, newLoop.getInductionVar(), step, ahead);
    if (useTma) {
      Value nextFill = arith::AddIOp::create(
          nb, loc, fill, arith::ConstantIndexOp::create(nb, loc, ahead));
      issued = issueTmaFill(nb, operands, tma, rings, loop, nextIv, writeSlot,
                            nextFill, mapping, mmaRing);
      return;
    }
    for (auto [operand, ring] : llvm::zip(operands, rings))
      issued.push_back(issueCopy(nb, operand, loop, nextIv, ring, writeSlot,
                                 mapping));
  };
  if (schedule != DotSchedule::Barrier && !mmaRing)
    issueNext();
  for (auto [o, operand] : llvm::enumerate(operands)) {
    Value value = operand.value();
    auto wait = FutureWaitOp::create(nb, value.getLoc(), value.getType(),
                                     future(0, o));
    if (operand.isWgmma())
      wait->setAttr(operand.slotAttrName(),
                    nb.getI32IntegerAttr(operand.wgmmaOperand));
    mapping.map(value, wait.getResult());
  }
  // The rest of the body, without the staged loads and conversions.
  cloneBodyWithoutStagedOperands(nb, loop, operands, mapping);
  // The K step's MMAs stay in flight until the next step's are issued.
  if (asyncDot) {
    Value issuedDot = mapping.lookup(asyncDot.getResult());
    issuedDot.getDefiningOp()->setAttr(kAsyncMmaAttrName, nb.getUnitAttr());
    mapping.map(asyncDot.getResult(),
                DotWaitOp::create(nb, asyncDot.getLoc(), issuedDot.getType(),
                                  issuedDot, nb.getI32IntegerAttr(1))
                    .getResult());
  }
  // With TMA the readers of a fill release it: the previous iteration's
  // once this one's dot_wait retired its MMAs, else this iteration's.
  // (Fill -1, released by the first iteration, is none: no branch, which
  // would make the accumulators in flight cross a block boundary.)
  if (useTma && asyncDot) {
    ConsumerReleaseOp::create(
        nb, loc, tma.pipeline,
        arith::SubIOp::create(nb, loc, fill,
                              arith::ConstantIndexOp::create(nb, loc, 1)));
  } else if (mmaRing) {
    // The tensor core frees the slot once this step's MMAs read it.
    MmaReleaseOp::create(nb, loc, tma.pipeline, fill);
    issueNext();
  } else if (useTma) {
    ConsumerReleaseOp::create(nb, loc, tma.pipeline, fill);
  }
  // The previous iteration's MMAs are retired in this warpgroup; after the
  // barrier in all (with TMA: its release): refill their slot. (The wait's
  // count leaves this iteration's copies in flight as they are.)
  if (schedule == DotSchedule::Barrier && useTma) {
    issueNext();
  } else if (schedule == DotSchedule::Barrier) {
    SmallVector<Value> inFlight;
    for (unsigned s = 0; s < ahead; ++s)
      for (size_t o = 0; o < numOperands; ++o)
        inFlight.push_back(future(s, o));
    AsyncWaitOp::create(nb, loc, inFlight,
                        nb.getI32IntegerAttr((ahead - 1) * numOperands));
    issueNext();
  }
  auto oldYield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<Value> yields;
  for (Value v : oldYield.getOperands())
    yields.push_back(mapping.lookupOrDefault(v));
  for (unsigned s = 1; s < ahead; ++s)
    for (size_t o = 0; o < numOperands; ++o)
      yields.push_back(future(s, o));
  yields.append(issued);
  Value one = arith::ConstantIndexOp::create(nb, loc, 1);
  if (useTma)
    yields.push_back(arith::AddIOp::create(nb, loc, fill, one));
  Value zero = arith::ConstantIndexOp::create(nb, loc, 0);
  Value last = arith::ConstantIndexOp::create(nb, loc, stages - 1);
  Value wraps = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::eq,
                                      writeSlot, last);
  yields.push_back(arith::SelectOp::create(
      nb, loc, wraps, zero, arith::AddIOp::create(nb, loc, writeSlot, one)));
  scf::YieldOp::create(nb, loc, yields);

  b.setInsertionPointAfter(newLoop);
  // The last K step's MMAs end before anything reads the accumulator, and
  // in every warp before the drain's barrier: a later instance of the loop
  // refills the slots they read.
  nv_tileas::DotWaitOp drain;
  if (asyncDot)
    drain = DotWaitOp::create(
        b, asyncDot.getLoc(), asyncDot.getType(),
        newLoop.getResult(
            cast<BlockArgument>(asyncDot.getC()).getArgNumber() - 1),
        b.getI32IntegerAttr(0));
  // Drain the copies still in flight (tiles past the end, zero-filled,
  // never read).
  if (useTma) {
    // Then no bulk copy reads the tensor maps any more.
    Value fillEnd = newLoop.getResults().drop_back().back();
    for (unsigned s = 0; s < ahead; ++s)
      ConsumerWaitOp::create(
          b, loc, tma.pipeline,
          arith::AddIOp::create(b, loc, fillEnd,
                                arith::ConstantIndexOp::create(b, loc, s)),
          mmaRing ? b.getUnitAttr() : UnitAttr());
    for (Value desc : tma.descs)
      TmaDescReleaseOp::create(b, loc, desc);
  } else {
    SmallVector<Value> pending;
    for (unsigned s = 0; s < ahead; ++s)
      for (size_t o = 0; o < numOperands; ++o)
        pending.push_back(newLoop.getResult(numOld + s * numOperands + o));
    AsyncWaitOp::create(b, loc, pending, b.getI32IntegerAttr(0));
  }
  loop.replaceAllUsesWith(newLoop.getResults().take_front(numOld));
  if (drain)
    drain.getAcc().replaceAllUsesExcept(drain.getResult(), drain);
  loop.erase();
  return newLoop;
}

/// Registers a consumer thread needs besides its accumulator fragment
/// (descriptors, addresses, the loop's counters and phases).
constexpr unsigned kConsumerRegisterOverhead = 48;

/// Whether `op`, before a warp-specialized loop in its kernel, may run on
/// the producer warps too: it reads and writes no memory and works on no
/// tile (a tile's layout has no place for the producer warps; constants
/// are per-thread values).
bool runsOnEveryWarp(Operation *op) {
  if (op->getNumRegions() || !isMemoryEffectFree(op))
    return false;
  return llvm::none_of(op->getOperandTypes(), [](Type type) {
    return isa<RankedTensorType>(type);
  });
}

/// The kernel whose body holds `loop` run once by every warp up to it: the
/// loop sits in the body or in branches of scf.if ops there (a condition
/// on scalars, the same for every thread of the CTA), after only code every
/// warp may run in each enclosing block; null otherwise. The producer warps
/// leave the kernel after the loop, and at the branches that do not lead to
/// it (WarpRoles.cpp).
FunctionOpInterface getWarpRoleKernel(scf::ForOp loop) {
  Operation *op = loop;
  for (; !isa<FunctionOpInterface>(op->getParentOp());
       op = op->getParentOp())
    if (!isa<scf::IfOp>(op->getParentOp()))
      return {};
  for (Operation *node = loop; node != op->getParentOp();
       node = node->getParentOp())
    for (Operation *before = &node->getBlock()->front(); before != node;
         before = before->getNextNode())
      if (!runsOnEveryWarp(before))
        return {};
  return cast<FunctionOpInterface>(op->getParentOp());
}

/// The warp roles of a warp-specialized version of `loop`, whose wgmma dot
/// `asyncDot` reads both operands from TMA rings, or std::nullopt where the
/// loop keeps every warp in both roles: every warp reaches the loop
/// (getWarpRoleKernel), the kernel has no producer role yet and its warps
/// and registers leave room for a producer warpgroup.
std::optional<::tilecc::WarpRoleRegisters>
chooseWarpRoles(scf::ForOp loop, DotOp asyncDot) {
  FunctionOpInterface func = getWarpRoleKernel(loop);
  if (!func || !func.isPublic() || !func.getResultTypes().empty())
    return std::nullopt;
  if (func->walk([](PipelineProducerOp op) {
            return op.getWarps() ? WalkResult::interrupt()
                                 : WalkResult::advance();
          }).wasInterrupted())
    return std::nullopt;
  auto acc = cast<RankedTensorType>(asyncDot.getC().getType());
  auto enc = LinearEncodingAttr::of(acc);
  if (!enc)
    return std::nullopt;
  unsigned warps = enc.getNumWarps();
  if (warps % 4 || 32 * (warps + kProducerWarps) > ::tilecc::kMaxThreadsPerCTA)
    return std::nullopt;
  // A register budget the kernel spec fixed holds for every thread.
  unsigned ctasPerSM = 1;
  if (auto spec = func->getAttrOfType<nv_tileaa::KernelSpecAttr>(
          "nv_tileaa.kernel_spec")) {
    if (spec.getMaxRegisters())
      return std::nullopt;
    ctasPerSM = spec.getOccupancy().value_or(1);
  }
  int64_t accRegisters =
      llvm::divideCeil(acc.getNumElements() * acc.getElementTypeBitWidth(),
                       32 * 32 * int64_t(warps));
  return ::tilecc::chooseWarpRoleRegisters(
      kProducerWarps, warps, unsigned(accRegisters) + kConsumerRegisterOverhead,
      ctasPerSM);
}

/// Warp specialization of the TMA ring of `loop` (see the file comment):
/// the tensor maps and the pipeline are made before the loop by every warp;
/// a producer role of its own warpgroup issues fill i of iteration i into
/// slot i mod stages (producer_acquire, tma_load, producer_commit), and the
/// consumer role, on the kernel's warps, runs the loop waiting for fill i
/// (consumer_wait), reading the slots through async.pipeline.slot, leaving
/// the iteration's MMAs in flight and releasing fill i - 1 once its MMAs
/// retired. The last fill needs no release: no producer waits for it.
///
/// A tcgen05 dot (`asyncDot` of that family, its accumulator to stay in
/// tensor memory) instead has its ring released by its MMAs: only the
/// MMA-issuing warp waits for a fill (consumer_wait `mma_issuer`), the
/// issuing thread's commit frees it (mma_release), and the other consumer
/// warps go through the loop without waiting, to the epilogue's wait for
/// the accumulator. Returns the consumer's loop.
scf::ForOp specializeWarps(scf::ForOp loop, ArrayRef<StagedOperand> operands,
                           unsigned stages, ModuleOp module,
                           unsigned &ringCounter, DotOp asyncDot,
                           ::tilecc::WarpRoleRegisters registers) {
  bool tcgen05 = isTcgen05Dot(asyncDot);
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  SmallVector<Value> rings =
      createRings(b, loc, module, operands, stages, ringCounter);
  unsigned counter = 0;
  TmaRing tma = createTmaRing(b, loc, module, operands, stages, counter);
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        step = loop.getStep();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value last = arith::ConstantIndexOp::create(b, loc, stages - 1);
  auto nextSlot = [&](OpBuilder &nb, Value slot) {
    Value wraps =
        arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::eq, slot, last);
    return arith::SelectOp::create(nb, loc, wraps, zero,
                                   arith::AddIOp::create(nb, loc, slot, one));
  };
  auto registerAttr = [&](std::optional<unsigned> count) {
    return count ? b.getI32IntegerAttr(*count) : IntegerAttr();
  };

  // The producer role: fill i, for iteration i, into slot i mod stages.
  auto producer = PipelineProducerOp::create(
      b, loc, tma.pipeline, b.getI32IntegerAttr(kProducerWarps),
      registerAttr(registers.producer));
  {
    OpBuilder pb = OpBuilder::atBlockBegin(&producer.getBody().emplaceBlock());
    auto fills = scf::ForOp::create(pb, loc, lb, ub, step, {zero, zero});
    OpBuilder fb = OpBuilder::atBlockBegin(fills.getBody());
    Value fill = fills.getRegionIterArg(0), slot = fills.getRegionIterArg(1);
    issueTmaFill(fb, operands, tma, rings, loop, fills.getInductionVar(), slot,
                 fill, {});
    scf::YieldOp::create(
        fb, loc,
        ValueRange{arith::AddIOp::create(fb, loc, fill, one), nextSlot(fb, slot)});
    YieldOp::create(pb, loc, ValueRange());
  }

  // The consumer role: the loop on the kernel's warps.
  auto accType = cast<RankedTensorType>(asyncDot.getC().getType());
  auto consumer = PipelineConsumerOp::create(
      b, loc, loop.getResultTypes(), tma.pipeline,
      b.getI32IntegerAttr(LinearEncodingAttr::of(accType).getNumWarps()),
      registerAttr(registers.consumer));
  OpBuilder cb = OpBuilder::atBlockBegin(&consumer.getBody().emplaceBlock());
  SmallVector<Value> inits(loop.getInitArgs());
  inits.append({zero, zero});
  auto newLoop = scf::ForOp::create(cb, loc, lb, ub, step, inits);
  unsigned numOld = loop.getNumRegionIterArgs();
  Value fill = newLoop.getRegionIterArg(numOld),
        slot = newLoop.getRegionIterArg(numOld + 1);
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
  for (unsigned i = 0; i < numOld; ++i)
    mapping.map(loop.getRegionIterArg(i), newLoop.getRegionIterArg(i));
  OpBuilder nb = OpBuilder::atBlockBegin(newLoop.getBody());
  ConsumerWaitOp::create(nb, loc, tma.pipeline, fill,
                         tcgen05 ? nb.getUnitAttr() : UnitAttr());
  for (auto [operand, ring] : llvm::zip(operands, rings)) {
    Value value = operand.value();
    Value future = PipelineSlotOp::create(
        nb, loc, FutureType::get(nb.getContext(), value.getType()), ring, slot);
    auto wait = FutureWaitOp::create(nb, value.getLoc(), value.getType(),
                                     future);
    wait->setAttr(operand.slotAttrName(),
                  nb.getI32IntegerAttr(operand.wgmmaOperand));
    mapping.map(value, wait.getResult());
  }
  cloneBodyWithoutStagedOperands(nb, loop, operands, mapping);
  if (tcgen05) {
    // The tensor core frees the slot once this step's MMAs read it.
    MmaReleaseOp::create(nb, loc, tma.pipeline, fill);
  } else {
    // The K step's MMAs stay in flight until the next step's are issued;
    // the wait retiring the previous step's lets its fill go.
    Value issued = mapping.lookup(asyncDot.getResult());
    issued.getDefiningOp()->setAttr(kAsyncMmaAttrName, nb.getUnitAttr());
    mapping.map(asyncDot.getResult(),
                DotWaitOp::create(nb, asyncDot.getLoc(), issued.getType(),
                                  issued, nb.getI32IntegerAttr(1))
                    .getResult());
    ConsumerReleaseOp::create(nb, loc, tma.pipeline,
                              arith::SubIOp::create(nb, loc, fill, one));
  }
  SmallVector<Value> yields;
  for (Value v : loop.getBody()->getTerminator()->getOperands())
    yields.push_back(mapping.lookupOrDefault(v));
  yields.push_back(arith::AddIOp::create(nb, loc, fill, one));
  yields.push_back(nextSlot(nb, slot));
  scf::YieldOp::create(nb, loc, yields);
  // The last K step's MMAs end before anything reads the accumulator.
  // (A tcgen05 accumulator: the tensor-memory rewrite adds the wait.)
  SmallVector<Value> results(newLoop.getResults().take_front(numOld));
  unsigned accIndex = cast<BlockArgument>(asyncDot.getC()).getArgNumber() - 1;
  if (!tcgen05)
    results[accIndex] =
        DotWaitOp::create(cb, asyncDot.getLoc(), accType, results[accIndex],
                          cb.getI32IntegerAttr(0));
  YieldOp::create(cb, loc, results);

  // No bulk copy reads the tensor maps any more.
  b.setInsertionPointAfter(consumer);
  for (Value desc : tma.descs)
    TmaDescReleaseOp::create(b, loc, desc);
  loop.replaceAllUsesWith(consumer.getResults());
  loop.erase();
  return newLoop;
}

/// A loop-invariant A of a tcgen05 dot in `loop`'s body that keeps the
/// per-dot lowering (attention's Q in S = Q K^T: converted from a load
/// before the loop, read only by that dot) is copied once, before the loop,
/// by cp.async into a slot of its own in the K-major canonical layout
/// (lib/Layout's wgmmaKMajorA) that the dot's descriptors read, rather than
/// held in registers across the loop and stored into shared memory by every
/// iteration. The slot is a module global like a ring's, counted by the
/// ring budgets and the memory plan.
void stageInvariantTcgen05A(scf::ForOp loop, ModuleOp module,
                            unsigned &ringCounter) {
  for (DotOp dot : llvm::to_vector(loop.getBody()->getOps<DotOp>())) {
    MmaAtomAttr atom = dot.getAtom();
    std::optional<tl::Tcgen05Shape> instr =
        isTcgen05Dot(dot)
            ? tl::getTcgen05Shape(atom.getAName(), atom.getBName(),
                                  atom.getCName())
            : std::nullopt;
    auto convert = dot.getA().getDefiningOp<ConvertLayoutOp>();
    if (!instr || instr->splitF32 || !convert || !convert->hasOneUse() ||
        dot.getA() == dot.getB() || loop->isAncestor(convert))
      continue;
    auto load = convert.getSource().getDefiningOp<TiledLoadOp>();
    unsigned copyBits = 0;
    auto type = cast<RankedTensorType>(convert.getType());
    if (!load || !isCopyableLoad(load, copyBits) || type.getRank() != 2 ||
        type.getElementTypeBitWidth() !=
            cast<RankedTensorType>(dot.getB().getType())
                .getElementTypeBitWidth())
      continue;
    int64_t m = type.getDimSize(0);
    llvm::Expected<tl::WgmmaSharedOperand> shared =
        tl::wgmmaKMajorA(m, type.getDimSize(1), type.getElementTypeBitWidth());
    if (!shared) {
      llvm::consumeError(shared.takeError());
      continue;
    }
    if (m != 64 && m % 128 != 0)
      continue;
    Location loc = load.getLoc();
    OpBuilder b(convert);
    Value slot =
        createSharedBuffer(b, loc, module, type.getElementType(),
                           type.getNumElements(), /*alignment=*/1024,
                           ringCounter);
    auto copy = AsyncLoadOp::create(
        b, loc, FutureType::get(b.getContext(), type), load.getView(),
        load.getIndices(), slot, arith::ConstantIndexOp::create(b, loc, 0),
        CopyAtomAttr::get(b.getContext(), CopyKind::cp_async, copyBits));
    copy->setAttr(kTcgen05OperandAttrName, b.getI32IntegerAttr(0));
    // In before the loop, and visible to the tensor core (async proxy).
    auto wait = AsyncWaitOp::create(b, loc, ValueRange{copy.getResult()},
                                    b.getI32IntegerAttr(0));
    wait->setAttr(kAsyncProxyFenceAttrName, b.getUnitAttr());
    auto staged = FutureWaitOp::create(b, loc, type, copy.getResult());
    staged->setAttr(kTcgen05OperandAttrName, b.getI32IntegerAttr(0));
    dot->setOperand(0, staged.getResult());
    convert.erase();
    load.erase();
  }
}

/// Tensor memory for a resident accumulator: a 16-byte shared-memory global
/// of its own (the completion mbarrier, then the address tcgen05.alloc
/// writes) and the tmem_alloc of the accumulator's columns at `b`. The one
/// place the schedule plans tensor memory.
TmemAllocOp allocateTensorMemory(OpBuilder &b, Location loc, ModuleOp module,
                                 Value init, unsigned &counter) {
  std::string name;
  do
    name = "tilecc_tmem_" + std::to_string(counter++);
  while (module.lookupSymbol(name));
  OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
  GlobalOp::create(mb, loc, mb.getStringAttr(name),
                   TypeAttr::get(RankedTensorType::get({2}, mb.getI64Type())),
                   Attribute(), mb.getI32IntegerAttr(3),
                   mb.getI64IntegerAttr(8), UnitAttr());
  Value state = GetGlobalOp::create(
      b, loc, nv_tileaa::PtrType::get(b.getI64Type(), 3), name);
  auto type = cast<RankedTensorType>(init.getType());
  return TmemAllocOp::create(b, loc, TmemAccType::get(b.getContext(), type),
                             init, state);
}

/// In `loop` (pipelined or not), the tcgen05 dot decideTmemAccumulator chose
/// (reading A and B from ring slots, their future_waits marked as canonical
/// operands by matchTmemDotOperand, or from registers) keeps its
/// accumulator in tensor memory: tmem_alloc
/// before the loop, the loop carries the tensor-memory accumulator, each
/// iteration first waits for the previous K step's MMAs (tmem_wait: the
/// slot they read is refilled after the barrier that follows), issues and
/// commits its own without waiting (tmem_dot), and tmem_load reads the
/// result once after the loop.
void keepAccumulatorInTensorMemory(scf::ForOp loop, ModuleOp module,
                                   unsigned &counter) {
  // A TMA ring released by the MMAs (mma_release) needs no wait in the loop:
  // its slots are refilled after their MMAs' commits, and the accumulator
  // is committed once, after the loop (tmem_commit), for tmem_load.
  bool releasedByMma = false;
  loop.getBody()->walk([&](MmaReleaseOp) { releasedByMma = true; });
  std::optional<TmemCandidate> candidate = findTmemCandidate(loop);
  // Rescaling the accumulator in the loop needs its MMAs complete
  // (tmem_wait), which a ring released by the MMAs does not give.
  if (!candidate || (candidate->rescale && releasedByMma))
    return;
  DotOp dot = candidate->dot;
  arith::MulFOp rescale = candidate->rescale;
  auto acc = cast<BlockArgument>(
      rescale ? (isa<BlockArgument>(rescale.getLhs()) ? rescale.getLhs()
                                                       : rescale.getRhs())
              : dot.getC());
  unsigned index = acc.getArgNumber() - 1;
  auto accType = cast<RankedTensorType>(acc.getType());
  Location loc = dot.getLoc();
  OpBuilder b(loop);
  TmemAllocOp alloc = allocateTensorMemory(
      b, loc, module, loop.getInitArgs()[index], counter);
  Type tmemType = alloc.getType();
  loop.getInitArgsMutable()[index].assign(alloc);
  acc.setType(tmemType);
  loop.getResult(index).setType(tmemType);
  // The previous K step's MMAs are waited for at the top of the iteration,
  // before the async_wait's barrier: the refill of their slot follows that
  // barrier, and so does the next commit, so no thread is still waiting
  // for a phase when the next one completes (one mbarrier, waited by
  // parity, must not run two phases ahead of a waiter).
  b.setInsertionPointToStart(loop.getBody());
  Value waited =
      releasedByMma ? Value(acc) : TmemWaitOp::create(b, loc, tmemType, acc);
  // O *= alpha where the product was: the factors in the rows' layout of
  // the accumulator's tcgen05.ld (lib/Layout), each thread its rows.
  if (rescale) {
    auto enc = LinearEncodingAttr::of(accType);
    int64_t m = accType.getDimSize(0), n = accType.getDimSize(1);
    Value rows = getRowFactors(rescale);
    auto rowsType = RankedTensorType::get(
        cast<RankedTensorType>(rows.getType()).getShape(),
        accType.getElementType(),
        LinearEncodingAttr::get(
            b.getContext(), tl::getTcgen05AccumulatorRowLayout(
                                m, n, enc.getNumWarps() / 4, m == 64)));
    b.setInsertionPoint(rescale);
    if (rows.getType() != rowsType)
      rows = ConvertLayoutOp::create(b, loc, rowsType, rows);
    waited = TmemScaleOp::create(b, loc, tmemType, waited, rows);
  }
  b.setInsertionPoint(dot);
  Value issued = TmemDotOp::create(
      b, loc, tmemType, dot.getA(), dot.getB(), waited, dot.getAtomAttr(),
      releasedByMma ? b.getUnitAttr() : UnitAttr());
  dot.getResult().replaceAllUsesWith(issued);
  dot.erase();
  if (rescale) {
    SmallVector<Operation *> dead;
    for (Value operand : rescale->getOperands())
      if (auto bc = operand.getDefiningOp<BroadcastOp>())
        dead.push_back(bc);
    rescale.erase();
    for (Operation *op : dead)
      if (op->use_empty())
        op->erase();
  }
  b.setInsertionPointAfter(loop);
  Value result = loop.getResult(index);
  Operation *reader = nullptr;
  if (releasedByMma)
    reader = TmemCommitOp::create(b, loc, tmemType, result);
  auto load = TmemLoadOp::create(
      b, loc, accType, reader ? reader->getResult(0) : result);
  result.replaceAllUsesExcept(load.getResult(),
                              reader ? reader : load.getOperation());
}

/// The operands of `loop` that may arrive through rings (`tmemDot`'s in the
/// canonical layouts its descriptors name; `resident`, the dot keeping its
/// accumulator in tensor memory, reads no K-major B slot).
SmallVector<StagedOperand> collectOperands(scf::ForOp loop, DotOp tmemDot,
                                           DotOp resident = {}) {
  SmallVector<StagedOperand> operands;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto convert = dyn_cast<ConvertLayoutOp>(op))
      if (auto operand = matchOperand(convert, loop, tmemDot))
        operands.push_back(std::move(*operand));
    if (auto load = dyn_cast<TiledLoadOp>(op)) {
      if (auto operand = matchWgmmaOperand(load, loop))
        operands.push_back(std::move(*operand));
      else if (auto operand = matchTcgen05KMajorB(
                   load, loop, resident ? resident : tmemDot))
        operands.push_back(std::move(*operand));
    }
  }
  return operands;
}

/// The ring depth the kernel-spec decision recorded on the function holding
/// `op` (`nv_tileaa.num_stages`, TileAAToTileAS's KernelResources.cpp).
std::optional<unsigned> getKernelNumStages(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto depth = op->getAttrOfType<IntegerAttr>("nv_tileaa.num_stages"))
      return depth.getInt();
  return std::nullopt;
}

struct PipelineDotOperandsPass
    : public mlir::nv_tileas::impl::TileASPipelineDotOperandsBase<PipelineDotOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto cc = module->getAttrOfType<IntegerAttr>("nv_tileas.compute_capability");
    // cp.async exists from sm_80.
    if (!cc || cc.getInt() < 80)
      return;
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    unsigned ringCounter = 0, tmemCounter = 0;
    for (scf::ForOp loop : loops) {
      stageInvariantTcgen05A(loop, module, ringCounter);
      // A tcgen05 dot carrying its accumulator through the loop keeps it in
      // tensor memory: with A and B through rings in the canonical layouts
      // when both can be, else from registers (whose loads may still come
      // through rings, as for mma.sync).
      std::optional<TmemDecision> tmem = decideTmemAccumulator(loop);
      DotOp tmemDot =
          tmem && tmem->operands == TmemOperands::Slots ? tmem->dot : DotOp();
      SmallVector<StagedOperand> operands;
      if (tmemDot) {
        operands = collectOperands(loop, tmemDot);
        if (llvm::count_if(operands, [](const StagedOperand &s) {
              return s.isWgmma();
            }) != 2) {
          tmem->operands = TmemOperands::Registers;
          tmemDot = {};
        }
      }
      DotOp registerStaged;
      if (tmem && tmem->operands == TmemOperands::Registers) {
        // Its operand buffer is the kernel's for good: where that does not
        // fit beside the rest, the dot keeps the per-dot lowering.
        if (sharedBytesBesides(module, {}, tmem->dot) >
            getStaticSharedBudget(module)) {
          tmem = std::nullopt;
        } else {
          useStagingLayouts(tmem->dot);
          registerStaged = tmem->dot;
        }
      }
      if (!tmemDot)
        operands = collectOperands(loop, tmemDot, tmem ? tmem->dot : DotOp());
      scf::ForOp pipelined =
          pipelineOperands(loop, operands, module, ringCounter, registerStaged);
      // (Null where a producer warpgroup took a wgmma loop; the consumer's
      // loop for a tcgen05 one.)
      if (pipelined)
        dropKMajorBConversions(pipelined);
      if (tmem && pipelined)
        keepAccumulatorInTensorMemory(pipelined, module, tmemCounter);
    }
  }

  /// Stages `operands` of `loop` through rings where shared memory allows;
  /// the loop that results (`loop` itself when nothing was staged, null
  /// when warp roles replaced a wgmma loop; the consumer role's loop for a
  /// tcgen05 one).
  scf::ForOp pipelineOperands(scf::ForOp loop,
                              SmallVector<StagedOperand> &operands,
                              ModuleOp module, unsigned &ringCounter,
                              DotOp registerStaged) {
    if (operands.empty())
      return loop;
    bool tma = useTma;
    for (StagedOperand &operand : operands)
      if (useTma)
        tma &= (operand.tmaSwizzle = getTmaSwizzle(operand, loop)) != 0;
    int64_t perStage = 0;
    for (StagedOperand &operand : operands)
      perStage +=
          tileBytes(cast<RankedTensorType>(operand.load.getResult().getType()));
    int64_t budget = getStaticSharedBudget(module) -
                     sharedBytesBesides(module, operands, registerStaged);
    // The kernel's depth (chosen with its warps and registers next to its
    // kernel spec), else the option's.
    unsigned stages = numStages;
    if (std::optional<unsigned> depth = getKernelNumStages(loop))
      stages = *depth;
    if (stages < 2)
      return loop;
    // A TMA ring's maps are staged in shared memory, next to its
    // barriers (two per slot, the spare one included).
    if (tma)
      budget -= 144 * int64_t(operands.size()) + 16 * (stages + 1);
    // MMAs in flight take a spare slot where it fits.
    DotOp asyncDot = findAsyncDot(loop, operands);
    DotSchedule schedule = DotSchedule::Sync;
    if (asyncDot) {
      schedule = (stages + 1) * perStage <= budget ? DotSchedule::SpareSlot
                                                   : DotSchedule::Barrier;
      if (schedule == DotSchedule::SpareSlot)
        ++stages;
    }
    while (stages > 2 && stages * perStage > budget)
      --stages;
    // Without room for double buffering the loads stay synchronous.
    if (stages * perStage > budget)
      return loop;
    // With TMA and MMAs in flight, a producer warpgroup of its own issues
    // the copies where the kernel allows it.
    if (tma && asyncDot && warpSpecialize) {
      if (std::optional<::tilecc::WarpRoleRegisters> registers =
              chooseWarpRoles(loop, asyncDot)) {
        specializeWarps(loop, operands, stages, module, ringCounter, asyncDot,
                        *registers);
        return {};
      }
    }
    // A tcgen05 dot reading both operands from a TMA ring: a producer
    // warpgroup issues the fills, warp 0's elected thread the MMAs, and the
    // kernel's warps read the accumulator once it is ready.
    // Two consumer warpgroups at least: with one, ptxas (CUDA 13) gave the
    // 256-thread kernel of a 128x64 tile 80 registers and an 8-byte stack
    // spill, where the ring without roles takes 94 and none (docs/perf.md).
    if (tma && warpSpecialize && operands.front().tcgen05) {
      DotOp mmaDot = findOnlyDot(loop, isTcgen05Dot);
      auto acc = mmaDot ? LinearEncodingAttr::of(mmaDot.getC().getType())
                        : LinearEncodingAttr();
      if (std::optional<::tilecc::WarpRoleRegisters> registers =
              acc && acc.getNumWarps() >= 8 ? chooseWarpRoles(loop, mmaDot)
                                            : std::nullopt)
        return specializeWarps(loop, operands, stages, module, ringCounter,
                               mmaDot, *registers);
    }
    return pipelineLoop(loop, operands, stages, module, ringCounter, asyncDot,
                        schedule);
  }
};

} // namespace
