//===- Parser.h - PTX text to Module ----------------------------*- C++ -*-===//
#ifndef TILECC_PTXEMU_PARSER_H
#define TILECC_PTXEMU_PARSER_H

#include "PTXEmu/IR.h"

#include <string>
#include <string_view>

namespace tilecc::ptxemu {

// Parses a PTX module and decodes every instruction. On failure returns
// false with `error` = "file:line: message".
bool parseModule(std::string_view text, std::string_view fileName, Module &mod,
                 std::string &error);

// Checks the opcode and modifiers of `ins` (its operands already parsed) and
// fills its decoded fields and executor; false with `error` when unknown.
bool decodeInstr(Instr &ins, std::string &error);

} // namespace tilecc::ptxemu

#endif
