//===- EntryTokens.cpp - root untokened accesses at the entry token -------===//
//
// Tile IR orders memory accesses only through tokens: an access without an
// incoming token is ordered after nothing but the start of the kernel. In
// nv_tileaa every memory effect consumes a token (seed 002), so such an access
// consumes the function's entry token, one `make_token` at the top of the
// function. That adds no ordering edge the cuda_tile program did not have, and
// keeps one token (one barrier after lowering) per function, not per access.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"

using namespace mlir;

namespace {
/// Gives `op` the entry token of its function when it has no token.
template <typename OpT>
void rootAt(Operation *op, function_ref<Value()> entryToken) {
  auto access = dyn_cast<OpT>(op);
  if (access && !access.getToken())
    access.getTokenMutable().assign(entryToken());
}
} // namespace

void mlir::tilecc::rootUntokenedAccesses(Operation *root) {
  root->walk([](FunctionOpInterface function) {
    if (function.isExternal() || !isa<cuda_tile::CudaTileDialect>(
                                     function->getDialect()))
      return;
    Value entry;
    auto entryToken = [&]() -> Value {
      if (!entry) {
        Block &block = function.getFunctionBody().front();
        OpBuilder builder = OpBuilder::atBlockBegin(&block);
        entry = cuda_tile::MakeTokenOp::create(builder, function.getLoc());
      }
      return entry;
    };
    function.getFunctionBody().walk([&](Operation *op) {
      rootAt<cuda_tile::LoadViewTkoOp>(op, entryToken);
      rootAt<cuda_tile::StoreViewTkoOp>(op, entryToken);
      rootAt<cuda_tile::LoadPtrTkoOp>(op, entryToken);
      rootAt<cuda_tile::StorePtrTkoOp>(op, entryToken);
      rootAt<cuda_tile::AtomicRMWTkoOp>(op, entryToken);
      rootAt<cuda_tile::AtomicCASTkoOp>(op, entryToken);
      rootAt<cuda_tile::AtomicRedViewTkoOp>(op, entryToken);
    });
  });
}
