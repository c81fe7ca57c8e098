//===- Program.cpp - devices, loaded modules and counters -----------------===//
#include "PTXEmu/Exec.h"
#include "PTXEmu/Parser.h"

using namespace tilecc::ptxemu;

Device::Device() : mem(std::make_unique<GlobalMemory>()) {}
Device::~Device() = default;

uint64_t Device::alloc(uint64_t bytes, const std::string &name) {
  return mem->alloc(bytes, name);
}

bool Device::write(uint64_t addr, const void *src, uint64_t n, std::string *err) {
  uint8_t *p = n ? mem->find(addr, n) : nullptr;
  if (n && !p) {
    if (err)
      *err = "write outside any buffer: " + mem->describe(addr);
    return false;
  }
  if (n)
    std::memcpy(p, src, n);
  return true;
}

bool Device::read(uint64_t addr, void *dst, uint64_t n, std::string *err) const {
  uint8_t *p = n ? mem->find(addr, n) : nullptr;
  if (n && !p) {
    if (err)
      *err = "read outside any buffer: " + mem->describe(addr);
    return false;
  }
  if (n)
    std::memcpy(dst, p, n);
  return true;
}

Program::~Program() = default;

std::unique_ptr<Program> Program::load(Device &dev, std::string_view ptx,
                                       std::string &error,
                                       std::string_view fileName) {
  std::unique_ptr<Program> prog(new Program(dev));
  if (!parseModule(ptx, fileName, prog->mod, error))
    return nullptr;
  // Module-scope .global/.const variables get device buffers.
  prog->symAddr.assign(prog->mod.symbols.size(), 0);
  for (size_t i = 0; i < prog->mod.symbols.size(); ++i) {
    const Symbol &s = prog->mod.symbols[i];
    if (s.space != Space::Global && s.space != Space::Const)
      continue;
    uint64_t a = dev.alloc(std::max<uint64_t>(s.size, 1), s.name);
    if (!s.init.empty())
      dev.write(a, s.init.data(), s.init.size());
    prog->symAddr[i] = a;
  }
  return prog;
}

std::vector<std::string> Program::kernels() const {
  std::vector<std::string> out;
  for (const Function &f : mod.functions)
    if (f.isEntry && f.defined)
      out.push_back(f.name);
  return out;
}

uint64_t Program::symbolAddress(std::string_view name) const {
  for (size_t i = 0; i < mod.symbols.size(); ++i)
    if (mod.symbols[i].name == name &&
        (mod.symbols[i].space == Space::Global || mod.symbols[i].space == Space::Const))
      return symAddr[i];
  return 0;
}

std::string Counters::format() const {
  std::string s;
  auto line = [&](const std::string &k, uint64_t v) {
    s += k + ": " + std::to_string(v) + "\n";
  };
  line("ctas", ctas);
  line("warp_instructions", warpInstrs);
  line("thread_instructions", threadInstrs);
  for (size_t c = 0; c < size_t(IClass::NumClasses); ++c)
    line(std::string("class.") + iclassName(IClass(c)), byClass[c]);
  line("global_load_requests", globalLoadRequests);
  line("global_load_bytes", globalLoadBytes);
  line("global_load_sectors", globalLoadSectors);
  line("global_store_requests", globalStoreRequests);
  line("global_store_bytes", globalStoreBytes);
  line("global_store_sectors", globalStoreSectors);
  line("shared_load_requests", sharedLoadRequests);
  line("shared_store_requests", sharedStoreRequests);
  line("shared_wavefronts", sharedWavefronts);
  line("shared_bank_conflicts", sharedBankConflicts);
  line("barriers", barriers);
  line("barrier_arrivals", barrierArrivals);
  line("atomics", atomics);
  line("heap_allocs", heapAllocs);
  line("heap_frees", heapFrees);
  line("heap_live_blocks", heapLiveBlocks);
  auto some = [&](const char *k, uint64_t v) {
    if (v)
      line(k, v);
  };
  some("tma_loads", tmaLoads);
  some("tma_load_bytes", tmaLoadBytes);
  some("tma_oob_fill_bytes", tmaOobBytes);
  some("tma_stores", tmaStores);
  some("tma_store_bytes", tmaStoreBytes);
  some("bulk_copies", bulkCopies);
  some("bulk_copy_bytes", bulkCopyBytes);
  some("mbarrier_arrives", mbarArrives);
  some("mbarrier_phases", mbarPhases);
  some("mbarrier_wait_spins", mbarWaitSpins);
  some("tensormap_replaces", tensormapReplaces);
  static const char *const kinds[] = {"mxf8f6f4", "mxf4", "mxf4nvf4", "f16",
                                      "tf32",     "f8f6f4", "i8"};
  for (unsigned k = 0; k < 7; ++k)
    some((std::string("tcgen05_mma_") + kinds[k]).c_str(), tcgen05Mma[k]);
  some("tcgen05_mma_shared_bytes", tcgen05MmaSharedBytes);
  some("tcgen05_commits", tcgen05Commits);
  some("tmem_columns_peak", tmemColumnsPeak);
  some("tmem_load_bytes", tmemLoadBytes);
  some("tmem_store_bytes", tmemStoreBytes);
  return s;
}
