//===- TileAAStructureOps.td - functions, plugins, grid, queues -*- tablegen -*-===//
#ifndef TILECC_TILEAA_STRUCTURE_OPS_TD
#define TILECC_TILEAA_STRUCTURE_OPS_TD

include "TileAA/IR/TileAAOpBase.td"

//===----------------------------------------------------------------------===//
// Functions, plugins and launch structure
//===----------------------------------------------------------------------===//

def TileAA_FuncOp : TileAA_Op<"func", [IsolatedFromAbove, FunctionOpInterface,
    AutomaticAllocationScope]> {
  let summary = "nv_tileaa function";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
  }];
}

def TileAA_CallOp : TileAA_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call a nv_tileaa.func";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, $results)
  }];
  let extraClassDeclaration = [{
    ::mlir::CallInterfaceCallable getCallableForCallee() { return getCalleeAttr(); }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
  }];
}

def TileAA_ReturnOp : TileAA_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike,
    Terminator]> {
  let summary = "return from a nv_tileaa.func";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

def TileAA_YieldOp : TileAA_Op<"yield", [Pure, ReturnLike, Terminator,
    ParentOneOf<["ReduceOp", "ScanOp", "GenerateOp", "PragmaOp", "ExecuteOp"]>]> {
  let summary = "terminate a nv_tileaa region, forwarding values to the parent";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

def TileAA_GlobalOp : TileAA_Op<"global", [Symbol]> {
  let summary = "module-scope global memory object";
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type,
                       OptionalAttr<AnyAttr>:$initial_value,
                       DefaultValuedAttr<I32Attr, "1">:$address_space,
                       OptionalAttr<I64Attr>:$alignment, UnitAttr:$constant);
  let assemblyFormat = "$sym_name `:` $type (`=` $initial_value^)? attr-dict";
}

def TileAA_LaunchFuncOp : TileAA_Op<"launch_func", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "launch a kernel over a grid";
  let arguments = (ins FlatSymbolRefAttr:$kernel, Variadic<Index>:$grid,
                       Variadic<AnyType>:$args);
  let assemblyFormat = [{
    $kernel `grid` `(` $grid `)` `args` `(` ($args^ `:` type($args))? `)` attr-dict
  }];
  let hasVerifier = 1;
}

def TileAA_ExecuteOp : TileAA_Op<"execute", [RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "execute a plugin fragment with explicit resource requirements";
  let description = [{
    The region receives the operands as block arguments and yields the results.
    The scheduler must reserve `max_registers`, `shared_memory_bytes`,
    `tensor_memory_bytes` and `named_barriers` for it.
  }];
  let arguments = (ins Variadic<AnyType>:$args, OptionalAttr<FlatSymbolRefAttr>:$plugin,
                       DefaultValuedAttr<I64Attr, "0">:$max_registers,
                       DefaultValuedAttr<I64Attr, "0">:$shared_memory_bytes,
                       DefaultValuedAttr<I64Attr, "0">:$tensor_memory_bytes,
                       DefaultValuedAttr<I64Attr, "0">:$named_barriers,
                       OptionalAttr<ArrayAttr>:$input_layouts,
                       OptionalAttr<ArrayAttr>:$output_layouts);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`(` $args^ `:` type($args) `)`)? (`->` type($results)^)? attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
}

def TileAA_PluginOp : TileAA_Op<"plugin", [Symbol]> {
  let summary = "declaration of an opaque kernel fragment";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$library, OptionalAttr<StrAttr>:$entry);
  let assemblyFormat = "$sym_name attr-dict `:` $function_type";
}

def TileAA_InjectIROp : TileAA_Op<"inject_ir"> {
  let summary = "splice textual IR at this point during lowering";
  let arguments = (ins StrAttr:$ir, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = "$ir `(` $args `)` attr-dict `:` functional-type($args, $results)";
}

//===----------------------------------------------------------------------===//
// Grid and queue flow
//===----------------------------------------------------------------------===//

def TileAA_GetProgramIdOp : TileAA_Op<"get_program_id", [Pure]> {
  let summary = "index of this program along a grid axis";
  let description = [{
    Without an operand, the current program; with a `!nv_tileaa.program_id`
    (from cancel_next_program_id), that program's coordinate.
  }];
  let arguments = (ins I32Attr:$dim, Optional<TileAA_ProgramId>:$program);
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let assemblyFormat = "$dim (`of` $program^)? attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TileAA_GetNumProgramsOp : TileAA_Op<"get_num_programs", [Pure]> {
  let summary = "grid extent along an axis";
  let arguments = (ins I32Attr:$dim);
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TileAA_IsValidProgramIdOp : TileAA_Op<"is_valid_program_id", [Pure]> {
  let summary = "whether a cancelled-program handle names a program";
  let arguments = (ins TileAA_ProgramId:$program);
  let results = (outs I1:$result);
  let assemblyFormat = "$program attr-dict";
}

def TileAA_CancelNextProgramIdOp : TileAA_Op<"cancel_next_program_id"> {
  let summary = "claim a not-yet-launched program (cluster launch control)";
  let results = (outs TileAA_ProgramId:$result);
  let assemblyFormat = "attr-dict";
}

def TileAA_CreateQueueOp : TileAA_Op<"create_queue"> {
  let summary = "a queue with `depth` slots";
  let arguments = (ins DefaultValuedAttr<I64Attr, "1">:$depth);
  let results = (outs TileAA_Queue:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def TileAA_QueueGetOp : TileAA_Op<"queue.get", [
    SingleBlockImplicitTerminator<"QueueYieldOp">]> {
  let summary = "consume one queue slot";
  let description = [{
    The region receives the slot's values as block arguments and forwards what
    the consumer needs through `nv_tileaa.queue.yield`, in order.
  }];
  let arguments = (ins TileAA_Queue:$queue);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$queue `:` qualified(type($queue)) (`->` type($results)^)? attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TileAA_QueuePutOp : TileAA_Op<"queue.put"> {
  let summary = "produce one queue slot";
  let arguments = (ins TileAA_Queue:$queue, Variadic<AnyType>:$values);
  let assemblyFormat = "$queue `,` $values attr-dict `:` qualified(type($queue)) `,` type($values)";
  let hasVerifier = 1;
}

def TileAA_QueueYieldOp : TileAA_Op<"queue.yield", [Pure, ReturnLike, Terminator,
    HasParent<"QueueGetOp">]> {
  let summary = "terminate a queue.get region";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

#endif // TILECC_TILEAA_STRUCTURE_OPS_TD
