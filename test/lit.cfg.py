# lit configuration for tilecc's own tests and, when ../shared exists, for
# NVIDIA's public cuda_tile conformance tests run unchanged against tilecc-opt.
import os

import lit.formats
import lit.util

config.name = "tilecc"
config.test_format = lit.formats.ShTest(not lit.util.which("bash"))
config.suffixes = [".mlir", ".tile", ".test"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "CMakeLists.txt", "conformance"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilecc_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.tilecc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

config.substitutions.append(("%tilecc_src", config.tilecc_src_root))
config.substitutions.append(("%shared", config.shared_dir))
# The conformance files call NVIDIA's tool by name; tilecc-opt stands in for it.
config.substitutions.append(("cuda-tile-opt", "tilecc-opt"))

if os.path.isdir(os.path.join(config.shared_dir, "corpus")):
    config.available_features.add("shared")
config.substitutions.append(
    ("%expect_exit", os.path.join(config.tilecc_src_root, "scripts", "expect-exit.sh")))

# Code generation tests assemble their PTX when ptxas is installed.
import shutil
if shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas"):
    config.available_features.add("ptxas")
