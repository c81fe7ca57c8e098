//===- LocDiagnostics.cpp - diagnostics as `loc(...): error: ...` ---------===//
#include "Pipeline/LocDiagnostics.h"

#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

static void print(llvm::raw_ostream &os, Location loc,
                  DiagnosticSeverity severity, const Diagnostic &diag) {
  if (!isa<UnknownLoc>(loc))
    os << loc << ": ";
  os << severityName(severity) << ": " << diag << "\n";
}

tilecc::LocDiagnosticHandler::LocDiagnosticHandler(MLIRContext *context)
    : ScopedDiagnosticHandler(context) {
  setHandler([](Diagnostic &diag) {
    llvm::raw_ostream &os = llvm::errs();
    print(os, diag.getLocation(), diag.getSeverity(), diag);
    for (const Diagnostic &note : diag.getNotes())
      print(os, note.getLocation(), note.getSeverity(), note);
    os.flush();
    return success();
  });
}
