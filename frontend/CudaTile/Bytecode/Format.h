//===- Format.h - constants and operation layouts of Tile IR bytecode ------===//
//
// Shared by Reader.cpp and Writer.cpp: section ids, type/attribute/debug tags
// and the per-operation layouts parsed from OpTable.def.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_BYTECODE_FORMAT_H
#define TILECC_CUDATILE_BYTECODE_FORMAT_H

#include "CudaTile/Bytecode/Bytecode.h"

#include "mlir/IR/Attributes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::cuda_tile::bc {

inline constexpr uint8_t kMagic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0};
inline constexpr uint8_t kPadding = 0xCB;

enum Section : uint8_t {
  EndOfBytecode = 0,
  StringSection = 1,
  FuncSection = 2,
  DebugSection = 3,
  ConstantSection = 4,
  TypeSection = 5,
  GlobalSection = 6,
  ProducerSection = 7,
  NumSections = 8,
};

enum TypeTag : uint16_t {
  I1 = 0, I8 = 1, I16 = 2, I32 = 3, I64 = 4,
  F16 = 5, BF16 = 6, F32 = 7, TF32 = 8, F64 = 9, F8E4M3FN = 10, F8E5M2 = 11,
  Pointer = 12, Tile = 13, TensorView = 14, PartitionView = 15,
  Function = 16, Token = 17, F8E8M0FNU = 18, F4E2M1FN = 19,
  GatherScatterView = 20, StridedView = 21, I4 = 22,
  // 13.4, developer preview only: read to give a clear refusal.
  F8E5M3FNU = 130,
};

enum AttrTag : uint8_t {
  TagInteger = 1, TagFloat = 2, TagBool = 3, TagType = 4, TagString = 5,
  TagArray = 6, TagDenseElements = 7, TagDivBy = 8, TagSameElements = 9,
  TagDictionary = 10, TagOptimizationHints = 11, TagBounded = 12,
};

enum DebugTag : uint8_t {
  DIUnknown = 0, DICompileUnit = 1, DIFile = 2, DILexicalBlock = 3, DILoc = 4,
  DISubprogram = 5, DICallSite = 6,
};
/// Debug index 0 is the unknown location; real entries start at 1.
inline constexpr uint64_t kFirstDebugIndex = 1;

enum FunctionFlags : uint8_t { KindKernel = 0x02, HasOptimizationHints = 0x04 };

inline constexpr BytecodeVersion v13_1{13, 1, 0}, v13_2{13, 2, 0},
    v13_3{13, 3, 0}, v13_4{13, 4, 0};

/// How an operation attribute's value is stored.
enum class AttrKind {
  I32, I64, Bool, Str, Sym, I32Array, BoolArray, Dense, Array, Predicate,
  Hints, Type, Enum,
};

struct AttrField {
  llvm::StringRef name;
  AttrKind kind;
  llvm::StringRef enumName; // AttrKind::Enum only
  bool optional = false;
  bool unit = false;
  /// A unit attribute tilecc does not model: read set, it is refused.
  bool unsupported = false;
  /// An attribute whose value tilecc may drop without changing the program's
  /// meaning (view ops' `inbounds` promises): read and discarded, written as
  /// its all-false value.
  bool dropped = false;
  BytecodeVersion since;
  std::optional<uint64_t> defaultValue;
  int flagBit = -1; // bit in the flags field (optional attributes)
};

struct OperandGroup {
  enum Kind { Single, Variadic, Optional } kind;
  BytecodeVersion since;
  int flagBit = -1; // optional groups of segmented operations
};

struct ResultGroup {
  bool variadic;
  BytecodeVersion since;
};

struct OpLayout {
  uint32_t opcode;
  llvm::StringRef name; // without the dialect prefix
  BytecodeVersion since;
  bool segmented = false;
  unsigned numRegions = 0;
  llvm::SmallVector<ResultGroup> results;
  llvm::SmallVector<AttrField> attrs;
  llvm::SmallVector<OperandGroup> operands;
  unsigned numFlagBits = 0;
  /// The flags field is only stored from this version on (absent when the
  /// operation has no optional field).
  std::optional<BytecodeVersion> flagsSince;

  bool hasVariadicResults() const;
  bool hasVariableOperands() const;
  /// Whether the result count is stored: when a result or operand group is
  /// variadic (optional groups do not count).
  bool storesResultCount() const;
};

const OpLayout *lookupOp(llvm::StringRef name);
const OpLayout *lookupOpcode(uint64_t opcode);
/// The highest opcode a version defines.
uint32_t maxOpcode(BytecodeVersion version);

/// The integer an enum attribute stores (cuda_tile enum attributes, or the
/// i32 attributes of MemoryOrderingSemantics/MemoryScope/AtomicRMWMode).
std::optional<uint64_t> enumValue(Attribute attr);
/// The enum attribute `enumName` with integer `value`; null if invalid.
Attribute makeEnum(MLIRContext *ctx, llvm::StringRef enumName, uint64_t value);

} // namespace mlir::cuda_tile::bc

#endif // TILECC_CUDATILE_BYTECODE_FORMAT_H
