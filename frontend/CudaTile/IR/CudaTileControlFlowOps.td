//===- CudaTileControlFlowOps.td - control flow, shape, reduction and MMA ops -*- tablegen -*-===//
//
// Structured control flow (if/for/loop and their terminators), shape
// manipulation (iota/broadcast/reshape/permute/extract/cat; pack/unpack
// belong to the arith family),
// reductions (reduce/scan), matrix multiply-accumulate and the tile block
// queries.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_CONTROLFLOW_OPS_TD
#define TILECC_CUDATILE_CONTROLFLOW_OPS_TD

include "CudaTile/IR/CudaTileTypes.td"
include "CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Local constraints
//===----------------------------------------------------------------------===//

// Element types with the short names used by the public diagnostics
// ("0D tile of i1 or i8 ..."); MLIR's own defs say "1-bit signless integer".
class CudaTile_CFElem<Type type, string name>
    : Type<type.predicate, name, type.cppType>, BuildableType<type.builderCall>;
def CudaTile_CF_I1 : CudaTile_CFElem<I1, "i1">;
def CudaTile_CF_I8 : CudaTile_CFElem<I8, "i8">;
def CudaTile_CF_I16 : CudaTile_CFElem<I16, "i16">;
def CudaTile_CF_I32 : CudaTile_CFElem<I32, "i32">;
def CudaTile_CF_I64 : CudaTile_CFElem<I64, "i64">;
def CudaTile_CF_F16 : CudaTile_CFElem<F16, "f16">;
def CudaTile_CF_BF16 : CudaTile_CFElem<BF16, "bf16">;
def CudaTile_CF_F32 : CudaTile_CFElem<F32, "f32">;
def CudaTile_CF_F64 : CudaTile_CFElem<F64, "f64">;
def CudaTile_CF_TF32 : CudaTile_CFElem<TF32, "tf32">;
def CudaTile_CF_F8E4M3FN : CudaTile_CFElem<F8E4M3FN, "f8E4M3FN">;
def CudaTile_CF_F8E5M2 : CudaTile_CFElem<F8E5M2, "f8E5M2">;

// Loop bounds: scalar tiles of any integer type.
def CudaTile_LoopBoundTile : CudaTile_RankedTileOf<
    [CudaTile_CF_I1, CudaTile_CF_I8, CudaTile_CF_I16, CudaTile_CF_I32,
     CudaTile_CF_I64], [0]>;
def CudaTile_I1ScalarTile : CudaTile_ScalarTileOf<CudaTile_CF_I1>;
// A buildable `tile<i32>`: lets formats omit the type of index operands.
def CudaTile_I32ScalarTile : CudaTile_ScalarTileOf<CudaTile_CF_I32> {
  let builderCall = "::mlir::cuda_tile::TileType::get("
                    "::llvm::ArrayRef<int64_t>(), $_builder.getI32Type())";
}

// "all of {a, b} have the same element type" (wording of the public dialect;
// MLIR's AllElementTypesMatch says "have same element type").
class CudaTile_SameElementTypes<list<string> names>
    : PredOpTrait<"all of {" # !interleave(names, ", ") # "} have the same element type",
                  AllMatchSameOperatorPred<names, "::mlir::getElementTypeOrSelf($_self)">>;

def CudaTile_MmaFOperandTile
    : CudaTile_TileOf<[CudaTile_CF_F16, CudaTile_CF_BF16, CudaTile_CF_F32,
                       CudaTile_CF_F64, CudaTile_CF_TF32, CudaTile_CF_F8E4M3FN,
                       CudaTile_CF_F8E5M2], [],
                      "mmaf operand tile type">;
def CudaTile_MmaFResultTile
    : CudaTile_TileOf<[CudaTile_CF_F16, CudaTile_CF_F32, CudaTile_CF_F64], [],
                      "mmaf acc/result tile type">;
def CudaTile_MmaIOperandTile : CudaTile_TileOf<[CudaTile_CF_I8], [], "mmai operand tile type">;
def CudaTile_MmaIAccTile : CudaTile_TileOf<[CudaTile_CF_I32], [], "mmai acc tile type">;
def CudaTile_MmaIResultTile : CudaTile_TileOf<[CudaTile_CF_I32], [], "mmai result tile type">;
def CudaTile_MmaFScaledOperandTile
    : CudaTile_TileOf<[CudaTile_CF_F8E4M3FN, CudaTile_CF_F8E5M2, CudaTile_F4E2M1FN], [],
                      "mmaf_scaled operand tile type">;
def CudaTile_MmaFScaledResultTile
    : CudaTile_TileOf<[CudaTile_CF_F32], [], "mmaf_scaled result tile type">;
def CudaTile_MmaFScaledScaleTile
    : CudaTile_TileOf<[CudaTile_CF_F8E4M3FN, CudaTile_F8E8M0FNU], [],
                      "mmaf_scaled scale tile type">;

class CudaTile_CFOp<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Terminators
//===----------------------------------------------------------------------===//

def CudaTile_YieldOp : CudaTile_CFOp<"yield", [Pure, Terminator,
    ParentOneOf<["IfOp", "ReduceOp", "ScanOp"]>]> {
  let summary = "Ends an `if` branch or a reduce/scan combiner";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* no operands */ }]>];
  let assemblyFormat =
      "attr-dict ($operands^ `:` custom<CudaTileTypeList>(type($operands)))?";
}

def CudaTile_ContinueOp : CudaTile_CFOp<"continue", [Terminator,
    ParentOneOf<["ForOp", "IfOp", "LoopOp"]>]> {
  let summary = "Starts the next iteration of the innermost loop";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* no operands */ }]>];
  let assemblyFormat =
      "attr-dict ($operands^ `:` custom<CudaTileTypeList>(type($operands)))?";
  let hasVerifier = 1;
}

def CudaTile_BreakOp : CudaTile_CFOp<"break", [Terminator,
    ParentOneOf<["IfOp", "LoopOp"]>]> {
  let summary = "Leaves the innermost `loop`, producing its results";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* no operands */ }]>];
  let assemblyFormat =
      "attr-dict ($operands^ `:` custom<CudaTileTypeList>(type($operands)))?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Structured control flow
//===----------------------------------------------------------------------===//

// The branches may end in yield, continue, break or return, so the implicit
// `yield` is added by the parser/builders rather than by a trait. No
// RecursiveMemoryEffects: a branch that returns (return is Pure) would make the
// `if` look dead.
def CudaTile_IfOp : CudaTile_CFOp<"if", [NoRegionArguments, SingleBlock,
    OpAsmOpInterface]>, CudaTile_DefaultDialectOp {
  let summary = "Runs one of two regions depending on a scalar i1";
  let arguments = (ins CudaTile_I1ScalarTile:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes, "::mlir::Value":$condition,
                   "bool":$withElse)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let extraClassDeclaration = defaultDialectDecl # [{
    ::mlir::Block *getThenBlock() { return &getThenRegion().front(); }
    ::mlir::Block *getElseBlock() {
      return getElseRegion().empty() ? nullptr : &getElseRegion().front();
    }
    ::mlir::Operation *getThenTerminator() { return &getThenBlock()->back(); }
    ::mlir::Operation *getElseTerminator() {
      return getElseRegion().empty() ? nullptr : &getElseBlock()->back();
    }
  }];
}

def CudaTile_ForOp : CudaTile_CFOp<"for", [AutomaticAllocationScope,
    AllTypesMatch<["lowerBound", "upperBound", "step"]>,
    RecursiveMemoryEffects, SingleBlockImplicitTerminator<"ContinueOp">,
    OpAsmOpInterface]>,
    CudaTile_DefaultDialectOp {
  let summary = "Counted loop over [lowerBound, upperBound) with loop-carried values";
  let arguments = (ins CudaTile_LoopBoundTile:$lowerBound,
                       CudaTile_LoopBoundTile:$upperBound,
                       CudaTile_LoopBoundTile:$step,
                       Variadic<AnyType>:$initValues,
                       UnitAttr:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$lowerBound, "::mlir::Value":$upperBound,
                   "::mlir::Value":$step, "::mlir::ValueRange":$initValues)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = defaultDialectDecl # [{
    ::mlir::Value getInductionVar() { return getBody()->getArgument(0); }
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getBody()->getArguments().drop_front();
    }
  }];
}

def CudaTile_LoopOp : CudaTile_CFOp<"loop", [AutomaticAllocationScope,
    RecursiveMemoryEffects, SingleBlock, OpAsmOpInterface]>, CudaTile_DefaultDialectOp {
  let summary = "Loop that runs until a `break`";
  let arguments = (ins Variadic<AnyType>:$initValues);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes, "::mlir::ValueRange":$initValues)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = defaultDialectDecl # [{
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getRegion().getArguments();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class CudaTile_CombinerOp<string mnemonic> : CudaTile_CFOp<mnemonic, [
    RecursiveMemoryEffects, SameOperandsShape,
    SingleBlockImplicitTerminator<"YieldOp">, OpAsmOpInterface]>,
    CudaTile_DefaultDialectOp {
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
  let extraClassDeclaration = defaultDialectDecl;
}

def CudaTile_ReduceOp : CudaTile_CombinerOp<"reduce"> {
  let summary = "Reduces tiles along one dimension with a combiner region";
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       ArrayAttr:$identities);
  let assemblyFormat = [{
    $operands attr-dict ` ` `dim` `` `=` `` $dim `identities` `` `=` `` $identities
    `:` custom<CudaTileTypeList>(type($operands)) `->`
    custom<CudaTileTypeList>(type($results)) custom<ArgumentRegion>($body)
  }];
}

def CudaTile_ScanOp : CudaTile_CombinerOp<"scan"> {
  let summary = "Inclusive prefix scan along one dimension";
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       BoolAttr:$reverse,
                       ArrayAttr:$identities);
  let assemblyFormat = [{
    $operands attr-dict ` ` `dim` `` `=` `` $dim `reverse` `` `=` `` $reverse
    `identities` `` `=` `` $identities
    `:` custom<CudaTileTypeList>(type($operands)) `->`
    custom<CudaTileTypeList>(type($results)) custom<ArgumentRegion>($body)
  }];
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

def CudaTile_MmaFOp : CudaTile_CFOp<"mmaf", [Pure,
    AllTypesMatch<["acc", "result"]>, CudaTile_SameElementTypes<["lhs", "rhs"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "Floating-point matrix multiply-accumulate (2-D or batched 3-D)";
  let arguments = (ins CudaTile_MmaFOperandTile:$lhs,
                       CudaTile_MmaFOperandTile:$rhs,
                       CudaTile_MmaFResultTile:$acc,
                       UnitAttr:$fast_acc);
  let results = (outs CudaTile_MmaFResultTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`fast_acc` $fast_acc^)? attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaIOp : CudaTile_CFOp<"mmai", [Pure,
    AllTypesMatch<["acc", "result"]>, CudaTile_SameElementTypes<["lhs", "rhs"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "i8 x i8 -> i32 matrix multiply-accumulate";
  let arguments = (ins CudaTile_MmaIOperandTile:$lhs,
                       CudaTile_MmaIOperandTile:$rhs,
                       CudaTile_MmaIAccTile:$acc,
                       CudaTile_SignednessAttr:$signedness_lhs,
                       CudaTile_SignednessAttr:$signedness_rhs);
  let results = (outs CudaTile_MmaIResultTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<SignednessKeyword>($signedness_lhs)
    custom<SignednessKeyword>($signedness_rhs) attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaFScaledOp : CudaTile_CFOp<"mmaf_scaled", [Pure,
    AllTypesMatch<["acc", "result"]>, CudaTile_SameElementTypes<["lhs", "rhs"]>,
    CudaTile_SameElementTypes<["lhs_scale", "rhs_scale"]>,
    AllRanksMatch<["lhs", "rhs", "acc", "lhs_scale", "rhs_scale"]>]> {
  let summary = "Block-scaled low-precision matrix multiply-accumulate";
  let arguments = (ins CudaTile_MmaFScaledOperandTile:$lhs,
                       CudaTile_MmaFScaledOperandTile:$rhs,
                       CudaTile_MmaFScaledResultTile:$acc,
                       CudaTile_MmaFScaledScaleTile:$lhs_scale,
                       CudaTile_MmaFScaledScaleTile:$rhs_scale);
  let results = (outs CudaTile_MmaFScaledResultTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc `,` $lhs_scale `,` $rhs_scale attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc)) `,` custom<CudaTileType>(type($lhs_scale)) `,`
    custom<CudaTileType>(type($rhs_scale))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def CudaTile_IotaOp : CudaTile_CFOp<"iota", [Pure]> {
  let summary = "1-D tile holding 0, 1, ..., n-1";
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
}

def CudaTile_BroadcastOp : CudaTile_CFOp<"broadcast", [Pure,
    SameOperandsAndResultElementType, AllRanksMatch<["source", "result"]>]> {
  let summary = "Repeats size-1 dimensions to a larger shape";
  let arguments = (ins CudaTile_AnyTile:$source);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_ReshapeOp : CudaTile_CFOp<"reshape", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "Reinterprets a tile with a new shape (row-major order)";
  let arguments = (ins CudaTile_AnyTile:$source);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_PermuteOp : CudaTile_CFOp<"permute", [Pure,
    CudaTile_SameElementTypes<["source", "result"]>,
    AllRanksMatch<["source", "result"]>]> {
  let summary = "Reorders the dimensions of a tile";
  let arguments = (ins CudaTile_AnyTile:$source, DenseI32ArrayAttr:$permutation);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source $permutation attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_ExtractOp : CudaTile_CFOp<"extract", [Pure,
    AllRanksMatch<["source", "result"]>]> {
  let summary = "Extracts the indexed slice of a tile";
  let arguments = (ins CudaTile_AnyTile:$source,
                       Variadic<CudaTile_I32ScalarTile>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_InsertOp : CudaTile_CFOp<"insert", [Pure,
    AllTypesMatch<["destination", "result"]>,
    AllRanksMatch<["source", "destination"]>]> {
  let summary = "Inserts a tile as the indexed slice of another";
  let sinceVersion = "13.4";
  let arguments = (ins CudaTile_AnyTile:$source, CudaTile_AnyTile:$destination,
                       Variadic<CudaTile_I32ScalarTile>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `into` $destination `[` $indices `]` attr-dict `:`
    custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($destination))
  }];
  let hasVerifier = 1;
}

def CudaTile_CatOp : CudaTile_CFOp<"cat", [Pure,
    AllRanksMatch<["lhs", "rhs", "result"]>,
    CudaTile_SameElementTypes<["lhs", "rhs", "result"]>]> {
  let summary = "Concatenates two tiles along one dimension";
  let arguments = (ins CudaTile_AnyTile:$lhs, CudaTile_AnyTile:$rhs, I64Attr:$dim);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `dim` `=` $dim attr-dict `:` custom<CudaTileType>(type($lhs))
    `,` custom<CudaTileType>(type($rhs)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tile block queries
//===----------------------------------------------------------------------===//

def CudaTile_GetTileBlockIdOp : CudaTile_CFOp<"get_tile_block_id", [Pure,
    AllTypesMatch<["blockId_x", "blockId_y", "blockId_z"]>]> {
  let summary = "Coordinates (x, y, z) of the running tile block";
  let results = (outs CudaTile_ScalarTileOf<CudaTile_CF_I32>:$blockId_x,
                      CudaTile_ScalarTileOf<CudaTile_CF_I32>:$blockId_y,
                      CudaTile_ScalarTileOf<CudaTile_CF_I32>:$blockId_z);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($blockId_x))";
}

def CudaTile_GetNumTileBlocksOp : CudaTile_CFOp<"get_num_tile_blocks", [Pure,
    AllTypesMatch<["gridSize_x", "gridSize_y", "gridSize_z"]>]> {
  let summary = "Grid size (x, y, z) in tile blocks";
  let results = (outs CudaTile_ScalarTileOf<CudaTile_CF_I32>:$gridSize_x,
                      CudaTile_ScalarTileOf<CudaTile_CF_I32>:$gridSize_y,
                      CudaTile_ScalarTileOf<CudaTile_CF_I32>:$gridSize_z);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($gridSize_x))";
}

#endif // TILECC_CUDATILE_CONTROLFLOW_OPS_TD
