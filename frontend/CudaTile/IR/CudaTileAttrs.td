//===- CudaTileAttrs.td - cuda_tile attributes -------------*- tablegen -*-===//
//
// Enum and attribute definitions shared by the op families. Each family keeps
// its own section so that parallel work touches separate hunks.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_ATTRS_TD
#define TILECC_CUDATILE_ATTRS_TD

include "CudaTile/IR/CudaTileDialect.td"
include "CudaTile/IR/CudaTileInterfaces.td"

//===----------------------------------------------------------------------===//
// Core: shared by every family
//===----------------------------------------------------------------------===//

def CudaTile_Signedness : I32EnumAttr<"Signedness", "signedness", [
    I32EnumAttrCase<"Unsigned", 0, "unsigned">,
    I32EnumAttrCase<"Signed", 1, "signed">]> {
  let cppNamespace = "::mlir::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_SignednessAttr : CudaTile_EnumAttr<CudaTile_Signedness, "signedness">;

def CudaTile_PaddingValue : I32EnumAttr<"PaddingValue", "padding value", [
    I32EnumAttrCase<"Zero", 0, "zero">,
    I32EnumAttrCase<"NegZero", 1, "neg_zero">,
    I32EnumAttrCase<"Nan", 2, "nan">,
    I32EnumAttrCase<"PosInf", 3, "pos_inf">,
    I32EnumAttrCase<"NegInf", 4, "neg_inf">]> {
  let cppNamespace = "::mlir::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_PaddingValueAttr : CudaTile_EnumAttr<CudaTile_PaddingValue, "padding_value">;

//===----------------------------------------------------------------------===//
// Arithmetic, math and conversion family
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Memory, view, pointer and atomic family
//===----------------------------------------------------------------------===//

// These three enums are plain i32 enum attributes (not dialect attributes):
// the generic form spells them `memory_ordering_semantics = 0 : i32` and the
// custom form as bare keywords.
def CudaTile_MemoryOrderingSemanticsAttr : I32EnumAttr<
    "MemoryOrderingSemantics", "memory ordering semantics", [
    I32EnumAttrCase<"Weak", 0, "weak">,
    I32EnumAttrCase<"Relaxed", 1, "relaxed">,
    I32EnumAttrCase<"Acquire", 2, "acquire">,
    I32EnumAttrCase<"Release", 3, "release">,
    I32EnumAttrCase<"AcqRel", 4, "acq_rel">]> {
  let cppNamespace = "::mlir::cuda_tile";
}

def CudaTile_MemoryScopeAttr : I32EnumAttr<"MemoryScope", "memory scope", [
    I32EnumAttrCase<"TlBlk", 0, "tl_blk">,
    I32EnumAttrCase<"Device", 1, "device">,
    I32EnumAttrCase<"Sys", 2, "sys">]> {
  let cppNamespace = "::mlir::cuda_tile";
}

def CudaTile_AtomicRMWModeAttr : I32EnumAttr<"AtomicRMWMode", "atomic read-modify-write mode", [
    I32EnumAttrCase<"And", 0, "and">,
    I32EnumAttrCase<"Or", 1, "or">,
    I32EnumAttrCase<"Xor", 2, "xor">,
    I32EnumAttrCase<"Add", 3, "add">,
    I32EnumAttrCase<"AddF", 4, "addf">,
    I32EnumAttrCase<"Max", 5, "max">,
    I32EnumAttrCase<"Min", 6, "min">,
    I32EnumAttrCase<"UMax", 7, "umax">,
    I32EnumAttrCase<"UMin", 8, "umin">,
    I32EnumAttrCase<"Xchg", 9, "xchg">]> {
  let cppNamespace = "::mlir::cuda_tile";
}

//===----------------------------------------------------------------------===//
// Control flow, shape, reduction and MMA family
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Miscellaneous: assume predicates, optimization hints, debug info
//===----------------------------------------------------------------------===//

// Per-architecture hints: `optimization_hints=<sm_100 = {num_cta_in_cga = 2}>`.
def CudaTile_OptimizationHintsAttr : CudaTile_AttrDef<"OptimizationHints", "optimization_hints"> {
  let summary = "architecture-specific compiler hints";
  let parameters = (ins "::mlir::DictionaryAttr":$value);
  let hasCustomAssemblyFormat = 1;
}

#endif // TILECC_CUDATILE_ATTRS_TD
