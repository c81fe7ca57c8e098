//===- BlockedLayouts.h - blocked layouts for tile shapes -------*- C++ -*-===//
#ifndef TILECC_SCHEDULE_BLOCKEDLAYOUTS_H
#define TILECC_SCHEDULE_BLOCKEDLAYOUTS_H

#include "Layout/LinearLayout.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

namespace mlir::nv_tileas {
/// The coalesced blocked layout of a row-major tile: each thread holds
/// `vectorElements` consecutive elements of the last (fastest) dimension, the
/// 32 lanes and then the warps continue along the fastest dimension first,
/// and the CTA tile repeats over registers to cover the shape. Hardware that
/// is left over once the tile is covered holds duplicates.
::tilecc::layout::LinearLayout
chooseBlockedLayout(llvm::ArrayRef<int64_t> shape, unsigned vectorElements,
                    unsigned numWarps);

/// Elements of `elemBits` each that one access of a copy atom moving `bits`
/// bits moves (`copy_atom<ldg, 128>` with 32-bit elements: 4); 1 for atoms
/// without a width (0: reductions, TMA).
unsigned getAtomVectorElements(unsigned bits, unsigned elemBits);

/// How threads split the cp.async copy of a tile staged for a dot
/// (tileas-pipeline-dot-operands): `copyBits` per thread and access, the
/// blocked layout of `chooseBlockedLayout`. With 128 bits it also fixes the
/// ring slot's shared layout (the planner's for this copy into the operand
/// layout), which narrower copies fill as well.
::tilecc::layout::LinearLayout getAsyncCopyLayout(llvm::ArrayRef<int64_t> shape,
                                                  unsigned elemBits,
                                                  unsigned numWarps,
                                                  unsigned copyBits = 128);

/// On the async_load and future_wait of a wgmma dot's A (value 0) or B (1)
/// operand: the ring slot holds lib/Layout's canonical layout for it
/// (wgmmaKMajorA, wgmmaNMajorB; not the planner's), and the dot reads the
/// slot through a matrix descriptor instead of registers.
inline constexpr llvm::StringLiteral kWgmmaOperandAttrName =
    "nv_tileas.wgmma_operand";
/// The same for a tcgen05 dot's operands (tmem_dot, sm_100a class): the
/// slots hold the same canonical layouts (tcgen05's shared-memory
/// descriptors read them), only the reader differs.
inline constexpr llvm::StringLiteral kTcgen05OperandAttrName =
    "nv_tileas.tcgen05_operand";
/// The operand (0: A, 1: B) whose canonical layout the ring slot of an
/// async_load / future_wait holds, for wgmma or tcgen05; 2 (tcgen05 only):
/// a B held K-major, the slot holding the tile as loaded (N rows of K) in
/// A's layout, read by tcgen05 dots through its transpose; null otherwise.
inline mlir::IntegerAttr getCanonicalSlotOperand(mlir::Operation *op) {
  if (auto which = op->getAttrOfType<mlir::IntegerAttr>(kWgmmaOperandAttrName))
    return which;
  return op->getAttrOfType<mlir::IntegerAttr>(kTcgen05OperandAttrName);
}
/// On a wgmma dot whose MMAs stay in flight after it (its result goes to an
/// nv_tileas.dot_wait, or chains into the next such dot).
inline constexpr llvm::StringLiteral kAsyncMmaAttrName = "nv_tileas.async_mma";
/// On an async_wait whose tiles wgmma reads (the async proxy): each thread
/// fences its cp.async writes toward the async proxy before the barrier.
inline constexpr llvm::StringLiteral kAsyncProxyFenceAttrName =
    "nv_tileas.async_proxy_fence";
} // namespace mlir::nv_tileas

#endif // TILECC_SCHEDULE_BLOCKEDLAYOUTS_H
