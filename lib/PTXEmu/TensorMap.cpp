//===- TensorMap.cpp - the emulator's tensor-map encoding -----------------===//
#include "PTXEmu/TensorMap.h"

#include <cstring>

using namespace tilecc::ptxemu;

namespace {

constexpr uint8_t kMagic[4] = {'T', 'M', 'A', 'P'};

template <typename T> T rd(const uint8_t *p, unsigned off) {
  T v;
  std::memcpy(&v, p + off, sizeof(T));
  return v;
}
template <typename T> void wr(uint8_t *p, unsigned off, T v) {
  std::memcpy(p + off, &v, sizeof(T));
}

const char *fieldName(TmField f) {
  static const char *names[] = {"global_address", "rank",          "box_dim",
                                "global_dim",     "global_stride", "element_stride",
                                "elemtype",       "interleave_layout", "swizzle_mode",
                                "swizzle_atomicity", "fill_mode"};
  return names[unsigned(f)];
}

} // namespace

bool tilecc::ptxemu::isTensorMap(const uint8_t *p) {
  return std::memcmp(p, kMagic, 4) == 0;
}

bool tilecc::ptxemu::decodeTensorMap(const uint8_t *p, TensorMapState &st,
                                     std::string &err) {
  if (!isTensorMap(p)) {
    err = "the 128 bytes are not a tensor map the emulator knows (made by "
          "tensormap.replace or the host's encodeTensorMap)";
    return false;
  }
  TensorMapInfo &t = st.info;
  st.written = rd<uint32_t>(p, 4);
  st.deviceWritten = p[8] & 1;
  t.rank = p[9] + 1u;
  t.elemType = p[10];
  t.interleave = p[11];
  t.swizzle = p[12];
  t.swizzleAtomicity = p[13];
  t.fill = p[14];
  t.globalAddress = rd<uint64_t>(p, 16);
  for (unsigned i = 0; i < 5; ++i) {
    t.globalDim[i] = rd<uint32_t>(p, 24 + 4 * i);
    t.boxDim[i] = rd<uint32_t>(p, 80 + 4 * i);
    t.elementStride[i] = rd<uint32_t>(p, 100 + 4 * i);
  }
  for (unsigned i = 0; i < 4; ++i)
    t.globalStride[i] = rd<uint64_t>(p, 48 + 8 * i);
  return true;
}

void tilecc::ptxemu::encodeTensorMap(const TensorMapState &st, uint8_t *p) {
  const TensorMapInfo &t = st.info;
  std::memset(p, 0, kTensorMapBytes);
  std::memcpy(p, kMagic, 4);
  wr<uint32_t>(p, 4, st.written);
  p[8] = st.deviceWritten ? 1 : 0;
  p[9] = uint8_t(t.rank ? t.rank - 1 : 0);
  p[10] = uint8_t(t.elemType);
  p[11] = uint8_t(t.interleave);
  p[12] = uint8_t(t.swizzle);
  p[13] = uint8_t(t.swizzleAtomicity);
  p[14] = uint8_t(t.fill);
  wr<uint64_t>(p, 16, t.globalAddress);
  for (unsigned i = 0; i < 5; ++i) {
    wr<uint32_t>(p, 24 + 4 * i, t.globalDim[i]);
    wr<uint32_t>(p, 80 + 4 * i, t.boxDim[i]);
    wr<uint32_t>(p, 100 + 4 * i, t.elementStride[i]);
  }
  for (unsigned i = 0; i < 4; ++i)
    wr<uint64_t>(p, 48 + 8 * i, t.globalStride[i]);
}

std::vector<uint8_t> tilecc::ptxemu::encodeTensorMap(const TensorMapInfo &info) {
  TensorMapState st;
  st.info = info;
  st.written = FAddress | FRank | FElemType | FInterleave | FSwizzle | FAtomicity | FFill;
  for (unsigned i = 0; i < 5; ++i)
    st.written |= (FBoxDim0 | FGlobalDim0 | FElemStride0) << i;
  for (unsigned i = 0; i < 4; ++i)
    st.written |= FGlobalStride0 << i;
  std::vector<uint8_t> out(kTensorMapBytes);
  encodeTensorMap(st, out.data());
  return out;
}

bool tilecc::ptxemu::replaceTensorMapField(uint8_t *p, TmField f, unsigned ord,
                                           uint64_t v, std::string &err) {
  TensorMapState st;
  std::string ignored;
  if (!decodeTensorMap(p, st, ignored))
    st = TensorMapState(); // not one yet: no field written
  TensorMapInfo &t = st.info;
  unsigned maxOrd = f == TmField::GlobalStride ? 4 : 5;
  bool perDim = f == TmField::BoxDim || f == TmField::GlobalDim ||
                f == TmField::GlobalStride || f == TmField::ElementStride;
  if (perDim && ord >= maxOrd) {
    err = std::string("tensormap.replace .") + fieldName(f) + " ordinal " +
          std::to_string(ord) + " is out of range 0.." + std::to_string(maxOrd - 1);
    return false;
  }
  auto bad = [&](const char *why) {
    err = std::string("tensormap.replace .") + fieldName(f) + " value " +
          std::to_string(v) + " " + why;
    return false;
  };
  switch (f) {
  case TmField::GlobalAddress:
    t.globalAddress = v;
    st.written |= FAddress;
    break;
  case TmField::Rank:
    if (v > 4)
      return bad("is not a rank - 1 in 0..4");
    t.rank = unsigned(v) + 1;
    st.written |= FRank;
    break;
  case TmField::BoxDim:
    t.boxDim[ord] = uint32_t(v);
    st.written |= FBoxDim0 << ord;
    break;
  case TmField::GlobalDim:
    t.globalDim[ord] = uint32_t(v);
    st.written |= FGlobalDim0 << ord;
    break;
  case TmField::GlobalStride:
    t.globalStride[ord] = v;
    st.written |= FGlobalStride0 << ord;
    break;
  case TmField::ElementStride:
    t.elementStride[ord] = uint32_t(v);
    st.written |= FElemStride0 << ord;
    break;
  case TmField::ElemType:
    if (v > 15)
      return bad("is not an element type of PTX ISA Table 33 (0..15)");
    t.elemType = unsigned(v);
    st.written |= FElemType;
    break;
  case TmField::Interleave:
    if (v > 2)
      return bad("is not an interleave layout (0..2)");
    t.interleave = unsigned(v);
    st.written |= FInterleave;
    break;
  case TmField::Swizzle:
    if (v > 4)
      return bad("is not a swizzle mode (0..4)");
    t.swizzle = unsigned(v);
    st.written |= FSwizzle;
    break;
  case TmField::Atomicity:
    if (v > 3)
      return bad("is not a swizzle atomicity (0..3)");
    t.swizzleAtomicity = unsigned(v);
    st.written |= FAtomicity;
    break;
  case TmField::Fill:
    if (v > 1)
      return bad("is not a fill mode (0 zero, 1 OOB-NaN)");
    t.fill = unsigned(v);
    st.written |= FFill;
    break;
  }
  st.deviceWritten = true;
  encodeTensorMap(st, p);
  return true;
}

unsigned tilecc::ptxemu::tensorElemBytes(unsigned e) {
  switch (e) {
  case 0: return 1;                          // .u8
  case 1: case 6: case 10: return 2;         // .u16 .f16 .bf16
  case 2: case 3: case 7: case 8: case 11: case 12: return 4; // u32 s32 f32 tf32
  case 4: case 5: case 9: return 8;          // .u64 .s64 .f64
  default: return 0;                         // sub-byte types
  }
}

bool tilecc::ptxemu::validateTensorMap(const TensorMapState &st, unsigned dims,
                                       std::string &err) {
  const TensorMapInfo &t = st.info;
  auto missing = [&](const char *f, int ord = -1) {
    err = std::string("tensor map field .") + f +
          (ord >= 0 ? "[" + std::to_string(ord) + "]" : std::string()) +
          " was never written (tensormap.replace must set every field the "
          "copy uses)";
    return false;
  };
  if (!(st.written & FRank))
    return missing("rank");
  if (!(st.written & FAddress))
    return missing("global_address");
  if (!(st.written & FElemType))
    return missing("elemtype");
  if (!(st.written & FInterleave))
    return missing("interleave_layout");
  if (!(st.written & FSwizzle))
    return missing("swizzle_mode");
  if (!(st.written & FFill))
    return missing("fill_mode");
  for (unsigned i = 0; i < t.rank; ++i) {
    if (!(st.written & (FBoxDim0 << i)))
      return missing("box_dim", int(i));
    if (!(st.written & (FGlobalDim0 << i)))
      return missing("global_dim", int(i));
    if (!(st.written & (FElemStride0 << i)))
      return missing("element_stride", int(i));
    if (i > 0 && !(st.written & (FGlobalStride0 << (i - 1))))
      return missing("global_stride", int(i - 1));
  }
  if (t.rank != dims) {
    err = "the tensor map has rank " + std::to_string(t.rank) + ", the copy is ." +
          std::to_string(dims) + "d";
    return false;
  }
  unsigned eb = tensorElemBytes(t.elemType);
  if (!eb) {
    err = "sub-byte tensor element types (elemtype " + std::to_string(t.elemType) +
          ") are not modelled";
    return false;
  }
  if (t.interleave) {
    err = "interleaved tensor layouts are not modelled";
    return false;
  }
  if (t.swizzle == 4) {
    err = "the 96B swizzle mode (sm_103a) is not modelled";
    return false;
  }
  if (t.swizzleAtomicity && t.swizzle != 3) {
    err = "swizzle atomicity other than 16B needs the 128B swizzle mode (PTX ISA "
          "Table 14)";
    return false;
  }
  if (t.fill == 1 && (t.elemType < 6 || t.elemType > 12)) {
    err = "OOB-NaN fill needs a floating-point element type";
    return false;
  }
  if (t.globalAddress % 16) {
    err = "the tensor's global address is not 16-byte aligned";
    return false;
  }
  uint64_t rowBytes = uint64_t(t.boxDim[0]) * eb;
  for (unsigned i = 0; i < t.rank; ++i) {
    if (t.boxDim[i] == 0 || t.boxDim[i] > 256) {
      err = "box_dim[" + std::to_string(i) + "] = " + std::to_string(t.boxDim[i]) +
            " is not in 1..256";
      return false;
    }
    if (t.elementStride[i] == 0 || t.elementStride[i] > 8) {
      err = "element_stride[" + std::to_string(i) + "] = " +
            std::to_string(t.elementStride[i]) + " is not in 1..8";
      return false;
    }
    if (t.globalDim[i] == 0) {
      err = "global_dim[" + std::to_string(i) + "] is 0";
      return false;
    }
    if (i > 0 && t.globalStride[i - 1] % 16) {
      err = "global_stride[" + std::to_string(i - 1) + "] = " +
            std::to_string(t.globalStride[i - 1]) + " is not a multiple of 16 bytes";
      return false;
    }
  }
  if (t.elementStride[0] != 1) {
    err = "element_stride[0] must be 1 without an interleaved layout (PTX ISA "
          "5.5.3.2)";
    return false;
  }
  if (rowBytes % 16) {
    err = "the box's inner dimension is " + std::to_string(rowBytes) +
          " bytes, not a multiple of 16 (PTX ISA 5.5.3.1)";
    return false;
  }
  static const unsigned span[] = {0, 32, 64, 128};
  if (t.swizzle && rowBytes > span[t.swizzle]) {
    err = "the box's inner dimension (" + std::to_string(rowBytes) +
          " bytes) exceeds the " + std::to_string(span[t.swizzle]) + "B swizzle span";
    return false;
  }
  return true;
}

uint64_t tilecc::ptxemu::swizzleAddress(uint64_t addr, unsigned swizzle,
                                        unsigned atomicity) {
  uint64_t line = addr >> 7;
  switch (swizzle) {
  case 1: return addr ^ ((line & 1) << 4); // 16B units, 2-line pattern
  case 2: return addr ^ ((line & 3) << 4); // 4-line pattern
  case 3:
    switch (atomicity) {
    case 1: return addr ^ ((line & 3) << 5);               // 32B atoms
    case 2: return (addr ^ ((line & 3) << 5)) ^ ((line & 1) << 3); // + 8B flip
    case 3: return addr ^ ((line & 1) << 6);               // 64B atoms
    default: return addr ^ ((line & 7) << 4);              // 16B units
    }
  default: return addr;
  }
}
