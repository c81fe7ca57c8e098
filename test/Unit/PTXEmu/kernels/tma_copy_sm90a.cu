// TMA tile copy through a two-stage shared-memory ring (CUDA's own
// abstractions: cuda::barrier, cp_async_bulk_tensor, bulk groups):
// out[tile] = in[tile] + 1 for 64 x 32 f32 tiles of a rows x 32 tensor.
#include <cuda.h>
#include <cuda/barrier>
#include <cuda/ptx>

namespace cde = cuda::device::experimental;
using barrier = cuda::barrier<cuda::thread_scope_block>;

extern "C" __global__ void tma_copy(const __grid_constant__ CUtensorMap in,
                                    const __grid_constant__ CUtensorMap out,
                                    int tiles) {
  __shared__ alignas(1024) float buf[2][64 * 32];
  __shared__ alignas(128) float res[64 * 32];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ barrier full[2];
  if (threadIdx.x == 0) {
    init(&full[0], blockDim.x);
    init(&full[1], blockDim.x);
    cde::fence_proxy_async_shared_cta();
  }
  __syncthreads();
  barrier::arrival_token tok[2];
  if (threadIdx.x == 0) {
    cde::cp_async_bulk_tensor_2d_global_to_shared(buf[0], &in, 0, 0, full[0]);
    tok[0] = cuda::device::barrier_arrive_tx(full[0], 1, sizeof(buf[0]));
  } else {
    tok[0] = full[0].arrive();
  }
  for (int t = 0; t < tiles; ++t) {
    int s = t & 1;
    if (t + 1 < tiles) {
      if (threadIdx.x == 0) {
        cde::cp_async_bulk_tensor_2d_global_to_shared(buf[s ^ 1], &in, 0, (t + 1) * 64,
                                                      full[s ^ 1]);
        tok[s ^ 1] = cuda::device::barrier_arrive_tx(full[s ^ 1], 1, sizeof(buf[0]));
      } else {
        tok[s ^ 1] = full[s ^ 1].arrive();
      }
    }
    full[s].wait(std::move(tok[s]));
    if (threadIdx.x == 0 && t > 0)
      cde::cp_async_bulk_wait_group_read<0>();
    __syncthreads();
    for (int i = threadIdx.x; i < 64 * 32; i += blockDim.x)
      res[i] = buf[s][i] + 1.0f;
    cde::fence_proxy_async_shared_cta();
    __syncthreads();
    if (threadIdx.x == 0) {
      cde::cp_async_bulk_tensor_2d_shared_to_global(&out, 0, t * 64, res);
      cde::cp_async_bulk_commit_group();
    }
  }
  if (threadIdx.x == 0)
    cuda::ptx::cp_async_bulk_wait_group(cuda::ptx::n32_t<0>());
}
