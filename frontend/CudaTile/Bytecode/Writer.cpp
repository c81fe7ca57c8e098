//===- Writer.cpp - cuda_tile module -> Tile IR bytecode ------------------===//
//
// Sections in file order: globals, functions, constants, debug info, types,
// producer, strings, end. Strings, types, constants and debug info are pooled
// while the functions are written, then emitted as index tables.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/Bytecode/Bytecode.h"
#include "CudaTile/Bytecode/Encoding.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::bc;

namespace {

/// A pool that numbers its entries in first-use order.
template <typename KeyT> struct Pool {
  llvm::MapVector<KeyT, uint64_t> index;
  uint64_t get(KeyT key) {
    auto [it, inserted] = index.insert({key, index.size()});
    return it->second;
  }
};

class Writer {
public:
  Writer(BytecodeVersion version) : version(version) {}
  LogicalResult write(cuda_tile::ModuleOp module, raw_ostream &os);

private:
  // Pools.
  uint64_t str(StringRef s) { return strings.get(s); }
  FailureOr<uint64_t> type(Type t, Operation *op);
  LogicalResult serializeType(Type t, EncodingWriter &w, Operation *op);
  FailureOr<uint64_t> constant(DenseElementsAttr attr);
  uint64_t debugIndex(Attribute loc);
  void serializeDebug(Attribute attr, EncodingWriter &w);
  LogicalResult checkLocation(Operation *op, Location loc);

  // Attributes.
  LogicalResult writeAttr(Operation *op, const AttrField &f, Attribute value,
                          EncodingWriter &w);
  LogicalResult writeSelfContained(Operation *op, Attribute value,
                                   EncodingWriter &w);
  LogicalResult writeDictionary(Operation *op, DictionaryAttr dict,
                                EncodingWriter &w);

  // Operations.
  LogicalResult writeOp(Operation *op, EncodingWriter &w);
  LogicalResult writeBlock(Block &block, EncodingWriter &w);
  void writeValues(ValueRange values, EncodingWriter &w);

  // Sections.
  LogicalResult writeGlobals(cuda_tile::ModuleOp module, EncodingWriter &w);
  LogicalResult prepareFunctions(cuda_tile::ModuleOp module);
  LogicalResult writeFunctions(EncodingWriter &w);
  void writeIndexedTable(ArrayRef<std::string> entries, EncodingWriter &w,
                         bool wideOffsets);

  BytecodeVersion version;
  Pool<StringRef> strings;
  Pool<Type> types;
  std::vector<std::string> typeBlobs;
  Pool<Attribute> constants;
  std::vector<std::string> constantBlobs;
  Pool<Attribute> debugAttrs;
  std::vector<std::string> debugBlobs;
  // Per function: its location, then each operation's, in writing order.
  std::vector<SmallVector<uint64_t>> debugLists;
  struct FunctionHeader {
    EntryOp entry;
    uint64_t name = 0, signature = 0;
    uint64_t debugList = 0; // 0: the function has no debug info
  };
  SmallVector<FunctionHeader> functions;
  DenseMap<Value, uint64_t> valueIds;
  uint64_t nextValue = 0;
  SmallVector<uint64_t> *currentDebugList = nullptr;
};

} // namespace

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static LogicalResult typeTooNew(Operation *op, StringRef name,
                                BytecodeVersion since,
                                BytecodeVersion version) {
  return emitError(UnknownLoc::get(op->getContext()))
         << "type '" << name << "' requires bytecode version " << since.str()
         << "+, targeting " << version.str();
}

FailureOr<uint64_t> Writer::type(Type t, Operation *op) {
  if (auto it = types.index.find(t); it != types.index.end())
    return it->second;
  // Entries reference earlier entries only: serialize dependencies first.
  EncodingWriter w;
  if (failed(serializeType(t, w, op)))
    return failure();
  uint64_t id = types.get(t);
  typeBlobs.push_back(w.data().str());
  return id;
}

LogicalResult Writer::serializeType(Type t, EncodingWriter &w, Operation *op) {
  auto typeRef = [&](Type inner) -> LogicalResult {
    FailureOr<uint64_t> id = type(inner, op);
    if (failed(id))
      return failure();
    w.varint(*id);
    return success();
  };
  auto scalar = [&](TypeTag tag, StringRef name,
                    BytecodeVersion since) -> LogicalResult {
    if (version < since)
      return typeTooNew(op, name, since, version);
    w.varint(tag);
    return success();
  };
  // Optional padding value of the view types: from 13.3 a flags varint
  // announces it, before that a presence byte precedes it.
  auto padding = [&](PaddingValueAttr pad) {
    bool unified = version >= v13_3;
    if (!unified)
      w.byte(pad ? 1 : 0);
    if (pad)
      w.varint(uint64_t(pad.getValue()));
  };
  if (auto i = dyn_cast<IntegerType>(t)) {
    switch (i.getWidth()) {
    case 1: return scalar(I1, "Int1", v13_1);
    case 4: return scalar(I4, "Int4", v13_3);
    case 8: return scalar(I8, "Int8", v13_1);
    case 16: return scalar(I16, "Int16", v13_1);
    case 32: return scalar(I32, "Int32", v13_1);
    case 64: return scalar(I64, "Int64", v13_1);
    default: break;
    }
  }
  if (isa<Float16Type>(t)) return scalar(F16, "Float16", v13_1);
  if (isa<BFloat16Type>(t)) return scalar(BF16, "BFloat16", v13_1);
  if (isa<Float32Type>(t)) return scalar(F32, "Float32", v13_1);
  if (isa<FloatTF32Type>(t)) return scalar(TF32, "TFloat32", v13_1);
  if (isa<Float64Type>(t)) return scalar(F64, "Float64", v13_1);
  if (isa<Float8E4M3FNType>(t)) return scalar(F8E4M3FN, "Float8E4M3FN", v13_1);
  if (isa<Float8E5M2Type>(t)) return scalar(F8E5M2, "Float8E5M2", v13_1);
  if (isa<Float8E8M0FNUType>(t))
    return scalar(F8E8M0FNU, "Float8E8M0FNU", v13_2);
  if (isa<Float4E2M1FNType>(t)) return scalar(F4E2M1FN, "Float4E2M1FN", v13_3);
  if (isa<TokenType>(t))
    return scalar(Token, "TokenType", v13_1);
  // From 13.4 pointer and tensor_view types start with a flags varint (bit 0:
  // a pointer attribute follows); tilecc writes none.
  auto ptrAttrFlags = [&] {
    if (version >= v13_4)
      w.varint(0);
  };
  if (auto p = dyn_cast<PointerType>(t)) {
    w.varint(Pointer);
    ptrAttrFlags();
    return typeRef(p.getPointeeType());
  }
  if (auto tile = dyn_cast<TileType>(t)) {
    w.varint(Tile);
    if (failed(typeRef(tile.getElementType())))
      return failure();
    w.fixedArray(tile.getShape());
    return success();
  }
  if (auto tv = dyn_cast<TensorViewType>(t)) {
    w.varint(TensorView);
    ptrAttrFlags();
    if (failed(typeRef(tv.getElementType())))
      return failure();
    w.fixedArray(tv.getShape());
    w.fixedArray(tv.getStrides());
    return success();
  }
  if (auto pv = dyn_cast<PartitionViewType>(t)) {
    w.varint(PartitionView);
    if (version >= v13_3)
      w.varint(pv.getPaddingValue() ? 1 : 0);
    w.fixedArray(pv.getTileShape().asArrayRef());
    if (failed(typeRef(pv.getTensorView())))
      return failure();
    w.fixedArray(pv.getDimMap());
    padding(pv.getPaddingValue());
    return success();
  }
  if (auto gs = dyn_cast<GatherScatterViewType>(t)) {
    if (version < v13_3)
      return typeTooNew(op, "GatherScatterViewType", v13_3, version);
    w.varint(GatherScatterView);
    w.varint(gs.getPaddingValue() ? 1 : 0);
    w.fixedArray(gs.getTileShape().asArrayRef());
    if (failed(typeRef(gs.getTensorView())))
      return failure();
    w.varint(gs.getSparseDim());
    padding(gs.getPaddingValue());
    return success();
  }
  if (auto sv = dyn_cast<StridedViewType>(t)) {
    if (version < v13_3)
      return typeTooNew(op, "StridedViewType", v13_3, version);
    w.varint(StridedView);
    w.varint(sv.getPaddingValue() ? 1 : 0);
    w.fixedArray(sv.getTileShape().asArrayRef());
    w.fixedArray(sv.getTraversalStrides());
    if (failed(typeRef(sv.getTensorView())))
      return failure();
    w.fixedArray(sv.getDimMap());
    padding(sv.getPaddingValue());
    return success();
  }
  if (auto fn = dyn_cast<FunctionType>(t)) {
    w.varint(Function);
    w.varint(fn.getNumInputs());
    for (Type in : fn.getInputs())
      if (failed(typeRef(in)))
        return failure();
    w.varint(fn.getNumResults());
    for (Type out : fn.getResults())
      if (failed(typeRef(out)))
        return failure();
    return success();
  }
  return op->emitError() << "unsupported type in bytecode writer: " << t;
}

//===----------------------------------------------------------------------===//
// Constants and debug info
//===----------------------------------------------------------------------===//

FailureOr<uint64_t> Writer::constant(DenseElementsAttr attr) {
  if (auto it = constants.index.find(attr); it != constants.index.end())
    return it->second;
  ArrayRef<char> raw = attr.getRawData();
  EncodingWriter w;
  w.varint(raw.size());
  w.bytes(StringRef(raw.data(), raw.size()));
  constantBlobs.push_back(w.data().str());
  return constants.get(attr);
}

/// The bytecode types dense values as tiles (tilecc stores them over tensors).
static Type tileTypeOf(mlir::DenseElementsAttr value) {
  return TileType::get(value.getType().getShape(), value.getElementType());
}

static bool isReservedUnknown(Attribute loc) {
  return isa<FileLineColLoc, UnknownLoc>(loc);
}

uint64_t Writer::debugIndex(Attribute attr) {
  if (isReservedUnknown(attr))
    return 0;
  if (auto it = debugAttrs.index.find(attr); it != debugAttrs.index.end())
    return it->second + kFirstDebugIndex;
  EncodingWriter w;
  serializeDebug(attr, w); // registers what it references first
  uint64_t id = debugAttrs.get(attr);
  debugBlobs.push_back(w.data().str());
  return id + kFirstDebugIndex;
}

void Writer::serializeDebug(Attribute attr, EncodingWriter &w) {
  llvm::TypeSwitch<Attribute>(attr)
      .Case([&](DICompileUnitAttr cu) {
        uint64_t file = debugIndex(cu.getFile());
        w.varint(DICompileUnit);
        w.varint(file);
      })
      .Case([&](DIFileAttr f) {
        w.varint(DIFile);
        w.varint(str(f.getName()));
        w.varint(str(f.getDirectory()));
      })
      .Case([&](DILexicalBlockAttr lb) {
        uint64_t scope = debugIndex(lb.getScope());
        uint64_t file = debugIndex(lb.getFile());
        w.varint(DILexicalBlock);
        w.varint(scope);
        w.varint(file);
        w.varint(lb.getLine());
        w.varint(lb.getColumn());
      })
      .Case([&](DILocAttr loc) {
        uint64_t scope = debugIndex(loc.getScope());
        w.varint(DILoc);
        w.varint(scope);
        w.varint(str(loc.getSourceLoc().getFilename()));
        w.varint(loc.getSourceLoc().getLine());
        w.varint(loc.getSourceLoc().getColumn());
      })
      .Case([&](DISubprogramAttr sp) {
        uint64_t file = debugIndex(sp.getFile());
        uint64_t cu = debugIndex(sp.getCompileUnit());
        w.varint(DISubprogram);
        w.varint(file);
        w.varint(sp.getLine());
        w.varint(str(sp.getName()));
        w.varint(str(sp.getLinkageName()));
        w.varint(cu);
        w.varint(sp.getScopeLine());
      })
      .Case([&](CallSiteLoc cs) {
        uint64_t callee = debugIndex(cs.getCallee());
        uint64_t caller = debugIndex(cs.getCaller());
        w.varint(DICallSite);
        w.varint(callee);
        w.varint(caller);
      })
      .Default([&](Attribute) { w.varint(DIUnknown); });
}

static StringRef locationKind(Location loc) {
  return llvm::TypeSwitch<Location, StringRef>(loc)
      .Case([](OpaqueLoc) { return "OpaqueLoc"; })
      .Case([](NameLoc) { return "NameLoc"; })
      .Case([](FusedLoc) { return "FusedLoc"; })
      .Case([](UnknownLoc) { return "UnknownLoc"; })
      .Case([](FileLineColLoc) { return "FileLineColLoc"; })
      .Default([](Location) { return "Unknown Attribute"; });
}

LogicalResult Writer::checkLocation(Operation *op, Location loc) {
  if (isa<DILocAttr, FileLineColLoc, UnknownLoc>(loc))
    return success();
  if (auto cs = dyn_cast<CallSiteLoc>(loc))
    return success(succeeded(checkLocation(op, cs.getCallee())) &&
                   succeeded(checkLocation(op, cs.getCaller())));
  return op->emitError() << "unsupported location, got " << locationKind(loc)
                         << ", expected DILocAttr or CallSiteLoc";
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

LogicalResult Writer::writeDictionary(Operation *op, DictionaryAttr dict,
                                      EncodingWriter &w) {
  w.varint(dict.size());
  for (NamedAttribute entry : dict) {
    w.varint(str(entry.getName()));
    if (failed(writeSelfContained(op, entry.getValue(), w)))
      return failure();
  }
  return success();
}

LogicalResult Writer::writeSelfContained(Operation *op, Attribute value,
                                         EncodingWriter &w) {
  auto typed = [&](AttrTag tag, Type t) -> LogicalResult {
    w.varint(tag);
    FailureOr<uint64_t> id = type(t, op);
    if (failed(id))
      return failure();
    w.varint(*id);
    return success();
  };
  // BoolAttr is an IntegerAttr of i1: it is written as one (a 0/1 varint
  // reads back as a byte).
  if (auto i = dyn_cast<mlir::IntegerAttr>(value)) {
    if (failed(typed(TagInteger, i.getType())))
      return failure();
    w.varint(i.getValue().getZExtValue());
    return success();
  }
  if (auto f = dyn_cast<mlir::FloatAttr>(value)) {
    if (failed(typed(TagFloat, f.getType())))
      return failure();
    APInt bits = f.getValue().bitcastToAPInt();
    if (bits.getBitWidth() <= 8)
      w.byte(uint8_t(bits.getZExtValue()));
    else
      w.signedVarint(int64_t(bits.getZExtValue()));
    return success();
  }
  if (auto t = dyn_cast<mlir::TypeAttr>(value)) {
    w.varint(TagType);
    FailureOr<uint64_t> id = type(t.getValue(), op);
    if (failed(id))
      return failure();
    w.varint(*id);
    return success();
  }
  if (auto s = dyn_cast<mlir::StringAttr>(value)) {
    w.varint(TagString);
    w.varint(str(s.getValue()));
    return success();
  }
  if (auto d = dyn_cast<mlir::DenseElementsAttr>(value)) {
    if (failed(typed(TagDenseElements, tileTypeOf(d))))
      return failure();
    FailureOr<uint64_t> id = constant(d);
    if (failed(id))
      return failure();
    w.varint(*id);
    return success();
  }
  if (auto a = dyn_cast<mlir::ArrayAttr>(value)) {
    w.varint(TagArray);
    w.varint(a.size());
    for (Attribute e : a)
      if (failed(writeSelfContained(op, e, w)))
        return failure();
    return success();
  }
  if (auto d = dyn_cast<mlir::DictionaryAttr>(value)) {
    w.varint(TagDictionary);
    return writeDictionary(op, d, w);
  }
  if (auto h = dyn_cast<OptimizationHintsAttr>(value)) {
    w.varint(TagOptimizationHints);
    return writeDictionary(op, h.getValue(), w);
  }
  if (auto d = dyn_cast<DivByAttr>(value)) {
    w.varint(TagDivBy);
    w.varint(d.getDivisor());
    w.byte((d.getEvery() ? 1 : 0) | (d.getAlong() ? 2 : 0));
    if (d.getEvery())
      w.signedVarint(*d.getEvery());
    if (d.getAlong())
      w.signedVarint(*d.getAlong());
    return success();
  }
  if (auto s = dyn_cast<SameElementsAttr>(value)) {
    w.varint(TagSameElements);
    w.fixedArray(s.getValues().asArrayRef());
    return success();
  }
  if (auto b = dyn_cast<BoundedAttr>(value)) {
    w.varint(TagBounded);
    w.byte((b.getLb() ? 1 : 0) | (b.getUb() ? 2 : 0));
    if (b.getLb())
      w.signedVarint(*b.getLb());
    if (b.getUb())
      w.signedVarint(*b.getUb());
    return success();
  }
  return op->emitError() << "unsupported attribute in bytecode writer: "
                         << value;
}

LogicalResult Writer::writeAttr(Operation *op, const AttrField &f,
                                Attribute value, EncodingWriter &w) {
  auto bad = [&]() {
    return op->emitError() << "attribute '" << f.name
                           << "' cannot be written to bytecode: " << value;
  };
  switch (f.kind) {
  case AttrKind::I32:
  case AttrKind::I64: {
    auto i = dyn_cast_or_null<mlir::IntegerAttr>(value);
    if (!i)
      return bad();
    w.varint(i.getValue().getZExtValue());
    return success();
  }
  case AttrKind::Bool: {
    auto b = dyn_cast_or_null<mlir::BoolAttr>(value);
    if (!b)
      return bad();
    w.byte(b.getValue() ? 1 : 0);
    return success();
  }
  case AttrKind::Str: {
    auto s = dyn_cast_or_null<mlir::StringAttr>(value);
    if (!s)
      return bad();
    w.varint(str(s.getValue()));
    return success();
  }
  case AttrKind::Sym: {
    auto s = dyn_cast_or_null<FlatSymbolRefAttr>(value);
    if (!s)
      return bad();
    w.varint(str(s.getValue()));
    return success();
  }
  case AttrKind::I32Array: {
    auto a = dyn_cast_or_null<DenseI32ArrayAttr>(value);
    if (!a)
      return bad();
    w.fixedArray(a.asArrayRef());
    return success();
  }
  case AttrKind::BoolArray: {
    auto a = dyn_cast_or_null<DenseBoolArrayAttr>(value);
    if (!a)
      return bad();
    SmallVector<int8_t> bytes(a.asArrayRef().begin(), a.asArrayRef().end());
    w.fixedArray(ArrayRef<int8_t>(bytes));
    return success();
  }
  case AttrKind::Dense: {
    auto d = dyn_cast_or_null<mlir::DenseElementsAttr>(value);
    if (!d)
      return bad();
    FailureOr<uint64_t> id = constant(d);
    if (failed(id))
      return failure();
    w.varint(*id);
    return success();
  }
  case AttrKind::Array: {
    auto a = dyn_cast_or_null<mlir::ArrayAttr>(value);
    if (!a)
      return bad();
    w.varint(a.size());
    for (Attribute e : a)
      if (failed(writeSelfContained(op, e, w)))
        return failure();
    return success();
  }
  case AttrKind::Predicate:
    if (!value)
      return bad();
    return writeSelfContained(op, value, w);
  case AttrKind::Hints: {
    auto h = dyn_cast_or_null<OptimizationHintsAttr>(value);
    if (!h)
      return bad();
    return writeDictionary(op, h.getValue(), w);
  }
  case AttrKind::Type: {
    auto t = dyn_cast_or_null<mlir::TypeAttr>(value);
    if (!t)
      return bad();
    FailureOr<uint64_t> id = type(t.getValue(), op);
    if (failed(id))
      return failure();
    w.varint(*id);
    return success();
  }
  case AttrKind::Enum: {
    std::optional<uint64_t> v =
        value ? enumValue(value) : std::optional<uint64_t>(f.defaultValue);
    if (!v)
      return bad();
    w.varint(*v);
    return success();
  }
  }
  return bad();
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

void Writer::writeValues(ValueRange values, EncodingWriter &w) {
  for (Value v : values)
    w.varint(valueIds.lookup(v));
}

LogicalResult Writer::writeOp(Operation *op, EncodingWriter &w) {
  if (op->getDialect() == nullptr ||
      op->getDialect()->getNamespace() != CudaTileDialect::getDialectNamespace())
    return op->emitError("only ops from the 'cuda_tile' dialect are allowed");
  const OpLayout *layout = lookupOp(op->getName().stripDialect());
  if (!layout || isa<EntryOp, cuda_tile::ModuleOp, GlobalOp>(op))
    return op->emitError() << "operation '" << op->getName()
                           << "' has no Tile IR bytecode encoding";
  if (version < layout->since)
    return op->emitError() << "operation '" << op->getName()
                           << "' is not available in bytecode version "
                           << version.str();
  if (failed(checkLocation(op, op->getLoc())))
    return failure();
  w.varint(layout->opcode);
  if (currentDebugList)
    currentDebugList->push_back(debugIndex(op->getLoc()));

  // Results (those of later releases are dropped when unused).
  SmallVector<Value> results;
  for (auto [i, r] : llvm::enumerate(op->getResults())) {
    const ResultGroup &g =
        layout->results[std::min<size_t>(i, layout->results.size() - 1)];
    if (version < g.since) {
      if (!r.use_empty())
        return op->emitError()
               << "result requires bytecode version " << g.since.str()
               << " but is being used and targeting " << version.str();
      continue;
    }
    results.push_back(r);
  }
  if (layout->storesResultCount())
    w.varint(results.size());
  for (Value r : results) {
    FailureOr<uint64_t> id = type(r.getType(), op);
    if (failed(id))
      return failure();
    w.varint(*id);
  }

  // Operand groups (segment sizes when the op has them).
  SmallVector<std::pair<unsigned, unsigned>> groups; // (start, size)
  if (layout->segmented) {
    auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(
        op->getInherentAttr("operandSegmentSizes").value_or(Attribute()));
    if (!sizes || sizes.size() != int64_t(layout->operands.size()))
      return op->emitError("operand segments do not match the bytecode layout");
    unsigned start = 0;
    for (int32_t s : sizes.asArrayRef()) {
      groups.push_back({start, unsigned(s)});
      start += s;
    }
  }

  // Flags: optional attributes and optional operand groups present.
  uint64_t flags = 0;
  for (const AttrField &f : layout->attrs) {
    if (!f.optional || !op->getAttr(f.name))
      continue;
    if (version < f.since)
      return op->emitError() << "optional attribute '" << f.name
                             << "' is provided but requires bytecode version "
                             << f.since.str() << ", targeting "
                             << version.str();
    flags |= 1ull << f.flagBit;
  }
  for (auto [i, g] : llvm::enumerate(layout->operands)) {
    if (!layout->segmented || g.kind != OperandGroup::Optional ||
        groups[i].second == 0)
      continue;
    if (version < g.since)
      return op->emitError() << "optional operand is provided but requires "
                                "bytecode version "
                             << g.since.str() << ", targeting "
                             << version.str();
    flags |= 1ull << g.flagBit;
  }
  if (layout->flagsSince && version >= *layout->flagsSince)
    w.varint(flags);

  // Attributes, in declaration order.
  for (const AttrField &f : layout->attrs) {
    if (f.unit)
      continue;
    if (f.dropped) {
      // All false, one entry per operand of the (only) variadic group.
      if (version < f.since)
        continue;
      uint64_t n = 0;
      for (auto [i, g] : llvm::enumerate(layout->operands))
        if (g.kind == OperandGroup::Variadic)
          n = groups[i].second;
      w.fixedArray(ArrayRef<int8_t>(SmallVector<int8_t>(n, 0)));
      continue;
    }
    Attribute value = op->getAttr(f.name);
    if (f.optional) {
      if (value && failed(writeAttr(op, f, value, w)))
        return failure();
      continue;
    }
    if (version < f.since) {
      std::optional<uint64_t> v = value ? enumValue(value) : f.defaultValue;
      if (value && v != f.defaultValue)
        return op->emitError() << "attribute '" << f.name
                               << "' requires bytecode version "
                               << f.since.str() << "+, but targeting "
                               << version.str();
      continue;
    }
    if (!value && !f.defaultValue)
      return op->emitError() << "missing attribute '" << f.name << "'";
    if (!value && f.kind != AttrKind::Enum) {
      w.varint(*f.defaultValue);
      continue;
    }
    if (failed(writeAttr(op, f, value, w)))
      return failure();
  }

  // Operands.
  if (layout->segmented) {
    for (auto [i, g] : llvm::enumerate(layout->operands)) {
      auto [start, size] = groups[i];
      ValueRange vals = op->getOperands().slice(start, size);
      if (g.kind == OperandGroup::Variadic)
        w.varint(size);
      writeValues(vals, w);
    }
  } else if (!layout->operands.empty()) {
    if (layout->hasVariableOperands())
      w.varint(op->getNumOperands());
    writeValues(op->getOperands(), w);
  }

  // Regions.
  if (layout->numRegions) {
    w.varint(op->getNumRegions());
    for (Region &region : op->getRegions()) {
      w.varint(region.getBlocks().size());
      for (Block &block : region)
        if (failed(writeBlock(block, w)))
          return failure();
    }
  }
  for (Value r : results)
    valueIds[r] = nextValue++;
  return success();
}

LogicalResult Writer::writeBlock(Block &block, EncodingWriter &w) {
  uint64_t savedNext = nextValue;
  w.varint(block.getNumArguments());
  for (BlockArgument arg : block.getArguments()) {
    FailureOr<uint64_t> id = type(arg.getType(), block.getParentOp());
    if (failed(id))
      return failure();
    w.varint(*id);
    valueIds[arg] = nextValue++;
  }
  w.varint(block.getOperations().size());
  for (Operation &op : block)
    if (failed(writeOp(&op, w)))
      return failure();
  // Values of a block go out of scope after it: their numbers are reused.
  for (BlockArgument arg : block.getArguments())
    valueIds.erase(arg);
  for (Operation &op : block)
    for (Value r : op.getResults())
      valueIds.erase(r);
  nextValue = savedNext;
  return success();
}

//===----------------------------------------------------------------------===//
// Sections
//===----------------------------------------------------------------------===//

LogicalResult Writer::writeGlobals(cuda_tile::ModuleOp module,
                                   EncodingWriter &w) {
  SmallVector<GlobalOp> globals(module.getOps<GlobalOp>());
  if (globals.empty())
    return success();
  w.varint(globals.size());
  for (GlobalOp g : globals) {
    bool isPrivate =
        g.getSymVisibility() && *g.getSymVisibility() == "private";
    if (version < v13_3) {
      if (g.getSymVisibility() && *g.getSymVisibility() != "public")
        return g.emitError()
               << "global `" << g.getSymName()
               << "` uses non-public symbol visibility, which cannot be "
                  "encoded in bytecode version "
               << version.str() << " (requires bytecode 13.3+)";
      if (g.getConstant())
        return g.emitError() << "constant global `" << g.getSymName()
                             << "` cannot be encoded in bytecode version "
                             << version.str()
                             << " (the `constant` attribute requires bytecode "
                                "13.3+)";
    }
    auto value = dyn_cast<mlir::DenseElementsAttr>(g.getValue());
    if (!value)
      return g.emitError("global value must be a dense constant in bytecode");
    w.varint(str(g.getSymName()));
    FailureOr<uint64_t> t = type(tileTypeOf(value), g);
    FailureOr<uint64_t> c = constant(value);
    if (failed(t) || failed(c))
      return failure();
    w.varint(*t);
    w.varint(*c);
    w.varint(g.getAlignment());
    if (version >= v13_3) {
      w.varint(isPrivate ? 1 : 0);
      w.varint(g.getConstant() ? 1 : 0);
    }
  }
  return success();
}

LogicalResult Writer::prepareFunctions(cuda_tile::ModuleOp module) {
  // Function names, signatures and locations take the first pool entries,
  // before the globals' (the order NVIDIA's writer uses).
  for (EntryOp entry : module.getOps<EntryOp>()) {
    FunctionHeader header;
    header.entry = entry;
    header.name = str(entry.getSymName());
    FailureOr<uint64_t> sig = type(entry.getFunctionType(), entry);
    if (failed(sig))
      return failure();
    header.signature = *sig;
    // A function without debug info gives its operations none either.
    if (!isReservedUnknown(entry.getLoc())) {
      if (failed(checkLocation(entry, entry.getLoc())))
        return failure();
      debugLists.emplace_back();
      header.debugList = debugLists.size() - 1 + kFirstDebugIndex;
      debugLists.back().push_back(debugIndex(entry.getLoc()));
    }
    functions.push_back(header);
  }
  return success();
}

LogicalResult Writer::writeFunctions(EncodingWriter &w) {
  w.varint(functions.size());
  for (const FunctionHeader &header : functions) {
    EntryOp entry = header.entry;
    w.varint(header.name);
    w.varint(header.signature);
    uint8_t flags = KindKernel;
    OptimizationHintsAttr hints = entry.getOptimizationHintsAttr();
    if (hints)
      flags |= HasOptimizationHints;
    w.byte(flags);
    w.varint(header.debugList);
    currentDebugList =
        header.debugList ? &debugLists[header.debugList - kFirstDebugIndex]
                         : nullptr;
    if (hints && failed(writeSelfContained(entry, hints, w)))
      return failure();
    // The body: the entry block's operations, without a count.
    EncodingWriter body;
    valueIds.clear();
    nextValue = 0;
    Block &block = entry.getBody().front();
    for (BlockArgument arg : block.getArguments())
      valueIds[arg] = nextValue++;
    for (Operation &op : block)
      if (failed(writeOp(&op, body)))
        return failure();
    w.varint(body.size());
    w.bytes(body.data());
  }
  w.align(8);
  return success();
}

/// `count, padding, offsets[count], payloads` with 32- or 64-bit offsets.
void Writer::writeIndexedTable(ArrayRef<std::string> entries,
                               EncodingWriter &w, bool wideOffsets) {
  w.varint(entries.size());
  w.align(wideOffsets ? 8 : 4);
  uint64_t offset = 0;
  for (const std::string &e : entries) {
    if (wideOffsets)
      w.fixed<uint64_t>(offset);
    else
      w.fixed<uint32_t>(uint32_t(offset));
    offset += e.size();
  }
  for (const std::string &e : entries)
    w.bytes(e);
}

static void emitSection(raw_ostream &os, uint64_t &pos, Section id,
                        const EncodingWriter &payload) {
  EncodingWriter header;
  uint64_t alignment = payload.alignment();
  header.byte(alignment > 1 ? (id | 0x80) : id);
  header.varint(payload.size());
  if (alignment > 1) {
    header.varint(alignment);
    while ((pos + header.size()) % alignment)
      header.byte(kPadding);
  }
  os << header.data() << payload.data();
  pos += header.size() + payload.size();
}

static LogicalResult checkSelfContained(cuda_tile::ModuleOp module) {
  for (Operation &op : module.getBody().front()) {
    if (!isa<EntryOp, GlobalOp>(op)) {
      emitRemark(op.getLoc(), "invalid op: ") << op.getName();
      return module.emitOpError(
          "only function and global ops are allowed in the body");
    }
  }
  Dialect *dialect = module->getDialect();
  WalkResult walk = module->walk([&](Operation *op) {
    if (op->getDialect() != dialect) {
      emitRemark(op->getLoc(), "invalid op: ") << op->getName();
      module.emitOpError("only ops from the '")
          << dialect->getNamespace() << "' dialect are allowed";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult Writer::write(cuda_tile::ModuleOp module, raw_ostream &os) {
  if (failed(checkSelfContained(module)))
    return failure();
  EncodingWriter globals, functionSection;
  if (failed(prepareFunctions(module)) || failed(writeGlobals(module, globals)) ||
      failed(writeFunctions(functionSection)))
    return failure();

  EncodingWriter header;
  header.bytes(StringRef(reinterpret_cast<const char *>(kMagic), 8));
  header.byte(version.major);
  header.byte(version.minor);
  header.fixed<uint16_t>(version.tag);
  os << header.data();
  uint64_t pos = header.size();

  if (globals.size())
    emitSection(os, pos, GlobalSection, globals);
  emitSection(os, pos, FuncSection, functionSection);
  if (!constantBlobs.empty()) {
    EncodingWriter w;
    writeIndexedTable(constantBlobs, w, /*wideOffsets=*/true);
    emitSection(os, pos, ConstantSection, w);
  }
  if (!debugLists.empty() || !debugBlobs.empty()) {
    EncodingWriter w;
    w.varint(debugLists.size());
    w.align(4);
    uint64_t total = 0;
    for (const auto &list : debugLists) {
      w.fixed<uint32_t>(uint32_t(total));
      total += list.size();
    }
    w.varint(total);
    w.align(8);
    for (const auto &list : debugLists)
      for (uint64_t idx : list)
        w.fixed<uint64_t>(idx);
    writeIndexedTable(debugBlobs, w, /*wideOffsets=*/false);
    emitSection(os, pos, DebugSection, w);
  }
  {
    EncodingWriter w;
    writeIndexedTable(typeBlobs, w, /*wideOffsets=*/false);
    emitSection(os, pos, TypeSection, w);
  }
  if (version >= v13_3)
    if (auto producer = module->getAttrOfType<mlir::StringAttr>("producer")) {
      EncodingWriter w;
      w.varint(str(producer.getValue()));
      emitSection(os, pos, ProducerSection, w);
    }
  {
    SmallVector<std::string> blobs;
    for (auto &entry : strings.index)
      blobs.push_back(entry.first.str());
    EncodingWriter w;
    writeIndexedTable(blobs, w, /*wideOffsets=*/false);
    emitSection(os, pos, StringSection, w);
  }
  os << char(EndOfBytecode);
  return success();
}

LogicalResult cuda_tile::writeBytecode(Operation *op, raw_ostream &os,
                                       BytecodeVersion version) {
  auto module = dyn_cast<cuda_tile::ModuleOp>(op);
  if (!module) {
    // A builtin module wrapping exactly one cuda_tile.module.
    if (auto builtin = dyn_cast<mlir::ModuleOp>(op)) {
      auto inner = builtin.getOps<cuda_tile::ModuleOp>();
      if (!inner.empty() && std::next(inner.begin()) == inner.end())
        module = *inner.begin();
    }
    if (!module)
      return op->emitError("expected a single cuda_tile.module to write as "
                           "Tile IR bytecode");
  }
  return Writer(version).write(module, os);
}
