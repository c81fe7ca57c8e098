// The GEMM of gemm_mma.cu with the operands copied global -> shared by
// cp.async.cg into a 3-stage ring (48 KiB of static shared memory, as
// tilecc's tileas-pipeline-dot-operands builds it): tiles 0 and 1 are issued
// before the K loop; step k waits for tile k (wait_group 1: tile k + 1 may
// still fly), one barrier, issues tile k + 2 into the slot step k - 1 read,
// then computes on tile k. Same swizzle, ldmatrix and mma.sync as
// gemm_mma.cu. M, N, K must be multiples of 128, 128 and 32.
//
//   nvcc -arch=sm_80 -ptx gemm_mma_cpasync.cu -o gemm_mma_cpasync.ptx
#include <cuda_fp16.h>
#include <stdint.h>

namespace {
constexpr int kTileM = 128, kTileN = 128, kTileK = 32, kStages = 3;

// A tile: 128 rows of 32 halves (4 chunks of 8); B tile: 32 rows of 128
// halves (16 chunks). Chunk c of row r is stored at c ^ (r % chunks-in-phase).
__device__ int aOffset(int row, int col) {
  int chunk = (col / 8) ^ ((row / 2) % 4);
  return row * kTileK + chunk * 8 + col % 8;
}
__device__ int bOffset(int row, int col) {
  int chunk = (col / 8) ^ (row % 8);
  return row * kTileN + chunk * 8 + col % 8;
}

__device__ uint32_t smemAddress(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// 16 bytes global -> shared, asynchronously.
__device__ void copy16(void *dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smemAddress(dst)),
               "l"(src) : "memory");
}
} // namespace

extern "C" __global__ void __launch_bounds__(256)
gemm_mma_cpasync(const half *__restrict__ a, const half *__restrict__ b,
         float *__restrict__ c, int m, int n, int k) {
  __shared__ __align__(128) half sa[kStages][kTileM * kTileK];
  __shared__ __align__(128) half sb[kStages][kTileK * kTileN];
  int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  int warpM = warp / 2, warpN = warp % 2; // 4 x 2 warps
  int row0 = blockIdx.x * kTileM, col0 = blockIdx.y * kTileN;
  float acc[2][8][4] = {}; // 2 m16 tiles x 8 n8 tiles per warp

  int steps = k / kTileK;
  // Tile t of both operands into slot s: 512 chunks each, 2 per thread.
  auto issue = [&](int t, int s) {
    if (t < steps)
      for (int i = tid; i < kTileM * kTileK / 8; i += 256) {
        int k0 = t * kTileK;
        int r = i / 4, cc = (i % 4) * 8;
        copy16(&sa[s][aOffset(r, cc)], &a[(row0 + r) * k + k0 + cc]);
        int rb = i / 16, cb = (i % 16) * 8;
        copy16(&sb[s][bOffset(rb, cb)], &b[(k0 + rb) * n + col0 + cb]);
      }
    asm volatile("cp.async.commit_group;" ::: "memory");
  };
  for (int s = 0; s < kStages - 1; ++s)
    issue(s, s);
  for (int step = 0; step < steps; ++step) {
    asm volatile("cp.async.wait_group %0;" ::"n"(kStages - 2) : "memory");
    __syncthreads();
    issue(step + kStages - 1, (step + kStages - 1) % kStages);
    const half *ta = sa[step % kStages], *tb = sb[step % kStages];
    for (int kk = 0; kk < kTileK; kk += 16) {
      uint32_t fa[2][4], fb[8][2];
      for (int mi = 0; mi < 2; ++mi) {
        // x4: lanes 0-15 rows of the left 8 columns, 16-31 the right ones.
        int r = warpM * 32 + mi * 16 + lane % 16, cc = kk + (lane / 16) * 8;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(fa[mi][0]), "=r"(fa[mi][1]), "=r"(fa[mi][2]), "=r"(fa[mi][3])
                     : "r"(smemAddress(&ta[aOffset(r, cc)])) : "memory");
      }
      for (int ni = 0; ni < 8; ni += 2) {
        // x4.trans over a 16 x 16 block of B: two n8 tiles, both k halves.
        int r = kk + lane % 16, cc = warpN * 64 + ni * 8 + (lane / 16) * 8;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(fb[ni][0]), "=r"(fb[ni][1]), "=r"(fb[ni + 1][0]), "=r"(fb[ni + 1][1])
                     : "r"(smemAddress(&tb[bOffset(r, cc)])) : "memory");
      }
      for (int mi = 0; mi < 2; ++mi)
        for (int ni = 0; ni < 8; ++ni)
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                       "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                       : "+f"(acc[mi][ni][0]), "+f"(acc[mi][ni][1]),
                         "+f"(acc[mi][ni][2]), "+f"(acc[mi][ni][3])
                       : "r"(fa[mi][0]), "r"(fa[mi][1]), "r"(fa[mi][2]), "r"(fa[mi][3]),
                         "r"(fb[ni][0]), "r"(fb[ni][1]));
    }
  }
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  // Accumulators straight to global: c0,c1 at row g, c2,c3 at row g + 8.
  int g = lane / 4, t = lane % 4;
  for (int mi = 0; mi < 2; ++mi)
    for (int ni = 0; ni < 8; ++ni) {
      int r = row0 + warpM * 32 + mi * 16 + g;
      int cc = col0 + warpN * 64 + ni * 8 + 2 * t;
      *reinterpret_cast<float2 *>(&c[r * n + cc]) = make_float2(acc[mi][ni][0], acc[mi][ni][1]);
      *reinterpret_cast<float2 *>(&c[(r + 8) * n + cc]) =
          make_float2(acc[mi][ni][2], acc[mi][ni][3]);
    }
}
