//===- StageDump.cpp - versioned JSON dumps of a stage's output -----------===//
#include "Pipeline/StageDump.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <cstring>

using namespace tilecc;
using json = nlohmann::ordered_json;

std::string tilecc::printForDump(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, mlir::OpPrintingFlags().printGenericOpForm().enableDebugInfo(
                    /*enable=*/true, /*prettyForm=*/false));
  return text;
}

namespace {
template <typename T>
std::string printToString(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  value.print(os);
  return text;
}

/// Builds the structured op tree; values are named %0, %1, ... in the order
/// they are defined (block arguments included), which is deterministic.
class OpTreeBuilder {
public:
  json build(mlir::Operation *op) {
    json node;
    node["name"] = op->getName().getStringRef().str();
    json operands = json::array();
    for (mlir::Value operand : op->getOperands())
      operands.push_back(nameOf(operand));
    node["operands"] = operands;
    json results = json::array();
    for (mlir::Value result : op->getResults())
      results.push_back({{"id", define(result)}, {"type", printToString(result.getType())}});
    node["results"] = results;
    json attributes = json::object();
    for (mlir::NamedAttribute attr : op->getAttrs())
      attributes[attr.getName().str()] = printToString(attr.getValue());
    node["attributes"] = attributes;
    json regions = json::array();
    for (mlir::Region &region : op->getRegions()) {
      json blocks = json::array();
      for (mlir::Block &block : region) {
        json arguments = json::array();
        for (mlir::BlockArgument arg : block.getArguments())
          arguments.push_back({{"id", define(arg)}, {"type", printToString(arg.getType())}});
        json ops = json::array();
        for (mlir::Operation &nested : block)
          ops.push_back(build(&nested));
        blocks.push_back({{"arguments", arguments}, {"ops", ops}});
      }
      regions.push_back(blocks);
    }
    node["regions"] = regions;
    node["loc"] = printToString(op->getLoc());
    return node;
  }

private:
  std::string define(mlir::Value value) {
    std::string name = "%" + std::to_string(ids.size());
    ids[value] = name;
    return name;
  }
  std::string nameOf(mlir::Value value) {
    auto it = ids.find(value);
    return it == ids.end() ? "<undefined>" : it->second;
  }
  llvm::DenseMap<mlir::Value, std::string> ids;
};
} // namespace

std::string tilecc::writeStageDump(const StageDumpInfo &info,
                                   mlir::Operation *module) {
  json root;
  root["format"] = "tilecc-stage";
  root["version"] = kStageDumpVersion;
  root["stage"] = info.stage;
  root["target"] = {{"arch", info.arch}};
  root["source"] = info.source;
  if (module) {
    root["ir"] = printForDump(module);
    root["module"] = OpTreeBuilder().build(module);
  } else {
    root["text"] = info.text;
  }
  root["kernels"] = info.kernels;
  root["stats"] = info.stats;
  root["timings_ms"] = info.timingsMs;
  // Replace invalid UTF-8 (a hostile file name, say) instead of failing.
  return root.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

llvm::Expected<LoadedStageDump> tilecc::readStageDump(llvm::StringRef text) {
  json root = json::parse(text.begin(), text.end(), nullptr,
                          /*allow_exceptions=*/false);
  auto invalid = [](const std::string &why) {
    return llvm::createStringError("not a valid tilecc stage dump: " + why);
  };
  if (root.is_discarded() || !root.is_object())
    return invalid("malformed JSON");
  if (!root.contains("format") || root["format"] != "tilecc-stage")
    return invalid("missing \"format\": \"tilecc-stage\"");
  if (!root.contains("version") || !root["version"].is_number_integer())
    return invalid("missing \"version\"");
  if (root["version"].get<int>() != kStageDumpVersion)
    return invalid("unsupported version " + root["version"].dump());
  if (!root.contains("stage") || !root["stage"].is_string())
    return invalid("missing \"stage\"");
  LoadedStageDump dump;
  dump.info.stage = root["stage"].get<std::string>();
  if (root.contains("target") && root["target"].is_object() &&
      root["target"].contains("arch") && root["target"]["arch"].is_string())
    dump.info.arch = root["target"]["arch"].get<std::string>();
  if (root.contains("source") && root["source"].is_string())
    dump.info.source = root["source"].get<std::string>();
  if (root.contains("ir")) {
    if (!root["ir"].is_string())
      return invalid("\"ir\" is not a string");
    dump.ir = root["ir"].get<std::string>();
  } else if (root.contains("text") && root["text"].is_string()) {
    dump.info.text = root["text"].get<std::string>();
  } else {
    return invalid("neither \"ir\" nor \"text\" is present");
  }
  return dump;
}

static const char kBase64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string tilecc::encodeBase64(llvm::StringRef bytes) {
  std::string out;
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    uint32_t v = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8) |
                 uint8_t(bytes[i + 2]);
    for (int s = 18; s >= 0; s -= 6)
      out += kBase64[(v >> s) & 63];
  }
  if (i < bytes.size()) {
    uint32_t v = uint8_t(bytes[i]) << 16;
    if (i + 1 < bytes.size())
      v |= uint8_t(bytes[i + 1]) << 8;
    out += kBase64[(v >> 18) & 63];
    out += kBase64[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kBase64[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

llvm::Expected<std::string> tilecc::decodeBase64(llvm::StringRef text) {
  std::string out;
  uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    if (c == '=')
      break;
    const char *p = std::strchr(kBase64, c);
    if (!p || c == '\0')
      return llvm::createStringError("invalid base64 data");
    buffer = (buffer << 6) | uint32_t(p - kBase64);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += char((buffer >> bits) & 0xff);
    }
  }
  return out;
}
