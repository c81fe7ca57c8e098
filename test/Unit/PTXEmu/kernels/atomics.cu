// Global and shared atomics: counters, float sums, CAS loops, histograms.
extern "C" __global__ void atomics(const int *in, int *counters, float *fsum,
                                   unsigned *hist, int n) {
  __shared__ unsigned local[16];
  if (threadIdx.x < 16) local[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = in[i];
    atomicAdd(&counters[0], 1);
    atomicMax(&counters[1], v);
    atomicMin(&counters[2], v);
    atomicAdd(fsum, (float)v * 0.5f);
    atomicAdd(&local[v & 15], 1u);
    atomicInc((unsigned *)&counters[3], 9u);
    atomicExch(&counters[4], 7);
    // CAS loop: counters[5] += v
    int old = counters[5], assumed;
    do {
      assumed = old;
      old = atomicCAS(&counters[5], assumed, assumed + v);
    } while (old != assumed);
  }
  __syncthreads();
  if (threadIdx.x < 16) atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}
