# lit configuration for tilecc's own tests and, when ../shared exists, for
# NVIDIA's public cuda_tile conformance tests run unchanged against tilecc-opt.
import os

import lit.formats
import lit.util

config.name = "tilecc"
config.test_format = lit.formats.ShTest(not lit.util.which("bash"))
config.suffixes = [".mlir", ".tile", ".test"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "CMakeLists.txt", "conformance", "kernels"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilecc_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.tilecc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

config.substitutions.append(("%tilecc_src", config.tilecc_src_root))
config.substitutions.append(("%shared", config.shared_dir))
# The conformance files call NVIDIA's tool by name; tilecc-opt stands in for it.
config.substitutions.append(("cuda-tile-opt", "tilecc-opt"))
# Text -> Tile IR bytecode -> text prints as the text does (NVIDIA's
# round_trip_test.sh semantics).
config.substitutions.append(
    ("%round_trip_test", os.path.join(config.tilecc_src_root, "test", "conformance", "round-trip.sh")))

if os.path.isdir(os.path.join(config.shared_dir, "corpus")):
    config.available_features.add("shared")
# NVIDIA's cuda-tile-translate as an oracle for the bytecode tests, when it was
# built (../shared/tools/nvidia-cuda-tile/build.sh); never a build dependency.
nvidia_bin = os.environ.get("NVIDIA_CUDA_TILE_BIN", "/tmp/nvidia-cuda-tile/bin")
if os.path.isfile(os.path.join(nvidia_bin, "cuda-tile-translate")):
    config.available_features.add("nvidia-cuda-tile")
    config.substitutions.append(
        ("%nvidia_translate", os.path.join(nvidia_bin, "cuda-tile-translate")))
config.substitutions.append(
    ("%expect_exit", os.path.join(config.tilecc_src_root, "scripts", "expect-exit.sh")))
# Exits 0 when the file is an ELF image (a cubin).
config.substitutions.append(
    ("%check_elf", "python3 -c \"import sys; sys.exit(open(sys.argv[1], 'rb').read(4) != b'\\x7fELF')\""))
config.substitutions.append(
    ("%check_stage_dump", "python3 " + os.path.join(config.tilecc_src_root, "scripts", "check-stage-dump.py")))

import shutil
if shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas") or \
        os.environ.get("CUDA_HOME"):
    config.available_features.add("ptxas")
for var in ["CUDA_HOME", "CUDA_PATH"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.substitutions.append(
    ("%compile_matrix", os.path.join(config.tilecc_src_root, "scripts", "compile-matrix.sh")))
config.substitutions.append(("%tilecc_bin", os.path.join(config.tilecc_tools_dir, "tilecc")))
config.substitutions.append(("%tilecc_obj", config.tilecc_obj_root))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
for tool in ["make", "cmake", "ninja"]:
    if shutil.which(tool):
        config.available_features.add(tool)
