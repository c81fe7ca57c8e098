//===- CheckTargetFeatures.cpp - scheduled IR against the target ----------===//
//
// The last pass of the schedule stage: every instruction choice has been made
// (atoms, async copies, fences), so whatever the target lacks is reported at
// the op that chose it, before the LLVM conversion.
//
//===----------------------------------------------------------------------===//
#include "Schedule/Passes.h"
#include "Schedule/TargetFeatures.h"

namespace mlir::nv_tileas {
#define GEN_PASS_DEF_TILEASCHECKTARGETFEATURES
#include "Schedule/Passes.h.inc"
} // namespace mlir::nv_tileas

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
struct CheckTargetFeaturesPass
    : nv_tileas::impl::TileASCheckTargetFeaturesBase<CheckTargetFeaturesPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<::tilecc::TargetInfo> target = ::tilecc::parseTarget(arch);
    if (!target) {
      getOperation().emitError() << "unknown target '" << arch << "'";
      return signalPassFailure();
    }
    if (failed(reportMissingFeatures(getOperation(), *target, getTileFeatures)))
      signalPassFailure();
  }
};
} // namespace
