//===- MatrixDescriptors.h - wgmma / tcgen05 descriptor encodings -*- C++ -*-===//
//
// The bit packing of the descriptors the tensor-core instructions read (PTX
// ISA: wgmma "Matrix Descriptor Format", tcgen05 "Shared memory descriptor"
// and "Instruction descriptor"): one place for every lowering that builds
// one. The start address of a matrix descriptor is a run-time value; its
// other fields are constants computed here.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_LAYOUT_MATRIXDESCRIPTORS_H
#define TILECC_LAYOUT_MATRIXDESCRIPTORS_H

#include <cstdint>

namespace tilecc::layout {

/// A core matrix of the canonical shared layouts: 8 rows of 16 bytes.
inline constexpr int64_t kCoreMatrixRowBytes = 16;
inline constexpr int64_t kCoreMatrixBytes = 8 * kCoreMatrixRowBytes;
/// Bytes of K one block-scaled tcgen05.mma consumes: two core matrices along K
/// (32 elements of kind::mxf8f6f4, 64 packed e2m1 of kind::mxf4 / mxf4nvf4).
inline constexpr int64_t kTcgen05ScaledKBytes = 2 * kCoreMatrixRowBytes;
/// Bytes one tcgen05.cp .32x128b copy moves (a scale-factor chunk).
inline constexpr int64_t kTcgen05ScaleChunkBytes = 32 * 128 / 8;

/// Matrix-descriptor address fields are 14 bits wide and hold bits 4..17 of a
/// shared-memory byte address or offset.
inline constexpr uint32_t kDescriptorAddressBytesMask = 0x3FFFF;
inline constexpr uint32_t kDescriptorFieldMask = 0x3FFF;
/// A byte address or offset as a 14-bit descriptor field.
constexpr uint64_t encodeDescriptorBytes(int64_t bytes) {
  return (uint64_t(bytes) & kDescriptorAddressBytesMask) >> 4;
}

/// The fields of a wgmma matrix descriptor other than the start address
/// (bits 0-13): leading-dimension byte offset (16-29), stride-dimension byte
/// offset (32-45), base offset 0 (49-51), swizzle mode (62-63: 0 none, 1 128
/// bytes, 2 64 bytes, 3 32 bytes).
uint64_t getWgmmaDescriptorFields(int64_t lbo, int64_t sbo,
                                  unsigned swizzleMode);

/// The fields of a tcgen05 shared-memory descriptor other than the start
/// address, for the canonical layouts without swizzle: leading (16-29) and
/// stride (32-45) byte offsets, the fixed version 0b001 (46-48), base offset
/// 0 (49-51), relative leading offsets (bit 52), no swizzle (61-63).
uint64_t getTcgen05DescriptorFields(int64_t lbo, int64_t sbo);

/// Operand element types of block-scaled tcgen05.mma.
enum class ScaledMmaElement { E4M3, E5M2, E2M1 };
/// The instruction-descriptor type code of an operand: kind::mxf8f6f4 codes
/// for the 8-bit types (E4M3 0, E5M2 1), kind::mxf4 / mxf4nvf4's for E2M1 (1).
unsigned getTcgen05ScaledTypeCode(ScaledMmaElement element);

/// A block-scaled tcgen05.mma (kind::mxf8f6f4 / mxf4 / mxf4nvf4): K-major A
/// and B, dense, f32 accumulator.
struct Tcgen05ScaledInstr {
  unsigned aType = 0, bType = 0; // getTcgen05ScaledTypeCode
  int64_t m = 128, n = 8;
  bool ue8m0Scales = true; // else ue4m3
  unsigned scaleIdA = 0, scaleIdB = 0; // byte of the scale column used
};
/// Its 32-bit instruction descriptor: B scale-factor id (4-5), A type (7-9),
/// B type (10-11), N >> 3 (17-22), scale type (23: 1 ue8m0, 0 ue4m3),
/// M >> 7 (27-28), A scale-factor id (29-30); sparsity, negation and
/// transposition 0.
uint32_t getTcgen05ScaledInstrDescriptor(const Tcgen05ScaledInstr &instr);

} // namespace tilecc::layout

#endif // TILECC_LAYOUT_MATRIXDESCRIPTORS_H
