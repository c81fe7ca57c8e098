//===- LocDiagnostics.h - diagnostics as `loc(...): error: ...` -*- C++ -*-===//
//
// tileiras prints each diagnostic on one line after its MLIR location,
// `loc("kernel.py":12:5): error: message`, and cuTile Python maps such lines
// back to the user's source. tilecc prints this form when it runs as
// tileiras (or with --diagnostics=loc); its own form (file:line:col with the
// source line and a caret) needs the source text, which bytecode has not.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PIPELINE_LOCDIAGNOSTICS_H
#define TILECC_PIPELINE_LOCDIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"

namespace tilecc {

/// Prints every diagnostic (and its notes) to stderr as
/// `<location>: <severity>: <message>`, the location as MLIR prints it;
/// an unknown location is left out.
class LocDiagnosticHandler : public mlir::ScopedDiagnosticHandler {
public:
  explicit LocDiagnosticHandler(mlir::MLIRContext *context);
};

} // namespace tilecc

#endif // TILECC_PIPELINE_LOCDIAGNOSTICS_H
