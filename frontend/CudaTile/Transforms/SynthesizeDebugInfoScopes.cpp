//===- SynthesizeDebugInfoScopes.cpp - default debug info scopes ----------===//
//
// Debug info needs every function in a subprogram scope. Functions without one
// get a subprogram synthesized from the best file location available.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileMiscUtils.h"
#include "CudaTile/Transforms/Passes.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Path.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_SYNTHESIZEDEBUGINFOSCOPESPASS
#include "CudaTile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

/// The first file location found in `loc` (for call sites, the caller's),
/// or null.
static FileLineColLoc findFileLoc(Location loc) {
  return TypeSwitch<Location, FileLineColLoc>(loc)
      .Case([](FileLineColLoc file) { return file; })
      .Case([](NameLoc name) { return findFileLoc(name.getChildLoc()); })
      .Case([](OpaqueLoc opaque) {
        return findFileLoc(opaque.getFallbackLocation());
      })
      .Case([](CallSiteLoc callSite) {
        if (FileLineColLoc caller = findFileLoc(callSite.getCaller()))
          return caller;
        return findFileLoc(callSite.getCallee());
      })
      .Case([](FusedLoc fused) {
        for (Location inner : fused.getLocations())
          if (FileLineColLoc file = findFileLoc(inner))
            return file;
        return FileLineColLoc();
      })
      .Default([](Location) { return FileLineColLoc(); });
}

/// `dir/name.py` becomes di_file<"name.py" in "dir">.
static DIFileAttr getFileAttr(FileLineColLoc loc) {
  MLIRContext *context = loc.getContext();
  StringRef path = loc.getFilename().getValue();
  return DIFileAttr::get(
      context, StringAttr::get(context, llvm::sys::path::filename(path)),
      StringAttr::get(context, llvm::sys::path::parent_path(path)));
}

namespace {
struct SynthesizeDebugInfoScopesPass
    : cuda_tile::impl::SynthesizeDebugInfoScopesPassBase<SynthesizeDebugInfoScopesPass> {
  void runOnOperation() override {
    cuda_tile::ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();

    FileLineColLoc moduleFile = findFileLoc(module.getLoc());
    DIFileAttr unitFile =
        moduleFile ? getFileAttr(moduleFile)
                   : DIFileAttr::get(context, StringAttr::get(context, "<unknown>"),
                                     StringAttr::get(context, ""));
    auto unit = DICompileUnitAttr::get(context, unitFile);

    for (auto function : module.getOps<FunctionOpInterface>())
      synthesize(function, unit);
  }

  void synthesize(FunctionOpInterface function, DICompileUnitAttr unit) {
    MLIRContext *context = function.getContext();
    // Existing scopes are kept as they are.
    if (findDILoc(function.getLoc()))
      return;

    DIFileAttr file = unit.getFile();
    unsigned line = 1;
    FileLineColLoc functionLoc = findFileLoc(function.getLoc());
    if (functionLoc) {
      file = getFileAttr(functionLoc);
      line = functionLoc.getLine();
    } else {
      functionLoc = FileLineColLoc::get(file.getName(), /*line=*/1,
                                        /*column=*/1);
    }
    StringAttr name = function.getNameAttr();
    auto subprogram = DISubprogramAttr::get(context, file, line, name, name,
                                            unit, /*scopeLine=*/line);
    function->walk([&](Operation *op) {
      FileLineColLoc opLoc = findFileLoc(op->getLoc());
      op->setLoc(DILocAttr::get(context, opLoc ? opLoc : functionLoc,
                                subprogram));
    });
  }
};
} // namespace
