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
// thread 0 expect its bytes on the full barrier and issue the boxes,
// producer_commit is thread 0's arrival on it and consumer_release every
// thread's arrival on the empty barrier.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/PtxVersion.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
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
    std::optional<int64_t> entries = getPoolEntries(op.getPool());
    if (!entries)
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
    // Operands: $0 tid, $1 staging, $2 pool, $3 base, then per TMA dimension
    // (fastest first) its extent (i32), then the strides of dimensions
    // 1.. in bytes (i64).
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    SmallVector<Value> operands{tid, staging, pool, base};
    std::string constraints = "r,l,l,l";
    for (unsigned i = 0; i < rank; ++i) {
      operands.push_back(LLVM::TruncOp::create(
          rewriter, loc, rewriter.getI32Type(),
          toI64(rewriter, loc, adaptor.getSizes()[rank - 1 - i])));
      constraints += ",r";
    }
    for (unsigned i = 1; i < rank; ++i) {
      operands.push_back(LLVM::MulOp::create(
          rewriter, loc, toI64(rewriter, loc, adaptor.getStrides()[rank - 1 - i]),
          createI64(rewriter, loc, elemBytes)));
      constraints += ",l";
    }
    auto field = [](StringRef name, StringRef width) {
      return ("tensormap.replace.tile." + name + ".shared::cta.b1024." + width +
              " [$1], ")
          .str();
    };
    std::string n = std::to_string(*entries);
    std::string ptx =
        "{\n.reg .pred %tcc_p;\n.reg .b32 %tcc_i, %tcc_old, %tcc_nx, %tcc_ny;\n.reg .b64 %tcc_a;\n"
        "setp.ne.u32 %tcc_p, $0, 0;\n@%tcc_p bra TILECC_MAP_DONE_${:uid};\n"
        // Probe from the CTA's linear id: resident CTAs are fewer than the
        // entries, so a free one exists.
        "mov.u32 %tcc_i, %ctaid.z;\nmov.u32 %tcc_ny, %nctaid.y;\nmov.u32 %tcc_old, %ctaid.y;\n"
        "mad.lo.u32 %tcc_i, %tcc_i, %tcc_ny, %tcc_old;\nmov.u32 %tcc_nx, %nctaid.x;\n"
        "mov.u32 %tcc_old, %ctaid.x;\nmad.lo.u32 %tcc_i, %tcc_i, %tcc_nx, %tcc_old;\n"
        "rem.u32 %tcc_i, %tcc_i, " + n + ";\n"
        "TILECC_MAP_CLAIM_${:uid}:\n"
        "mad.wide.u32 %tcc_a, %tcc_i, " + std::to_string(kPoolEntryBytes) + ", $2;\n"
        "atom.acquire.gpu.global.cas.b32 %tcc_old, [%tcc_a+" + std::to_string(kMapBytes) +
        "], 0, 1;\n"
        "setp.eq.u32 %tcc_p, %tcc_old, 0;\n@%tcc_p bra TILECC_MAP_CLAIMED_${:uid};\n"
        "add.u32 %tcc_i, %tcc_i, 1;\nsetp.eq.u32 %tcc_p, %tcc_i, " + n + ";\n@%tcc_p mov.u32 %tcc_i, 0;\n"
        "bra TILECC_MAP_CLAIM_${:uid};\n"
        "TILECC_MAP_CLAIMED_${:uid}:\n"
        "st.shared.u32 [$1+" + std::to_string(kMapBytes) + "], %tcc_i;\n";
    for (int64_t off = 0; off < kMapBytes; off += 8)
      ptx += "st.shared.u64 [$1+" + std::to_string(off) + "], 0;\n";
    ptx += field("global_address", "b64") + "$3;\n";
    ptx += field("rank", "b32") + std::to_string(rank - 1) + ";\n";
    for (unsigned i = 0; i < rank; ++i) {
      std::string ord = std::to_string(i);
      ptx += field("box_dim", "b32") + ord + ", " +
             std::to_string(desc.getBoxShape()[rank - 1 - i]) + ";\n";
      ptx += field("global_dim", "b32") + ord + ", $" + std::to_string(4 + i) +
             ";\n";
      ptx += field("element_stride", "b32") + ord + ", 1;\n";
      if (i > 0)
        ptx += field("global_stride", "b64") + std::to_string(i - 1) + ", $" +
               std::to_string(4 + rank + i - 1) + ";\n";
    }
    ptx += field("elemtype", "b32") + std::to_string(*elemType) + ";\n";
    ptx += field("interleave_layout", "b32") + "0;\n";
    ptx += field("swizzle_mode", "b32") +
           std::to_string(getSwizzleMode(op.getSwizzleBytes())) + ";\n";
    // Fill mode 0: out-of-bounds elements read as zero.
    ptx += field("fill_mode", "b32") + "0;\n";
    ptx += "TILECC_MAP_DONE_${:uid}:\n}";
    emitPtx(rewriter, loc, Type(), operands, ptx, constraints);
    // Warp 0 publishes the map to its entry (the copy is warp-collective).
    emitPtx(rewriter, loc, Type(), {tid, staging, pool},
            "{\n.reg .pred %tcc_p;\n.reg .b32 %tcc_i;\n.reg .b64 %tcc_g;\n"
            "setp.ge.u32 %tcc_p, $0, 32;\n@%tcc_p bra TILECC_MAP_PUBLISHED_${:uid};\n"
            "bar.warp.sync -1;\n"
            "ld.shared.u32 %tcc_i, [$1+" + std::to_string(kMapBytes) + "];\n"
            "mad.wide.u32 %tcc_g, %tcc_i, " + std::to_string(kPoolEntryBytes) + ", $2;\n"
            "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic."
            "release.gpu.sync.aligned [%tcc_g], [$1], 128;\n"
            "TILECC_MAP_PUBLISHED_${:uid}:\n}",
            "r,l,l");
    NVVM::Barrier0Op::create(rewriter, loc);
    // Every thread: the entry's generic address, acquired for the tensor
    // map proxy.
    Value index = LLVM::LoadOp::create(
        rewriter, loc, rewriter.getI32Type(),
        LLVM::GEPOp::create(rewriter, loc, staging.getType(),
                            rewriter.getI8Type(), staging,
                            ValueRange{createI64(rewriter, loc, kMapBytes)}));
    Value offset = LLVM::MulOp::create(
        rewriter, loc, LLVM::ZExtOp::create(rewriter, loc, rewriter.getI64Type(), index),
        createI64(rewriter, loc, kPoolEntryBytes));
    Value entry = LLVM::GEPOp::create(rewriter, loc, pool.getType(),
                                      rewriter.getI8Type(), pool,
                                      ValueRange{offset});
    Value generic = toPtr(rewriter, loc, entry, 0);
    emitPtx(rewriter, loc, Type(), {generic},
            "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;", "l");
    rewriter.replaceOp(op, generic);
    return success();
  }
};

/// Thread 0 clears the entry's lock (release: every bulk copy through the
/// map completed before, as the waits on its barriers observed).
struct TmaDescReleaseLowering
    : OpConversionPattern<nv_tileas::TmaDescReleaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TmaDescReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    Value entry = toPtr(rewriter, loc, adaptor.getDesc(), 1);
    emitPtx(rewriter, loc, Type(), {tid, entry},
            "{\n.reg .pred %tcc_p;\n.reg .b32 %tcc_old;\nsetp.eq.u32 %tcc_p, $0, 0;\n"
            "@%tcc_p atom.release.gpu.global.exch.b32 %tcc_old, [$1+" +
                std::to_string(kMapBytes) + "], 0;\n}",
            "r,l");
    rewriter.eraseOp(op);
    return success();
  }
};

/// The stage count of the pipeline `pipeline` (its create's).
FailureOr<int64_t> getNumStages(Operation *op, Value pipeline) {
  auto create = pipeline.getDefiningOp<nv_tileas::PipelineCreateOp>();
  if (!create || !create.getBarriers())
    return op->emitOpError("needs a pipeline created with its barriers "
                           "(`barriers`) in view");
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

/// Spins on `mbarrier.try_wait.parity` until the phase with `parity`
/// completed.
void emitWait(OpBuilder &b, Location loc, Value barrier, Value parity) {
  emitPtx(b, loc, Type(), {barrier, parity},
          "{\n.reg .pred %tcc_p;\nTILECC_MBAR_WAIT_${:uid}:\n"
          "mbarrier.try_wait.parity.shared::cta.b64 %tcc_p, [$0], $1;\n"
          "@!%tcc_p bra TILECC_MBAR_WAIT_${:uid};\n}",
          "l,r");
}

struct PipelineCreateLowering
    : OpConversionPattern<nv_tileas::PipelineCreateOp> {
  PipelineCreateLowering(const TypeConverter &converter, MLIRContext *ctx,
                         unsigned numWarps)
      : OpConversionPattern(converter, ctx), numWarps(numWarps) {}
  LogicalResult
  matchAndRewrite(nv_tileas::PipelineCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getBarriers())
      return op.emitOpError("without barrier storage (`barriers`) is not "
                            "lowered");
    Location loc = op.getLoc();
    Value barriers = toPtr(rewriter, loc, adaptor.getBarriers(), 3);
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    // The previous instance's waits are over in every thread before the
    // barriers start again from phase 0.
    NVVM::Barrier0Op::create(rewriter, loc);
    std::string ptx = "{\n.reg .pred %tcc_p;\nsetp.ne.u32 %tcc_p, $0, 0;\n";
    int64_t stages = op.getNumStages();
    // Every thread of the CTA releases a stage: the warps of the tiles'
    // layouts.
    unsigned warps = numWarps;
    for (Type tile : op.getType().getElementTypes())
      if (auto enc = nv_tileas::LinearEncodingAttr::of(tile))
        warps = enc.getNumWarps();
    for (int64_t s = 0; s < 2 * stages; ++s)
      ptx += "@!%tcc_p mbarrier.init.shared::cta.b64 [$1+" + std::to_string(8 * s) +
             "], " + std::to_string(s < stages ? 1 : 32 * warps) + ";\n";
    ptx += "@!%tcc_p fence.mbarrier_init.release.cluster;\n}";
    emitPtx(rewriter, loc, Type(), {tid, barriers}, ptx, "r,l");
    NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.replaceOp(op, barriers);
    return success();
  }
  unsigned numWarps;
};

template <typename OpTy>
struct StageLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
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
      emitWait(rewriter, loc, barrier,
               LLVM::XOrOp::create(rewriter, loc, parity,
                                   createI32(rewriter, loc, 1)));
    } else if constexpr (waits) {
      emitWait(rewriter, loc, barrier, parity);
    } else if constexpr (producer) {
      Value tid =
          NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
      emitPtx(rewriter, loc, Type(), {tid, barrier},
              "{\n.reg .pred %tcc_p;\n.reg .b64 %tcc_st;\nsetp.eq.u32 %tcc_p, $0, 0;\n"
              "@%tcc_p mbarrier.arrive.release.cta.shared::cta.b64 %tcc_st, [$1];\n}",
              "r,l");
    } else {
      // Releasing the fill before the first (stage -1) does nothing, so a
      // loop may release its previous iteration's fill from the start.
      emitPtx(rewriter, loc, Type(), {fill, barrier},
              "{\n.reg .pred %tcc_p;\n.reg .b64 %tcc_st;\n"
              "setp.ge.s64 %tcc_p, $0, 0;\n"
              "@%tcc_p mbarrier.arrive.release.cta.shared::cta.b64 %tcc_st, "
              "[$1];\n}",
              "l,l");
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// tma_load into a ring slot: thread 0 expects the tile's bytes on the
/// stage's full barrier and issues one cp.async.bulk.tensor per box (boxes
/// side by side along the tile's last dimension, a box's bytes apart in the
/// slot). The future is the slot's address.
struct TmaLoadLowering : OpConversionPattern<nv_tileas::TmaLoadOp> {
  using OpConversionPattern::OpConversionPattern;
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
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    // $0 tid, $1 slot, $2 map, $3 full barrier, $4.. coordinates (fastest
    // first).
    SmallVector<Value> operands{tid, slot, adaptor.getDesc(), full};
    std::string constraints = "r,l,l,l";
    for (unsigned i = 0; i < rank; ++i) {
      operands.push_back(
          LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(),
                                toI64(rewriter, loc,
                                      adaptor.getCoords()[rank - 1 - i])));
      constraints += ",r";
    }
    std::string ptx =
        "{\n.reg .pred %tcc_p;\n.reg .b32 %tcc_c;\n.reg .b64 %tcc_d;\nsetp.ne.u32 %tcc_p, $0, 0;\n"
        "@%tcc_p bra TILECC_TMA_ISSUED_${:uid};\n"
        "mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [$3], " +
        std::to_string(boxes * boxBytes) + ";\n";
    std::string dims = std::to_string(rank);
    for (int64_t box = 0; box < boxes; ++box) {
      std::string coords = "%tcc_c";
      for (unsigned i = 1; i < rank; ++i)
        coords += ", $" + std::to_string(4 + i);
      ptx += "add.u32 %tcc_c, $4, " +
             std::to_string(box * desc.getBoxShape().back()) + ";\n";
      ptx += "add.u64 %tcc_d, $1, " + std::to_string(box * boxBytes) + ";\n";
      ptx += "cp.async.bulk.tensor." + dims +
             "d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
             "[%tcc_d], [$2, {" + coords + "}], [$3];\n";
    }
    ptx += "TILECC_TMA_ISSUED_${:uid}:\n}";
    emitPtx(rewriter, loc, Type(), operands, ptx, constraints);
    rewriter.replaceOp(op, slot);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASTmaToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    unsigned numWarps) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<MakeTiledTmaDescLowering, TmaDescReleaseLowering,
               TmaLoadLowering, StageLowering<nv_tileas::ProducerAcquireOp>,
               StageLowering<nv_tileas::ProducerCommitOp>,
               StageLowering<nv_tileas::ConsumerWaitOp>,
               StageLowering<nv_tileas::ConsumerReleaseOp>>(converter, ctx);
  patterns.add<PipelineCreateLowering>(converter, ctx, numWarps);
}
