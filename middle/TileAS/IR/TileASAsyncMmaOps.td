//===- TileASAsyncMmaOps.td - waits for MMAs left in flight -*- tablegen -*-===//
//
// Its own op family (TileASAsyncMmaOps.h, not TileASDialect.h): only the
// schedule pass that leaves MMAs in flight and their lowering use it.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_ASYNCMMAOPS_TD
#define TILECC_TILEAS_ASYNCMMAOPS_TD

include "TileAS/IR/TileASOpBase.td"

def TileAS_DotWaitOp : TileAS_Op<"dot_wait", [TileAS_MemoryConsistent,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "wait until at most `num_pending` asynchronous MMA groups are in flight";
  let description = [{
    A dot marked `nv_tileas.async_mma` (tileas-pipeline-dot-operands sets
    it on wgmma dots in a K loop) leaves its MMAs in flight: its result is
    the accumulator being written, which only a later asynchronous dot may
    chain on. `%r = nv_tileas.dot_wait %acc {num_pending = N}` waits until at
    most the N most recent MMA groups of the warpgroup are in flight; with
    N = 0 `%r` is the finished accumulator, with N > 0 it is still the
    in-flight one (a wait in the loop bounds how many K steps overlap). The
    result is `%acc` itself: the wait keeps the accumulator where the MMAs
    write it.
  }];
  let arguments = (ins TileAS_Tile:$acc,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$num_pending);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = "$acc attr-dict `:` type($acc)";
}

#endif // TILECC_TILEAS_ASYNCMMAOPS_TD
