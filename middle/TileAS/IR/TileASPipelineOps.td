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
    With `barriers %b : !nv_tileaa.ptr<i64, 3>` the pipeline's mbarriers live
    at `%b`: a full barrier per stage (one arrival: the producer's commit,
    plus the bytes its bulk copies complete), then an empty barrier per
    stage (one arrival per thread of the CTA: the consumers' release). The
    create initializes them, between two CTA barriers.
  }];
  let arguments = (ins Optional<AnyType>:$barriers,
                       ConfinedAttr<I32Attr, [IntPositive]>:$num_stages);
  let results = (outs Res<TileAS_PipelineType, "",
                          [MemAlloc<DefaultResource, 0, FullEffect>]>:$pipeline);
  let assemblyFormat = [{
    (`barriers` $barriers^ `:` type($barriers))? attr-dict `:`
    qualified(type($pipeline))
  }];
}

def TileAS_PipelineProducerOp : TileAS_Op<"async.pipeline.producer"> {
  let summary = "region producing one pipeline slot";
  let description = [{
    The body computes the tiles of one slot and yields them; the yield
    commits the slot to the pipeline.
  }];
  let arguments = (ins TileAS_PipelineType:$pipeline);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$pipeline attr-dict `:` qualified(type($pipeline)) $body";
  let hasRegionVerifier = 1;
}

def TileAS_PipelineConsumerOp : TileAS_Op<"async.pipeline.consumer"> {
  let summary = "region consuming one pipeline slot";
  let description = [{
    The body receives the tiles of the oldest committed slot as block
    arguments; the slot is released when the body yields its results.
  }];
  let arguments = (ins TileAS_PipelineType:$pipeline);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $pipeline attr-dict `:` qualified(type($pipeline)) (`->` type($results)^)?
    $body
  }];
  let hasRegionVerifier = 1;
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
    "wait until a stage's slot is free for the producer">;
def TileAS_ProducerCommitOp : TileAS_StageOp<"producer_commit",
    "publish a filled stage to the consumer">;
def TileAS_ConsumerWaitOp : TileAS_StageOp<"consumer_wait",
    "wait until a stage's slot holds committed data">;
def TileAS_ConsumerReleaseOp : TileAS_StageOp<"consumer_release",
    "hand a consumed stage back to the producer">;

#endif // TILECC_TILEAS_PIPELINEOPS_TD
