//===- DotPatterns.cpp - nv_tileas.dot on mma.sync ------------------------===//
//
// tileas-assign-layouts gives A, B and the accumulator the mma.sync fragment
// layouts of lib/Layout, so every thread already holds its fragments: the
// registers a layout places in one m16 x k (A), k x n8 (B) or m16 x n8 (C)
// block, in register order, are the instruction's operand elements in PTX
// order. The lowering checks that against the single-instruction fragment,
// then issues one mma.sync.m16n8k<256/bits> per (M, N, K) block: an
// nvvm.mma.sync, except fp8 operands, which MLIR's op does not take (inline
// PTX, emitMmaSync). The
// accumulators stay in registers (the enclosing loop carries them).
// mma.sync runs on every target from sm_80 on; the atoms are of its family
// (lib/Layout's instruction table) whatever the target, except the dots
// TileAAToTileAS puts on wgmma for sm_90a (WgmmaDotPatterns.cpp).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/FmaDotPatterns.h"
#include "Conversion/TileASToLLVM/MmaFragments.h"
#include "Conversion/TileASToLLVM/PtxVersion.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/FmaLayouts.h"
#include "Layout/MmaLayouts.h"
#include "Layout/Tcgen05Mma.h"
#include "Layout/WgmmaLayouts.h"
#include "TileAS/IR/RegisterBits.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

using BlockKey = MmaBlockKey;
using Blocks = MmaBlocks;

std::optional<MmaBlocks>
mlir::tilecc::groupMmaFragments(const tl::LinearLayout &layout,
                                const tl::LinearLayout &fragment, int32_t rows,
                                int32_t cols) {
  unsigned rank = layout.getOutDims().size();
  unsigned r0 = rank - 2;
  // Lanes must walk the fragment exactly.
  for (unsigned bit = 0; bit < 5; ++bit) {
    if (rank == 3 && layout.getBasis(tl::kLane, bit, tl::dimName(0)) != 0)
      return std::nullopt;
    for (unsigned d = 0; d < 2; ++d)
      if (layout.getBasis(tl::kLane, bit, tl::dimName(r0 + d)) !=
          fragment.getBasis(tl::kLane, bit, tl::dimName(d)))
        return std::nullopt;
  }
  Blocks blocks;
  llvm::DenseSet<uint64_t> seen;
  for (int32_t r = 0, e = layout.getInDimSize(tl::kRegister); r < e; ++r) {
    SmallVector<int32_t> c = layout.applyValues({r, 0, 0});
    int32_t batch = rank == 3 ? c[0] : 0;
    int32_t row = c[r0], col = c[r0 + 1];
    uint64_t key = (uint64_t(batch) << 42) | (uint64_t(row) << 21) | col;
    if (!seen.insert(key).second)
      continue; // a duplicate register
    blocks[BlockKey{batch, row / rows, col / cols}].push_back(r);
  }
  int32_t fragSize = fragment.getInDimSize(tl::kRegister);
  for (auto &[key, regs] : blocks) {
    if (int32_t(regs.size()) != fragSize)
      return std::nullopt;
    for (auto [i, r] : llvm::enumerate(regs)) {
      SmallVector<int32_t> c = layout.applyValues({r, 0, 0});
      SmallVector<int32_t> f = fragment.applyValues({int32_t(i), 0, 0});
      if (c[r0] % rows != f[0] || c[r0 + 1] % cols != f[1])
        return std::nullopt;
    }
  }
  return blocks;
}

void mlir::tilecc::copyDuplicateRegisters(const tl::LinearLayout &layout,
                                          MutableArrayRef<Value> registers) {
  std::map<SmallVector<int32_t>, int32_t> first;
  for (int32_t r = 0, e = layout.getInDimSize(tl::kRegister); r < e; ++r) {
    auto [it, fresh] = first.insert({layout.applyValues({r, 0, 0}), r});
    if (!fresh)
      registers[r] = registers[it->second];
  }
}

std::optional<DotTileTypes>
mlir::tilecc::getDotTileTypes(nv_tileas::DotOp op,
                              const TypeConverter &converter) {
  DotTileTypes types{cast<RankedTensorType>(op.getA().getType()),
                     cast<RankedTensorType>(op.getB().getType()),
                     cast<RankedTensorType>(op.getC().getType()),
                     converter.convertType(op.getType())};
  if (!types.result || !converter.convertType(types.a) ||
      !converter.convertType(types.b))
    return std::nullopt;
  return types;
}

void mlir::tilecc::emitMmaSync(OpBuilder &b, Location loc, ValueRange operands,
                               StringRef asmText, StringRef constraints,
                               MutableArrayRef<Value> acc) {
  auto resultType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), llvm::to_vector(ValueRange(acc).getTypes()));
  auto mma = createInlinePtx(b, loc, resultType, operands, asmText, constraints,
                             false);
  for (unsigned i = 0; i < acc.size(); ++i)
    acc[i] = LLVM::ExtractValueOp::create(b, loc, mma.getResult(0), i);
}

void mlir::tilecc::emitNvvmMmaSync(OpBuilder &b, Location loc,
                                   std::array<int64_t, 3> shape,
                                   StringRef aType, StringRef bType,
                                   ValueRange a, ValueRange bWords,
                                   MutableArrayRef<Value> acc, Type accElem) {
  NVVM::MMATypes at = *NVVM::symbolizeMMATypes(aType);
  NVVM::MMATypes bt = *NVVM::symbolizeMMATypes(bType);
  // nvvm.mma.sync takes f16 pairs as vector<2xf16>, every other operand as
  // the 32-bit (or f64) word it is.
  Type half2 = VectorType::get({2}, b.getF16Type());
  auto as = [&](Value v, Type type) -> Value {
    if (v.getType() == type)
      return v;
    if (auto cast = v.getDefiningOp<LLVM::BitcastOp>()) // a packed pair
      if (cast.getArg().getType() == type)
        return cast.getArg();
    return LLVM::BitcastOp::create(b, loc, type, v);
  };
  auto operands = [&](ValueRange words, NVVM::MMATypes type) {
    return llvm::to_vector(llvm::map_range(words, [&](Value w) {
      return type == NVVM::MMATypes::f16 ? as(w, half2) : w;
    }));
  };
  SmallVector<Value> av = operands(a, at), bv = operands(bWords, bt);
  Type accType = accElem.isF16() ? half2 : acc.front().getType();
  SmallVector<Value> cv;
  for (Value w : acc)
    cv.push_back(as(w, accType));
  std::optional<NVVM::MMAIntOverflow> overflow;
  if (at == NVVM::MMATypes::s8 || at == NVVM::MMATypes::u8)
    overflow = NVVM::MMAIntOverflow::wrapped;
  auto resultType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(acc.size(), accType));
  auto mma = NVVM::MmaOp::create(
      b, loc, resultType, av, bv, cv, shape, /*b1Op=*/std::nullopt, overflow,
      std::array<NVVM::MMATypes, 2>{at, bt},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  for (unsigned i = 0; i < acc.size(); ++i)
    acc[i] = as(LLVM::ExtractValueOp::create(b, loc, mma.getRes(), i),
                acc[i].getType());
}

namespace {

/// The PTX type of an operand from the atom's element names (empty for
/// those mma.sync does not take).
static std::string ptxType(StringRef atomElement) {
  if (atomElement == "e4m3" || atomElement == "e5m2" || atomElement == "tf32" ||
      atomElement == "f16" || atomElement == "bf16" || atomElement == "f32" ||
      atomElement == "s8" || atomElement == "u8" || atomElement == "s32" ||
      atomElement == "f64")
    return atomElement.str();
  return "";
}

struct DotLowering : OpConversionPattern<nv_tileas::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv_tileas::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<DotTileTypes> tiles =
        getDotTileTypes(op, *getTypeConverter());
    if (!tiles)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    RankedTensorType aType = tiles->a, bType = tiles->b, cType = tiles->c;
    Type structType = tiles->result;

    // The atom must name mma.sync, the one instruction issued here; wgmma,
    // tcgen05 and FMA atoms have their own patterns.
    nv_tileas::MmaAtomAttr atom = op.getAtom();
    if (atom.getFamily() != nv_tileas::MmaFamily::mma_sync)
      return rewriter.notifyMatchFailure(op, "not an mma.sync atom");
    // PTX element types from the atom.
    std::string at = ptxType(atom.getAName()), bt = ptxType(atom.getBName()),
                ct = ptxType(atom.getCName());
    Type aElem = aType.getElementType(), cElem = cType.getElementType();
    unsigned bits = nv_tileas::getRegisterBits(aElem);
    // The atom's shape is the instruction for its A width: the tiles' must
    // be the same.
    if (at.empty() || bt.empty() || ct.empty() ||
        bits != nv_tileas::getRegisterBits(bType.getElementType()) ||
        bits != nv_tileas::getRegisterBits(atom.getA()))
      return op.emitError() << "mma.sync does not support the atom " << atom
                            << " (" << aElem << " x "
                            << bType.getElementType() << " -> " << cElem
                            << ")";
    // An f16 accumulator exists for f16 operands only.
    if (ct == "f16" && !tl::mmaSyncHasF16Accumulator(at, bt))
      return op.emitError() << "mma.sync has no f16 accumulator for " << at
                            << " x " << bt << " operands";
    // fp8 mma.sync exists from sm_89 on.
    bool fp8 = at == "e4m3" || at == "e5m2" || bt == "e4m3" || bt == "e5m2";
    std::optional<int64_t> cc =
        nv_tileas::TileASDialect::getComputeCapability(op);
    if (fp8 && cc && *cc < 89)
      return op.emitError() << "mma.sync with " << at << " x " << bt
                            << " operands needs sm_89 or later, not sm_"
                            << *cc;
    if (fp8)
      requirePtxVersion(rewriter, op, 84);
    // The single-instruction fragments of the shared instruction table.
    bool f64 = bits == 64;
    unsigned instrM = atom.getM(), instrK = atom.getK();
    tl::LinearLayout aLayout = getTileLayout(aType);
    tl::LinearLayout bLayout = getTileLayout(bType);
    tl::LinearLayout cLayout = getTileLayout(cType);
    tl::LinearLayout aFrag, bFrag, cFrag;
    if (f64) {
      aFrag = tl::mmaSyncF64Operand(tl::MmaOperand::A, {1, 1}, {8, 4});
      bFrag = tl::mmaSyncF64Operand(tl::MmaOperand::B, {1, 1}, {4, 8});
      cFrag = tl::mmaSyncF64Accumulator({1, 1}, {8, 8});
    } else {
      auto a = tl::mmaSyncOperand(tl::MmaOperand::A, bits, instrK, {1, 1},
                                  {16, instrK});
      auto b = tl::mmaSyncOperand(tl::MmaOperand::B, bits, instrK, {1, 1},
                                  {instrK, 8});
      if (!a || !b) {
        llvm::consumeError(a.takeError());
        llvm::consumeError(b.takeError());
        return op.emitError("no mma.sync fragment for ") << aElem;
      }
      aFrag = *a;
      bFrag = *b;
      cFrag = tl::mmaSyncAccumulator({1, 1}, {16, 8});
    }
    std::optional<Blocks> aBlocks =
        groupMmaFragments(aLayout, aFrag, instrM, instrK);
    std::optional<Blocks> bBlocks = groupMmaFragments(bLayout, bFrag, instrK, 8);
    std::optional<Blocks> cBlocks = groupMmaFragments(cLayout, cFrag, instrM, 8);
    if (!aBlocks || !bBlocks || !cBlocks || !warpsAgree(aLayout, bLayout, cLayout))
      return op.emitError("dot operands are not in mma.sync fragment "
                          "layouts; run tileas-assign-layouts");

    SmallVector<Value> aRegs = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> bRegs = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> cRegs = unpackRegisters(rewriter, loc, adaptor.getC());
    int64_t kBlocks = aType.getShape().back() / instrK;

    // Operands packed into 32-bit registers, once per block.
    auto i32 = rewriter.getI32Type();
    // f32 registers of a tf32 operand are rounded to tf32 (cvt.rna); with
    // `rest`, the tf32 rounding of what that leaves out goes there too.
    auto pack = [&](ArrayRef<Value> regs, ArrayRef<int32_t> which,
                    bool tf32, SmallVector<Value> *rest = nullptr) {
      SmallVector<Value> words;
      if (f64) // one f64 register per element
        return SmallVector<Value>(llvm::map_range(
            which, [&](int32_t r) { return regs[r]; }));
      unsigned perWord = 32 / bits;
      for (size_t w = 0; w < which.size() / perWord; ++w) {
        Value reg = regs[which[w]];
        if (tf32 && reg.getType().isF32()) {
          Value hi = convertToTf32(rewriter, loc, reg);
          words.push_back(hi);
          if (rest) {
            Value hiF =
                LLVM::BitcastOp::create(rewriter, loc, reg.getType(), hi);
            rest->push_back(convertToTf32(
                rewriter, loc, LLVM::FSubOp::create(rewriter, loc, reg, hiF)));
          }
          continue;
        }
        if (perWord == 1) { // tf32 tiles are already their i32 pattern
          words.push_back(reg.getType() == i32
                              ? reg
                              : LLVM::BitcastOp::create(rewriter, loc, i32,
                                                        reg).getResult());
          continue;
        }
        SmallVector<Value> part;
        for (unsigned i = 0; i < perWord; ++i)
          part.push_back(regs[which[w * perWord + i]]);
        words.push_back(LLVM::BitcastOp::create(rewriter, loc, i32,
                                                toVector(rewriter, loc, part)));
      }
      return words;
    };
    // f32 operands keep f32 precision on the tf32 tensor cores (3xTF32):
    // x = hi + lo with both parts tf32, D += lo(A) hi(B) + hi(A) lo(B) +
    // hi(A) hi(B); lo x lo lies below f32's rounding. tf32 operands run as
    // they are.
    bool split = at == "f32";
    bool tf32 = split || at == "tf32";
    // Packed where a block's first MMA needs it, so that the packing (and
    // the fragment loads it reads) stays next to that MMA.
    std::map<BlockKey, SmallVector<Value>> aWords, bWords, aRest, bRest;
    auto packed = [&](std::map<BlockKey, SmallVector<Value>> &words,
                      std::map<BlockKey, SmallVector<Value>> &rest,
                      ArrayRef<Value> regs, const Blocks &blocks,
                      BlockKey key) -> const SmallVector<Value> * {
      auto block = blocks.find(key);
      if (block == blocks.end())
        return nullptr;
      auto it = words.find(key);
      if (it == words.end())
        it = words
                 .emplace(key, pack(regs, block->second, tf32,
                                    split ? &rest[key] : nullptr))
                 .first;
      return &it->second;
    };
    auto wordsOf = [&](const Blocks &blocks) {
      size_t regs = blocks.begin()->second.size();
      return f64 ? regs : regs / (32 / bits);
    };
    bool halfAcc = cElem.isF16();
    size_t accWords = halfAcc || f64 ? 2 : 4;
    std::string aPtx = split ? "tf32" : at, bPtx = split ? "tf32" : bt;
    // MLIR's nvvm.mma.sync has no fp8 (e4m3/e5m2) operand forms: those stay
    // inline PTX (the one PTX builder).
    std::string asmText, constraints;
    if (fp8) {
      asmText = formatMmaAsm(instrM, instrK, ct, aPtx, bPtx, wordsOf(*aBlocks),
                             wordsOf(*bBlocks), accWords);
      constraints = formatConstraints(
          accWords, cElem.isF32() ? 'f' : 'r',
          wordsOf(*aBlocks) + wordsOf(*bBlocks), 'r');
    }
    std::array<int64_t, 3> shape{instrM, 8, instrK};
    SmallVector<Value> result(cRegs);
    // The accumulator words of every block.
    SmallVector<SmallVector<Value>> accs;
    for (auto &[key, which] : *cBlocks) {
      SmallVector<Value> &acc = accs.emplace_back();
      if (halfAcc) {
        SmallVector<Value> halves;
        for (int32_t r : which)
          halves.push_back(result[r]);
        for (unsigned w = 0; w < 2; ++w)
          acc.push_back(LLVM::BitcastOp::create(
              rewriter, loc, i32,
              toVector(rewriter, loc, ArrayRef(halves).slice(2 * w, 2))));
      } else {
        for (int32_t r : which)
          acc.push_back(result[r]);
      }
    }
    // One K step at a time over every block: the A/B fragments of a step
    // are dead after its MMAs, so their shared-memory loads (sunk to their
    // first use, sinkFragmentLoads) never hold more than one step live.
    // Each block still accumulates its K steps in order.
    for (int64_t kb = 0; kb < kBlocks; ++kb) {
      for (auto [index, entry] : llvm::enumerate(*cBlocks)) {
        auto [batch, mb, nb] = entry.first;
        BlockKey aKey{batch, mb, int32_t(kb)}, bKey{batch, int32_t(kb), nb};
        const SmallVector<Value> *a =
            packed(aWords, aRest, aRegs, *aBlocks, aKey);
        const SmallVector<Value> *b =
            packed(bWords, bRest, bRegs, *bBlocks, bKey);
        if (!a || !b)
          return op.emitError("dot operand fragments do not cover the "
                              "accumulator tile");
        SmallVector<Value> &acc = accs[index];
        auto issue = [&](ArrayRef<Value> x, ArrayRef<Value> y) {
          if (!fp8)
            return emitNvvmMmaSync(rewriter, loc, shape, aPtx, bPtx, x, y,
                                   acc, cElem);
          SmallVector<Value> operands(x);
          llvm::append_range(operands, y);
          llvm::append_range(operands, acc);
          emitMmaSync(rewriter, loc, operands, asmText, constraints, acc);
        };
        if (split) { // the small terms first
          issue(aRest[aKey], *b);
          issue(*a, bRest[bKey]);
        }
        issue(*a, *b);
      }
    }
    for (auto [index, entry] : llvm::enumerate(*cBlocks)) {
      ArrayRef<int32_t> which = entry.second;
      SmallVector<Value> &acc = accs[index];
      if (halfAcc) {
        Type vecType = VectorType::get({2}, cElem);
        for (unsigned w = 0; w < 2; ++w) {
          Value vec = LLVM::BitcastOp::create(rewriter, loc, vecType, acc[w]);
          for (unsigned i = 0; i < 2; ++i)
            result[which[2 * w + i]] = LLVM::ExtractElementOp::create(
                rewriter, loc, vec, createI32(rewriter, loc, i));
        }
      } else {
        for (auto [i, r] : llvm::enumerate(which))
          result[r] = acc[i];
      }
    }
    copyDuplicateRegisters(cLayout, result);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, result));
    return success();
  }

private:
  /// A warp's A rows and B columns must be its accumulator's rows and
  /// columns; A and B must not spread K over warps.
  static bool warpsAgree(const tl::LinearLayout &a, const tl::LinearLayout &b,
                         const tl::LinearLayout &c) {
    unsigned rank = c.getOutDims().size(), m = rank - 2, n = rank - 1;
    for (unsigned bit = 0; bit < c.getInDimSizeLog2(tl::kWarp); ++bit) {
      auto at = [&](const tl::LinearLayout &l, unsigned d) {
        return l.getBasis(tl::kWarp, bit, tl::dimName(d));
      };
      if (at(a, m) != at(c, m) || at(a, n) != 0 || at(b, n) != at(c, n) ||
          at(b, m) != 0)
        return false;
      if (rank == 3 && (at(a, 0) != at(c, 0) || at(b, 0) != at(c, 0)))
        return false;
    }
    return true;
  }

  /// f32 -> tf32 rounded to nearest, ties away (cvt.rna), as a b32.
  static Value convertToTf32(OpBuilder &b, Location loc, Value f) {
    auto asmOp = createInlinePtx(b, loc, b.getI32Type(), ValueRange{f},
                                 "cvt.rna.tf32.f32 $0, $1;", "=r,f", false);
    return asmOp.getResult(0);
  }

  static std::string formatMmaAsm(unsigned m, unsigned k, StringRef ct,
                                  StringRef at, StringRef bt, size_t aWords,
                                  size_t bWords, size_t cWords) {
    std::string text = "mma.sync.aligned.m" + std::to_string(m) + "n8k" +
                       std::to_string(k) +
                       ".row.col." + ct.str() + "." + at.str() + "." +
                       bt.str() + "." + ct.str() + " ";
    unsigned next = 0;
    auto list = [&](size_t n, unsigned start) {
      std::string s = "{";
      for (size_t i = 0; i < n; ++i)
        s += (i ? ", $" : "$") + std::to_string(start + i);
      return s + "}";
    };
    text += list(cWords, next);
    next += cWords;
    text += ", " + list(aWords, next);
    next += aWords;
    text += ", " + list(bWords, next);
    next += bWords;
    text += ", " + list(cWords, next) + ";";
    return text;
  }

  static std::string formatConstraints(size_t cWords, char accKind,
                                       size_t abWords, char abKind) {
    SmallVector<std::string> parts;
    for (size_t i = 0; i < cWords; ++i)
      parts.push_back(std::string("=") + accKind);
    for (size_t i = 0; i < abWords; ++i)
      parts.push_back(std::string(1, abKind));
    for (size_t i = 0; i < cWords; ++i)
      parts.push_back(std::string(1, accKind));
    return llvm::join(parts, ",");
  }
};

} // namespace

void mlir::tilecc::populateTileASDotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<DotLowering>(converter, patterns.getContext());
  populateTileASFmaDotToLLVMPatterns(converter, patterns);
  populateTileASWgmmaDotToLLVMPatterns(converter, patterns);
}
