#!/usr/bin/env python3
"""Launches tilecc-run's GPU launch directories on a real GPU.

    tilecc-run CASE.json --arch=sm_90a --gpu-export DIR     (anywhere)
    scripts/gpu-run.py DIR... [--time N]                    (on the GPU machine)
    tilecc-run CASE.json --engine=interp --gpu-results DIR  (anywhere)

Needs only Python 3 and the CUDA driver (libcuda.so.1): no toolkit, no MLIR.
Each directory is launched in a child process, so a kernel that traps (a
failed assert) cannot take the others' CUDA context down with it. The child
writes result.json ({"status": "ok" or the CUDA error name, "time_ms"}),
printed.txt (the kernel's printf output) and out/<index>.bin. See
lib/Run/GpuLaunch.h for the directory format.
"""
import argparse
import ctypes
import json
import os
import subprocess
import sys

CU_LIMIT_PRINTF_FIFO_SIZE = 0x01
CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8


class CudaError(Exception):
    pass


class LaunchAttribute(ctypes.Structure):
    # CUlaunchAttribute: an id, padding, and a 64-byte value union whose
    # cluster-dimension member is three unsigned ints.
    _fields_ = [("id", ctypes.c_uint), ("pad", ctypes.c_char * 4),
                ("value", ctypes.c_uint * 16)]


class LaunchConfig(ctypes.Structure):
    _fields_ = [("gridDimX", ctypes.c_uint), ("gridDimY", ctypes.c_uint),
                ("gridDimZ", ctypes.c_uint), ("blockDimX", ctypes.c_uint),
                ("blockDimY", ctypes.c_uint), ("blockDimZ", ctypes.c_uint),
                ("sharedMemBytes", ctypes.c_uint), ("hStream", ctypes.c_void_p),
                ("attrs", ctypes.POINTER(LaunchAttribute)),
                ("numAttrs", ctypes.c_uint)]


def driver():
    cuda = ctypes.CDLL("libcuda.so.1")

    def check(result):
        if result != 0:
            name = ctypes.c_char_p()
            cuda.cuGetErrorName(result, ctypes.byref(name))
            raise CudaError(name.value.decode() if name.value else str(result))

    return cuda, check


def launch_one(directory, repeats, keep_outputs):
    with open(os.path.join(directory, "launch.json")) as f:
        launch = json.load(f)
    cuda, check = driver()
    check(cuda.cuInit(0))
    device = ctypes.c_int()
    check(cuda.cuDeviceGet(ctypes.byref(device), 0))
    context = ctypes.c_void_p()
    check(cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), device))
    check(cuda.cuCtxSetCurrent(context))
    check(cuda.cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, ctypes.c_size_t(64 << 20)))

    with open(os.path.join(directory, launch["image"]), "rb") as f:
        image = f.read()
    if launch["image"].endswith(".ptx"):
        image += b"\0"
    module = ctypes.c_void_p()
    check(cuda.cuModuleLoadData(ctypes.byref(module), ctypes.c_char_p(image)))
    function = ctypes.c_void_p()
    check(cuda.cuModuleGetFunction(ctypes.byref(function), module,
                                   launch["kernel"].encode()))

    # Above 48 KiB a kernel's dynamic shared memory needs the opt-in (tilecc
    # plans it only where static shared memory cannot hold the buffers).
    if launch["dynamic_shared"] > 48 * 1024:
        check(cuda.cuFuncSetAttribute(
            function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            ctypes.c_int(launch["dynamic_shared"])))

    values, buffers = [], []
    for arg in launch["args"]:
        if "param" in arg:
            values.append((ctypes.c_ubyte * len(arg["param"]))(*arg["param"]))
            continue
        pointer = ctypes.c_uint64()
        check(cuda.cuMemAlloc_v2(ctypes.byref(pointer), ctypes.c_size_t(max(arg["bytes"], 1))))
        if "input" in arg:
            with open(os.path.join(directory, arg["input"]), "rb") as f:
                data = f.read()
            check(cuda.cuMemcpyHtoD_v2(pointer, data, ctypes.c_size_t(len(data))))
        else:
            check(cuda.cuMemsetD8_v2(pointer, 0, ctypes.c_size_t(max(arg["bytes"], 1))))
        values.append(pointer)
        buffers.append((arg, pointer))
    params = (ctypes.c_void_p * len(values))(
        *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in values])

    grid, block, cluster = launch["grid"], launch["block"], launch["cluster"]
    config = LaunchConfig(*grid, *block, launch["dynamic_shared"], None, None, 0)
    attribute = LaunchAttribute()
    if cluster != [1, 1, 1]:
        attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attribute.value[0:3] = cluster
        config.attrs = ctypes.pointer(attribute)
        config.numAttrs = 1

    def run():
        check(cuda.cuLaunchKernelEx(ctypes.byref(config), function, params, None))

    run()
    check(cuda.cuCtxSynchronize())
    for arg, pointer in buffers if keep_outputs else []:
        data = ctypes.create_string_buffer(arg["bytes"])
        if arg["bytes"]:
            check(cuda.cuMemcpyDtoH_v2(data, pointer, ctypes.c_size_t(arg["bytes"])))
        with open(os.path.join(directory, arg["output"]), "wb") as f:
            f.write(data.raw[:arg["bytes"]])

    result = {"status": "ok"}
    if repeats:
        # Outputs are already saved: timing may rerun a kernel that updates
        # its buffers in place.
        start, stop = ctypes.c_void_p(), ctypes.c_void_p()
        check(cuda.cuEventCreate(ctypes.byref(start), 0))
        check(cuda.cuEventCreate(ctypes.byref(stop), 0))
        run()
        check(cuda.cuEventRecord(start, None))
        for _ in range(repeats):
            run()
        check(cuda.cuEventRecord(stop, None))
        check(cuda.cuEventSynchronize(stop))
        elapsed = ctypes.c_float()
        check(cuda.cuEventElapsedTime(ctypes.byref(elapsed), start, stop))
        result["time_ms"] = elapsed.value / repeats
    return result


def child(directory, repeats, keep_outputs):
    # The driver writes device printf output to file descriptor 1 when the
    # context synchronizes: point it at printed.txt for the launch.
    sys.stdout.flush()
    printed = os.open(os.path.join(directory, "printed.txt"),
                      os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    saved = os.dup(1)
    os.dup2(printed, 1)
    try:
        result = launch_one(directory, repeats, keep_outputs)
    except CudaError as error:
        result = {"status": str(error)}
    finally:
        os.dup2(saved, 1)
        os.close(printed)
    with open(os.path.join(directory, "result.json"), "w") as f:
        json.dump(result, f)
        f.write("\n")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", help="launch directories")
    parser.add_argument("--time", type=int, default=0, metavar="N",
                        help="also time N back-to-back launches (mean ms)")
    parser.add_argument("--no-outputs", action="store_true",
                        help="time only: do not write the output buffers")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds one launch may take")
    args = parser.parse_args()
    if args.child:
        return child(args.dirs[0], args.time, not args.no_outputs)
    for directory in args.dirs:
        try:
            subprocess.run([sys.executable, __file__, "--child", "--time",
                            str(args.time), directory] +
                           (["--no-outputs"] if args.no_outputs else []),
                           check=True,
                           timeout=args.timeout)
            with open(os.path.join(directory, "result.json")) as f:
                status = json.load(f)
        except (subprocess.SubprocessError, OSError) as error:
            status = {"status": "launcher failed: %s" % error}
            with open(os.path.join(directory, "result.json"), "w") as f:
                json.dump(status, f)
        line = "%s: %s" % (directory, status["status"])
        if "time_ms" in status:
            line += " (%.4f ms)" % status["time_ms"]
        print(line, flush=True)
    # Failed launches are results too (a case may expect a trap): the
    # comparison in tilecc-run --gpu-results decides.
    return 0


if __name__ == "__main__":
    sys.exit(main())
