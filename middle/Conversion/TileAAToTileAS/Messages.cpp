//===- Messages.cpp - nv_tileaa.message as compile-time diagnostics -------===//
//
// nv_tileaa.message is a compile-time remark attached to a program point
// (seed 002): it has no run-time effect, so the conversion reports it at the
// op's location with its severity and removes it. An `error` message fails
// the pass like any other error diagnostic.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

using namespace mlir;

LogicalResult mlir::tilecc::emitTileAAMessages(ModuleOp module) {
  SmallVector<nv_tileaa::MessageOp> messages;
  module.walk([&](nv_tileaa::MessageOp op) { messages.push_back(op); });
  bool failed = false;
  for (nv_tileaa::MessageOp op : messages) {
    StringRef severity = op.getSeverity();
    Location loc = op.getLoc();
    if (severity == "remark") {
      emitRemark(loc) << op.getText();
    } else if (severity == "warning") {
      emitWarning(loc) << op.getText();
    } else if (severity == "error") {
      emitError(loc) << op.getText();
      failed = true;
    } else {
      op.emitOpError() << "has severity '" << severity
                       << "'; expected remark, warning or error";
      failed = true;
      continue;
    }
    op.erase();
  }
  return failure(failed);
}
