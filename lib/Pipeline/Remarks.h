//===- Remarks.h - optimization remarks about the compiled kernels -*- C++ -*-===//
//
// `--remarks-output-file` (tileiras's flag, which cuTile Python and cuTile.jl
// pass) receives LLVM-format remarks (YAML or bitstream) about each kernel:
// its launch shape and, after the cubin stage, the registers, spills, stack
// and shared memory ptxas reports. A compilation with nothing to report gives
// a file with no remarks in the requested format.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PIPELINE_REMARKS_H
#define TILECC_PIPELINE_REMARKS_H

#include "Pipeline/KernelMetadata.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace tilecc {

struct RemarkOptions {
  std::string format = "yaml"; // yaml or bitstream
  /// Which remarks, by name: `all` or a regular expression.
  std::string filter = "all";
};

/// Checks the format name and the filter; the message says what is wrong.
llvm::Error validateRemarkOptions(const RemarkOptions &options);

/// Writes the remarks about `kernels` that pass the filter; `assembled`:
/// ptxas ran, so their resource usage is known.
llvm::Error writeRemarks(llvm::raw_ostream &os, const RemarkOptions &options,
                         const std::vector<KernelMetadata> &kernels,
                         bool assembled);

} // namespace tilecc

#endif // TILECC_PIPELINE_REMARKS_H
