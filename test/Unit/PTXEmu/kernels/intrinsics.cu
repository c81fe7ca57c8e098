// A spread of device intrinsics and library math, to exercise the integer,
// float and conversion instructions nvcc selects for them.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

extern "C" __global__ void intrinsics(const unsigned *u, const float *f, const double *d,
                                      unsigned *ou, float *of, double *od) {
  int t = threadIdx.x;
  unsigned a = u[t], b = u[t + 32];
  float x = f[t], y = f[t + 32];
  double p = d[t], q = d[t + 32];
  unsigned *ru = ou + t * 16;
  float *rf = of + t * 16;
  double *rd = od + t * 8;
  ru[0] = __popc(a);
  ru[1] = __clz(a);
  ru[2] = __brev(a);
  ru[3] = __byte_perm(a, b, 0x5140);
  ru[4] = __funnelshift_l(a, b, t);
  ru[5] = __funnelshift_rc(a, b, t + 20);
  ru[6] = __umulhi(a, b);
  ru[7] = (unsigned)__dp4a((int)a, (int)b, 7);
  ru[8] = __ffs(a);
  ru[9] = (unsigned)((unsigned long long)a * b >> 7) ^ (unsigned)(((long long)(int)a * (int)b) % 1000003);
  ru[10] = (unsigned)((((unsigned long long)a << 32) | b) / (b | 1));
  ru[11] = __float2int_rn(x * 100.0f);
  ru[12] = (unsigned)__float2uint_rz(fabsf(y) * 1000.0f);
  ru[13] = __sad(a, b, 3u);
  ru[14] = __usad(a & 0xff, b & 0xff, 1u);
  ru[15] = (a >> (t & 31)) | (b << ((t + 3) & 31));
  rf[0] = __fdividef(x, y);
  rf[1] = rsqrtf(fabsf(y) + 1.0f);
  rf[2] = __expf(x);
  rf[3] = __logf(fabsf(y) + 1.0f);
  rf[4] = sqrtf(fabsf(x));
  rf[5] = x / y;
  rf[6] = fmaf(x, y, 1.0f);
  rf[7] = __saturatef(x);
  rf[8] = floorf(x) + ceilf(y) + truncf(x) + rintf(y);
  rf[9] = fminf(x, y) + fmaxf(x, y);
  rf[10] = copysignf(x, y);
  rf[11] = __int2float_rn((int)a);
  rf[12] = __uint2float_rz(b);
  rf[13] = __half2float(__hfma(__float2half(x), __float2half(y), __float2half(1.0f)));
  __half2 h2 = __floats2half2_rn(x, y);
  h2 = __hfma2(h2, h2, __float2half2_rn(0.5f));
  rf[14] = __low2float(h2) - __high2float(h2);
  __nv_bfloat162 b2 = __floats2bfloat162_rn(x, y);
  b2 = __hmul2(b2, b2);
  rf[15] = __low2float(b2) + __high2float(b2);
  rd[0] = p / q;
  rd[1] = sqrt(fabs(p));
  rd[2] = fma(p, q, 0.25);
  rd[3] = (double)x * p;
  rd[4] = (double)(long long)(p * 1e6);
  rd[5] = rsqrt(fabs(q) + 1.0);
  rd[6] = fmin(p, q) - fmax(p, q);
  rd[7] = __dadd_rz(p, q);
}
