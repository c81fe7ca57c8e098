//===- Encoding.h - primitive encodings of Tile IR bytecode ---------------===//
//
// Little-endian fixed-width integers, LEB128 varints (signed ones zigzag
// encoded) and alignment padding, for the writer (EncodingWriter) and the
// reader (EncodingReader, which never reads past its slice).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_BYTECODE_ENCODING_H
#define TILECC_CUDATILE_BYTECODE_ENCODING_H

#include "CudaTile/Bytecode/Format.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir::cuda_tile::bc {

class EncodingWriter {
public:
  void byte(uint8_t b) { buf.push_back(char(b)); }
  void varint(uint64_t v) {
    do {
      uint8_t b = v & 0x7F;
      v >>= 7;
      byte(v ? b | 0x80 : b);
    } while (v);
  }
  void signedVarint(int64_t v) {
    varint((uint64_t(v) << 1) ^ uint64_t(v >> 63));
  }
  template <typename T> void fixed(T v) {
    for (size_t i = 0; i < sizeof(T); ++i)
      byte(uint8_t(uint64_t(v) >> (8 * i)));
  }
  template <typename T> void fixedArray(llvm::ArrayRef<T> values) {
    varint(values.size());
    for (T v : values)
      fixed(v);
  }
  void bytes(llvm::StringRef s) { buf.append(s.begin(), s.end()); }
  /// Pads with kPadding to a multiple of `alignment` (relative to the start
  /// of this buffer, which the section header aligns in the file).
  void align(uint64_t alignment) {
    while (buf.size() % alignment)
      byte(kPadding);
    maxAlign = std::max(maxAlign, alignment);
  }
  size_t size() const { return buf.size(); }
  uint64_t alignment() const { return maxAlign; }
  llvm::StringRef data() const { return {buf.data(), buf.size()}; }
  /// Overwrites a fixed-width slot reserved earlier.
  template <typename T> void patch(size_t at, T v) {
    for (size_t i = 0; i < sizeof(T); ++i)
      buf[at + i] = char(uint8_t(uint64_t(v) >> (8 * i)));
  }

private:
  llvm::SmallVector<char, 256> buf;
  uint64_t maxAlign = 1;
};

class EncodingReader {
public:
  EncodingReader() = default;
  /// `base` is the slice's offset in the file, for diagnostics.
  EncodingReader(llvm::ArrayRef<uint8_t> data, size_t base)
      : data(data), base(base) {}

  size_t remaining() const { return data.size() - pos; }
  size_t offset() const { return base + pos; }
  bool empty() const { return pos == data.size(); }

  bool byte(uint8_t &b) {
    if (pos >= data.size())
      return false;
    b = data[pos++];
    return true;
  }
  bool varint(uint64_t &v) {
    v = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      uint8_t b;
      if (!byte(b))
        return false;
      v |= uint64_t(b & 0x7F) << shift;
      if (!(b & 0x80))
        return true;
    }
    return false; // more than ten bytes
  }
  bool signedVarint(int64_t &v) {
    uint64_t u;
    if (!varint(u))
      return false;
    v = int64_t((u >> 1) ^ (~(u & 1) + 1));
    return true;
  }
  template <typename T> bool fixed(T &v) {
    if (remaining() < sizeof(T))
      return false;
    uint64_t r = 0;
    for (size_t i = 0; i < sizeof(T); ++i)
      r |= uint64_t(data[pos++]) << (8 * i);
    v = T(r);
    return true;
  }
  /// A varint count and that many fixed-width values; the count is checked
  /// against the remaining bytes before anything is allocated.
  template <typename T> bool fixedArray(llvm::SmallVectorImpl<T> &out) {
    uint64_t n;
    if (!varint(n) || n > remaining() / sizeof(T))
      return false;
    out.resize(n);
    for (T &v : out)
      fixed(v);
    return true;
  }
  bool slice(uint64_t n, llvm::ArrayRef<uint8_t> &out) {
    if (n > remaining())
      return false;
    out = data.slice(pos, n);
    pos += n;
    return true;
  }
  bool skipPadding(uint64_t alignment) {
    size_t pad = (alignment - offset() % alignment) % alignment;
    if (pad > remaining())
      return false;
    pos += pad;
    return true;
  }
  EncodingReader sub(llvm::ArrayRef<uint8_t> slice) const {
    return EncodingReader(slice, base + (slice.data() - data.data()));
  }

private:
  llvm::ArrayRef<uint8_t> data;
  size_t pos = 0;
  size_t base = 0;
};

} // namespace mlir::cuda_tile::bc

#endif // TILECC_CUDATILE_BYTECODE_ENCODING_H
