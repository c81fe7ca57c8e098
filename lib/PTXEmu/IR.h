//===- IR.h - parsed and decoded PTX for the emulator -----------*- C++ -*-===//
//
// The parser turns PTX text into Functions of decoded Instrs. Decoding checks
// every opcode and modifier once, at load time, so the executor never meets an
// instruction it does not understand.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PTXEMU_IR_H
#define TILECC_PTXEMU_IR_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tilecc::ptxemu {

enum class Space : uint8_t { Generic, Global, Shared, Local, Param, Const };
const char *spaceName(Space s);

// Scalar PTX types. Packed types (f16x2, ...) are 32-bit values.
enum class Ty : uint8_t {
  None, Pred,
  B8, B16, B32, B64, B128,
  U8, U16, U32, U64,
  S8, S16, S32, S64,
  F16, F16x2, BF16, BF16x2, TF32, F32, F64,
  E4M3, E5M2, E4M3x2, E5M2x2,
  E2M1, E2M1x2, UE8M0, UE8M0x2, // sm_100a-class conversions
};
bool parseTy(const std::string &s, Ty &t);
unsigned tyBits(Ty t);
bool tyIsSigned(Ty t);
bool tyIsFloat(Ty t);
bool tyIsInt(Ty t); // B*, U*, S*

enum class Rnd : uint8_t { None, RN, RZ, RM, RP, RNA, RNI, RZI, RMI, RPI };

// Which counter bucket an instruction is charged to.
enum class IClass : uint8_t {
  Integer, Float32, Float64, Half, Convert, Move, Compare, Control, Memory,
  Atomic, Warp, Tensor, AsyncCopy, Barrier, Misc, NumClasses
};
const char *iclassName(IClass c);

enum class SReg : uint8_t {
  TidX, TidY, TidZ, NtidX, NtidY, NtidZ, CtaidX, CtaidY, CtaidZ,
  NctaidX, NctaidY, NctaidZ, LaneId, WarpId, NWarpId, SmId, NSmId, GridId,
  Clock, Clock64, GlobalTimer, LanemaskEq, LanemaskLe, LanemaskLt,
  LanemaskGe, LanemaskGt, DynSmemSize, TotalSmemSize,
  // Clusters are one CTA (the emulator has no distributed shared memory).
  ClusterCtaRank, ClusterNCtaRank, ClusterIdX, ClusterIdY, ClusterIdZ,
  NClusterIdX, NClusterIdY, NClusterIdZ, ClusterCtaidX, ClusterCtaidY,
  ClusterCtaidZ, ClusterNCtaidX, ClusterNCtaidY, ClusterNCtaidZ,
  IsExplicitCluster,
};

struct Operand {
  enum Kind : uint8_t { None, Reg, Imm, FImm, Sym, Mem, Vec, Label, Special, Sink };
  Kind kind = None;
  bool negate = false;   // `!%p`
  bool isPred = false;   // Reg: a .pred register
  int reg = -1;          // Reg: register slot; Mem: base register or -1
  int reg2 = -1;         // `%r|%p`: the predicate slot
  int sym = -1;          // Sym / Mem: symbol index
  int64_t imm = 0;       // Imm value; Mem offset; Label target; FImm bits
  uint8_t fbits = 0;     // FImm: 32 or 64 (0fXXXXXXXX / 0dXXXX...), 0 = decimal
  double fval = 0;       // FImm decimal value
  SReg sreg = SReg::TidX;
  std::vector<Operand> elems; // Vec
};

struct Instr;
struct ExecCtx;
struct WarpState;
using ExecFn = void (*)(ExecCtx &, const Instr &, WarpState &, uint32_t mask);

struct Instr {
  std::string text;      // the instruction as written, for diagnostics
  int line = 0;
  std::string opcode;    // full dotted opcode
  int guard = -1;        // predicate slot or -1
  bool guardNeg = false;
  std::vector<Operand> ops;
  ExecFn exec = nullptr;
  IClass cls = IClass::Misc;
  // Decoded fields; each op family uses what it needs.
  Ty type = Ty::None, type2 = Ty::None, type3 = Ty::None, type4 = Ty::None;
  Space space = Space::Generic;
  Rnd rnd = Rnd::None;
  uint8_t vec = 1;       // .v2/.v4 element count
  uint8_t kind = 0;      // family-specific sub-operation
  uint8_t kind2 = 0;
  bool ftz = false, sat = false, flag = false, flag2 = false;
  int a = 0, b = 0, c = 0; // family-specific small integers (shape, counts)
  bool isBranch = false;
  bool collective = false; // warp-synchronous: needs its lanes converged
};

struct Symbol {
  std::string name;
  Space space = Space::Global;
  uint64_t size = 0;
  uint32_t align = 1;
  bool external = false;          // `.extern .shared x[]`: dynamic shared
  std::vector<uint8_t> init;      // initializer bytes (globals, consts)
  int function = -1;              // owning function or -1 for module scope
  uint64_t offset = 0;            // shared/local/param: offset in its space
  bool callParam = false;         // a `.param` declared inside a body
  bool entryShared = false;       // shared variable of one kernel
  int formal = -1;                // .func argument index
  int retFormal = -1;             // .func return value index
};

struct Param {
  std::string name;
  Ty type = Ty::B32;
  uint64_t size = 4, align = 4, offset = 0;
  int sym = -1;
};

struct Function {
  std::string name;
  bool isEntry = false;
  bool isExtern = false;
  bool defined = false;
  std::vector<Param> params;  // .entry parameters or .func arguments
  std::vector<Param> rets;    // .func return values
  size_t begin = 0, end = 0;  // instruction range in Module::code
  uint64_t paramSize = 0;     // kernel parameter buffer
  uint64_t sharedSize = 0;    // a kernel's own static shared bytes
};

// All functions share one instruction array, one register numbering and one
// per-thread local layout (no recursion), so calls need no renaming.
struct Module {
  std::string version, target;
  unsigned addressSize = 64;
  std::vector<Symbol> symbols;
  std::vector<Function> functions;
  std::map<std::string, int> functionIndex;
  std::vector<Instr> code;
  std::vector<std::string> regNames; // slot -> name
  std::vector<Ty> regTypes;
  uint64_t localSize = 0;            // per-thread local bytes
  uint64_t sharedSize = 0;           // module-wide static shared bytes
  uint32_t dynSharedAlign = 16;
};

} // namespace tilecc::ptxemu

#endif
