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
