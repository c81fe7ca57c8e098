//===- TileAAAttrs.td - nv_tileaa attributes ---------------*- tablegen -*-===//
//
// Eighteen logical attributes (seed 001) in five groups, plus the legacy
// `compute-capability` spelling that parses to ComputeCapabilityAttr.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAA_ATTRS_TD
#define TILECC_TILEAA_ATTRS_TD

include "TileAA/IR/TileAADialect.td"
include "TileAA/IR/TileAAInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

//===----------------------------------------------------------------------===//
// Target and kernel configuration
//===----------------------------------------------------------------------===//

// `#nv_tileaa.compute_capability<100>` (major * 10 + minor). The legacy spelling
// `#nv_tileaa.compute-capability<100>` parses to the same attribute.
def TileAA_ComputeCapabilityAttr
    : TileAA_AttrDef<"ComputeCapability", "compute_capability"> {
  let summary = "target compute capability (major * 10 + minor)";
  let parameters = (ins "unsigned":$value);
  let assemblyFormat = "`<` $value `>`";
  let extraClassDeclaration = [{
    unsigned getMajor() const { return getValue() / 10; }
    unsigned getMinor() const { return getValue() % 10; }
  }];
}

def TileAA_TargetSpecAttr : TileAA_AttrDef<"TargetSpec", "target_spec"> {
  let summary = "architectural features of the compilation target";
  let description = [{
    `#nv_tileaa.target_spec<computeCapability = 100, archSuffix = "a">`.
    `archSuffix` is "", "a" or "f" (sm_100a, sm_100f).
  }];
  let parameters = (ins "unsigned":$computeCapability,
                        OptionalParameter<"::mlir::StringAttr">:$archSuffix,
                        OptionalParameter<"::std::optional<unsigned>">:$ptxVersion);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Blackwell (sm_100 and later) block-scaled MMA.
    bool supportsBlockScaledMma() const { return getComputeCapability() >= 100; }
  }];
}

def TileAA_KernelSpecAttr : TileAA_AttrDef<"KernelSpec", "kernel_spec"> {
  let summary = "launch shape and kernel-level policy";
  let description = [{
    `#nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [2, 1, 1], occupancy = 2>`.
  }];
  let parameters = (ins "unsigned":$numWarps,
                        OptionalArrayRefParameter<"int64_t">:$clusterDim,
                        OptionalParameter<"::std::optional<unsigned>">:$occupancy,
                        OptionalParameter<"::std::optional<unsigned>">:$maxRegisters);
  let assemblyFormat = [{
    `<` `numWarps` `=` $numWarps (`,` `clusterDim` `=` `[` $clusterDim^ `]`)?
        (`,` `occupancy` `=` $occupancy^)? (`,` `maxRegisters` `=` $maxRegisters^)? `>`
  }];
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Memory policy
//===----------------------------------------------------------------------===//

def TileAA_CacheModifier : I32EnumAttr<"CacheModifier", "cache modifier", [
    I32EnumAttrCase<"None", 0, "none">, I32EnumAttrCase<"CA", 1, "ca">,
    I32EnumAttrCase<"CG", 2, "cg">, I32EnumAttrCase<"CS", 3, "cs">,
    I32EnumAttrCase<"LU", 4, "lu">, I32EnumAttrCase<"CV", 5, "cv">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_CacheModifierAttr : TileAA_EnumAttr<TileAA_CacheModifier, "cache_modifier">;

def TileAA_EvictionPolicy : I32EnumAttr<"EvictionPolicy", "eviction policy", [
    I32EnumAttrCase<"None", 0, "none">, I32EnumAttrCase<"First", 1, "first">,
    I32EnumAttrCase<"Last", 2, "last">, I32EnumAttrCase<"Normal", 3, "normal">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_EvictionPolicyAttr : TileAA_EnumAttr<TileAA_EvictionPolicy, "eviction_policy">;

def TileAA_MemSemantic : I32EnumAttr<"MemSemantic", "memory semantic", [
    I32EnumAttrCase<"Weak", 0, "weak">, I32EnumAttrCase<"Relaxed", 1, "relaxed">,
    I32EnumAttrCase<"Acquire", 2, "acquire">, I32EnumAttrCase<"Release", 3, "release">,
    I32EnumAttrCase<"AcqRel", 4, "acq_rel">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_MemSemanticAttr : TileAA_EnumAttr<TileAA_MemSemantic, "mem_semantic">;

def TileAA_MemScope : I32EnumAttr<"MemScope", "memory scope", [
    I32EnumAttrCase<"TlBlk", 0, "tl_blk">, I32EnumAttrCase<"Cluster", 1, "cluster">,
    I32EnumAttrCase<"Gpu", 2, "gpu">, I32EnumAttrCase<"Sys", 3, "sys">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_MemScopeAttr : TileAA_EnumAttr<TileAA_MemScope, "mem_scope">;

//===----------------------------------------------------------------------===//
// Atomic and arithmetic modes
//===----------------------------------------------------------------------===//

def TileAA_RmwMode : I32EnumAttr<"RmwMode", "atomic read-modify-write mode", [
    I32EnumAttrCase<"Add", 0, "add">, I32EnumAttrCase<"And", 1, "and">,
    I32EnumAttrCase<"Or", 2, "or">, I32EnumAttrCase<"Xor", 3, "xor">,
    I32EnumAttrCase<"Xchg", 4, "xchg">, I32EnumAttrCase<"Min", 5, "min">,
    I32EnumAttrCase<"Max", 6, "max">, I32EnumAttrCase<"UMin", 7, "umin">,
    I32EnumAttrCase<"UMax", 8, "umax">, I32EnumAttrCase<"AddF", 9, "addf">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_RmwModeAttr : TileAA_EnumAttr<TileAA_RmwMode, "rmw_mode">;

def TileAA_RoundingMode : I32EnumAttr<"RoundingMode", "floating rounding mode", [
    I32EnumAttrCase<"NearestEven", 0, "nearest_even">, I32EnumAttrCase<"Zero", 1, "zero">,
    I32EnumAttrCase<"NegativeInf", 2, "negative_inf">,
    I32EnumAttrCase<"PositiveInf", 3, "positive_inf">,
    I32EnumAttrCase<"Approx", 4, "approx">, I32EnumAttrCase<"Full", 5, "full">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_RoundingModeAttr : TileAA_EnumAttr<TileAA_RoundingMode, "rounding_mode">;

def TileAA_PropagateNan : I32EnumAttr<"PropagateNan", "NaN propagation", [
    I32EnumAttrCase<"None", 0, "none">, I32EnumAttrCase<"All", 1, "all">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_PropagateNanAttr : TileAA_EnumAttr<TileAA_PropagateNan, "propagate_nan">;

def TileAA_Signedness : I32EnumAttr<"Signedness", "integer signedness", [
    I32EnumAttrCase<"Signed", 0, "signed">, I32EnumAttrCase<"Unsigned", 1, "unsigned">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_SignednessAttr : TileAA_EnumAttr<TileAA_Signedness, "signedness">;

//===----------------------------------------------------------------------===//
// Convolution and layout
//===----------------------------------------------------------------------===//

def TileAA_PaddingValue : I32EnumAttr<"PaddingValue", "padding value", [
    I32EnumAttrCase<"Zero", 0, "zero">, I32EnumAttrCase<"NegZero", 1, "neg_zero">,
    I32EnumAttrCase<"Nan", 2, "nan">, I32EnumAttrCase<"PosInf", 3, "pos_inf">,
    I32EnumAttrCase<"NegInf", 4, "neg_inf">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_PaddingValueAttr : TileAA_EnumAttr<TileAA_PaddingValue, "padding_value">;

def TileAA_ActivationLayout : I32EnumAttr<"ActivationLayout", "activation layout", [
    I32EnumAttrCase<"NHWC", 0, "nhwc">, I32EnumAttrCase<"NCHW", 1, "nchw">,
    I32EnumAttrCase<"NDHWC", 2, "ndhwc">, I32EnumAttrCase<"NCDHW", 3, "ncdhw">]> {
  let cppNamespace = "::mlir::nv_tileaa";
  let genSpecializedAttr = 0;
}
def TileAA_ActivationLayoutAttr : TileAA_EnumAttr<TileAA_ActivationLayout, "activation_layout">;

// Per-spatial-axis convolution parameters; all four lists have one entry per
// spatial axis (checked by conv_tile: "expects conv params size matched ...").
def TileAA_ConvParamsAttr : TileAA_AttrDef<"ConvParams", "conv_params"> {
  let summary = "structured convolution parameters";
  let parameters = (ins ArrayRefParameter<"int64_t">:$strides,
                        ArrayRefParameter<"int64_t">:$padLow,
                        ArrayRefParameter<"int64_t">:$padHigh,
                        ArrayRefParameter<"int64_t">:$dilations);
  let assemblyFormat = [{
    `<` `strides` `=` `[` $strides `]` `,` `padLow` `=` `[` $padLow `]` `,`
        `padHigh` `=` `[` $padHigh `]` `,` `dilations` `=` `[` $dilations `]` `>`
  }];
  let extraClassDeclaration = [{
    bool isConsistent() const;
  }];
}

//===----------------------------------------------------------------------===//
// Assumption predicates (verified through nv_tileaa.assume)
//===----------------------------------------------------------------------===//

def TileAA_DivByAttr : TileAA_AttrDef<"DivBy", "div_by",
    [DeclareAttrInterfaceMethods<TileAA_AssumePredicateAttrInterface>]> {
  let summary = "every element is divisible by a power of two";
  let description = [{
    `#nv_tileaa.div_by<16>`, or periodic along an axis:
    `#nv_tileaa.div_by<16, every 4 along 1>`.
  }];
  let parameters = (ins "int64_t":$divisor,
                        OptionalParameter<"::std::optional<int64_t>">:$every,
                        OptionalParameter<"::std::optional<int64_t>">:$along);
  let assemblyFormat =
      "`<` $divisor (`,` `every` $every^)? (`along` $along^)? `>`";
}

def TileAA_BoundedAttr : TileAA_AttrDef<"Bounded", "bounded",
    [DeclareAttrInterfaceMethods<TileAA_AssumePredicateAttrInterface>]> {
  let summary = "every element lies in an inclusive range";
  let description = [{ `#nv_tileaa.bounded<lower = 0, upper = 127>`; either bound may be absent. }];
  let parameters = (ins OptionalParameter<"::std::optional<int64_t>">:$lower,
                        OptionalParameter<"::std::optional<int64_t>">:$upper);
  let assemblyFormat = "`<` struct(params) `>`";
}

def TileAA_SameElementsAttr : TileAA_AttrDef<"SameElements", "same_elements",
    [DeclareAttrInterfaceMethods<TileAA_AssumePredicateAttrInterface>]> {
  let summary = "per-axis extent facts";
  let description = [{ `#nv_tileaa.same_elements<[4, 1]>`: one bound per axis. }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$values);
  let assemblyFormat = "`<` `[` $values `]` `>`";
}

#endif // TILECC_TILEAA_ATTRS_TD
