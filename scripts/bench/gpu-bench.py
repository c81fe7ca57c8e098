#!/usr/bin/env python3
"""GPU benchmarks (not tests): tilecc's kernels next to cuBLAS / torch SDPA, timed in one process.

    scripts/bench/gpu-bench.py prepare OUT [--arch sm_90a] [--tilecc build/driver/tilecc] [--only SUBSTR]
        (here: needs tilecc) writes every benchmark kernel, compiles it to a cubin with its --metadata,
        and writes OUT/manifest.json.
    scripts/bench/gpu-bench.py run OUT [--iters N] [--only SUBSTR]
        (on the GPU machine: needs only torch and libcuda) checks each kernel's result against
        torch, times it and its reference with CUDA events on the same stream, prints one table row each
        and writes OUT/results.json.

GEMMs: the kernels of scripts/bench/kernels/gemm_*.tile (C(f32) = A x B for f16 and bf16 operands, CTA
tiles 128x128x32, 128x128x64 and 128x256x64, with and without `assume div_by`) at M = N = K = 4096 and 8192.
Reference: torch.matmul on the same operands (cuBLAS, 16-bit output).
Attention forward: the kernels of scripts/bench/kernels/attention_fwd_*.tile (S = 1k, 4k, 16k),
reference: torch.nn.functional.scaled_dot_product_attention with the flash backend.
"""
import argparse
import ctypes
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# ---------------------------------------------------------------------------------------------------
# Kernels

GEMM_NAME = re.compile(r"gemm_(f16|bf16)_(\d+)x(\d+)x(\d+)(_nodivby)?\.tile$")


def gemm_benchmarks():
    """The GEMM kernels of scripts/bench/kernels (each checked on both engines by
    test/E2E/compiled-bench-gemm.test): gemm_<elem>_<BM>x<BN>x<BK>[_nodivby].tile, signature
    (a, b, c pointers, m, n, k i32), C(f32) = A x B row-major."""
    out = []
    directory = os.path.join(ROOT, "scripts", "bench", "kernels")
    for file in sorted(os.listdir(directory)):
        match = GEMM_NAME.match(file)
        if not match:
            continue
        elem, bm, bn, bk, nodivby = match.groups()
        with open(os.path.join(directory, file)) as f:
            text = f.read()
        kernel = text.split("entry @", 1)[1].split("(", 1)[0]
        for size in (4096, 8192):
            out.append({"name": "%s_%d" % (file[:-5], size), "kind": "gemm", "kernel": kernel,
                        "source": text, "elem": elem, "tile": [int(bm), int(bn), int(bk)],
                        "divby": not nodivby, "m": size, "n": size, "k": size})
    return out


ATTENTION_NAME = re.compile(r"attention_fwd_d(\d+)(_causal)?\.tile$")
ATTENTION_GRID = re.compile(r"grid = \(ceil\(seq_len / (\d+)\)")


def attention_benchmarks():
    """The attention kernels of scripts/bench/kernels (scripts/gen-attention.py; each checked on both
    engines by its JSON case): attention_fwd_d<D>[_causal].tile, signature (q, k, v, out: ptr<f16>,
    seq_len: i32, scale: f32), grid (ceil(seq_len / BM), batch * heads), layout [batch * heads,
    seq_len, D]."""
    out = []
    directory = os.path.join(ROOT, "scripts", "bench", "kernels")
    for file in sorted(os.listdir(directory)):
        match = ATTENTION_NAME.match(file)
        if not match:
            continue
        with open(os.path.join(directory, file)) as f:
            text = f.read()
        kernel = text.split("entry @", 1)[1].split("(", 1)[0]
        bm = int(ATTENTION_GRID.search(text).group(1))
        for seq in (1024, 4096, 16384):
            # batch x heads: at least two waves of 132 SMs.
            bh = max(2 * 132 * bm // seq, 16)
            out.append({"name": "%s_s%d" % (file[:-5], seq), "kind": "attention", "kernel": kernel,
                        "source": text, "elem": "f16", "d": int(match.group(1)),
                        "causal": bool(match.group(2)), "bm": bm, "seq": seq, "bh": bh})
    return out


# ---------------------------------------------------------------------------------------------------
# prepare (no GPU)

def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    manifest = []
    compiled = {}
    for bench in gemm_benchmarks() + attention_benchmarks():
        if args.only and args.only not in bench["name"]:
            continue
        key = bench["kernel"] + "." + bench["kind"]
        if key not in compiled:
            src = os.path.join(args.out, bench["kernel"] + ".tile")
            with open(src, "w") as f:
                f.write(bench["source"])
            cubin = os.path.join(args.out, bench["kernel"] + ".cubin")
            meta = os.path.join(args.out, bench["kernel"] + ".meta.json")
            proc = subprocess.run([args.tilecc, "-arch=" + args.arch, src, "-o", cubin,
                                   "--metadata=" + meta], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)
            if proc.returncode != 0:
                print("%s: does not compile:\n%s" % (bench["kernel"], proc.stdout), file=sys.stderr)
                compiled[key] = None
            else:
                with open(meta) as f:
                    compiled[key] = json.load(f)["kernels"][0]
        if compiled[key] is None:
            continue
        entry = {k: v for k, v in bench.items() if k != "source"}
        entry["cubin"] = bench["kernel"] + ".cubin"
        entry["meta"] = compiled[key]
        manifest.append(entry)
        m = compiled[key]
        print("%-40s %3d threads %3d regs %6d B spills %7d B static smem" % (
            bench["name"], m["threads_per_cta"], m["registers"], m["spill_stores"],
            m["shared_memory"]["static"]))
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump({"arch": args.arch, "benchmarks": manifest}, f, indent=1)
    return 0


# ---------------------------------------------------------------------------------------------------
# run (GPU machine: torch + libcuda)

class Launcher:
    """Loads cubins into torch's (primary) context and launches them on torch's stream."""

    def __init__(self, torch):
        self.torch = torch
        torch.zeros(1, device="cuda")  # makes torch create the primary context
        self.cuda = ctypes.CDLL("libcuda.so.1")
        context = ctypes.c_void_p()
        self.check(self.cuda.cuCtxGetCurrent(ctypes.byref(context)))
        if not context.value:
            device = ctypes.c_int()
            self.check(self.cuda.cuDeviceGet(ctypes.byref(device), 0))
            self.check(self.cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), device))
            self.check(self.cuda.cuCtxSetCurrent(context))
        self.modules = {}

    def check(self, result):
        if result != 0:
            name = ctypes.c_char_p()
            self.cuda.cuGetErrorName(result, ctypes.byref(name))
            raise RuntimeError(name.value.decode() if name.value else str(result))

    def function(self, path, kernel, dynamic_shared):
        if path not in self.modules:
            with open(path, "rb") as f:
                image = f.read()
            module = ctypes.c_void_p()
            self.check(self.cuda.cuModuleLoadData(ctypes.byref(module), ctypes.c_char_p(image)))
            function = ctypes.c_void_p()
            self.check(self.cuda.cuModuleGetFunction(ctypes.byref(function), module, kernel.encode()))
            if dynamic_shared > 48 * 1024:
                CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
                self.check(self.cuda.cuFuncSetAttribute(
                    function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, dynamic_shared))
            self.modules[path] = function
        return self.modules[path]

    def launcher(self, path, meta, grid, values):
        """values: ints for pointers (u64) and ('i32', v) / ('f32', v) scalars, in ABI order."""
        dynamic = meta["shared_memory"]["dynamic"]
        function = self.function(path, meta["symbol"], dynamic)
        holders = []
        for param, value in zip(meta["params"], values):
            if param["type"] == "ptr" or param["size"] == 8 and isinstance(value, int):
                holders.append(ctypes.c_uint64(value))
            elif param["type"] == "f32":
                holders.append(ctypes.c_float(value))
            elif param["size"] == 4:
                holders.append(ctypes.c_int32(value))
            else:
                raise RuntimeError("unsupported parameter %s" % param)
        if len(holders) != len(meta["params"]):
            raise RuntimeError("kernel has %d parameters, benchmark passes %d" %
                               (len(meta["params"]), len(holders)))
        params = (ctypes.c_void_p * len(holders))(
            *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in holders])
        threads = meta["threads_per_cta"]
        stream = ctypes.c_void_p(self.torch.cuda.current_stream().cuda_stream)
        cluster = meta.get("cluster_dims", [1, 1, 1])
        if cluster != [1, 1, 1]:
            raise RuntimeError("cluster launch not supported by the benchmark")

        def launch():
            self.check(self.cuda.cuLaunchKernel(function, grid[0], grid[1], grid[2], threads, 1, 1,
                                                dynamic, stream, params, None))
        launch.holders = (holders, params)
        return launch


def time_ms(torch, fn, iters):
    """Median over 5 batches of `iters` back-to-back calls (after a warm-up batch)."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    batches = []
    for _ in range(5):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(iters):
            fn()
        stop.record()
        stop.synchronize()
        batches.append(start.elapsed_time(stop) / iters)
    batches.sort()
    return batches[len(batches) // 2]


def run_gemm(torch, launcher, directory, bench, iters):
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[bench["elem"]]
    m, n, k = bench["m"], bench["n"], bench["k"]
    bm, bn, _ = bench["tile"]
    a = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(k, n, device="cuda", dtype=dtype)
    c = torch.zeros(m, n, device="cuda", dtype=torch.float32)
    grid = ((m + bm - 1) // bm, (n + bn - 1) // bn, 1)
    launch = launcher.launcher(os.path.join(directory, bench["cubin"]), bench["meta"], grid,
                               [a.data_ptr(), b.data_ptr(), c.data_ptr(), m, n, k])
    launch()
    torch.cuda.synchronize()
    expect = torch.matmul(a.float(), b.float())
    error = ((c - expect).abs().max() / expect.abs().max()).item()
    ok = error < 1e-2
    ours = time_ms(torch, launch, iters)
    ref = time_ms(torch, lambda: torch.matmul(a, b), iters)
    flops = 2.0 * m * n * k
    return {"ok": ok, "error": error, "ms": ours, "ref_ms": ref,
            "tflops": flops / ours / 1e9, "ref_tflops": flops / ref / 1e9, "ratio": ref / ours}


def run_attention(torch, launcher, directory, bench, iters):
    F = torch.nn.functional
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[bench["elem"]]
    bh, s, d = bench["bh"], bench["seq"], bench["d"]
    q = torch.randn(bh, s, d, device="cuda", dtype=dtype)
    k = torch.randn(bh, s, d, device="cuda", dtype=dtype)
    v = torch.randn(bh, s, d, device="cuda", dtype=dtype)
    o = torch.zeros(bh, s, d, device="cuda", dtype=dtype)
    grid = ((s + bench["bm"] - 1) // bench["bm"], bh, 1)
    values = [q.data_ptr(), k.data_ptr(), v.data_ptr(), o.data_ptr(), s]
    if len(bench["meta"]["params"]) == 6:
        values.append(1.0 / d ** 0.5)
    launch = launcher.launcher(os.path.join(directory, bench["cubin"]), bench["meta"], grid, values)
    launch()
    torch.cuda.synchronize()
    q4, k4, v4 = (t.view(1, bh, s, d) for t in (q, k, v))
    expect = F.scaled_dot_product_attention(q4.float(), k4.float(), v4.float(),
                                            is_causal=bench["causal"]).view(bh, s, d)
    error = (o.float() - expect).abs().max().item()
    ok = error < 2e-2
    ours = time_ms(torch, launch, iters)
    from torch.nn.attention import SDPBackend, sdpa_kernel
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        ref = time_ms(torch, lambda: F.scaled_dot_product_attention(q4, k4, v4, is_causal=bench["causal"]),
                      iters)
    flops = 4.0 * bh * s * s * d * (0.5 if bench["causal"] else 1.0)
    return {"ok": ok, "error": error, "ms": ours, "ref_ms": ref,
            "tflops": flops / ours / 1e9, "ref_tflops": flops / ref / 1e9, "ratio": ref / ours}


def run(args):
    import torch
    with open(os.path.join(args.out, "manifest.json")) as f:
        manifest = json.load(f)
    launcher = Launcher(torch)
    props = torch.cuda.get_device_properties(0)
    print("# %s, %d SMs, torch %s, CUDA %s" % (props.name, props.multi_processor_count,
                                              torch.__version__, torch.version.cuda))
    print("| benchmark | regs | tilecc ms | TFLOP/s | reference ms | TFLOP/s | ratio | check |")
    print("|---|---|---|---|---|---|---|---|")
    results = []
    for bench in manifest["benchmarks"]:
        if args.only and args.only not in bench["name"]:
            continue
        try:
            runner = run_gemm if bench["kind"] == "gemm" else run_attention
            r = runner(torch, launcher, args.out, bench, args.iters)
        except Exception as error:  # a failed launch is a result too
            r = {"ok": False, "failed": str(error)}
        r["name"] = bench["name"]
        results.append(r)
        if "failed" in r:
            print("| %s | | failed: %s | | | | | |" % (bench["name"], r["failed"]), flush=True)
            continue
        print("| %s | %d | %.4f | %.0f | %.4f | %.0f | %.2f | %s |" % (
            bench["name"], bench["meta"]["registers"], r["ms"], r["tflops"], r["ref_ms"],
            r["ref_tflops"], r["ratio"], "ok" if r["ok"] else "WRONG (%.3g)" % r["error"]), flush=True)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"device": props.name, "results": results}, f, indent=1)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("out")
    p.add_argument("--arch", default="sm_90a")
    p.add_argument("--tilecc", default=os.path.join(ROOT, "build", "driver", "tilecc"))
    p.add_argument("--only", default="")
    r = sub.add_parser("run")
    r.add_argument("out")
    r.add_argument("--iters", type=int, default=20)
    r.add_argument("--only", default="")
    args = parser.parse_args()
    return prepare(args) if args.command == "prepare" else run(args)


if __name__ == "__main__":
    sys.exit(main())
