//===- Tcgen05Staging.cpp - shared pieces of the tcgen05 lowerings --------===//
//
// What the tcgen05 MMA lowerings (Tcgen05BlockScaledPatterns.cpp,
// Tcgen05DotPatterns.cpp) share: the canonical shared-memory operand
// layouts, the tcgen05.ld/st register layout, register <-> shared staging
// and the inline-PTX helpers.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/Tcgen05Staging.h"

#include "Conversion/TileASToLLVM/GlobalAccess.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
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
  int64_t share = p.n / p.warpGroups;
  bool batched = p.batch > 1;
  auto at = [&](int64_t slice, int64_t row, int64_t col) {
    tl::LinearLayout::Basis basis;
    if (batched)
      basis.push_back(int32_t(slice));
    basis.push_back(int32_t(row));
    basis.push_back(int32_t(col));
    return basis;
  };
  std::vector<tl::LinearLayout::Basis> regs, lanes, warps;
  // 64 rows (16x32bx2): thread `lane` of warp w holds row 16 (w % 4) +
  // lane % 16 and the first or (lane >= 16) second half of the share.
  int64_t regCols = p.halfRows ? share / 2 : share;
  for (int64_t col = 1; col < regCols; col *= 2)
    regs.push_back(at(0, 0, col));
  for (int64_t row = 128; row < p.m; row *= 2)
    regs.push_back(at(0, row, 0));
  for (int64_t slice = 1; slice < p.batch; slice *= 2)
    regs.push_back(at(slice, 0, 0));
  int32_t laneRows = p.halfRows ? 16 : 32;
  for (int32_t row = 1; row < laneRows; row *= 2)
    lanes.push_back(at(0, row, 0));
  if (p.halfRows)
    lanes.push_back(at(0, 0, regCols));
  warps.push_back(at(0, laneRows, 0));
  warps.push_back(at(0, 2 * laneRows, 0));
  for (int64_t col = share; col < p.n; col *= 2)
    warps.push_back(at(0, 0, col));
  std::vector<tl::LinearLayout::OutDim> outs;
  if (batched)
    outs.push_back({tl::dimName(0), int32_t(p.batch)});
  outs.push_back({tl::dimName(batched), int32_t(p.m)});
  outs.push_back({tl::dimName(batched + 1), int32_t(p.n)});
  return tl::LinearLayout(
      {{tl::kRegister, regs}, {tl::kLane, lanes}, {tl::kWarp, warps}}, outs);
}

/// `instr` executed only where the i32 `id` is 0 (a thread or a warp).
void tcgen05::emitWhereZero(OpBuilder &b, Location loc, Value id,
                          ValueRange operands, StringRef instr,
                          StringRef constraints) {
  std::string text = "{\n.reg .pred %p;\nsetp.eq.u32 %p, $0, 0;\n" +
                     instr.str() + "\n}";
  SmallVector<Value> all = {id};
  llvm::append_range(all, operands);
  emitPtx(b, loc, Type(), all, text,
          constraints.empty() ? "r" : ("r," + constraints).str());
}

Value tcgen05::ScratchFrame::at(OpBuilder &b, Location loc,
                               int64_t offset) const {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{createI64(b, loc, offset)});
}

Value tcgen05::ScratchFrame::sharedAddress32(OpBuilder &b, Location loc,
                                             int64_t offset) const {
  return LLVM::TruncOp::create(
      b, loc, b.getI32Type(),
      LLVM::AddOp::create(b, loc, baseAddress, createI64(b, loc, offset)));
}

tcgen05::ScratchFrame tcgen05::beginScratchFrame(OpBuilder &b, Location loc,
                                                 Value base,
                                                 int64_t mbarOffset,
                                                 int64_t slotOffset,
                                                 int64_t columns,
                                                 bool leadingBarrier) {
  ScratchFrame f;
  f.base = base;
  f.baseAddress = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), base);
  std::tie(f.lane, f.warp) = getLaneAndWarp(b, loc);
  f.tid = LLVM::AddOp::create(
      b, loc, LLVM::MulOp::create(b, loc, f.warp, createI32(b, loc, 32)),
      f.lane);
  f.mbar = f.sharedAddress32(b, loc, mbarOffset);
  f.slot = f.sharedAddress32(b, loc, slotOffset);
  if (leadingBarrier)
    NVVM::Barrier0Op::create(b, loc);
  emitWhereZero(b, loc, f.warp, {f.slot},
                "@%p tcgen05.alloc.cta_group::1.sync.aligned.shared::cta."
                "b32 [$1], " +
                    std::to_string(columns) + ";",
                "r");
  emitWhereZero(b, loc, f.tid, {f.mbar},
                "@%p mbarrier.init.shared::cta.b64 [$1], 1;\n"
                "@%p fence.mbarrier_init.release.cluster;",
                "r");
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

/// The shape and half-split suffix of the accumulator's tcgen05.ld/st.
static std::pair<std::string, std::string>
tmemShape(const tcgen05::TmemAccess &a) {
  if (!a.halfRows)
    return {"32x32b", ""};
  return {"16x32bx2", ", " + std::to_string(a.regCols())};
}

tcgen05::TmemAsm tcgen05::tmemStoreAsm(const TmemAccess &access) {
  unsigned perAccess = access.perAccess();
  auto [shape, split] = tmemShape(access);
  return {"tcgen05.st.sync.aligned." + shape + ".x" +
              std::to_string(perAccess) + ".b32 [$0]" + split + ", " +
              operandList(1, perAccess) + ";\ntcgen05.wait::st.sync.aligned;",
          "r," + repeatConstraint("r", perAccess)};
}

tcgen05::TmemAsm tcgen05::tmemLoadAsm(const TmemAccess &access) {
  unsigned perAccess = access.perAccess();
  auto [shape, split] = tmemShape(access);
  return {"tcgen05.ld.sync.aligned." + shape + ".x" +
              std::to_string(perAccess) + ".b32 " +
              operandList(0, perAccess) + ", [$" + std::to_string(perAccess) +
              "]" + split + ";\ntcgen05.wait::ld.sync.aligned;",
          repeatConstraint("=r", perAccess) + ",r"};
}

void tcgen05::storeTmem(OpBuilder &b, Location loc, Value warpAddress,
                        ArrayRef<Value> regs, bool isInt,
                        const TmemAccess &access) {
  unsigned perAccess = access.perAccess();
  int64_t regCols = access.regCols();
  TmemAsm st = tmemStoreAsm(access);
  Type i32 = b.getI32Type();
  for (int64_t mb = 0; mb < access.mBlocks(); ++mb)
    for (int64_t col = 0; col < regCols; col += perAccess) {
      SmallVector<Value> operands = {LLVM::AddOp::create(
          b, loc, warpAddress, createI32(b, loc, mb * access.n + col))};
      for (unsigned i = 0; i < perAccess; ++i) {
        Value v = regs[mb * regCols + col + i];
        operands.push_back(isInt ? v
                                 : LLVM::BitcastOp::create(b, loc, i32, v)
                                       .getResult());
      }
      emitPtx(b, loc, Type(), operands, st.text, st.constraints);
    }
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
  TmemAsm ld = tmemLoadAsm(access);
  auto ldType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(perAccess, i32));
  Value zero = keep ? createI32(b, loc, 0) : Value();
  // Consecutive registers are consecutive columns: 16-byte stores.
  unsigned width = std::min(4u, perAccess);
  for (int64_t mb = 0; mb < access.mBlocks(); ++mb)
    for (int64_t col = 0; col < regCols; col += perAccess) {
      int64_t reg = mb * regCols + col;
      Value words = emitPtx(
          b, loc, ldType,
          {LLVM::AddOp::create(b, loc, warpAddress,
                               createI32(b, loc, mb * n + col))},
          ld.text, ld.constraints);
      for (unsigned i = 0; i < perAccess; i += width) {
        SmallVector<Value> values;
        for (unsigned j = 0; j < width; ++j) {
          Value w = LLVM::ExtractValueOp::create(b, loc, words, i + j);
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

/// "{$first, $first+1, ...}" for `count` operands.
std::string tcgen05::operandList(unsigned first, unsigned count) {
  SmallVector<std::string> names;
  for (unsigned i = 0; i < count; ++i)
    names.push_back("$" + std::to_string(first + i));
  return "{" + llvm::join(names, ", ") + "}";
}

std::string tcgen05::repeatConstraint(StringRef c, unsigned count) {
  SmallVector<std::string> parts(count, c.str());
  return llvm::join(parts, ",");
}

void mlir::tilecc::tcgen05::emitTmemRelease(OpBuilder &b, Location loc, Value warp,
                                            Value tmem, int64_t columns) {
  emitPtx(b, loc, Type(), {}, "tcgen05.fence::before_thread_sync;", "");
  NVVM::Barrier0Op::create(b, loc);
  emitWhereZero(b, loc, warp, {tmem},
                "tcgen05.fence::after_thread_sync;\n"
                "@%p tcgen05.dealloc.cta_group::1.sync.aligned.b32 $1, " +
                    std::to_string(columns) + ";",
                "r");
}
