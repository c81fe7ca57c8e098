//===- Reader.cpp - Tile IR bytecode -> cuda_tile module ------------------===//
//
// Every count and index read from the file is checked against the bytes that
// remain (or the table it indexes) before it is used, so malformed input gives
// one diagnostic naming the byte offset, never an unbounded allocation; type,
// debug-info and region nesting are bounded so that hostile input cannot
// exhaust the stack.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/Bytecode/Bytecode.h"
#include "CudaTile/Bytecode/Encoding.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::bc;

namespace {

constexpr unsigned kMaxNesting = 128;

/// A table of `count` entries: offsets into `data` (each entry ends where the
/// next begins).
struct IndexedTable {
  SmallVector<uint64_t> offsets;
  ArrayRef<uint8_t> data;
  size_t dataBase = 0;

  size_t size() const { return offsets.size(); }
  /// The bytes of entry `i`; false if the offsets are inconsistent.
  bool entry(uint64_t i, ArrayRef<uint8_t> &out, size_t &base) const {
    uint64_t start = offsets[i];
    uint64_t end = i + 1 < offsets.size() ? offsets[i + 1] : data.size();
    if (start > end || end > data.size())
      return false;
    out = data.slice(start, end - start);
    base = dataBase + start;
    return true;
  }
};

class Reader {
public:
  Reader(ArrayRef<uint8_t> file, StringRef name, MLIRContext *ctx)
      : file(file), ctx(ctx), fileLoc(FileLineColLoc::get(ctx, name, 0, 0)),
        builder(ctx) {}
  OwningOpRef<Operation *> read();

private:
  /// What error() returns: failure, as a LogicalResult or a FailureOr.
  struct Reported {
    operator LogicalResult() const { return failure(); }
    template <typename T> operator FailureOr<T>() const { return failure(); }
  };
  Reported error(size_t offset, const Twine &msg) {
    emitError(fileLoc) << "error at offset " << offset << ": " << msg;
    return {};
  }
  Reported error(const EncodingReader &r, const Twine &msg) {
    return error(r.offset(), msg);
  }
  Reported truncated(const EncodingReader &r, StringRef what) {
    return error(r, "unexpected end of data while reading " + what);
  }

  // Structure.
  LogicalResult readHeader(EncodingReader &r);
  LogicalResult readSections(EncodingReader &r);
  LogicalResult readTable(EncodingReader r, IndexedTable &table,
                          unsigned offsetWidth, StringRef what);

  // Pools.
  LogicalResult string(EncodingReader &r, StringRef &out);
  FailureOr<Type> typeAt(uint64_t index, size_t at);
  FailureOr<Type> type(EncodingReader &r);
  LogicalResult parseType(EncodingReader &r, Type &out);
  FailureOr<mlir::DenseElementsAttr> constantAt(uint64_t index, Type type,
                                          size_t at);
  FailureOr<Attribute> debugAt(uint64_t index, size_t at);
  LogicalResult parseDebug(EncodingReader &r, Attribute &out);
  FailureOr<Location> nextLocation(size_t at);

  // Attributes and operations.
  LogicalResult readSelfContained(EncodingReader &r, Attribute &out);
  LogicalResult readDictionary(EncodingReader &r, mlir::DictionaryAttr &out);
  LogicalResult readAttr(EncodingReader &r, const AttrField &f,
                         ArrayRef<Type> resultTypes, Attribute &out);
  LogicalResult readOp(EncodingReader &r, Block &block);
  LogicalResult readValues(EncodingReader &r, uint64_t count,
                           SmallVectorImpl<Value> &out);
  LogicalResult readRegion(EncodingReader &r, Region &region, Location loc);

  // Module items.
  LogicalResult readGlobals(cuda_tile::ModuleOp module);
  LogicalResult readFunctions(cuda_tile::ModuleOp module);

  ArrayRef<uint8_t> file;
  MLIRContext *ctx;
  Location fileLoc;
  OpBuilder builder;
  BytecodeVersion version;

  std::optional<EncodingReader> sections[NumSections];
  IndexedTable strings, types, constants, debugAttrs;
  std::vector<Type> typeCache;
  std::vector<Attribute> debugCache;
  SmallVector<uint64_t> debugListStarts, debugIndices;
  unsigned typeDepth = 0, debugDepth = 0, regionDepth = 0;

  // The function being read: its value list and its location cursor.
  std::vector<Value> values;
  uint64_t debugCursor = 0, debugEnd = 0;
  bool functionHasDebug = false;
};

} // namespace

//===----------------------------------------------------------------------===//
// Header and sections
//===----------------------------------------------------------------------===//

LogicalResult Reader::readHeader(EncodingReader &r) {
  for (unsigned i = 0; i < sizeof(kMagic); ++i) {
    uint8_t b = 0;
    if (!r.byte(b) || b != kMagic[i])
      return error(r, "invalid magic number at position " + Twine(i) +
                          ", got " + Twine(unsigned(b)) + " expected " +
                          Twine(unsigned(kMagic[i])));
  }
  uint8_t major, minor;
  uint16_t tag;
  if (!r.byte(major) || !r.byte(minor) || !r.fixed(tag))
    return truncated(r, "the version");
  version = {major, minor, tag};
  if (!BytecodeVersion::parseSupported(version.str()))
    return error(r, "unsupported Tile version " + Twine(unsigned(major)) +
                        "." + Twine(unsigned(minor)) + "." + Twine(tag) +
                        ", this reader supports versions [" +
                        supportedBytecodeVersions().front().str() + " - " +
                        supportedBytecodeVersions().back().str() + "]");
  return success();
}

LogicalResult Reader::readSections(EncodingReader &r) {
  while (true) {
    size_t at = r.offset();
    uint8_t idAndAlign;
    if (!r.byte(idAndAlign))
      return error(r, "unexpected end of data while reading section header");
    uint8_t id = idAndAlign & 0x7F;
    bool aligned = idAndAlign & 0x80;
    if (id == EndOfBytecode) {
      if (aligned)
        return error(at, "end section should not have alignment flag set");
      if (!r.empty())
        return error(r, "end section is not the last section");
      return success();
    }
    if (id >= NumSections)
      return error(at, "unknown section ID: " + Twine(unsigned(id)));
    uint64_t length, alignment = 1;
    if (!r.varint(length))
      return error(r, "failed to read section length");
    if (aligned) {
      if (!r.varint(alignment) || alignment == 0 ||
          !llvm::isPowerOf2_64(alignment) || alignment > 4096)
        return error(r, "invalid section alignment");
      if (!r.skipPadding(alignment))
        return truncated(r, "section padding");
    }
    if (length > r.remaining())
      return error(r, "section length " + Twine(length) +
                          " exceeds remaining data size " +
                          Twine(r.remaining()));
    unsigned required = 1;
    if (id == StringSection || id == TypeSection)
      required = 4;
    else if (id == ConstantSection || id == DebugSection || id == FuncSection)
      required = 8;
    if (alignment % required)
      return error(at, "section " + Twine(unsigned(id)) +
                           " must have alignment that is a multiple of " +
                           Twine(required) + " bytes");
    if (sections[id])
      return error(at, "duplicate section ID: " + Twine(unsigned(id)));
    ArrayRef<uint8_t> payload;
    r.slice(length, payload);
    sections[id] = r.sub(payload);
  }
}

LogicalResult Reader::readTable(EncodingReader r, IndexedTable &table,
                                unsigned offsetWidth, StringRef what) {
  uint64_t count;
  if (!r.varint(count))
    return truncated(r, what);
  if (count == 0)
    return success();
  if (!r.skipPadding(offsetWidth) || count > r.remaining() / offsetWidth)
    return error(r, "number of " + what + " (" + Twine(count) +
                        ") exceeds what the section can hold");
  table.offsets.resize(count);
  for (uint64_t &o : table.offsets) {
    if (offsetWidth == 4) {
      uint32_t v;
      r.fixed(v);
      o = v;
    } else {
      r.fixed(o);
    }
  }
  size_t base = r.offset();
  r.slice(r.remaining(), table.data);
  table.dataBase = base;
  return success();
}

//===----------------------------------------------------------------------===//
// Strings, types, constants, debug info
//===----------------------------------------------------------------------===//

LogicalResult Reader::string(EncodingReader &r, StringRef &out) {
  uint64_t index;
  size_t at = r.offset();
  if (!r.varint(index))
    return truncated(r, "a string index");
  if (index >= strings.size())
    return error(at, "string index " + Twine(index) + " out of bounds");
  // Like cuda-tile-translate, inconsistent offsets clamp to the string data
  // (an out-of-range start reads as the empty string).
  uint64_t size = strings.data.size();
  uint64_t start = std::min<uint64_t>(strings.offsets[index], size);
  uint64_t end = index + 1 < strings.size() ? strings.offsets[index + 1] : size;
  if (end < start || end > size)
    end = size;
  out = StringRef(reinterpret_cast<const char *>(strings.data.data()) + start,
                  end - start);
  return success();
}

FailureOr<Type> Reader::type(EncodingReader &r) {
  size_t at = r.offset();
  uint64_t index;
  if (!r.varint(index))
    return truncated(r, "a type index");
  return typeAt(index, at);
}

FailureOr<Type> Reader::typeAt(uint64_t index, size_t at) {
  if (index >= types.size())
    return error(at, "type index " + Twine(index) + " out of bounds");
  if (typeCache[index])
    return typeCache[index];
  if (typeDepth >= kMaxNesting)
    return error(at, "types nested too deeply");
  ArrayRef<uint8_t> bytes;
  size_t base;
  if (!types.entry(index, bytes, base))
    return error(at, "invalid offset of type " + Twine(index));
  EncodingReader r(bytes, base);
  ++typeDepth;
  Type t;
  LogicalResult ok = parseType(r, t);
  --typeDepth;
  if (failed(ok))
    return failure();
  typeCache[index] = t;
  return t;
}

LogicalResult Reader::parseType(EncodingReader &r, Type &out) {
  size_t at = r.offset();
  uint64_t tag;
  if (!r.varint(tag))
    return truncated(r, "a type tag");
  auto since = [&](StringRef name, BytecodeVersion v) -> LogicalResult {
    if (version < v)
      return error(at, "type '" + name + "' requires bytecode version " +
                           v.str() + "+, file version is " + version.str());
    return success();
  };
  auto elementType = [&](Type &t) -> LogicalResult {
    FailureOr<Type> ft = type(r);
    if (failed(ft))
      return failure();
    t = *ft;
    return success();
  };
  auto tensorView = [&](TensorViewType &tv) -> LogicalResult {
    size_t pos = r.offset();
    Type t;
    if (failed(elementType(t)))
      return failure();
    tv = dyn_cast<TensorViewType>(t);
    if (!tv)
      return error(pos, "expected a tensor_view type");
    return success();
  };
  auto i64s = [&](SmallVector<int64_t> &v) -> LogicalResult {
    return r.fixedArray(v) ? success() : truncated(r, "a type's shape");
  };
  auto i32s = [&](SmallVector<int32_t> &v) -> LogicalResult {
    return r.fixedArray(v) ? success() : truncated(r, "a type's dimensions");
  };
  // The optional padding value of view types.
  auto padding = [&](bool unified, uint64_t flags,
                     PaddingValueAttr &pad) -> LogicalResult {
    bool present = flags & 1;
    if (!unified) {
      uint8_t b;
      if (!r.byte(b))
        return truncated(r, "a padding value");
      present = b != 0;
    }
    if (!present)
      return success();
    uint64_t v;
    size_t pos = r.offset();
    if (!r.varint(v))
      return truncated(r, "a padding value");
    pad = dyn_cast_or_null<PaddingValueAttr>(makeEnum(ctx, "PaddingValue", v));
    if (!pad)
      return error(pos, "invalid padding value " + Twine(v));
    return success();
  };
  // From 13.4 pointer and tensor_view types carry a flags varint and, when
  // its bit 0 is set, a pointer attribute after their fields. tilecc has no
  // pointer attributes: a type that carries one is refused.
  uint64_t ptrFlags = 0;
  auto ptrAttrFlags = [&]() -> LogicalResult {
    if (version < v13_4)
      return success();
    if (!r.varint(ptrFlags))
      return truncated(r, "type flags");
    if (ptrFlags & ~uint64_t(1))
      return error(at, "invalid type flags " + Twine(ptrFlags));
    return success();
  };
  auto ptrAttr = [&]() -> LogicalResult {
    if (!(ptrFlags & 1))
      return success();
    return error(at, "pointer attributes (Tile IR 13.4) are not supported");
  };
  auto fail = [&](StringRef what) {
    return error(at, "invalid " + what + " type");
  };
  auto verified = [&](Type t, StringRef what) -> LogicalResult {
    if (!t)
      return fail(what);
    out = t;
    return success();
  };
  auto checked = [&](auto getChecked) -> Type {
    // Diagnostics of getChecked are replaced by one located error.
    ScopedDiagnosticHandler silence(ctx, [](Diagnostic &) { return success(); });
    return getChecked([&] { return emitError(fileLoc); });
  };
  switch (tag) {
  case I1: out = IntegerType::get(ctx, 1); return success();
  case I4:
    out = IntegerType::get(ctx, 4);
    return since("Int4", v13_3);
  case I8: out = IntegerType::get(ctx, 8); return success();
  case I16: out = IntegerType::get(ctx, 16); return success();
  case I32: out = IntegerType::get(ctx, 32); return success();
  case I64: out = IntegerType::get(ctx, 64); return success();
  case F16: out = Float16Type::get(ctx); return success();
  case BF16: out = BFloat16Type::get(ctx); return success();
  case F32: out = Float32Type::get(ctx); return success();
  case TF32: out = FloatTF32Type::get(ctx); return success();
  case F64: out = Float64Type::get(ctx); return success();
  case F8E4M3FN: out = Float8E4M3FNType::get(ctx); return success();
  case F8E5M2: out = Float8E5M2Type::get(ctx); return success();
  case F8E8M0FNU:
    out = Float8E8M0FNUType::get(ctx);
    return since("Float8E8M0FNU", v13_2);
  case F4E2M1FN:
    out = Float4E2M1FNType::get(ctx);
    return since("Float4E2M1FN", v13_3);
  case Token: out = TokenType::get(ctx); return success();
  case F8E5M3FNU:
    return error(at, "type 'f8E5M3FNU' is a Tile IR 13.4 developer-preview "
                     "type, not supported");
  case Pointer: {
    Type pointee;
    if (failed(ptrAttrFlags()) || failed(elementType(pointee)) ||
        failed(ptrAttr()))
      return failure();
    if (!pointee.isIntOrFloat())
      return fail("pointer");
    out = PointerType::get(ctx, pointee);
    return success();
  }
  case Tile: {
    Type elt;
    SmallVector<int64_t> shape;
    if (failed(elementType(elt)) || failed(i64s(shape)))
      return failure();
    return verified(checked([&](auto e) {
                      return TileType::getChecked(e, ctx, ArrayRef<int64_t>(shape), elt);
                    }),
                    "tile");
  }
  case TensorView: {
    Type elt;
    SmallVector<int64_t> shape, strides;
    if (failed(ptrAttrFlags()) || failed(elementType(elt)) ||
        failed(i64s(shape)) || failed(i64s(strides)) || failed(ptrAttr()))
      return failure();
    return verified(checked([&](auto e) {
                      return TensorViewType::getChecked(
                          e, ctx, elt, ArrayRef<int64_t>(shape),
                          ArrayRef<int64_t>(strides));
                    }),
                    "tensor_view");
  }
  case PartitionView: {
    bool unified = version >= v13_3;
    uint64_t flags = 0;
    if (unified && !r.varint(flags))
      return truncated(r, "type flags");
    SmallVector<int32_t> tileShape, dimMap;
    TensorViewType tv;
    PaddingValueAttr pad;
    if (failed(i32s(tileShape)) || failed(tensorView(tv)) ||
        failed(i32s(dimMap)) || failed(padding(unified, flags, pad)))
      return failure();
    return verified(checked([&](auto e) {
                      return PartitionViewType::getChecked(
                          e, ctx, DenseI32ArrayAttr::get(ctx, tileShape), tv,
                          ArrayRef<int32_t>(dimMap), pad);
                    }),
                    "partition_view");
  }
  case GatherScatterView: {
    if (failed(since("GatherScatterViewType", v13_3)))
      return failure();
    uint64_t flags, sparseDim;
    SmallVector<int32_t> tileShape;
    TensorViewType tv;
    PaddingValueAttr pad;
    if (!r.varint(flags))
      return truncated(r, "type flags");
    if (failed(i32s(tileShape)) || failed(tensorView(tv)))
      return failure();
    if (!r.varint(sparseDim) || sparseDim > UINT32_MAX)
      return error(r, "invalid sparse dimension");
    if (failed(padding(true, flags, pad)))
      return failure();
    return verified(checked([&](auto e) {
                      return GatherScatterViewType::getChecked(
                          e, ctx, DenseI32ArrayAttr::get(ctx, tileShape), tv,
                          uint32_t(sparseDim), pad);
                    }),
                    "gather_scatter_view");
  }
  case StridedView: {
    if (failed(since("StridedViewType", v13_3)))
      return failure();
    uint64_t flags;
    SmallVector<int32_t> tileShape, strides, dimMap;
    TensorViewType tv;
    PaddingValueAttr pad;
    if (!r.varint(flags))
      return truncated(r, "type flags");
    if (failed(i32s(tileShape)) || failed(i32s(strides)) ||
        failed(tensorView(tv)) || failed(i32s(dimMap)) ||
        failed(padding(true, flags, pad)))
      return failure();
    return verified(checked([&](auto e) {
                      return StridedViewType::getChecked(
                          e, ctx, DenseI32ArrayAttr::get(ctx, tileShape),
                          ArrayRef<int32_t>(strides), tv,
                          ArrayRef<int32_t>(dimMap), pad);
                    }),
                    "strided_view");
  }
  case Function: {
    SmallVector<Type> ins, outs;
    for (SmallVector<Type> *list : {&ins, &outs}) {
      uint64_t n;
      if (!r.varint(n) || n > r.remaining())
        return error(r, "invalid function type arity");
      for (uint64_t i = 0; i < n; ++i) {
        Type t;
        if (failed(elementType(t)))
          return failure();
        list->push_back(t);
      }
    }
    out = FunctionType::get(ctx, ins, outs);
    return success();
  }
  default:
    return error(at, "unknown type tag " + Twine(tag));
  }
}

FailureOr<mlir::DenseElementsAttr> Reader::constantAt(uint64_t index, Type type,
                                                size_t at) {
  if (index >= constants.size())
    return error(at, "constant index " + Twine(index) + " out of bounds");
  auto shaped = dyn_cast_or_null<TileType>(type);
  if (!shaped || !shaped.getElementType().isIntOrFloat())
    return error(at, "a constant needs an integer or float tile type");
  ArrayRef<uint8_t> bytes;
  size_t base;
  if (!constants.entry(index, bytes, base))
    return error(at, "invalid offset of constant " + Twine(index));
  EncodingReader r(bytes, base);
  uint64_t size;
  ArrayRef<uint8_t> raw;
  if (!r.varint(size) || !r.slice(size, raw))
    return error(base, "constant data exceeds its entry");
  ArrayRef<char> data(reinterpret_cast<const char *>(raw.data()), raw.size());
  // The bytecode types constants as tiles; tilecc keeps the value over a
  // builtin tensor of the tile's shape.
  auto tensor =
      RankedTensorType::get(shaped.getShape(), shaped.getElementType());
  bool splat = false;
  if (!mlir::DenseElementsAttr::isValidRawBuffer(tensor, data, splat))
    return error(base, "constant data does not match its type");
  return mlir::DenseElementsAttr::getFromRawBuffer(tensor, data);
}

FailureOr<Attribute> Reader::debugAt(uint64_t index, size_t at) {
  if (index == 0)
    return Attribute(UnknownLoc::get(ctx));
  uint64_t i = index - kFirstDebugIndex;
  if (i >= debugAttrs.size())
    return error(at, "debug info index " + Twine(index) + " out of bounds");
  if (debugCache[i])
    return debugCache[i];
  if (debugDepth >= kMaxNesting)
    return error(at, "debug info nested too deeply");
  ArrayRef<uint8_t> bytes;
  size_t base;
  if (!debugAttrs.entry(i, bytes, base))
    return error(at, "invalid offset of debug info " + Twine(index));
  EncodingReader r(bytes, base);
  ++debugDepth;
  Attribute a;
  LogicalResult ok = parseDebug(r, a);
  --debugDepth;
  if (failed(ok))
    return failure();
  debugCache[i] = a;
  return a;
}

LogicalResult Reader::parseDebug(EncodingReader &r, Attribute &out) {
  size_t at = r.offset();
  uint64_t tag;
  if (!r.varint(tag))
    return truncated(r, "a debug info tag");
  auto ref = [&](auto &result, StringRef what) -> LogicalResult {
    using T = std::decay_t<decltype(result)>;
    size_t pos = r.offset();
    uint64_t idx;
    if (!r.varint(idx))
      return truncated(r, "a debug info reference");
    FailureOr<Attribute> a = debugAt(idx, pos);
    if (failed(a))
      return failure();
    result = dyn_cast<T>(*a);
    if (!result)
      return error(pos, "debug info reference is not a " + what);
    return success();
  };
  auto num = [&](unsigned &v) -> LogicalResult {
    uint64_t x;
    if (!r.varint(x) || x > UINT32_MAX)
      return error(r, "invalid line or column number");
    v = unsigned(x);
    return success();
  };
  auto strAttr = [&](mlir::StringAttr &s) -> LogicalResult {
    StringRef v;
    if (failed(string(r, v)))
      return failure();
    s = mlir::StringAttr::get(ctx, v);
    return success();
  };
  switch (tag) {
  case DICompileUnit: {
    DIFileAttr file;
    if (failed(ref(file, "file")))
      return failure();
    out = DICompileUnitAttr::get(ctx, file);
    return success();
  }
  case DIFile: {
    mlir::StringAttr name, dir;
    if (failed(strAttr(name)) || failed(strAttr(dir)))
      return failure();
    out = DIFileAttr::get(ctx, name, dir);
    return success();
  }
  case DILexicalBlock: {
    DILocalScopeAttr scope;
    DIFileAttr file;
    unsigned line, col;
    if (failed(ref(scope, "local scope")) || failed(ref(file, "file")) ||
        failed(num(line)) || failed(num(col)))
      return failure();
    out = DILexicalBlockAttr::get(ctx, scope, file, line, col);
    return success();
  }
  case DILoc: {
    DILocalScopeAttr scope;
    mlir::StringAttr fileName;
    unsigned line, col;
    if (failed(ref(scope, "local scope")) || failed(strAttr(fileName)) ||
        failed(num(line)) || failed(num(col)))
      return failure();
    out = DILocAttr::get(ctx, FileLineColLoc::get(fileName, line, col), scope);
    return success();
  }
  case DISubprogram: {
    DIFileAttr file;
    unsigned line, scopeLine;
    mlir::StringAttr name, linkage;
    DICompileUnitAttr cu;
    if (failed(ref(file, "file")) || failed(num(line)) ||
        failed(strAttr(name)) || failed(strAttr(linkage)) ||
        failed(ref(cu, "compile unit")) || failed(num(scopeLine)))
      return failure();
    out = DISubprogramAttr::get(ctx, file, line, name, linkage, cu, scopeLine);
    return success();
  }
  case DICallSite: {
    LocationAttr callee, caller;
    if (failed(ref(callee, "location")) || failed(ref(caller, "location")))
      return failure();
    out = CallSiteLoc::get(callee, caller);
    return success();
  }
  default:
    out = UnknownLoc::get(ctx);
    return success();
  }
}

FailureOr<Location> Reader::nextLocation(size_t at) {
  if (!functionHasDebug)
    return Location(UnknownLoc::get(ctx));
  if (debugCursor >= debugEnd)
    return error(at, "operation has no debug info entry");
  FailureOr<Attribute> a = debugAt(debugIndices[debugCursor++], at);
  if (failed(a))
    return failure();
  auto loc = dyn_cast<LocationAttr>(*a);
  if (!loc)
    return error(at, "debug info of an operation is not a location");
  return Location(loc);
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

LogicalResult Reader::readDictionary(EncodingReader &r, mlir::DictionaryAttr &out) {
  uint64_t n;
  if (!r.varint(n) || n > r.remaining())
    return error(r, "invalid dictionary size");
  SmallVector<NamedAttribute> entries;
  for (uint64_t i = 0; i < n; ++i) {
    StringRef key;
    if (failed(string(r, key)))
      return failure();
    if (key.empty())
      return error(r, "invalid empty attribute name for DictionaryAttr "
                      "element " +
                          Twine(i));
    Attribute value;
    if (failed(readSelfContained(r, value)))
      return failure();
    entries.emplace_back(mlir::StringAttr::get(ctx, key), value);
  }
  if (auto dup = DictionaryAttr::findDuplicate(entries, /*isSorted=*/false))
    return error(r, "duplicate key in DictionaryAttr: " +
                        dup->getName().getValue());
  out = DictionaryAttr::get(ctx, entries);
  return success();
}

LogicalResult Reader::readSelfContained(EncodingReader &r, Attribute &out) {
  size_t at = r.offset();
  uint64_t tag;
  if (!r.varint(tag))
    return truncated(r, "an attribute tag");
  if (regionDepth + typeDepth >= kMaxNesting)
    return error(at, "attributes nested too deeply");
  switch (tag) {
  case TagInteger: {
    FailureOr<Type> t = type(r);
    if (failed(t))
      return failure();
    auto it = dyn_cast<IntegerType>(*t);
    if (!it || it.getWidth() > 64)
      return error(at, "integer attribute needs an integer type");
    if (it.getWidth() == 1) {
      uint8_t b;
      if (!r.byte(b) || b > 1)
        return error(r, "invalid boolean value");
      out = mlir::BoolAttr::get(ctx, b);
      return success();
    }
    uint64_t v;
    if (!r.varint(v) || !llvm::isUIntN(it.getWidth(), v))
      return error(r, "invalid integer attribute value");
    out = mlir::IntegerAttr::get(it, APInt(it.getWidth(), v));
    return success();
  }
  case TagFloat: {
    FailureOr<Type> t = type(r);
    if (failed(t))
      return failure();
    auto ft = dyn_cast<FloatType>(*t);
    if (!ft)
      return error(at, "float attribute needs a float type");
    unsigned width = ft.getWidth();
    uint64_t bits;
    if (width <= 8) {
      uint8_t b;
      if (!r.byte(b))
        return truncated(r, "a float attribute");
      bits = b;
    } else {
      int64_t s;
      if (!r.signedVarint(s))
        return truncated(r, "a float attribute");
      bits = uint64_t(s);
    }
    if (width > 64 || !llvm::isUIntN(width, bits))
      return error(at, "invalid float attribute value");
    out = mlir::FloatAttr::get(
        ft, APFloat(ft.getFloatSemantics(), APInt(width, bits)));
    return success();
  }
  case TagBool: {
    uint8_t b;
    if (!r.byte(b) || b > 1)
      return error(r, "invalid boolean value");
    out = mlir::BoolAttr::get(ctx, b);
    return success();
  }
  case TagType: {
    FailureOr<Type> t = type(r);
    if (failed(t))
      return failure();
    out = mlir::TypeAttr::get(*t);
    return success();
  }
  case TagString: {
    StringRef s;
    if (failed(string(r, s)))
      return failure();
    out = mlir::StringAttr::get(ctx, s);
    return success();
  }
  case TagArray: {
    uint64_t n;
    if (!r.varint(n) || n > r.remaining())
      return error(r, "invalid array size");
    SmallVector<Attribute> elts;
    for (uint64_t i = 0; i < n; ++i) {
      Attribute e;
      ++typeDepth; // bounds nesting of arrays in arrays
      LogicalResult ok = readSelfContained(r, e);
      --typeDepth;
      if (failed(ok))
        return failure();
      elts.push_back(e);
    }
    out = mlir::ArrayAttr::get(ctx, elts);
    return success();
  }
  case TagDenseElements: {
    FailureOr<Type> t = type(r);
    if (failed(t))
      return failure();
    uint64_t idx;
    size_t pos = r.offset();
    if (!r.varint(idx))
      return truncated(r, "a constant index");
    FailureOr<mlir::DenseElementsAttr> c = constantAt(idx, *t, pos);
    if (failed(c))
      return failure();
    out = *c;
    return success();
  }
  case TagDivBy: {
    uint64_t divisor;
    uint8_t flags;
    std::optional<int64_t> every, along;
    if (!r.varint(divisor) || !r.byte(flags))
      return truncated(r, "a div_by predicate");
    for (auto [bit, slot] : {std::pair{1, &every}, std::pair{2, &along}}) {
      if (!(flags & bit))
        continue;
      int64_t v;
      if (!r.signedVarint(v))
        return truncated(r, "a div_by predicate");
      *slot = v;
    }
    out = DivByAttr::get(ctx, divisor, every, along);
    return success();
  }
  case TagSameElements: {
    SmallVector<int64_t> v;
    if (!r.fixedArray(v))
      return truncated(r, "a same_elements predicate");
    out = SameElementsAttr::get(ctx, DenseI64ArrayAttr::get(ctx, v));
    return success();
  }
  case TagDictionary: {
    mlir::DictionaryAttr d;
    if (failed(readDictionary(r, d)))
      return failure();
    out = d;
    return success();
  }
  case TagOptimizationHints: {
    mlir::DictionaryAttr d;
    if (failed(readDictionary(r, d)))
      return failure();
    out = OptimizationHintsAttr::get(ctx, d);
    return success();
  }
  case TagBounded: {
    uint8_t flags;
    std::optional<int64_t> lb, ub;
    if (!r.byte(flags))
      return truncated(r, "a bounded predicate");
    for (auto [bit, slot] : {std::pair{1, &lb}, std::pair{2, &ub}}) {
      if (!(flags & bit))
        continue;
      int64_t v;
      if (!r.signedVarint(v))
        return truncated(r, "a bounded predicate");
      *slot = v;
    }
    out = BoundedAttr::get(ctx, lb, ub);
    return success();
  }
  default:
    return error(at, "unsupported AttributeTag " + Twine(tag) +
                         " for self-contained attribute");
  }
}

LogicalResult Reader::readAttr(EncodingReader &r, const AttrField &f,
                               ArrayRef<Type> resultTypes, Attribute &out) {
  size_t at = r.offset();
  auto bad = [&](const Twine &msg) {
    return error(at, "attribute '" + f.name + "': " + msg);
  };
  switch (f.kind) {
  case AttrKind::I32:
  case AttrKind::I64: {
    unsigned width = f.kind == AttrKind::I32 ? 32 : 64;
    uint64_t v;
    if (!r.varint(v) || !llvm::isUIntN(width, v))
      return bad("invalid integer");
    out = mlir::IntegerAttr::get(IntegerType::get(ctx, width),
                                 APInt(width, v));
    return success();
  }
  case AttrKind::Bool: {
    uint8_t b;
    if (!r.byte(b) || b > 1)
      return bad("invalid boolean");
    out = mlir::BoolAttr::get(ctx, b);
    return success();
  }
  case AttrKind::Str:
  case AttrKind::Sym: {
    StringRef s;
    if (failed(string(r, s)))
      return failure();
    if (f.kind == AttrKind::Sym) {
      if (s.empty())
        return bad("empty symbol reference is invalid");
      out = FlatSymbolRefAttr::get(ctx, s);
    } else {
      out = mlir::StringAttr::get(ctx, s);
    }
    return success();
  }
  case AttrKind::I32Array: {
    SmallVector<int32_t> v;
    if (!r.fixedArray(v))
      return truncated(r, "an integer array");
    for (int32_t x : v)
      if (x == INT32_MAX || x == INT32_MIN)
        return error(at, "array contains unsupported value " + Twine(x));
    out = DenseI32ArrayAttr::get(ctx, v);
    return success();
  }
  case AttrKind::BoolArray: {
    SmallVector<int8_t> v;
    if (!r.fixedArray(v))
      return truncated(r, "a boolean array");
    SmallVector<bool> bits;
    for (int8_t b : v) {
      if (b != 0 && b != 1)
        return error(at, "invalid boolean " + Twine(int(b)));
      bits.push_back(b);
    }
    out = DenseBoolArrayAttr::get(ctx, bits);
    return success();
  }
  case AttrKind::Dense: {
    uint64_t idx;
    if (!r.varint(idx))
      return truncated(r, "a constant index");
    FailureOr<mlir::DenseElementsAttr> c =
        constantAt(idx, resultTypes.empty() ? Type() : resultTypes.front(), at);
    if (failed(c))
      return failure();
    out = *c;
    return success();
  }
  case AttrKind::Array: {
    uint64_t n;
    if (!r.varint(n) || n > r.remaining())
      return bad("invalid array size");
    SmallVector<Attribute> elts;
    for (uint64_t i = 0; i < n; ++i) {
      Attribute e;
      if (failed(readSelfContained(r, e)))
        return failure();
      if (!isa<TypedAttr>(e))
        return bad("array element is not a typed attribute");
      elts.push_back(e);
    }
    out = mlir::ArrayAttr::get(ctx, elts);
    return success();
  }
  case AttrKind::Predicate:
    if (failed(readSelfContained(r, out)))
      return failure();
    if (!isa<DivByAttr, SameElementsAttr, BoundedAttr>(out))
      return bad("not an assume predicate");
    return success();
  case AttrKind::Hints: {
    mlir::DictionaryAttr d;
    if (failed(readDictionary(r, d)))
      return failure();
    out = OptimizationHintsAttr::get(ctx, d);
    return success();
  }
  case AttrKind::Type: {
    FailureOr<Type> t = type(r);
    if (failed(t))
      return failure();
    out = mlir::TypeAttr::get(*t);
    return success();
  }
  case AttrKind::Enum: {
    uint64_t v;
    if (!r.varint(v))
      return truncated(r, "an enum value");
    out = makeEnum(ctx, f.enumName, v);
    if (!out)
      return error(at, "invalid integer value for enum type: " + Twine(v));
    return success();
  }
  }
  return bad("unknown kind");
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

LogicalResult Reader::readValues(EncodingReader &r, uint64_t count,
                                 SmallVectorImpl<Value> &out) {
  if (count > r.remaining())
    return error(r, "operand count " + Twine(count) + " exceeds the data");
  for (uint64_t i = 0; i < count; ++i) {
    size_t at = r.offset();
    uint64_t id;
    if (!r.varint(id))
      return truncated(r, "an operand");
    if (id >= values.size())
      return error(at, "operand index " + Twine(id) + " out of bounds (size=" +
                           Twine(values.size()) + ")");
    out.push_back(values[id]);
  }
  return success();
}

LogicalResult Reader::readRegion(EncodingReader &r, Region &region,
                                 Location loc) {
  if (regionDepth >= kMaxNesting)
    return error(r, "regions nested too deeply");
  uint64_t numBlocks;
  if (!r.varint(numBlocks) || numBlocks > r.remaining())
    return error(r, "invalid block count");
  ++regionDepth;
  auto restore = llvm::make_scope_exit([&] { --regionDepth; });
  for (uint64_t b = 0; b < numBlocks; ++b) {
    Block *block = new Block();
    region.push_back(block);
    size_t savedValues = values.size();
    uint64_t numArgs, numOps;
    if (!r.varint(numArgs) || numArgs > r.remaining())
      return error(r, "invalid block argument count");
    for (uint64_t i = 0; i < numArgs; ++i) {
      FailureOr<Type> t = type(r);
      if (failed(t))
        return failure();
      values.push_back(block->addArgument(*t, loc));
    }
    if (!r.varint(numOps) || numOps > r.remaining())
      return error(r, "invalid operation count");
    for (uint64_t i = 0; i < numOps; ++i)
      if (failed(readOp(r, *block)))
        return failure();
    if (block->empty() ||
        !block->back().hasTrait<OpTrait::IsTerminator>())
      return error(r, "invalid block structure: block is expected to have a "
                      "terminator operation");
    values.resize(savedValues);
  }
  return success();
}

LogicalResult Reader::readOp(EncodingReader &r, Block &block) {
  size_t at = r.offset();
  uint64_t opcode;
  if (!r.varint(opcode))
    return truncated(r, "an opcode");
  const OpLayout *layout = lookupOpcode(opcode);
  if (!layout || version < layout->since || layout->name == "entry" ||
      layout->name == "module" || layout->name == "global")
    return error(at, "unsupported opcode " + Twine(opcode) +
                         " for bytecode version " + version.str());
  FailureOr<Location> loc = nextLocation(at);
  if (failed(loc))
    return failure();
  std::string opName = ("cuda_tile." + layout->name).str();
  OperationState state(*loc, opName);

  // Results.
  uint64_t numResults = 0;
  for (const ResultGroup &g : layout->results)
    numResults += version >= g.since;
  if (layout->storesResultCount()) {
    uint64_t stored;
    if (!r.varint(stored) || stored > r.remaining())
      return error(r, "invalid result count");
    if (!layout->hasVariadicResults() && stored != numResults)
      return error(at, "result count mismatch for '" + opName + "': expected " +
                           Twine(numResults) + " but got " + Twine(stored));
    numResults = stored;
  }
  for (uint64_t i = 0; i < numResults; ++i) {
    FailureOr<Type> t = type(r);
    if (failed(t))
      return failure();
    state.types.push_back(*t);
  }
  // Results added after this file's release: a token, unreachable from it.
  unsigned numVisibleResults = state.types.size();
  for (const ResultGroup &g : layout->results)
    if (version < g.since)
      state.types.push_back(TokenType::get(ctx));

  uint64_t flags = 0;
  if (layout->flagsSince && version >= *layout->flagsSince && !r.varint(flags))
    return truncated(r, "the flags field");
  if (layout->numFlagBits < 64 && (flags >> layout->numFlagBits))
    return error(at, "invalid flags field " + Twine(flags));
  auto flag = [&](int bit) { return bit >= 0 && (flags >> bit) & 1; };

  for (const AttrField &f : layout->attrs) {
    if (version < f.since) {
      if (f.optional && flag(f.flagBit))
        return error(at, "malformed bytecode: flag set for attribute '" +
                             f.name + "' which requires " + f.since.str());
      if (!f.optional && f.defaultValue && f.kind == AttrKind::Enum)
        state.addAttribute(f.name, makeEnum(ctx, f.enumName, *f.defaultValue));
      continue;
    }
    if (f.optional && !flag(f.flagBit))
      continue;
    if (f.unsupported)
      return error(at, "attribute '" + f.name + "' of '" + opName +
                           "' (Tile IR " + f.since.str() +
                           ") is not supported");
    if (f.dropped) {
      // A per-dimension promise (e.g. `inbounds`): dropping it keeps the
      // program's meaning, so it is read and discarded.
      SmallVector<int8_t> promise;
      if (!r.fixedArray(promise))
        return truncated(r, ("attribute '" + f.name + "'").str());
      if (llvm::any_of(promise, [](int8_t b) { return b != 0 && b != 1; }))
        return error(r, "invalid boolean in attribute '" + f.name + "'");
      continue;
    }
    if (f.unit) {
      state.addAttribute(f.name, UnitAttr::get(ctx));
      continue;
    }
    Attribute value;
    if (failed(readAttr(r, f, state.types, value)))
      return failure();
    state.addAttribute(f.name, value);
  }

  if (layout->segmented) {
    SmallVector<int32_t> sizes;
    for (const OperandGroup &g : layout->operands) {
      uint64_t n = 1;
      if (g.kind == OperandGroup::Variadic) {
        if (!r.varint(n))
          return truncated(r, "an operand count");
      } else if (g.kind == OperandGroup::Optional) {
        n = version >= g.since && flag(g.flagBit);
      }
      if (failed(readValues(r, n, state.operands)))
        return failure();
      sizes.push_back(int32_t(n));
    }
    state.addAttribute("operandSegmentSizes",
                       DenseI32ArrayAttr::get(ctx, sizes));
  } else if (!layout->operands.empty()) {
    uint64_t n = layout->operands.size();
    if (layout->hasVariableOperands() && !r.varint(n))
      return truncated(r, "an operand count");
    if (failed(readValues(r, n, state.operands)))
      return failure();
  }

  if (layout->numRegions) {
    uint64_t n;
    if (!r.varint(n) || n != layout->numRegions)
      return error(r, "operation '" + opName + "' expects " +
                          Twine(layout->numRegions) + " regions");
    for (unsigned i = 0; i < layout->numRegions; ++i)
      if (failed(readRegion(r, *state.addRegion(), *loc)))
        return failure();
  }

  Operation *op = Operation::create(state);
  block.push_back(op);
  for (unsigned i = 0; i < numVisibleResults; ++i)
    values.push_back(op->getResult(i));
  return success();
}

//===----------------------------------------------------------------------===//
// Module items
//===----------------------------------------------------------------------===//

LogicalResult Reader::readGlobals(cuda_tile::ModuleOp module) {
  if (!sections[GlobalSection])
    return success();
  EncodingReader r = *sections[GlobalSection];
  uint64_t n;
  if (!r.varint(n) || n > r.remaining() / 4)
    return error(r, "invalid number of globals");
  builder.setInsertionPointToEnd(&module.getBody().front());
  for (uint64_t i = 0; i < n; ++i) {
    size_t at = r.offset();
    StringRef name;
    uint64_t typeIdx, constIdx, alignment, visibility = 0, isConstant = 0;
    if (failed(string(r, name)))
      return failure();
    if (!r.varint(typeIdx) || !r.varint(constIdx) || !r.varint(alignment))
      return truncated(r, "a global");
    if (version >= v13_3 && (!r.varint(visibility) || !r.varint(isConstant)))
      return truncated(r, "a global");
    if (name.empty())
      return error(at, "global symbol name is empty");
    if (visibility > 1)
      return error(at, "invalid symbol visibility value: " + Twine(visibility));
    FailureOr<Type> t = typeAt(typeIdx, at);
    if (failed(t))
      return failure();
    FailureOr<mlir::DenseElementsAttr> value = constantAt(constIdx, *t, at);
    if (failed(value))
      return failure();
    OperationState state(UnknownLoc::get(ctx), GlobalOp::getOperationName());
    if (visibility == 1)
      state.addAttribute("sym_visibility", builder.getStringAttr("private"));
    state.addAttribute("sym_name", builder.getStringAttr(name));
    state.addAttribute("value", *value);
    state.addAttribute("alignment", builder.getI64IntegerAttr(alignment));
    if (isConstant)
      state.addAttribute("constant", UnitAttr::get(ctx));
    builder.create(state);
  }
  return success();
}

LogicalResult Reader::readFunctions(cuda_tile::ModuleOp module) {
  if (!sections[FuncSection])
    return error(file.size(), "function section is mandatory");
  EncodingReader r = *sections[FuncSection];
  uint64_t n;
  if (!r.varint(n) || n > r.remaining())
    return error(r, "invalid number of functions");
  for (uint64_t i = 0; i < n; ++i) {
    size_t at = r.offset();
    StringRef name;
    uint64_t sigIdx, locIdx, length;
    uint8_t flags;
    if (failed(string(r, name)))
      return failure();
    if (!r.varint(sigIdx) || !r.byte(flags) || !r.varint(locIdx))
      return truncated(r, "a function header");
    Attribute hints;
    if (flags & HasOptimizationHints) {
      if (failed(readSelfContained(r, hints)))
        return failure();
      if (!isa<OptimizationHintsAttr>(hints))
        return error(at, "invalid optimization hints of function '" + name +
                             "'");
    }
    ArrayRef<uint8_t> bodyBytes;
    if (!r.varint(length) || !r.slice(length, bodyBytes))
      return error(r, "function body length exceeds the section");
    if (name.empty())
      return error(at, "function name is empty");
    FailureOr<Type> sig = typeAt(sigIdx, at);
    if (failed(sig))
      return failure();
    auto fnType = dyn_cast<FunctionType>(*sig);
    if (!fnType)
      return error(at, "signature of function '" + name +
                           "' is not a function type");
    if (!(flags & KindKernel))
      return error(at, "un-expected non-entry function '" + name + "'");

    // Locations: the function's list starts with its own location.
    functionHasDebug = locIdx != 0;
    Location loc = UnknownLoc::get(ctx);
    if (functionHasDebug) {
      uint64_t list = locIdx - kFirstDebugIndex;
      if (list >= debugListStarts.size())
        return error(at, "function debug info index out of bounds");
      debugCursor = debugListStarts[list];
      debugEnd = list + 1 < debugListStarts.size() ? debugListStarts[list + 1]
                                                   : debugIndices.size();
      if (debugCursor > debugEnd || debugEnd > debugIndices.size())
        return error(at, "invalid debug info list of function '" + name + "'");
      FailureOr<Location> l = nextLocation(at);
      if (failed(l))
        return failure();
      loc = *l;
    }

    OperationState state(loc, EntryOp::getOperationName());
    state.addAttribute("sym_name", builder.getStringAttr(name));
    state.addAttribute("function_type", mlir::TypeAttr::get(fnType));
    if (hints)
      state.addAttribute("optimization_hints", hints);
    Region *body = state.addRegion();
    Block *block = new Block();
    body->push_back(block);
    values.clear();
    for (Type t : fnType.getInputs())
      values.push_back(block->addArgument(t, loc));
    builder.setInsertionPointToEnd(&module.getBody().front());
    builder.create(state);
    EncodingReader br(bodyBytes, r.offset() - bodyBytes.size());
    while (!br.empty())
      if (failed(readOp(br, *block)))
        return failure();
  }
  return success();
}

OwningOpRef<Operation *> Reader::read() {
  EncodingReader r(file, 0);
  if (failed(readHeader(r)) || failed(readSections(r)))
    return nullptr;
  if (!sections[StringSection]) {
    (void)error(file.size(), "string section is mandatory");
    return nullptr;
  }
  if (failed(readTable(*sections[StringSection], strings, 4, "strings")))
    return nullptr;
  if (sections[TypeSection]) {
    if (failed(readTable(*sections[TypeSection], types, 4, "types")))
      return nullptr;
    typeCache.resize(types.size());
  }
  if (sections[ConstantSection] &&
      failed(readTable(*sections[ConstantSection], constants, 8, "constants")))
    return nullptr;
  if (sections[DebugSection]) {
    EncodingReader d = *sections[DebugSection];
    uint64_t numLists, numIndices;
    if (!d.varint(numLists) || !d.skipPadding(4) ||
        numLists > d.remaining() / 4) {
      (void)error(d, "invalid debug info section");
      return nullptr;
    }
    debugListStarts.resize(numLists);
    for (uint64_t &s : debugListStarts) {
      uint32_t v;
      d.fixed(v);
      s = v;
    }
    if (!d.varint(numIndices) || !d.skipPadding(8) ||
        numIndices > d.remaining() / 8) {
      (void)error(d, "invalid debug info section");
      return nullptr;
    }
    debugIndices.resize(numIndices);
    for (uint64_t &idx : debugIndices)
      d.fixed(idx);
    if (failed(readTable(d, debugAttrs, 4, "debug info attributes")))
      return nullptr;
    debugCache.resize(debugAttrs.size());
  }

  OwningOpRef<cuda_tile::ModuleOp> module =
      cuda_tile::ModuleOp::create(builder, UnknownLoc::get(ctx), "kernels");
  if (sections[ProducerSection]) {
    EncodingReader p = *sections[ProducerSection];
    StringRef producer;
    if (failed(string(p, producer)))
      return nullptr;
    (*module)->setAttr("producer", builder.getStringAttr(producer));
  }
  if (failed(readGlobals(*module)) || failed(readFunctions(*module)))
    return nullptr;
  if (failed(verify(*module))) {
    emitError(fileLoc) << "verification failed for deserialized "
                          "cuda_tile.module";
    return nullptr;
  }
  return OwningOpRef<Operation *>(module.release());
}

OwningOpRef<Operation *> cuda_tile::readBytecode(llvm::MemoryBufferRef buffer,
                                                 MLIRContext *context) {
  context->getOrLoadDialect<CudaTileDialect>();
  ArrayRef<uint8_t> data(
      reinterpret_cast<const uint8_t *>(buffer.getBufferStart()),
      buffer.getBufferSize());
  return Reader(data, buffer.getBufferIdentifier(), context).read();
}
