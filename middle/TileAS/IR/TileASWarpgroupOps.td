//===- TileASWarpgroupOps.td - warpgroups taking turns -----*- tablegen -*-===//
//
// Its own op family (TileASWarpgroupOps.h, not TileASDialect.h): only the
// schedule pass that makes warpgroups take turns on the tensor core
// (tileas-warpgroup-pingpong) and its lowering use it.
//
// Warpgroup g of N waits on named barrier `barrier + g` before a turn (a
// dot marked `nv_tileas.warpgroup_turn`) and arrives on `barrier + (g + 1)
// mod N` after it, so turns go round the warpgroups in order. Each named
// barrier counts two warpgroups (256 threads): the one that waits and the
// one before it that arrives.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_WARPGROUPOPS_TD
#define TILECC_TILEAS_WARPGROUPOPS_TD

include "TileAS/IR/TileASOpBase.td"

class TileAS_WarpgroupTurnsOp<string mnemonic>
    : TileAS_Op<mnemonic, [TileAS_MemoryConsistent]> {
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<1>]>:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<2>]>:$warpgroups);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TileAS_WarpgroupTurnsBeginOp
    : TileAS_WarpgroupTurnsOp<"warpgroup_turns_begin"> {
  let summary = "hand the first turn to warpgroup 0";
  let description = [{
    Before a loop whose dots are turns: the last warpgroup arrives on named
    barrier `barrier` (warpgroup 0's), as if its turn had just ended. Every
    warp of the CTA's first `warpgroups` warpgroups runs it.
  }];
}

def TileAS_WarpgroupTurnsEndOp
    : TileAS_WarpgroupTurnsOp<"warpgroup_turns_end"> {
  let summary = "take back the turn the last warpgroup passed on";
  let description = [{
    After the loop: warpgroup 0 waits on named barrier `barrier` (the last
    warpgroup's final arrival), then every warp meets at a CTA barrier, so
    that no warpgroup hands out a turn of a later loop before warpgroup 0
    took this one (a named barrier must not see two arrivals of one
    warpgroup in a row).
  }];
}

#endif // TILECC_TILEAS_WARPGROUPOPS_TD
