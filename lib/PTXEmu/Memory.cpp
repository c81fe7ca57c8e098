//===- Memory.cpp - bounds-checked device global memory -------------------===//
#include "PTXEmu/Memory.h"

#include <cstdio>

using namespace tilecc::ptxemu;

uint64_t GlobalMemory::alloc(uint64_t bytes, const std::string &name) {
  // 256-byte aligned like cudaMalloc, with an unmapped 4 KiB gap after each
  // buffer so that running off its end is caught rather than hitting the next.
  uint64_t base = next;
  Buffer &b = bufs[base];
  b.base = base;
  b.data.assign(bytes, 0);
  b.name = name.empty() ? "buffer@" + std::to_string(bufs.size()) : name;
  next = (base + bytes + 4096 + 255) / 256 * 256;
  last = nullptr;
  return base;
}

uint64_t GlobalMemory::heapAlloc(uint64_t bytes) {
  if (bytes > kHeapLimit - heapLive)
    return 0;
  heapLive += bytes;
  // Only the 16-byte alignment malloc guarantees (alloc starts buffers on
  // 256-byte boundaries). A zero-byte request still gets a distinct address.
  next += 16;
  uint64_t base = alloc(bytes, "malloc'd block");
  heapBlocks[base] = bytes;
  return base;
}

bool GlobalMemory::heapFree(uint64_t addr, std::string &err) {
  if (addr == 0)
    return true;
  auto it = heapBlocks.find(addr);
  if (it == heapBlocks.end()) {
    char buf[96];
    std::snprintf(buf, sizeof buf,
                  "free(0x%llx): not a live block returned by malloc (",
                  (unsigned long long)addr);
    err = buf + describe(addr) + ")";
    return false;
  }
  heapLive -= it->second;
  freedHeapBlocks[addr] = addr + it->second;
  heapBlocks.erase(it);
  // Unmapped from now on, so a use after free is caught as out of bounds.
  bufs.erase(addr);
  last = nullptr;
  return true;
}

uint8_t *GlobalMemory::slowFind(uint64_t addr, uint64_t n) {
  auto it = bufs.upper_bound(addr);
  if (it == bufs.begin())
    return nullptr;
  --it;
  Buffer &b = it->second;
  if (addr + n < addr || addr + n > b.base + b.data.size())
    return nullptr;
  last = &b;
  return b.data.data() + (addr - b.base);
}

std::string GlobalMemory::describe(uint64_t addr) const {
  char buf[160];
  auto freed = freedHeapBlocks.upper_bound(addr);
  if (freed != freedHeapBlocks.begin() && addr < std::prev(freed)->second) {
    uint64_t base = std::prev(freed)->first;
    std::snprintf(buf, sizeof buf,
                  "0x%llx is %llu bytes into a malloc'd block freed before "
                  "(at 0x%llx)",
                  (unsigned long long)addr, (unsigned long long)(addr - base),
                  (unsigned long long)base);
    return buf;
  }
  auto it = bufs.upper_bound(addr);
  if (it == bufs.begin()) {
    std::snprintf(buf, sizeof buf, "0x%llx is below every buffer",
                  (unsigned long long)addr);
    return buf;
  }
  --it;
  const Buffer &b = it->second;
  std::snprintf(buf, sizeof buf, "0x%llx is %llu bytes past the start of '%s' (%zu bytes)",
                (unsigned long long)addr, (unsigned long long)(addr - b.base),
                b.name.c_str(), b.data.size());
  return buf;
}
