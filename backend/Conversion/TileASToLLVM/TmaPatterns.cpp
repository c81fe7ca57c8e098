//===- TmaPatterns.cpp - tensor maps, TMA loads, mbarrier pipelines -------===//
//
// make_tiled_tma_desc with `staging`/`pool`: the tensor map is built on the
// device, so the launch keeps the cuda_tile entry signature. Thread 0 claims
// a free entry of the module's descriptor pool with an atomic CAS on the
// entry's lock word (probing from the CTA's linear id), zeroes the 128-byte
// shared staging buffer, writes every field with tensormap.replace (the
// opaque format is only valid with all of them written) and leaves the
// entry's index behind the map; warp 0 copies the map to the entry with
// tensormap.cp_fenceproxy (release), and after a CTA barrier every thread
// acquires it with fence.proxy.tensormap::generic. A pool entry is 256
// bytes: the map, then its lock word; tma_desc_release clears the lock.
//
// async.pipeline.*: `create` initializes a full barrier per stage (count 1)
// and an empty barrier per stage (one arrival per thread). Fill `n` of a
// pipeline uses stage n mod S in phase n / S: consumer_wait waits for the
// full barrier's parity (n / S) % 2, producer_acquire for the empty
// barrier's phase before it (the first lap passes at once), tma_load makes
// the elected thread expect its bytes on the full barrier and issue the
// boxes, producer_commit is the elected thread's arrival on it and
// consumer_release every thread's arrival on the empty barrier. A pipeline
// `released_by_mma` counts one arrival on its empty barriers instead: the
// tcgen05.commit that mma_release makes (the MMA-issuing thread), which
// arrives once the MMAs that read the slot are complete.
//
// tma_store / tma_reduce stage a register tile as the map's box in planned
// shared memory, fence it for the async proxy and let the elected thread
// issue the bulk tensor store or reduction and wait for its bulk group.
//
// "The elected thread" is elect.sync's leader in warp 0: one thread of the
// CTA, chosen by the instruction meant for it (lane 0 of a converged warp).
//
// Everything goes through the NVVM dialect (mbarrier init / arrive /
// expect_tx / try_wait.parity, cp.async.bulk.tensor, the mbarrier-init and
// tensormap proxy fences, elect.sync) except what MLIR 22's NVVM has no op
// for, which stays inline PTX: `tensormap.replace` (the map's fields) and
// `tensormap.cp_fenceproxy` (the warp's copy of the map into global memory
// with its release fence), and the pool lock's `atom.release.gpu ... exch`
// (NVPTX drops the release ordering of an LLVM `atomicrmw xchg release`).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/ControlFlow.h"
#include "Conversion/TileASToLLVM/PtxVersion.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Conversion/TileASToLLVM/TmaStaging.h"
#include "Conversion/TileASToLLVM/WarpRoles.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/TmaLayouts.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

/// Bytes of one descriptor-pool entry: the 128-byte map, then its lock.
constexpr int64_t kPoolEntryBytes = 256;
constexpr int64_t kMapBytes = 128;

/// The tensormap `.elemtype` code of `type` (PTX ISA, tensormap.replace).
std::optional<unsigned> getTensorMapElemType(Type type) {
  if (type.isF16())
    return 6;
  if (type.isBF16())
    return 10;
  if (type.isF32())
    return 7;
  if (type.isInteger(8))
    return 0;
  if (type.isInteger(16))
    return 1;
  if (type.isInteger(32))
    return 2;
  if (type.isInteger(64))
    return 4;
  if (type.isF64())
    return 9;
  return std::nullopt;
}

/// The tensormap `.swizzle_mode` code of a swizzle span.
unsigned getSwizzleMode(unsigned bytes) {
  switch (bytes) {
  case 32: return 1;
  case 64: return 2;
  case 128: return 3;
  default: return 0;
  }
}

Value toI64(OpBuilder &b, Location loc, Value v) {
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
  if (v.getType().getIntOrFloatBitWidth() < 64)
    return LLVM::ZExtOp::create(b, loc, b.getI64Type(), v);
  return v;
}

Value toPtr(OpBuilder &b, Location loc, Value v, unsigned space) {
  auto type = LLVM::LLVMPointerType::get(b.getContext(), space);
  if (!isa<LLVM::LLVMPointerType>(v.getType()))
    return LLVM::IntToPtrOp::create(b, loc, type, v);
  if (v.getType() != type)
    return LLVM::AddrSpaceCastOp::create(b, loc, type, v);
  return v;
}

/// True in one thread of the CTA: elect.sync's leader of warp `warp` (0,
/// or a producer role's first warp, see WarpRoles.h). Every warp running
/// the code runs elect.sync converged (it is warp-collective).
/// True in the threads of warp `warp`.
Value inWarp(OpBuilder &b, Location loc, unsigned warp) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  return warp == 0
             ? LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, tid,
                                    createI32(b, loc, 32))
             : LLVM::ICmpOp::create(
                   b, loc, LLVM::ICmpPredicate::eq,
                   LLVM::LShrOp::create(b, loc, tid, createI32(b, loc, 5)),
                   createI32(b, loc, warp));
}

Value isElectedThread(OpBuilder &b, Location loc, unsigned warp = 0) {
  Value in = inWarp(b, loc, warp);
  Value leader = NVVM::ElectSyncOp::create(b, loc, b.getI1Type(), Value());
  return LLVM::AndOp::create(b, loc, in, leader);
}

/// The byte `offset` past `base` (any address space).
Value offsetPtr(OpBuilder &b, Location loc, Value base, Value offset) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{offset});
}

/// The number of entries of the pool global `pool` points to.
std::optional<int64_t> getPoolEntries(Value pool) {
  auto get = pool.getDefiningOp<nv_tileas::GetGlobalOp>();
  if (!get)
    return std::nullopt;
  // The global, or what the conversion already made of it.
  Operation *global =
      SymbolTable::lookupNearestSymbolFrom(get, get.getNameAttr());
  int64_t bytes = 0;
  if (auto tile = dyn_cast_if_present<nv_tileas::GlobalOp>(global)) {
    auto type = dyn_cast<RankedTensorType>(tile.getType());
    if (type && type.hasStaticShape() && type.getElementType().isIntOrFloat())
      bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
  } else if (auto llvmGlobal = dyn_cast_if_present<LLVM::GlobalOp>(global)) {
    auto type = dyn_cast<LLVM::LLVMArrayType>(llvmGlobal.getGlobalType());
    if (type && type.getElementType().isIntOrFloat())
      bytes = type.getNumElements() *
              type.getElementType().getIntOrFloatBitWidth() / 8;
  }
  if (bytes < kPoolEntryBytes || bytes % kPoolEntryBytes)
    return std::nullopt;
  return bytes / kPoolEntryBytes;
}

struct MakeTiledTmaDescLowering
    : OpConversionPattern<nv_tileas::MakeTiledTmaDescOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::MakeTiledTmaDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getStaging())
      return op.emitOpError("without a shared staging buffer and a pool "
                            "(`staging`, `pool`) is not lowered: tensor maps "
                            "are built on the device");
    std::optional<int64_t> numEntries = getPoolEntries(op.getPool());
    if (!numEntries)
      return op.emitOpError("the pool must be a module global of 256-byte "
                            "entries");
    // tensormap.replace, tensormap.cp_fenceproxy and the tensormap proxy
    // fences are PTX ISA 8.3.
    requirePtxVersion(rewriter, op, 83);
    nv_tileas::TmaDescType desc = op.getDesc().getType();
    std::optional<unsigned> elemType =
        getTensorMapElemType(desc.getElementType());
    if (!elemType)
      return op.emitOpError("no tensor-map element type for ")
             << desc.getElementType();
    Location loc = op.getLoc();
    unsigned rank = desc.getRank();
    unsigned elemBytes = desc.getElementType().getIntOrFloatBitWidth() / 8;
    Value staging = toPtr(rewriter, loc, adaptor.getStaging(), 3);
    Value pool = toPtr(rewriter, loc, adaptor.getPool(), 1);
    Value base = toI64(rewriter, loc, adaptor.getBase());
    Type i32 = rewriter.getI32Type();
    // tensormap.replace operands: $0 staging, $1 base, then per TMA
    // dimension (fastest first) its extent (i32), then the strides of
    // dimensions 1.. in bytes (i64).
    SmallVector<Value> operands{staging, base};
    std::string constraints = "l,l";
    for (unsigned i = 0; i < rank; ++i) {
      operands.push_back(LLVM::TruncOp::create(
          rewriter, loc, i32,
          toI64(rewriter, loc, adaptor.getSizes()[rank - 1 - i])));
      constraints += ",r";
    }
    for (unsigned i = 1; i < rank; ++i) {
      operands.push_back(LLVM::MulOp::create(
          rewriter, loc, toI64(rewriter, loc, adaptor.getStrides()[rank - 1 - i]),
          createI64(rewriter, loc, elemBytes)));
      constraints += ",l";
    }
    Value entries = createI32(rewriter, loc, *numEntries);
    emitIf(rewriter, loc, isElectedThread(rewriter, loc), [&] {
      // Probe from the CTA's linear id: resident CTAs are fewer than the
      // entries, so a free one exists.
      Value linear = NVVM::BlockIdZOp::create(rewriter, loc, i32);
      linear = LLVM::AddOp::create(
          rewriter, loc,
          LLVM::MulOp::create(rewriter, loc, linear,
                              NVVM::GridDimYOp::create(rewriter, loc, i32)),
          NVVM::BlockIdYOp::create(rewriter, loc, i32));
      linear = LLVM::AddOp::create(
          rewriter, loc,
          LLVM::MulOp::create(rewriter, loc, linear,
                              NVVM::GridDimXOp::create(rewriter, loc, i32)),
          NVVM::BlockIdXOp::create(rewriter, loc, i32));
      Value start = LLVM::URemOp::create(rewriter, loc, linear, entries);
      Block *before = rewriter.getInsertionBlock();
      Block *claimed = rewriter.splitBlock(before, rewriter.getInsertionPoint());
      Block *probe = rewriter.createBlock(claimed, {i32}, {loc});
      rewriter.setInsertionPointToEnd(before);
      LLVM::BrOp::create(rewriter, loc, ValueRange{start}, probe);
      rewriter.setInsertionPointToEnd(probe);
      Value index = probe->getArgument(0);
      Value lock = offsetPtr(
          rewriter, loc, pool,
          LLVM::AddOp::create(
              rewriter, loc,
              LLVM::MulOp::create(
                  rewriter, loc,
                  LLVM::ZExtOp::create(rewriter, loc, rewriter.getI64Type(),
                                       index),
                  createI64(rewriter, loc, kPoolEntryBytes)),
              createI64(rewriter, loc, kMapBytes)));
      Value cas = LLVM::AtomicCmpXchgOp::create(
          rewriter, loc, lock, createI32(rewriter, loc, 0),
          createI32(rewriter, loc, 1), LLVM::AtomicOrdering::acquire,
          LLVM::AtomicOrdering::monotonic, "device");
      Value won = LLVM::ExtractValueOp::create(rewriter, loc, cas, 1);
      Value next = LLVM::AddOp::create(rewriter, loc, index,
                                       createI32(rewriter, loc, 1));
      next = LLVM::SelectOp::create(
          rewriter, loc,
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, next,
                               entries),
          createI32(rewriter, loc, 0), next);
      LLVM::CondBrOp::create(rewriter, loc, won, claimed, ValueRange(), probe,
                             ValueRange{next});
      // The entry's index behind the map; the map zeroed, then every field
      // written (the opaque format is only valid with all of them).
      rewriter.setInsertionPointToStart(claimed);
      LLVM::StoreOp::create(
          rewriter, loc, index,
          offsetPtr(rewriter, loc, staging, createI64(rewriter, loc, kMapBytes)));
      for (int64_t off = 0; off < kMapBytes; off += 8)
        LLVM::StoreOp::create(
            rewriter, loc, createI64(rewriter, loc, 0),
            offsetPtr(rewriter, loc, staging, createI64(rewriter, loc, off)));
      auto field = [](StringRef name, StringRef width) {
        return ("tensormap.replace.tile." + name + ".shared::cta.b1024." +
                width + " [$0], ")
            .str();
      };
      std::string ptx = field("global_address", "b64") + "$1;\n";
      ptx += field("rank", "b32") + std::to_string(rank - 1) + ";\n";
      for (unsigned i = 0; i < rank; ++i) {
        std::string ord = std::to_string(i);
        ptx += field("box_dim", "b32") + ord + ", " +
               std::to_string(desc.getBoxShape()[rank - 1 - i]) + ";\n";
        ptx += field("global_dim", "b32") + ord + ", $" +
               std::to_string(2 + i) + ";\n";
        ptx += field("element_stride", "b32") + ord + ", 1;\n";
        if (i > 0)
          ptx += field("global_stride", "b64") + std::to_string(i - 1) +
                 ", $" + std::to_string(2 + rank + i - 1) + ";\n";
      }
      ptx += field("elemtype", "b32") + std::to_string(*elemType) + ";\n";
      ptx += field("interleave_layout", "b32") + "0;\n";
      ptx += field("swizzle_mode", "b32") +
             std::to_string(getSwizzleMode(op.getSwizzleBytes())) + ";\n";
      // Fill mode 0: out-of-bounds elements read as zero.
      ptx += field("fill_mode", "b32") + "0;";
      emitPtx(rewriter, loc, Type(), operands, ptx, constraints);
    });
    // The entry the staging buffer names.
    auto getEntry = [&] {
      Value index = LLVM::LoadOp::create(
          rewriter, loc, i32,
          offsetPtr(rewriter, loc, staging, createI64(rewriter, loc, kMapBytes)));
      return offsetPtr(
          rewriter, loc, pool,
          LLVM::MulOp::create(
              rewriter, loc,
              LLVM::ZExtOp::create(rewriter, loc, rewriter.getI64Type(), index),
              createI64(rewriter, loc, kPoolEntryBytes)));
    };
    // Warp 0 publishes the map to its entry (the copy is warp-collective:
    // the warp converges before it).
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, i32);
    emitIf(rewriter, loc,
           LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, tid,
                                createI32(rewriter, loc, 32)),
           [&] {
             NVVM::SyncWarpOp::create(rewriter, loc,
                                      createI32(rewriter, loc, -1));
             emitPtx(rewriter, loc, Type(), {getEntry(), staging},
                     "tensormap.cp_fenceproxy.global.shared::cta."
                     "tensormap::generic.release.gpu.sync.aligned [$0], "
                     "[$1], 128;",
                     "l,l");
           });
    NVVM::Barrier0Op::create(rewriter, loc);
    // Every thread: the entry's generic address, acquired for the tensor
    // map proxy.
    Value generic = toPtr(rewriter, loc, getEntry(), 0);
    NVVM::FenceProxyAcquireOp::create(rewriter, loc, NVVM::MemScopeKind::GPU,
                                      generic,
                                      createI32(rewriter, loc, kMapBytes));
    rewriter.replaceOp(op, generic);
    return success();
  }
};

/// The elected thread clears the entry's lock (release: every bulk copy through the
/// map completed before, as the waits on its barriers observed).
struct TmaDescReleaseLowering
    : OpConversionPattern<nv_tileas::TmaDescReleaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TmaDescReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value entry = toPtr(rewriter, loc, adaptor.getDesc(), 1);
    emitIf(rewriter, loc, isElectedThread(rewriter, loc), [&] {
      emitPtx(rewriter, loc, Type(), {entry},
              "{\n.reg .b32 %tcc_old;\n"
              "atom.release.gpu.global.exch.b32 %tcc_old, [$0+" +
                  std::to_string(kMapBytes) + "], 0;\n}",
              "l");
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The stage count of the pipeline `pipeline` (its create's).
FailureOr<int64_t> getNumStages(Operation *op, Value pipeline) {
  auto create = pipeline.getDefiningOp<nv_tileas::PipelineCreateOp>();
  if (!create)
    return op->emitOpError("needs its pipeline's async.pipeline.create in "
                           "view");
  return int64_t(create.getNumStages());
}

/// The full (`empty` false) or empty barrier of fill `fill` and its phase
/// parity.
std::pair<Value, Value> getBarrier(OpBuilder &b, Location loc, Value barriers,
                                   Value fill, int64_t stages, bool empty) {
  Value s = createI64(b, loc, stages);
  Value slot = LLVM::URemOp::create(b, loc, fill, s);
  if (empty)
    slot = LLVM::AddOp::create(b, loc, slot, s);
  Value addr = LLVM::GEPOp::create(b, loc, barriers.getType(), b.getI64Type(),
                                   barriers, ValueRange{slot});
  Value parity = LLVM::AndOp::create(
      b, loc, LLVM::UDivOp::create(b, loc, fill, s), createI64(b, loc, 1));
  return {addr, LLVM::TruncOp::create(b, loc, b.getI32Type(), parity)};
}

struct PipelineCreateLowering
    : OpConversionPattern<nv_tileas::PipelineCreateOp> {
  PipelineCreateLowering(const TypeConverter &converter, MLIRContext *ctx,
                         unsigned numWarps)
      : OpConversionPattern(converter, ctx), numWarps(numWarps) {}
  LogicalResult
  matchAndRewrite(nv_tileas::PipelineCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value barriers = toPtr(rewriter, loc, adaptor.getBarriers(), 3);
    // The previous instance's waits are over in every thread before the
    // barriers start again from phase 0.
    NVVM::Barrier0Op::create(rewriter, loc);
    int64_t stages = op.getNumStages();
    // Every thread of the CTA releases a stage: the warps of the tiles'
    // layouts.
    unsigned warps = numWarps;
    for (Type tile : op.getType().getElementTypes())
      if (auto enc = nv_tileas::LinearEncodingAttr::of(tile))
        warps = enc.getNumWarps();
    emitIf(rewriter, loc, isElectedThread(rewriter, loc), [&] {
      for (int64_t s = 0; s < 2 * stages; ++s)
        NVVM::MBarrierInitOp::create(
            rewriter, loc,
            offsetPtr(rewriter, loc, barriers, createI64(rewriter, loc, 8 * s)),
            createI32(rewriter, loc,
                      s < stages || op.getReleasedByMma() ? 1 : 32 * warps),
            /*predicate=*/Value());
      NVVM::FenceMbarrierInitOp::create(rewriter, loc);
    });
    NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.replaceOp(op, barriers);
    return success();
  }
  unsigned numWarps;
};

template <typename OpTy>
struct StageLowering : OpConversionPattern<OpTy> {
  StageLowering(const TypeConverter &converter, MLIRContext *ctx,
                const WarpRoles &roles)
      : OpConversionPattern<OpTy>(converter, ctx), roles(roles) {}
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<int64_t> stages = getNumStages(op, op.getPipeline());
    if (failed(stages))
      return failure();
    Location loc = op.getLoc();
    Value barriers = toPtr(rewriter, loc, adaptor.getPipeline(), 3);
    Value fill = toI64(rewriter, loc, adaptor.getStage());
    constexpr bool producer =
        std::is_same_v<OpTy, nv_tileas::ProducerAcquireOp> ||
        std::is_same_v<OpTy, nv_tileas::ProducerCommitOp>;
    constexpr bool waits = std::is_same_v<OpTy, nv_tileas::ProducerAcquireOp> ||
                           std::is_same_v<OpTy, nv_tileas::ConsumerWaitOp>;
    // The producer side uses the empty barriers to wait, the full ones to
    // commit; the consumer side the other way round.
    bool empty = producer == waits;
    auto [barrier, parity] =
        getBarrier(rewriter, loc, barriers, fill, *stages, empty);
    if constexpr (std::is_same_v<OpTy, nv_tileas::ProducerAcquireOp>) {
      // The phase before this fill's: on the first lap, the one before the
      // barrier's first, which counts as complete.
      auto wait = [&] {
        emitMbarrierWait(rewriter, loc, barrier,
                         LLVM::XOrOp::create(rewriter, loc, parity,
                                             createI32(rewriter, loc, 1)));
      };
      if (op.getCopyIssuer())
        emitIf(rewriter, loc, inWarp(rewriter, loc, roles.getIssuingWarp(op)),
               wait);
      else
        wait();
    } else if constexpr (std::is_same_v<OpTy, nv_tileas::ConsumerWaitOp>) {
      if (op.getMmaIssuer()) {
        // Only the MMA-issuing warp reads the slot (through its MMAs).
        emitIf(rewriter, loc, inWarp(rewriter, loc, 0),
               [&] { emitMbarrierWait(rewriter, loc, barrier, parity); });
      } else {
        emitMbarrierWait(rewriter, loc, barrier, parity);
      }
    } else if constexpr (waits) {
      emitMbarrierWait(rewriter, loc, barrier, parity);
    } else {
      // The producer's elected thread arms the full barrier (one arrival);
      // every thread releases the empty one. Releasing the fill before the
      // first (stage -1) does nothing, so a loop may release its previous
      // iteration's fill from the start.
      Value arrives =
          producer ? isElectedThread(rewriter, loc, roles.getIssuingWarp(op))
                   : LLVM::ICmpOp::create(rewriter, loc,
                                          LLVM::ICmpPredicate::sge, fill,
                                          createI64(rewriter, loc, 0));
      emitIf(rewriter, loc, arrives, [&] {
        NVVM::MBarrierArriveOp::create(rewriter, loc, Type(), barrier,
                                       /*count=*/Value());
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
  const WarpRoles &roles;
};

/// mma_release: the thread that issues the tcgen05 MMAs (elect.sync's
/// leader in warp 0, as for tmem_dot) commits them onto the fill's empty
/// barrier: it arrives when they are complete, i.e. done reading the slot.
/// Fill -1 is none, as for consumer_release.
struct MmaReleaseLowering : OpConversionPattern<nv_tileas::MmaReleaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::MmaReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<int64_t> stages = getNumStages(op, op.getPipeline());
    if (failed(stages))
      return failure();
    Location loc = op.getLoc();
    Value barriers = toPtr(rewriter, loc, adaptor.getPipeline(), 3);
    Value fill = toI64(rewriter, loc, adaptor.getStage());
    Value empty =
        getBarrier(rewriter, loc, barriers, fill, *stages, /*empty=*/true)
            .first;
    Value issues = LLVM::AndOp::create(
        rewriter, loc, isElectedThread(rewriter, loc),
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::sge, fill,
                             createI64(rewriter, loc, 0)));
    emitIf(rewriter, loc, issues, [&] {
      NVVM::Tcgen05CommitOp::create(rewriter, loc, empty,
                                    /*multicastMask=*/Value());
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// tma_load into a ring slot: the elected thread expects the tile's bytes
/// on the stage's full barrier and issues one cp.async.bulk.tensor per box
/// (boxes side by side along the tile's last dimension, a box's bytes apart
/// in the slot). The future is the slot's address.
struct TmaLoadLowering : OpConversionPattern<nv_tileas::TmaLoadOp> {
  TmaLoadLowering(const TypeConverter &converter, MLIRContext *ctx,
                  const WarpRoles &roles)
      : OpConversionPattern(converter, ctx), roles(roles) {}
  LogicalResult
  matchAndRewrite(nv_tileas::TmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getRing())
      return op.emitOpError("without a ring slot and barrier (`into`) is not "
                            "lowered");
    FailureOr<int64_t> stages = getNumStages(op, op.getPipeline());
    if (failed(stages))
      return failure();
    Location loc = op.getLoc();
    auto tile = cast<RankedTensorType>(op.getResult().getType().getValueType());
    nv_tileas::TmaDescType desc = op.getDesc().getType();
    unsigned rank = desc.getRank();
    int64_t elemBytes = desc.getElementType().getIntOrFloatBitWidth() / 8;
    int64_t boxElems = 1;
    for (int64_t d : desc.getBoxShape())
      boxElems *= d;
    int64_t boxBytes = boxElems * elemBytes;
    int64_t boxes = tile.getShape().back() / desc.getBoxShape().back();
    Value ring = toPtr(rewriter, loc, adaptor.getRing(), 3);
    Value slot = LLVM::GEPOp::create(
        rewriter, loc, ring.getType(), rewriter.getI8Type(), ring,
        ValueRange{LLVM::MulOp::create(
            rewriter, loc, toI64(rewriter, loc, adaptor.getSlot()),
            createI64(rewriter, loc, boxes * boxBytes))});
    Value barriers = toPtr(rewriter, loc, adaptor.getPipeline(), 3);
    Value full = getBarrier(rewriter, loc, barriers,
                            toI64(rewriter, loc, adaptor.getStage()), *stages,
                            /*empty=*/false)
                     .first;
    // The boxes land through the shared::cluster window (the CTA's own
    // shared memory: clusters of one), the form PTX ISA 8.0 has.
    Value slotInCluster = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext(), 7),
        slot);
    Value map = toPtr(rewriter, loc, adaptor.getDesc(), 0);
    // Coordinates, fastest first.
    SmallVector<Value> coords;
    for (unsigned i = 0; i < rank; ++i)
      coords.push_back(
          LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(),
                                toI64(rewriter, loc,
                                      adaptor.getCoords()[rank - 1 - i])));
    emitIf(rewriter, loc,
           isElectedThread(rewriter, loc, roles.getIssuingWarp(op)), [&] {
      NVVM::MBarrierExpectTxOp::create(
          rewriter, loc, full, createI32(rewriter, loc, boxes * boxBytes));
      for (int64_t box = 0; box < boxes; ++box) {
        SmallVector<Value> boxCoords(coords);
        boxCoords[0] = LLVM::AddOp::create(
            rewriter, loc, coords[0],
            createI32(rewriter, loc, box * desc.getBoxShape().back()));
        NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
            rewriter, loc,
            offsetPtr(rewriter, loc, slotInCluster,
                      createI64(rewriter, loc, box * boxBytes)),
            map, boxCoords, full, /*im2colOffsets=*/ValueRange(),
            /*multicastMask=*/Value(), /*l2CacheHint=*/Value(),
            NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
            /*group=*/nullptr, /*predicate=*/Value());
      }
    });
    rewriter.replaceOp(op, slot);
    return success();
  }
  const WarpRoles &roles;
};

/// async.pipeline.slot: the slot's address in its ring, where tma_load put
/// the tile (slots one tile apart).
struct PipelineSlotLowering : OpConversionPattern<nv_tileas::PipelineSlotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::PipelineSlotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<LLVM::LLVMPointerType>(adaptor.getRing().getType()))
      return op.emitOpError("the ring is a shared-memory pointer");
    Location loc = op.getLoc();
    auto tile = cast<RankedTensorType>(op.getResult().getType().getValueType());
    int64_t bytes = tile.getNumElements() * tile.getElementTypeBitWidth() / 8;
    Value ring = toPtr(rewriter, loc, adaptor.getRing(), 3);
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, ring.getType(), rewriter.getI8Type(), ring,
        ValueRange{LLVM::MulOp::create(
            rewriter, loc, toI64(rewriter, loc, adaptor.getSlot()),
            createI64(rewriter, loc, bytes))});
    return success();
  }
};

/// The tile of a TMA store or reduction and its map's box (boxes side by
/// side along the tile's last dimension).
std::optional<std::pair<RankedTensorType, nv_tileas::TmaDescType>>
getStoredBoxes(Operation *op) {
  if (auto store = dyn_cast<nv_tileas::TmaStoreOp>(op))
    return std::make_pair(store.getValue().getType(),
                          store.getDesc().getType());
  if (auto reduce = dyn_cast<nv_tileas::TmaReduceOp>(op))
    return std::make_pair(reduce.getValue().getType(),
                          reduce.getDesc().getType());
  return std::nullopt;
}

/// Staging buffers of a TMA store: two boxes take turns (one is written
/// while the other's bulk copy reads it), or the only one.
int64_t getStagingBoxes(RankedTensorType tile, nv_tileas::TmaDescType desc) {
  return std::min<int64_t>(2, tile.getShape().back() / desc.getBoxShape().back());
}

int64_t getBoxBytes(RankedTensorType tile, nv_tileas::TmaDescType desc) {
  int64_t elements = 1;
  for (int64_t d : desc.getBoxShape())
    elements *= d;
  return elements * std::max<int64_t>(1, tile.getElementTypeBitWidth() / 8);
}

/// Bytes of the shared staging buffer a TMA store or reduction writes its
/// boxes into (0 for other ops).
int64_t getTmaStoreScratchBytesImpl(Operation *op) {
  auto boxes = getStoredBoxes(op);
  if (!boxes)
    return 0;
  auto [tile, desc] = *boxes;
  return getStagingBoxes(tile, desc) * getBoxBytes(tile, desc);
}

/// The reduction of `op` as the bulk tensor reduction's operation. The
/// element type is the tensor map's, and make_tiled_tma_desc codes integers
/// as unsigned, so signed min/max have no form; bitwise ones need integers.
FailureOr<NVVM::TMAReduxKind> getReduxKind(nv_tileas::TmaReduceOp op) {
  Type elem = op.getValue().getType().getElementType();
  bool isInt = isa<IntegerType>(elem);
  auto refuse = [&](StringRef why) {
    return op.emitOpError() << "'" << nv_tileas::stringifyRmwMode(op.getKind())
                            << "' on " << elem << " has no bulk tensor "
                            << "reduction: " << why;
  };
  switch (op.getKind()) {
  case nv_tileas::RmwMode::add:
    return NVVM::TMAReduxKind::ADD;
  case nv_tileas::RmwMode::umin:
  case nv_tileas::RmwMode::umax:
    if (!isInt)
      return refuse("unsigned min/max need integers");
    return op.getKind() == nv_tileas::RmwMode::umin ? NVVM::TMAReduxKind::MIN
                                                     : NVVM::TMAReduxKind::MAX;
  case nv_tileas::RmwMode::min:
  case nv_tileas::RmwMode::max:
    if (isInt)
      return refuse("tensor maps hold integers as unsigned");
    return op.getKind() == nv_tileas::RmwMode::min ? NVVM::TMAReduxKind::MIN
                                                    : NVVM::TMAReduxKind::MAX;
  case nv_tileas::RmwMode::bit_and:
  case nv_tileas::RmwMode::bit_or:
  case nv_tileas::RmwMode::bit_xor:
    if (!isInt)
      return refuse("bitwise reductions need integers");
    return op.getKind() == nv_tileas::RmwMode::bit_and ? NVVM::TMAReduxKind::AND
           : op.getKind() == nv_tileas::RmwMode::bit_or ? NVVM::TMAReduxKind::OR
                                                        : NVVM::TMAReduxKind::XOR;
  default:
    return refuse("not a bulk reduction");
  }
}

/// Staging of a 16-bit tile's boxes with stmatrix (lib/Layout's
/// `planTmaBoxStmatrix`): every lane's row offset in a box, computed once,
/// and per box the registers each instruction stores.
struct StmatrixStaging {
  ::tilecc::layout::TmaBoxStmatrixPlan plan;
  SmallVector<Value> rowOffsets; // i32 bytes, one per instruction
  int64_t numInstrs;

  StmatrixStaging(OpBuilder &b, Location loc,
                  ::tilecc::layout::TmaBoxStmatrixPlan plan,
                  const ::tilecc::layout::LinearLayout &box)
      : plan(std::move(plan)) {
    namespace tl = ::tilecc::layout;
    tl::LinearLayout addresses =
        this->plan.matrices.addresses.renameInDim("instr", tl::kRegister)
            .transposeIns({tl::kRegister, tl::kLane, tl::kWarp});
    numInstrs = addresses.getInDimSize(tl::kRegister);
    tl::LinearLayout toOffset = *addresses.invertAndCompose(box);
    for (SmallVector<Value> &coords : getRegisterCoordinates(b, loc, toOffset))
      rowOffsets.push_back(LLVM::TruncOp::create(
          b, loc, b.getI32Type(),
          LLVM::MulOp::create(b, loc, coords.front(), createI64(b, loc, 2))));
  }

  /// The tile register of box-local register `local` in box `box` (the
  /// selector bits whose column images add up to the box).
  int64_t getRegister(int64_t local, int64_t box, int64_t boxCols,
                      const ::tilecc::layout::LinearLayout &tile) const {
    int64_t reg = 0;
    for (auto [k, bit] : llvm::enumerate(plan.boxRegisterBits))
      if (local & (int64_t(1) << k))
        reg |= int64_t(1) << bit;
    unsigned last = tile.getOutDims().size() - 1;
    std::string lastName = tile.getOutDimNames()[last];
    for (int64_t pick = 0; pick < (int64_t(1) << plan.boxSelectorBits.size());
         ++pick) {
      int64_t col = 0, selected = 0;
      for (auto [k, bit] : llvm::enumerate(plan.boxSelectorBits))
        if (pick & (int64_t(1) << k)) {
          col ^= tile.getBasis(::tilecc::layout::kRegister, bit, lastName);
          selected |= int64_t(1) << bit;
        }
      if (col == box * boxCols)
        return reg | selected;
    }
    llvm_unreachable("every box has its selector bits");
  }

  /// The box's stmatrix instructions into `buffer`.
  void storeBox(OpBuilder &b, Location loc, Value buffer, int64_t box,
                int64_t boxCols, const ::tilecc::layout::LinearLayout &tile,
                ArrayRef<Value> registers) const {
    auto i32 = b.getI32Type();
    unsigned n = plan.matrices.numMatrices;
    Value base32 = LLVM::PtrToIntOp::create(b, loc, i32, buffer);
    auto sharedPtr = LLVM::LLVMPointerType::get(b.getContext(), 3);
    for (int64_t instr = 0; instr < numInstrs; ++instr) {
      SmallVector<Value> words;
      for (unsigned m = 0; m < n; ++m) {
        int64_t local = (instr * n + m) * 2;
        Value lo = registers[getRegister(local, box, boxCols, tile)];
        Value hi = registers[getRegister(local + 1, box, boxCols, tile)];
        words.push_back(
            LLVM::BitcastOp::create(b, loc, i32, toVector(b, loc, {lo, hi})));
      }
      Value addr = LLVM::IntToPtrOp::create(
          b, loc, sharedPtr,
          LLVM::AddOp::create(b, loc, base32, rowOffsets[instr]).getResult());
      NVVM::StMatrixOp::create(
          b, loc, addr, words,
          plan.matrices.trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
          NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
          NVVM::LdStMatrixEltType::B16);
    }
  }
};

/// tma_store / tma_reduce of a register tile, box by box: every thread
/// writes its elements of the box into a staging buffer of the planned
/// scratch in the box's shared layout (dense, the last dimension fastest,
/// swizzled as the map says; runs of elements along it as one vector store
/// where the layout keeps them in registers side by side), fences its
/// writes for the async proxy, and after a CTA barrier the elected thread
/// issues the bulk copy (or reduction) of the box and commits it as a bulk
/// group. Two staging buffers take turns: before a buffer is written again
/// the elected thread waits until the copy two boxes back has read it
/// (`cp.async.bulk.wait_group.read 1`) and a barrier lets the others on.
/// After the last box the elected thread waits for its groups' writes, and
/// a closing barrier makes the op complete for every thread (the global
/// writes done, the staging free).
template <typename OpTy>
struct TmaStoreLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    constexpr bool reduce = std::is_same_v<OpTy, nv_tileas::TmaReduceOp>;
    NVVM::TMAReduxKind kind = NVVM::TMAReduxKind::ADD;
    if constexpr (reduce) {
      FailureOr<NVVM::TMAReduxKind> redux = getReduxKind(op);
      if (failed(redux))
        return failure();
      kind = *redux;
    }
    // The box's shared layout follows the map's swizzle.
    auto make = op.getDesc().template getDefiningOp<nv_tileas::MakeTiledTmaDescOp>();
    if (!make)
      return op.emitOpError("needs its descriptor's make_tiled_tma_desc in "
                            "view: the box's shared layout follows its "
                            "swizzle");
    RankedTensorType type = op.getValue().getType();
    if (!nv_tileas::LinearEncodingAttr::of(type))
      return op.emitOpError("needs a tile with a distributed layout");
    if (!getTensorMapElemType(type.getElementType()))
      return op.emitOpError("no tensor-map element type for ")
             << type.getElementType();
    LLVM::GlobalOp scratch = getScratchBufferOf(op);
    if (!scratch)
      return failure();
    // Bulk tensor copies are PTX ISA 8.0: the map made in view already
    // requires 8.3.
    Location loc = op.getLoc();
    if (needsLeadingBarrier(op))
      NVVM::Barrier0Op::create(rewriter, loc);
    Value staging = LLVM::AddressOfOp::create(rewriter, loc, scratch);
    ::tilecc::layout::LinearLayout layout = getTileLayout(type);
    SmallVector<Value> registers =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    SmallVector<SmallVector<Value>> coords =
        getRegisterCoordinates(rewriter, loc, layout);
    DuplicateMasks duplicates = getDuplicateMasks(layout);
    unsigned rank = type.getRank();
    int64_t elemBytes = type.getElementTypeBitWidth() / 8;
    int64_t swizzleBits = ::tilecc::layout::getTmaSwizzleLineBits(
        make.getSwizzleBytes());
    nv_tileas::TmaDescType desc = op.getDesc().getType();
    int64_t boxCols = desc.getBoxShape().back();
    int64_t numBoxes = type.getShape().back() / boxCols;
    int64_t boxBytes = getBoxBytes(type, desc);
    // Elements side by side along the last dimension in consecutive
    // registers (no duplicates among them) go as one store of up to 16
    // bytes: the swizzle moves whole 16-byte units.
    std::string last = layout.getOutDimNames().back();
    unsigned vecLog2 = 0;
    while (vecLog2 < unsigned(layout.getInDimSizeLog2(::tilecc::layout::kRegister)) &&
           (elemBytes << (vecLog2 + 1)) <= 16 &&
           !(duplicates.reg & (1u << vecLog2)) &&
           llvm::all_of(layout.getOutDimNames(), [&](const std::string &out) {
             return layout.getBasis(::tilecc::layout::kRegister, vecLog2,
                                    out) == (out == last ? 1 << vecLog2 : 0);
           }) &&
           boxCols % (int64_t(2) << vecLog2) == 0)
      ++vecLog2;
    // A register's box is fixed by the register where no lane or warp bit
    // reaches past a box along the last dimension; else each thread tests
    // the column of each element.
    int32_t threadCols = 0;
    for (const char *in : {::tilecc::layout::kLane, ::tilecc::layout::kWarp})
      if (layout.hasInDim(in))
        for (unsigned bit = 0; bit < layout.getInDimSizeLog2(in); ++bit)
          threadCols |= layout.getBasis(in, bit, last);
    bool staticBoxes = threadCols < boxCols;
    // stmatrix staging where the schedule chose it.
    std::optional<StmatrixStaging> stmatrix;
    if constexpr (!reduce) {
      if (nv_tileas::CopyAtomAttr atom = op.getStagingAttr();
          atom && atom.getKind() == nv_tileas::CopyKind::stmatrix) {
        auto plan = ::tilecc::layout::planTmaBoxStmatrix(
            layout, desc.getBoxShape(), 16, make.getSwizzleBytes());
        if (!plan || duplicates.reg || duplicates.lane || duplicates.warp)
          return op.emitOpError("stmatrix staging does not fit the tile's "
                                "layout");
        stmatrix.emplace(rewriter, loc, std::move(*plan),
                         ::tilecc::layout::tmaBoxSharedLayout(
                             desc.getBoxShape(), 16, make.getSwizzleBytes()));
      }
    }
    auto writeBox = [&](int64_t box, Value buffer) {
      if (stmatrix)
        return stmatrix->storeBox(rewriter, loc, buffer, box, boxCols, layout,
                                  registers);
      for (auto [r, value] : llvm::enumerate(registers)) {
        if ((r & duplicates.reg) || (r & ((int64_t(1) << vecLog2) - 1)))
          continue;
        int64_t regCol = 0;
        for (unsigned bit = 0;
             bit < layout.getInDimSizeLog2(::tilecc::layout::kRegister); ++bit)
          if (r & (int64_t(1) << bit))
            regCol ^= layout.getBasis(::tilecc::layout::kRegister, bit, last);
        if (staticBoxes && regCol / boxCols != box)
          continue;
        // The element's offset in the box: its column less the box's.
        Value offset = createI64(rewriter, loc, 0);
        int64_t stride = elemBytes;
        for (int64_t d = rank - 1; d >= 0; --d) {
          Value coord = coords[r][d];
          if (d == int64_t(rank) - 1)
            coord = LLVM::SubOp::create(rewriter, loc, coord,
                                        createI64(rewriter, loc,
                                                  box * boxCols));
          offset = LLVM::AddOp::create(
              rewriter, loc, offset,
              LLVM::MulOp::create(rewriter, loc, coord,
                                  createI64(rewriter, loc, stride)));
          stride *= d == int64_t(rank) - 1 ? boxCols : type.getDimSize(d);
        }
        if (swizzleBits)
          offset = LLVM::XOrOp::create(
              rewriter, loc, offset,
              LLVM::LShrOp::create(
                  rewriter, loc,
                  LLVM::AndOp::create(rewriter, loc, offset,
                                      createI64(rewriter, loc, swizzleBits)),
                  createI64(rewriter, loc,
                            ::tilecc::layout::kTmaSwizzleShift)));
        Value stored = value;
        unsigned width = 1u << vecLog2;
        if (width > 1) {
          auto vecType = VectorType::get({int64_t(width)}, value.getType());
          stored = LLVM::UndefOp::create(rewriter, loc, vecType);
          for (unsigned i = 0; i < width; ++i)
            stored = LLVM::InsertElementOp::create(
                rewriter, loc, stored, registers[r + i],
                createI32(rewriter, loc, i));
        }
        auto emitStore = [&] {
          LLVM::StoreOp::create(rewriter, loc, stored,
                                offsetPtr(rewriter, loc, buffer, offset),
                                /*alignment=*/elemBytes * width);
        };
        if (staticBoxes) {
          emitStore();
          continue;
        }
        Value inBox = LLVM::ICmpOp::create(
            rewriter, loc, LLVM::ICmpPredicate::eq,
            LLVM::UDivOp::create(rewriter, loc, coords[r][rank - 1],
                                 createI64(rewriter, loc, boxCols)),
            createI64(rewriter, loc, box));
        emitIf(rewriter, loc, inBox, emitStore);
      }
    };
    Value map = toPtr(rewriter, loc, adaptor.getDesc(), 0);
    SmallVector<Value> origin;
    for (unsigned i = 0; i < rank; ++i)
      origin.push_back(LLVM::TruncOp::create(
          rewriter, loc, rewriter.getI32Type(),
          toI64(rewriter, loc, adaptor.getCoords()[rank - 1 - i])));
    Value owner = getUniqueOwnerPredicate(rewriter, loc, duplicates);
    for (int64_t box = 0; box < numBoxes; ++box) {
      Value buffer = offsetPtr(rewriter, loc, staging,
                               createI64(rewriter, loc, (box % 2) * boxBytes));
      // The copy two boxes back has read this buffer.
      if (box >= 2) {
        emitIf(rewriter, loc, isElectedThread(rewriter, loc), [&] {
          NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, loc, 1,
                                               rewriter.getUnitAttr());
        });
        NVVM::Barrier0Op::create(rewriter, loc);
      }
      if (owner)
        emitIf(rewriter, loc, owner, [&] { writeBox(box, buffer); });
      else
        writeBox(box, buffer);
      // Generic-proxy writes are seen by the bulk copy (async proxy) only
      // after a proxy fence in each writing thread.
      NVVM::FenceProxyOp::create(
          rewriter, loc, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                     NVVM::SharedSpace::shared_cta));
      NVVM::Barrier0Op::create(rewriter, loc);
      SmallVector<Value> boxCoords(origin);
      if (box)
        boxCoords[0] = LLVM::AddOp::create(
            rewriter, loc, boxCoords[0],
            createI32(rewriter, loc, int32_t(box * boxCols)));
      emitIf(rewriter, loc, isElectedThread(rewriter, loc), [&] {
        if constexpr (reduce)
          NVVM::CpAsyncBulkTensorReduceOp::create(
              rewriter, loc, map, buffer, kind, NVVM::TMAStoreMode::TILE,
              boxCoords, /*l2CacheHint=*/Value());
        else
          NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
              rewriter, loc, map, buffer, boxCoords, /*l2CacheHint=*/Value(),
              NVVM::TMAStoreMode::TILE, /*predicate=*/Value());
        NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
        if (box == numBoxes - 1)
          NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, loc, 0,
                                               /*read=*/nullptr);
      });
    }
    NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.replaceOp(
        op, LLVM::UndefOp::create(
                rewriter, loc,
                this->getTypeConverter()->convertType(op.getToken().getType())));
    return success();
  }
};

} // namespace

int64_t mlir::tilecc::getTmaStoreScratchBytes(Operation *op) {
  return getTmaStoreScratchBytesImpl(op);
}

void mlir::tilecc::populateTileASTmaToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    unsigned numWarps, const WarpRoles &roles) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<MakeTiledTmaDescLowering, TmaDescReleaseLowering,
               PipelineSlotLowering, TmaStoreLowering<nv_tileas::TmaStoreOp>,
               TmaStoreLowering<nv_tileas::TmaReduceOp>, MmaReleaseLowering>(
      converter, ctx);
  patterns.add<TmaLoadLowering, StageLowering<nv_tileas::ProducerAcquireOp>,
               StageLowering<nv_tileas::ProducerCommitOp>,
               StageLowering<nv_tileas::ConsumerWaitOp>,
               StageLowering<nv_tileas::ConsumerReleaseOp>>(converter, ctx,
                                                            roles);
  patterns.add<PipelineCreateLowering>(converter, ctx, numWarps);
}
