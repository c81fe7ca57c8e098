//===- ValueModel.cpp - tiles as per-thread registers ---------------------===//
#include "Conversion/TileASToLLVM/ValueModel.h"

#include "Layout/DistributedLayouts.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;
using ::tilecc::layout::LinearLayout;
namespace tl = ::tilecc::layout;

LinearLayout mlir::tilecc::getTileLayout(Type tensorType) {
  auto encoding = nv_tileas::LinearEncodingAttr::of(tensorType);
  assert(encoding && "tile without a layout encoding");
  return encoding.getLayout();
}

SmallVector<Value> mlir::tilecc::unpackRegisters(OpBuilder &b, Location loc,
                                                 Value packed) {
  auto type = cast<LLVM::LLVMStructType>(packed.getType());
  SmallVector<Value> registers;
  for (unsigned i = 0, e = type.getBody().size(); i < e; ++i)
    registers.push_back(LLVM::ExtractValueOp::create(b, loc, packed, i));
  return registers;
}

Value mlir::tilecc::packRegisters(OpBuilder &b, Location loc, Type structType,
                                  ValueRange registers) {
  Value packed = LLVM::UndefOp::create(b, loc, structType);
  for (auto [i, reg] : llvm::enumerate(registers))
    packed = LLVM::InsertValueOp::create(b, loc, packed, reg, i);
  return packed;
}

Value mlir::tilecc::createI32(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

Value mlir::tilecc::createI64(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(value));
}

LLVM::InlineAsmOp
mlir::tilecc::createInlinePtx(OpBuilder &b, Location loc, Type resultType,
                              ValueRange operands, StringRef text,
                              StringRef constraints, bool hasSideEffects) {
  return LLVM::InlineAsmOp::create(
      b, loc, resultType ? resultType : LLVM::LLVMVoidType::get(b.getContext()),
      operands, text, constraints, hasSideEffects, /*is_align_stack=*/false,
      LLVM::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}

Value mlir::tilecc::emitPtx(OpBuilder &b, Location loc, Type resultType,
                            ValueRange operands, StringRef text,
                            StringRef constraints) {
  LLVM::InlineAsmOp op =
      createInlinePtx(b, loc, resultType, operands, text, constraints);
  return resultType ? op.getResult(0) : Value();
}

Value mlir::tilecc::toVector(OpBuilder &b, Location loc,
                             ArrayRef<Value> values) {
  if (values.size() == 1)
    return values.front();
  Type type = VectorType::get({int64_t(values.size())}, values[0].getType());
  Value vec = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, v] : llvm::enumerate(values))
    vec = LLVM::InsertElementOp::create(b, loc, vec, v, createI32(b, loc, i));
  return vec;
}

std::pair<Value, Value> mlir::tilecc::getLaneAndWarp(OpBuilder &b,
                                                     Location loc) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value lane = LLVM::AndOp::create(b, loc, tid, createI32(b, loc, 31));
  Value warp = LLVM::LShrOp::create(b, loc, tid, createI32(b, loc, 5));
  return {lane, warp};
}

/// XOR of the images of the set bits of the runtime id `id` along `dim`.
static Value applyRuntimeBits(OpBuilder &b, Location loc,
                              const LinearLayout &layout, StringRef inDim,
                              StringRef outDim, Value id, Value acc) {
  for (unsigned bit = 0, e = layout.getInDimSizeLog2(inDim); bit < e; ++bit) {
    int32_t image = layout.getBasis(inDim, bit, outDim);
    if (image == 0)
      continue;
    Value set = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, id, createI32(b, loc, bit)),
        createI32(b, loc, 1));
    Value term = LLVM::MulOp::create(b, loc, set, createI32(b, loc, image));
    acc = LLVM::XOrOp::create(b, loc, acc, term);
  }
  return acc;
}

/// The register part of register `r`'s coordinate along `out`.
static int64_t registerPart(const LinearLayout &layout, int32_t r,
                            StringRef out) {
  int32_t part = 0;
  for (unsigned i = 0; i < layout.getInDimSizeLog2(tl::kRegister); ++i)
    if (r & (1 << i))
      part ^= layout.getBasis(tl::kRegister, i, out);
  return part;
}

/// Whether register bits and thread bits of `out` never overlap, so that a
/// coordinate is the sum of its thread and register parts.
static bool partsAreDisjoint(const LinearLayout &layout, StringRef out) {
  int32_t regBits = 0, threadBits = 0;
  for (unsigned i = 0; i < layout.getInDimSizeLog2(tl::kRegister); ++i)
    regBits |= layout.getBasis(tl::kRegister, i, out);
  for (StringRef in : {StringRef(tl::kLane), StringRef(tl::kWarp)})
    for (unsigned i = 0; i < layout.getInDimSizeLog2(in); ++i)
      threadBits |= layout.getBasis(in, i, out);
  return (regBits & threadBits) == 0;
}

/// The thread part (i64) of the coordinates along every output dimension.
static SmallVector<Value> threadParts(OpBuilder &b, Location loc,
                                      const LinearLayout &layout) {
  auto [lane, warp] = getLaneAndWarp(b, loc);
  SmallVector<Value> parts;
  for (const std::string &out : layout.getOutDimNames()) {
    Value thread = createI32(b, loc, 0);
    thread = applyRuntimeBits(b, loc, layout, tl::kLane, out, lane, thread);
    thread = applyRuntimeBits(b, loc, layout, tl::kWarp, out, warp, thread);
    parts.push_back(LLVM::ZExtOp::create(b, loc, b.getI64Type(), thread));
  }
  return parts;
}

SmallVector<SmallVector<Value>>
mlir::tilecc::getRegisterCoordinates(OpBuilder &b, Location loc,
                                     const LinearLayout &layout) {
  std::vector<std::string> outs = layout.getOutDimNames();
  SmallVector<Value> thread = threadParts(b, loc, layout);
  int32_t numRegs = layout.getInDimSize(tl::kRegister);
  SmallVector<SmallVector<Value>> coords(numRegs);
  for (auto [d, out] : llvm::enumerate(outs)) {
    // XOR with the bits of the register part that thread bits may also set,
    // then add the rest: they are disjoint from everything the XOR leaves,
    // so the sum is the XOR, and the added constants fold into addresses.
    // One XOR per distinct overlapping part (a swizzle has few), not one
    // register per coordinate.
    int32_t threadBits = 0;
    for (StringRef in : {StringRef(tl::kLane), StringRef(tl::kWarp)})
      for (unsigned i = 0; i < layout.getInDimSizeLog2(in); ++i)
        threadBits |= layout.getBasis(in, i, out);
    llvm::SmallDenseMap<int64_t, Value> swizzled;
    for (int32_t r = 0; r < numRegs; ++r) {
      int64_t part = registerPart(layout, r, out);
      int64_t overlap = part & threadBits, rest = part & ~int64_t(threadBits);
      Value &base = swizzled[overlap];
      if (!base)
        base = overlap ? Value(LLVM::XOrOp::create(b, loc, thread[d],
                                                   createI64(b, loc, overlap)))
                       : thread[d];
      coords[r].push_back(
          rest || !overlap
              ? Value(LLVM::AddOp::create(b, loc, base, createI64(b, loc, rest)))
              : base);
    }
  }
  return coords;
}

std::optional<SplitCoordinates>
mlir::tilecc::getSplitRegisterCoordinates(OpBuilder &b, Location loc,
                                          const LinearLayout &layout) {
  std::vector<std::string> outs = layout.getOutDimNames();
  for (const std::string &out : outs)
    if (!partsAreDisjoint(layout, out))
      return std::nullopt;
  SplitCoordinates split;
  split.thread = threadParts(b, loc, layout);
  int32_t numRegs = layout.getInDimSize(tl::kRegister);
  split.reg.resize(numRegs);
  for (int32_t r = 0; r < numRegs; ++r)
    for (const std::string &out : outs)
      split.reg[r].push_back(registerPart(layout, r, out));
  return split;
}

DuplicateMasks
mlir::tilecc::getDuplicateMasks(const LinearLayout &layout) {
  DuplicateMasks masks;
  for (auto &[name, mask] : layout.getFreeVariableMasks()) {
    if (name == tl::kRegister)
      masks.reg = mask;
    else if (name == tl::kLane)
      masks.lane = mask;
    else if (name == tl::kWarp)
      masks.warp = mask;
  }
  return masks;
}

Value mlir::tilecc::getUniqueOwnerPredicate(OpBuilder &b, Location loc,
                                            const DuplicateMasks &masks) {
  if (!masks.lane && !masks.warp)
    return {};
  auto [lane, warp] = getLaneAndWarp(b, loc);
  Value bits = LLVM::OrOp::create(
      b, loc, LLVM::AndOp::create(b, loc, lane, createI32(b, loc, masks.lane)),
      LLVM::AndOp::create(b, loc, warp, createI32(b, loc, masks.warp)));
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                              createI32(b, loc, 0));
}
