"""lit test format for the conformance suites: ShTest that marks the files
listed in xfail.txt as expected failures and reports those of unsupported.txt
as unsupported, with the reason given there. It lives in its own module so
that lit can pickle it for its worker processes."""
import lit.formats
import lit.Test


def read_path_list(path):
    """`path  # reason` lines of a list file: {path: reason}."""
    entries = {}
    with open(path) as f:
        for line in f:
            name, _, reason = line.partition("#")
            if name.strip():
                entries[name.strip()] = reason.strip()
    return entries


class ConformanceTest(lit.formats.ShTest):
    def __init__(self, execute_external, xfails, unsupported=None):
        super().__init__(execute_external)
        self.xfails = xfails
        self.unsupported = unsupported or {}

    def execute(self, test, lit_config):
        path = "/".join(test.path_in_suite)
        if path in self.unsupported:
            return lit.Test.Result(lit.Test.UNSUPPORTED, self.unsupported[path])
        if path in self.xfails:
            test.xfails = ["*"]
        return super().execute(test, lit_config)
