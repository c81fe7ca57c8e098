# Runs NVIDIA's public Tile IR bytecode tests (../shared/conformance/bytecode)
# unchanged, with tilecc-translate and tilecc-opt standing in for
# cuda-tile-translate and cuda-tile-opt.
import os
import sys

import lit.util

config.name = "tile-ir-bytecode-conformance"
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.join(config.shared_dir, "conformance", "bytecode")
config.test_exec_root = os.path.join(config.tilecc_obj_root, "test", "conformance", "bytecode")

config.environment["PATH"] = os.pathsep.join(
    [config.tilecc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

config.substitutions.append(("cuda-tile-opt", "tilecc-opt"))
config.substitutions.append(("cuda-tile-translate", "tilecc-translate"))
here = os.path.dirname(__file__)
# The tests name NVIDIA's 13.3 reader's supported range; tilecc's is 13.1-13.4.
config.substitutions.append(
    ("FileCheck", sys.executable + " " +
     os.path.join(here, "filecheck-newest-version.py")))
config.substitutions.append(
    ("%round_trip_test", os.path.join(here, "..", "round-trip.sh")))

sys.path.insert(0, os.path.join(here, ".."))
from conformance_format import ConformanceTest, read_path_list  # noqa: E402

# Files that need NVIDIA's test-only versions (250.x) or test-only ops:
# unsupported.txt, one path per line, the reason after '#'.
config.test_format = ConformanceTest(
    not lit.util.which("bash"), set(),
    read_path_list(os.path.join(here, "unsupported.txt")))
