//===- Passes.td - schedule-stage passes ------------------*- tablegen -*-===//
#ifndef TILECC_SCHEDULE_PASSES_TD
#define TILECC_SCHEDULE_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileASAssignLayouts : Pass<"tileas-assign-layouts", "ModuleOp"> {
  let summary = "give every tile tensor a distributed-layout encoding";
  let description = [{
    Global loads and stores anchor blocked layouts that are contiguous along
    the fastest dimension, as wide as the access's copy atom allows (up to
    128 bits). Elementwise ops, splats, constants and scf iteration values
    share the layout of what they are connected to; a load whose own layout
    differs from its consumers' gets an `nv_tileas.convert_layout`, and so
    does a store whose value layout would give narrower accesses.
  }];
  let options = [
    Option<"numWarps", "num-warps", "int", "4",
           "warps per CTA when the kernel spec does not say">,
  ];
  let dependentDialects = ["::mlir::nv_tileas::TileASDialect"];
}

def TileASPipelineDotOperands : Pass<"tileas-pipeline-dot-operands", "ModuleOp"> {
  let summary = "stage dot operands loaded in scf.for loops through cp.async rings";
  let description = [{
    A tiled_load whose only use is a convert_layout feeding nv_tileas.dot A or
    B inside an scf.for becomes `nv_tileas.async_load ... into %ring[%slot]`
    (cp.async straight into the swizzled shared layout the dot operand is read
    from) with `num-stages`-deep software pipelining: the first stages - 1
    tiles are issued before the loop, each iteration waits for its tile
    (`async_wait`), issues the tile stages - 1 ahead and reads its own with
    `async.future_wait`. Rings are shared-memory `nv_tileas.global`s; the
    depth drops while the kernel would need more than 48 KiB of static shared
    memory, and loads that do not fit two stages stay as they are. Needs
    sm_80 (`nv_tileas.compute_capability`), zero padding and an ldg_32/64/128
    atom (the copy width). A tiled_load feeding a wgmma dot's B directly is
    staged into wgmma's N-major canonical layout (1024-byte aligned ring,
    `nv_tileas.wgmma_operand` on its async_load / future_wait,
    `nv_tileas.async_proxy_fence` on the in-loop async_wait). On sm_90a,
    when every staged operand of a loop is a wgmma operand of a 2-d view
    with 128-bit aligned rows made before the loop, the ring is filled by
    TMA instead (`use-tma`): device-built tensor maps
    (`make_tiled_tma_desc`), `tma_load` into the slots and an mbarrier
    pipeline (`async.pipeline.*`) with full and empty barriers per slot.
    Where that loop's wgmma dot leaves its MMAs in flight, sits in the
    kernel's body and only code every warp may run comes before it, the
    kernel is warp-specialized (`warp-specialize`): an
    `async.pipeline.producer warps(4)` region, a warpgroup of its own, issues
    the fills, and an `async.pipeline.consumer` region on the kernel's warps
    runs the loop; `max_registers` on them move registers from the producer
    to the consumers where the even split is short of the consumers' need.
  }];
  let options = [
    Option<"numStages", "num-stages", "unsigned", "3",
           "ring depth (tiles in flight plus the one being read)">,
    Option<"useTma", "use-tma", "bool", "true",
           "fill wgmma operand rings with TMA where the views allow it">,
    Option<"warpSpecialize", "warp-specialize", "bool", "true",
           "give a TMA ring whose wgmma MMAs stay in flight a producer "
           "warpgroup of its own">,
  ];
  let dependentDialects = ["::mlir::nv_tileas::TileASDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileASTmaStoreEpilogue : Pass<"tileas-tma-store-epilogue", "ModuleOp"> {
  let summary = "store the accumulator of a TMA-pipelined GEMM through shared "
                "memory and bulk tensor stores";
  let description = [{
    After tileas-pipeline-dot-operands: a tiled_store that writes the
    accumulator of a loop fed by a TMA ring (a consumer role's result, or
    the dot_wait retiring the loop's last MMAs) unchanged into a 2-d global
    view with 16-byte aligned rows (the `stg_128` atom), offset 0 and a
    contiguous last dimension becomes `nv_tileas.tma_store` through a tensor
    map of the view, built on the device before the loop's pipeline (boxes
    of every row of the tile by one 32/64/128-byte swizzle span), released
    after the store. Elsewhere (conversions between the accumulator and the
    store, masks, other views, too little shared memory for two staged
    boxes next to the kernel's needs on `arch`) the store stays.
  }];
  let options = [
    Option<"arch", "arch", "std::string", "\"sm_90a\"",
           "target whose TMA feature and shared memory decide">,
  ];
  let dependentDialects = ["::mlir::nv_tileas::TileASDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileASWarpgroupPingPong
    : Pass<"tileas-warpgroup-pingpong", "ModuleOp"> {
  let summary = "let the warpgroups of a chained-dot loop take turns on the "
                "tensor core (FlashAttention-3's ping-pong)";
  let description = [{
    In an scf.for with exactly two wgmma dots, the first one's result
    feeding the second one's A operand within the iteration (attention:
    S = Q K^T, the softmax, P V), whose accumulators are split by rows over
    two or more warpgroups, the first dot becomes a turn
    (`nv_tileas.warpgroup_turn = array<i32: first barrier, warpgroups>`):
    warpgroup g waits on named barrier `first + g` before issuing its MMAs
    and arrives on the next warpgroup's after committing them, so one
    warpgroup's softmax runs while another's MMAs do.
    `nv_tileas.warpgroup_turns_begin` / `_end` around the loop hand out the
    first turn and take back the last. Other loops are left alone.
  }];
  let dependentDialects = ["::mlir::nv_tileas::TileASDialect"];
}

def TileASPlanMemory : Pass<"tileas-plan-memory", "ModuleOp"> {
  let summary = "place shared-memory buffers, tensor-memory columns and "
                "barriers";
  let description = [{
    Walks `SharedMemoryUserOpInterface`. Ops whose scratch lives only while
    they run share one buffer (`tilecc_scratch`, as large as the largest
    need, 1024-byte aligned for wgmma operands), each preceded by a CTA
    barrier; when at least two layout changes go through shared memory and
    all of them fit the static limit next to the rest, each gets a buffer of
    its own and drops its leading barrier where another of them in the same
    block always runs in between. Whole-kernel needs (shared-memory globals
    such as rings, cluster-launch-control responses) get their own bytes.
    Past the target's static shared-memory limit the plan moves to dynamic
    shared memory; past its per-block budget it is a located error that
    names every buffer. Also records the tensor-memory columns of tcgen05
    ops and which `async_wait`s need no barrier (drains at the top of a
    kernel whose tiles nobody reads).

    Everything is recorded as attributes (TileAS/IR/TileASMemoryPlan.h):
    `nv_tileas.memory_plan` on the module, `nv_tileas.shared` on each user,
    `nv_tileas.tmem_columns`, `nv_tileas.barrier`. The LLVM conversion only
    materializes them.
  }];
  let options = [
    Option<"arch", "arch", "std::string", "\"sm_100\"",
           "target architecture (sm_XY[a|f])">,
  ];
}

def TileASCheckTargetFeatures
    : Pass<"tileas-check-target-features", "ModuleOp"> {
  let summary = "check the scheduled IR's instructions against the target";
  let description = [{
    The MMA atom families (`mma_`, `mma_bs_`, `wgmma_`, `umma_`, `umma_bs_`),
    copy atoms (`cp_async_*`, TMA), TMA ops, cluster scopes and clusters,
    async-proxy fences and narrow-format dots of nv_tileaa/nv_tileas ops are
    the instructions the LLVM conversion will emit: each one the target's
    feature table (backend/Target/TargetInfo) lacks is a located
    `'<op>' requires <feature>, which sm_XY does not have` error.
  }];
  let options = [
    Option<"arch", "arch", "std::string", "\"sm_100\"",
           "target architecture (sm_XY[a|f])">,
  ];
}

#endif // TILECC_SCHEDULE_PASSES_TD
