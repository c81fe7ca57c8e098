//===- tilecc-ptxemu.cpp - run a PTX kernel on the CPU emulator -----------===//
//
//   tilecc-ptxemu kernel.ptx --kernel k --grid 4 --block 128
//       --buf x:f32:512:iota --buf y:f32:512:zero --arg buf:x --arg buf:y
//       --arg i32:512 --print y --profile
//   tilecc-ptxemu --spec case.json [--profile]
//
// A JSON spec names "ptx", "kernel", "grid", "block", "shared" and "args"
// (each {"buffer","type","count","init","seed","print"} or
// {"scalar": type, "value": v}), the argument format of tilecc-run cases.
// Exit codes: 0 success, 1 load or run error (or a shared-memory race),
// 2 usage error.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Float.h"
#include "PTXEmu/PTXEmu.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

using namespace tilecc::ptxemu;
using json = nlohmann::json;

namespace {

struct BufSpec {
  std::string name, type, init = "zero";
  std::vector<double> values;
  uint64_t count = 0, seed = 1;
  bool print = false;
  uint64_t addr = 0;
};

struct ArgSpec {
  bool isBuffer = false;
  std::string buffer, type;
  double value = 0;
  std::string raw;
};

struct Options {
  std::string ptx, kernel, spec;
  LaunchConfig cfg;
  std::vector<BufSpec> bufs;
  std::vector<ArgSpec> args;
  std::vector<std::string> print;
  bool profile = false;
};

int usage(const std::string &msg) {
  std::cerr << "tilecc-ptxemu: " << msg << "\n"
            << "usage: tilecc-ptxemu FILE.ptx [--kernel NAME] --grid X[,Y,Z] "
               "--block X[,Y,Z] [--shared BYTES]\n"
               "         [--buf NAME:TYPE:COUNT[:zero|iota|random|v0,v1,...]]... "
               "[--arg TYPE:VALUE | --arg buf:NAME]...\n"
               "         [--print NAME]... [--profile] [--no-race-check] "
               "[--max-instrs N]\n"
               "       tilecc-ptxemu --spec CASE.json [--profile]\n";
  return 2;
}

bool parseDim(const std::string &s, Dim3 &d) {
  unsigned v[3] = {1, 1, 1};
  std::stringstream ss(s);
  std::string part;
  int k = 0;
  while (std::getline(ss, part, ',')) {
    if (k >= 3 || part.empty() || part.find_first_not_of("0123456789") != std::string::npos)
      return false;
    v[k++] = unsigned(std::stoul(part));
  }
  if (!k)
    return false;
  d.x = v[0];
  d.y = v[1];
  d.z = v[2];
  return true;
}

unsigned typeBytes(const std::string &t) {
  if (t == "f64" || t == "i64" || t == "u64" || t == "s64")
    return 8;
  if (t == "f32" || t == "i32" || t == "u32" || t == "s32")
    return 4;
  if (t == "f16" || t == "bf16" || t == "i16" || t == "u16" || t == "s16")
    return 2;
  if (t == "i8" || t == "u8" || t == "s8" || t == "e4m3" || t == "e5m2")
    return 1;
  return 0;
}

bool isFloatType(const std::string &t) {
  return t[0] == 'f' || t == "bf16" || t == "e4m3" || t == "e5m2";
}

uint64_t encode(const std::string &t, double v) {
  if (t == "f64") {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
  if (t == "f32") {
    float f = float(v);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  if (t == "f16")
    return roundTo(v, FFmt::F16, Rnd::RN);
  if (t == "bf16")
    return roundTo(v, FFmt::BF16, Rnd::RN);
  if (t == "e4m3")
    return roundTo(v, FFmt::E4M3, Rnd::RN, true);
  if (t == "e5m2")
    return roundTo(v, FFmt::E5M2, Rnd::RN, true);
  return uint64_t(int64_t(v));
}

double decode(const std::string &t, uint64_t b) {
  unsigned n = typeBytes(t);
  if (t == "f64") {
    double d;
    std::memcpy(&d, &b, 8);
    return d;
  }
  if (t == "f32") {
    float f;
    uint32_t u = uint32_t(b);
    std::memcpy(&f, &u, 4);
    return f;
  }
  if (t == "f16")
    return widen(b & 0xffff, FFmt::F16);
  if (t == "bf16")
    return widen(b & 0xffff, FFmt::BF16);
  if (t == "e4m3")
    return widen(b & 0xff, FFmt::E4M3);
  if (t == "e5m2")
    return widen(b & 0xff, FFmt::E5M2);
  uint64_t m = n == 8 ? ~0ull : (1ull << (8 * n)) - 1;
  b &= m;
  if (t[0] == 'i' || t[0] == 's') {
    uint64_t sign = 1ull << (8 * n - 1);
    return double(int64_t((b ^ sign) - sign));
  }
  return double(b);
}

bool parseBuf(const std::string &s, BufSpec &b, std::string &err) {
  std::vector<std::string> parts;
  size_t pos = 0;
  for (int k = 0; k < 3; ++k) {
    size_t c = s.find(':', pos);
    parts.push_back(s.substr(pos, c == std::string::npos ? c : c - pos));
    if (c == std::string::npos) {
      pos = s.size() + 1;
      break;
    }
    pos = c + 1;
  }
  if (pos <= s.size())
    parts.push_back(s.substr(pos));
  if (parts.size() < 3) {
    err = "--buf needs NAME:TYPE:COUNT";
    return false;
  }
  b.name = parts[0];
  b.type = parts[1];
  if (!typeBytes(b.type)) {
    err = "unknown buffer type '" + b.type + "'";
    return false;
  }
  if (parts[2].empty() || parts[2].find_first_not_of("0123456789") != std::string::npos) {
    err = "bad buffer count '" + parts[2] + "'";
    return false;
  }
  b.count = std::stoull(parts[2]);
  if (parts.size() > 3) {
    const std::string &init = parts[3];
    if (init == "zero" || init == "iota" || init == "random") {
      b.init = init;
    } else {
      b.init = "list";
      std::stringstream ss(init);
      std::string v;
      while (std::getline(ss, v, ',')) {
        char *end = nullptr;
        double d = std::strtod(v.c_str(), &end);
        if (v.empty() || *end) {
          err = "bad initial value '" + v + "'";
          return false;
        }
        b.values.push_back(d);
      }
    }
  }
  return true;
}

bool parseArg(const std::string &s, ArgSpec &a, std::string &err) {
  size_t c = s.find(':');
  if (c == std::string::npos) {
    err = "--arg needs TYPE:VALUE or buf:NAME";
    return false;
  }
  std::string t = s.substr(0, c), v = s.substr(c + 1);
  if (t == "buf") {
    a.isBuffer = true;
    a.buffer = v;
    return true;
  }
  if (!typeBytes(t)) {
    err = "unknown argument type '" + t + "'";
    return false;
  }
  char *end = nullptr;
  a.type = t;
  a.raw = v;
  a.value = std::strtod(v.c_str(), &end);
  if (v.empty() || *end) {
    err = "bad argument value '" + v + "'";
    return false;
  }
  return true;
}

bool loadSpec(Options &o, std::string &err) {
  std::ifstream in(o.spec);
  if (!in) {
    err = "cannot open '" + o.spec + "'";
    return false;
  }
  json j = json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    err = "'" + o.spec + "' is not a JSON object";
    return false;
  }
  try {
    std::string dir;
    size_t slash = o.spec.rfind('/');
    if (slash != std::string::npos)
      dir = o.spec.substr(0, slash + 1);
    if (o.ptx.empty()) {
      o.ptx = j.at("ptx").get<std::string>();
      if (!o.ptx.empty() && o.ptx[0] != '/')
        o.ptx = dir + o.ptx;
    }
    if (j.contains("kernel"))
      o.kernel = j["kernel"].get<std::string>();
    auto dim = [&](const char *key, Dim3 &d) {
      if (!j.contains(key))
        return;
      auto v = j[key].get<std::vector<unsigned>>();
      d = Dim3();
      if (v.size() > 0) d.x = v[0];
      if (v.size() > 1) d.y = v[1];
      if (v.size() > 2) d.z = v[2];
    };
    dim("grid", o.cfg.grid);
    dim("block", o.cfg.block);
    if (j.contains("shared"))
      o.cfg.dynamicShared = j["shared"].get<uint32_t>();
    for (const json &a : j.at("args")) {
      ArgSpec as;
      if (a.contains("buffer")) {
        BufSpec b;
        b.name = a["buffer"].get<std::string>();
        b.type = a.at("type").get<std::string>();
        b.count = a.at("count").get<uint64_t>();
        if (!typeBytes(b.type)) {
          err = "unknown buffer type '" + b.type + "'";
          return false;
        }
        if (a.contains("init")) {
          if (a["init"].is_array()) {
            b.init = "list";
            b.values = a["init"].get<std::vector<double>>();
          } else {
            b.init = a["init"].get<std::string>();
          }
        }
        if (a.contains("seed"))
          b.seed = a["seed"].get<uint64_t>();
        b.print = a.value("print", false) || a.value("output", false);
        o.bufs.push_back(b);
        as.isBuffer = true;
        as.buffer = b.name;
      } else {
        as.type = a.at("scalar").get<std::string>();
        if (!typeBytes(as.type)) {
          err = "unknown scalar type '" + as.type + "'";
          return false;
        }
        as.value = a.at("value").get<double>();
      }
      o.args.push_back(as);
    }
  } catch (const std::exception &e) {
    err = std::string("bad spec: ") + e.what();
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto val = [&](std::string &out) {
      if (i + 1 >= argc)
        return false;
      out = argv[++i];
      return true;
    };
    std::string v, err;
    if (a == "--kernel") {
      if (!val(o.kernel))
        return usage("--kernel needs a name");
    } else if (a == "--grid" || a == "--block") {
      if (!val(v) || !parseDim(v, a == "--grid" ? o.cfg.grid : o.cfg.block))
        return usage("bad " + a + " value");
    } else if (a == "--shared") {
      if (!val(v) || v.find_first_not_of("0123456789") != std::string::npos || v.empty())
        return usage("bad --shared value");
      o.cfg.dynamicShared = uint32_t(std::stoul(v));
    } else if (a == "--buf") {
      BufSpec b;
      if (!val(v) || !parseBuf(v, b, err))
        return usage(err.empty() ? "--buf needs a value" : err);
      o.bufs.push_back(b);
    } else if (a == "--arg") {
      ArgSpec as;
      if (!val(v) || !parseArg(v, as, err))
        return usage(err.empty() ? "--arg needs a value" : err);
      o.args.push_back(as);
    } else if (a == "--print") {
      if (!val(v))
        return usage("--print needs a buffer name");
      o.print.push_back(v);
    } else if (a == "--spec") {
      if (!val(o.spec))
        return usage("--spec needs a file");
    } else if (a == "--profile") {
      o.profile = true;
    } else if (a == "--no-race-check") {
      o.cfg.checkRaces = false;
    } else if (a == "--max-instrs") {
      if (!val(v) || v.empty() || v.find_first_not_of("0123456789") != std::string::npos)
        return usage("bad --max-instrs value");
      o.cfg.maxWarpInstrs = std::stoull(v);
    } else if (a == "-h" || a == "--help") {
      usage("run a PTX kernel on the CPU");
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      return usage("unknown option '" + a + "'");
    } else if (o.ptx.empty()) {
      o.ptx = a;
    } else {
      return usage("more than one input file");
    }
  }
  if (!o.spec.empty()) {
    std::string err;
    if (!loadSpec(o, err)) {
      std::cerr << "tilecc-ptxemu: " << err << "\n";
      return 1;
    }
  }
  if (o.ptx.empty())
    return usage("no input file");

  std::ifstream in(o.ptx);
  if (!in) {
    std::cerr << "tilecc-ptxemu: cannot open '" << o.ptx << "'\n";
    return 1;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();

  Device dev;
  std::string err;
  auto prog = Program::load(dev, text, err, o.ptx);
  if (!prog) {
    std::cerr << err << "\n";
    return 1;
  }
  if (o.kernel.empty()) {
    auto ks = prog->kernels();
    if (ks.size() != 1) {
      std::cerr << "tilecc-ptxemu: the module has " << ks.size()
                << " kernels; choose one with --kernel\n";
      return 2;
    }
    o.kernel = ks[0];
  }
  // Buffers.
  for (BufSpec &b : o.bufs) {
    unsigned eb = typeBytes(b.type);
    b.addr = dev.alloc(b.count * eb, b.name);
    std::vector<uint8_t> data(b.count * eb);
    std::mt19937_64 rng(b.seed);
    for (uint64_t k = 0; k < b.count; ++k) {
      double v = 0;
      if (b.init == "iota")
        v = double(k);
      else if (b.init == "random")
        v = isFloatType(b.type) ? std::uniform_real_distribution<double>(-1, 1)(rng)
                                : double(std::uniform_int_distribution<int>(-8, 8)(rng));
      else if (b.init == "list")
        v = b.values.empty() ? 0 : b.values[k % b.values.size()];
      else if (b.init != "zero") {
        std::cerr << "tilecc-ptxemu: unknown init '" << b.init << "'\n";
        return 2;
      }
      uint64_t bits = encode(b.type, v);
      std::memcpy(data.data() + k * eb, &bits, eb);
    }
    dev.write(b.addr, data.data(), data.size());
  }
  std::vector<ParamValue> params;
  for (const ArgSpec &a : o.args) {
    if (a.isBuffer) {
      const BufSpec *b = nullptr;
      for (const BufSpec &x : o.bufs)
        if (x.name == a.buffer)
          b = &x;
      if (!b)
        return usage("argument names unknown buffer '" + a.buffer + "'");
      params.push_back(ParamValue::of(b->addr));
      continue;
    }
    ParamValue p;
    unsigned n = typeBytes(a.type);
    uint64_t bits = encode(a.type, a.value);
    if (!a.raw.empty() && !isFloatType(a.type))
      bits = uint64_t(std::strtoll(a.raw.c_str(), nullptr, 0));
    p.bytes.resize(n);
    std::memcpy(p.bytes.data(), &bits, n);
    params.push_back(p);
  }

  LaunchResult r = prog->launch(o.kernel, o.cfg, params);
  std::cout << r.output;
  int rc = 0;
  if (!r.ok) {
    std::cerr << o.ptx << ": error: " << r.error << "\n";
    rc = 1;
  }
  for (const std::string &race : r.races) {
    std::cerr << o.ptx << ": error: " << race << "\n";
    rc = 1;
  }
  for (BufSpec &b : o.bufs) {
    bool want = b.print;
    for (const std::string &p : o.print)
      want |= p == b.name;
    if (!want)
      continue;
    unsigned eb = typeBytes(b.type);
    std::vector<uint8_t> data(b.count * eb);
    dev.read(b.addr, data.data(), data.size());
    std::cout << b.name << ":";
    for (uint64_t k = 0; k < b.count; ++k) {
      uint64_t bits = 0;
      std::memcpy(&bits, data.data() + k * eb, eb);
      char buf[64];
      std::snprintf(buf, sizeof buf, " %.9g", decode(b.type, bits));
      std::cout << buf;
    }
    std::cout << "\n";
  }
  for (const std::string &p : o.print) {
    bool found = false;
    for (const BufSpec &b : o.bufs)
      found |= b.name == p;
    if (!found)
      return usage("--print names unknown buffer '" + p + "'");
  }
  if (o.profile)
    std::cout << r.counters.format();
  return rc;
}
