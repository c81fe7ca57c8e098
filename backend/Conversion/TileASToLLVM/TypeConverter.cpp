//===- TypeConverter.cpp - the per-thread value model's types -------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

TileASToLLVMTypeConverter::TileASToLLVMTypeConverter(MLIRContext *ctx)
    : LLVMTypeConverter(ctx) {
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    auto encoding = nv_tileas::LinearEncodingAttr::of(type);
    if (!encoding)
      return std::nullopt; // a tile without a layout cannot be lowered
    Type element = convertType(type.getElementType());
    if (!element)
      return std::nullopt;
    SmallVector<Type> registers(encoding.getNumRegisters(), element);
    return LLVM::LLVMStructType::getLiteral(type.getContext(), registers);
  });
  // The narrow float types live in integer registers of their width.
  addConversion([](FloatType type) -> std::optional<Type> {
    if (isa<Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
            Float4E2M1FNType>(type))
      return IntegerType::get(type.getContext(), type.getWidth());
    if (isa<FloatTF32Type>(type)) // the f32 bit pattern
      return IntegerType::get(type.getContext(), 32);
    return std::nullopt;
  });
  addConversion([](nv_tileaa::PtrType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext(),
                                      type.getAddressSpace());
  });
  addConversion([](nv_tileas::TiledViewType type) -> Type {
    MLIRContext *ctx = type.getContext();
    auto i64 = IntegerType::get(ctx, 64);
    SmallVector<Type> fields{
        LLVM::LLVMPointerType::get(ctx, type.getAddressSpace()), i64};
    fields.append(2 * type.getRank(), i64);
    return LLVM::LLVMStructType::getLiteral(ctx, fields);
  });
  // A future of a tile staged in shared memory is its slot's address.
  addConversion([](nv_tileas::FutureType type) -> std::optional<Type> {
    if (!isa<RankedTensorType>(type.getValueType()))
      return std::nullopt;
    return LLVM::LLVMPointerType::get(type.getContext(), 3);
  });
  // A tensor-memory accumulator (Tcgen05TmemPatterns.cpp): its tensor-memory
  // address, the shared address of its completion mbarrier, the number of
  // commits made to it, and whether the next MMA accumulates (0 while the
  // accumulator holds nothing yet).
  addConversion([](nv_tileas::TmemAccType type) -> Type {
    auto i32 = IntegerType::get(type.getContext(), 32);
    return LLVM::LLVMStructType::getLiteral(type.getContext(),
                                            {i32, i32, i32, i32});
  });
  // A tensor map is its generic address (a pool entry in global memory);
  // a pipeline the shared address of its mbarriers.
  addConversion([](nv_tileas::TmaDescType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext());
  });
  addConversion([](nv_tileas::PipelineType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext(), 3);
  });
  // Ordering is already explicit in program order once lowered.
  addConversion([](nv_tileas::MemTokenType type) -> Type {
    return LLVM::LLVMStructType::getLiteral(type.getContext(), {});
  });
  addConversion([](nv_tileas::AsyncTokenType type) -> Type {
    return LLVM::LLVMStructType::getLiteral(type.getContext(), {});
  });
  addConversion([](nv_tileaa::MemTokenType type) -> Type {
    return LLVM::LLVMStructType::getLiteral(type.getContext(), {});
  });
}
