// Shared-memory tree reduction, one partial sum per block.
extern "C" __global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * 512 + t;
  float v = 0;
  if (i < n) v += in[i];
  if (i + 256 < n) v += in[i + 256];
  s[t] = v;
  __syncthreads();
  for (int stride = 128; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
