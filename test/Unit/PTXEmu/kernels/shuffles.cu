// Warp-level primitives: reductions, scans and votes with full and partial masks.
extern "C" __global__ void warp_ops(const int *in, int *out) {
  int lane = threadIdx.x & 31;
  int v = in[threadIdx.x];
  // Butterfly reduction.
  int s = v;
  for (int o = 16; o > 0; o >>= 1)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  // Inclusive scan with shfl_up.
  int scan = v;
  for (int o = 1; o < 32; o <<= 1) {
    int t = __shfl_up_sync(0xffffffffu, scan, o);
    if (lane >= o)
      scan += t;
  }
  // Broadcast within 8-wide segments and a down-shift.
  int b = __shfl_sync(0xffffffffu, v, 3, 8);
  int d = __shfl_down_sync(0xffffffffu, v, 1);
  unsigned ballot = __ballot_sync(0xffffffffu, v > 0);
  int any = __any_sync(0xffffffffu, v > 100);
  int all = __all_sync(0xffffffffu, v > -100);
  // Partial mask: only the lower half participates.
  int half = 0;
  if (lane < 16) {
    half = v;
    for (int o = 8; o > 0; o >>= 1)
      half += __shfl_xor_sync(0x0000ffffu, half, o);
  }
  int *o = out + threadIdx.x * 8;
  o[0] = s; o[1] = scan; o[2] = b; o[3] = d; o[4] = (int)ballot; o[5] = any;
  o[6] = all; o[7] = half;
}
