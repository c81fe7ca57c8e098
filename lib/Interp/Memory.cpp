//===- Memory.cpp - simulated global memory -------------------------------===//
#include "Interp/Memory.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cstring>
#include <sstream>

using namespace tilecc::interp;

uint64_t GlobalMemory::map(std::string name, std::vector<uint8_t> &storage,
                           bool readOnly, uint64_t alignment) {
  alignment = std::max<uint64_t>(alignment, 256);
  uint64_t base = (nextBase + alignment - 1) / alignment * alignment;
  regions.push_back({std::move(name), base, &storage, readOnly});
  // Leave at least 64 KiB unmapped after each buffer so that overruns fault.
  uint64_t size = storage.size();
  nextBase = (base + size + 0x10000 + 255) & ~uint64_t(255);
  return base;
}

void GlobalMemory::unmap(uint64_t base) {
  llvm::erase_if(regions, [&](const Region &region) {
    if (region.base != base)
      return false;
    unmapped.push_back({region.name, base, region.storage->size()});
    return true;
  });
}

static std::string hex(uint64_t value) {
  std::ostringstream os;
  os << "0x" << std::hex << value;
  return os.str();
}

const GlobalMemory::Region *GlobalMemory::find(uint64_t address, unsigned size,
                                               std::string &error) const {
  const Region *nearest = nullptr;
  for (const Region &region : regions) {
    uint64_t end = region.base + region.storage->size();
    if (address >= region.base && address + size <= end && address + size > address)
      return &region;
    if (!nearest || (address >= region.base && region.base > nearest->base))
      nearest = &region;
  }
  error = "out-of-bounds access of " + std::to_string(size) + " bytes at " +
          hex(address);
  for (const Unmapped &gone : unmapped)
    if (address >= gone.base && address - gone.base < gone.size) {
      error += " (offset " + std::to_string(address - gone.base) +
               " in buffer '" + gone.name + "' of " +
               std::to_string(gone.size) + " bytes, released before)";
      return nullptr;
    }
  if (nearest) {
    int64_t offset = static_cast<int64_t>(address - nearest->base);
    error += " (offset " + std::to_string(offset) + " from buffer '" +
             nearest->name + "' of " + std::to_string(nearest->storage->size()) +
             " bytes)";
  }
  return nullptr;
}

std::optional<std::string> GlobalMemory::load(uint64_t address, unsigned size,
                                              uint64_t &bits) const {
  std::string error;
  const Region *region = find(address, size, error);
  if (!region)
    return error;
  if (address % size != 0)
    return "misaligned access of " + std::to_string(size) + " bytes at " +
           hex(address);
  bits = 0;
  std::memcpy(&bits, region->storage->data() + (address - region->base), size);
  return std::nullopt;
}

std::optional<std::string> GlobalMemory::store(uint64_t address, unsigned size,
                                               uint64_t bits) {
  std::string error;
  const Region *region = find(address, size, error);
  if (!region)
    return error;
  if (region->readOnly)
    return "store to read-only buffer '" + region->name + "' at " + hex(address);
  if (address % size != 0)
    return "misaligned access of " + std::to_string(size) + " bytes at " +
           hex(address);
  std::memcpy(region->storage->data() + (address - region->base), &bits, size);
  return std::nullopt;
}
