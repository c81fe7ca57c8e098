//===- TensorMap.h - the emulator's tensor-map encoding ---------*- C++ -*-===//
//
// PTX leaves the 128-byte tensor-map object opaque (ISA 5.5.8). The
// emulator encodes one as: bytes 0-3 the magic "TMAP", 4-7 a mask of the
// fields written so far (FieldBit), 8 the flags (bit 0: written on the
// device by tensormap.replace), 9 rank - 1, 10 element type, 11 interleave,
// 12 swizzle mode, 13 swizzle atomicity, 14 fill mode, 16-23 the global
// address, 24-43 global_dim[0..4], 48-79 global_stride[0..3] (bytes of dims
// 1..4), 80-99 box_dim[0..4], 100-119 element_stride[0..4]. Any other
// 128 bytes are not a tensor map the emulator can use.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PTXEMU_TENSORMAP_H
#define TILECC_PTXEMU_TENSORMAP_H

#include "PTXEmu/PTXEmu.h"

#include <cstdint>
#include <string>

namespace tilecc::ptxemu {

constexpr unsigned kTensorMapBytes = 128;

enum FieldBit : uint32_t {
  FAddress = 1u << 0,
  FRank = 1u << 1,
  FElemType = 1u << 2,
  FInterleave = 1u << 3,
  FSwizzle = 1u << 4,
  FAtomicity = 1u << 5,
  FFill = 1u << 6,
  FBoxDim0 = 1u << 7,        // + ordinal, 5 bits
  FGlobalDim0 = 1u << 12,    // + ordinal, 5 bits
  FGlobalStride0 = 1u << 17, // + ordinal, 4 bits
  FElemStride0 = 1u << 21,   // + ordinal, 5 bits
};

enum class TmField : uint8_t {
  GlobalAddress, Rank, BoxDim, GlobalDim, GlobalStride, ElementStride,
  ElemType, Interleave, Swizzle, Atomicity, Fill
};

struct TensorMapState {
  TensorMapInfo info;
  uint32_t written = 0;
  bool deviceWritten = false;
};

// True when `p` holds the emulator's encoding.
bool isTensorMap(const uint8_t *p);
// Decodes the emulator's encoding; false (with `err`) if `p` is not one.
bool decodeTensorMap(const uint8_t *p, TensorMapState &st, std::string &err);
void encodeTensorMap(const TensorMapState &st, uint8_t *p);
// tensormap.replace of one field (ordinal `ord` for the per-dimension
// ones) in place: an object without the magic starts with no field
// written. False (with `err`) for a value the field cannot take.
bool replaceTensorMapField(uint8_t *p, TmField f, unsigned ord, uint64_t v,
                           std::string &err);
// Checks a map for a tile-mode copy of `dims` dimensions; `err` names the
// first missing field or invalid value.
bool validateTensorMap(const TensorMapState &st, unsigned dims, std::string &err);
// Element size in bytes of a Table 33 element type (0: unsupported).
unsigned tensorElemBytes(unsigned elemType);
// The shared-memory byte address where the byte at `addr` of a dense box
// image lands under `swizzle` / `atomicity` (PTX ISA 5.5.7: the 16-byte
// units (or 32/64-byte atoms) of each 128-byte line are permuted by the
// line's index in the repeating pattern; the pattern is anchored at
// absolute shared addresses).
uint64_t swizzleAddress(uint64_t addr, unsigned swizzle, unsigned atomicity);

} // namespace tilecc::ptxemu

#endif
