//===- TileASLayoutAttrs.td - layout encodings of tiles ---*- tablegen -*-===//
//
// Included from TileASAttrs.td so that the dialect's generated attribute
// parser knows it.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_LAYOUTATTRS_TD
#define TILECC_TILEAS_LAYOUTATTRS_TD

include "mlir/IR/TensorEncoding.td"

def TileAS_LinearEncodingAttr : TileAS_Attr<"LinearEncoding", "linear",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "distributed layout of a tile as a linear map over GF(2)";
  let description = [{
    The encoding of a ranked tensor after layout assignment: which thread
    (`lane`, `warp`) holds which tile element in which of its registers
    (`register`). The body is lib/Layout's LinearLayout text form, e.g.

      #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8)], warp = []}
                        -> {dim0 = 16}>

    Output dimensions are `dim0` .. `dimN-1` and must match the tensor shape.
  }];
  let parameters = (ins
      AttrParameter<"::tilecc::layout::LinearLayout", "linear layout">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Registers each thread holds, lanes per warp and warps per CTA.
    int32_t getNumRegisters() const;
    int32_t getNumLanes() const;
    int32_t getNumWarps() const;
    /// The encoding of `type`, if it is a ranked tensor with one.
    static LinearEncodingAttr of(::mlir::Type type);
  }];
}

#endif // TILECC_TILEAS_LAYOUTATTRS_TD
