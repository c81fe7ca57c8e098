// A small tensor-core GEMM in the shape tilecc generates: 32x32 CTA tiles,
// 2x2 warps of 16x16, K steps of 16 staged through double-buffered shared
// memory with cp.async, fragments loaded with ldmatrix, mma.sync m16n8k16.
#include <cuda_fp16.h>

__device__ __forceinline__ unsigned smem(const void *p) {
  return (unsigned)__cvta_generic_to_shared(p);
}

extern "C" __global__ void gemm(const __half *A, const __half *B, float *C, int M, int N,
                                int K) {
  __shared__ __align__(16) __half sA[2][32 * 16];
  __shared__ __align__(16) __half sB[2][16 * 32];
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int wm = warp >> 1, wn = warp & 1;
  int m0 = blockIdx.y * 32, n0 = blockIdx.x * 32;
  auto load = [&](int stage, int k0) {
    if (tid < 64) { // A: 32 rows x 2 chunks of 8 halves
      int r = tid >> 1, c = (tid & 1) * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem(&sA[stage][r * 16 + c])),
                   "l"(A + (m0 + r) * K + k0 + c));
    } else { // B: 16 rows x 4 chunks
      int i = tid - 64, r = i >> 2, c = (i & 3) * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem(&sB[stage][r * 32 + c])),
                   "l"(B + (k0 + r) * N + n0 + c));
    }
    asm volatile("cp.async.commit_group;");
  };
  float acc[2][4] = {};
  int steps = K / 16;
  load(0, 0);
  for (int s = 0; s < steps; ++s) {
    if (s + 1 < steps) {
      load((s + 1) & 1, (s + 1) * 16);
      asm volatile("cp.async.wait_group 1;");
    } else {
      asm volatile("cp.async.wait_group 0;");
    }
    __syncthreads();
    const __half *a = sA[s & 1], *b = sB[s & 1];
    unsigned fa[4], fb[4];
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(fa[0]), "=r"(fa[1]), "=r"(fa[2]), "=r"(fa[3])
                 : "r"(smem(&a[(wm * 16 + (lane & 15)) * 16 + 8 * (lane >> 4)])));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(fb[0]), "=r"(fb[1]), "=r"(fb[2]), "=r"(fb[3])
                 : "r"(smem(&b[((lane & 7) + 8 * ((lane >> 3) & 1)) * 32 + wn * 16 +
                                8 * (lane >> 4)])));
    for (int j = 0; j < 2; ++j)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                   : "+f"(acc[j][0]), "+f"(acc[j][1]), "+f"(acc[j][2]), "+f"(acc[j][3])
                   : "r"(fa[0]), "r"(fa[1]), "r"(fa[2]), "r"(fa[3]), "r"(fb[2 * j]),
                     "r"(fb[2 * j + 1]));
    __syncthreads();
  }
  int g = lane >> 2, t = lane & 3;
  for (int j = 0; j < 2; ++j) {
    int row = m0 + wm * 16 + g, col = n0 + wn * 16 + j * 8 + 2 * t;
    C[row * N + col] = acc[j][0];
    C[row * N + col + 1] = acc[j][1];
    C[(row + 8) * N + col] = acc[j][2];
    C[(row + 8) * N + col + 1] = acc[j][3];
  }
}
