//===- CudaTileOptimizationHints.cpp - optimization hint checks -----------===//
//
// Hints are advisory: by default unknown architectures, unknown hints and bad
// values are ignored so that kernels written for newer targets still compile.
// -Wunsupported-hints reports them as warnings; -Werr-hints additionally fails
// the op that carries them.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileMiscUtils.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

static bool warnUnsupportedHints = false;
static bool errorOnHints = false;

void mlir::cuda_tile::setOptimizationHintsDiagnostics(bool warn, bool error) {
  warnUnsupportedHints = warn;
  errorOnHints = error;
}
bool mlir::cuda_tile::getWarnUnsupportedHints() { return warnUnsupportedHints; }
bool mlir::cuda_tile::getErrorOnHints() { return errorOnHints; }

void mlir::cuda_tile::registerOptimizationHintsOptions() {
  static llvm::cl::opt<bool, /*ExternalStorage=*/true> warn(
      "Wunsupported-hints",
      llvm::cl::desc("Warn about unsupported or invalid optimization hints"),
      llvm::cl::location(warnUnsupportedHints), llvm::cl::init(false));
  static llvm::cl::opt<bool, /*ExternalStorage=*/true> error(
      "Werr-hints",
      llvm::cl::desc("With -Wunsupported-hints, fail on unsupported or "
                     "invalid optimization hints"),
      llvm::cl::location(errorOnHints), llvm::cl::init(false));
}

namespace {
enum class Hint { NumCTAInCGA, NumWorkerWarpsPerCTA, Occupancy, Latency, AllowTMA };
} // namespace

static std::optional<Hint> symbolizeHint(StringRef name) {
  return llvm::StringSwitch<std::optional<Hint>>(name)
      .Case("num_cta_in_cga", Hint::NumCTAInCGA)
      .Case("num_worker_warps_per_cta", Hint::NumWorkerWarpsPerCTA)
      .Case("occupancy", Hint::Occupancy)
      .Case("latency", Hint::Latency)
      .Case("allow_tma", Hint::AllowTMA)
      .Default(std::nullopt);
}

/// Architectures the hints may target, plus the `default` fallback entry.
static bool isKnownArchitecture(StringRef key) {
  return llvm::is_contained({"sm_80", "sm_86", "sm_87", "sm_88", "sm_89",
                             "sm_90", "sm_100", "sm_103", "sm_110", "sm_120",
                             "sm_121", "default"},
                            key);
}

/// Ampere and Ada have no thread block clusters.
static bool lacksClusters(StringRef sm) {
  return llvm::is_contained({"sm_80", "sm_86", "sm_87", "sm_88", "sm_89"}, sm);
}

/// The hints each kind of op understands (by op name, so that this file does
/// not depend on the memory op family).
static bool isHintValidFor(Operation *op, Hint hint) {
  StringRef name = op->getName().getStringRef();
  switch (hint) {
  case Hint::NumCTAInCGA:
  case Hint::NumWorkerWarpsPerCTA:
  case Hint::Occupancy:
    return isa<EntryOp>(op);
  case Hint::Latency:
    return llvm::is_contained({"cuda_tile.load_view_tko", "cuda_tile.store_view_tko",
                               "cuda_tile.load_ptr_tko", "cuda_tile.store_ptr_tko"},
                              name);
  case Hint::AllowTMA:
    return llvm::is_contained({"cuda_tile.load_view_tko", "cuda_tile.store_view_tko"},
                              name);
  }
  llvm_unreachable("unknown hint");
}

/// Checks one hint value; returns the problem, or an empty string.
static std::string checkHintValue(Hint hint, StringRef sm, StringRef key,
                                  Attribute value) {
  std::string context = (sm + "." + key).str();
  if (hint == Hint::AllowTMA)
    return isa<BoolAttr>(value) ? "" : "boolean value expected for " + context;
  auto intAttr = dyn_cast<IntegerAttr>(value);
  if (!intAttr || isa<BoolAttr>(value))
    return "integer value expected for " + context;
  int64_t v = intAttr.getValue().getSExtValue();
  auto isPowerOf2AtMost = [&](int64_t limit) {
    return v > 0 && v <= limit && llvm::isPowerOf2_64(v);
  };
  switch (hint) {
  case Hint::NumCTAInCGA:
    if (lacksClusters(sm) && v != 1)
      return "expected 1 for " + context +
             " (thread block clusters are not supported)";
    return isPowerOf2AtMost(16) ? "" : "expected power-of-two ≤ 16 for " + context;
  case Hint::NumWorkerWarpsPerCTA:
    return isPowerOf2AtMost(32) ? "" : "expected power-of-two ≤ 32 for " + context;
  case Hint::Occupancy:
    return v >= 1 && v <= 32
               ? ""
               : "integer value in the range [1, 32] is expected for " + context;
  case Hint::Latency:
    return v >= 1 && v <= 10
               ? ""
               : "integer value in the range [1, 10] is expected for " + context;
  case Hint::AllowTMA:
    break;
  }
  return "";
}

LogicalResult mlir::cuda_tile::verifyOptimizationHints(
    Operation *op, OptimizationHintsAttr hints) {
  if (!hints || !warnUnsupportedHints)
    return success();
  bool valid = true;
  auto report = [&](const Twine &message) {
    // Not op->emitWarning: attaching the op would print, hence re-verify, it.
    mlir::emitWarning(op->getLoc(), message);
    valid = false;
  };
  for (NamedAttribute entry : hints.getValue()) {
    StringRef sm = entry.getName().getValue();
    if (!isKnownArchitecture(sm)) {
      report("unknown hint key " + sm);
      continue;
    }
    auto dict = dyn_cast<DictionaryAttr>(entry.getValue());
    if (!dict)
      continue; // rejected by the attribute verifier
    for (NamedAttribute param : dict) {
      StringRef key = param.getName().getValue();
      std::optional<Hint> hint = symbolizeHint(key);
      if (!hint || !isHintValidFor(op, *hint)) {
        report(key + " is not known hint for current Operation");
        continue;
      }
      std::string problem = checkHintValue(*hint, sm, key, param.getValue());
      if (!problem.empty())
        report(problem);
    }
  }
  if (valid || !errorOnHints)
    return success();
  return op->emitOpError("Optimization hints verification failed");
}
