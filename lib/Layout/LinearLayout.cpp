//===- LinearLayout.cpp - layouts as linear maps over GF(2) ---------------===//

#include "Layout/LinearLayout.h"
#include "Layout/GF2.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>
#include <set>

using namespace tilecc::layout;
using llvm::ArrayRef;
using llvm::StringRef;

int tilecc::layout::log2Exact(int64_t value) {
  if (value <= 0 || (value & (value - 1)))
    return -1;
  return 63 - __builtin_clzll(uint64_t(value));
}

static llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

static llvm::Error validate(const std::vector<LinearLayout::InDim> &ins,
                            const std::vector<LinearLayout::OutDim> &outs) {
  std::set<std::string> names;
  unsigned inBits = 0, outBits = 0;
  for (const auto &out : outs) {
    if (!names.insert("out:" + out.name).second)
      return makeError("duplicate output dimension '" + out.name + "'");
    int lg = log2Exact(out.size);
    if (lg < 0)
      return makeError("size " + llvm::Twine(out.size) +
                       " of output dimension '" + out.name +
                       "' is not a power of two");
    outBits += lg;
  }
  for (const auto &in : ins) {
    if (!names.insert("in:" + in.name).second)
      return makeError("duplicate input dimension '" + in.name + "'");
    // Sizes are int32_t: a dimension has at most 2^30 elements.
    if (in.bases.size() > 30)
      return makeError("input dimension '" + in.name +
                       "' has more than 30 bits");
    inBits += in.bases.size();
    for (const auto &basis : in.bases) {
      if (basis.size() != outs.size())
        return makeError("basis of input dimension '" + in.name + "' has " +
                         llvm::Twine(basis.size()) + " coordinates, expected " +
                         llvm::Twine(outs.size()));
      for (size_t o = 0; o < outs.size(); ++o)
        if (basis[o] < 0 || basis[o] >= outs[o].size)
          return makeError("coordinate " + llvm::Twine(basis[o]) +
                           " of input dimension '" + in.name +
                           "' is outside output dimension '" + outs[o].name +
                           "' of size " + llvm::Twine(outs[o].size));
    }
  }
  if (inBits > 62 || outBits > 62)
    return makeError("layout has more than 62 input or output bits");
  return llvm::Error::success();
}

LinearLayout::LinearLayout(std::vector<InDim> insIn, std::vector<OutDim> outsIn)
    : ins(std::move(insIn)), outs(std::move(outsIn)) {
#ifndef NDEBUG
  if (llvm::Error err = validate(ins, outs)) {
    llvm::errs() << "invalid LinearLayout: " << llvm::toString(std::move(err))
                 << "\n";
    assert(false && "invalid LinearLayout");
  }
#endif
}

llvm::Expected<LinearLayout> LinearLayout::create(std::vector<InDim> insIn,
                                                  std::vector<OutDim> outsIn) {
  if (llvm::Error err = validate(insIn, outsIn))
    return std::move(err);
  return LinearLayout(std::move(insIn), std::move(outsIn));
}

LinearLayout LinearLayout::withInferredSizes(std::vector<InDim> insIn,
                                             ArrayRef<std::string> outNames) {
  std::vector<OutDim> outsOut;
  for (size_t o = 0; o < outNames.size(); ++o) {
    int32_t maxCoord = 0;
    for (const auto &in : insIn)
      for (const auto &basis : in.bases)
        maxCoord = std::max(maxCoord, basis[o]);
    int32_t size = 1;
    while (size <= maxCoord)
      size *= 2;
    outsOut.push_back({outNames[o], size});
  }
  return LinearLayout(std::move(insIn), std::move(outsOut));
}

LinearLayout LinearLayout::identity1D(int32_t size, StringRef in,
                                      StringRef out) {
  return strided1D(size, 1, in, out);
}

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride, StringRef in,
                                     StringRef out) {
  assert(log2Exact(size) >= 0 && log2Exact(stride) >= 0);
  InDim dim{in.str(), {}};
  for (int32_t v = 1; v < size; v *= 2)
    dim.bases.push_back(Basis{v * stride});
  return LinearLayout({dim}, {{out.str(), size * stride}});
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringRef in, StringRef out,
                                   int32_t outSize) {
  assert(log2Exact(size) >= 0);
  InDim dim{in.str(), {}};
  for (int32_t v = 1; v < size; v *= 2)
    dim.bases.push_back(Basis{0});
  return LinearLayout({dim}, {{out.str(), outSize}});
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

int LinearLayout::findIn(StringRef name) const {
  for (size_t i = 0; i < ins.size(); ++i)
    if (ins[i].name == name)
      return i;
  return -1;
}

int LinearLayout::findOut(StringRef name) const {
  for (size_t i = 0; i < outs.size(); ++i)
    if (outs[i].name == name)
      return i;
  return -1;
}

std::vector<std::string> LinearLayout::getInDimNames() const {
  std::vector<std::string> names;
  for (const auto &in : ins)
    names.push_back(in.name);
  return names;
}

std::vector<std::string> LinearLayout::getOutDimNames() const {
  std::vector<std::string> names;
  for (const auto &out : outs)
    names.push_back(out.name);
  return names;
}

int32_t LinearLayout::getInDimSize(StringRef name) const {
  return int32_t(1) << getInDimSizeLog2(name);
}

unsigned LinearLayout::getInDimSizeLog2(StringRef name) const {
  int i = findIn(name);
  return i < 0 ? 0 : ins[i].bases.size();
}

int32_t LinearLayout::getOutDimSize(StringRef name) const {
  int o = findOut(name);
  return o < 0 ? 1 : outs[o].size;
}

unsigned LinearLayout::getOutDimSizeLog2(StringRef name) const {
  return log2Exact(getOutDimSize(name));
}

unsigned LinearLayout::getTotalInDimSizeLog2() const {
  unsigned bits = 0;
  for (const auto &in : ins)
    bits += in.bases.size();
  return bits;
}

unsigned LinearLayout::getTotalOutDimSizeLog2() const {
  unsigned bits = 0;
  for (const auto &out : outs)
    bits += log2Exact(out.size);
  return bits;
}

int32_t LinearLayout::getBasis(StringRef inDim, unsigned bit,
                               StringRef outDim) const {
  int i = findIn(inDim), o = findOut(outDim);
  assert(i >= 0 && bit < ins[i].bases.size());
  return o < 0 ? 0 : ins[i].bases[bit][o];
}

unsigned LinearLayout::outBitOffset(unsigned outIdx) const {
  unsigned offset = 0;
  for (unsigned o = 0; o < outIdx; ++o)
    offset += log2Exact(outs[o].size);
  return offset;
}

//===----------------------------------------------------------------------===//
// Application
//===----------------------------------------------------------------------===//

llvm::SmallVector<int32_t>
LinearLayout::applyValues(ArrayRef<int32_t> in) const {
  assert(in.size() == ins.size() && "one value per input dimension");
  llvm::SmallVector<int32_t> result(outs.size(), 0);
  for (size_t i = 0; i < ins.size(); ++i) {
    assert(in[i] >= 0 && (in[i] >> ins[i].bases.size()) == 0 &&
           "input value out of range");
    for (size_t b = 0; b < ins[i].bases.size(); ++b)
      if ((in[i] >> b) & 1)
        for (size_t o = 0; o < outs.size(); ++o)
          result[o] ^= ins[i].bases[b][o];
  }
  return result;
}

llvm::SmallVector<std::pair<std::string, int32_t>>
LinearLayout::apply(ArrayRef<std::pair<StringRef, int32_t>> in) const {
  llvm::SmallVector<int32_t> values(ins.size(), 0);
  for (const auto &[name, value] : in) {
    int i = findIn(name);
    assert((i >= 0 || value == 0) && "unknown input dimension");
    if (i >= 0)
      values[i] = value;
  }
  llvm::SmallVector<int32_t> result = applyValues(values);
  llvm::SmallVector<std::pair<std::string, int32_t>> named;
  for (size_t o = 0; o < outs.size(); ++o)
    named.push_back({outs[o].name, result[o]});
  return named;
}

uint64_t LinearLayout::flattenOutValues(ArrayRef<int32_t> coords) const {
  uint64_t flat = 0;
  unsigned shift = 0;
  for (size_t o = 0; o < outs.size(); ++o) {
    flat |= uint64_t(coords[o]) << shift;
    shift += log2Exact(outs[o].size);
  }
  return flat;
}

llvm::SmallVector<int32_t>
LinearLayout::unflattenOutValues(uint64_t flat) const {
  llvm::SmallVector<int32_t> coords;
  for (const auto &out : outs) {
    unsigned bits = log2Exact(out.size);
    coords.push_back(int32_t(flat & ((uint64_t(1) << bits) - 1)));
    flat >>= bits;
  }
  return coords;
}

llvm::SmallVector<int32_t>
LinearLayout::unflattenInValues(uint64_t flat) const {
  llvm::SmallVector<int32_t> values;
  for (const auto &in : ins) {
    unsigned bits = in.bases.size();
    values.push_back(int32_t(flat & ((uint64_t(1) << bits) - 1)));
    flat >>= bits;
  }
  return values;
}

std::vector<uint64_t> LinearLayout::getFlatColumns() const {
  std::vector<uint64_t> columns;
  for (const auto &in : ins)
    for (const auto &basis : in.bases)
      columns.push_back(flattenOutValues(basis));
  return columns;
}

uint64_t LinearLayout::applyFlat(uint64_t flatIn) const {
  uint64_t result = 0;
  std::vector<uint64_t> columns = getFlatColumns();
  for (size_t b = 0; b < columns.size(); ++b)
    if ((flatIn >> b) & 1)
      result ^= columns[b];
  return result;
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  for (const auto &out : outs) {
    assert(outer.hasInDim(out.name) && "outer lacks an input dimension");
    assert(outer.getInDimSize(out.name) >= out.size &&
           "outer input dimension too small");
    (void)out;
  }
  std::vector<InDim> newIns;
  for (const auto &in : ins) {
    InDim dim{in.name, {}};
    for (const auto &basis : in.bases) {
      // Feed each output coordinate to the outer input of the same name.
      llvm::SmallVector<int32_t> values(outer.ins.size(), 0);
      for (size_t o = 0; o < outs.size(); ++o)
        values[outer.findIn(outs[o].name)] = basis[o];
      llvm::SmallVector<int32_t> image = outer.applyValues(values);
      dim.bases.push_back(Basis(image.begin(), image.end()));
    }
    newIns.push_back(std::move(dim));
  }
  return LinearLayout(std::move(newIns), outer.outs);
}

LinearLayout tilecc::layout::operator*(const LinearLayout &lhs,
                                       const LinearLayout &rhs) {
  using OutDim = LinearLayout::OutDim;
  using InDim = LinearLayout::InDim;
  std::vector<OutDim> outs;
  for (const auto &out : lhs.outs)
    outs.push_back({out.name, out.size * rhs.getOutDimSize(out.name)});
  for (const auto &out : rhs.outs)
    if (!lhs.hasOutDim(out.name))
      outs.push_back(out);

  // Re-express a basis of `src` in the result's output dimensions, scaled by
  // the per-dimension factor (lhs sizes for rhs bases, 1 for lhs bases).
  auto convert = [&](const LinearLayout &src, const LinearLayout::Basis &basis,
                     bool scale) {
    LinearLayout::Basis result(outs.size(), 0);
    for (size_t o = 0; o < outs.size(); ++o) {
      int so = src.findOut(outs[o].name);
      if (so < 0)
        continue;
      result[o] = basis[so] * (scale ? lhs.getOutDimSize(outs[o].name) : 1);
    }
    return result;
  };

  std::vector<InDim> ins;
  for (const auto &in : lhs.ins) {
    InDim dim{in.name, {}};
    for (const auto &basis : in.bases)
      dim.bases.push_back(convert(lhs, basis, false));
    int ri = rhs.findIn(in.name);
    if (ri >= 0)
      for (const auto &basis : rhs.ins[ri].bases)
        dim.bases.push_back(convert(rhs, basis, true));
    ins.push_back(std::move(dim));
  }
  for (const auto &in : rhs.ins) {
    if (lhs.hasInDim(in.name))
      continue;
    InDim dim{in.name, {}};
    for (const auto &basis : in.bases)
      dim.bases.push_back(convert(rhs, basis, true));
    ins.push_back(std::move(dim));
  }
  return LinearLayout(std::move(ins), std::move(outs));
}

unsigned LinearLayout::getRank() const {
  GF2Span span;
  for (uint64_t column : getFlatColumns())
    span.insert(column, 0);
  return span.rank();
}

LinearLayout LinearLayout::pseudoinvert() const {
  // Span of the columns (tagged with their input bit), completed with unit
  // output vectors tagged 0 so that every output vector has a preimage.
  GF2Span span;
  std::vector<uint64_t> columns = getFlatColumns();
  for (size_t b = 0; b < columns.size(); ++b)
    span.insert(columns[b], uint64_t(1) << b);
  unsigned outBits = getTotalOutDimSizeLog2();
  for (unsigned k = 0; k < outBits; ++k)
    span.insert(uint64_t(1) << k, 0);

  std::vector<OutDim> newOuts;
  for (const auto &in : ins)
    newOuts.push_back({in.name, int32_t(1) << in.bases.size()});
  std::vector<InDim> newIns;
  unsigned bit = 0;
  for (const auto &out : outs) {
    InDim dim{out.name, {}};
    for (int32_t v = 1; v < out.size; v *= 2, ++bit) {
      uint64_t preimage = *span.solve(uint64_t(1) << bit);
      llvm::SmallVector<int32_t> values = unflattenInValues(preimage);
      dim.bases.push_back(Basis(values.begin(), values.end()));
    }
    newIns.push_back(std::move(dim));
  }
  return LinearLayout(std::move(newIns), std::move(newOuts));
}

std::optional<LinearLayout> LinearLayout::invert() const {
  if (!isInvertible())
    return std::nullopt;
  return pseudoinvert();
}

std::optional<LinearLayout>
LinearLayout::invertAndCompose(const LinearLayout &other) const {
  if (outs.size() != other.outs.size())
    return std::nullopt;
  for (const auto &out : outs)
    if (!other.hasOutDim(out.name) || other.getOutDimSize(out.name) < out.size)
      return std::nullopt;

  GF2Span span;
  std::vector<uint64_t> columns = other.getFlatColumns();
  for (size_t b = 0; b < columns.size(); ++b)
    span.insert(columns[b], uint64_t(1) << b);

  std::vector<InDim> newIns;
  for (const auto &in : ins) {
    InDim dim{in.name, {}};
    for (const auto &basis : in.bases) {
      llvm::SmallVector<int32_t> coords(other.outs.size(), 0);
      for (size_t o = 0; o < outs.size(); ++o)
        coords[other.findOut(outs[o].name)] = basis[o];
      std::optional<uint64_t> preimage =
          span.solve(other.flattenOutValues(coords));
      if (!preimage)
        return std::nullopt;
      llvm::SmallVector<int32_t> values = other.unflattenInValues(*preimage);
      dim.bases.push_back(Basis(values.begin(), values.end()));
    }
    newIns.push_back(std::move(dim));
  }
  std::vector<OutDim> newOuts;
  for (const auto &in : other.ins)
    newOuts.push_back({in.name, int32_t(1) << in.bases.size()});
  return LinearLayout(std::move(newIns), std::move(newOuts));
}

//===----------------------------------------------------------------------===//
// Reshaping
//===----------------------------------------------------------------------===//

LinearLayout LinearLayout::transposeOuts(ArrayRef<std::string> order) const {
  assert(order.size() == outs.size() && "transpose needs a permutation");
  std::vector<int> perm;
  std::vector<OutDim> newOuts;
  for (const auto &name : order) {
    int o = findOut(name);
    assert(o >= 0 && "transpose needs a permutation");
    perm.push_back(o);
    newOuts.push_back(outs[o]);
  }
  std::vector<InDim> newIns;
  for (const auto &in : ins) {
    InDim dim{in.name, {}};
    for (const auto &basis : in.bases) {
      Basis permuted;
      for (int o : perm)
        permuted.push_back(basis[o]);
      dim.bases.push_back(std::move(permuted));
    }
    newIns.push_back(std::move(dim));
  }
  return LinearLayout(std::move(newIns), std::move(newOuts));
}

LinearLayout LinearLayout::transposeIns(ArrayRef<std::string> order) const {
  assert(order.size() == ins.size() && "transpose needs a permutation");
  std::vector<InDim> newIns;
  for (const auto &name : order) {
    int i = findIn(name);
    assert(i >= 0 && "transpose needs a permutation");
    newIns.push_back(ins[i]);
  }
  return LinearLayout(std::move(newIns), outs);
}

LinearLayout LinearLayout::reshapeOuts(ArrayRef<OutDim> newOuts) const {
  int64_t total = 1, newTotal = 1;
  for (const auto &out : outs)
    total *= out.size;
  for (const auto &out : newOuts)
    newTotal *= out.size;
  assert(total == newTotal && "reshape must keep the number of elements");
  (void)newTotal;
  (void)total;
  std::vector<InDim> newIns;
  for (const auto &in : ins) {
    InDim dim{in.name, {}};
    for (const auto &basis : in.bases) {
      int64_t flat = 0;
      for (size_t o = 0; o < outs.size(); ++o)
        flat = flat * outs[o].size + basis[o];
      Basis split(newOuts.size(), 0);
      for (size_t o = newOuts.size(); o-- > 0;) {
        split[o] = int32_t(flat % newOuts[o].size);
        flat /= newOuts[o].size;
      }
      dim.bases.push_back(std::move(split));
    }
    newIns.push_back(std::move(dim));
  }
  return LinearLayout(std::move(newIns),
                      std::vector<OutDim>(newOuts.begin(), newOuts.end()));
}

LinearLayout LinearLayout::reshapeIns(
    ArrayRef<std::pair<std::string, int32_t>> newInDims) const {
  // Bits in row-major order, lowest first: the last dimension's bits first.
  std::vector<Basis> bits;
  for (size_t i = ins.size(); i-- > 0;)
    for (const auto &basis : ins[i].bases)
      bits.push_back(basis);
  std::vector<InDim> newIns(newInDims.size());
  size_t next = 0;
  for (size_t i = newInDims.size(); i-- > 0;) {
    newIns[i].name = newInDims[i].first;
    int lg = log2Exact(newInDims[i].second);
    assert(lg >= 0 && "input sizes must be powers of two");
    for (int b = 0; b < lg; ++b) {
      assert(next < bits.size() && "reshape must keep the number of inputs");
      newIns[i].bases.push_back(bits[next++]);
    }
  }
  assert(next == bits.size() && "reshape must keep the number of inputs");
  return LinearLayout(std::move(newIns), outs);
}

LinearLayout LinearLayout::sublayout(ArrayRef<std::string> inNames,
                                     ArrayRef<std::string> outNames) const {
  std::vector<int> keptOuts;
  std::vector<OutDim> newOuts;
  for (size_t o = 0; o < outs.size(); ++o)
    if (llvm::is_contained(outNames, outs[o].name)) {
      keptOuts.push_back(o);
      newOuts.push_back(outs[o]);
    }
  std::vector<InDim> newIns;
  for (const auto &in : ins) {
    if (!llvm::is_contained(inNames, in.name))
      continue;
    InDim dim{in.name, {}};
    for (const auto &basis : in.bases) {
      Basis projected;
      for (int o : keptOuts)
        projected.push_back(basis[o]);
      dim.bases.push_back(std::move(projected));
    }
    newIns.push_back(std::move(dim));
  }
  return LinearLayout(std::move(newIns), std::move(newOuts));
}

LinearLayout LinearLayout::renameInDim(StringRef from, StringRef to) const {
  LinearLayout result = *this;
  int i = findIn(from);
  assert(i >= 0 && !hasInDim(to) && "bad input dimension rename");
  result.ins[i].name = to.str();
  return result;
}

LinearLayout LinearLayout::renameOutDim(StringRef from, StringRef to) const {
  LinearLayout result = *this;
  int o = findOut(from);
  assert(o >= 0 && !hasOutDim(to) && "bad output dimension rename");
  result.outs[o].name = to.str();
  return result;
}

LinearLayout LinearLayout::removeZeroBases(StringRef inDim) const {
  LinearLayout result = *this;
  int i = findIn(inDim);
  if (i < 0)
    return result;
  auto &bases = result.ins[i].bases;
  llvm::erase_if(bases, [](const Basis &basis) {
    return llvm::all_of(basis, [](int32_t v) { return v == 0; });
  });
  return result;
}

LinearLayout LinearLayout::resizeOutDim(StringRef outDim, int32_t size) const {
  assert(log2Exact(size) >= 0 && "sizes must be powers of two");
  LinearLayout result = *this;
  int o = findOut(outDim);
  assert(o >= 0 && "unknown output dimension");
  result.outs[o].size = size;
  for (auto &in : result.ins)
    for (auto &basis : in.bases)
      basis[o] &= size - 1;
  return result;
}

//===----------------------------------------------------------------------===//
// Derived facts
//===----------------------------------------------------------------------===//

llvm::SmallVector<std::pair<std::string, uint32_t>>
LinearLayout::getFreeVariableMasks() const {
  GF2Span span;
  llvm::SmallVector<std::pair<std::string, uint32_t>> masks;
  for (const auto &in : ins) {
    uint32_t mask = 0;
    for (size_t b = 0; b < in.bases.size(); ++b)
      if (!span.insert(flattenOutValues(in.bases[b]), 0))
        mask |= uint32_t(1) << b;
    masks.push_back({in.name, mask});
  }
  return masks;
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  if (ins.size() != other.ins.size() || outs.size() != other.outs.size())
    return false;
  for (size_t o = 0; o < outs.size(); ++o)
    if (outs[o].name != other.outs[o].name ||
        outs[o].size != other.outs[o].size)
      return false;
  for (size_t i = 0; i < ins.size(); ++i)
    if (ins[i].name != other.ins[i].name || ins[i].bases != other.ins[i].bases)
      return false;
  return true;
}

std::optional<LinearLayout> tilecc::layout::divideLeft(const LinearLayout &a,
                                                       const LinearLayout &b) {
  using InDim = LinearLayout::InDim;
  using OutDim = LinearLayout::OutDim;
  for (const auto &out : b.getOutDims())
    if (!a.hasOutDim(out.name) || a.getOutDimSize(out.name) % out.size)
      return std::nullopt;
  for (const auto &in : b.getInDims())
    if (a.getInDimSizeLog2(in.name) < in.bases.size())
      return std::nullopt;

  std::vector<OutDim> outs;
  for (const auto &out : a.getOutDims())
    outs.push_back({out.name, out.size / b.getOutDimSize(out.name)});
  std::vector<InDim> ins;
  for (const auto &in : a.getInDims()) {
    unsigned prefix = b.getInDimSizeLog2(in.name);
    InDim dim{in.name, {}};
    for (size_t bit = 0; bit < in.bases.size(); ++bit) {
      LinearLayout::Basis quotient;
      for (size_t o = 0; o < outs.size(); ++o) {
        const std::string &name = a.getOutDims()[o].name;
        int32_t coord = in.bases[bit][o];
        int32_t divisor = b.getOutDimSize(name);
        if (bit < prefix) {
          // The low bits must be exactly b's bases.
          int32_t expected =
              b.hasOutDim(name) ? b.getBasis(in.name, bit, name) : 0;
          if (coord != expected)
            return std::nullopt;
          continue;
        }
        if (coord % divisor)
          return std::nullopt;
        quotient.push_back(coord / divisor);
      }
      if (bit >= prefix)
        dim.bases.push_back(std::move(quotient));
    }
    ins.push_back(std::move(dim));
  }
  LinearLayout c(std::move(ins), std::move(outs));
  LinearLayout product = b * c;
  if (product.getInDimNames().size() != a.getInDims().size() ||
      product.getOutDimNames().size() != a.getOutDims().size())
    return std::nullopt;
  if (product.transposeIns(a.getInDimNames())
          .transposeOuts(a.getOutDimNames()) != a)
    return std::nullopt;
  return c;
}
