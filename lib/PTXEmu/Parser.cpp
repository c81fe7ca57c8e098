//===- Parser.cpp - PTX text to Module ------------------------------------===//
//
// A recursive-descent parser for the PTX subset that LLVM's NVPTX backend and
// nvcc emit. Registers and body-scoped symbols follow `{ }` scoping (inline
// asm and call sequences re-declare names); every function gets its own
// register slots and local offsets so that calls need no renaming.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Parser.h"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <unordered_map>

using namespace tilecc::ptxemu;

namespace {

struct Token {
  enum Kind { End, Word, Number, String, Punct } kind = End;
  std::string text;
  int line = 0;
  size_t pos = 0; // offset in the source, for instruction text
};

class Lexer {
public:
  explicit Lexer(std::string_view s) : src(s) {}

  bool run(std::vector<Token> &out, std::string &err, int &errLine) {
    while (true) {
      skipSpace();
      if (i >= src.size())
        break;
      char c = src[i];
      size_t start = i;
      Token t;
      t.line = line;
      t.pos = start;
      if (isWordStart(c)) {
        ++i;
        while (i < src.size()) {
          char d = src[i];
          if (isWordChar(d)) {
            ++i;
          } else if (d == ':' && i + 1 < src.size() && src[i + 1] == ':') {
            i += 2;
          } else {
            break;
          }
        }
        t.kind = Token::Word;
        t.text = std::string(src.substr(start, i - start));
        // Debug-info and pragma directives are line-oriented; drop them.
        if (t.text == ".loc" || t.text == ".file" || t.text == ".pragma") {
          while (i < src.size() && src[i] != '\n')
            ++i;
          continue;
        }
        if (t.text == ".section") {
          if (!skipSection(err)) {
            errLine = t.line;
            return false;
          }
          continue;
        }
      } else if (std::isdigit((unsigned char)c)) {
        ++i;
        while (i < src.size() &&
               (std::isalnum((unsigned char)src[i]) || src[i] == '.' ||
                ((src[i] == '-' || src[i] == '+') &&
                 (src[i - 1] == 'e' || src[i - 1] == 'E') && !isHexish(start))))
          ++i;
        t.kind = Token::Number;
        t.text = std::string(src.substr(start, i - start));
      } else if (c == '"') {
        ++i;
        while (i < src.size() && src[i] != '"' && src[i] != '\n')
          ++i;
        if (i >= src.size() || src[i] != '"') {
          err = "unterminated string";
          errLine = line;
          return false;
        }
        ++i;
        t.kind = Token::String;
        t.text = std::string(src.substr(start + 1, i - start - 2));
      } else if (std::strchr("{}[]();,:+-!|<>=@", c)) {
        ++i;
        t.kind = Token::Punct;
        t.text = std::string(1, c);
      } else {
        err = std::string("unexpected character '") + c + "'";
        errLine = line;
        return false;
      }
      out.push_back(std::move(t));
    }
    Token e;
    e.line = line;
    e.pos = src.size();
    out.push_back(e);
    return true;
  }

private:
  static bool isWordStart(char c) {
    return std::isalpha((unsigned char)c) || c == '_' || c == '$' ||
           c == '%' || c == '.';
  }
  static bool isWordChar(char c) {
    return std::isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
  }
  bool isHexish(size_t start) const {
    return src.size() > start + 1 && src[start] == '0' &&
           std::strchr("xXfFdD", src[start + 1]);
  }
  void skipSpace() {
    while (i < src.size()) {
      char c = src[i];
      if (c == '\n') {
        ++line;
        ++i;
      } else if (std::isspace((unsigned char)c)) {
        ++i;
      } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
        while (i < src.size() && src[i] != '\n')
          ++i;
      } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
        i += 2;
        while (i + 1 < src.size() && !(src[i] == '*' && src[i + 1] == '/')) {
          if (src[i] == '\n')
            ++line;
          ++i;
        }
        i = std::min(src.size(), i + 2);
      } else {
        break;
      }
    }
  }
  bool skipSection(std::string &err) {
    while (i < src.size() && src[i] != '{') {
      if (src[i] == '\n')
        ++line;
      ++i;
    }
    int depth = 0;
    for (; i < src.size(); ++i) {
      if (src[i] == '\n')
        ++line;
      if (src[i] == '{')
        ++depth;
      if (src[i] == '}' && --depth == 0) {
        ++i;
        return true;
      }
    }
    err = "unterminated .section";
    return false;
  }

  std::string_view src;
  size_t i = 0;
  int line = 1;
};

bool parseInt(const std::string &s, int64_t &v) {
  const char *p = s.c_str();
  char *end = nullptr;
  bool neg = false;
  if (*p == '-') {
    neg = true;
    ++p;
  }
  uint64_t u;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    u = std::strtoull(p + 2, &end, 16);
  else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B'))
    u = std::strtoull(p + 2, &end, 2);
  else if (p[0] == '0' && p[1] && std::isdigit((unsigned char)p[1]))
    u = std::strtoull(p + 1, &end, 8);
  else
    u = std::strtoull(p, &end, 10);
  if (end && *end == 'U')
    ++end;
  if (!end || *end)
    return false;
  v = neg ? -int64_t(u) : int64_t(u);
  return true;
}

struct ScopeEntry {
  bool isReg;
  int index;
};

class Parser {
public:
  Parser(std::vector<Token> &t, Module &m) : toks(t), mod(m) {}

  bool run() {
    scopes.emplace_back(); // module scope (symbols)
    while (!at(Token::End)) {
      if (!topLevel())
        return false;
    }
    // Every called function must have a body.
    for (auto &ins : mod.code) {
      if (ins.opcode != "call" && ins.opcode.rfind("call.", 0) != 0)
        continue;
      const Function &f = mod.functions[size_t(ins.a)];
      size_t nargs = ins.ops[1].elems.size(), nrets = ins.ops[0].elems.size();
      // The system calls the emulator provides itself.
      if (!f.defined && f.name != "vprintf" && f.name != "malloc" &&
          f.name != "free")
        return failAt(ins.line, "call to function '" + f.name +
                                    "' which has no body in this module");
      if (!f.defined && f.name == "vprintf" && (nargs != 2 || nrets > 1))
        return failAt(ins.line, "vprintf takes two arguments and returns one value");
      if (!f.defined && f.name == "malloc" && (nargs != 1 || nrets != 1))
        return failAt(ins.line, "malloc takes one argument and returns one value");
      if (!f.defined && f.name == "free" && (nargs != 1 || nrets != 0))
        return failAt(ins.line, "free takes one argument and returns nothing");
      if (f.defined && (nargs != f.params.size() || nrets != f.rets.size()))
        return failAt(ins.line, "call to '" + f.name + "' passes " +
                                    std::to_string(nargs) + " arguments and " +
                                    std::to_string(nrets) + " return values, it takes " +
                                    std::to_string(f.params.size()) + " and returns " +
                                    std::to_string(f.rets.size()));
    }
    return true;
  }

  std::string error;
  int errLine = 0;

private:
  // ---- token helpers ----
  const Token &peek(size_t k = 0) { return toks[std::min(p + k, toks.size() - 1)]; }
  bool at(Token::Kind k) { return peek().kind == k; }
  bool isPunct(const char *s, size_t k = 0) {
    return peek(k).kind == Token::Punct && peek(k).text == s;
  }
  bool isWord(const char *s) { return peek().kind == Token::Word && peek().text == s; }
  Token next() { return toks[std::min(p++, toks.size() - 1)]; }
  bool fail(const std::string &msg) { return failAt(peek().line, msg); }
  bool failAt(int line, const std::string &msg) {
    if (error.empty()) {
      error = msg;
      errLine = line;
    }
    return false;
  }
  bool expect(const char *s) {
    if (!isPunct(s))
      return fail(std::string("expected '") + s + "' but found '" +
                  peek().text + "'");
    ++p;
    return true;
  }
  bool number(int64_t &v) {
    bool neg = false;
    if (isPunct("-")) {
      neg = true;
      ++p;
    }
    if (!at(Token::Number) || !parseInt(peek().text, v))
      return fail("expected an integer but found '" + peek().text + "'");
    ++p;
    if (neg)
      v = -v;
    return true;
  }
  void skipUntilSemicolon() {
    while (!at(Token::End) && !isPunct(";"))
      ++p;
    if (isPunct(";"))
      ++p;
  }

  // ---- scopes ----
  bool lookup(const std::string &name, ScopeEntry &e) {
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end()) {
        e = f->second;
        return true;
      }
    }
    return false;
  }
  void declare(const std::string &name, ScopeEntry e) { scopes.back()[name] = e; }

  // ---- top level ----
  bool topLevel() {
    const Token &t = peek();
    if (t.kind != Token::Word)
      return fail("unexpected '" + t.text + "' at module scope");
    if (t.text == ".version") {
      ++p;
      mod.version = next().text;
      return true;
    }
    if (t.text == ".target") {
      ++p;
      mod.target = next().text;
      while (isPunct(",")) {
        ++p;
        mod.target += "," + next().text;
      }
      return true;
    }
    if (t.text == ".address_size") {
      ++p;
      int64_t v;
      if (!number(v))
        return false;
      if (v != 64 && v != 32)
        return fail(".address_size must be 32 or 64");
      mod.addressSize = unsigned(v);
      return true;
    }
    bool isExtern = false;
    while (isWord(".visible") || isWord(".extern") || isWord(".weak") ||
           isWord(".common")) {
      if (peek().text == ".extern")
        isExtern = true;
      ++p;
    }
    if (isWord(".entry") || isWord(".func"))
      return function(isExtern);
    if (isWord(".global") || isWord(".const") || isWord(".shared"))
      return variable(isExtern, -1);
    return fail("unknown directive '" + peek().text + "'");
  }

  // `.align N`, types and qualifiers before a name.
  bool declPrefix(Ty &ty, uint32_t &align, unsigned &vecN) {
    ty = Ty::None;
    align = 0;
    vecN = 1;
    while (at(Token::Word) && peek().text[0] == '.') {
      std::string w = next().text;
      if (w == ".align") {
        int64_t v;
        if (!number(v))
          return false;
        if (v <= 0 || (v & (v - 1)))
          return fail("alignment must be a power of two");
        align = uint32_t(v);
      } else if (w == ".v2" || w == ".v4" || w == ".v8") {
        vecN = unsigned(w[2] - '0');
      } else if (w == ".ptr" || w == ".global" || w == ".shared" ||
                 w == ".const" || w == ".local") {
        // Pointer attributes on parameters carry no layout information.
      } else if (Ty t; parseTy(w.substr(1), t)) {
        ty = t;
      } else {
        return fail("unknown qualifier '" + w + "' in declaration");
      }
    }
    if (ty == Ty::None)
      return fail("declaration without a type");
    return true;
  }

  static uint64_t tyBytes(Ty t) { return t == Ty::Pred ? 1 : tyBits(t) / 8; }

  // `.global/.const/.shared/.local/.param` variable (module or body scope).
  bool variable(bool isExtern, int fn) {
    std::string sp = next().text;
    Symbol s;
    s.function = fn;
    s.external = isExtern;
    s.space = sp == ".global"   ? Space::Global
              : sp == ".const"  ? Space::Const
              : sp == ".shared" ? Space::Shared
              : sp == ".local"  ? Space::Local
                                : Space::Param;
    Ty ty;
    uint32_t align;
    unsigned vecN;
    if (!declPrefix(ty, align, vecN))
      return false;
    uint64_t elem = tyBytes(ty) * vecN;
    if (!at(Token::Word))
      return fail("expected a variable name");
    s.name = next().text;
    s.align = align ? align : uint32_t(elem);
    uint64_t count = 1;
    bool unsized = false;
    while (isPunct("[")) {
      ++p;
      if (isPunct("]")) {
        unsized = true;
        ++p;
        continue;
      }
      int64_t n;
      if (!number(n) || !expect("]"))
        return false;
      if (n < 0 || (n && count > (1ull << 32) / uint64_t(n)))
        return fail("array size out of range");
      count *= uint64_t(n);
    }
    s.size = elem * count;
    if (s.size > (1ull << 30))
      return fail("variable '" + s.name + "' is larger than 1 GiB");
    if (unsized && !(s.space == Space::Shared && isExtern))
      return fail("unsized array '" + s.name + "' is only valid as extern shared");
    if (isPunct("=")) {
      ++p;
      if (!initializer(s, ty, count))
        return false;
    }
    if (!expect(";"))
      return false;
    // Lay the symbol out in its space.
    auto alignUp = [](uint64_t v, uint64_t a) { return (v + a - 1) / a * a; };
    if (s.space == Space::Shared) {
      if (isExtern) {
        mod.dynSharedAlign = std::max<uint32_t>(mod.dynSharedAlign, s.align);
      } else if (fn >= 0 && mod.functions[size_t(fn)].isEntry) {
        // A kernel's own shared variables live after the module-wide ones
        // (rebased once the module is parsed), apart from other kernels'.
        Function &F = mod.functions[size_t(fn)];
        s.offset = alignUp(F.sharedSize, s.align);
        F.sharedSize = s.offset + s.size;
        s.entryShared = true;
      } else {
        s.offset = alignUp(mod.sharedSize, s.align);
        mod.sharedSize = s.offset + s.size;
      }
    } else if (s.space == Space::Local || (s.space == Space::Param && fn >= 0)) {
      if (fn < 0)
        return fail("module-scope .local/.param variables are not supported");
      s.offset = alignUp(mod.localSize, std::max<uint32_t>(s.align, 1));
      mod.localSize = s.offset + std::max<uint64_t>(s.size, 1);
      s.callParam = s.space == Space::Param;
    }
    int idx = int(mod.symbols.size());
    mod.symbols.push_back(std::move(s));
    declare(mod.symbols.back().name, {false, idx});
    return true;
  }

  bool initializer(Symbol &s, Ty ty, uint64_t count) {
    std::vector<Token> vals;
    if (isPunct("{")) {
      ++p;
      int depth = 1;
      while (depth > 0) {
        if (at(Token::End))
          return fail("unterminated initializer");
        if (isPunct("{"))
          ++depth;
        else if (isPunct("}"))
          --depth;
        if (depth > 0 && !isPunct("{") && !isPunct(",")) {
          if (isPunct("-")) {
            ++p;
            Token t = next();
            t.text = "-" + t.text;
            vals.push_back(t);
            continue;
          }
          vals.push_back(peek());
        }
        ++p;
      }
    } else {
      if (isPunct("-")) {
        ++p;
        Token t = next();
        t.text = "-" + t.text;
        vals.push_back(t);
      } else {
        vals.push_back(next());
      }
    }
    uint64_t eb = tyBytes(ty);
    s.init.assign(s.size, 0);
    if (vals.size() > count && s.size)
      return fail("too many initializers for '" + s.name + "'");
    for (size_t k = 0; k < vals.size(); ++k) {
      const std::string &v = vals[k].text;
      uint64_t bits = 0;
      int64_t iv;
      if (vals[k].kind != Token::Number)
        return failAt(vals[k].line, "unsupported initializer '" + v + "'");
      if (tyIsFloat(ty)) {
        Operand o;
        if (!floatLiteral(v, o))
          return failAt(vals[k].line, "bad float initializer '" + v + "'");
        double d = o.fbits == 32 ? double(bitsToF32(uint32_t(o.imm)))
                   : o.fbits == 64 ? bitsToF64(uint64_t(o.imm))
                                   : o.fval;
        if (ty == Ty::F64) {
          std::memcpy(&bits, &d, 8);
        } else if (ty == Ty::F32) {
          float f = float(d);
          uint32_t b;
          std::memcpy(&b, &f, 4);
          bits = b;
        } else {
          return failAt(vals[k].line, "unsupported initializer type");
        }
      } else if (parseInt(v, iv)) {
        bits = uint64_t(iv);
      } else {
        return failAt(vals[k].line, "bad initializer '" + v + "'");
      }
      std::memcpy(s.init.data() + k * eb, &bits, eb);
    }
    return true;
  }

  static float bitsToF32(uint32_t b) {
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  static double bitsToF64(uint64_t b) {
    double f;
    std::memcpy(&f, &b, 8);
    return f;
  }

  bool floatLiteral(const std::string &v, Operand &o) {
    o.kind = Operand::FImm;
    if (v.size() == 10 && (v[1] == 'f' || v[1] == 'F') && v[0] == '0') {
      o.fbits = 32;
      o.imm = int64_t(std::strtoull(v.c_str() + 2, nullptr, 16));
      return true;
    }
    if (v.size() == 18 && (v[1] == 'd' || v[1] == 'D') && v[0] == '0') {
      o.fbits = 64;
      o.imm = int64_t(std::strtoull(v.c_str() + 2, nullptr, 16));
      return true;
    }
    char *end = nullptr;
    o.fval = std::strtod(v.c_str(), &end);
    return end && !*end;
  }

  // ---- functions ----
  bool paramList(std::vector<Param> &out, int fn, bool entry, bool rets) {
    if (!expect("("))
      return false;
    uint64_t off = 0;
    while (!isPunct(")")) {
      if (!isWord(".param") && !isWord(".reg"))
        return fail("expected .param in parameter list");
      ++p;
      Param prm;
      Ty ty;
      uint32_t align;
      unsigned vecN;
      if (!declPrefix(ty, align, vecN))
        return false;
      if (!at(Token::Word))
        return fail("expected a parameter name");
      prm.name = next().text;
      prm.type = ty;
      uint64_t count = 1;
      if (isPunct("[")) {
        ++p;
        int64_t n;
        if (!number(n) || !expect("]"))
          return false;
        count = uint64_t(n);
      }
      uint64_t elem = tyBytes(ty) * vecN;
      prm.size = elem * count;
      prm.align = align ? align : elem;
      off = (off + prm.align - 1) / prm.align * prm.align;
      prm.offset = off;
      off += prm.size;
      // Parameters are symbols of the function's param space.
      Symbol s;
      s.name = prm.name;
      s.space = Space::Param;
      s.size = prm.size;
      s.align = uint32_t(prm.align);
      s.function = fn;
      s.offset = prm.offset;
      if (!entry) {
        if (rets)
          s.retFormal = int(out.size());
        else
          s.formal = int(out.size());
      }
      prm.sym = int(mod.symbols.size());
      mod.symbols.push_back(s);
      out.push_back(prm);
      if (isPunct(","))
        ++p;
      else if (!isPunct(")"))
        return fail("expected ',' or ')' in parameter list");
    }
    ++p;
    if (entry)
      mod.functions[fn].paramSize = off;
    return true;
  }

  int functionSlot(const std::string &name) {
    auto it = mod.functionIndex.find(name);
    if (it != mod.functionIndex.end())
      return it->second;
    int idx = int(mod.functions.size());
    mod.functions.emplace_back();
    mod.functions.back().name = name;
    mod.functionIndex[name] = idx;
    return idx;
  }

  bool function(bool isExtern) {
    bool entry = next().text == ".entry";
    std::vector<Param> rets;
    // Return parameters come before the name of a .func.
    size_t save = p;
    bool hasRets = !entry && isPunct("(");
    if (hasRets) {
      // Parse into a temporary; symbols get re-bound below.
      int depth = 0;
      do {
        if (isPunct("("))
          ++depth;
        if (isPunct(")"))
          --depth;
        ++p;
      } while (depth > 0 && !at(Token::End));
    }
    if (!at(Token::Word))
      return fail("expected a function name");
    std::string name = next().text;
    int fn = functionSlot(name);
    Function &F = mod.functions[fn];
    if (F.defined)
      return fail("redefinition of function '" + name + "'");
    F.isEntry = entry;
    F.isExtern = isExtern;
    size_t after = p;
    scopes.emplace_back();
    if (hasRets) {
      p = save;
      F.rets.clear();
      if (!paramList(mod.functions[fn].rets, fn, false, true))
        return false;
      p = after;
    }
    mod.functions[fn].params.clear();
    if (isPunct("(")) {
      if (!paramList(mod.functions[fn].params, fn, entry, false))
        return false;
    }
    for (auto &prm : mod.functions[fn].params)
      declare(prm.name, {false, prm.sym});
    for (auto &prm : mod.functions[fn].rets)
      declare(prm.name, {false, prm.sym});
    // Performance directives (.maxntid ...) do not change semantics.
    while (at(Token::Word) && peek().text[0] == '.') {
      ++p;
      while (at(Token::Number) || isPunct(","))
        ++p;
    }
    if (isPunct(";")) {
      ++p;
      scopes.pop_back();
      return true;
    }
    if (!isPunct("{"))
      return fail("expected '{' to start the body of '" + name + "'");
    ++p;
    mod.functions[fn].defined = true;
    mod.functions[fn].begin = mod.code.size();
    curFn = fn;
    labels.clear();
    pendingLabels.clear();
    if (!body())
      return false;
    scopes.pop_back();
    Function &G = mod.functions[fn];
    G.end = mod.code.size();
    // Resolve branch targets.
    for (auto &pl : pendingLabels) {
      auto it = labels.find(pl.name);
      Operand &o = mod.code[pl.instr].ops[pl.op];
      if (it == labels.end())
        return failAt(mod.code[pl.instr].line, "unknown label '" + pl.name + "'");
      o.kind = Operand::Label;
      o.imm = int64_t(it->second);
    }
    // A body that falls off its end (or branches to a label there) returns.
    {
      Instr r;
      r.opcode = "ret";
      r.text = "ret (implicit at end of " + G.name + ")";
      r.line = peek().line;
      std::string err;
      if (!decodeInstr(r, err))
        return fail(err);
      mod.code.push_back(r);
      mod.functions[fn].end = mod.code.size();
    }
    return true;
  }

  bool body() {
    int depth = 1;
    while (true) {
      if (at(Token::End))
        return fail("unexpected end of input in function body");
      if (isPunct("{")) {
        ++p;
        ++depth;
        scopes.emplace_back();
        continue;
      }
      if (isPunct("}")) {
        ++p;
        if (--depth == 0)
          return true;
        scopes.pop_back();
        continue;
      }
      if (isPunct(";")) {
        ++p;
        continue;
      }
      const Token &t = peek();
      if (t.kind == Token::Word && isPunct(":", 1)) {
        labels[t.text] = mod.code.size();
        p += 2;
        continue;
      }
      if (t.kind == Token::Word && t.text == ".reg") {
        if (!regDecl())
          return false;
        continue;
      }
      if (t.kind == Token::Word &&
          (t.text == ".local" || t.text == ".shared" || t.text == ".param" ||
           t.text == ".global" || t.text == ".const")) {
        if (!variable(false, curFn))
          return false;
        continue;
      }
      if (t.kind == Token::Word && t.text == ".extern") {
        ++p;
        if (!variable(true, curFn))
          return false;
        continue;
      }
      if (t.kind == Token::Word && t.text[0] == '.' && t.text != "." ) {
        // Other body directives (.maxnreg, .pragma ...) carry no semantics
        // the emulator needs, but anything we do not know is an error.
        return fail("unsupported directive '" + t.text + "' in function body");
      }
      if (!instruction())
        return false;
    }
  }

  bool regDecl() {
    ++p;
    Ty ty = Ty::None;
    unsigned vecN = 1;
    while (at(Token::Word) && peek().text[0] == '.') {
      std::string w = next().text;
      if (w == ".v2" || w == ".v4")
        vecN = unsigned(w[2] - '0');
      else if (!parseTy(w.substr(1), ty))
        return fail("unknown register type '" + w + "'");
    }
    if (vecN != 1)
      return fail("vector registers are not supported");
    if (ty == Ty::None)
      return fail(".reg without a type");
    while (true) {
      if (!at(Token::Word))
        return fail("expected a register name");
      std::string name = next().text;
      if (isPunct("<")) {
        ++p;
        int64_t n;
        if (!number(n) || !expect(">"))
          return false;
        if (n < 0 || mod.regNames.size() + uint64_t(n) * (ty == Ty::B128 ? 2 : 1) > kMaxRegs)
          return fail("too many registers (at most " + std::to_string(kMaxRegs) +
                      " per module)");
        for (int64_t k = 0; k < n; ++k)
          newReg(name + std::to_string(k), ty);
      } else {
        newReg(name, ty);
      }
      if (isPunct(",")) {
        ++p;
        continue;
      }
      return expect(";");
    }
  }

  static constexpr uint64_t kMaxRegs = 1 << 16;
  void newReg(const std::string &name, Ty ty) {
    int slot = int(mod.regNames.size());
    mod.regNames.push_back(name);
    mod.regTypes.push_back(ty);
    declare(name, {true, slot});
    // A .b128 register is two consecutive 64-bit slots, low half first.
    if (ty == Ty::B128) {
      mod.regNames.push_back(name + ".hi");
      mod.regTypes.push_back(ty);
    }
  }

  static bool specialReg(const std::string &w, SReg &r) {
    static const std::unordered_map<std::string, SReg> table = {
        {"%tid.x", SReg::TidX},         {"%tid.y", SReg::TidY},
        {"%tid.z", SReg::TidZ},         {"%ntid.x", SReg::NtidX},
        {"%ntid.y", SReg::NtidY},       {"%ntid.z", SReg::NtidZ},
        {"%ctaid.x", SReg::CtaidX},     {"%ctaid.y", SReg::CtaidY},
        {"%ctaid.z", SReg::CtaidZ},     {"%nctaid.x", SReg::NctaidX},
        {"%nctaid.y", SReg::NctaidY},   {"%nctaid.z", SReg::NctaidZ},
        {"%laneid", SReg::LaneId},      {"%warpid", SReg::WarpId},
        {"%nwarpid", SReg::NWarpId},    {"%smid", SReg::SmId},
        {"%nsmid", SReg::NSmId},        {"%gridid", SReg::GridId},
        {"%clock", SReg::Clock},        {"%clock64", SReg::Clock64},
        {"%globaltimer", SReg::GlobalTimer},
        {"%lanemask_eq", SReg::LanemaskEq}, {"%lanemask_le", SReg::LanemaskLe},
        {"%lanemask_lt", SReg::LanemaskLt}, {"%lanemask_ge", SReg::LanemaskGe},
        {"%lanemask_gt", SReg::LanemaskGt},
        {"%dynamic_smem_size", SReg::DynSmemSize},
        {"%total_smem_size", SReg::TotalSmemSize},
        {"%cluster_ctarank", SReg::ClusterCtaRank},
        {"%cluster_nctarank", SReg::ClusterNCtaRank},
        {"%clusterid.x", SReg::ClusterIdX}, {"%clusterid.y", SReg::ClusterIdY},
        {"%clusterid.z", SReg::ClusterIdZ}, {"%nclusterid.x", SReg::NClusterIdX},
        {"%nclusterid.y", SReg::NClusterIdY}, {"%nclusterid.z", SReg::NClusterIdZ},
        {"%cluster_ctaid.x", SReg::ClusterCtaidX},
        {"%cluster_ctaid.y", SReg::ClusterCtaidY},
        {"%cluster_ctaid.z", SReg::ClusterCtaidZ},
        {"%cluster_nctaid.x", SReg::ClusterNCtaidX},
        {"%cluster_nctaid.y", SReg::ClusterNCtaidY},
        {"%cluster_nctaid.z", SReg::ClusterNCtaidZ},
        {"%is_explicit_cluster", SReg::IsExplicitCluster},
    };
    auto it = table.find(w);
    if (it == table.end())
      return false;
    r = it->second;
    return true;
  }

  // A single (non-vector) operand.
  bool operand(Operand &o, size_t instrIdx, size_t opIdx, std::vector<int> &labelOps) {
    if (isPunct("{")) {
      ++p;
      o.kind = Operand::Vec;
      while (!isPunct("}")) {
        Operand e;
        if (!operand(e, instrIdx, opIdx, labelOps))
          return false;
        if (e.kind == Operand::Vec || e.kind == Operand::Mem)
          return fail("nested vector operand");
        o.elems.push_back(e);
        if (isPunct(","))
          ++p;
        else if (!isPunct("}"))
          return fail("expected ',' or '}' in vector operand");
      }
      ++p;
      return true;
    }
    if (isPunct("[")) {
      ++p;
      o.kind = Operand::Mem;
      if (at(Token::Word)) {
        std::string w = next().text;
        ScopeEntry e;
        if (!lookup(w, e))
          return fail("unknown register or symbol '" + w + "' in address");
        if (e.isReg)
          o.reg = e.index;
        else
          o.sym = e.index;
        if (isPunct("+") || isPunct("-")) {
          bool neg = isPunct("-");
          ++p;
          int64_t v;
          if (!number(v))
            return false;
          o.imm = neg ? -v : v;
        }
      } else {
        int64_t v;
        if (!number(v))
          return false;
        o.imm = v;
      }
      // `[tensorMap, {c0, ..}]`: the tensor coordinates ride in elems.
      if (isPunct(",")) {
        ++p;
        Operand coords;
        if (!isPunct("{") || !operand(coords, instrIdx, opIdx, labelOps))
          return fail("expected '{coordinates}' after ',' in an address");
        o.elems = std::move(coords.elems);
      }
      return expect("]");
    }
    if (isPunct("!")) {
      ++p;
      if (!operand(o, instrIdx, opIdx, labelOps))
        return false;
      if (o.kind != Operand::Reg)
        return fail("'!' applies only to predicate registers");
      o.negate = true;
      return true;
    }
    if (isPunct("-") || at(Token::Number)) {
      bool neg = false;
      if (isPunct("-")) {
        neg = true;
        ++p;
      }
      if (!at(Token::Number))
        return fail("expected a number after '-'");
      std::string v = next().text;
      int64_t iv;
      if (parseInt(v, iv)) {
        o.kind = Operand::Imm;
        o.imm = neg ? -iv : iv;
        return true;
      }
      if (!floatLiteral(v, o))
        return fail("bad numeric literal '" + v + "'");
      if (neg) {
        if (o.fbits == 32)
          o.imm ^= int64_t(0x80000000u);
        else if (o.fbits == 64)
          o.imm ^= int64_t(0x8000000000000000ull);
        else
          o.fval = -o.fval;
      }
      return true;
    }
    if (!at(Token::Word))
      return fail("unexpected '" + peek().text + "' in operand list");
    std::string w = next().text;
    if (w == "_") {
      o.kind = Operand::Sink;
      return true;
    }
    ScopeEntry e;
    if (lookup(w, e)) {
      if (e.isReg) {
        o.kind = Operand::Reg;
        o.reg = e.index;
        o.isPred = mod.regTypes[size_t(e.index)] == Ty::Pred;
        if (isPunct("|")) {
          ++p;
          std::string q = next().text;
          ScopeEntry e2;
          if (!lookup(q, e2) || !e2.isReg)
            return fail("unknown predicate register '" + q + "'");
          o.reg2 = e2.index;
        }
      } else {
        o.kind = Operand::Sym;
        o.sym = e.index;
        if (isPunct("+") && at(Token::Number)) {
          // `sym+4` is not emitted by the compilers we target.
          return fail("symbol offsets outside [] are not supported");
        }
      }
      return true;
    }
    SReg sr;
    if (specialReg(w, sr)) {
      o.kind = Operand::Special;
      o.sreg = sr;
      return true;
    }
    if (w[0] == '%')
      return fail("unknown register '" + w + "'");
    // A label (resolved at the end of the function).
    o.kind = Operand::Label;
    labelOps.push_back(int(opIdx));
    pendingName = w;
    return true;
  }

  bool instruction() {
    Instr ins;
    const Token &first = peek();
    ins.line = first.line;
    size_t startPos = first.pos;
    if (isPunct("@")) {
      ++p;
      bool neg = false;
      if (isPunct("!")) {
        neg = true;
        ++p;
      }
      std::string w = next().text;
      ScopeEntry e;
      if (!lookup(w, e) || !e.isReg)
        return fail("unknown guard predicate '" + w + "'");
      ins.guard = e.index;
      ins.guardNeg = neg;
    }
    if (!at(Token::Word))
      return fail("expected an instruction but found '" + peek().text + "'");
    ins.opcode = next().text;
    size_t idx = mod.code.size();
    bool isCall = ins.opcode == "call" || ins.opcode.rfind("call.", 0) == 0;
    if (isCall) {
      if (!callOperands(ins))
        return false;
    } else {
      while (!isPunct(";")) {
        if (at(Token::End))
          return fail("missing ';' after instruction");
        Operand o;
        std::vector<int> labelOps;
        pendingName.clear();
        if (!operand(o, idx, ins.ops.size(), labelOps))
          return false;
        if (!labelOps.empty())
          pendingLabels.push_back({idx, ins.ops.size(), pendingName});
        ins.ops.push_back(std::move(o));
        if (isPunct(","))
          ++p;
        else if (!isPunct(";"))
          return fail("expected ',' or ';' after operand");
      }
    }
    size_t endPos = peek().pos;
    ++p; // ';'
    ins.text = collapse(startPos, endPos);
    std::string err;
    if (!decodeInstr(ins, err))
      return failAt(ins.line, err + " in '" + ins.text + "'");
    mod.code.push_back(std::move(ins));
    return true;
  }

  // call{.uni} (ret, ...), func, (arg, ...);
  bool callOperands(Instr &ins) {
    Operand rets;
    rets.kind = Operand::Vec;
    auto symList = [&](Operand &vec) {
      ++p; // '('
      while (!isPunct(")")) {
        if (!at(Token::Word))
          return fail("expected a parameter name in call");
        std::string w = next().text;
        ScopeEntry e;
        if (!lookup(w, e) || e.isReg)
          return fail("call argument '" + w + "' must be a .param variable");
        Operand s;
        s.kind = Operand::Sym;
        s.sym = e.index;
        vec.elems.push_back(s);
        if (isPunct(","))
          ++p;
        else if (!isPunct(")"))
          return fail("expected ',' or ')' in call");
      }
      ++p;
      return true;
    };
    if (isPunct("(")) {
      if (!symList(rets))
        return false;
      if (!expect(","))
        return false;
    }
    if (!at(Token::Word))
      return fail("expected a function name in call");
    std::string name = next().text;
    ScopeEntry e;
    if (lookup(name, e))
      return fail("indirect calls through '" + name + "' are not supported");
    if (!mod.functionIndex.count(name))
      return fail("call to undeclared function '" + name + "'");
    ins.a = mod.functionIndex[name];
    Operand args;
    args.kind = Operand::Vec;
    if (isPunct(",")) {
      ++p;
      if (!isPunct("("))
        return fail("indirect call prototypes are not supported");
      if (!symList(args))
        return false;
    }
    if (isPunct(","))
      return fail("indirect call prototypes are not supported");
    ins.ops.push_back(rets);
    ins.ops.push_back(args);
    if (!isPunct(";"))
      return fail("expected ';' after call");
    return true;
  }

  // The source text of an instruction on one line, for diagnostics.
  std::string collapse(size_t b, size_t e) {
    std::string out;
    bool space = false;
    for (size_t k = b; k < e && k < srcText.size(); ++k) {
      char c = srcText[k];
      if (std::isspace((unsigned char)c)) {
        space = true;
        continue;
      }
      if (space && !out.empty())
        out += ' ';
      space = false;
      out += c;
    }
    return out;
  }

public:
  std::string_view srcText;

private:
  struct PendingLabel {
    size_t instr, op;
    std::string name;
  };
  std::vector<Token> &toks;
  Module &mod;
  size_t p = 0;
  std::vector<std::unordered_map<std::string, ScopeEntry>> scopes;
  std::unordered_map<std::string, size_t> labels;
  std::vector<PendingLabel> pendingLabels;
  std::string pendingName;
  int curFn = -1;
};

} // namespace

bool tilecc::ptxemu::parseModule(std::string_view text, std::string_view fileName,
                                 Module &mod, std::string &error) {
  std::vector<Token> toks;
  std::string err;
  int line = 0;
  Lexer lex(text);
  if (!lex.run(toks, err, line)) {
    error = std::string(fileName) + ":" + std::to_string(line) + ": " + err;
    return false;
  }
  // vprintf, malloc and free are provided by the emulator.
  Parser parser(toks, mod);
  parser.srcText = text;
  if (!parser.run()) {
    error = std::string(fileName) + ":" + std::to_string(parser.errLine) +
            ": " + parser.error;
    return false;
  }
  mod.sharedSize = (mod.sharedSize + 15) / 16 * 16;
  for (Symbol &s : mod.symbols)
    if (s.entryShared)
      s.offset += mod.sharedSize;
  return true;
}
