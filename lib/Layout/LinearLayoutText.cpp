//===- LinearLayoutText.cpp - printing and parsing LinearLayout -----------===//
//
// Text form: {in = [(c, ...), ...], ...} -> {out = size, ...}
// Each parenthesized tuple is the image of one input bit (lowest bit first),
// with one coordinate per output dimension in order. The form round-trips
// exactly, so an MLIR attribute can wrap it.
//
//===----------------------------------------------------------------------===//

#include "Layout/LinearLayout.h"

#include "llvm/ADT/StringExtras.h"

using namespace tilecc::layout;
using llvm::StringRef;

void LinearLayout::print(llvm::raw_ostream &os) const {
  os << "{";
  llvm::interleaveComma(ins, os, [&](const InDim &in) {
    os << in.name << " = [";
    llvm::interleaveComma(in.bases, os, [&](const Basis &basis) {
      os << "(";
      llvm::interleaveComma(basis, os);
      os << ")";
    });
    os << "]";
  });
  os << "} -> {";
  llvm::interleaveComma(outs, os, [&](const OutDim &out) {
    os << out.name << " = " << out.size;
  });
  os << "}";
}

std::string LinearLayout::toString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  return text;
}

namespace {
/// A cursor over the text that reports errors with the 1-based column.
class Parser {
public:
  explicit Parser(StringRef text) : text(text) {}

  llvm::Error error(const llvm::Twine &msg) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "column " + llvm::Twine(pos + 1) + ": " +
                                       msg);
  }

  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  bool atEnd() {
    skipSpace();
    return pos == text.size();
  }
  bool consumeIf(StringRef token) {
    skipSpace();
    if (!text.substr(pos).starts_with(token))
      return false;
    pos += token.size();
    return true;
  }
  llvm::Error expect(StringRef token) {
    if (consumeIf(token))
      return llvm::Error::success();
    return error("expected '" + token + "'");
  }
  llvm::Error parseName(std::string &name) {
    skipSpace();
    size_t start = pos;
    if (pos < text.size() && (llvm::isAlpha(text[pos]) || text[pos] == '_'))
      while (pos < text.size() &&
             (llvm::isAlnum(text[pos]) || text[pos] == '_'))
        ++pos;
    if (pos == start)
      return error("expected a dimension name");
    name = text.substr(start, pos - start).str();
    return llvm::Error::success();
  }
  llvm::Error parseInt(int32_t &value) {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    if (pos == start)
      return error("expected a non-negative integer");
    uint64_t parsed;
    if (text.substr(start, pos - start).getAsInteger(10, parsed) ||
        parsed > uint64_t(INT32_MAX)) {
      pos = start;
      return error("integer out of range");
    }
    value = int32_t(parsed);
    return llvm::Error::success();
  }

  /// Parses `{item, item, ...}` or `[...]`/`(...)` lists.
  template <typename F>
  llvm::Error parseList(StringRef open, StringRef close, F parseItem) {
    if (llvm::Error err = expect(open))
      return err;
    if (consumeIf(close))
      return llvm::Error::success();
    do {
      if (llvm::Error err = parseItem())
        return err;
    } while (consumeIf(","));
    return expect(close);
  }

  size_t pos = 0;

private:
  StringRef text;
};
} // namespace

llvm::Expected<LinearLayout> LinearLayout::fromString(StringRef text) {
  Parser parser(text);
  std::vector<InDim> ins;
  std::vector<size_t> basisColumns; // where each input's tuples begin
  auto parseBasis = [&](InDim &dim) {
    Basis basis;
    llvm::Error err = parser.parseList("(", ")", [&]() -> llvm::Error {
      int32_t value;
      if (llvm::Error err = parser.parseInt(value))
        return err;
      basis.push_back(value);
      return llvm::Error::success();
    });
    if (!err)
      dim.bases.push_back(std::move(basis));
    return err;
  };
  if (llvm::Error err = parser.parseList("{", "}", [&]() -> llvm::Error {
        InDim dim;
        if (llvm::Error err = parser.parseName(dim.name))
          return err;
        if (llvm::Error err = parser.expect("="))
          return err;
        parser.skipSpace();
        basisColumns.push_back(parser.pos);
        if (llvm::Error err =
                parser.parseList("[", "]", [&] { return parseBasis(dim); }))
          return err;
        ins.push_back(std::move(dim));
        return llvm::Error::success();
      }))
    return std::move(err);
  if (llvm::Error err = parser.expect("->"))
    return std::move(err);
  std::vector<OutDim> outs;
  std::vector<size_t> outColumns; // where each output is named
  if (llvm::Error err = parser.parseList("{", "}", [&]() -> llvm::Error {
        OutDim dim;
        parser.skipSpace();
        outColumns.push_back(parser.pos);
        if (llvm::Error err = parser.parseName(dim.name))
          return err;
        if (llvm::Error err = parser.expect("="))
          return err;
        if (llvm::Error err = parser.parseInt(dim.size))
          return err;
        outs.push_back(std::move(dim));
        return llvm::Error::success();
      }))
    return std::move(err);
  if (!parser.atEnd())
    return parser.error("unexpected text after the layout");

  // Semantic checks, located at the dimension they concern.
  llvm::Expected<LinearLayout> layout = create(ins, outs);
  if (layout)
    return layout;
  std::string message = llvm::toString(layout.takeError());
  parser.pos = 0;
  for (size_t i = 0; i < outs.size(); ++i)
    if (StringRef(message).contains("output dimension '" + outs[i].name + "'"))
      parser.pos = outColumns[i];
  for (size_t i = 0; i < ins.size(); ++i)
    if (StringRef(message).contains("input dimension '" + ins[i].name + "'"))
      parser.pos = basisColumns[i];
  return parser.error(message);
}
