//===- TileASAsyncOps.td - async memory ops and waits -----*- tablegen -*-===//
//
// Async loads and the waits observing them implement
// MemoryConsistencyOpInterface; async.future_wait does not, because its
// ordering rides on the future it consumes (seed 003).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_ASYNCOPS_TD
#define TILECC_TILEAS_ASYNCOPS_TD

include "TileAS/IR/TileASOpBase.td"

def TileAS_AsyncLoadOp : TileAS_Op<"async_load",
    [TileAS_MemoryConsistent, AttrSizedOperandSegments]> {
  let summary = "start loading a tile box (cp.async / bulk copy)";
  let description = [{
    Without a destination the loaded tile is the future's value. With
    `into %ring : !nv_tileaa.ptr<T, 3> [%slot]` the box is copied straight
    into slot `%slot` of a shared-memory ring (consecutive tile-sized slots
    from `%ring`), in the swizzled layout from which the future's encoding
    is read back; elements outside the view are zero-filled. Each such load
    is one cp.async group.
  }];
  let arguments = (ins TileAS_TiledViewType:$view, Variadic<Index>:$indices,
                       Optional<AnyType>:$ring, Optional<Index>:$slot,
                       TileAS_CopyAtomAttrInterface:$atom);
  let results = (outs TileAS_Future:$result);
  let assemblyFormat = [{
    $view `[` $indices `]` (`into` $ring^ `:` type($ring) `[` $slot `]`)?
    attr-dict `:` qualified(type($view)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileAS_AsyncWaitOp : TileAS_Op<"async_wait", [TileAS_MemoryConsistent]> {
  let summary = "wait until at most `num_pending` of the given async ops are in flight";
  let arguments = (ins Variadic<AnyTypeOf<[TileAS_AsyncTokenType, TileAS_Future]>>:$deps,
                       ConfinedAttr<DefaultValuedAttr<I32Attr, "0">,
                                    [IntNonNegative]>:$num_pending);
  let assemblyFormat = "$deps attr-dict `:` qualified(type($deps))";
}

def TileAS_FutureWaitOp : TileAS_Op<"async.future_wait", [Pure,
    TypesMatchWith<"result is the future's value", "future", "result",
                   "::llvm::cast<::mlir::nv_tileas::FutureType>($_self).getValueType()">]> {
  let summary = "the value of a future once its async work completed";
  let arguments = (ins TileAS_Future:$future);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$future attr-dict `:` qualified(type($future))";
}

#endif // TILECC_TILEAS_ASYNCOPS_TD
