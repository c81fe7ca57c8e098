//===- FlattenViewArguments.cpp - the calling convention of views ---------===//
//
// Below cuda_tile a view is not a value: every access reads the base
// pointer, sizes and strides from the make_tensor_view (and the
// make_*_view over it) that builds it. A function that takes a view (the
// conformance tests' testing$func form) therefore receives the view's
// run-time parts instead, and rebuilds the view at the top of its body:
//
//   view argument of type V over tensor_view<shape x T, strides=[...]>
//     -> tile<ptr<T>>                   the base pointer
//        tile<i64> per `?` in shape      the dynamic sizes, in order
//        tile<i64> per `?` in strides    the dynamic strides, in order
//
// Static sizes and strides, the tile shape, dim_map, traversal strides and
// padding are part of V, which the rebuilt make_tensor_view and
// make_partition_view / make_strided_view / make_gather_scatter_view carry.
// cuda_tile has no call op, so no call site needs the same rewrite (the
// nv_tileaa level, which has calls, flattens its own views and their call
// sites: TileAAToTileAS/FlattenViewArguments.cpp).
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tilecc;

/// The tensor_view a view type is built over (itself for a tensor_view).
static cuda_tile::TensorViewType underlyingTensorView(Type type) {
  return llvm::TypeSwitch<Type, cuda_tile::TensorViewType>(type)
      .Case([](cuda_tile::TensorViewType t) { return t; })
      .Case<cuda_tile::PartitionViewType, cuda_tile::StridedViewType,
            cuda_tile::GatherScatterViewType>(
          [](auto t) { return t.getTensorView(); })
      .Default([](Type) { return cuda_tile::TensorViewType(); });
}

/// The argument types a view over `view` is passed as.
static SmallVector<Type> flatTypes(cuda_tile::TensorViewType view) {
  MLIRContext *ctx = view.getContext();
  SmallVector<Type> types{cuda_tile::TileType::get(
      ctx, {}, cuda_tile::PointerType::get(view.getElementType()))};
  Type index = cuda_tile::TileType::get(ctx, {}, IntegerType::get(ctx, 64));
  auto dynamic = [](ArrayRef<int64_t> dims) {
    return llvm::count_if(dims, ShapedType::isDynamic);
  };
  types.append(dynamic(view.getShape()) + dynamic(view.getStrides()), index);
  return types;
}

/// Rebuilds a view of type `type` from its flattened parts.
static Value rebuildView(OpBuilder &b, Location loc, Type type,
                         ValueRange parts) {
  cuda_tile::TensorViewType tensorType = underlyingTensorView(type);
  int64_t sizes = llvm::count_if(tensorType.getShape(), ShapedType::isDynamic);
  Value tensor = cuda_tile::MakeTensorViewOp::create(
      b, loc, tensorType, parts.front(), parts.slice(1, sizes),
      parts.drop_front(1 + sizes));
  return llvm::TypeSwitch<Type, Value>(type)
      .Case([&](cuda_tile::TensorViewType) { return tensor; })
      .Case([&](cuda_tile::PartitionViewType t) -> Value {
        return cuda_tile::MakePartitionViewOp::create(b, loc, t, tensor);
      })
      .Case([&](cuda_tile::StridedViewType t) -> Value {
        return cuda_tile::MakeStridedViewOp::create(b, loc, t, tensor);
      })
      .Case([&](cuda_tile::GatherScatterViewType t) -> Value {
        return cuda_tile::MakeGatherScatterViewOp::create(b, loc, t, tensor);
      });
}

/// Replaces every view argument of `func` by its parts.
static void flattenFunction(FunctionOpInterface func) {
  Block &entry = func.getFunctionBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  // Back to front, so that the indices of earlier arguments stay valid.
  for (int64_t i = int64_t(func.getNumArguments()) - 1; i >= 0; --i) {
    BlockArgument arg = func.getArgument(i);
    cuda_tile::TensorViewType tensorType = underlyingTensorView(arg.getType());
    if (!tensorType)
      continue;
    SmallVector<Type> types = flatTypes(tensorType);
    SmallVector<unsigned> indices(types.size(), i + 1);
    SmallVector<DictionaryAttr> attrs(types.size());
    SmallVector<Location> locs(types.size(), arg.getLoc());
    // Cannot fail: a cuda_tile function type takes any argument types.
    (void)func.insertArguments(indices, types, attrs, locs);
    ValueRange parts = func.getArguments().slice(i + 1, types.size());
    b.setInsertionPointToStart(&entry);
    arg.replaceAllUsesWith(rebuildView(b, arg.getLoc(), arg.getType(), parts));
    (void)func.eraseArgument(i);
  }
}

void mlir::tilecc::flattenCudaTileViewArguments(ModuleOp module) {
  module.walk([](FunctionOpInterface func) {
    if (func.isExternal() ||
        !isa<cuda_tile::TestingFuncOp, cuda_tile::EntryOp>(func))
      return;
    flattenFunction(func);
  });
}
