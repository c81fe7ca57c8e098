// C = A x B^T, f16 -> f32, written by hand in CUDA C++ with inline PTX for
// Blackwell's 5th-generation tensor core (sm_100a), as the reference for
// tilecc's tcgen05 GEMMs on the PTX emulator (issue 18): 128x128 CTA tiles
// on 4 warps, K steps of 64 halves (128 bytes) staged by the threads into
// shared memory in the 128-byte swizzled K-major layout, one thread issuing
// four tcgen05.mma.cta_group::1.kind::f16 (128x128x16) per step from matrix
// descriptors, tcgen05.commit to an mbarrier that every thread waits on
// before the tiles are refilled, the f32 accumulator in 128 tensor-memory
// columns, read back by each warp's lane quarter with tcgen05.ld.32x32b.
// A is M x K and B is N x K, both row-major (K-major); M, N multiples of
// 128, K a multiple of 64 (no bounds checks).
//
//   nvcc -arch=sm_100a -ptx gemm_tcgen05.cu -o gemm_tcgen05.ptx
//   tilecc-ptxemu gemm_tcgen05.ptx --kernel gemm_tcgen05 --grid 2,2 --block 128 \
//     --buf a:f16:65536:random --buf b:f16:65536:random --buf c:f32:65536 \
//     --arg buf:a --arg buf:b --arg buf:c --arg i32:256 --arg i32:256 \
//     --arg i32:256 --profile
// gives (256^3, 4 CTAs x 4 K steps): tcgen05_mma_f16 64 (1/1024 per output
// element), tcgen05_mma_shared_bytes 524288 (8192 per MMA), tmem_columns_peak
// 128, tcgen05_commits 16 and mbarrier_phases 16 (one per K step), barriers
// 24 (one bar.sync per K step plus one at the start and one at the end per
// CTA). test/Unit/PTXEmu/NvccKernelsTest.cpp checks it against a host matmul.
#include <cuda_fp16.h>
#include <stdint.h>

namespace {
constexpr int kTile = 128, kTileK = 64, kRowBytes = 128;

__device__ uint32_t smemAddress(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// Shared-memory matrix descriptor (PTX ISA 9.7.16.4.1): start >> 4, LBO
// (unused for swizzled K-major: 1), SBO 1024 bytes between 8-row groups,
// the fixed 0b001 at bits 46-48, swizzle 2 (128 bytes) at bits 61-63.
__device__ uint64_t descriptor(uint32_t addr) {
  return uint64_t((addr >> 4) & 0x3FFF) | uint64_t(1) << 16 |
         uint64_t(1024 >> 4) << 32 | uint64_t(1) << 46 | uint64_t(2) << 61;
}

__device__ bool tryWait(uint32_t bar, uint32_t phase) {
  uint32_t done;
  asm volatile("{\n.reg .pred p;\n"
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
               "selp.u32 %0, 1, 0, p;\n}"
               : "=r"(done)
               : "r"(bar), "r"(phase)
               : "memory");
  return done != 0;
}
} // namespace

extern "C" __global__ void __launch_bounds__(128)
gemm_tcgen05(const half *__restrict__ a, const half *__restrict__ b,
             float *__restrict__ c, int m, int n, int k) {
  __shared__ __align__(1024) uint8_t sa[kTile * kRowBytes];
  __shared__ __align__(1024) uint8_t sb[kTile * kRowBytes];
  __shared__ __align__(8) uint64_t bar;
  __shared__ uint32_t tmemSlot;
  int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  int row0 = blockIdx.x * kTile, col0 = blockIdx.y * kTile;
  uint32_t barAddr = smemAddress(&bar);

  if (warp == 0)
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 128;"
                 ::"r"(smemAddress(&tmemSlot)) : "memory");
  if (tid == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barAddr) : "memory");
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
  uint32_t tmem = tmemSlot;

  // Instruction descriptor (ISA 9.7.16.4.2): D F32 (bits 4-5 = 1), A and B
  // F16 (0), K-major (no transpose), N >> 3 at bit 17, M >> 4 at bit 24.
  const uint32_t idesc = 1u << 4 | uint32_t(kTile >> 3) << 17 | uint32_t(kTile >> 4) << 24;
  uint32_t phase = 0;
  for (int kt = 0; kt < k; kt += kTileK) {
    // 16-byte chunk ch of row r goes to chunk ch ^ (r % 8) (128-byte swizzle).
    for (int i = tid; i < kTile * 8; i += 128) {
      int r = i / 8, ch = i % 8, off = r * kRowBytes + (ch ^ (r % 8)) * 16;
      *reinterpret_cast<uint4 *>(sa + off) =
          *reinterpret_cast<const uint4 *>(a + size_t(row0 + r) * k + kt + ch * 8);
      *reinterpret_cast<uint4 *>(sb + off) =
          *reinterpret_cast<const uint4 *>(b + size_t(col0 + r) * k + kt + ch * 8);
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (tid == 0) {
      asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
      for (int s = 0; s < kTileK / 16; ++s) {
        // K step s starts 32 bytes further along the swizzled rows.
        uint64_t da = descriptor(smemAddress(sa) + s * 32);
        uint64_t db = descriptor(smemAddress(sb) + s * 32);
        uint32_t accumulate = kt > 0 || s > 0;
        asm volatile("{\n.reg .pred p;\nsetp.ne.u32 p, %4, 0;\n"
                     "tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p;\n}"
                     ::"r"(tmem), "l"(da), "l"(db), "r"(idesc), "r"(accumulate)
                     : "memory");
      }
      asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%0];"
                   ::"r"(barAddr) : "memory");
    }
    // The tiles are refilled only after this step's MMAs completed.
    while (!tryWait(barAddr, phase)) {
    }
    phase ^= 1;
  }

  asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
  // Warp w reads lanes 32 w .. 32 w + 31 (its lane quarter): row 32 w + lane.
  float *crow = c + size_t(row0 + warp * 32 + lane) * n + col0;
  uint32_t taddr = tmem + (uint32_t(warp * 32) << 16);
  for (int col = 0; col < kTile; col += 8) {
    uint32_t v[8];
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x8.b32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];"
                 : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]), "=r"(v[4]),
                   "=r"(v[5]), "=r"(v[6]), "=r"(v[7])
                 : "r"(taddr + col)
                 : "memory");
    asm volatile("tcgen05.wait::ld.sync.aligned;" ::: "memory");
    for (int j = 0; j < 8; ++j)
      crow[col + j] = __uint_as_float(v[j]);
  }
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  __syncthreads();
  if (warp == 0) {
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 128;" ::"r"(tmem)
                 : "memory");
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;" ::: "memory");
  }
}
