//===- TmaStoreEpilogue.cpp - tileas-tma-store-epilogue -------------------===//
//
// The accumulator of a TMA-pipelined GEMM (sm_90a: the result of a consumer
// role, or of a loop waiting on a TMA pipeline, through the dot_wait that
// retires its last MMAs) that a tiled_store writes unchanged into a 2-d
// global view leaves through shared memory and bulk tensor stores: a tensor
// map of the view is built next to the loop's (before its pipeline, by
// every warp, boxes of every row of the tile by one swizzle span of its
// last dimension) and the store becomes `nv_tileas.tma_store` of the tile
// at its element coordinates (the boxes side by side, staged two at a time
// by the lowering) followed by the map's release. A ragged edge needs no
// mask: the bulk store writes nothing outside the tensor.
//
// A plain element-type conversion of the accumulator (f32 to f16 / bf16, the
// usual output) may sit between it and the store, and so may the layout
// changes the store's coalescing asked for: the bulk store takes the
// converted tile in the accumulator's layout (the staging reorders it) and
// they go. 16-bit tiles are staged with stmatrix where lib/Layout's
// `planTmaBoxStmatrix` takes their layout (the wgmma accumulator's).
//
// Everything else keeps its store: other work between the accumulator and
// the store (bias, activation), views the
// bulk store cannot address (not 2-d, an offset, a strided last dimension,
// rows or base not 16-byte aligned: the store's atom is not stg_128),
// masks, ordered or used tokens, and kernels whose shared memory would not
// hold the staging next to what they already need.
//
//===----------------------------------------------------------------------===//
#include "Schedule/Passes.h"

#include "Layout/TmaLayouts.h"
#include "Target/TargetInfo.h"
#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASAsyncMmaOps.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"

namespace mlir::nv_tileas {
#define GEN_PASS_DEF_TILEASTMASTOREEPILOGUE
#include "Schedule/Passes.h.inc"
} // namespace mlir::nv_tileas

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {

constexpr StringLiteral kPoolName = "tilecc_tma_pool";
/// Bytes of a device-built map's shared staging (the map and its pool
/// entry's index) and of a pool entry (make_tiled_tma_desc's lowering).
constexpr int64_t kMapStagingBytes = 144;
constexpr int64_t kPoolEntryBytes = 256;
/// Slack for the staging buffer's 1024-byte alignment (kTmaBoxAlignment).
constexpr int64_t kStagingAlignment = 1024;

/// The pipeline whose TMA ring fed the accumulator `value`: a consumer
/// role's result, or the loop waiting on the ring through the dot_wait
/// that retires its last MMAs.
PipelineCreateOp getFeedingPipeline(Value value) {
  if (auto consumer = value.getDefiningOp<PipelineConsumerOp>())
    return consumer.getPipeline().getDefiningOp<PipelineCreateOp>();
  auto wait = value.getDefiningOp<DotWaitOp>();
  if (!wait || wait.getNumPending() != 0)
    return {};
  auto loop = wait->getOperand(0).getDefiningOp<scf::ForOp>();
  if (!loop)
    return {};
  for (auto consumerWait : loop.getBody()->getOps<ConsumerWaitOp>())
    return consumerWait.getPipeline().getDefiningOp<PipelineCreateOp>();
  return {};
}

/// The swizzle span of the boxes of a `cols`-wide tile of `elemBytes`
/// elements: the widest whose span divides the row, 0 when none does.
unsigned chooseSwizzle(int64_t cols, int64_t elemBytes) {
  for (unsigned span : {128u, 64u, 32u})
    if ((cols * elemBytes) % span == 0)
      return span;
  return 0;
}

/// The tile a bulk store of `store` writes: its value behind the layout
/// changes made for the store (each used only on the way to it), which
/// `dead` receives; null when one has other uses.
Value getStoredTile(TiledStoreOp store, SmallVectorImpl<Operation *> &dead) {
  Value value = store.getValue();
  while (auto convert = value.getDefiningOp<ConvertLayoutOp>()) {
    if (!convert->hasOneUse())
      return {};
    dead.push_back(convert);
    value = convert.getSource();
  }
  return value;
}

/// The accumulator a stored tile comes from (itself, or a conversion's
/// operand).
Value getAccumulator(Value stored) {
  Operation *def = stored.getDefiningOp();
  if (def && isa<arith::TruncFOp, arith::ExtFOp>(def))
    return def->getOperand(0);
  return stored;
}

struct Epilogue {
  TiledStoreOp store;
  Value stored;
  SmallVector<Operation *> dead;
  MakeTiledViewOp view;
  PipelineCreateOp pipeline;
  TmaDescType box;
  unsigned swizzle;
  int64_t stagingBytes;
  CopyAtomAttr staging;
};

/// The bulk tensor store form of `store`, or std::nullopt where it keeps
/// its store (see the file comment).
std::optional<Epilogue> matchEpilogue(TiledStoreOp store,
                                      const ::tilecc::TargetInfo &target,
                                      DominanceInfo &dominance) {
  SmallVector<Operation *> dead;
  Value stored = getStoredTile(store, dead);
  if (!stored)
    return std::nullopt;
  PipelineCreateOp pipeline = getFeedingPipeline(getAccumulator(stored));
  if (!pipeline || store.getMask() ||
      (store.getResultToken() && !store.getResultToken().use_empty()))
    return std::nullopt;
  if (auto sem = store.getMemSemanticAttr())
    if (sem.getValue() != MemSemantic::weak)
      return std::nullopt;
  auto atom = dyn_cast<CopyAtomAttr>(store.getAtom());
  if (!atom || atom.getKind() != CopyKind::stg || atom.getBits() != 128)
    return std::nullopt;
  auto view = store.getView().getDefiningOp<MakeTiledViewOp>();
  auto base = view ? dyn_cast<nv_tileaa::PtrType>(view.getBase().getType())
                   : nv_tileaa::PtrType();
  if (!base || base.getAddressSpace() != 1 ||
      !matchPattern(view.getOffset(), m_Zero()) ||
      view.getStrides().size() != 2 ||
      !matchPattern(view.getStrides().back(), m_One()) ||
      !dominance.properlyDominates(view.getOperation(), pipeline))
    return std::nullopt;
  auto tile = cast<RankedTensorType>(stored.getType());
  Type elem = tile.getElementType();
  unsigned bits = tile.getElementTypeBitWidth();
  if (tile.getRank() != 2 || !elem.isIntOrFloat() || bits < 8 ||
      !llvm::isPowerOf2_32(bits) || bits > 64 || tile.getDimSize(0) > 256)
    return std::nullopt;
  int64_t elemBytes = bits / 8;
  unsigned swizzle = chooseSwizzle(tile.getDimSize(1), elemBytes);
  if (!swizzle)
    return std::nullopt;
  int64_t boxCols = swizzle / elemBytes;
  auto box = TmaDescType::get(store.getContext(),
                              {tile.getDimSize(0), boxCols}, elem);
  int64_t boxBytes = tile.getDimSize(0) * swizzle;
  int64_t staging =
      std::min<int64_t>(2, tile.getDimSize(1) / boxCols) * boxBytes;
  // stmatrix where the target has it and the layout is its fragment.
  CopyAtomAttr stagingAtom;
  auto encoding = LinearEncodingAttr::of(tile);
  if (bits == 16 && encoding &&
      target.has(::tilecc::TargetFeature::Stmatrix))
    if (auto plan = ::tilecc::layout::planTmaBoxStmatrix(
            encoding.getLayout(), box.getBoxShape(), bits, swizzle))
      stagingAtom =
          CopyAtomAttr::get(store.getContext(), CopyKind::stmatrix,
                            32 * plan->matrices.numMatrices);
  return Epilogue{store,   stored,  std::move(dead), view,       pipeline,
                  box,     swizzle, staging,         stagingAtom};
}

/// Whether `staging` more bytes of op-range scratch (and a map's staging
/// for the whole kernel) fit the shared memory of one CTA next to what the
/// kernel already needs.
bool fitsSharedMemory(ModuleOp module, const ::tilecc::TargetInfo &target,
                      int64_t staging) {
  int64_t kernel = 0, scratch = 0;
  module.walk([&](SharedMemoryUserOpInterface user) {
    SharedMemoryNeed need = user.getSharedMemoryNeed(target);
    if (user.getSharedLiveRange() == SharedLiveRange::Kernel)
      kernel += llvm::alignTo(need.bytes, need.alignment ? need.alignment : 1);
    else
      scratch = std::max(scratch, need.bytes);
  });
  return kernel + kMapStagingBytes + std::max(scratch, staging) +
             kStagingAlignment <=
         int64_t(target.sharedMemoryPerBlock);
}

/// The tensor map of `e.view` (made before the pipeline, from a pool entry
/// of the module's descriptor pool, which grows by one entry a resident
/// CTA), the bulk store of the tile at its element coordinates and the
/// map's release after it.
void storeThroughTma(Epilogue e, ModuleOp module, unsigned &counter) {
  Location loc = e.store.getLoc();
  auto pool = cast<GlobalOp>(module.lookupSymbol(kPoolName));
  auto poolType = cast<RankedTensorType>(pool.getType());
  pool.setType(RankedTensorType::get(
      {poolType.getNumElements() +
       int64_t(::tilecc::kMaxResidentCtas) * kPoolEntryBytes},
      poolType.getElementType()));
  std::string name;
  do
    name = "tilecc_tma_staging_" + std::to_string(counter++);
  while (module.lookupSymbol(name));
  OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
  GlobalOp::create(
      mb, loc, mb.getStringAttr(name),
      TypeAttr::get(RankedTensorType::get({kMapStagingBytes}, mb.getI8Type())),
      Attribute(), mb.getI32IntegerAttr(3), mb.getI64IntegerAttr(128),
      UnitAttr());

  OpBuilder b(e.pipeline);
  Value staging = GetGlobalOp::create(
      b, loc, nv_tileaa::PtrType::get(b.getI8Type(), 3), name);
  Value poolPtr = GetGlobalOp::create(
      b, loc, nv_tileaa::PtrType::get(b.getI8Type(), 1), kPoolName);
  Value desc = MakeTiledTmaDescOp::create(
      b, loc, e.box, e.view.getBase(), e.view.getSizes(),
      e.view.getStrides(), staging, poolPtr,
      b.getI32IntegerAttr(e.swizzle));

  b.setInsertionPoint(e.store);
  auto tile = cast<RankedTensorType>(e.stored.getType());
  SmallVector<Value> coords;
  for (auto [d, index] : llvm::enumerate(e.store.getIndices()))
    coords.push_back(arith::MulIOp::create(
        b, loc, index,
        arith::ConstantIndexOp::create(b, loc, tile.getDimSize(d))));
  TmaStoreOp::create(b, loc, AsyncTokenType::get(b.getContext()), e.stored,
                     desc, coords, e.staging);
  TmaDescReleaseOp::create(b, loc, desc);
  e.store.erase();
  for (Operation *op : e.dead)
    op->erase();
}

struct TmaStoreEpiloguePass
    : public mlir::nv_tileas::impl::TileASTmaStoreEpilogueBase<
          TmaStoreEpiloguePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<::tilecc::TargetInfo> target = ::tilecc::parseTarget(arch);
    if (!target) {
      module.emitError() << "unsupported target '" << arch << "'";
      return signalPassFailure();
    }
    if (!target->has(::tilecc::TargetFeature::Tma) ||
        !module.lookupSymbol(kPoolName))
      return;
    DominanceInfo dominance(module);
    SmallVector<Epilogue> epilogues;
    module.walk([&](TiledStoreOp store) {
      if (std::optional<Epilogue> e = matchEpilogue(store, *target, dominance))
        epilogues.push_back(*e);
    });
    unsigned counter = 0;
    for (Epilogue &e : epilogues)
      if (fitsSharedMemory(module, *target, e.stagingBytes))
        storeThroughTma(e, module, counter);
  }
};

} // namespace
