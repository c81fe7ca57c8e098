// 16x8x16 f16 GEMM tile through ldmatrix + mma.sync (inline PTX), and a
// 16x8x8 tf32 tile with fragments loaded per the ISA layout.
#include <cuda_fp16.h>

extern "C" __global__ void mma_f16(const __half *A, const __half *B, float *C) {
  // A: 16x16 row-major, B: 16x8 row-major (k x n), C: 16x8 row-major.
  __shared__ __align__(16) __half sA[16 * 16];
  __shared__ __align__(16) __half sB[16 * 8];
  int lane = threadIdx.x;
  for (int i = lane; i < 256; i += 32) sA[i] = A[i];
  for (int i = lane; i < 128; i += 32) sB[i] = B[i];
  __syncwarp();
  unsigned a[4], b[2];
  // x4: matrices (rows 0-7, k 0-7), (rows 8-15, k 0-7), (rows 0-7, k 8-15), (rows 8-15, k 8-15).
  const __half *pa = &sA[(lane % 16) * 16 + (lane / 16) * 8];
  unsigned sa = (unsigned)__cvta_generic_to_shared(pa);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "r"(sa));
  // B is k-major in shared: x2.trans gives the col-major fragment.
  const __half *pb = &sB[(lane % 16) * 8];
  unsigned sb = (unsigned)__cvta_generic_to_shared(pb);
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];"
               : "=r"(b[0]), "=r"(b[1]) : "r"(sb));
  float c[4] = {0, 0, 0, 0};
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  int g = lane / 4, t = lane % 4;
  C[g * 8 + 2 * t] = c[0];
  C[g * 8 + 2 * t + 1] = c[1];
  C[(g + 8) * 8 + 2 * t] = c[2];
  C[(g + 8) * 8 + 2 * t + 1] = c[3];
}

extern "C" __global__ void mma_tf32(const float *A, const float *B, float *C) {
  // A: 16x8 row-major, B: 8x8 row-major, C: 16x8.
  int lane = threadIdx.x, g = lane / 4, t = lane % 4;
  unsigned a[4], b[2];
  float av[4] = {A[g * 8 + t], A[(g + 8) * 8 + t], A[g * 8 + t + 4], A[(g + 8) * 8 + t + 4]};
  for (int i = 0; i < 4; ++i)
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(a[i]) : "f"(av[i]));
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(b[0]) : "f"(B[t * 8 + g]));
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(b[1]) : "f"(B[(t + 4) * 8 + g]));
  float c[4] = {1, 1, 1, 1};
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  C[g * 8 + 2 * t] = c[0];
  C[g * 8 + 2 * t + 1] = c[1];
  C[(g + 8) * 8 + 2 * t] = c[2];
  C[(g + 8) * 8 + 2 * t + 1] = c[3];
}
