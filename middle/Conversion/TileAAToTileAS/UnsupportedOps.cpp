//===- UnsupportedOps.cpp - nv_tileaa ops tilecc does not lower ----------===//
//
// Executable nv_tileaa ops that have no lowering to nv_tileas in tilecc get a
// located diagnostic that names the missing feature before the partial
// conversion runs, instead of the pass-level "failed to convert nv_tileaa to
// nv_tileas" alone. Every offending op is reported, not just the first.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

/// Why `op` cannot be lowered, or an empty string when it can.
static std::string unsupportedReason(Operation *op, std::optional<int64_t> cc) {
  return llvm::TypeSwitch<Operation *, std::string>(op)
      .Case([](nv_tileaa::LaunchFuncOp) {
        return "device-side kernel launch (dynamic parallelism)";
      })
      .Case([](nv_tileaa::InjectIROp) {
        return "splicing textual IR into the lowering";
      })
      .Case<nv_tileaa::ConvDotOp, nv_tileaa::ConvTileOp>([](Operation *) {
        return "implicit-GEMM convolution blocking";
      })
      .Case<nv_tileaa::CancelNextProgramIdOp, nv_tileaa::IsValidProgramIdOp,
            nv_tileaa::GetProgramIdOp>([&](Operation *op) -> std::string {
        // get_program_id is lowered unless it reads a cancelled program.
        if (auto id = dyn_cast<nv_tileaa::GetProgramIdOp>(op);
            id && !id.getProgram())
          return "";
        if (cc && *cc < 100)
          return "cluster launch control needs compute capability >= sm100, "
                 "the target is sm_" +
                 std::to_string(*cc);
        return "";
      })
      .Case([](nv_tileaa::BlockTileOp blocked) -> std::string {
        if (!isa<nv_tileaa::TileMemRefType>(blocked.getSrc().getType()))
          return "blocking a tiled view or a tile";
        if (!mlir::tilecc::mergeDimGroups(blocked))
          return "dimension groups that do not cover the memref or whose "
                 "members are not contiguous by static extents and strides";
        return "";
      })
      .Case([](nv_tileaa::CallOp call) -> std::string {
        // Calls stay nv_tileaa.call, lowered with the function boundary.
        auto callee = SymbolTable::lookupNearestSymbolFrom<nv_tileaa::FuncOp>(
            call, call.getCalleeAttr());
        if (callee && callee.isPublic())
          return "calling a kernel (public function) from device code";
        if (call.getNumResults() > 1)
          return "a call with several results";
        // Views pass as their parts (FlattenViewArguments.cpp).
        for (Type type : call.getOperandTypes())
          if (!type.isIntOrIndexOrFloat() &&
              !isa<nv_tileaa::PtrType, nv_tileaa::TileMemRefType,
                   nv_tileaa::TiledViewType>(type))
            return "passing tiles or tokens to a function (layouts and "
                   "tokens stay inside one function)";
        for (Type type : call.getResultTypes())
          if (!type.isIntOrIndexOrFloat() && !isa<nv_tileaa::PtrType>(type))
            return "returning tiles, tokens or views from a function";
        return "";
      })
      .Case([](nv_tileaa::HistogramOp hist) -> std::string {
        if (!hist.getSrc().getType().hasStaticShape() ||
            !hist.getType().hasStaticShape() ||
            hist.getType().getDimSize(0) > std::numeric_limits<int32_t>::max())
          return "a histogram of dynamic shape";
        return "";
      })
      .Default([](Operation *) { return ""; });
}

LogicalResult mlir::tilecc::checkSupportedTileAAOps(ModuleOp module) {
  std::optional<int64_t> cc;
  if (auto attr = module->getAttrOfType<IntegerAttr>(
          nv_tileas::TileASDialect::kComputeCapabilityAttrName))
    cc = attr.getInt();
  bool failed = false;
  module.walk([&](Operation *op) {
    std::string reason = unsupportedReason(op, cc);
    if (reason.empty())
      return;
    op->emitOpError() << "is not supported by tilecc: " << reason;
    failed = true;
  });
  return failure(failed);
}
