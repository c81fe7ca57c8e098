//===- FlattenViewArguments.cpp - views across nv_tileaa calls ------------===//
//
// Below nv_tileaa a view is not a value: its accesses read the base pointer,
// sizes and strides from the make_memref (and block_tile) that builds it. A
// function parameter of view type is therefore passed as those parts, and
// the function rebuilds the view at the top of its body:
//
//   memref<shape x T, space, strides = [...]>
//     -> !nv_tileaa.ptr<T, space>        base
//        index                           offset (elements; 0 when absent)
//        index per `?` in shape          dynamic sizes, in order
//        index per `?` in strides        dynamic strides, in order
//   tiled_view<box x T, memref<...>[, dim_map]>
//     -> the parts of its memref; the box and dim_map are in the type, and
//        the rebuilt block_tile takes one memref dimension per box dimension.
//
// Every call of such a function passes the parts of the make_memref (and
// block_tile) that built the view in the caller. (Views that cuda_tile
// functions take are flattened before the conversion to nv_tileaa, by
// CudaTileToTileAA's FlattenViewArguments.cpp, since the cuda_tile
// lowering of views needs their make ops too.)
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

#include "TileAA/IR/TileAADialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {
/// How a view type crosses a call: the memref it is built over and, for a
/// tiled_view, the block_tile groups that rebuild it.
struct ViewShape {
  nv_tileaa::TileMemRefType memref;
  ArrayAttr dimGroups; // null for a memref
};
} // namespace

/// The groups of a tiled_view with one memref dimension per box dimension,
/// in the order of its layout (a dim_map), or the identity.
static ArrayAttr dimGroupsOf(nv_tileaa::TiledViewType view, int64_t rank) {
  Builder b(view.getContext());
  SmallVector<Attribute> groups;
  auto order = dyn_cast_if_present<DenseI64ArrayAttr>(view.getLayout());
  for (int64_t i = 0; i < rank; ++i)
    groups.push_back(b.getDenseI64ArrayAttr({order ? order[i] : i}));
  return b.getArrayAttr(groups);
}

/// What crossing a call means for `type`; failure (with the reason in `why`)
/// for a view that cannot be passed, nullopt for a non-view type.
static FailureOr<std::optional<ViewShape>> viewShapeOf(Type type,
                                                       std::string &why) {
  if (auto memref = dyn_cast<nv_tileaa::TileMemRefType>(type))
    return std::optional<ViewShape>(ViewShape{memref, {}});
  auto view = dyn_cast<nv_tileaa::TiledViewType>(type);
  if (!view)
    return std::optional<ViewShape>();
  auto memref = dyn_cast<nv_tileaa::TileMemRefType>(view.getSourceType());
  if (!memref) {
    why = "a tiled_view of no memref has no parts to pass";
    return failure();
  }
  int64_t rank = memref.getRank();
  auto order = dyn_cast_if_present<DenseI64ArrayAttr>(view.getLayout());
  if (static_cast<int64_t>(view.getShape().size()) != rank ||
      (view.getLayout() && (!order || order.size() != rank))) {
    why = "a tiled_view whose box dimensions are not one memref dimension "
          "each cannot be rebuilt from its type";
    return failure();
  }
  return std::optional<ViewShape>(ViewShape{memref, dimGroupsOf(view, rank)});
}

/// The parameter types that stand for a view over `memref`.
static SmallVector<Type> partTypes(nv_tileaa::TileMemRefType memref) {
  SmallVector<Type> types{nv_tileaa::PtrType::get(memref.getElementType(),
                                                  memref.getAddressSpace())};
  types.append(1 + memref.getNumDynamicDims() + memref.getNumDynamicStrides(),
               IndexType::get(memref.getContext()));
  return types;
}

/// Rebuilds the view of type `type` from its parts.
static Value rebuild(OpBuilder &b, Location loc, Type type,
                     const ViewShape &shape, ValueRange parts) {
  nv_tileaa::TileMemRefType memref = shape.memref;
  unsigned sizes = memref.getNumDynamicDims();
  IntegerAttr scope;
  if (memref.getAliasScope())
    scope = b.getI64IntegerAttr(memref.getAliasScope());
  Value result = nv_tileaa::MakeMemRefOp::create(
      b, loc, memref, parts[0], parts[1], parts.slice(2, sizes),
      parts.drop_front(2 + sizes), scope);
  if (!shape.dimGroups)
    return result;
  auto view = cast<nv_tileaa::TiledViewType>(type);
  return nv_tileaa::BlockTileOp::create(
      b, loc, view, result, b.getDenseI64ArrayAttr(view.getShape()),
      shape.dimGroups);
}

/// The parts of `value`, a view of `shape` built in the calling function.
static FailureOr<SmallVector<Value>> partsOf(OpBuilder &b, Location loc,
                                             Value value,
                                             const ViewShape &shape) {
  if (shape.dimGroups) {
    auto block = value.getDefiningOp<nv_tileaa::BlockTileOp>();
    if (!block || block.getDimGroups() != shape.dimGroups)
      return failure();
    value = block.getSrc();
  }
  auto make = value.getDefiningOp<nv_tileaa::MakeMemRefOp>();
  if (!make)
    return failure();
  SmallVector<Value> parts{make.getBase()};
  parts.push_back(make.getOffset()
                      ? make.getOffset()
                      : Value(arith::ConstantIndexOp::create(b, loc, 0)));
  llvm::append_range(parts, make.getSizes());
  llvm::append_range(parts, make.getStrides());
  return parts;
}

LogicalResult mlir::tilecc::flattenTileAAViewArguments(ModuleOp module) {
  bool ok = true;
  // Functions whose signature changed, with the view shape of each original
  // parameter (nullopt for the others).
  llvm::StringMap<SmallVector<std::optional<ViewShape>>> flattened;
  for (auto func : module.getOps<nv_tileaa::FuncOp>()) {
    SmallVector<std::optional<ViewShape>> shapes;
    bool hasView = false;
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      std::string why;
      FailureOr<std::optional<ViewShape>> shape = viewShapeOf(type, why);
      if (failed(shape)) {
        Location loc = func.isExternal() ? func.getLoc() : func.getArgument(i).getLoc();
        emitError(loc) << "view argument #" << i << " of '" << func.getName()
                       << "' is not supported by tilecc: " << why;
        ok = false;
        shape = std::optional<ViewShape>();
      }
      hasView |= shape->has_value();
      shapes.push_back(*shape);
    }
    if (!hasView)
      continue;
    // Back to front, so that the indices of earlier parameters stay valid.
    for (int64_t i = int64_t(shapes.size()) - 1; i >= 0; --i) {
      if (!shapes[i])
        continue;
      SmallVector<Type> types = partTypes(shapes[i]->memref);
      SmallVector<unsigned> at(types.size(), i + 1);
      SmallVector<DictionaryAttr> attrs(types.size());
      Location loc = func.isExternal() ? func.getLoc() : func.getArgument(i).getLoc();
      SmallVector<Location> locs(types.size(), loc);
      Type viewType = func.getArgumentTypes()[i];
      (void)func.insertArguments(at, types, attrs, locs);
      if (!func.isExternal()) {
        Block &entry = func.getBody().front();
        OpBuilder b = OpBuilder::atBlockBegin(&entry);
        func.getArgument(i).replaceAllUsesWith(
            rebuild(b, loc, viewType, *shapes[i],
                    func.getArguments().slice(i + 1, types.size())));
      }
      (void)func.eraseArgument(i);
    }
    flattened[func.getName()] = std::move(shapes);
  }

  module.walk([&](nv_tileaa::CallOp call) {
    auto it = flattened.find(call.getCallee());
    if (it == flattened.end())
      return;
    OpBuilder b(call);
    SmallVector<Value> operands;
    for (auto [i, operand] : llvm::enumerate(call.getOperands())) {
      const std::optional<ViewShape> &shape = it->second[i];
      if (!shape) {
        operands.push_back(operand);
        continue;
      }
      FailureOr<SmallVector<Value>> parts =
          partsOf(b, call.getLoc(), operand, *shape);
      if (failed(parts)) {
        call.emitOpError() << "passes view operand #" << i
                           << ", which is not built in the calling function "
                              "by make_memref (and a block_tile of its type); "
                              "a view crosses a call as the parts it is "
                              "built from";
        ok = false;
        operands.push_back(operand);
        continue;
      }
      llvm::append_range(operands, *parts);
    }
    call->setOperands(operands);
    call->removeAttr(call.getArgAttrsAttrName());
  });
  return success(ok);
}
