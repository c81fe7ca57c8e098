//===- CheckViewArguments.cpp - views as function arguments ---------------===//
//
// Below nv_tileaa a view is not a value: its accesses read the base pointer,
// sizes and strides straight from the make_memref / make_tiled_view that
// builds it. A view that arrives as a function argument (the conformance
// tests' testing$func form; cuda_tile has no call, so no caller could build
// it) has no such producer and no calling convention, so it is reported at
// the argument instead of failing later in the type conversion.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::tilecc;

LogicalResult mlir::tilecc::checkViewArguments(ModuleOp module) {
  bool ok = true;
  module.walk([&](nv_tileaa::FuncOp func) {
    if (func.isExternal())
      return;
    for (BlockArgument arg : func.getArguments()) {
      if (!isa<nv_tileaa::TileMemRefType, nv_tileaa::TiledViewType>(arg.getType()))
        continue;
      emitError(arg.getLoc())
          << "view argument #" << arg.getArgNumber() << " of '"
          << func.getName()
          << "' is not supported by tilecc: a view lowers to the pointer, "
             "sizes and strides of the make_tensor_view that builds it and "
             "has no calling convention; pass the pointer (and sizes) and "
             "build the view in the function";
      ok = false;
    }
  });
  return success(ok);
}
