"""lit test format for the conformance suite: ShTest that marks the files
listed in xfail.txt as expected failures. It lives in its own module so that
lit can pickle it for its worker processes."""
import lit.formats


class ConformanceTest(lit.formats.ShTest):
    def __init__(self, execute_external, xfails):
        super().__init__(execute_external)
        self.xfails = xfails

    def execute(self, test, lit_config):
        if "/".join(test.path_in_suite) in self.xfails:
            test.xfails = ["*"]
        return super().execute(test, lit_config)
