//===- Case.h - end-to-end test cases for tilecc-run ------------*- C++ -*-===//
//
// An end-to-end case names a kernel, a launch grid and the kernel's arguments
// (ARCHITECTURE.md section 6). Buffers are created and initialized from the
// case alone, deterministically, so that every engine sees the same inputs.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_RUN_CASE_H
#define TILECC_RUN_CASE_H

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecc {

/// Scalar element types a case may use (the f8 types are one byte each).
enum class ElementKind {
  I1, I8, I16, I32, I64, F16, BF16, F32, F64, F8E4M3FN, F8E5M2, F8E8M0FNU
};

std::optional<ElementKind> parseElementKind(const std::string &name);
const char *getElementKindName(ElementKind kind);
unsigned getElementKindBytes(ElementKind kind);
bool isFloatKind(ElementKind kind);

struct CaseBuffer {
  std::string name;
  ElementKind type = ElementKind::F32;
  uint64_t count = 0;
  bool output = false;
  /// Initial contents, little-endian element by element.
  std::vector<uint8_t> bytes;
};

struct CaseScalar {
  ElementKind type = ElementKind::I32;
  /// The value's bit pattern (floats as their IEEE encoding).
  uint64_t bits = 0;
};

/// One kernel argument: a buffer (passed as a pointer) or a scalar.
struct CaseArg {
  std::optional<CaseBuffer> buffer;
  std::optional<CaseScalar> scalar;
};

struct Case {
  std::string path;       // the case file
  std::string kernelFile; // resolved against the case file's directory
  std::string kernel;
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::vector<CaseArg> args;
  double rtol = 1e-5;
  double atol = 1e-6;
  /// Expected printed output of the kernel, when the case checks it.
  std::optional<std::string> expectPrint;
};

/// Reads and validates a case file, creating every buffer's initial data.
llvm::Expected<Case> loadCase(const std::string &path);

/// Encodes a double as the bit pattern of `kind` (round to nearest even).
uint64_t encodeElement(ElementKind kind, double value);
/// Decodes an element's bit pattern to a double.
double decodeElement(ElementKind kind, uint64_t bits);
/// Reads/writes element `index` of a little-endian byte array.
uint64_t readElementBits(const std::vector<uint8_t> &bytes, ElementKind kind,
                         uint64_t index);
void writeElementBits(std::vector<uint8_t> &bytes, ElementKind kind,
                      uint64_t index, uint64_t bits);

} // namespace tilecc

#endif // TILECC_RUN_CASE_H
