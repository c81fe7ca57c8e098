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

/// How far an engine's float result may be from the reference: within
/// atol + rtol * |reference|, or within `ulp` units in the last place of the
/// element type (the form the spec states math accuracy in).
struct Tolerance {
  double rtol = 1e-5;
  double atol = 1e-6;
  std::optional<uint64_t> ulp;
};

struct CaseBuffer {
  std::string name;
  /// Overrides the case's tolerance for this output (math accuracy bounds;
  /// contended float atomics, whose rounding depends on the order).
  std::optional<Tolerance> tolerance;
  ElementKind type = ElementKind::F32;
  uint64_t count = 0;
  bool output = false;
  /// Initial contents, little-endian element by element.
  std::vector<uint8_t> bytes;
  /// How engines' results are compared: element by element, or as multisets
  /// (sorted first: the old values a contended atomic returns arrive in an
  /// order that depends on scheduling, their multiset does not).
  bool compareAsMultiset = false;
  /// Exact expected final contents ("expect"), checked on every engine.
  std::optional<std::vector<double>> expect;
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
  Tolerance tolerance;
  /// Expected printed output of the kernel, when the case checks it.
  std::optional<std::string> expectPrint;
  /// Text every engine's error must contain: the case expects the kernel to
  /// stop (a failed assert).
  std::optional<std::string> expectError;
};

/// Reads and validates a case file, creating every buffer's initial data.
llvm::Expected<Case> loadCase(const std::string &path);

/// Encodes a double as the bit pattern of `kind` (round to nearest even).
uint64_t encodeElement(ElementKind kind, double value);
/// Decodes an element's bit pattern to a double.
double decodeElement(ElementKind kind, uint64_t bits);
/// Distance in units in the last place between two values of a float kind
/// (both finite or infinite; adjacent representable values are 1 apart).
uint64_t getUlpDistance(ElementKind kind, uint64_t a, uint64_t b);
/// Reads/writes element `index` of a little-endian byte array.
uint64_t readElementBits(const std::vector<uint8_t> &bytes, ElementKind kind,
                         uint64_t index);
void writeElementBits(std::vector<uint8_t> &bytes, ElementKind kind,
                      uint64_t index, uint64_t bits);

} // namespace tilecc

#endif // TILECC_RUN_CASE_H
