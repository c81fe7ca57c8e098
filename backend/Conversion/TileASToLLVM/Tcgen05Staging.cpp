//===- Tcgen05Staging.cpp - shared pieces of the tcgen05 lowerings --------===//
//
// What the tcgen05 MMA lowerings (Tcgen05BlockScaledPatterns.cpp,
// Tcgen05DotPatterns.cpp, Tcgen05TmemPatterns.cpp) share: the canonical
// shared-memory operand layouts, the tcgen05.ld/st register layout,
// register <-> shared staging, and the NVVM ops (tcgen05.alloc / dealloc /
// mma / commit / ld / st / wait / fence, mbarrier, elect.sync) with the
// branches that give them to one warp or one thread.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/Tcgen05Staging.h"

#include "Conversion/TileASToLLVM/GlobalAccess.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/Tcgen05Mma.h"
#include "Layout/Vectorization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringExtras.h"

#include <tuple>

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

/// A shared layout (input "offset", in bytes) onto a 2-d tile of `size0` x
/// `size1` one-byte elements: offset bit i goes to bit `bits[i].second` of
/// dimension `bits[i].first`, or nowhere (padding) when the dimension is -1.
/// With `batch` > 1 the tile is 3-d, `batch` slices of `size0` x `size1`
/// one after the other (the slice index takes the highest offset bits).
tl::LinearLayout
tcgen05::offsetLayout(ArrayRef<std::pair<int, int>> bits, int64_t size0,
                      int64_t size1, int64_t batch) {
  int first = batch > 1 ? 1 : 0;
  std::vector<tl::LinearLayout::Basis> bases;
  for (auto [dim, bit] : bits) {
    tl::LinearLayout::Basis basis(first + 2, 0);
    if (dim >= 0)
      basis[first + dim] = 1 << bit;
    bases.push_back(basis);
  }
  for (int64_t slice = 1; slice < batch; slice *= 2) {
    tl::LinearLayout::Basis basis(3, 0);
    basis[0] = int32_t(slice);
    bases.push_back(basis);
  }
  std::vector<tl::LinearLayout::OutDim> outs;
  if (first)
    outs.push_back({tl::dimName(0), int32_t(batch)});
  outs.push_back({tl::dimName(first), int32_t(size0)});
  outs.push_back({tl::dimName(first + 1), int32_t(size1)});
  return tl::LinearLayout({{tl::kOffset, bases}}, outs);
}

/// Bits [from, to) of dimension `dim` (or `to - from` paddings for dim -1).
void tcgen05::appendBits(SmallVectorImpl<std::pair<int, int>> &bits, int dim,
                       int from, int to) {
  for (int b = from; b < to; ++b)
    bits.push_back({dim, dim < 0 ? 0 : b});
}

/// A (M x K, dims m, k) or B (K x N, dims k, n) in the K-major canonical
/// layout: 16 bytes of K, 8 rows, the rest of K, the rest of the rows.
/// Offsets count elements of `elementBits` (4 for f4E2M1FN: 4-bit halves of
/// those bytes, the low half holding the even element; 8, 16 or 32 for the
/// other operand types). With `halfRows` (A of 64 rows), the
/// 8-row groups of instruction rows 32 q + 16 .. 32 q + 31 are padding.
tl::LinearLayout tcgen05::operandLayout(int64_t rows, int64_t k, bool kFirst,
                                        unsigned elementBits, int64_t batch,
                                        bool halfRows) {
  int rowDim = kFirst ? 1 : 0, kDim = kFirst ? 0 : 1;
  // Elements of K in one 16-byte core-matrix row.
  int rowBits = 7 - int(llvm::Log2_32(elementBits));
  SmallVector<std::pair<int, int>> bits;
  appendBits(bits, kDim, 0, rowBits);
  appendBits(bits, rowDim, 0, 3);
  appendBits(bits, kDim, rowBits, llvm::Log2_64(k));
  if (halfRows) {
    appendBits(bits, rowDim, 3, 4);
    appendBits(bits, -1, 0, 1);
    appendBits(bits, rowDim, 4, llvm::Log2_64(rows));
  } else {
    appendBits(bits, rowDim, 3, llvm::Log2_64(rows));
  }
  return kFirst ? offsetLayout(bits, k, rows, batch)
                : offsetLayout(bits, rows, k, batch);
}

/// The register layout of tcgen05.ld / tcgen05.st 32x32b: warp w reaches
/// lanes 32 (w % 4) ..; its thread `lane` holds row 32 (w % 4) + lane and,
/// in registers, the columns of its share of N (warp groups beyond the
/// first take further shares), then the further 128-row blocks, then the
/// batch slices (each slice's registers are contiguous). With 64 rows
/// (16x32bx2), see the comment inside.
tl::LinearLayout tcgen05::tmemRegisterLayout(const TmemShape &p) {
  return tl::getTcgen05AccumulatorLayout(p.batch, p.m, p.n, p.warpGroups,
                                         p.halfRows);
}

Value tcgen05::isIssuingThread(OpBuilder &b, Location loc, Value warp) {
  Value inWarp0 = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, warp,
                                       createI32(b, loc, 0));
  Value leader = NVVM::ElectSyncOp::create(b, loc, b.getI1Type(), Value());
  return LLVM::AndOp::create(b, loc, inWarp0, leader);
}

Value tcgen05::tmemPointer(OpBuilder &b, Location loc, Value tmem,
                           int64_t columns) {
  if (columns != 0)
    tmem = LLVM::AddOp::create(b, loc, tmem, createI32(b, loc, columns));
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 6), tmem);
}

Value tcgen05::createI1(OpBuilder &b, Location loc, bool value) {
  return LLVM::ConstantOp::create(b, loc, b.getI1Type(),
                                  b.getBoolAttr(value));
}

void tcgen05::emitAsyncProxyFence(OpBuilder &b, Location loc) {
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(b.getContext(),
                                 NVVM::SharedSpace::shared_cta));
}

Value tcgen05::matrixDescriptor(OpBuilder &b, Location loc, Value address,
                               int64_t lbo, int64_t sbo, unsigned mode) {
  if (!address.getType().isInteger(64))
    address = LLVM::ZExtOp::create(b, loc, b.getI64Type(), address);
  Value start = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, address, createI64(b, loc, 4)),
      createI64(b, loc, 0x3FFF));
  return LLVM::OrOp::create(
      b, loc, start,
      createI64(b, loc,
                int64_t(tl::getTcgen05SmemDescriptorFields(lbo, sbo, mode))));
}

/// NVVM's name of a kind of lib/Layout's table.
static NVVM::Tcgen05MMAKind getNvvmKind(tl::Tcgen05Kind kind) {
  switch (kind) {
  case tl::Tcgen05Kind::F16:
    return NVVM::Tcgen05MMAKind::F16;
  case tl::Tcgen05Kind::TF32:
    return NVVM::Tcgen05MMAKind::TF32;
  case tl::Tcgen05Kind::F8F6F4:
    return NVVM::Tcgen05MMAKind::F8F6F4;
  case tl::Tcgen05Kind::I8:
    return NVVM::Tcgen05MMAKind::I8;
  }
  llvm_unreachable("unknown tcgen05 kind");
}

void tcgen05::emitMma(OpBuilder &b, Location loc, tl::Tcgen05Kind kind,
                      Value d, Value aDesc, Value bDesc, Value idesc,
                      Value enableInputD) {
  NVVM::Tcgen05MMAOp::create(
      b, loc, getNvvmKind(kind), NVVM::CTAGroupKind::CTA_1,
      NVVM::Tcgen05MMACollectorOp::DISCARD, /*aShift=*/false,
      tmemPointer(b, loc, d), aDesc, bDesc, idesc, enableInputD,
      /*scaleInputD=*/Value(), /*disableOutputLane=*/Value());
}

void tcgen05::emitCommit(OpBuilder &b, Location loc, Value mbar) {
  NVVM::Tcgen05CommitOp::create(b, loc, mbar, /*multicastMask=*/Value());
}

void tcgen05::emitTmemFence(OpBuilder &b, Location loc, bool before) {
  NVVM::Tcgen05FenceOp::create(
      b, loc,
      before ? NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC
             : NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
}

void tcgen05::emitTmemBarrier(OpBuilder &b, Location loc) {
  emitTmemFence(b, loc, /*before=*/true);
  NVVM::Barrier0Op::create(b, loc);
  emitTmemFence(b, loc, /*before=*/false);
}

Value tcgen05::ScratchFrame::at(OpBuilder &b, Location loc,
                               int64_t offset) const {
  if (offset == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{createI64(b, loc, offset)});
}

tcgen05::ScratchFrame tcgen05::openScratchFrame(OpBuilder &b, Location loc,
                                                Value base, int64_t mbarOffset,
                                                int64_t slotOffset,
                                                bool leadingBarrier) {
  ScratchFrame f;
  f.base = base;
  f.baseAddress = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), base);
  std::tie(f.lane, f.warp) = getLaneAndWarp(b, loc);
  f.tid = LLVM::AddOp::create(
      b, loc, LLVM::MulOp::create(b, loc, f.warp, createI32(b, loc, 32)),
      f.lane);
  f.mbar = f.at(b, loc, mbarOffset);
  f.slot = f.at(b, loc, slotOffset);
  if (leadingBarrier)
    NVVM::Barrier0Op::create(b, loc);
  return f;
}

void tcgen05::allocateTensorMemory(RewriterBase &rewriter, Location loc,
                                   const ScratchFrame &f, int64_t columns) {
  OpBuilder &b = rewriter;
  Value zero = createI32(b, loc, 0);
  emitIf(rewriter, loc,
         LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, f.warp, zero),
         [&] {
           NVVM::Tcgen05AllocOp::create(b, loc, f.slot,
                                        createI32(b, loc, columns));
         });
  emitIf(rewriter, loc,
         LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, f.tid, zero),
         [&] {
           NVVM::MBarrierInitOp::create(b, loc, f.mbar, createI32(b, loc, 1),
                                        /*predicate=*/Value());
           NVVM::FenceMbarrierInitOp::create(b, loc);
         });
}

tcgen05::ScratchFrame tcgen05::beginScratchFrame(RewriterBase &rewriter,
                                                 Location loc, Value base,
                                                 int64_t mbarOffset,
                                                 int64_t slotOffset,
                                                 int64_t columns,
                                                 bool leadingBarrier) {
  ScratchFrame f = openScratchFrame(rewriter, loc, base, mbarOffset,
                                    slotOffset, leadingBarrier);
  allocateTensorMemory(rewriter, loc, f, columns);
  return f;
}

/// How many consecutive registers of `layout` land at consecutive, aligned
/// offsets of `shared` (none of them a duplicate), up to 16 bytes and a
/// width `elem` can move in one access.
static unsigned contiguousRegisters(const tl::LinearLayout &layout,
                                    const tl::LinearLayout &shared, Type elem) {
  unsigned bits = elem.getIntOrFloatBitWidth();
  unsigned width = tl::getVectorWidthBits(layout, shared, bits) / bits;
  while (width > 1 && !isAccessSupported(elem, width))
    width /= 2;
  return width;
}

/// Every thread stores its registers of `layout` into shared memory at
/// `base` + the element offset `shared` gives each element, each element
/// once, as wide as consecutive registers allow.
LogicalResult tcgen05::storeToShared(OpBuilder &b, Location loc, Operation *op,
                                     ArrayRef<Value> regs,
                                     const tl::LinearLayout &layout,
                                     const tl::LinearLayout &shared, Value base,
                                     Type elem,
                                     llvm::function_ref<bool(size_t)> keep) {
  std::optional<tl::LinearLayout> toOffset = layout.invertAndCompose(shared);
  if (!toOffset)
    return op->emitError("tcgen05 MMA operand layout does not cover its tile");
  DuplicateMasks dup = getDuplicateMasks(layout);
  Value owner = getUniqueOwnerPredicate(b, loc, dup);
  unsigned width = contiguousRegisters(layout, shared, elem);
  unsigned bytes = elem.getIntOrFloatBitWidth() / 8;
  auto coords = getRegisterCoordinates(b, loc, *toOffset);
  for (size_t r = 0; r < regs.size(); r += width) {
    if ((int32_t(r) & dup.reg) || (keep && !keep(r)))
      continue;
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                                    ValueRange{coords[r].front()});
    ArrayRef<Value> values = regs.slice(r, width);
    if (owner)
      emitGlobalStore(b, loc, ptr, owner, values, AccessQualifiers());
    else
      LLVM::StoreOp::create(b, loc, toVector(b, loc, values), ptr,
                            width * bytes);
  }
  return success();
}

/// The registers of `layout` loaded from shared memory at `base` + the
/// element offsets of `shared`.
FailureOr<SmallVector<Value>>
tcgen05::loadFromShared(OpBuilder &b, Location loc, Operation *op,
               const tl::LinearLayout &layout, const tl::LinearLayout &shared,
               Value base, Type elem) {
  std::optional<tl::LinearLayout> toOffset = layout.invertAndCompose(shared);
  if (!toOffset)
    return op->emitError("tcgen05 MMA result layout does not cover its tile");
  unsigned width = contiguousRegisters(layout, shared, elem);
  unsigned bytes = elem.getIntOrFloatBitWidth() / 8;
  Type type = width == 1 ? elem : Type(VectorType::get({int64_t(width)}, elem));
  SmallVector<Value> regs;
  auto coords = getRegisterCoordinates(b, loc, *toOffset);
  for (size_t r = 0; r < coords.size(); r += width) {
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                                    ValueRange{coords[r].front()});
    Value v = LLVM::LoadOp::create(b, loc, type, ptr, width * bytes);
    if (width == 1) {
      regs.push_back(v);
      continue;
    }
    for (unsigned i = 0; i < width; ++i)
      regs.push_back(
          LLVM::ExtractElementOp::create(b, loc, v, createI32(b, loc, i)));
  }
  return regs;
}

/// The 32-bit registers `regs` of layout `from` as the registers of `to`,
/// through the row-major staging area at `stage` (identity when equal).
FailureOr<SmallVector<Value>>
tcgen05::relayout(OpBuilder &b, Location loc, Operation *op, ArrayRef<Value> regs,
         const tl::LinearLayout &from, const tl::LinearLayout &to, Value stage,
         int64_t batch, int64_t m, int64_t n) {
  if (from == to)
    return SmallVector<Value>(regs);
  SmallVector<std::pair<int, int>> bits;
  appendBits(bits, 1, 0, llvm::Log2_64(n));
  appendBits(bits, 0, 0, llvm::Log2_64(m));
  tl::LinearLayout rowMajor = offsetLayout(bits, m, n, batch);
  Type f32 = regs.empty() ? b.getF32Type() : regs.front().getType();
  if (failed(storeToShared(b, loc, op, regs, from, rowMajor, stage, f32)))
    return failure();
  NVVM::Barrier0Op::create(b, loc);
  return loadFromShared(b, loc, op, to, rowMajor, stage, f32);
}

Value tcgen05::tmemWarpAddress(OpBuilder &b, Location loc, Value tmem,
                               Value warp, const TmemAccess &access) {
  // Its lane quarter (bits 16+) and its share of N.
  Value quarter = LLVM::AndOp::create(b, loc, warp, createI32(b, loc, 3));
  Value group = LLVM::LShrOp::create(b, loc, warp, createI32(b, loc, 2));
  return LLVM::AddOp::create(
      b, loc, tmem,
      LLVM::AddOp::create(
          b, loc, LLVM::ShlOp::create(b, loc, quarter, createI32(b, loc, 21)),
          LLVM::MulOp::create(b, loc, group,
                              createI32(b, loc, access.share()))));
}

/// The NVVM shape of the accumulator's tcgen05.ld/st, and the i64
/// immHalfSplitoff of 16x32bx2 (null for 32x32b).
static std::pair<NVVM::Tcgen05LdStShape, Value>
tmemShape(OpBuilder &b, Location loc, const tcgen05::TmemAccess &a) {
  if (!a.halfRows)
    return {NVVM::Tcgen05LdStShape::SHAPE_32X32B, Value()};
  return {NVVM::Tcgen05LdStShape::SHAPE_16X32BX2,
          createI64(b, loc, a.regCols())};
}

/// The type of `count` 32-bit tensor-memory words (i32 or a vector).
static Type tmemWordsType(OpBuilder &b, unsigned count) {
  if (count == 1)
    return b.getI32Type();
  return VectorType::get({int64_t(count)}, b.getI32Type());
}

/// The 32-bit words `words` through an empty statement with tied operands
/// (as the wgmma lowering pins its accumulators): no instruction, a data
/// dependence that keeps every use of a tcgen05.ld result after its
/// tcgen05.wait::ld and every tcgen05.st source live until its
/// tcgen05.wait::st (the NVVM waits have no register operands).
static SmallVector<Value> pinWords(OpBuilder &b, Location loc,
                                   ArrayRef<Value> words) {
  SmallVector<std::string> constraints;
  for (size_t i = 0; i < words.size(); ++i)
    constraints.push_back("=r");
  for (size_t i = 0; i < words.size(); ++i)
    constraints.push_back(std::to_string(i));
  auto type = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(words.size(), b.getI32Type()));
  auto pin =
      createInlinePtx(b, loc, type, words, "", llvm::join(constraints, ","));
  SmallVector<Value> result;
  for (size_t i = 0; i < words.size(); ++i)
    result.push_back(
        LLVM::ExtractValueOp::create(b, loc, pin.getResult(0), i));
  return result;
}

void tcgen05::storeTmemAccess(OpBuilder &b, Location loc, Value address,
                              ArrayRef<Value> words,
                              const TmemAccess &access) {
  auto [shape, split] = tmemShape(b, loc, access);
  Value value = words.size() == 1 ? words.front() : toVector(b, loc, words);
  NVVM::Tcgen05StOp::create(b, loc, /*unpack=*/false, shape,
                            tmemPointer(b, loc, address), value, split);
  NVVM::Tcgen05WaitOp::create(b, loc, NVVM::Tcgen05WaitKind::STORE);
  pinWords(b, loc, words);
}

SmallVector<Value> tcgen05::loadTmemAccess(OpBuilder &b, Location loc,
                                           Value address,
                                           const TmemAccess &access) {
  auto [shape, split] = tmemShape(b, loc, access);
  unsigned count = access.perAccess();
  Value loaded = NVVM::Tcgen05LdOp::create(
      b, loc, tmemWordsType(b, count), /*pack=*/false, shape,
      tmemPointer(b, loc, address), split);
  SmallVector<Value> words;
  if (count == 1)
    words.push_back(loaded);
  for (unsigned i = 0; i < count && count > 1; ++i)
    words.push_back(
        LLVM::ExtractElementOp::create(b, loc, loaded, createI32(b, loc, i)));
  NVVM::Tcgen05WaitOp::create(b, loc, NVVM::Tcgen05WaitKind::LOAD);
  return pinWords(b, loc, words);
}

void tcgen05::storeTmem(OpBuilder &b, Location loc, Value warpAddress,
                        ArrayRef<Value> regs, bool isInt,
                        const TmemAccess &access) {
  unsigned perAccess = access.perAccess();
  int64_t regCols = access.regCols();
  Type i32 = b.getI32Type();
  for (int64_t mb = 0; mb < access.mBlocks(); ++mb)
    for (int64_t col = 0; col < regCols; col += perAccess) {
      SmallVector<Value> words;
      for (unsigned i = 0; i < perAccess; ++i) {
        Value v = regs[mb * regCols + col + i];
        words.push_back(isInt ? v
                              : LLVM::BitcastOp::create(b, loc, i32, v)
                                    .getResult());
      }
      storeTmemAccess(
          b, loc,
          LLVM::AddOp::create(b, loc, warpAddress,
                              createI32(b, loc, mb * access.n + col)),
          words, access);
    }
}

SmallVector<Value> tcgen05::loadTmem(OpBuilder &b, Location loc,
                                     Value warpAddress,
                                     const TmemAccess &access) {
  SmallVector<Value> words;
  for (int64_t mb = 0; mb < access.mBlocks(); ++mb)
    for (int64_t col = 0; col < access.regCols(); col += access.perAccess())
      llvm::append_range(
          words, loadTmemAccess(b, loc,
                                LLVM::AddOp::create(
                                    b, loc, warpAddress,
                                    createI32(b, loc, mb * access.n + col)),
                                access));
  return words;
}

FailureOr<tl::LinearLayout>
tcgen05::loadTmemToStage(OpBuilder &b, Location loc, Operation *op,
                         Value warpAddress, Value stage, bool isInt,
                         const TmemAccess &access, Value keep) {
  int64_t m = access.m, n = access.n;
  Type i32 = b.getI32Type();
  Type accElem = isInt ? i32 : Type(b.getF32Type());
  tl::LinearLayout tmemLayout = tmemRegisterLayout(
      {1, m, n, access.warpGroups, access.halfRows});
  SmallVector<std::pair<int, int>> bits;
  appendBits(bits, 1, 0, llvm::Log2_64(n));
  appendBits(bits, 0, 0, llvm::Log2_64(m));
  tl::LinearLayout rowMajor = offsetLayout(bits, m, n);
  std::optional<tl::LinearLayout> toOffset =
      tmemLayout.invertAndCompose(rowMajor);
  if (!toOffset)
    return op->emitError("tcgen05 accumulator layout does not cover its tile");
  auto offsets = getRegisterCoordinates(b, loc, *toOffset);
  unsigned perAccess = access.perAccess();
  int64_t regCols = access.regCols();
  Value zero = keep ? createI32(b, loc, 0) : Value();
  // Consecutive registers are consecutive columns: 16-byte stores.
  unsigned width = std::min(4u, perAccess);
  for (int64_t mb = 0; mb < access.mBlocks(); ++mb)
    for (int64_t col = 0; col < regCols; col += perAccess) {
      int64_t reg = mb * regCols + col;
      SmallVector<Value> words = loadTmemAccess(
          b, loc,
          LLVM::AddOp::create(b, loc, warpAddress,
                              createI32(b, loc, mb * n + col)),
          access);
      for (unsigned i = 0; i < perAccess; i += width) {
        SmallVector<Value> values;
        for (unsigned j = 0; j < width; ++j) {
          Value w = words[i + j];
          if (keep)
            w = LLVM::SelectOp::create(b, loc, keep, w, zero);
          values.push_back(isInt ? w
                                 : LLVM::BitcastOp::create(b, loc, accElem, w)
                                       .getResult());
        }
        Value ptr =
            LLVM::GEPOp::create(b, loc, stage.getType(), accElem, stage,
                                ValueRange{offsets[reg + i].front()});
        LLVM::StoreOp::create(b, loc, toVector(b, loc, values), ptr,
                              width * 4);
      }
    }
  return rowMajor;
}

bool tcgen05::isTmemWordAccumulator(Type elem) { return !elem.isF32(); }

SmallVector<Value> tcgen05::toTmemWords(OpBuilder &b, Location loc,
                                        ArrayRef<Value> regs) {
  SmallVector<Value> words;
  for (Value v : regs) {
    if (v.getType().isF16())
      v = LLVM::ZExtOp::create(
          b, loc, b.getI32Type(),
          LLVM::BitcastOp::create(b, loc, b.getI16Type(), v));
    words.push_back(v);
  }
  return words;
}

SmallVector<Value> tcgen05::fromTmemWords(OpBuilder &b, Location loc,
                                          ArrayRef<Value> words, Type elem) {
  if (!elem.isF16())
    return SmallVector<Value>(words);
  SmallVector<Value> regs;
  for (Value w : words)
    regs.push_back(LLVM::BitcastOp::create(
        b, loc, elem, LLVM::TruncOp::create(b, loc, b.getI16Type(), w)));
  return regs;
}

void tcgen05::emitTmemRelease(RewriterBase &rewriter, Location loc,
                              Value warp, Value tid, Value tmem,
                              int64_t columns, Value mbar) {
  OpBuilder &b = rewriter;
  emitTmemBarrier(b, loc);
  Value zero = createI32(b, loc, 0);
  emitIf(rewriter, loc,
         LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, warp, zero),
         [&] {
           NVVM::Tcgen05DeallocOp::create(b, loc, tmemPointer(b, loc, tmem),
                                          createI32(b, loc, columns));
         });
  emitIf(rewriter, loc,
         LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid, zero),
         [&] { NVVM::MBarrierInvalOp::create(b, loc, mbar); });
}
