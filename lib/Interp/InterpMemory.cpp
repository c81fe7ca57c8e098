//===- InterpMemory.cpp - interpreter semantics of memory ops -------------===//
//
// Views, view and pointer loads/stores, pointer offsets, atomics and tokens.
// The interpreter runs one tile block at a time, so tokens carry no state and
// each atomic is simply a read-modify-write in program order.
//
//===----------------------------------------------------------------------===//
#include "Interp/Interpreter.h"

#include "CudaTile/IR/CudaTileDialect.h"

using namespace mlir;
using namespace tilecc::interp;
namespace ct = mlir::cuda_tile;

namespace {

/// Bytes one element occupies in memory (i1 takes a byte; tf32 is stored
/// as an f32 whose low 13 mantissa bits it ignores).
unsigned storageBytes(Type elementType) {
  if (isa<FloatTF32Type>(elementType))
    return 4;
  return std::max(1u, getBitWidth(elementType) / 8);
}

LogicalResult memoryError(Operation *op, const std::string &message) {
  return op->emitError("reference interpreter: ") << message;
}

/// Sub-byte elements (4-bit f4E2M1FN, i4) are packed in memory, two per
/// byte, the element at the lower index in the low nibble (PTX's e2m1x2 and
/// CUDA's __nv_fp4x2_e2m1 order). i1 takes a whole byte.
bool isPacked(Type elementType) {
  unsigned width = getBitWidth(elementType);
  return width < 8 && width != 1;
}

/// The byte at `address` that holds a packed element; only a view (an
/// element index) gives the element's `bit` offset in it.
LogicalResult loadPackedByte(Operation *op, BlockExecution &exec,
                             uint64_t address, std::optional<unsigned> bit,
                             uint64_t &byte) {
  if (!bit)
    return memoryError(op, "a pointer addresses whole bytes; sub-byte "
                           "elements are accessed through a tensor view");
  if (auto error = exec.getLaunch().memory.load(address, 1, byte))
    return memoryError(op, *error);
  return success();
}

/// Reads the element at `address`; a packed element also needs its bit
/// offset in the byte, which only a view (an element index) provides.
LogicalResult loadElement(Operation *op, BlockExecution &exec, uint64_t address,
                          Type elementType, uint64_t &bits,
                          std::optional<unsigned> bit = std::nullopt) {
  if (isPacked(elementType)) {
    uint64_t byte = 0;
    if (failed(loadPackedByte(op, exec, address, bit, byte)))
      return failure();
    bits = (byte >> *bit) & ((1u << getBitWidth(elementType)) - 1);
    return success();
  }
  if (auto error = exec.getLaunch().memory.load(address, storageBytes(elementType), bits))
    return memoryError(op, *error);
  if (getBitWidth(elementType) == 1)
    bits &= 1;
  if (isa<FloatTF32Type>(elementType))
    bits >>= 13;
  return success();
}

/// Writes the element at `address`; a packed element replaces its bits
/// only, leaving the other element of the byte as it was.
LogicalResult storeElement(Operation *op, BlockExecution &exec, uint64_t address,
                           Type elementType, uint64_t bits,
                           std::optional<unsigned> bit = std::nullopt) {
  if (isPacked(elementType)) {
    uint64_t byte = 0;
    if (failed(loadPackedByte(op, exec, address, bit, byte)))
      return failure();
    uint64_t mask = ((1u << getBitWidth(elementType)) - 1) << *bit;
    byte = (byte & ~mask) | ((bits << *bit) & mask);
    if (auto error = exec.getLaunch().memory.store(address, 1, byte))
      return memoryError(op, *error);
    return success();
  }
  if (isa<FloatTF32Type>(elementType))
    bits <<= 13;
  if (auto error = exec.getLaunch().memory.store(address, storageBytes(elementType), bits))
    return memoryError(op, *error);
  return success();
}

/// The value of a padding mode for a float or integer element type; none
/// where the type cannot represent it (NaN or infinity in f4E2M1FN).
std::optional<uint64_t> paddingBits(ct::PaddingValueAttr padding, Type elementType) {
  if (!padding || !isFloat(elementType))
    return 0;
  const llvm::fltSemantics &sem = getSemantics(elementType);
  switch (padding.getValue()) {
  case ct::PaddingValue::Zero: return fromAPFloat(llvm::APFloat::getZero(sem));
  case ct::PaddingValue::NegZero: return fromAPFloat(llvm::APFloat::getZero(sem, true));
  case ct::PaddingValue::Nan:
    if (!llvm::APFloat::semanticsHasNaN(sem))
      return std::nullopt;
    return fromAPFloat(llvm::APFloat::getNaN(sem));
  case ct::PaddingValue::PosInf:
  case ct::PaddingValue::NegInf:
    if (!llvm::APFloat::semanticsHasNaN(sem))
      return std::nullopt;
    return fromAPFloat(llvm::APFloat::getInf(
        sem, padding.getValue() == ct::PaddingValue::NegInf));
  }
  return 0;
}

int64_t scalarInt(BlockExecution &exec, Value value) {
  const Tile &tile = exec.get(value);
  return decodeSigned(tile.elementType, tile.bits[0]);
}

/// Where each element of one tile of a partition, strided or gather/scatter
/// view lies:
/// calls `visit(tileLinearIndex, address, bit, inBounds)`, `bit` being the
/// element's offset in its byte (non-zero only for packed elements).
template <typename Fn>
LogicalResult forEachViewElement(Operation *op, BlockExecution &exec,
                                 Value viewValue, ValueRange indexValues,
                                 Type &elementType, ct::PaddingValueAttr &padding,
                                 llvm::SmallVectorImpl<int64_t> &tileShape,
                                 Fn visit) {
  const ViewValue &view = exec.getView(viewValue);
  ArrayRef<int32_t> dimMap;
  llvm::SmallVector<int64_t, 4> origins; // per tile dim, in tensor elements
  llvm::SmallVector<int64_t, 4> index;
  for (Value v : indexValues)
    index.push_back(scalarInt(exec, v));
  llvm::SmallVector<int32_t, 4> identityMap;
  llvm::SmallVector<int64_t> rows; // gather_scatter_view rows
  std::optional<unsigned> sparseDim;
  if (auto partition = dyn_cast<ct::PartitionViewType>(viewValue.getType())) {
    dimMap = partition.getDimMap();
    padding = partition.getPaddingValue();
    elementType = partition.getTensorView().getElementType();
    tileShape.assign(partition.getTileShape().asArrayRef().begin(),
                     partition.getTileShape().asArrayRef().end());
    for (auto [d, size] : llvm::enumerate(tileShape))
      origins.push_back(index[d] * size);
  } else if (auto strided = dyn_cast<ct::StridedViewType>(viewValue.getType())) {
    // Tile i starts i * traversal_strides elements in.
    dimMap = strided.getDimMap();
    padding = strided.getPaddingValue();
    elementType = strided.getTensorView().getElementType();
    tileShape.assign(strided.getTileShape().asArrayRef().begin(),
                     strided.getTileShape().asArrayRef().end());
    for (auto [d, stride] : llvm::enumerate(strided.getTraversalStrides()))
      origins.push_back(index[d] * stride);
  } else if (auto gather = dyn_cast<ct::GatherScatterViewType>(viewValue.getType())) {
    // Along sparse_dim the index is a tile of element rows; elsewhere tile
    // indices as in a partition view.
    unsigned sparse = gather.getSparseDim();
    padding = gather.getPaddingValue();
    elementType = gather.getTensorView().getElementType();
    tileShape.assign(gather.getTileShape().asArrayRef().begin(),
                     gather.getTileShape().asArrayRef().end());
    identityMap.resize(tileShape.size());
    for (auto [d, size] : llvm::enumerate(tileShape)) {
      identityMap[d] = static_cast<int32_t>(d);
      origins.push_back(d == sparse ? 0 : index[d] * size);
    }
    dimMap = identityMap;
    const Tile &rowTile = exec.get(indexValues[sparse]);
    for (uint64_t bits : rowTile.bits)
      rows.push_back(decodeSigned(rowTile.elementType, bits));
    sparseDim = sparse;
  } else {
    return memoryError(op, "this view type is not supported by the interpreter");
  }
  int64_t count = 1;
  for (int64_t dim : tileShape)
    count *= dim;
  unsigned elementBytes = storageBytes(elementType);
  llvm::SmallVector<int64_t, 4> coord(view.shape.size());
  for (int64_t linear = 0; linear < count; ++linear) {
    // Row-major tile coordinates.
    int64_t rest = linear;
    llvm::SmallVector<int64_t, 4> t(tileShape.size());
    for (int d = static_cast<int>(tileShape.size()) - 1; d >= 0; --d) {
      t[d] = rest % tileShape[d];
      rest /= tileShape[d];
    }
    bool inBounds = true;
    int64_t offset = 0;
    for (auto [d, tensorDim] : llvm::enumerate(dimMap)) {
      int64_t c = sparseDim && d == *sparseDim ? rows[t[d]] : origins[d] + t[d];
      inBounds &= c >= 0 && c < view.shape[tensorDim];
      offset += c * view.strides[tensorDim];
    }
    uint64_t address = view.base + offset * elementBytes;
    unsigned bit = 0;
    if (isPacked(elementType)) {
      int64_t bitOffset = offset * getBitWidth(elementType);
      address = view.base + llvm::divideFloorSigned(bitOffset, 8);
      bit = static_cast<unsigned>(bitOffset - llvm::divideFloorSigned(bitOffset, 8) * 8);
    }
    if (failed(visit(linear, address, bit, inBounds)))
      return failure();
  }
  return success();
}

/// The value an atomic of `mode` stores, given the old value and the operand.
uint64_t applyAtomicMode(ct::AtomicRMWMode mode, Type type, uint64_t old,
                         uint64_t v) {
  uint64_t updated = 0;
  switch (mode) {
  case ct::AtomicRMWMode::And: updated = old & v; break;
  case ct::AtomicRMWMode::Or: updated = old | v; break;
  case ct::AtomicRMWMode::Xor: updated = old ^ v; break;
  case ct::AtomicRMWMode::Xchg: updated = v; break;
  case ct::AtomicRMWMode::Add:
    if (isFloat(type)) {
      llvm::APFloat sum = toAPFloat(type, old);
      sum.add(toAPFloat(type, v), llvm::RoundingMode::NearestTiesToEven);
      updated = fromAPFloat(sum);
    } else {
      updated = old + v;
    }
    break;
  case ct::AtomicRMWMode::AddF: {
    llvm::APFloat sum = toAPFloat(type, old);
    sum.add(toAPFloat(type, v), llvm::RoundingMode::NearestTiesToEven);
    updated = fromAPFloat(sum);
    break;
  }
  case ct::AtomicRMWMode::Max:
    if (isFloat(type))
      updated = decodeFloat(type, old) >= decodeFloat(type, v) ? old : v;
    else
      updated = decodeSigned(type, old) >= decodeSigned(type, v) ? old : v;
    break;
  case ct::AtomicRMWMode::Min:
    if (isFloat(type))
      updated = decodeFloat(type, old) <= decodeFloat(type, v) ? old : v;
    else
      updated = decodeSigned(type, old) <= decodeSigned(type, v) ? old : v;
    break;
  case ct::AtomicRMWMode::UMax:
    updated = decodeUnsigned(type, old) >= decodeUnsigned(type, v) ? old : v;
    break;
  case ct::AtomicRMWMode::UMin:
    updated = decodeUnsigned(type, old) <= decodeUnsigned(type, v) ? old : v;
    break;
  }
  return updated;
}

} // namespace

void tilecc::interp::registerMemoryHandlers(OpHandlerRegistry &registry) {
  auto token = [](Operation *op, BlockExecution &exec) -> LogicalResult {
    exec.setToken(op->getResult(0));
    return success();
  };
  registry.add<ct::MakeTokenOp>(token);
  registry.add<ct::JoinTokensOp>(token);
  // One tile block runs at a time and its memory operations complete in
  // program order: grid dependency control and the alias fence only order.
  registry.add<ct::GdcLaunchDependentsTkoOp>(token);
  registry.add<ct::GdcWaitTkoOp>(token);
  registry.add<ct::MemoryFenceAliasTkoOp>(token);

  registry.add<ct::MakeTensorViewOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto make = cast<ct::MakeTensorViewOp>(op);
    auto type = cast<ct::TensorViewType>(make.getType());
    ViewValue view;
    view.base = exec.get(make.getBase()).bits[0];
    auto dynamicShape = make.getDynamicShape();
    auto dynamicStrides = make.getDynamicStrides();
    unsigned nextShape = 0, nextStride = 0;
    for (int64_t dim : type.getShape())
      view.shape.push_back(ShapedType::isDynamic(dim)
                               ? scalarInt(exec, dynamicShape[nextShape++])
                               : dim);
    for (int64_t stride : type.getStrides())
      view.strides.push_back(ShapedType::isDynamic(stride)
                                 ? scalarInt(exec, dynamicStrides[nextStride++])
                                 : stride);
    exec.setView(make.getResult(), std::move(view));
    return success();
  });
  auto makeView = [](Operation *op, BlockExecution &exec) -> LogicalResult {
    exec.setView(op->getResult(0), exec.getView(op->getOperand(0)));
    return success();
  };
  registry.add<ct::MakePartitionViewOp>(makeView);
  registry.add<ct::MakeStridedViewOp>(makeView);
  registry.add<ct::MakeGatherScatterViewOp>(makeView);
  registry.add<ct::GetTensorShapeOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    const ViewValue &view = exec.getView(op->getOperand(0));
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      Type type = cast<ct::TileType>(result.getType()).getElementType();
      exec.set(result, Tile::scalar(type, truncateToWidth(type, view.shape[i])));
    }
    return success();
  });
  // The tiles that start inside the tensor: ceil(extent / step), the step
  // being the tile size (partition, gather_scatter dense dims) or the
  // traversal stride (strided); along a gather_scatter_view's sparse
  // dimension every row is an index.
  registry.add<ct::GetIndexSpaceShapeOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    Type viewType = op->getOperand(0).getType();
    const ViewValue &view = exec.getView(op->getOperand(0));
    for (auto [d, result] : llvm::enumerate(op->getResults())) {
      int64_t extent = 0, step = 1;
      if (auto partition = dyn_cast<ct::PartitionViewType>(viewType)) {
        extent = view.shape[partition.getDimMap()[d]];
        step = partition.getTileShape().asArrayRef()[d];
      } else if (auto strided = dyn_cast<ct::StridedViewType>(viewType)) {
        extent = view.shape[strided.getDimMap()[d]];
        step = strided.getTraversalStrides()[d];
      } else if (auto gather = dyn_cast<ct::GatherScatterViewType>(viewType)) {
        extent = view.shape[d];
        if (d != gather.getSparseDim())
          step = gather.getTileShape().asArrayRef()[d];
      } else {
        return memoryError(op, "this view type is not supported by the interpreter");
      }
      int64_t count = (extent + step - 1) / step;
      Type type = cast<ct::TileType>(result.getType()).getElementType();
      exec.set(result, Tile::scalar(type, truncateToWidth(type, count)));
    }
    return success();
  });

  registry.add<ct::LoadViewTkoOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto load = cast<ct::LoadViewTkoOp>(op);
    auto resultType = cast<ct::TileType>(load.getTile().getType());
    Tile out(resultType.getShape(), resultType.getElementType());
    Type elementType;
    ct::PaddingValueAttr padding;
    llvm::SmallVector<int64_t, 4> tileShape;
    if (failed(forEachViewElement(
            op, exec, load.getView(), load.getIndex(), elementType, padding,
            tileShape, [&](int64_t i, uint64_t address, unsigned bit, bool inBounds) {
              if (!inBounds) {
                std::optional<uint64_t> pad = paddingBits(padding, elementType);
                if (!pad)
                  return memoryError(
                      op, "padding value " +
                              ct::stringifyPaddingValue(padding.getValue()).str() +
                              " is not representable in the element type");
                out.bits[i] = *pad;
                return success();
              }
              return loadElement(op, exec, address, elementType, out.bits[i], bit);
            })))
      return failure();
    exec.set(load.getTile(), std::move(out));
    exec.setToken(load.getResultToken());
    return success();
  });
  registry.add<ct::StoreViewTkoOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto store = cast<ct::StoreViewTkoOp>(op);
    const Tile &value = exec.get(store.getTile());
    Type elementType;
    ct::PaddingValueAttr padding;
    llvm::SmallVector<int64_t, 4> tileShape;
    if (failed(forEachViewElement(
            op, exec, store.getView(), store.getIndex(), elementType, padding,
            tileShape, [&](int64_t i, uint64_t address, unsigned bit, bool inBounds) {
              if (!inBounds)
                return success(); // out-of-bounds stores are masked
              return storeElement(op, exec, address, elementType, value.bits[i],
                                  bit);
            })))
      return failure();
    exec.setToken(store.getResultToken());
    return success();
  });

  // Each element of the tile is combined into the view atomically; elements
  // outside the tensor are skipped.
  registry.add<ct::AtomicRedViewTkoOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto red = cast<ct::AtomicRedViewTkoOp>(op);
    const Tile &value = exec.get(red.getValue());
    Type elementType;
    ct::PaddingValueAttr padding;
    llvm::SmallVector<int64_t, 4> tileShape;
    if (failed(forEachViewElement(
            op, exec, red.getView(), red.getIndex(), elementType, padding,
            tileShape, [&](int64_t i, uint64_t address, unsigned bit, bool inBounds) {
              if (!inBounds)
                return success();
              uint64_t old;
              if (failed(loadElement(op, exec, address, elementType, old)))
                return failure();
              uint64_t updated =
                  applyAtomicMode(red.getMode(), elementType, old, value.bits[i]);
              return storeElement(op, exec, address, elementType,
                                  truncateToWidth(elementType, updated));
            })))
      return failure();
    exec.setToken(red.getResultToken());
    return success();
  });

  registry.add<ct::OffsetOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto offset = cast<ct::OffsetOp>(op);
    const Tile &ptrs = exec.get(offset.getPtr());
    const Tile &offsets = exec.get(offset.getOffset());
    auto pointer = cast<ct::PointerType>(ptrs.elementType);
    Type pointee = pointer.getPointeeType();
    unsigned bytes = storageBytes(pointee);
    Tile out(ptrs.shape, ptrs.elementType);
    for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
      int64_t count = decodeSigned(offsets.elementType, offsets.bits[i]);
      // Packed elements share bytes: the offset advances count * width / 8
      // bytes, and a count that ends inside a byte names no location.
      if (isPacked(pointee)) {
        int64_t bits = count * int64_t(getBitWidth(pointee));
        if (bits % 8 != 0)
          return memoryError(op, "offset of a pointer to packed sub-byte "
                                 "elements by " + std::to_string(count) +
                                 " ends inside a byte");
        out.bits[i] = ptrs.bits[i] + static_cast<uint64_t>(bits / 8);
        continue;
      }
      out.bits[i] = ptrs.bits[i] + static_cast<uint64_t>(count) * bytes;
    }
    exec.set(offset.getResult(), std::move(out));
    return success();
  });

  registry.add<ct::LoadPtrTkoOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto load = cast<ct::LoadPtrTkoOp>(op);
    const Tile &ptrs = exec.get(load.getSource());
    auto resultType = cast<ct::TileType>(load.getResult().getType());
    Tile out(resultType.getShape(), resultType.getElementType());
    const Tile *mask = load.getMask() ? &exec.get(load.getMask()) : nullptr;
    const Tile *pad = load.getPaddingValue() ? &exec.get(load.getPaddingValue()) : nullptr;
    for (int64_t i = 0, e = out.getNumElements(); i < e; ++i) {
      if (mask && !(mask->bits[i] & 1)) {
        out.bits[i] = pad ? pad->bits[pad->getNumElements() == 1 ? 0 : i] : 0;
        continue;
      }
      if (failed(loadElement(op, exec, ptrs.bits[i], out.elementType, out.bits[i])))
        return failure();
    }
    exec.set(load.getResult(), std::move(out));
    exec.setToken(load.getResultToken());
    return success();
  });
  registry.add<ct::StorePtrTkoOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto store = cast<ct::StorePtrTkoOp>(op);
    const Tile &ptrs = exec.get(store.getDestination());
    const Tile &value = exec.get(store.getValue());
    const Tile *mask = store.getMask() ? &exec.get(store.getMask()) : nullptr;
    for (int64_t i = 0, e = value.getNumElements(); i < e; ++i) {
      if (mask && !(mask->bits[i] & 1))
        continue;
      if (failed(storeElement(op, exec, ptrs.bits[i], value.elementType, value.bits[i])))
        return failure();
    }
    exec.setToken(store.getResultToken());
    return success();
  });

  registry.add<ct::AtomicRMWTkoOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto rmw = cast<ct::AtomicRMWTkoOp>(op);
    const Tile &ptrs = exec.get(rmw.getPointers());
    const Tile &arg = exec.get(rmw.getArg());
    const Tile *mask = rmw.getMask() ? &exec.get(rmw.getMask()) : nullptr;
    Type type = arg.elementType;
    Tile out(arg.shape, type);
    for (int64_t i = 0, e = arg.getNumElements(); i < e; ++i) {
      if (mask && !(mask->bits[i] & 1)) {
        out.bits[i] = arg.bits[i];
        continue;
      }
      uint64_t old;
      if (failed(loadElement(op, exec, ptrs.bits[i], type, old)))
        return failure();
      uint64_t updated = applyAtomicMode(rmw.getMode(), type, old, arg.bits[i]);
      if (failed(storeElement(op, exec, ptrs.bits[i], type, truncateToWidth(type, updated))))
        return failure();
      out.bits[i] = old;
    }
    exec.set(rmw.getResult(), std::move(out));
    exec.setToken(rmw.getResultToken());
    return success();
  });
  registry.add<ct::AtomicCASTkoOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto cas = cast<ct::AtomicCASTkoOp>(op);
    const Tile &ptrs = exec.get(cas.getPointers());
    const Tile &cmp = exec.get(cas.getCmp());
    const Tile &val = exec.get(cas.getVal());
    const Tile *mask = cas.getMask() ? &exec.get(cas.getMask()) : nullptr;
    Type type = val.elementType;
    Tile out(val.shape, type);
    for (int64_t i = 0, e = val.getNumElements(); i < e; ++i) {
      if (mask && !(mask->bits[i] & 1)) {
        out.bits[i] = cmp.bits[i];
        continue;
      }
      uint64_t old;
      if (failed(loadElement(op, exec, ptrs.bits[i], type, old)))
        return failure();
      // Bitwise comparison, also for floats.
      if (old == cmp.bits[i] &&
          failed(storeElement(op, exec, ptrs.bits[i], type, val.bits[i])))
        return failure();
      out.bits[i] = old;
    }
    exec.set(cas.getResult(), std::move(out));
    exec.setToken(cas.getResultToken());
    return success();
  });
  registry.add<ct::AllocaOp>([](Operation *op, BlockExecution &exec) -> LogicalResult {
    auto alloca = cast<ct::AllocaOp>(op);
    auto type = cast<ct::TileType>(alloca.getResult().getType());
    auto pointer = cast<ct::PointerType>(type.getElementType());
    uint64_t address = exec.allocateLocal(
        alloca.getNumElem() * storageBytes(pointer.getPointeeType()),
        alloca.getAlignment());
    exec.set(alloca.getResult(), Tile::scalar(pointer, address));
    return success();
  });
}
