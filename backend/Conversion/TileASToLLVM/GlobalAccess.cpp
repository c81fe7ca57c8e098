//===- GlobalAccess.cpp - predicated vector ld/st.global ------------------===//
#include "Conversion/TileASToLLVM/GlobalAccess.h"
#include "Conversion/TileASToLLVM/ValueModel.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {
/// How elements travel in registers: `numWords` words of `wordBits` bits,
/// each accessed as `accessBits` bits (fewer than `wordBits` only for a lone
/// byte, which PTX moves in a 16-bit register: `ld.global.b8 %rs, [...]`).
struct WordShape {
  unsigned wordBits = 0, numWords = 0, accessBits = 0;
};
} // namespace

static unsigned elementBits(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 64;
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return 0;
}

static std::optional<WordShape> getWordShape(Type elementType, unsigned count) {
  unsigned bits = elementBits(elementType);
  if (bits < 16 && bits != 8)
    return std::nullopt;
  unsigned total = bits * count;
  if (total > 128 || (total & (total - 1)) || total < 8)
    return std::nullopt;
  if (total == 8)
    return WordShape{16, 1, 8};
  unsigned word = bits >= 32 ? bits : std::min(32u, total);
  return WordShape{word, total / word, word};
}

bool mlir::tilecc::isAccessSupported(Type elementType, unsigned count) {
  return getWordShape(elementType, count).has_value();
}

static StringRef constraintFor(unsigned wordBits) {
  return wordBits == 16 ? "h" : wordBits == 32 ? "r" : "l";
}

/// Packs elements into words (bitcasts through vectors for sub-word types).
static SmallVector<Value> toWords(OpBuilder &b, Location loc, ValueRange elems,
                                  WordShape shape) {
  Type word = b.getIntegerType(shape.wordBits);
  unsigned perWord = elems.size() / shape.numWords;
  SmallVector<Value> words;
  for (unsigned w = 0; w < shape.numWords; ++w) {
    ValueRange part = elems.slice(w * perWord, perWord);
    Type elem = part.front().getType();
    if (perWord == 1 && shape.accessBits < shape.wordBits) {
      // A lone byte, widened to the register that carries it.
      Value bits = part[0];
      if (!bits.getType().isInteger(shape.accessBits))
        bits = LLVM::BitcastOp::create(
            b, loc, b.getIntegerType(shape.accessBits), bits);
      words.push_back(LLVM::ZExtOp::create(b, loc, word, bits));
      continue;
    }
    if (perWord == 1) {
      words.push_back(isa<LLVM::LLVMPointerType>(elem)
                          ? Value(LLVM::PtrToIntOp::create(b, loc, word, part[0]))
                          : Value(LLVM::BitcastOp::create(b, loc, word, part[0])));
      continue;
    }
    words.push_back(LLVM::BitcastOp::create(
        b, loc, word, toVector(b, loc, llvm::to_vector(part))));
  }
  return words;
}

static SmallVector<Value> fromWords(OpBuilder &b, Location loc,
                                    ValueRange words, Type elem,
                                    unsigned count, WordShape shape) {
  unsigned perWord = count / words.size();
  SmallVector<Value> elems;
  for (Value w : words) {
    if (perWord == 1 && shape.accessBits < shape.wordBits) {
      Value bits = LLVM::TruncOp::create(
          b, loc, b.getIntegerType(shape.accessBits), w);
      elems.push_back(elem == bits.getType()
                          ? bits
                          : Value(LLVM::BitcastOp::create(b, loc, elem, bits)));
      continue;
    }
    if (perWord == 1) {
      elems.push_back(isa<LLVM::LLVMPointerType>(elem)
                          ? Value(LLVM::IntToPtrOp::create(b, loc, elem, w))
                          : Value(LLVM::BitcastOp::create(b, loc, elem, w)));
      continue;
    }
    auto vecType = VectorType::get({int64_t(perWord)}, elem);
    Value vec = LLVM::BitcastOp::create(b, loc, vecType, w);
    for (unsigned i = 0; i < perWord; ++i)
      elems.push_back(LLVM::ExtractElementOp::create(
          b, loc, vec,
          LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(i))));
  }
  return elems;
}

/// "{$a, $b}" or "$a" for operands first..first+n-1.
static std::string operandList(unsigned first, unsigned n) {
  if (n == 1)
    return llvm::formatv("${0}", first).str();
  std::string list = "{";
  for (unsigned i = 0; i < n; ++i)
    list += llvm::formatv("{0}${1}", i ? ", " : "", first + i).str();
  return list + "}";
}

/// The PTX state space of a pointer's address space.
static StringRef stateSpace(Value ptr) {
  switch (cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace()) {
  case 1: return ".global";
  case 3: return ".shared";
  case 4: return ".const";
  default: return "";
  }
}

static std::string vectorSuffix(WordShape shape) {
  return (shape.numWords > 1 ? ".v" + std::to_string(shape.numWords) : "") +
         ".b" + std::to_string(shape.accessBits);
}

SmallVector<Value> mlir::tilecc::emitGlobalLoad(OpBuilder &b, Location loc,
                                                Value ptr, Value pred,
                                                ValueRange init,
                                                const AccessQualifiers &q) {
  Type elem = init.front().getType();
  WordShape shape = *getWordShape(elem, init.size());
  SmallVector<Value> initWords = toWords(b, loc, init, shape);
  unsigned n = shape.numWords;
  // Operands: n outputs, the address, the predicate, then n initial words.
  std::string asmText;
  std::string constraints;
  unsigned ptrIdx = n, predIdx = n + 1, initIdx = pred ? n + 2 : n + 1;
  for (unsigned i = 0; i < n; ++i) {
    asmText += llvm::formatv("mov.b{0} ${1}, ${2};\n\t", shape.wordBits, i,
                             initIdx + i).str();
    constraints += llvm::formatv("=&{0},", constraintFor(shape.wordBits)).str();
  }
  if (pred)
    asmText += llvm::formatv("@${0} ", predIdx).str();
  asmText += llvm::formatv("ld{0}{1}{2} {3}, [${4}];", q.ordering,
                           stateSpace(ptr), vectorSuffix(shape),
                           operandList(0, n), ptrIdx)
                 .str();
  constraints += "l";
  SmallVector<Value> operands{ptr};
  if (pred) {
    constraints += ",b";
    operands.push_back(pred);
  }
  for (Value w : initWords) {
    constraints += llvm::formatv(",{0}", constraintFor(shape.wordBits)).str();
    operands.push_back(w);
  }
  // The load reads memory the kernel may write (scratch reused by a loop,
  // data stored earlier): without the clobber LLVM takes the asm for a pure
  // function of its operands and hoists or merges it across those stores.
  constraints += ",~{memory}";
  Type wordType = b.getIntegerType(shape.wordBits);
  Type resultType =
      n == 1 ? wordType
             : LLVM::LLVMStructType::getLiteral(
                   b.getContext(), SmallVector<Type>(n, wordType));
  auto asmOp = createInlinePtx(b, loc, resultType, operands, asmText,
                               constraints, !q.ordering.empty());
  SmallVector<Value> words;
  if (n == 1)
    words.push_back(asmOp.getResult(0));
  else
    for (unsigned i = 0; i < n; ++i)
      words.push_back(LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return fromWords(b, loc, words, elem, init.size(), shape);
}

void mlir::tilecc::emitGlobalStore(OpBuilder &b, Location loc, Value ptr,
                                   Value pred, ValueRange values,
                                   const AccessQualifiers &q) {
  Type elem = values.front().getType();
  WordShape shape = *getWordShape(elem, values.size());
  SmallVector<Value> words = toWords(b, loc, values, shape);
  unsigned n = shape.numWords;
  // Operands: the address, n words, the predicate.
  std::string asmText;
  if (pred)
    asmText += llvm::formatv("@${0} ", n + 1).str();
  asmText += llvm::formatv("st{0}{1}{2} [$0], {3};", q.ordering,
                           stateSpace(ptr), vectorSuffix(shape),
                           operandList(1, n))
                 .str();
  std::string constraints = "l";
  SmallVector<Value> operands{ptr};
  for (Value w : words) {
    constraints += llvm::formatv(",{0}", constraintFor(shape.wordBits)).str();
    operands.push_back(w);
  }
  if (pred) {
    constraints += ",b";
    operands.push_back(pred);
  }
  createInlinePtx(b, loc, Type(), operands, asmText, constraints);
}

/// An element as the integer word PTX moves it in.
static Value toWord(OpBuilder &b, Location loc, Value v) {
  Type word = b.getIntegerType(elementBits(v.getType()));
  if (v.getType() == word)
    return v;
  return isa<LLVM::LLVMPointerType>(v.getType())
             ? Value(LLVM::PtrToIntOp::create(b, loc, word, v))
             : Value(LLVM::BitcastOp::create(b, loc, word, v));
}

static Value fromWord(OpBuilder &b, Location loc, Value w, Type elem) {
  if (w.getType() == elem)
    return w;
  return isa<LLVM::LLVMPointerType>(elem)
             ? Value(LLVM::IntToPtrOp::create(b, loc, elem, w))
             : Value(LLVM::BitcastOp::create(b, loc, elem, w));
}

Value mlir::tilecc::emitGlobalAtomic(OpBuilder &b, Location loc, Value ptr,
                                     Value pred, const AtomicAccess &access,
                                     const AccessQualifiers &q) {
  Type elem = access.value.getType();
  unsigned bits = elementBits(elem);
  StringRef reg = constraintFor(bits);
  SmallVector<Value> operands{ptr, toWord(b, loc, access.value)};
  if (access.compare)
    operands.insert(operands.begin() + 1, toWord(b, loc, access.compare));
  if (access.reduction) {
    // Operands: the address, the operand, the predicate.
    std::string text = pred ? "@$2 " : "";
    text += llvm::formatv("red{0}{1}.{2} [$0], $1;", q.ordering,
                          stateSpace(ptr), access.opType)
                .str();
    std::string constraints = ("l," + reg).str();
    if (pred) {
      constraints += ",b";
      operands.push_back(pred);
    }
    createInlinePtx(b, loc, Type(), operands, text, constraints);
    return {};
  }
  // Operands: the old value, the address, (compare,) the operand, the
  // predicate, the initial value.
  unsigned n = operands.size() + 1;
  std::string text = llvm::formatv("mov.b{0} $0, ${1};\n\t", bits,
                                   pred ? n + 1 : n)
                         .str();
  if (pred)
    text += llvm::formatv("@${0} ", n).str();
  text += llvm::formatv("atom{0}{1}.{2} $0, [$1], $2{3};", q.ordering,
                        stateSpace(ptr), access.opType,
                        access.compare ? ", $3" : "")
              .str();
  std::string constraints = ("=&" + reg + ",l," + reg).str();
  if (access.compare)
    constraints += ("," + reg).str();
  if (pred) {
    constraints += ",b";
    operands.push_back(pred);
  }
  constraints += ("," + reg).str();
  operands.push_back(toWord(b, loc, access.init));
  auto asmOp = createInlinePtx(b, loc, b.getIntegerType(bits), operands, text,
                               constraints);
  return fromWord(b, loc, asmOp.getResult(0), elem);
}

Value mlir::tilecc::emitGlobalBF16AddCASLoop(OpBuilder &b, Location loc,
                                             Value ptr, Value pred, Value value,
                                             Value init,
                                             const AccessQualifiers &q) {
  // Operands: the old value, the address, the operand, the initial value,
  // the predicate. Labels are unique per asm statement (${:uid}).
  std::string text = "{\n\t.reg .pred %tcc_p;\n\t.reg .b16 %tcc_x, %tcc_y, "
                     "%tcc_one;\n\tmov.b16 $0, $3;\n\t";
  if (pred)
    text += "@!$4 bra tcc_done_${:uid};\n\t";
  text += llvm::formatv(
              "mov.b16 %tcc_one, 0x3F80;\n\t"
              "ld.relaxed.gpu{0}.b16 $0, [$1];\n"
              "tcc_loop_${{:uid}:\n\t"
              "mov.b16 %tcc_x, $0;\n\t"
              "fma.rn.bf16 %tcc_y, %tcc_x, %tcc_one, $2;\n\t"
              "atom{1}{0}.cas.b16 $0, [$1], %tcc_x, %tcc_y;\n\t"
              "setp.ne.b16 %tcc_p, $0, %tcc_x;\n\t"
              "@%tcc_p bra tcc_loop_${{:uid};\n",
              stateSpace(ptr), q.ordering)
              .str();
  if (pred)
    text += "tcc_done_${:uid}:\n";
  text += "}";
  SmallVector<Value> operands{ptr, toWord(b, loc, value), toWord(b, loc, init)};
  std::string constraints = "=&h,l,h,h";
  if (pred) {
    constraints += ",b";
    operands.push_back(pred);
  }
  auto asmOp =
      createInlinePtx(b, loc, b.getI16Type(), operands, text, constraints);
  return fromWord(b, loc, asmOp.getResult(0), value.getType());
}

Value mlir::tilecc::andPredicates(OpBuilder &b, Location loc, Value a,
                                  Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return LLVM::AndOp::create(b, loc, a, c);
}
