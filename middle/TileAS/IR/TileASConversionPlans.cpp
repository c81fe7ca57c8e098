//===- TileASConversionPlans.cpp - layout conversion plans per context ----===//

#include "TileAS/IR/TileASConversionPlans.h"
#include "TileAS/IR/TileASDialect.h"

using namespace mlir;
namespace tl = ::tilecc::layout;

llvm::Expected<tl::ConversionPlan>
nv_tileas::planLayoutConversion(MLIRContext *ctx, const tl::LinearLayout &src,
                                const tl::LinearLayout &dst, unsigned elemBits,
                                bool withShuffles) {
  if (auto *dialect = ctx->getLoadedDialect<TileASDialect>())
    if (auto *plans =
            dialect->getRegisteredInterface<ConversionPlanCacheInterface>())
      return plans->getCache().getPlan(src, dst, elemBits, withShuffles);
  return tl::planConversion(src, dst, elemBits, withShuffles);
}
