//===- Memory.h - simulated global memory -----------------------*- C++ -*-===//
#ifndef TILECC_INTERP_MEMORY_H
#define TILECC_INTERP_MEMORY_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecc::interp {

/// Device global memory as a set of disjoint buffers at fixed addresses. Every
/// access is checked: an address outside all buffers is an error naming the
/// nearest buffer, never a silent read.
class GlobalMemory {
public:
  /// Maps `storage` (owned by the caller, kept alive until unmapped) at a
  /// new address aligned to `alignment` (at least 256 bytes) with unmapped
  /// guard space around it.
  uint64_t map(std::string name, std::vector<uint8_t> &storage,
               bool readOnly = false, uint64_t alignment = 256);
  /// Unmaps the buffer `map` placed at `base`; its addresses stay unused.
  void unmap(uint64_t base);

  /// Reads/writes `size` bytes (1..8) little-endian. Returns an error message
  /// on an out-of-bounds, misaligned or read-only access.
  std::optional<std::string> load(uint64_t address, unsigned size,
                                  uint64_t &bits) const;
  std::optional<std::string> store(uint64_t address, unsigned size,
                                   uint64_t bits);

private:
  struct Region {
    std::string name;
    uint64_t base;
    std::vector<uint8_t> *storage;
    bool readOnly;
  };
  const Region *find(uint64_t address, unsigned size,
                     std::string &error) const;

  std::vector<Region> regions;
  /// Buffers unmapped so far (their addresses are never reused).
  struct Unmapped {
    std::string name;
    uint64_t base, size;
  };
  std::vector<Unmapped> unmapped;
  uint64_t nextBase = 0x10000000;
};

} // namespace tilecc::interp

#endif // TILECC_INTERP_MEMORY_H
