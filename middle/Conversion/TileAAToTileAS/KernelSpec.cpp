//===- KernelSpec.cpp - target and kernel-spec attachment -----------------===//
//
// Runs before the conversion: the block-scale guard and the atom choices read
// the capability and the kernel spec recorded here. The spec holds the
// kernel's launch hints and, for what they leave open, the decisions of
// chooseKernelResources (warps, ring depth, register budget).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

#include "Conversion/TileAAToTileAS/KernelResources.h"
#include "TileAS/IR/TileASModuleAttrs.h"

using namespace mlir;
using namespace mlir::tilecc;

// `cute.kernel` (seed 004) or `nv_tileaa.kernel` (convert-cuda-tile-to-tileaa).
static constexpr StringLiteral kKernelMarkers[] = {"cute.kernel",
                                                  "nv_tileaa.kernel"};
static constexpr StringLiteral kKernelSpecName = "nv_tileaa.kernel_spec";

std::optional<int64_t> mlir::tilecc::parseComputeCapability(StringRef text) {
  if (!text.consume_front("sm_"))
    return std::nullopt;
  // Arch-specific (a) and family (f) suffixes do not change the capability.
  if (text.ends_with("a") || text.ends_with("f"))
    text = text.drop_back();
  unsigned value;
  if (text.size() < 2 || text.getAsInteger(10, value) || value == 0)
    return std::nullopt;
  return value;
}

/// A launch hint named `name` on the function, directly or inside one of its
/// dictionary-valued attributes (the optimization-hints dictionary).
static Attribute findHint(Operation *func, StringRef name) {
  if (Attribute direct = func->getAttr(name))
    return direct;
  for (NamedAttribute attr : func->getAttrs())
    if (auto dict = dyn_cast<DictionaryAttr>(attr.getValue()))
      if (Attribute nested = dict.get(name))
        return nested;
  return {};
}

static std::optional<int64_t> intHint(Operation *func, StringRef name) {
  if (auto attr = dyn_cast_if_present<IntegerAttr>(findHint(func, name)))
    return attr.getInt();
  return std::nullopt;
}

static nv_tileaa::KernelSpecAttr
buildKernelSpec(Operation *func, const std::optional<::tilecc::TargetInfo> &target,
                bool wgmma) {
  std::optional<int64_t> warpsHint = intHint(func, "num_worker_warps_per_cta");
  std::optional<int64_t> occupancy = intHint(func, "occupancy");
  std::optional<unsigned> hintedWarps;
  if (warpsHint && *warpsHint > 0)
    hintedWarps = *warpsHint;
  unsigned numWarps = hintedWarps.value_or(4);
  std::optional<unsigned> numStages;
  if (target) {
    KernelResources chosen =
        chooseKernelResources(func, *target, wgmma, hintedWarps);
    numWarps = chosen.numWarps;
    numStages = chosen.numStages;
    // The register budget is the compiler's only where the kernel gave no
    // launch hint of its own.
    if (!hintedWarps && !occupancy)
      occupancy = chosen.occupancy;
    if (chosen.overflow)
      func->emitRemark()
          << "the dots need about " << *chosen.estimatedRegisters
          << " registers a thread, " << *chosen.overflow
          << " more than a thread of " << numWarps
          << " warps may have, and no warp count fits them: expect spills "
             "(smaller tiles fit)";
  }
  SmallVector<int64_t> cluster;
  if (Attribute hint = findHint(func, "num_cta_in_cga")) {
    if (auto dims = dyn_cast<DenseI64ArrayAttr>(hint))
      llvm::append_range(cluster, dims.asArrayRef());
    else if (auto array = dyn_cast<ArrayAttr>(hint))
      for (Attribute a : array)
        if (auto i = dyn_cast<IntegerAttr>(a))
          cluster.push_back(i.getInt());
    if (auto count = dyn_cast<IntegerAttr>(hint))
      cluster = {count.getInt(), 1, 1};
    cluster.resize(3, 1);
  }
  // The ring depth sits next to the spec (the spec's parameters are the
  // launch's).
  if (numStages)
    func->setAttr(kNumStagesAttr,
                  Builder(func->getContext()).getI32IntegerAttr(*numStages));
  std::optional<unsigned> ctas;
  if (occupancy)
    ctas = *occupancy;
  // What KernelSpecAttr's verifier would reject (a cluster hint that is no
  // three positive extents) makes no spec.
  if (numWarps == 0 ||
      llvm::any_of(cluster, [](int64_t d) { return d <= 0; }))
    return {};
  return nv_tileaa::KernelSpecAttr::get(func->getContext(), numWarps,
                                        ArrayRef<int64_t>(cluster), ctas,
                                        std::nullopt);
}

LogicalResult mlir::tilecc::attachKernelSpecAttributes(ModuleOp module,
                                                       StringRef ccOption) {
  StringRef name = nv_tileas::TileASDialect::kComputeCapabilityAttrName;
  std::optional<int64_t> cc;
  bool fromOption = false;
  if (auto attr = module->getAttrOfType<IntegerAttr>(name)) {
    cc = attr.getInt();
  } else {
    cc = parseComputeCapability(ccOption);
    fromOption = true;
  }
  if (!cc)
    return module.emitError("failed to get the target spec");
  Builder b(module.getContext());
  module->setAttr(name, b.getI32IntegerAttr(*cc));
  // An arch-specific target (`sm_90a`) may use instructions that only its
  // exact device has (wgmma on sm_90a).
  if (fromOption && ccOption.ends_with("a"))
    module->setAttr(kArchSpecificAttrName, b.getUnitAttr());

  // The target's facts (register file, shared memory) for the decisions;
  // a capability tilecc has no row for keeps the plain defaults.
  std::optional<::tilecc::TargetInfo> target =
      ::tilecc::parseTarget("sm_" + std::to_string(*cc));
  // How much static shared memory the schedule may plan: the exact target
  // named by the option decides (`sm_100f` keeps 48 KiB where `sm_100`
  // compiles for sm_100a and may use the per-block limit).
  std::optional<::tilecc::TargetInfo> named =
      fromOption ? ::tilecc::parseTarget(ccOption) : std::nullopt;
  const std::optional<::tilecc::TargetInfo> &limits = named ? named : target;
  if (limits && !module->hasAttr(nv_tileas::kStaticSharedLimitAttrName))
    module->setAttr(nv_tileas::kStaticSharedLimitAttrName,
                    b.getI32IntegerAttr(limits->getStaticSharedMemoryLimit()));
  // wgmma is chosen for sm_90a only (ComputePatterns.cpp's selectsWgmma).
  bool wgmma = *cc == 90 && module->hasAttr(kArchSpecificAttrName);
  WalkResult result = module.walk([&](Operation *op) {
    if (!isa<nv_tileaa::FuncOp, func::FuncOp>(op) ||
        op->hasAttr(kKernelSpecName) ||
        llvm::none_of(kKernelMarkers,
                      [&](StringRef marker) { return op->hasAttr(marker); }))
      return WalkResult::advance();
    nv_tileaa::KernelSpecAttr spec = buildKernelSpec(op, target, wgmma);
    if (!spec) {
      op->emitError("failed to get the target spec");
      return WalkResult::interrupt();
    }
    op->setAttr(kKernelSpecName, spec);
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

nv_tileaa::KernelSpecAttr mlir::tilecc::getKernelSpec(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto spec = op->getAttrOfType<nv_tileaa::KernelSpecAttr>(kKernelSpecName))
      return spec;
  return {};
}
