//===- MatrixDescriptorsTest.cpp - descriptor bit fields ------------------===//
//
// Expected values are written from the PTX ISA's field tables, field by
// field, not from the encoder.
//
//===----------------------------------------------------------------------===//
#include "Layout/MatrixDescriptors.h"

#include <gtest/gtest.h>

using namespace tilecc::layout;

namespace {
uint64_t field(uint64_t value, unsigned lo, unsigned hi) {
  return (value >> lo) & ((uint64_t(1) << (hi - lo + 1)) - 1);
}
} // namespace

// wgmma matrix descriptor: start address 0-13, LBO 16-29, SBO 32-45 (all
// bytes >> 4), base offset 49-51, swizzle 62-63 (1: 128 B, 2: 64 B, 3: 32 B).
TEST(MatrixDescriptors, WgmmaFields) {
  // The 32-byte swizzled N-major B of a K = 32 tile: LBO 1024, SBO 256.
  uint64_t d = getWgmmaDescriptorFields(1024, 256, 3);
  EXPECT_EQ(field(d, 0, 13), 0u);
  EXPECT_EQ(field(d, 16, 29), 1024u / 16);
  EXPECT_EQ(field(d, 32, 45), 256u / 16);
  EXPECT_EQ(field(d, 49, 51), 0u);
  EXPECT_EQ(field(d, 62, 63), 3u);
  // Unused bits stay 0.
  EXPECT_EQ(d & ~((uint64_t(0x3FFF) << 16) | (uint64_t(0x3FFF) << 32) |
                  (uint64_t(3) << 62)),
            0u);
  // 128-byte swizzle, LBO 4096, SBO 1024.
  EXPECT_EQ(getWgmmaDescriptorFields(4096, 1024, 1),
            uint64_t(1) << 62 | uint64_t(64) << 32 | uint64_t(256) << 16);
  // The largest offset a field holds: 2^18 - 16 bytes.
  EXPECT_EQ(field(getWgmmaDescriptorFields(0x3FFF0, 16, 2), 16, 29), 0x3FFFu);
}

TEST(MatrixDescriptors, AddressField) {
  EXPECT_EQ(encodeDescriptorBytes(0), 0u);
  EXPECT_EQ(encodeDescriptorBytes(1024), 64u);
  EXPECT_EQ(encodeDescriptorBytes(0x3FFF0), 0x3FFFu);
  // Shared-memory window addresses above 256 KiB wrap to the 18-bit field.
  EXPECT_EQ(encodeDescriptorBytes(0x40010), 1u);
}

// tcgen05 shared-memory descriptor: start 0-13, LBO 16-29, SBO 32-45, fixed
// 0b001 at 46-48, base offset 49-51, LBO mode 52, swizzle 61-63.
TEST(MatrixDescriptors, Tcgen05SharedFields) {
  uint64_t d = getTcgen05DescriptorFields(128, 8 * 32);
  EXPECT_EQ(field(d, 0, 13), 0u);
  EXPECT_EQ(field(d, 16, 29), 128u / 16);
  EXPECT_EQ(field(d, 32, 45), 256u / 16);
  EXPECT_EQ(field(d, 46, 48), 1u);
  EXPECT_EQ(field(d, 49, 51), 0u);
  EXPECT_EQ(field(d, 52, 52), 0u);
  EXPECT_EQ(field(d, 61, 63), 0u);
}

// tcgen05 instruction descriptor, kind::mxf8f6f4 / mxf4: B scale id 4-5,
// atype 7-9 (E4M3 0, E5M2 1), btype 10-11, N >> 3 at 17-22, scale type 23
// (UE8M0 1, UE4M3 0), M >> 7 at 27-28, A scale id 29-30.
TEST(MatrixDescriptors, Tcgen05ScaledInstrFields) {
  Tcgen05ScaledInstr e4m3;
  e4m3.aType = getTcgen05ScaledTypeCode(ScaledMmaElement::E4M3);
  e4m3.bType = getTcgen05ScaledTypeCode(ScaledMmaElement::E4M3);
  e4m3.n = 16;
  e4m3.m = 128;
  uint32_t d = getTcgen05ScaledInstrDescriptor(e4m3);
  EXPECT_EQ(field(d, 0, 3), 0u);
  EXPECT_EQ(field(d, 7, 9), 0u);
  EXPECT_EQ(field(d, 10, 11), 0u);
  EXPECT_EQ(field(d, 13, 16), 0u); // no negation, no transposition
  EXPECT_EQ(field(d, 17, 22), 2u);
  EXPECT_EQ(field(d, 23, 23), 1u);
  EXPECT_EQ(field(d, 27, 28), 1u);
  EXPECT_EQ(d, 0x08840000u);

  Tcgen05ScaledInstr mixed = e4m3;
  mixed.bType = getTcgen05ScaledTypeCode(ScaledMmaElement::E5M2);
  mixed.n = 256;
  mixed.ue8m0Scales = false;
  mixed.scaleIdA = 3;
  mixed.scaleIdB = 2;
  d = getTcgen05ScaledInstrDescriptor(mixed);
  EXPECT_EQ(field(d, 4, 5), 2u);
  EXPECT_EQ(field(d, 10, 11), 1u);
  EXPECT_EQ(field(d, 17, 22), 32u);
  EXPECT_EQ(field(d, 23, 23), 0u);
  EXPECT_EQ(field(d, 29, 30), 3u);
  EXPECT_EQ(getTcgen05ScaledTypeCode(ScaledMmaElement::E2M1), 1u);
}

// Core matrices are 8 rows x 16 bytes; a block-scaled tcgen05.mma takes K =
// 32 e4m3 (32 bytes); tcgen05.cp .32x128b moves 32 rows of 128 bits.
TEST(MatrixDescriptors, Sizes) {
  EXPECT_EQ(kCoreMatrixBytes, 128);
  EXPECT_EQ(kTcgen05ScaledKBytes, 32);
  EXPECT_EQ(kTcgen05ScaleChunkBytes, 512);
}
