# Runs tilecc-ptxemu on a small kernel and checks its output and exit codes.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/cli-test.ptx [=[
.version 8.0
.target sm_80
.address_size 64
.visible .entry scale(.param .u64 x, .param .u64 y, .param .u32 n)
{
  .reg .b32 %r<5>;
  .reg .b64 %rd<6>;
  .reg .f32 %f<3>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [x];
  ld.param.u64 %rd2, [y];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  mul.wide.u32 %rd3, %r2, 4;
  add.s64 %rd4, %rd1, %rd3;
  add.s64 %rd5, %rd2, %rd3;
  ld.global.f32 %f1, [%rd4];
  mul.f32 %f2, %f1, 0f40000000;
  st.global.f32 [%rd5], %f2;
DONE:
  ret;
}
]=])
execute_process(COMMAND ${TOOL} ${CMAKE_CURRENT_BINARY_DIR}/cli-test.ptx --grid 1 --block 8
  --buf x:f32:6:iota --buf y:f32:6:zero --arg buf:x --arg buf:y --arg u32:6 --print y --profile
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "y: 0 2 4 6 8 10\n" OR NOT out MATCHES "global_store_bytes: 24\n")
  message(FATAL_ERROR "tilecc-ptxemu run failed (${rc}): ${out} ${err}")
endif()
# JSON spec form.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/cli-test.json [=[
{ "ptx": "cli-test.ptx", "kernel": "scale", "grid": [1], "block": [32],
  "args": [ {"buffer": "x", "type": "f32", "count": 4, "init": [1.5, -2]},
            {"buffer": "y", "type": "f32", "count": 4, "init": "zero", "print": true},
            {"scalar": "u32", "value": 4} ] }
]=])
execute_process(COMMAND ${TOOL} --spec ${CMAKE_CURRENT_BINARY_DIR}/cli-test.json
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "y: 3 -4 3 -4\n")
  message(FATAL_ERROR "tilecc-ptxemu --spec failed (${rc}): ${out} ${err}")
endif()
# Out-of-bounds: n larger than the buffers is an error naming the load.
execute_process(COMMAND ${TOOL} ${CMAKE_CURRENT_BINARY_DIR}/cli-test.ptx --grid 1 --block 8
  --buf x:f32:6 --buf y:f32:6 --arg buf:x --arg buf:y --arg u32:8
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "ld.global.f32 %f1, \\[%rd4\\]': out-of-bounds global access of 4 bytes")
  message(FATAL_ERROR "expected an out-of-bounds error (${rc}): ${err}")
endif()
# Usage errors exit with 2.
execute_process(COMMAND ${TOOL} --grid nope RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "expected exit code 2 for a usage error, got ${rc}")
endif()
# A hand-written Hopper pipeline end to end: tensor maps made on the device,
# TMA into an mbarrier ring, a producer warp and a wgmma consumer warpgroup.
execute_process(COMMAND ${TOOL} ${SRC}/ptx/tma_wgmma_gemm.ptx --kernel gemm --grid 1 --block 256
  --buf a:f16:8192:random --buf b:f16:8192:random --buf c:f32:4096:zero --buf tm:u32:64:zero
  --arg buf:a --arg buf:b --arg buf:c --arg buf:tm --arg u32:128 --profile
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "tma_loads: 4\n" OR NOT out MATCHES "tma_load_bytes: 32768\n"
   OR NOT out MATCHES "mbarrier_phases: [0-9]+\n" OR NOT out MATCHES "tensormap_replaces: 26\n")
  message(FATAL_ERROR "tilecc-ptxemu on tma_wgmma_gemm.ptx failed (${rc}): ${out} ${err}")
endif()
