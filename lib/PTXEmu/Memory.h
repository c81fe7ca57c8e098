//===- Memory.h - bounds-checked device global memory ----------*- C++ -*-===//
#ifndef TILECC_PTXEMU_MEMORY_H
#define TILECC_PTXEMU_MEMORY_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tilecc::ptxemu {

// Generic-address windows for the per-CTA shared and per-thread local spaces.
// Global buffers live below them, so one 64-bit address space covers all.
constexpr uint64_t kGlobalBase = 0x0000000100000000ull;
constexpr uint64_t kParamWindow = 0x00007d0000000000ull; // kernel parameters
constexpr uint64_t kSharedWindow = 0x00007e0000000000ull;
constexpr uint64_t kLocalWindow = 0x00007f0000000000ull;
constexpr uint64_t kWindowSize = 1ull << 32;
// Param-space addresses of `.param` variables declared inside a body (call
// arguments); they live in the thread's local memory.
constexpr uint64_t kCallParamFlag = 1ull << 40;

class GlobalMemory {
public:
  struct Buffer {
    uint64_t base = 0;
    std::vector<uint8_t> data;
    std::string name;
  };
  uint64_t alloc(uint64_t bytes, const std::string &name);
  // The device heap behind the malloc/free system calls: blocks are buffers
  // of their own (exactly 16-byte aligned: 16 bytes past a 256-byte
  // boundary, so code relying on more than CUDA's guarantee is caught;
  // guarded like the others), at most
  // kHeapLimit bytes live at once (CUDA's default heap size); 0 when full.
  static constexpr uint64_t kHeapLimit = 8ull << 20;
  uint64_t heapAlloc(uint64_t bytes);
  // Frees a block heapAlloc returned; false (with `err`) for any other
  // address or a block freed twice. Freeing 0 does nothing.
  bool heapFree(uint64_t addr, std::string &err);
  uint64_t heapBlockCount() const { return heapBlocks.size(); }
  // Host pointer to [addr, addr+n) if it lies in one buffer, else null.
  uint8_t *find(uint64_t addr, uint64_t n) {
    if (last && addr >= last->base && addr + n <= last->base + last->data.size() &&
        addr + n >= addr)
      return last->data.data() + (addr - last->base);
    return slowFind(addr, n);
  }
  // Where `addr` lies relative to the known buffers, for error messages.
  std::string describe(uint64_t addr) const;

private:
  uint8_t *slowFind(uint64_t addr, uint64_t n);
  std::map<uint64_t, Buffer> bufs;
  std::map<uint64_t, uint64_t> heapBlocks; // live heap block -> bytes
  // Freed heap blocks (never reused) -> end address, for error messages.
  std::map<uint64_t, uint64_t> freedHeapBlocks;
  uint64_t heapLive = 0;
  uint64_t next = kGlobalBase;
  Buffer *last = nullptr;
};

} // namespace tilecc::ptxemu

#endif
