//===- CudaTileCoreOps.td - module, entry, constants -------*- tablegen -*-===//
#ifndef TILECC_CUDATILE_CORE_OPS_TD
#define TILECC_CUDATILE_CORE_OPS_TD

include "CudaTile/IR/CudaTileTypes.td"
include "CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def CudaTile_ModuleOp : CudaTile_Op<"module", [
    IsolatedFromAbove, NoRegionArguments, SymbolTable, Symbol,
    SingleBlock, NoTerminator, OpAsmOpInterface]>, CudaTile_DefaultDialectOp {
  let summary = "A compilation unit of kernels and globals";
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = defaultDialectDecl;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
  let skipDefaultBuilders = 1;
}

class CudaTile_FunctionLikeOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, !listconcat(traits, [
        IsolatedFromAbove, FunctionOpInterface, OpAsmOpInterface,
        SingleBlockImplicitTerminator<"ReturnOp">, AutomaticAllocationScope])>,
      CudaTile_DefaultDialectOp {
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  code functionLikeDecl = [{
    ::llvm::ArrayRef<Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<Type> getResultTypes() { return getFunctionType().getResults(); }
    ::mlir::Region *getCallableRegion() { return &getBody(); }
  }] # defaultDialectDecl;
}

def CudaTile_EntryOp : CudaTile_FunctionLikeOp<"entry", [HasParent<"ModuleOp">]> {
  let summary = "A kernel: the code one tile block runs";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let extraClassDeclaration = functionLikeDecl;
}

def CudaTile_TestingFuncOp : CudaTile_FunctionLikeOp<"testing$func"> {
  let summary = "A function used by dialect tests; it may return values";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let extraClassDeclaration = functionLikeDecl;
}

def CudaTile_ReturnOp : CudaTile_Op<"return", [Pure, Terminator, ReturnLike,
    ParentOneOf<["EntryOp", "TestingFuncOp", "IfOp"]>]> {
  let summary = "Returns from an entry or function";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` custom<CudaTileTypeList>(type($operands)))?";
  let hasVerifier = 1;
}

def CudaTile_ConstantOp : CudaTile_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A tile of constant values";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs CudaTile_NumberTile:$result);
  let assemblyFormat = "custom<DenseConstant>($value, type($result)) attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def CudaTile_GlobalOp : CudaTile_Op<"global", [Symbol, HasParent<"ModuleOp">]> {
  let summary = "A global variable in device memory";
  let arguments = (ins OptionalAttr<StrAttr>:$sym_visibility,
                       SymbolNameAttr:$sym_name,
                       ElementsAttr:$value,
                       DefaultValuedAttr<I64Attr, "0">:$alignment,
                       UnitAttr:$constant);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_GetGlobalOp : CudaTile_Op<"get_global", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Pointer to a global variable";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs CudaTile_ScalarTileOf<CudaTile_PointerType>:$result);
  let assemblyFormat = "$name attr-dict `:` custom<CudaTileType>(type($result))";
}

#endif // TILECC_CUDATILE_CORE_OPS_TD
