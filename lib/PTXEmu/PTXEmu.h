//===- PTXEmu.h - run PTX kernels on the CPU --------------------*- C++ -*-===//
//
// The library API of tilecc's PTX emulator (the execution oracle used by
// tilecc-run and tilecc-ptxemu): load a PTX module into a Device, allocate
// and fill global buffers, launch a kernel by name, read buffers back, and
// inspect counters, printf output and reported hazards.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PTXEMU_PTXEMU_H
#define TILECC_PTXEMU_PTXEMU_H

#include "PTXEmu/IR.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tilecc::ptxemu {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t(x) * y * z; }
};

struct Counters {
  uint64_t warpInstrs = 0;   // one per warp-wide issue
  uint64_t threadInstrs = 0; // one per executing thread
  uint64_t byClass[size_t(IClass::NumClasses)] = {};
  uint64_t globalLoadBytes = 0, globalStoreBytes = 0;
  uint64_t globalLoadSectors = 0, globalStoreSectors = 0; // 32-byte sectors
  uint64_t globalLoadRequests = 0, globalStoreRequests = 0;
  uint64_t sharedLoadRequests = 0, sharedStoreRequests = 0;
  uint64_t sharedWavefronts = 0, sharedBankConflicts = 0;
  uint64_t barriers = 0;         // completed barrier instances
  uint64_t barrierArrivals = 0;  // thread arrivals
  uint64_t atomics = 0;          // thread-level atomic operations
  uint64_t ctas = 0;
  // Device heap (malloc/free system calls): blocks allocated, non-null
  // blocks freed, and blocks still allocated when the launch ends (not an
  // error in CUDA, where they outlive the launch, but a leak for code that
  // frees what it allocates).
  uint64_t heapAllocs = 0, heapFrees = 0, heapLiveBlocks = 0;
  // Asynchronous copies and mbarriers (listed only when non-zero): bulk
  // tensor loads / stores (and cp.reduce) and bytes moved, out-of-bounds
  // bytes filled by tensor loads, non-tensor bulk copies and bytes,
  // mbarrier arrivals, completed phases, and failed test_wait/try_wait
  // results (spins), tensormap.replace instructions.
  uint64_t tmaLoads = 0, tmaLoadBytes = 0, tmaOobBytes = 0;
  uint64_t tmaStores = 0, tmaStoreBytes = 0;
  uint64_t bulkCopies = 0, bulkCopyBytes = 0;
  uint64_t mbarArrives = 0, mbarPhases = 0, mbarWaitSpins = 0;
  uint64_t tensormapReplaces = 0;
  // tcgen05 (listed only when non-zero): MMAs issued by kind (mxf8f6f4,
  // mxf4, mxf4nvf4 block-scaled; f16, tf32, f8f6f4, i8 dense), shared-memory
  // operand bytes the dense MMAs read, commits, the most tensor-memory
  // columns allocated at once in a CTA, and tcgen05.ld / st bytes.
  uint64_t tcgen05Mma[7] = {};
  uint64_t tcgen05MmaSharedBytes = 0, tcgen05Commits = 0;
  uint64_t tmemColumnsPeak = 0, tmemLoadBytes = 0, tmemStoreBytes = 0;
  // A stable, human-readable listing (one `name: value` per line).
  std::string format() const;
};

// A kernel argument: the raw bytes of one .param, in order.
struct ParamValue {
  std::vector<uint8_t> bytes;
  template <typename T> static ParamValue of(T v) {
    ParamValue p;
    p.bytes.resize(sizeof(T));
    std::memcpy(p.bytes.data(), &v, sizeof(T));
    return p;
  }
};

struct LaunchConfig {
  Dim3 grid, block;
  uint32_t dynamicShared = 0;
  uint64_t maxWarpInstrs = 2000000000ull; // runaway-loop guard
  bool checkRaces = true;
};

struct LaunchResult {
  bool ok = false;
  std::string error;               // the first error, naming instruction/thread
  std::string output;              // printf output, in execution order
  std::vector<std::string> races;  // shared-memory race reports
  Counters counters;
};

class GlobalMemory;

// A tiled tensor map (PTX ISA 5.5 "Tensors", fields as `tensormap.replace`
// names them; element type, interleave, swizzle, atomicity and fill use the
// values of its Table 33). The 128-byte object is opaque to PTX; the
// emulator's own encoding (TensorMap.cpp) is what encodeTensorMap returns
// for a host to pass as a kernel parameter or copy into global memory.
struct TensorMapInfo {
  uint64_t globalAddress = 0;
  unsigned rank = 1;                    // 1..5
  uint32_t globalDim[5] = {1, 1, 1, 1, 1};
  uint64_t globalStride[4] = {};        // bytes between steps of dims 1..4
  uint32_t boxDim[5] = {1, 1, 1, 1, 1};
  uint32_t elementStride[5] = {1, 1, 1, 1, 1};
  unsigned elemType = 0, interleave = 0, swizzle = 0, swizzleAtomicity = 0,
           fill = 0;
};
std::vector<uint8_t> encodeTensorMap(const TensorMapInfo &info);

// Device global memory: buffers with bounds, at fixed 64-bit addresses.
class Device {
public:
  Device();
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;
  // Zero-initialized allocation; returns its device address.
  uint64_t alloc(uint64_t bytes, const std::string &name = "");
  bool write(uint64_t addr, const void *src, uint64_t n, std::string *err = nullptr);
  bool read(uint64_t addr, void *dst, uint64_t n, std::string *err = nullptr) const;
  GlobalMemory &memory() { return *mem; }

private:
  std::unique_ptr<GlobalMemory> mem;
};

class Program {
public:
  // Parses and decodes `ptx`; module-scope globals are allocated in `dev`.
  // On failure returns null and sets `error` to `file:line: message`.
  static std::unique_ptr<Program> load(Device &dev, std::string_view ptx,
                                       std::string &error,
                                       std::string_view fileName = "<ptx>");
  ~Program();
  const Module &module() const { return mod; }
  std::vector<std::string> kernels() const;
  // Device address of a module-scope .global/.const symbol, 0 if none.
  uint64_t symbolAddress(std::string_view name) const;
  LaunchResult launch(std::string_view kernel, const LaunchConfig &cfg,
                      const std::vector<ParamValue> &args);

  Device &device() { return dev; }
  const std::vector<uint64_t> &symbolAddresses() const { return symAddr; }

private:
  Program(Device &d) : dev(d) {}
  Device &dev;
  Module mod;
  std::vector<uint64_t> symAddr; // per symbol: device address (global/const)
};

} // namespace tilecc::ptxemu

#endif
