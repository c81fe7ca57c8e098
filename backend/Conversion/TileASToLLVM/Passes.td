//===- Passes.td - nv_tileas to LLVM ----------------------*- tablegen -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_PASSES_TD
#define TILECC_CONVERSION_TILEASTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileASToLLVM : Pass<"convert-tileas-to-llvm", "ModuleOp"> {
  let summary = "lower scheduled nv_tileas to the LLVM and NVVM dialects";
  let description = [{
    Kernels become `llvm.func`s with `nvvm.kernel` and `nvvm.maxntid`. A tile
    tensor becomes, in each thread, the registers its layout encoding gives
    that thread (an LLVM struct); scf control flow is lowered through cf.
    Global accesses use predicated (vector) `ld.global` / `st.global`.
  }];
  let options = [
    Option<"arch", "arch", "std::string", "\"sm_100\"",
           "target GPU (sm_XY[a|f])">,
    Option<"numWarps", "num-warps", "int", "4",
           "warps per CTA when the function does not say">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

#endif // TILECC_CONVERSION_TILEASTOLLVM_PASSES_TD
