//===- CudaTileDebugInfo.cpp - debug info scope rules ---------------------===//
//
// A function's location may carry a di_loc whose scope is its subprogram; the
// locations of its ops may then carry di_locs in that subprogram or in lexical
// blocks nested in it. Nothing else in a module may carry a scope.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileMiscUtils.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

DILocAttr mlir::cuda_tile::findDILoc(Location loc) {
  return TypeSwitch<Location, DILocAttr>(loc)
      .Case([](DILocAttr diLoc) { return diLoc; })
      .Case([](NameLoc name) { return findDILoc(name.getChildLoc()); })
      .Case([](CallSiteLoc callSite) { return findDILoc(callSite.getCaller()); })
      .Case([](OpaqueLoc opaque) {
        return findDILoc(opaque.getFallbackLocation());
      })
      .Case([](FusedLoc fused) {
        for (Location inner : fused.getLocations())
          if (DILocAttr diLoc = findDILoc(inner))
            return diLoc;
        return DILocAttr();
      })
      .Default([](Location) { return DILocAttr(); });
}

DISubprogramAttr mlir::cuda_tile::getEnclosingSubprogram(DILocalScopeAttr scope) {
  while (scope) {
    if (auto subprogram = dyn_cast<DISubprogramAttr>(scope))
      return subprogram;
    auto block = dyn_cast<DILexicalBlockAttr>(scope);
    if (!block)
      break;
    scope = block.getScope();
  }
  return DISubprogramAttr();
}

LogicalResult mlir::cuda_tile::verifyFunctionDebugInfo(FunctionOpInterface function) {
  // A call site would make the function appear inlined somewhere.
  if (isa<CallSiteLoc>(function.getLoc()))
    return function.emitOpError()
           << "invalid function debug info location: " << function.getLoc()
           << ". Function location must not be a CallSiteLoc.";
  DILocAttr diLoc = findDILoc(function.getLoc());
  if (!diLoc)
    return success();
  auto subprogram = dyn_cast<DISubprogramAttr>(diLoc.getScope());
  if (!subprogram)
    return function.emitOpError()
           << "invalid function debug info scope: " << diLoc.getScope()
           << ". Function location must have cuda_tile.di_subprogram debug "
              "info scope.";
  if (subprogram.getLinkageName() != function.getNameAttr())
    return function.emitOpError()
           << "invalid function debug info scope: " << subprogram
           << ". Function name \"" << function.getName()
           << "\" does not match subprogram scope linkage name \""
           << subprogram.getLinkageName().getValue() << "\".";
  return success();
}

LogicalResult
mlir::cuda_tile::verifyFunctionBodyDebugInfo(FunctionOpInterface function) {
  DISubprogramAttr functionScope;
  if (DILocAttr diLoc = findDILoc(function.getLoc()))
    functionScope = getEnclosingSubprogram(diLoc.getScope());

  LogicalResult result = success();
  function->walk([&](Operation *op) {
    if (op == function.getOperation())
      return WalkResult::advance();
    DILocAttr diLoc = findDILoc(op->getLoc());
    DISubprogramAttr opScope =
        diLoc ? getEnclosingSubprogram(diLoc.getScope()) : DISubprogramAttr();
    if (!opScope)
      return WalkResult::advance();
    if (!functionScope) {
      result = op->emitOpError()
               << "invalid operation debug info scope: " << opScope
               << ". Operation has debug info scope, but function debug info "
                  "scope is undefined.";
      return WalkResult::interrupt();
    }
    if (opScope != functionScope) {
      result = op->emitError()
               << "invalid operation debug info scope: " << opScope
               << ". Operation debug info scope does not match function debug "
                  "info scope: "
               << functionScope << ".";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result;
}

LogicalResult mlir::cuda_tile::verifyModuleDebugInfo(Operation *module) {
  for (Region &region : module->getRegions())
    for (Operation &op : region.getOps()) {
      if (isa<FunctionOpInterface>(op))
        continue;
      if (DILocAttr diLoc = findDILoc(op.getLoc()))
        return op.emitOpError()
               << "invalid operation debug info scope: " << diLoc
               << ". Global variables must not have scope.";
    }
  return success();
}

LogicalResult mlir::cuda_tile::updateSymbolName(Operation *symbol,
                                                StringAttr newName,
                                                Operation *scope,
                                                bool updateUses) {
  if (newName.getValue().empty())
    return symbol->emitError("cannot rename a symbol to an empty name");
  if (scope && !scope->isProperAncestor(symbol)) {
    InFlightDiagnostic diag = symbol->emitError(
        "attempted to update symbol names in a scope that did not enclose the "
        "symbol itself");
    diag.attachNote(scope->getLoc()) << "scope defined here";
    return diag;
  }
  StringAttr oldName = SymbolTable::getSymbolName(symbol);
  if (updateUses && scope &&
      failed(SymbolTable::replaceAllSymbolUses(symbol, newName, scope)))
    return symbol->emitError("failed to update the uses of symbol @")
           << oldName.getValue();
  SymbolTable::setSymbolName(symbol, newName);

  // Keep the debug info linkage name in sync with the symbol.
  DILocAttr diLoc = findDILoc(symbol->getLoc());
  DISubprogramAttr subprogram =
      diLoc ? getEnclosingSubprogram(diLoc.getScope()) : DISubprogramAttr();
  if (!subprogram || subprogram.getLinkageName() != oldName)
    return success();
  auto renamed = DISubprogramAttr::get(
      symbol->getContext(), subprogram.getFile(), subprogram.getLine(),
      subprogram.getName(), newName, subprogram.getCompileUnit(),
      subprogram.getScopeLine());
  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](DISubprogramAttr attr) -> std::optional<Attribute> {
        if (attr == subprogram)
          return renamed;
        return std::nullopt;
      });
  replacer.recursivelyReplaceElementsIn(symbol, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/true,
                                        /*replaceTypes=*/false);
  return success();
}
