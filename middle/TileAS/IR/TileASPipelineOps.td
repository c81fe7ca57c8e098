//===- TileASPipelineOps.td - async pipeline regions ------*- tablegen -*-===//
//
// A pipeline is a ring of `num_stages` slots carrying tiles from a producer
// region to a consumer region. The region ops and their stage plumbing are
// ordered by the pipeline value and its tokens, not by
// MemoryConsistencyOpInterface (seed 003).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_PIPELINEOPS_TD
#define TILECC_TILEAS_PIPELINEOPS_TD

include "TileAS/IR/TileASOpBase.td"

def TileAS_PipelineCreateOp : TileAS_Op<"async.pipeline.create"> {
  let summary = "create a multi-stage pipeline";
  let description = [{
    `barriers %b : !nv_tileaa.ptr<i64, 3>`: the pipeline's mbarriers live
    at `%b`: a full barrier per stage (one arrival: the producer's commit,
    plus the bytes its bulk copies complete), then an empty barrier per
    stage (one arrival per thread of the CTA: the consumers' release). The
    create initializes them, between two CTA barriers. With
    `released_by_mma`, a stage is released by the tensor core instead
    (`mma_release`): its empty barrier takes one arrival, the tcgen05.commit
    of the MMAs that read the slot.
  }];
  let arguments = (ins AnyType:$barriers,
                       ConfinedAttr<I32Attr, [IntPositive]>:$num_stages,
                       UnitAttr:$released_by_mma);
  let results = (outs Res<TileAS_PipelineType, "",
                          [MemAlloc<DefaultResource, 0, FullEffect>]>:$pipeline);
  let assemblyFormat = [{
    `barriers` $barriers `:` type($barriers) attr-dict `:`
    qualified(type($pipeline))
  }];
}

def TileAS_PipelineProducerOp : TileAS_Op<"async.pipeline.producer"> {
  let summary = "region producing pipeline slots";
  let description = [{
    `warps(N)`: the region is the pipeline's producer role of a
    warp-specialized kernel: the body runs once, on N warps of its own
    (whole warpgroups) that the CTA has on top of the warps its tiles are
    distributed over, and fills every slot itself (producer_acquire,
    tma_load into the rings, producer_commit); it takes no arguments and
    yields nothing. Those warps run nothing of the kernel after the region
    and take part in no CTA barrier after it. With `max_registers`, they
    first give their registers back down to that many per thread
    (setmaxnreg.dec). The role's consumer region follows it in the same
    block.
  }];
  let arguments = (ins TileAS_PipelineType:$pipeline,
                       ConfinedAttr<I32Attr, [IntPositive]>:$warps,
                       OptionalAttr<I32Attr>:$max_registers);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $pipeline `warps` `(` $warps `)` attr-dict `:`
    qualified(type($pipeline)) $body
  }];
  let hasRegionVerifier = 1;
}

def TileAS_PipelineConsumerOp : TileAS_Op<"async.pipeline.consumer"> {
  let summary = "region consuming pipeline slots";
  let description = [{
    `warps(N)`: the region is the consumer role of a warp-specialized
    kernel: the body runs on the kernel's N warps (those its tiles are
    distributed over, whole warpgroups), takes no arguments, waits for and
    releases the slots itself (consumer_wait, async.pipeline.slot,
    consumer_release) and yields its results. It directly follows the role's
    producer region. With `max_registers` its warps first raise their
    registers to that many per thread (setmaxnreg.inc).
  }];
  let arguments = (ins TileAS_PipelineType:$pipeline,
                       ConfinedAttr<I32Attr, [IntPositive]>:$warps,
                       OptionalAttr<I32Attr>:$max_registers);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $pipeline `warps` `(` $warps `)` attr-dict `:`
    qualified(type($pipeline)) (`->` type($results)^)? $body
  }];
  let hasRegionVerifier = 1;
}

def TileAS_PipelineSlotOp : TileAS_Op<"async.pipeline.slot", [Pure]> {
  let summary = "the tile a warp-specialized producer put in a ring slot";
  let description = [{
    `%f = nv_tileas.async.pipeline.slot %ring[%slot] : !nv_tileaa.ptr<f16, 3>
    -> !nv_tileas.future<tensor<128x32xf16, #l>>`: slot `%slot` of the
    shared-memory ring `%ring` (slots one tile apart), as the producer
    region's tma_load filled it. The consumer's consumer_wait of the fill
    completes the future.
  }];
  let arguments = (ins AnyType:$ring, Index:$slot);
  let results = (outs TileAS_Future:$result);
  let assemblyFormat = [{
    $ring `[` $slot `]` attr-dict `:` type($ring) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

// `$stage` counts the pipeline's fills since its create: fill `n` uses slot
// n mod num_stages in its phase n / num_stages, so a barrier wait knows the
// parity it waits for.
class TileAS_StageOp<string mnemonic, string what>
    : TileAS_Op<"async.pipeline." # mnemonic> {
  let summary = what;
  let arguments = (ins TileAS_PipelineType:$pipeline, Index:$stage);
  let assemblyFormat = "$pipeline `,` $stage attr-dict `:` qualified(type($pipeline))";
}

def TileAS_ProducerAcquireOp : TileAS_StageOp<"producer_acquire",
    "wait until a stage's slot is free for the producer"> {
  let description = [{
    Every thread waits, or with `copy_issuer` only the warp whose elected
    thread issues the fill's copies (the slot's only writer).
  }];
  let arguments = (ins TileAS_PipelineType:$pipeline, Index:$stage,
                       UnitAttr:$copy_issuer);
}
def TileAS_ProducerCommitOp : TileAS_StageOp<"producer_commit",
    "publish a filled stage to the consumer">;
def TileAS_ConsumerWaitOp : TileAS_StageOp<"consumer_wait",
    "wait until a stage's slot holds committed data"> {
  let description = [{
    Every thread of the consumer waits, or with `mma_issuer` only the warp
    that issues the tcgen05 MMAs (warp 0): the slot's only readers are its
    MMAs, so the other warps go on without waiting.
  }];
  let arguments = (ins TileAS_PipelineType:$pipeline, Index:$stage,
                       UnitAttr:$mma_issuer);
}
def TileAS_ConsumerReleaseOp : TileAS_StageOp<"consumer_release",
    "hand a consumed stage back to the producer"> {
  let hasVerifier = 1;
}
def TileAS_MmaReleaseOp : TileAS_StageOp<"mma_release",
    "hand a stage back once the tcgen05 MMAs issued so far have read it"> {
  let description = [{
    `nv_tileas.async.pipeline.mma_release %pipe, %fill`: the thread that
    issues the tcgen05 MMAs makes a `tcgen05.commit` onto the empty barrier
    of fill `%fill`; the barrier completes when every MMA that thread issued
    before it is complete (so the slot those MMAs read is free), without a
    CTA barrier or any other thread. Fill -1 is none (nothing is released).
    Its pipeline is created `released_by_mma`.
  }];
  let hasVerifier = 1;
}

#endif // TILECC_TILEAS_PIPELINEOPS_TD
