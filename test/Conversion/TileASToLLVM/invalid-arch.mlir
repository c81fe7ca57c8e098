// RUN: tilecc-opt --convert-tileas-to-llvm="arch=sm_12" --verify-diagnostics %s

// The arch is checked before anything reaches LLVM (which aborts on unknown
// processors).
// expected-error @+1 {{unsupported target 'sm_12'}}
module {
}
