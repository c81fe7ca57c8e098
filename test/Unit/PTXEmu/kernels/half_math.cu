// Half and bfloat16 arithmetic through the cuda_fp16/cuda_bf16 intrinsics.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

extern "C" __global__ void half_math(const float *in, float *out) {
  int i = threadIdx.x;
  float x = in[i], y = in[i + 32];
  __half hx = __float2half_rn(x), hy = __float2half_rn(y);
  __half2 p = __halves2half2(hx, hy);
  __half2 q = __hmul2(p, p);
  __nv_bfloat16 bx = __float2bfloat16_rn(x), by = __float2bfloat16_rn(y);
  float *o = out + i * 8;
  o[0] = __half2float(__hadd(hx, hy));
  o[1] = __half2float(__hmul(hx, hy));
  o[2] = __half2float(__hfma(hx, hy, hx));
  o[3] = __low2float(q) + __high2float(q);
  o[4] = __bfloat162float(__hfma(bx, by, bx));
  o[5] = __half2float(__hmax(hx, hy));
  o[6] = __half2float(__hsub(hx, hy));
  o[7] = __half2float(__float2half_rz(x * 3.0f));
}
