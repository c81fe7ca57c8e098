//===- TileASInterfaces.td - nv_tileas interfaces ---------*- tablegen -*-===//
#ifndef TILECC_TILEAS_INTERFACES_TD
#define TILECC_TILEAS_INTERFACES_TD

include "mlir/IR/OpBase.td"

// Witness that a memory op's data movement has a concrete copy atom (the
// hardware primitive family: ldg/stg, cp.async, TMA, ldmatrix, ...).
def TileAS_CopyAtomAttrInterface : AttrInterface<"CopyAtomAttrInterface"> {
  let cppNamespace = "::mlir::nv_tileas";
  let description = [{
    Implemented by attributes that name the copy primitive a tiled memory op
    lowers to. Lowering reads the witness only through this interface.
  }];
  let methods = [
    InterfaceMethod<"Bits one access moves (0: element-wise or whole "
                    "boxes).",
                    "unsigned", "getAccessBits">,
    InterfaceMethod<"The target feature the copy needs, from lib/Layout's "
                    "instruction table.",
                    "::std::optional<::tilecc::TargetFeature>",
                    "getRequiredFeature">,
    InterfaceMethod<"Whether the atom moves data through the tensor memory "
                    "accelerator (and so needs a TMA descriptor).",
                    "bool", "isTmaAtom">,
  ];
}

// Witness that a reduce/scan has a concrete cross-lane/warp reduction atom.
def TileAS_ReduceAtomAttrInterface : AttrInterface<"ReduceAtomAttrInterface"> {
  let cppNamespace = "::mlir::nv_tileas";
  let description = [{
    Implemented by attributes that name the reduction primitive (warp shuffle,
    redux.sync, shared-memory tree, ...) a reduce or scan lowers to.
  }];
  let methods = [
    InterfaceMethod<"Name of the reduce atom in the target's atom catalog.",
                    "::llvm::StringRef", "getAtomName">,
  ];
}

// Marks ops whose position in the program order is observable. Pure tile
// canonicalizations never move, duplicate or erase them (seed 003).
def TileAS_MemoryConsistencyOpInterface
    : OpInterface<"MemoryConsistencyOpInterface"> {
  let cppNamespace = "::mlir::nv_tileas";
  let description = [{
    Ops in this set carry memory-ordering semantics: async memory ops and their
    waits, TMA ops and descriptor builders, synchronous copies, and reductions
    or scans whose bodies may contain ordering-sensitive ops. Canonicalization
    may inspect them but must not reorder, duplicate or erase them.
  }];
}

// What an op needs of the CTA's shared memory (and tensor memory) at run
// time; `tileas-plan-memory` walks this interface to place every buffer and
// decide barriers, and the LLVM conversion only materializes that plan.
def TileAS_SharedMemoryUserOpInterface
    : OpInterface<"SharedMemoryUserOpInterface"> {
  let cppNamespace = "::mlir::nv_tileas";
  let description = [{
    Implemented by ops that stage data in shared memory (layout changes,
    reductions and scans across warps, slices, atomics handing results to
    duplicates, dot operand staging), by shared-memory globals (rings) and by
    ops that allocate tensor-memory columns (tcgen05). The sizes follow the
    lowering's own staging layout, so the models live next to it
    (backend/Conversion/TileASToLLVM/SharedMemoryModels.cpp, registered with
    the dialects).
  }];
  let methods = [
    InterfaceMethod<"Bytes and alignment of shared memory the op needs on "
                    "`target` (0 bytes: none, e.g. a register permutation).",
                    "::mlir::nv_tileas::SharedMemoryNeed", "getSharedMemoryNeed",
                    (ins "const ::tilecc::TargetInfo &":$target)>,
    InterfaceMethod<"How long the bytes stay live: the op itself (its scratch "
                    "may be reused by the next op after a barrier) or the "
                    "whole kernel (a buffer of its own).",
                    "::mlir::nv_tileas::SharedLiveRange", "getSharedLiveRange",
                    (ins), "",
                    "return ::mlir::nv_tileas::SharedLiveRange::Op;">,
    InterfaceMethod<"Whether an op-range need may get a buffer of its own "
                    "when shared memory allows (its leading barrier may then "
                    "go).", "bool", "mayOwnSharedBuffer", (ins), "",
                    "return false;">,
    InterfaceMethod<"Name prefix of the buffers of its own the op gets "
                    "(numbered in program order).",
                    "::llvm::StringRef", "getSharedBufferPrefix", (ins), "",
                    "return \"tilecc_scratch\";">,
    InterfaceMethod<"Tensor-memory columns the op allocates (and frees) on "
                    "`target`.", "int64_t", "getTensorMemoryColumns",
                    (ins "const ::tilecc::TargetInfo &":$target), "",
                    "return 0;">,
  ];
}

#endif // TILECC_TILEAS_INTERFACES_TD
