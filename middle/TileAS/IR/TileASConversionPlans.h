//===- TileASConversionPlans.h - conversion plans per context --*- C++ -*-===//
//
// Whether a convert_layout needs shared memory (the memory plan), how an async
// copy stages its data and how the lowering moves registers all ask the same
// layout conversion planner about the same layout pairs. The nv_tileas
// dialect of an MLIRContext keeps one ConversionPlanCache, so each distinct
// question is searched once per compilation.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_IR_TILEASCONVERSIONPLANS_H
#define TILECC_TILEAS_IR_TILEASCONVERSIONPLANS_H

#include "Layout/ConversionPlanner.h"

#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/MLIRContext.h"

namespace mlir::nv_tileas {

/// Holds the dialect's plan cache (a dialect interface lives exactly as long
/// as its dialect, i.e. its context).
class ConversionPlanCacheInterface
    : public DialectInterface::Base<ConversionPlanCacheInterface> {
public:
  explicit ConversionPlanCacheInterface(Dialect *dialect) : Base(dialect) {}
  ::tilecc::layout::ConversionPlanCache &getCache() { return cache; }

private:
  ::tilecc::layout::ConversionPlanCache cache;
};

/// tilecc::layout::planConversion, remembered in `ctx`'s nv_tileas dialect
/// (planned afresh when the dialect is not loaded).
llvm::Expected<::tilecc::layout::ConversionPlan>
planLayoutConversion(MLIRContext *ctx,
                     const ::tilecc::layout::LinearLayout &src,
                     const ::tilecc::layout::LinearLayout &dst,
                     unsigned elemBits, bool withShuffles = true);

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_IR_TILEASCONVERSIONPLANS_H
