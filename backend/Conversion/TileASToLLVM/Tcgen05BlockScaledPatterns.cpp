//===- Tcgen05BlockScaledPatterns.cpp - block_scaled_mma on tcgen05 -------===//
//
// nv_tileas.block_scaled_mma on targets with the 5th-generation tensor core
// (TargetFeature::Tcgen05: sm_100a, sm_103a, sm_110a). The operands arrive
// in registers, in whatever layouts the schedule gave them; the tensor core
// reads A and B from shared memory through matrix descriptors, the scale
// factors and the accumulator from tensor memory. One op becomes:
//
//   1. warp 0 allocates tensor memory (tcgen05.alloc, address into shared);
//      thread 0 initializes an mbarrier;
//   2. every thread stores its A, B and scale registers into the shared
//      scratch buffer, at the offsets of the layouts below (each element
//      once), then fence.proxy.async makes them visible to the tensor core;
//   3. C, in the tcgen05.ld/st register layout (row = 32 * warp + lane,
//      column = register; 16x32bx2 for 64 rows, below), goes to tensor
//      memory with tcgen05.st;
//   4. thread 0 copies the scales to tensor memory (tcgen05.cp 32x128b
//      warpx4), issues tcgen05.mma ... block_scale per (128-row block,
//      N chunk, 32-byte K step: kind::mxf8f6f4 for 8-bit operands,
//      kind::mxf4 / mxf4nvf4 for f4E2M1FN packed two per byte) and commits
//      them to the mbarrier;
//   5. all threads wait on the mbarrier, tcgen05.ld the accumulator back,
//      warp 0 deallocates, and the registers move to the result's layout.
//
// A batched (rank-3) op keeps every slice in shared memory and repeats
// steps 3 to 5 (without the deallocation) per slice in the same tensor
// memory, the mbarrier completing one phase per slice.
//
// Shared layouts (no swizzle, K-major, the canonical "interleaved" layout):
// a core matrix is 8 rows of 16 bytes (128 contiguous bytes); core matrices
// adjacent in K are LBO = 128 bytes apart, adjacent 8-row groups SBO = 8 * K
// bytes. A is M x K; B is stored as N rows of K (K-major). Scales: 512-byte
// chunks of 32 rows x 16 bytes, the source of one tcgen05.cp 32x128b.warpx4,
// which puts byte 4 * j + b of row r into tensor-memory lane r (of every
// warp quarter), column j, byte b: row r + 32 * j of a 128-row block, scale
// block b of a group of four. A tcgen05.mma reads the scale block it needs
// through the instruction descriptor's scale-factor id (the byte).
//
// A tile of 64 rows: the block-scaled kinds have no M = 64 shape with
// cta_group::1 (the ISA's shape table lists 128xNxK only; M = 64 exists for
// the kinds without block scaling), so such a tile takes one M = 128
// instruction whose rows 32 q + 16 .. 32 q + 31 (q = 0..3) are padding, the
// tile's row 16 q + l being instruction row 32 q + l: half the rows of that
// instruction are wasted work. This arrangement (that of the M = 64 data-path
// layout, 16 rows per lane quarter) gives every warp 16 tile rows, which
// tcgen05.ld / st 16x32bx2 move with all 32 threads (each half-warp half the
// warp's columns). In shared memory the padding rows of A are 8-row groups
// that are never written, in the scale chunks rows 16..31; their products
// land in accumulator lanes nobody reads. A tile of 16 or 32 rows is laid
// out as one of 64 (lib/Layout's getTcgen05PaddedM) whose further rows are
// unwritten padding too.
//
// The steps are the pieces the plain tcgen05 dots share
// (Tcgen05Staging.h): the scratch frame (tensor-memory columns from the
// memory plan, the completion mbarrier), C through tcgen05.st, one issuing
// thread (elect.sync in warp 0) whose tcgen05.commit the other threads wait
// for on the mbarrier, the accumulator streamed by tcgen05.ld into the
// row-major staging area and read back in the result's layout, and the
// release. Every tcgen05 instruction is an NVVM op (nvvm.tcgen05.cp,
// nvvm.tcgen05.mma.block_scale with .block32 / .block16, the spelling of
// scale_vec::1X / 2X and 4X that NVPTX selects, PTX ISA 8.8).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/GlobalAccess.h"
#include "Conversion/TileASToLLVM/Tcgen05Staging.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/MatrixDescriptors.h"
#include "Layout/Tcgen05Mma.h"
#include "Layout/Vectorization.h"
#include "Target/TargetInfo.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;
using namespace mlir::tilecc::tcgen05;

namespace {

constexpr int64_t kCoreRowBytes = tl::kCoreMatrixRowBytes;
constexpr int64_t kCoreMatrixBytes = tl::kCoreMatrixBytes;
constexpr int64_t kScaleChunkBytes = tl::kTcgen05ScaleChunkBytes;
constexpr int64_t kStepBytes = tl::kTcgen05ScaledKBytes;

/// The instruction kinds, with their PTX names and scale vector sizes.
enum class MmaKind { Mxf8f6f4, Mxf4, Mxf4Nvf4 };

/// Everything the lowering of one op decides from its types: tile sizes,
/// instruction split, tensor-memory columns and scratch offsets.
struct Tcgen05Plan {
  int64_t batch;                // slices of a batched (rank-3) op, else 1
  int64_t tileM;                // rows of the tile
  int64_t m, n, k, scaleK;      // m: rows on the instruction (tileM padded)
  int64_t numWarps, warpGroups; // warps, and groups of 4 splitting N
  int64_t mBlocks;              // 128-row blocks (one instruction each)
  bool halfRows;                // M = 64: see "A tile of 64 rows" above
  int64_t aRows;                // rows of A in shared memory (with padding)
  int64_t nInstr, nChunks;      // N of one instruction, chunks of N
  int64_t halves;               // 128-wide scale chunks per N chunk
  int64_t kGroups;              // groups of four scale blocks (one column)
  int64_t kSteps;               // K / 32
  unsigned aFormat, bFormat;    // instruction-descriptor type codes
  MmaKind kind;
  bool fp4;                     // packed f4E2M1FN operands
  bool ue4m3;                   // f8E4M3FN (ue4m3) scales, else ue8m0
  int64_t kBytes;               // bytes of one row of K in shared memory
  int64_t blocksPerStep;        // scale blocks one instruction consumes
  // Tensor memory (32-bit columns).
  int64_t sfaColumn, columns;
  // Scratch buffer byte offsets.
  int64_t aOffset, bOffset, scaleOffset, scaleChunks, stageOffset,
      mbarOffset, slotOffset, bytes;
};

/// The instruction-descriptor code of an operand type: kind::mxf8f6f4 for
/// the 8-bit types, kind::mxf4(nvf4) for f4E2M1FN.
static std::optional<unsigned> operandFormat(Type type) {
  if (isa<Float8E4M3FNType>(type))
    return tl::getTcgen05ScaledTypeCode(tl::ScaledMmaElement::E4M3);
  if (isa<Float8E5M2Type>(type))
    return tl::getTcgen05ScaledTypeCode(tl::ScaledMmaElement::E5M2);
  if (isa<Float4E2M1FNType>(type))
    return tl::getTcgen05ScaledTypeCode(tl::ScaledMmaElement::E2M1);
  return std::nullopt;
}

static int64_t alignTo(int64_t value, int64_t align) {
  return (value + align - 1) / align * align;
}

/// The plan for `op`, or failure; with `diagnose`, the reason is reported at
/// the op.
static FailureOr<Tcgen05Plan> planFor(nv_tileas::BlockScaledMmaOp op,
                                      bool diagnose) {
  auto fail = [&](auto &&...parts) -> FailureOr<Tcgen05Plan> {
    if (diagnose) {
      InFlightDiagnostic diag = op.emitError();
      (diag << ... << parts);
    }
    return failure();
  };
  auto a = cast<RankedTensorType>(op.getA().getType());
  auto c = cast<RankedTensorType>(op.getC().getType());
  auto sa = cast<RankedTensorType>(op.getScaleA().getType());
  auto sb = cast<RankedTensorType>(op.getScaleB().getType());
  auto b = cast<RankedTensorType>(op.getB().getType());
  // The verifier admits rank 2, and rank 3 with a leading batch dimension.
  int64_t rank = a.getRank();
  Tcgen05Plan p{};
  p.batch = rank == 3 ? a.getDimSize(0) : 1;
  p.tileM = a.getDimSize(rank - 2);
  p.m = p.tileM >= 16 && p.tileM < 64 && llvm::isPowerOf2_64(p.tileM)
            ? tl::getTcgen05PaddedM(p.tileM)
            : p.tileM;
  p.k = a.getDimSize(rank - 1);
  p.n = b.getDimSize(rank - 1);
  p.scaleK = sa.getDimSize(rank - 1);
  std::optional<unsigned> af = operandFormat(a.getElementType());
  std::optional<unsigned> bf = operandFormat(b.getElementType());
  p.fp4 = isa<Float4E2M1FNType>(a.getElementType());
  bool e8m0 = isa<Float8E8M0FNUType>(sa.getElementType());
  p.ue4m3 = isa<Float8E4M3FNType>(sa.getElementType());
  int64_t blockK = p.scaleK ? p.k / p.scaleK : 0;
  bool supported = af && bf &&
                   p.fp4 == isa<Float4E2M1FNType>(b.getElementType()) &&
                   sa.getElementType() == sb.getElementType() &&
                   c.getElementType().isF32() && p.scaleK &&
                   p.k == p.scaleK * blockK;
  if (supported && !p.fp4 && e8m0 && blockK == 32) {
    p.kind = MmaKind::Mxf8f6f4;
    p.blocksPerStep = 1;
  } else if (supported && p.fp4 && e8m0 && blockK == 32) {
    p.kind = MmaKind::Mxf4;
    p.blocksPerStep = 2;
  } else if (supported && p.fp4 && (e8m0 || p.ue4m3) && blockK == 16) {
    p.kind = MmaKind::Mxf4Nvf4;
    p.blocksPerStep = 4;
  } else {
    return fail("block-scaled MMA with ", a.getElementType(),
                " operands and ", sa.getElementType(),
                " scales is not supported by the tcgen05 lowering (it "
                "supports f8E4M3FN and f8E5M2 operands with f8E8M0FNU scales "
                "per 32 elements of K, f4E2M1FN operands with f8E8M0FNU "
                "scales per 32 or 16 and f8E4M3FN scales per 16, "
                "accumulating in f32)");
  }
  p.aFormat = *af;
  p.bFormat = *bf;
  p.kBytes = p.fp4 ? p.k / 2 : p.k;
  if (p.kBytes % kStepBytes != 0)
    return fail("tcgen05 block-scaled MMA of ", a.getElementType(),
                " needs K to be a multiple of ", 8 * kStepBytes /
                    a.getElementType().getIntOrFloatBitWidth(),
                ", not ", p.k);
  // Tile sizes are powers of two: M is 64 or a multiple of 128 (16 and 32
  // are padded to 64).
  if (p.m % 64 != 0)
    return fail("tcgen05 block-scaled MMA needs M to be 16, 32 or a "
                "multiple of 64, not ",
                p.tileM);
  if (p.n < 16 || p.n % 16 != 0)
    return fail("tcgen05 block-scaled MMA needs N to be a multiple of 16, "
                "not ",
                p.n);
  if (!nv_tileas::LinearEncodingAttr::of(c))
    return fail("tile without layout");
  p.numWarps = getTileLayout(c).getInDimSize(tl::kWarp);
  if (p.numWarps % 4 != 0 || p.n % (p.numWarps / 4) != 0)
    return fail("tcgen05 block-scaled MMA needs a multiple of 4 warps (one "
                "per tensor-memory lane quarter), not ",
                p.numWarps);
  // Every thread packs an equal slice of each f4 operand.
  if (p.fp4 && std::min(p.m, p.n) * p.k / 2 < 32 * p.numWarps)
    return fail("tcgen05 block-scaled MMA of f4E2M1FN with ", p.numWarps,
                " warps needs operands of at least one byte per thread");
  p.warpGroups = p.numWarps / 4;
  p.halfRows = p.m == 64;
  p.mBlocks = p.halfRows ? 1 : p.m / 128;
  p.aRows = p.mBlocks * 128;
  // A 64-row tile splits each warp's columns between its two half-warps.
  if (p.halfRows && p.n / p.warpGroups < 2)
    return fail("tcgen05 block-scaled MMA of 64 rows with ", p.numWarps,
                " warps needs N to be at least ", 2 * p.warpGroups);
  p.nInstr = std::min<int64_t>(p.n, 256);
  p.nChunks = p.n / p.nInstr;
  p.halves = (p.nInstr + 127) / 128;
  p.kGroups = (p.scaleK + 3) / 4;
  p.kSteps = p.kBytes / kStepBytes;

  // Tensor memory: the accumulator blocks, then the scale chunks.
  p.sfaColumn = p.mBlocks * p.n;
  p.scaleChunks = p.mBlocks * p.kGroups + p.nChunks * p.kGroups * p.halves;
  int64_t used = p.sfaColumn + 4 * p.scaleChunks;
  p.columns = 32;
  while (p.columns < used)
    p.columns *= 2;
  if (p.columns > 512)
    return fail("tcgen05 block-scaled MMA of ", p.m, "x", p.n, "x", p.k,
                " needs ", used,
                " tensor-memory columns, more than the 512 of an SM");

  // Scratch: A, B, the scale chunks, a staging area for layout changes of
  // the f32 tiles, the mbarrier and the tensor-memory address slot. A
  // batched op keeps every slice in shared memory (slices outermost: all A
  // slices, all B slices, the A scales of every slice, then those of B) and
  // reuses the tensor memory slice after slice.
  p.aOffset = 0;
  p.bOffset =
      alignTo(p.aOffset + p.batch * p.aRows * p.kBytes, kCoreMatrixBytes);
  p.scaleOffset =
      alignTo(p.bOffset + p.batch * p.kBytes * p.n, kCoreMatrixBytes);
  p.stageOffset = alignTo(p.scaleOffset + p.batch * p.scaleChunks *
                                              kScaleChunkBytes,
                          kCoreMatrixBytes);
  // The staging area also holds f4 operands unpacked (a byte each).
  int64_t stageBytes = p.m * p.n * 4;
  if (p.fp4)
    stageBytes = std::max({stageBytes, p.aRows * p.k, p.k * p.n});
  stageBytes *= p.batch;
  p.mbarOffset = alignTo(p.stageOffset + stageBytes, 8);
  p.slotOffset = p.mbarOffset + 8;
  p.bytes = p.slotOffset + 4;
  return p;
}

/// Scales of A (M x scaleK) or B (scaleK x N) in 32x128b chunks: byte
/// 4 * j + b of row r is row (r + 32 j) of a 128-row block and scale block b
/// of a group of four; chunks are (row block, group) for A and (N chunk,
/// group, 128-row half) for B, lowest first.
static tl::LinearLayout scaleLayout(const Tcgen05Plan &p, bool isB) {
  int rowDim = isB ? 1 : 0, kDim = isB ? 0 : 1;
  int rowBits = llvm::Log2_64(isB ? p.nInstr : 128);
  int kBits = llvm::Log2_64(p.scaleK);
  auto rowBit = [&](int bit) { return bit < rowBits ? rowDim : -1; };
  SmallVector<std::pair<int, int>> bits;
  bits.push_back({kBits > 0 ? kDim : -1, 0});
  bits.push_back({kBits > 1 ? kDim : -1, 1});
  if (!isB && p.halfRows) {
    // Column j, chunk row l < 16: instruction row 32 j + l, tile row
    // 16 j + l; chunk rows 16..31 are padding.
    bits.push_back({rowDim, 4});
    bits.push_back({rowDim, 5});
    for (int bit = 0; bit < 4; ++bit)
      bits.push_back({rowDim, bit});
    bits.push_back({-1, 0});
    appendBits(bits, kDim, 2, std::max(kBits, 2));
    return offsetLayout(bits, p.m, p.scaleK, p.batch);
  }
  bits.push_back({rowBit(5), 5});
  bits.push_back({rowBit(6), 6});
  for (int bit = 0; bit < 5; ++bit)
    bits.push_back({rowBit(bit), bit});
  if (isB && p.halves > 1)
    bits.push_back({rowDim, 7});
  appendBits(bits, kDim, 2, std::max(kBits, 2));
  int total = llvm::Log2_64(isB ? p.n : p.m);
  appendBits(bits, rowDim, isB ? rowBits : 7, total);
  return isB ? offsetLayout(bits, p.scaleK, p.n, p.batch)
             : offsetLayout(bits, p.m, p.scaleK, p.batch);
}

/// The instruction descriptor for K-major A and B, the scales starting at
/// byte `sfId` of their tensor-memory column.
static uint32_t instrDescriptor(const Tcgen05Plan &p, unsigned sfId) {
  tl::Tcgen05ScaledInstr instr;
  instr.aType = p.aFormat;
  instr.bType = p.bFormat;
  instr.m = 128;
  instr.n = p.nInstr;
  instr.ue8m0Scales = !p.ue4m3;
  instr.scaleIdA = instr.scaleIdB = sfId;
  return tl::getTcgen05ScaledInstrDescriptor(instr);
}

/// Packs `bytes` bytes at `packed` from twice as many unpacked f4 elements
/// (a byte each) at `unpacked`: byte j = element 2j | element 2j+1 << 4. The
/// `threads` threads share the work in equal slices of up to 8 bytes.
static void packNibbles(OpBuilder &b, Location loc, Value unpacked,
                        Value packed, int64_t bytes, int64_t threads,
                        Value tid) {
  int64_t width = 8;
  while (width > 1 && bytes % (width * threads) != 0)
    width /= 2;
  Type i8 = b.getI8Type();
  auto srcType = VectorType::get({2 * width}, i8);
  Value tid64 = LLVM::ZExtOp::create(b, loc, b.getI64Type(), tid);
  for (int64_t slice = 0; slice < bytes; slice += width * threads) {
    Value j = LLVM::AddOp::create(
        b, loc, createI64(b, loc, slice),
        LLVM::MulOp::create(b, loc, tid64, createI64(b, loc, width)));
    Value src = LLVM::GEPOp::create(
        b, loc, unpacked.getType(), i8, unpacked,
        ValueRange{LLVM::MulOp::create(b, loc, j, createI64(b, loc, 2))});
    Value halves = LLVM::LoadOp::create(b, loc, srcType, src, 2 * width);
    SmallVector<Value> out;
    for (int64_t i = 0; i < width; ++i) {
      Value lo = LLVM::ExtractElementOp::create(b, loc, halves,
                                                createI32(b, loc, 2 * i));
      Value hi = LLVM::ExtractElementOp::create(b, loc, halves,
                                                createI32(b, loc, 2 * i + 1));
      out.push_back(LLVM::OrOp::create(
          b, loc, lo,
          LLVM::ShlOp::create(b, loc, hi,
                              LLVM::ConstantOp::create(
                                  b, loc, i8, b.getI8IntegerAttr(4)))));
    }
    Value dst = LLVM::GEPOp::create(b, loc, packed.getType(), i8, packed,
                                    ValueRange{j});
    LLVM::StoreOp::create(b, loc, toVector(b, loc, out), dst, width);
  }
}

/// NVVM's kind and scale-block size of a plan's instruction.
static std::pair<NVVM::MMABlockScaleKind, NVVM::Tcgen05MMABlockScale>
getNvvmKind(MmaKind kind) {
  switch (kind) {
  case MmaKind::Mxf8f6f4: // .block32 = .scale_vec::1X
    return {NVVM::MMABlockScaleKind::MXF8F6F4,
            NVVM::Tcgen05MMABlockScale::BLOCK32};
  case MmaKind::Mxf4: // .block32 = .scale_vec::2X
    return {NVVM::MMABlockScaleKind::MXF4, NVVM::Tcgen05MMABlockScale::BLOCK32};
  case MmaKind::Mxf4Nvf4: // .block16 = .scale_vec::4X
    return {NVVM::MMABlockScaleKind::MXF4NVF4,
            NVVM::Tcgen05MMABlockScale::BLOCK16};
  }
  llvm_unreachable("unknown block-scaled kind");
}

/// The tile layout of `type`, a tile of fewer than 64 rows widened to the
/// 64-row arrangement (the further rows unwritten in A, unread in D).
static tl::LinearLayout paddedLayout(const Tcgen05Plan &p,
                                     RankedTensorType type) {
  tl::LinearLayout layout = getTileLayout(type);
  if (p.m == p.tileM)
    return layout;
  return layout.resizeOutDim(tl::dimName(type.getRank() - 2), int32_t(p.m));
}

/// Step 2: A, B and the scales of every slice into the scratch buffer, in
/// the layouts the matrix descriptors and tcgen05.cp read. f8 operands go
/// straight to their place; f4 ones a byte each into the staging area
/// first, then every thread packs a slice of the pairs.
static LogicalResult stageOperands(OpBuilder &b, Location loc,
                                   nv_tileas::BlockScaledMmaOp op,
                                   ValueRange operands, const Tcgen05Plan &p,
                                   const ScratchFrame &frame) {
  Type i8 = b.getI8Type();
  auto at = [&](int64_t offset) { return frame.at(b, loc, offset); };
  Value stage = at(p.stageOffset);
  auto storeOperand = [&](Value packedRegs, RankedTensorType type,
                          int64_t rows, bool kFirst,
                          int64_t offset) -> LogicalResult {
    SmallVector<Value> regs = unpackRegisters(b, loc, packedRegs);
    bool half = !kFirst && p.halfRows;
    tl::LinearLayout layout =
        kFirst ? getTileLayout(type) : paddedLayout(p, type);
    tl::LinearLayout shared =
        operandLayout(rows, p.k, kFirst, p.fp4 ? 4 : 8, p.batch, half);
    if (!p.fp4)
      return storeToShared(b, loc, op, regs, layout, shared, at(offset), i8);
    for (Value &r : regs)
      r = LLVM::ZExtOp::create(b, loc, i8, r);
    if (failed(storeToShared(b, loc, op, regs, layout, shared, stage, i8)))
      return failure();
    NVVM::Barrier0Op::create(b, loc);
    packNibbles(b, loc, stage, at(offset),
                p.batch * (half ? p.aRows : rows) * p.kBytes,
                32 * p.numWarps, frame.tid);
    NVVM::Barrier0Op::create(b, loc);
    return success();
  };
  auto type = [](Value v) { return cast<RankedTensorType>(v.getType()); };
  return success(
      succeeded(storeOperand(operands[0], type(op.getA()), p.m, false,
                             p.aOffset)) &&
      succeeded(storeOperand(operands[1], type(op.getB()), p.n, true,
                             p.bOffset)) &&
      succeeded(storeToShared(b, loc, op, unpackRegisters(b, loc, operands[2]),
                              paddedLayout(p, type(op.getScaleA())),
                              scaleLayout(p, false), at(p.scaleOffset), i8)) &&
      succeeded(storeToShared(
          b, loc, op, unpackRegisters(b, loc, operands[3]),
          getTileLayout(type(op.getScaleB())), scaleLayout(p, true),
          at(p.scaleOffset +
             p.batch * p.mBlocks * p.kGroups * kScaleChunkBytes),
          i8)));
}

/// Step 4, in the issuing thread: slice `slice`'s scale chunks into tensor
/// memory (tcgen05.cp 32x128b.warpx4), one tcgen05.mma .block_scale per
/// (128-row block, N chunk, 32-byte K step) onto the accumulator there, and
/// the commit of both to the completion mbarrier.
static void issueSlice(OpBuilder &b, Location loc, const Tcgen05Plan &p,
                       const ScratchFrame &frame, Value tmem, int64_t slice) {
  int64_t aScaleChunks = p.mBlocks * p.kGroups;
  int64_t bScaleChunks = p.scaleChunks - aScaleChunks;
  // Shared offset (from the scales) of chunk `chunk` of this slice.
  auto scaleSource = [&](int64_t chunk) {
    if (chunk < aScaleChunks)
      return (slice * aScaleChunks + chunk) * kScaleChunkBytes;
    return (p.batch * aScaleChunks + slice * bScaleChunks + chunk -
            aScaleChunks) *
           kScaleChunkBytes;
  };
  auto shared = [&](int64_t offset) {
    return LLVM::AddOp::create(b, loc, frame.baseAddress,
                               createI64(b, loc, offset));
  };
  for (int64_t chunk = 0; chunk < p.scaleChunks; ++chunk)
    NVVM::Tcgen05CpOp::create(
        b, loc, NVVM::Tcgen05CpShape::SHAPE_32x128b, NVVM::CTAGroupKind::CTA_1,
        NVVM::Tcgen05CpMulticast::WARPX4, /*srcFormat=*/nullptr,
        tmemPointer(b, loc, tmem, p.sfaColumn + 4 * chunk),
        matrixDescriptor(b, loc,
                         shared(p.scaleOffset + scaleSource(chunk)),
                         kCoreMatrixBytes, kCoreMatrixBytes));
  auto [kind, blockScale] = getNvvmKind(p.kind);
  int64_t sbo = 8 * p.kBytes;
  int64_t sfbColumn = p.sfaColumn + 4 * p.mBlocks * p.kGroups;
  Value accumulate = createI1(b, loc, true);
  for (int64_t mb = 0; mb < p.mBlocks; ++mb)
    for (int64_t nc = 0; nc < p.nChunks; ++nc)
      for (int64_t s = 0; s < p.kSteps; ++s) {
        int64_t kBytes = s * 2 * kCoreMatrixBytes;
        int64_t block = s * p.blocksPerStep; // first scale block
        Value aDesc = matrixDescriptor(
            b, loc,
            shared(p.aOffset + slice * p.aRows * p.kBytes + mb * 16 * sbo +
                   kBytes),
            kCoreMatrixBytes, sbo);
        Value bDesc = matrixDescriptor(
            b, loc,
            shared(p.bOffset + slice * p.n * p.kBytes +
                   nc * (p.nInstr / 8) * sbo + kBytes),
            kCoreMatrixBytes, sbo);
        NVVM::Tcgen05MMABlockScaleOp::create(
            b, loc, kind, NVVM::CTAGroupKind::CTA_1, blockScale,
            NVVM::Tcgen05MMACollectorOp::DISCARD,
            tmemPointer(b, loc, tmem, mb * p.n + nc * p.nInstr), aDesc, bDesc,
            createI32(b, loc, instrDescriptor(p, block % 4)), accumulate,
            tmemPointer(b, loc, tmem,
                        p.sfaColumn + (mb * p.kGroups + block / 4) * 4),
            tmemPointer(b, loc, tmem,
                        sfbColumn +
                            (nc * p.kGroups + block / 4) * p.halves * 4));
      }
  emitCommit(b, loc, frame.mbar);
}

struct Tcgen05BlockScaledMmaLowering
    : OpConversionPattern<nv_tileas::BlockScaledMmaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv_tileas::BlockScaledMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    FailureOr<Tcgen05Plan> planOr = planFor(op, /*diagnose=*/true);
    if (failed(planOr))
      return failure();
    Tcgen05Plan p = *planOr;
    LLVM::GlobalOp scratch = getScratchBufferOf(op);
    if (!scratch)
      return failure();
    FailureOr<int64_t> plannedColumns = getPlannedTensorMemoryColumns(op);
    if (failed(plannedColumns))
      return failure();
    p.columns = *plannedColumns;

    OpBuilder &b = rewriter;
    Value base = LLVM::AddressOfOp::create(b, loc, scratch);
    // 1. The scratch buffer's previous user is done.
    ScratchFrame frame = openScratchFrame(b, loc, base, p.mbarOffset,
                                          p.slotOffset, needsLeadingBarrier(op));
    Value stage = frame.at(b, loc, p.stageOffset);
    // 2. Operands into shared memory, in the descriptors' layouts.
    if (failed(stageOperands(b, loc, op,
                             {adaptor.getA(), adaptor.getB(),
                              adaptor.getScaleA(), adaptor.getScaleB()},
                             p, frame)))
      return failure();
    // C in the tensor-memory register layout (may stage through shared).
    auto cType = cast<RankedTensorType>(op.getC().getType());
    tl::LinearLayout tmemLayout =
        tmemRegisterLayout({p.batch, p.m, p.n, p.warpGroups, p.halfRows});
    FailureOr<SmallVector<Value>> cRegs =
        relayout(b, loc, op, unpackRegisters(b, loc, adaptor.getC()),
                 paddedLayout(p, cType), tmemLayout, stage, p.batch, p.m, p.n);
    if (failed(cRegs))
      return failure();
    // Tensor memory and the completion barrier, once the operands are in
    // place (branches: see allocateTensorMemory).
    allocateTensorMemory(rewriter, loc, frame, p.columns);
    // Generic-proxy writes become visible to the tensor core (async proxy);
    // the allocated address and the mbarrier to every thread.
    emitAsyncProxyFence(b, loc);
    emitTmemBarrier(b, loc);
    Value tmem = LLVM::LoadOp::create(b, loc, b.getI32Type(), frame.slot);

    // Each warp's tensor-memory address: its lane quarter and its share of
    // the columns. A 64-row tile: each half-warp takes half the share
    // (16x32bx2, the second half immHalfSplitoff columns further).
    TmemAccess access{p.m, p.n, p.warpGroups, p.halfRows};
    Value warpAddress = tmemWarpAddress(b, loc, tmem, frame.warp, access);
    int64_t sliceRegs = int64_t(cRegs->size()) / p.batch;
    // D goes to the result's layout through the staging area, or straight
    // from the tcgen05.ld registers where that layout is theirs.
    tl::LinearLayout dLayout =
        paddedLayout(p, cast<RankedTensorType>(op.getType()));
    bool direct = dLayout == tmemLayout;
    SmallVector<Value> dWords;
    // Steps 3 to 5 once per batch slice, in the same tensor memory: the
    // mbarrier completes one phase per slice.
    for (int64_t slice = 0; slice < p.batch; ++slice) {
      // 3. C into tensor memory.
      storeTmem(b, loc, warpAddress,
                ArrayRef<Value>(*cRegs).slice(slice * sliceRegs, sliceRegs),
                /*isInt=*/false, access);
      emitTmemBarrier(b, loc);
      // 4. One thread: scales into tensor memory, the MMAs, the commit.
      emitIf(rewriter, loc, isIssuingThread(b, loc, frame.warp),
             [&] { issueSlice(b, loc, p, frame, tmem, slice); });
      // 5. Wait, read the accumulator (streamed into the row-major staging
      //    area unless its registers are the result's).
      emitMbarrierWait(rewriter, loc, frame.mbar,
                       createI32(b, loc, slice & 1));
      emitTmemFence(b, loc, /*before=*/false);
      if (direct) {
        llvm::append_range(dWords, loadTmem(b, loc, warpAddress, access));
        continue;
      }
      if (failed(loadTmemToStage(
              b, loc, op, warpAddress,
              frame.at(b, loc, p.stageOffset + slice * p.m * p.n * 4),
              /*isInt=*/false, access)))
        return failure();
    }
    emitTmemRelease(rewriter, loc, frame.warp, frame.tid, tmem, p.columns,
                    frame.mbar);

    // 6. D in the result's layout.
    if (direct) {
      SmallVector<Value> result;
      for (Value w : dWords)
        result.push_back(LLVM::BitcastOp::create(b, loc, b.getF32Type(), w));
      rewriter.replaceOp(op, packRegisters(b, loc, structType, result));
      return success();
    }
    SmallVector<std::pair<int, int>> bits;
    appendBits(bits, 1, 0, llvm::Log2_64(p.n));
    appendBits(bits, 0, 0, llvm::Log2_64(p.m));
    FailureOr<SmallVector<Value>> result = loadFromShared(
        b, loc, op, dLayout, offsetLayout(bits, p.m, p.n, p.batch), stage, b.getF32Type());
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, packRegisters(b, loc, structType, *result));
    return success();
  }
};

} // namespace

int64_t mlir::tilecc::getTcgen05BlockScaledScratchBytes(
    Operation *op, const ::tilecc::TargetInfo &target) {
  auto mma = dyn_cast<nv_tileas::BlockScaledMmaOp>(op);
  if (!mma || !target.has(::tilecc::TargetFeature::Tcgen05))
    return 0;
  FailureOr<Tcgen05Plan> plan = planFor(mma, /*diagnose=*/false);
  return succeeded(plan) ? plan->bytes : 0;
}

int64_t mlir::tilecc::getTcgen05BlockScaledColumns(
    Operation *op, const ::tilecc::TargetInfo &target) {
  auto mma = dyn_cast<nv_tileas::BlockScaledMmaOp>(op);
  if (!mma || !target.has(::tilecc::TargetFeature::Tcgen05))
    return 0;
  FailureOr<Tcgen05Plan> plan = planFor(mma, /*diagnose=*/false);
  return succeeded(plan) ? plan->columns : 0;
}

void mlir::tilecc::populateTileASTcgen05BlockScaledToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target) {
  if (target.has(::tilecc::TargetFeature::Tcgen05))
    patterns.add<Tcgen05BlockScaledMmaLowering>(converter,
                                                patterns.getContext());
}
