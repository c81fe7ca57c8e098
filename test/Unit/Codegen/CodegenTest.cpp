//===- CodegenTest.cpp - NVPTX emission and ptxas -------------------------===//
#include "Codegen/PTXEmitter.h"
#include "Codegen/Ptxas.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace tilecc;

// y[tid] = x[tid] * 2.0 as a kernel.
static const char *kScaleKernel = R"(
define ptx_kernel void @scale(ptr addrspace(1) %x, ptr addrspace(1) %y) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %px = getelementptr float, ptr addrspace(1) %x, i64 %idx
  %v = load float, ptr addrspace(1) %px, align 4
  %r = fmul float %v, 2.0
  %py = getelementptr float, ptr addrspace(1) %y, i64 %idx
  store float %r, ptr addrspace(1) %py, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
)";

static std::unique_ptr<llvm::Module> parse(llvm::LLVMContext &context,
                                           const char *text) {
  llvm::SMDiagnostic error;
  auto module = llvm::parseAssemblyString(text, error, context);
  EXPECT_TRUE(module) << error.getMessage().str();
  return module;
}

TEST(Codegen, EmitsPTXForEveryTarget) {
  for (const char *arch : {"sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_103", "sm_120"}) {
    llvm::LLVMContext context;
    auto module = parse(context, kScaleKernel);
    ASSERT_TRUE(module);
    std::optional<TargetInfo> target = parseTarget(arch);
    ASSERT_TRUE(target);
    llvm::Expected<std::string> ptx = emitPTX(*module, *target);
    ASSERT_TRUE(bool(ptx)) << llvm::toString(ptx.takeError());
    EXPECT_NE(ptx->find(".target " + target->getCodegenName()), std::string::npos) << *ptx;
    EXPECT_NE(ptx->find(".entry scale"), std::string::npos);
  }
}

TEST(Codegen, PtxasAssemblesAndReportsResources) {
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas)
    GTEST_SKIP() << "ptxas not found";
  llvm::LLVMContext context;
  auto module = parse(context, kScaleKernel);
  std::optional<TargetInfo> target = parseTarget("sm_100");
  llvm::Expected<std::string> ptx = emitPTX(*module, *target);
  ASSERT_TRUE(bool(ptx));
  PtxasResult result = runPtxas(*ptxas, *ptx, *target, 3, false, false);
  ASSERT_TRUE(result.succeeded) << result.log;
  EXPECT_EQ(result.cubin.substr(0, 4), "\x7f" "ELF");
  ASSERT_EQ(result.kernels.count("scale"), 1u) << result.log;
  EXPECT_GT(result.kernels["scale"].registers, 0u);
  EXPECT_EQ(result.kernels["scale"].spillStoreBytes, 0u);
}

TEST(Codegen, PtxasFailureKeepsItsMessage) {
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas)
    GTEST_SKIP() << "ptxas not found";
  std::optional<TargetInfo> target = parseTarget("sm_80");
  PtxasResult result = runPtxas(*ptxas, ".version 7.0\n.target sm_80\nbogus;\n",
                                *target, 3, false, false);
  EXPECT_FALSE(result.succeeded);
  EXPECT_NE(result.log.find("error"), std::string::npos) << result.log;
  EXPECT_EQ(result.flags.front(), "-arch=sm_80");
}

TEST(Codegen, ParsesPtxasReport) {
  const char *report =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'k' for 'sm_80'\n"
      "ptxas info    : Function properties for k\n"
      "    8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads\n"
      "ptxas info    : Used 42 registers, used 1 barriers, 2048 bytes smem, 380 bytes cmem[0]\n";
  auto kernels = parsePtxasReport(report);
  ASSERT_EQ(kernels.count("k"), 1u);
  const KernelResourceUsage &k = kernels["k"];
  EXPECT_EQ(k.registers, 42u);
  EXPECT_EQ(k.barriers, 1u);
  EXPECT_EQ(k.stackFrameBytes, 8u);
  EXPECT_EQ(k.spillStoreBytes, 4u);
  EXPECT_EQ(k.spillLoadBytes, 12u);
  EXPECT_EQ(k.sharedMemoryBytes, 2048u);
  EXPECT_EQ(k.constantMemoryBytes, 380u);
}
