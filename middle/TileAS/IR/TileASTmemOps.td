//===- TileASTmemOps.td - accumulators resident in tensor memory -*- tablegen -*-===//
//
// Its own op family (TileASTmemOps.h, not TileASDialect.h): the schedule
// pass that keeps a tcgen05 dot chain's accumulator in tensor memory across
// a K loop (tileas-pipeline-dot-operands) and its lowering
// (Tcgen05TmemPatterns.cpp) use it. The ops split what one
// tcgen05 dot does alone (allocate, store C, issue, commit, wait, load,
// free) over the loop:
//
//   %t0 = nv_tileas.tmem_alloc %c, %state      (before the loop)
//   scf.for ... iter_args(%t = %t0) {
//     %w = nv_tileas.tmem_wait %t              (the previous K step's MMAs
//                                               done: their slots may be
//                                               refilled)
//     ... refill ...
//     %w = nv_tileas.tmem_scale %w, %rows      (attention: O *= alpha, row
//                                               by row, in tensor memory)
//     %n = nv_tileas.tmem_dot %a, %b, %w       (issue + commit, no wait)
//     scf.yield %n
//   }
//   %r = nv_tileas.tmem_load %t1               (wait, tcgen05.ld, free)
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_TMEMOPS_TD
#define TILECC_TILEAS_TMEMOPS_TD

include "TileAS/IR/TileASOpBase.td"

def TileAS_TmemAcc : Type<CPred<"::llvm::isa<::mlir::nv_tileas::TmemAccType>($_self)">,
    "tensor-memory accumulator", "::mlir::nv_tileas::TmemAccType">;

def TileAS_TmemAllocOp : TileAS_Op<"tmem_alloc", [TileAS_MemoryConsistent]> {
  let summary = "allocate tensor memory for an accumulator and store its initial value";
  let description = [{
    `%t = nv_tileas.tmem_alloc %c, %state : tensor<...> -> !nv_tileas.tmem_acc<tensor<...>>`:
    warp 0 allocates the accumulator's tensor-memory columns (a power of two
    >= 32), thread 0 initializes the completion mbarrier; `%state` is a
    16-byte shared-memory global (the mbarrier, then the allocated address)
    the schedule gave this accumulator alone. A zero `%c` is not stored: the
    first MMA then overwrites (enable-input-d false); any other `%c` goes to
    tensor memory with tcgen05.st.
  }];
  let arguments = (ins TileAS_Tile:$init, AnyType:$state);
  let results = (outs TileAS_TmemAcc:$result);
  let assemblyFormat = [{
    $init `,` $state attr-dict `:` type($init) `,` qualified(type($state))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileAS_TmemDotOp : TileAS_Op<"tmem_dot", [TileAS_MemoryConsistent,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "issue tcgen05.mma onto a tensor-memory accumulator and commit, without waiting";
  let description = [{
    `%r = nv_tileas.tmem_dot %a, %b, %acc {atom = ...}`: D += A x B with A
    and B read from their cp.async ring slots through shared-memory
    descriptors (their future_waits carry `nv_tileas.wgmma_operand`: the
    K-major A / N-major B canonical layouts wgmma and tcgen05 share); one
    thread issues the MMAs and one tcgen05.commit to the accumulator's
    mbarrier. Nothing waits here: `nv_tileas.tmem_wait` or
    `nv_tileas.tmem_load` does. With `deferred_commit` the MMAs are not
    committed onto the accumulator here: the ring's `mma_release` commits
    them onto the slot's empty barrier each K step, and `tmem_commit` once
    after the loop onto the accumulator's (one phase a loop, so threads
    that never wait inside it cannot miss one).
  }];
  let arguments = (ins TileAS_Tile:$a, TileAS_Tile:$b, TileAS_TmemAcc:$acc,
                       TileAS_MmaAtomAttr:$atom, UnitAttr:$deferred_commit);
  let results = (outs TileAS_TmemAcc:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `,`
    qualified(type($acc))
  }];
  let hasVerifier = 1;
}

def TileAS_TmemWaitOp : TileAS_Op<"tmem_wait", [TileAS_MemoryConsistent,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "wait until the MMAs last committed onto an accumulator are complete";
  let description = [{
    `%w = nv_tileas.tmem_wait %t`: every thread waits on the accumulator's
    mbarrier for the phase of its last commit (nothing when none was made
    yet); afterwards the shared-memory operands those MMAs read may be
    overwritten. `%w` is the same accumulator.
  }];
  let arguments = (ins TileAS_TmemAcc:$acc);
  let results = (outs TileAS_TmemAcc:$result);
  let assemblyFormat = "$acc attr-dict `:` qualified(type($acc))";
}

def TileAS_TmemScaleOp : TileAS_Op<"tmem_scale", [TileAS_MemoryConsistent,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "multiply each row of a tensor-memory accumulator by a factor";
  let description = [{
    `%s = nv_tileas.tmem_scale %t, %rows : !nv_tileas.tmem_acc<tensor<MxNxf32>>,
    tensor<Mx1xf32>`: the accumulator's row i becomes row i x `%rows`[i]
    (attention's running output O *= alpha between two K/V blocks). Every
    thread reads the rows its tcgen05.ld reaches, multiplies and writes them
    back with tcgen05.st; a warp whose factors are all 1 leaves its rows as
    they are. The MMAs last committed onto `%t` must be complete
    (`nv_tileas.tmem_wait`); `%rows` arrives in lib/Layout's
    getTcgen05AccumulatorRowLayout, one register per 128-row block.
  }];
  let arguments = (ins TileAS_TmemAcc:$acc, TileAS_Tile:$rows);
  let results = (outs TileAS_TmemAcc:$result);
  let assemblyFormat = [{
    $acc `,` $rows attr-dict `:` qualified(type($acc)) `,` type($rows)
  }];
  let hasVerifier = 1;
}

def TileAS_TmemCommitOp : TileAS_Op<"tmem_commit", [TileAS_MemoryConsistent,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "commit the MMAs issued onto an accumulator to its mbarrier";
  let description = [{
    `%c = nv_tileas.tmem_commit %t`: the thread that issues the MMAs makes
    one tcgen05.commit onto the accumulator's mbarrier (the
    accumulator-ready barrier `tmem_load` waits on), for the
    `deferred_commit` MMAs of a loop. `%c` is the same accumulator.
  }];
  let arguments = (ins TileAS_TmemAcc:$acc);
  let results = (outs TileAS_TmemAcc:$result);
  let assemblyFormat = "$acc attr-dict `:` qualified(type($acc))";
}

def TileAS_TmemLoadOp : TileAS_Op<"tmem_load", [TileAS_MemoryConsistent]> {
  let summary = "wait for an accumulator's last MMAs, read it into registers and free its tensor memory";
  let arguments = (ins TileAS_TmemAcc:$acc);
  let results = (outs TileAS_Tile:$result);
  let assemblyFormat = [{
    $acc attr-dict `:` qualified(type($acc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TILECC_TILEAS_TMEMOPS_TD
