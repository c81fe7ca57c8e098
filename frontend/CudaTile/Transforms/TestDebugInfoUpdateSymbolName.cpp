//===- TestDebugInfoUpdateSymbolName.cpp - test of updateSymbolName -------===//
#include "CudaTile/IR/CudaTileMiscUtils.h"
#include "CudaTile/Transforms/Passes.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_TESTDEBUGINFOUPDATESYMBOLNAMEPASS
#include "CudaTile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

/// `outer::middle::inner` as a nested symbol reference.
static SymbolRefAttr parseSymbolPath(MLIRContext *context, StringRef path) {
  SmallVector<StringRef> parts;
  path.split(parts, "::");
  SmallVector<FlatSymbolRefAttr> nested;
  for (StringRef part : llvm::drop_begin(parts))
    nested.push_back(FlatSymbolRefAttr::get(context, part));
  return SymbolRefAttr::get(context, parts.front(), nested);
}

namespace {
struct TestDebugInfoUpdateSymbolNamePass
    : cuda_tile::impl::TestDebugInfoUpdateSymbolNamePassBase<
          TestDebugInfoUpdateSymbolNamePass> {
  using Base::Base;

  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    SymbolTableCollection symbolTables;

    auto lookup = [&](StringRef path) -> Operation * {
      SymbolRefAttr ref = parseSymbolPath(context, path);
      Operation *op = symbolTables.lookupSymbolIn(module, ref);
      if (!op)
        module.emitError() << "could not find symbol op with name '" << ref
                           << "'";
      return op;
    };

    Operation *scopeOp = module;
    if (!scope.empty() && !(scopeOp = lookup(scope)))
      return signalPassFailure();
    if (symbolToRename.empty()) {
      module.emitError("missing 'symbol-to-rename' option");
      return signalPassFailure();
    }
    Operation *symbol = lookup(symbolToRename);
    if (!symbol)
      return signalPassFailure();
    if (failed(updateSymbolName(symbol, StringAttr::get(context, newName),
                                scopeOp, updateUses)))
      signalPassFailure();
  }
};
} // namespace
