// Double-buffered global->shared staging with cp.async: each block sums
// `tiles` tiles of 256 floats.
#include <cuda_pipeline.h>

extern "C" __global__ void staged_sum(const float *in, float *out, int tiles) {
  __shared__ __align__(16) float buf[2][256];
  const float *base = in + blockIdx.x * tiles * 256;
  int t = threadIdx.x; // 64 threads, 4 floats each
  __pipeline_memcpy_async(&buf[0][t * 4], base + t * 4, 16);
  __pipeline_commit();
  float acc = 0;
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles)
      __pipeline_memcpy_async(&buf[(i + 1) & 1][t * 4], base + (i + 1) * 256 + t * 4, 16);
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    for (int k = 0; k < 4; ++k)
      acc += buf[i & 1][((t + 1) % 64) * 4 + k];
    __syncthreads();
  }
  out[blockIdx.x * 64 + t] = acc;
}
