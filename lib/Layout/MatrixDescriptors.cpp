//===- MatrixDescriptors.cpp - wgmma / tcgen05 descriptor encodings -------===//
#include "Layout/MatrixDescriptors.h"

using namespace tilecc::layout;

uint64_t tilecc::layout::getWgmmaDescriptorFields(int64_t lbo, int64_t sbo,
                                                  unsigned swizzleMode) {
  return encodeDescriptorBytes(lbo) << 16 | encodeDescriptorBytes(sbo) << 32 |
         uint64_t(swizzleMode & 3) << 62;
}

uint64_t tilecc::layout::getTcgen05DescriptorFields(int64_t lbo, int64_t sbo) {
  return encodeDescriptorBytes(lbo) << 16 | encodeDescriptorBytes(sbo) << 32 |
         uint64_t(1) << 46;
}

unsigned tilecc::layout::getTcgen05ScaledTypeCode(ScaledMmaElement element) {
  switch (element) {
  case ScaledMmaElement::E4M3:
    return 0;
  case ScaledMmaElement::E5M2:
    return 1;
  case ScaledMmaElement::E2M1:
    return 1;
  }
  return 0;
}

uint32_t tilecc::layout::getTcgen05ScaledInstrDescriptor(
    const Tcgen05ScaledInstr &instr) {
  uint32_t d = 0;
  d |= (instr.scaleIdB & 3) << 4;
  d |= (instr.aType & 7) << 7;
  d |= (instr.bType & 3) << 10;
  d |= uint32_t((instr.n >> 3) & 0x3F) << 17;
  d |= uint32_t(instr.ue8m0Scales) << 23;
  d |= uint32_t((instr.m >> 7) & 3) << 27;
  d |= (instr.scaleIdA & 3) << 29;
  return d;
}
