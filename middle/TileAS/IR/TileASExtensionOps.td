//===- TileASExtensionOps.td - per-element escape hatches -*- tablegen -*-===//
//
// nv_tileaa's per-element escape hatches (seed 002: extern_elementwise,
// elementwise_inline_asm, call_elementwise_intrinsic) carried to nv_tileas
// unchanged: they are elementwise, so the layout pass gives their tiles one
// layout and the LLVM lowering applies them once per register.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_EXTENSIONOPS_TD
#define TILECC_TILEAS_EXTENSIONOPS_TD

include "TileAS/IR/TileASOpBase.td"

// A scalar or a tile of integers/floats (what one register of a tile holds
// and an LLVM call, asm or intrinsic can take).
def TileAS_ElementwiseValue : AnyTypeOf<[AnySignlessInteger, AnyFloat,
    RankedTensorOf<[AnySignlessInteger, AnyFloat]>]>;

class TileAS_ElementwiseEscapeOp<string mnemonic, list<Trait> traits = []>
    : TileAS_Op<mnemonic, !listconcat(traits, [Elementwise])> {
  let hasVerifier = 1;
}

def TileAS_ExternElementwiseOp
    : TileAS_ElementwiseEscapeOp<"extern_elementwise"> {
  let summary = "call an external device function per element";
  let description = [{
    `symbol` names a device function (libdevice's `__nv_*` when `libname` is
    "libdevice") taking one element of each operand; a scalar operand is
    passed to every call. Without `pure` the calls keep their order and
    effects.
  }];
  let arguments = (ins Variadic<TileAS_ElementwiseValue>:$args, StrAttr:$symbol,
                       OptionalAttr<StrAttr>:$libname,
                       OptionalAttr<StrAttr>:$libpath, UnitAttr:$pure);
  let results = (outs TileAS_ElementwiseValue:$result);
  let assemblyFormat = [{
    $symbol `(` $args `)` attr-dict `:` functional-type($args, $result)
  }];
}

def TileAS_ElementwiseInlineAsmOp
    : TileAS_ElementwiseEscapeOp<"elementwise_inline_asm"> {
  let summary = "inline PTX applied per element";
  let description = [{
    `asm_string` with LLVM-style `constraints` (outputs first), instantiated
    once per element (`packed_element` = 1) or per group of that many
    consecutive elements.
  }];
  let arguments = (ins Variadic<TileAS_ElementwiseValue>:$args,
                       StrAttr:$asm_string, StrAttr:$constraints,
                       UnitAttr:$pure,
                       DefaultValuedAttr<I32Attr, "1">:$packed_element);
  let results = (outs Variadic<TileAS_ElementwiseValue>:$results);
  let assemblyFormat = [{
    $asm_string `,` $constraints `(` $args `)` attr-dict `:`
    functional-type($args, $results)
  }];
}

def TileAS_CallElementwiseIntrinsicOp
    : TileAS_ElementwiseEscapeOp<"call_elementwise_intrinsic", [Pure]> {
  let summary = "call an LLVM/NVVM intrinsic per element";
  let arguments = (ins Variadic<TileAS_ElementwiseValue>:$args,
                       StrAttr:$intrinsic);
  let results = (outs TileAS_ElementwiseValue:$result);
  let assemblyFormat = [{
    $intrinsic `(` $args `)` attr-dict `:` functional-type($args, $result)
  }];
}

#endif // TILECC_TILEAS_EXTENSIONOPS_TD
