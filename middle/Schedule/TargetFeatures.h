//===- TargetFeatures.h - features nv_tileaa/nv_tileas ops need -*- C++ -*-===//
//
// The hardware decisions (MMA atom families, copy atoms, TMA, cluster scope)
// are made before the LLVM conversion, so they are checked against the
// target's feature table (backend/Target/TargetInfo) on the nv_tileas IR: a
// located "'<op>' requires <feature>, which sm_XY does not have" error.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_SCHEDULE_TARGETFEATURES_H
#define TILECC_SCHEDULE_TARGETFEATURES_H

#include "Target/TargetInfo.h"

#include "mlir/IR/Operation.h"

namespace mlir::nv_tileas {

/// The features an nv_tileaa or nv_tileas op needs (none for other ops).
void getTileFeatures(Operation *op,
                     SmallVectorImpl<::tilecc::TargetFeature> &features);

/// Reports, one error per op, every op under `root` for which `classify`
/// names a feature `target` lacks.
LogicalResult reportMissingFeatures(
    Operation *root, const ::tilecc::TargetInfo &target,
    function_ref<void(Operation *, SmallVectorImpl<::tilecc::TargetFeature> &)>
        classify);

} // namespace mlir::nv_tileas

#endif // TILECC_SCHEDULE_TARGETFEATURES_H
