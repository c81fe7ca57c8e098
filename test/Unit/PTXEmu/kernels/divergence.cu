// Data-dependent loops with break/continue and early returns; a warp vote
// after the loop checks that lanes reconverged.
#include <cstdio>

extern "C" __global__ void divergent(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n = in[i];
  if (n < 0) {
    out[i] = -1;
    return;
  }
  int acc = 0;
  for (int k = 0; k < n; ++k) {
    if (k % 3 == 1)
      continue;
    if (acc > 50)
      break;
    acc += k;
    if (k & 1)
      acc ^= 1;
  }
  out[i] = acc;
  if (i == 5)
    printf("lane %d acc %d\n", i, acc);
}
