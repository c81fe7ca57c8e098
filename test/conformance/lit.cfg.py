# Runs NVIDIA's public cuda_tile dialect tests (../shared/conformance/cuda_tile)
# unchanged, with tilecc-opt standing in for cuda-tile-opt.
import os
import sys

import lit.formats
import lit.util

config.name = "cuda_tile-conformance"
config.suffixes = [".mlir"]
config.test_source_root = os.path.join(config.shared_dir, "conformance", "cuda_tile")
config.test_exec_root = os.path.join(config.tilecc_obj_root, "test", "conformance")

config.environment["PATH"] = os.pathsep.join(
    [config.tilecc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

config.substitutions.append(("cuda-tile-opt", "tilecc-opt"))
config.substitutions.append(("cuda-tile-translate", "tilecc-translate"))
# Text -> Tile IR bytecode -> text must print as the text does.
config.substitutions.append(
    ("%round_trip_test", os.path.join(os.path.dirname(__file__), "round-trip.sh")))

# Files that cannot pass yet: xfail.txt, one path per line, the reason after '#'.
def read_xfail_list():
    names = set()
    with open(os.path.join(os.path.dirname(__file__), "xfail.txt")) as f:
        for line in f:
            name = line.split("#", 1)[0].strip()
            if name:
                names.add(name)
    return names


sys.path.insert(0, os.path.dirname(__file__))
from conformance_format import ConformanceTest  # noqa: E402

config.test_format = ConformanceTest(not lit.util.which("bash"), read_xfail_list())
