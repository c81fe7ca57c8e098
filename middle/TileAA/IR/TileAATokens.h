//===- TileAATokens.h - the nv_tileaa memory-token algebra ------*- C++ -*-===//
//
// Queries over the token graph, and the contract its lowering must keep.
//
// Algebra: create_mem_token starts a chain (a complete token, the identity of
// join); join_mem_token is complete when every input is (associative,
// commutative, idempotent); every memory effect consumes a token and produces
// the successor token, complete once the effect is.
//
// Lowering contract (TileAA -> TileAS -> NVVM): each create_mem_token becomes
// one mbarrier from the CTA's pool of 32, initialised with the token's producer
// count (getNumProducers); a join becomes one parity wait per input; a memory
// effect is issued after its input token and arrives on its output token. Any
// representation that keeps these join and successor orderings is valid; pool
// exhaustion is an error, never a fallback to unordered traffic.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAA_IR_TILEAATOKENS_H
#define TILECC_TILEAA_IR_TILEAATOKENS_H

#include "TileAA/IR/TileAADialect.h"

namespace mlir::nv_tileaa {

/// Tokens that must be complete before `token` is: the inputs of a join, the
/// input token of the memory effect that produced it; none for a fresh token
/// or a block argument.
SmallVector<Value> getTokenPredecessors(Value token);

/// Whether `later` cannot complete before `earlier` has (reflexive).
bool isOrderedAfter(Value later, Value earlier);

/// The memory effects whose completion `token` implies, in program order.
SmallVector<MemTokenOpInterface> getEffectsOrderedBefore(Value token);

/// Producers the lowered barrier of `op` expects: the `producers` attribute
/// when present, else the number of memory effects that consume the token.
int64_t getNumProducers(CreateMemTokenOp op);

} // namespace mlir::nv_tileaa

#endif // TILECC_TILEAA_IR_TILEAATOKENS_H
