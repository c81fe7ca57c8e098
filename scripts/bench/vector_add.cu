// CUDA C++ equivalent of examples/vector_add.tile, for scripts/bench-compile.
extern "C" __global__ void __launch_bounds__(128)
vector_add(const float *__restrict__ a, const float *__restrict__ b,
           float *__restrict__ c, int n) {
  int base = blockIdx.x * 1024;
  for (int i = threadIdx.x * 4; i < 1024; i += 128 * 4) {
    int idx = base + i;
    if (idx + 3 < n) {
      float4 x = *reinterpret_cast<const float4 *>(a + idx);
      float4 y = *reinterpret_cast<const float4 *>(b + idx);
      *reinterpret_cast<float4 *>(c + idx) =
          make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
    } else {
      for (int k = 0; k < 4 && idx + k < n; ++k)
        c[idx + k] = a[idx + k] + b[idx + k];
    }
  }
}
