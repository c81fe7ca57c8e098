//===- Npy.cpp - writing NumPy .npy files ---------------------------------===//
#include "Run/Npy.h"

#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace tilecc;

static const char *npyDescr(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1: return "|b1";
  case ElementKind::I8: return "|i1";
  case ElementKind::I16: return "<i2";
  case ElementKind::I32: return "<i4";
  case ElementKind::I64: return "<i8";
  case ElementKind::F16: return "<f2";
  case ElementKind::BF16: return "<f4";
  case ElementKind::F32: return "<f4";
  case ElementKind::F64: return "<f8";
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
  case ElementKind::F8E8M0FNU: return "<f4"; // widened, as bf16 is
  }
  return "|u1";
}

llvm::Error tilecc::writeNpy(const std::string &path, ElementKind kind,
                             const std::vector<uint8_t> &bytes,
                             uint64_t count) {
  std::string header = "{'descr': '" + std::string(npyDescr(kind)) +
                       "', 'fortran_order': False, 'shape': (" +
                       std::to_string(count) + ",), }";
  // Magic (6) + version (2) + length (2) + header, padded to 64 bytes with
  // spaces and ending in a newline.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return llvm::createStringError("cannot write " + path + ": " + ec.message());
  os << "\x93NUMPY";
  os << static_cast<char>(1) << static_cast<char>(0);
  uint16_t length = header.size();
  os << static_cast<char>(length & 0xff) << static_cast<char>(length >> 8);
  os << header;
  if (kind == ElementKind::BF16) {
    for (uint64_t i = 0; i < count; ++i) {
      uint32_t widened = static_cast<uint32_t>(readElementBits(bytes, kind, i)) << 16;
      os.write(reinterpret_cast<const char *>(&widened), 4);
    }
  } else if (kind == ElementKind::F8E4M3FN || kind == ElementKind::F8E5M2 ||
             kind == ElementKind::F8E8M0FNU) {
    for (uint64_t i = 0; i < count; ++i) {
      float widened = static_cast<float>(
          decodeElement(kind, readElementBits(bytes, kind, i)));
      os.write(reinterpret_cast<const char *>(&widened), 4);
    }
  } else if (kind == ElementKind::I1) {
    for (uint64_t i = 0; i < count; ++i)
      os << static_cast<char>(bytes[i] & 1);
  } else {
    os.write(reinterpret_cast<const char *>(bytes.data()),
             count * getElementKindBytes(kind));
  }
  return llvm::Error::success();
}
