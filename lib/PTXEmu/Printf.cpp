//===- Printf.cpp - device printf (vprintf) formatting --------------------===//
//
// vprintf(fmt, buf): `buf` packs the arguments in order, each aligned to its
// own size; integers narrower than 32 bits are promoted to int, floats to
// double, %s and %p take 64-bit generic pointers.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Exec.h"

#include <cstdio>

using namespace tilecc::ptxemu;

static bool readGeneric(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                        uint64_t addr, void *dst, unsigned n) {
  uint8_t *p = ctx.access(ins, w, l, Space::Generic, addr, n, Access::Read,
                          nullptr, false);
  if (!p)
    return false;
  std::memcpy(dst, p, n);
  return true;
}

static bool readCString(ExecCtx &ctx, const Instr &ins, WarpState &w, unsigned l,
                        uint64_t addr, std::string &s) {
  for (unsigned k = 0; k < 1 << 16; ++k) {
    char c;
    if (!readGeneric(ctx, ins, w, l, addr + k, &c, 1))
      return false;
    if (!c)
      return true;
    s += c;
  }
  ctx.fail(ins, w, l, "printf string is not terminated");
  return false;
}

bool tilecc::ptxemu::formatPrintf(ExecCtx &ctx, const Instr &ins, WarpState &w,
                                  unsigned l, uint64_t fmtAddr, uint64_t args,
                                  std::string &out) {
  std::string fmt;
  if (!readCString(ctx, ins, w, l, fmtAddr, fmt))
    return false;
  uint64_t off = 0;
  auto arg = [&](unsigned n, void *dst) {
    off = (off + n - 1) / n * n;
    bool ok = readGeneric(ctx, ins, w, l, args + off, dst, n);
    off += n;
    return ok;
  };
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    size_t j = i + 1;
    if (j < fmt.size() && fmt[j] == '%') {
      out += '%';
      i = j;
      continue;
    }
    std::string spec = "%";
    while (j < fmt.size() && std::strchr("-+ #0123456789.*", fmt[j])) {
      if (fmt[j] == '*') {
        int32_t v;
        if (!arg(4, &v))
          return false;
        spec += std::to_string(v);
      } else {
        spec += fmt[j];
      }
      ++j;
    }
    int longs = 0;
    while (j < fmt.size() && std::strchr("hlLzjt", fmt[j])) {
      if (fmt[j] == 'l' || fmt[j] == 'L' || fmt[j] == 'z' || fmt[j] == 'j' ||
          fmt[j] == 't')
        ++longs;
      ++j;
    }
    if (j >= fmt.size()) {
      out += spec;
      break;
    }
    char conv = fmt[j];
    char buf[512];
    switch (conv) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'c': {
      long long v;
      if (longs) {
        int64_t x;
        if (!arg(8, &x))
          return false;
        v = x;
      } else {
        int32_t x;
        if (!arg(4, &x))
          return false;
        v = (conv == 'd' || conv == 'i') ? (long long)x : (long long)uint32_t(x);
      }
      if (conv == 'c') {
        std::snprintf(buf, sizeof buf, (spec + "c").c_str(), int(v));
      } else {
        std::string f = spec + "ll" + conv;
        std::snprintf(buf, sizeof buf, f.c_str(), v);
      }
      out += buf;
      break;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
      double v;
      if (!arg(8, &v))
        return false;
      std::snprintf(buf, sizeof buf, (spec + conv).c_str(), v);
      out += buf;
      break;
    }
    case 'p': {
      uint64_t v;
      if (!arg(8, &v))
        return false;
      std::snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
      out += buf;
      break;
    }
    case 's': {
      uint64_t v;
      if (!arg(8, &v))
        return false;
      std::string s;
      if (!v)
        s = "(null)";
      else if (!readCString(ctx, ins, w, l, v, s))
        return false;
      std::snprintf(buf, sizeof buf, (spec + "s").c_str(), s.c_str());
      out += buf;
      break;
    }
    default:
      out += spec + conv;
      break;
    }
    i = j;
  }
  return true;
}
