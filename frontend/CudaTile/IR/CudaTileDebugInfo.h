//===- CudaTileDebugInfo.h - debug info attribute bases ---------*- C++ -*-===//
//
// C++ base classes of the cuda_tile debug info attributes, so that parameters
// can accept any scope: DINodeAttr > DIScopeAttr > DILocalScopeAttr. Their
// classof lists the concrete attributes (CudaTileDebugInfo.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_IR_CUDATILEDEBUGINFO_H
#define TILECC_CUDATILE_IR_CUDATILEDEBUGINFO_H

#include "mlir/IR/Attributes.h"

namespace mlir::cuda_tile {

/// Any debug info node (file, compile unit, subprogram, lexical block).
class DINodeAttr : public Attribute {
public:
  using Attribute::Attribute;
  static bool classof(Attribute attr);
};

/// A node that can enclose others (file, compile unit, local scopes).
class DIScopeAttr : public DINodeAttr {
public:
  using DINodeAttr::DINodeAttr;
  static bool classof(Attribute attr);
};

/// A scope inside a function: subprogram or lexical block.
class DILocalScopeAttr : public DIScopeAttr {
public:
  using DIScopeAttr::DIScopeAttr;
  static bool classof(Attribute attr);
};

} // namespace mlir::cuda_tile

#endif // TILECC_CUDATILE_IR_CUDATILEDEBUGINFO_H
