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

// `rounding<...>` of the floating-point ops, conversions and `divi`. Which
// subset an op accepts is checked by its parser directive and verifier.
def CudaTile_RoundingMode : I32EnumAttr<"RoundingMode", "rounding mode", [
    I32EnumAttrCase<"NearestEven", 0, "nearest_even">,
    I32EnumAttrCase<"Zero", 1, "zero">,
    I32EnumAttrCase<"NegativeInf", 2, "negative_inf">,
    I32EnumAttrCase<"PositiveInf", 3, "positive_inf">,
    I32EnumAttrCase<"Approx", 4, "approx">,
    I32EnumAttrCase<"Full", 5, "full">,
    I32EnumAttrCase<"NearestIntToZero", 6, "nearest_int_to_zero">]> {
  let cppNamespace = "::mlir::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_RoundingModeAttr : CudaTile_EnumAttr<CudaTile_RoundingMode, "rounding">;

// `overflow<...>`: wrap-around assumptions of the integer ops.
def CudaTile_IntegerOverflow : I32EnumAttr<"IntegerOverflow", "integer overflow", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"NoSignedWrap", 1, "no_signed_wrap">,
    I32EnumAttrCase<"NoUnsignedWrap", 2, "no_unsigned_wrap">,
    I32EnumAttrCase<"NoWrap", 3, "no_wrap">]> {
  let cppNamespace = "::mlir::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_IntegerOverflowAttr : CudaTile_EnumAttr<CudaTile_IntegerOverflow, "overflow">;

def CudaTile_ComparisonPredicate : I32EnumAttr<"ComparisonPredicate", "comparison predicate", [
    I32EnumAttrCase<"Equal", 0, "equal">,
    I32EnumAttrCase<"NotEqual", 1, "not_equal">,
    I32EnumAttrCase<"LessThan", 2, "less_than">,
    I32EnumAttrCase<"LessThanOrEqual", 3, "less_than_or_equal">,
    I32EnumAttrCase<"GreaterThan", 4, "greater_than">,
    I32EnumAttrCase<"GreaterThanOrEqual", 5, "greater_than_or_equal">]> {
  let cppNamespace = "::mlir::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_ComparisonPredicateAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonPredicate, "comparison_predicate">;

// Whether a float comparison involving NaN is false (ordered) or true.
def CudaTile_ComparisonOrdering : I32EnumAttr<"ComparisonOrdering", "comparison ordering", [
    I32EnumAttrCase<"Unordered", 0, "unordered">,
    I32EnumAttrCase<"Ordered", 1, "ordered">]> {
  let cppNamespace = "::mlir::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_ComparisonOrderingAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonOrdering, "comparison_ordering">;

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
// Keys and values are checked by the ops that carry the attribute (see
// verifyOptimizationHints), warning or failing only under -Wunsupported-hints.
def CudaTile_OptimizationHintsAttr : CudaTile_AttrDef<"OptimizationHints", "optimization_hints"> {
  let summary = "architecture-specific compiler hints";
  let parameters = (ins "::mlir::DictionaryAttr":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Integer value of `hint` for architecture `sm`, falling back to the
    /// `default` entry; std::nullopt when absent or not an integer.
    std::optional<int64_t> getIntHint(::llvm::StringRef sm,
                                      ::llvm::StringRef hint) const;
  }];
}

// Assume predicates. Each is checked against the value `assume` annotates
// through CudaTile_AssumePredicateAttrInterface.

// `div_by<16>` or `div_by<1, every 4 along 0>`.
def CudaTile_DivByAttr : CudaTile_AttrDef<"DivBy", "div_by",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>]> {
  let summary = "divisibility predicate for assume";
  let parameters = (ins "uint64_t":$divisor,
                        "std::optional<int64_t>":$every,
                        "std::optional<int64_t>":$along);
  let hasCustomAssemblyFormat = 1;
}

// `same_elements<[1, 4, 2]>`: groups of that size hold equal elements.
def CudaTile_SameElementsAttr : CudaTile_AttrDef<"SameElements", "same_elements",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>]> {
  let summary = "equal-element groups predicate for assume";
  let parameters = (ins "::mlir::DenseI64ArrayAttr":$values);
  let assemblyFormat = "`<` $values `>`";
}

// `bounded<0, ?>`: inclusive signed bounds, `?` when unknown.
def CudaTile_BoundedAttr : CudaTile_AttrDef<"Bounded", "bounded",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>]> {
  let summary = "value range predicate for assume";
  let parameters = (ins OptionalParameter<"std::optional<int64_t>">:$lb,
                        OptionalParameter<"std::optional<int64_t>">:$ub);
  let assemblyFormat = "`<` ($lb^) : (`?`)? `,` ($ub^) : (`?`)? `>`";
}

// Debug info. The C++ base classes DINodeAttr > DIScopeAttr > DILocalScopeAttr
// are declared in CudaTileDebugInfo.h.
class CudaTile_DIAttrDef<string name, string attrMnemonic, string baseCppClass>
    : AttrDef<CudaTile_Dialect, name, [], baseCppClass> {
  let mnemonic = attrMnemonic;
}

def CudaTile_DIFileAttr : CudaTile_DIAttrDef<"DIFile", "di_file", "DIScopeAttr"> {
  let summary = "a source file (name and directory)";
  let parameters = (ins "::mlir::StringAttr":$name, "::mlir::StringAttr":$directory);
  let assemblyFormat = "`<` $name `in` $directory `>`";
}

def CudaTile_DICompileUnitAttr : CudaTile_DIAttrDef<"DICompileUnit", "di_compile_unit",
    "DIScopeAttr"> {
  let summary = "the compilation unit: root scope, with its main file";
  let parameters = (ins "DIFileAttr":$file);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DISubprogramAttr : CudaTile_DIAttrDef<"DISubprogram", "di_subprogram",
    "DILocalScopeAttr"> {
  let summary = "a source-level function";
  let parameters = (ins "DIFileAttr":$file,
                        "unsigned":$line,
                        "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$linkageName,
                        "DICompileUnitAttr":$compileUnit,
                        OptionalParameter<"unsigned">:$scopeLine);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DILexicalBlockAttr : CudaTile_DIAttrDef<"DILexicalBlock", "di_lexical_block",
    "DILocalScopeAttr"> {
  let summary = "a nested lexical scope inside a subprogram";
  let parameters = (ins "DILocalScopeAttr":$scope,
                        "DIFileAttr":$file,
                        "unsigned":$line,
                        OptionalParameter<"unsigned">:$column);
  let assemblyFormat = "`<` struct(params) `>`";
}

// A location tied to a debug scope: `loc(#cuda_tile.di_loc<loc("f.py":1:2) in #sp>)`.
def CudaTile_DILocAttr : LocationAttrDef<CudaTile_Dialect, "DILoc"> {
  let mnemonic = "di_loc";
  let summary = "a file location inside a debug info scope";
  let parameters = (ins "::mlir::FileLineColLoc":$sourceLoc,
                        "DILocalScopeAttr":$scope);
  let assemblyFormat = "`<` $sourceLoc `in` $scope `>`";
}

#endif // TILECC_CUDATILE_ATTRS_TD
