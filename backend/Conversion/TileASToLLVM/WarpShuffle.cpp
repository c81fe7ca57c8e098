//===- WarpShuffle.cpp - layout conversions inside warps ------------------===//
//
// When every element a thread needs is held by a thread of its own warp (the
// planner's WarpShuffle plan), registers move with shfl.sync.idx and no
// shared memory or barrier is involved. The plan's map from destination
// (register, lane) to source (register, lane) is linear over GF(2), so the
// source lane and the source register of every destination register are a
// constant XOR a function of the lane and warp bits (warps may read
// different lanes of their own copies), computed once: for each
// destination register, one shuffle per source register any lane reads it
// from, then a select on the lane's register offset.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/WarpShuffle.h"

#include "Conversion/TileASToLLVM/Combiner.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

/// XOR over the set bits of `id` (the lane or the warp index, dimension
/// `in`) of their images along `out`, XORed into `acc` (i32).
static Value idImage(OpBuilder &b, Location loc,
                     const tl::LinearLayout &dstToSrc, StringRef in,
                     StringRef out, Value id, Value acc) {
  for (unsigned bit = 0, e = dstToSrc.getInDimSizeLog2(in); bit < e; ++bit) {
    int32_t image = dstToSrc.getBasis(in, bit, out);
    if (image == 0)
      continue;
    Value set = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, id, createI32(b, loc, bit)),
        createI32(b, loc, 1));
    acc = LLVM::XOrOp::create(
        b, loc, acc,
        LLVM::MulOp::create(b, loc, set, createI32(b, loc, image)));
  }
  return acc;
}

FailureOr<SmallVector<Value>>
mlir::tilecc::convertWithinWarps(OpBuilder &b, Location loc,
                                 ArrayRef<Value> srcRegs,
                                 const tl::LinearLayout &dst,
                                 const tl::LinearLayout &dstToSrc) {
  auto [lane, warp] = getLaneAndWarp(b, loc);
  // What the lane and warp bits add to the constant parts: the source lane
  // (a warp may read other lanes than another warp does) and register.
  bool laneIsOwn = true;
  SmallVector<int32_t> regOffsets = {0};
  for (StringRef in : {StringRef(tl::kLane), StringRef(tl::kWarp)})
    for (unsigned bit = 0, e = dstToSrc.getInDimSizeLog2(in); bit < e;
         ++bit) {
      int32_t ownLane = in == tl::kLane ? 1 << bit : 0;
      laneIsOwn &= dstToSrc.getBasis(in, bit, tl::kLane) == ownLane;
      int32_t reg = dstToSrc.getBasis(in, bit, tl::kRegister);
      if (reg && !llvm::is_contained(regOffsets, reg))
        for (size_t i = 0, n = regOffsets.size(); i < n; ++i)
          regOffsets.push_back(regOffsets[i] ^ reg);
    }
  Value zero = createI32(b, loc, 0);
  Value laneOfLane =
      laneIsOwn ? lane
                : idImage(b, loc, dstToSrc, tl::kWarp, tl::kLane, warp,
                          idImage(b, loc, dstToSrc, tl::kLane, tl::kLane, lane,
                                  zero));
  Value regOfLane =
      idImage(b, loc, dstToSrc, tl::kWarp, tl::kRegister, warp,
              idImage(b, loc, dstToSrc, tl::kLane, tl::kRegister, lane, zero));

  // Destination registers holding the same element in every thread are
  // computed once.
  tl::LinearLayout dstRegs =
      dst.sublayout({std::string(tl::kRegister)}, dst.getOutDimNames());
  llvm::DenseMap<uint64_t, int32_t> firstHolder;
  SmallVector<Value> regs;
  for (int32_t r = 0, e = dst.getInDimSize(tl::kRegister); r < e; ++r) {
    uint64_t element = dstRegs.applyFlat(uint64_t(r));
    auto [it, inserted] = firstHolder.try_emplace(element, r);
    if (!inserted) {
      regs.push_back(regs[it->second]);
      continue;
    }
    SmallVector<int32_t> from = dstToSrc.applyValues({r, 0, 0});
    int32_t baseReg = from[0], baseLane = from[1];
    Value srcLane;
    if (!laneIsOwn || baseLane != 0)
      srcLane = LLVM::XOrOp::create(b, loc, laneOfLane,
                                    createI32(b, loc, baseLane));
    Value result;
    for (int32_t offset : regOffsets) {
      int32_t s = baseReg ^ offset;
      if (s < 0 || s >= int32_t(srcRegs.size()))
        return failure();
      Value v = srcRegs[s];
      if (srcLane) {
        FailureOr<Value> moved = shuffleIdx(b, loc, v, srcLane);
        if (failed(moved))
          return failure();
        v = *moved;
      }
      if (!result) {
        result = v;
        continue;
      }
      Value pick = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                        regOfLane, createI32(b, loc, offset));
      result = LLVM::SelectOp::create(b, loc, pick, v, result);
    }
    regs.push_back(result);
  }
  return regs;
}
