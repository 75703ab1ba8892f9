// What the depth-first count (block_kernels.cuh) and its resident form (resident.cuh) are made of besides
// their blocks' descent: the kernel's header in device memory, the tables' layout, the set-up (block 0's
// trace, the staged plan and tries), a task's first row, and the hand-over of the count. Its arguments
// (LfWarpArgs, written by DepthFirstCount.java), the tables' extra columns (LW_WARP_DRIVER ...) and the
// trace's header words (LW_WARP_BEGAN, LW_WARP_SPAN) are declared in layout.def.
//
// The count's work is level 1's candidates: the values of participant q1 of level 1, the children of the
// values of participant q0 of level 0 (one atom's first two trie levels). Each value e of q1 makes S
// tasks (LfWarpArgs.split); its level-0 value is the parent that q1's offsets give, and task s of e
// takes only every S-th of level 2's candidates from the s-th on, so that a dense part of the graph
// (ca-GrQc's 44-vertex near-clique: 861 candidates at level 3 below one edge) is shared by S tasks.
// The tables lie in shared memory (in global memory each read of a row just written goes to L2); each
// block then stages as many of the tries as still fit after them, as the fused count does
// (lw_fused_stage). The last block to finish hands the count to the host as the fused count does.
#pragma once
#include "fused_kernels.cuh"

// The depth-first count's header, LfWarpArgs.header: LW_FUSED_COUNT, LW_FUSED_DONE and the trace words. Zero when
// the module loads, and the last block of every count leaves the two counters zero again, so the host
// clears it only after a count that did not end well (GpuDevice.moduleGlobal): one call less a count.
__device__ unsigned long long lw_warp_header[LW_FUSED_HEADER_WORDS + LW_FUSED_TRACE_WORDS];

// Columns of the table of level l (rows binding levels 0..l-1): those bindings, the slots kept after
// level l-1, and at levels 2.. the extra ones. DepthFirstCount.tableColumns mirrors it.
LF_HD int lw_warp_columns(int l, unsigned keptBefore) {
#ifdef __CUDA_ARCH__
    int slots = __popc(keptBefore);
#else
    int slots = __builtin_popcount(keptBefore);
#endif
    return l + slots + (l >= 2 ? LW_WARP_EXTRA : 0);
}

__device__ __forceinline__ unsigned long long lw_global_ns() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// Lane l of a per-level register holds level l's value: the cursor, candidates and rows per level without
// memory (LF_MAX_VARS <= 32); every warp of a block holds the same.
__device__ __forceinline__ int lw_warp_get(int reg, int level) {
    return __shfl_sync(LF_FULL_MASK, reg, level);
}

// Row `row` of table t as level `level` opens it: its driver p, the
// index lo of its first candidate in the driver, and how many candidates it has. At level 2 a row takes
// only every split-th of its driver's values from its split s on (its LW_WARP_FIRST column, put there by
// the task that made the row). V: an LfView of the level (shape.cuh).
template <class V>
__device__ __forceinline__ int lw_open_row(const V& L, const LfTable& t, int* const* extra, int row, int level, int split,
                                           int& p, int& lo) {
    long long lb, ub;
    int hi;
    int s = level == 2 ? extra[LW_WARP_FIRST][row] : 0;
    lw_driver_of(L, t, row, lb, ub, p, lo, hi);
    int size = hi - lo;
    if (level == 2) {
        size = size > s ? (size - s + split - 1) / split : 0;
        lo += s;
    }
    return size;
}

// What the depth-first count does before its work: block 0's first trace words, the staged plan and
// tries (lw_fused_stage), and the layout of the tables tb[1..n-1] in shared memory before the spans.
template <typename Plan>
__device__ __forceinline__ void lw_warp_setup(const Plan& plan, const LfWarpArgs& a, LfPlan& sp, LfTable* tb,
                                              int* (*extra)[LW_WARP_EXTRA], char* smem, int& traced) {
    const bool tracer = a.trace != 0 && blockIdx.x == 0 && threadIdx.x == 0;
    if (tracer) {
        a.header[LW_FUSED_TRACE + traced++] = clock64();
        a.header[LW_WARP_BEGAN] = lw_global_ns();
    }
    lw_fused_stage(plan, a, sp, smem);
    const int n = sp.nvars;
    if ((int) threadIdx.x < n && threadIdx.x >= 1) {   // thread l lays out table l, in shared memory before the spans
        int l = threadIdx.x;
        int at = 0;
        for (int m = 1; m < l; m++) at += lw_warp_columns(m, a.keep[m - 1]);
        int* col = (int*) smem + at * blockDim.x;
        int c = 0;
        for (int v = 0; v < LF_MAX_VARS; v++) tb[l].bind[v] = v < l ? col + (c++) * blockDim.x : nullptr;
        for (int s = 0; s < LF_MAX_SLOTS; s++) tb[l].slot[s] = (a.keep[l - 1] >> s) & 1u ? col + (c++) * blockDim.x : nullptr;
        for (int k = 0; k < LW_WARP_EXTRA; k++) extra[l][k] = l >= 2 ? col + (c++) * blockDim.x : nullptr;
    }
    __syncthreads();
    if (tracer) a.header[LW_FUSED_TRACE + traced++] = clock64();
}

// What the depth-first count does after its work: the block's count into the header, and the last
// block to finish hands the count to the host, as lw_fused_count does.
// `epoch`: the word the host waits for (a.epoch, or a resident count's job word).
__device__ __forceinline__ void lw_warp_finish(long long mine, const LfWarpArgs& a, int traced, long long epoch) {
    lf_block_add(mine, &a.header[LW_FUSED_COUNT]);
    if (a.trace != 0 && blockIdx.x == 0 && threadIdx.x == 0) a.header[LW_FUSED_TRACE + traced] = clock64();
    if (lw_last_block(a.header)) {
        if (a.trace != 0) a.header[LW_WARP_SPAN] = lw_global_ns() - __ldcg(&a.header[LW_WARP_BEGAN]);
        unsigned long long count = __ldcg(&a.header[LW_FUSED_COUNT]);
        a.header[LW_FUSED_COUNT] = 0;   // every other block is done with the header: clean for the next count
        a.header[LW_FUSED_DONE] = 0;
        lw_hand_over(a.result, count, 0, epoch);
    }
}

// Task value e of q1 (one of the depth-first count's tasks) as row `row` of table 1: e and its parent
// in q0 (one atom's first two trie levels) checked in the other participants of levels 0 and 1 and
// written to the row; whether both were found. vb gets e's value. S: the plan's shape (shape.cuh).
template <class S = LfAnyShape>
__device__ __forceinline__ bool lw_task_row(const LfPlan& sp, const LfWarpArgs& a, const LfTable& t1, int row,
                                            long long e, int& vb) {
    const auto L0 = lf_view<S, 0>(sp, 0);
    const auto L1 = lf_view<S, 1>(sp, 1);
    const int q0 = S::known ? S::q0() : a.q0, q1 = S::known ? S::q1() : a.q1;
    const LfPart& P0 = L0.part(q0);
    const LfPart& P1 = L1.part(q1);
    int j = lf_lower_bound(P1.parentOff, 0, P0.len + 1, e + 1) - 1;   // e's parent in q0
    int va = P0.vals[j];
    vb = P1.vals[e];
    long long lb, ub;
    if (!lw_bounds_of(L0, t1, row, lb, ub) || va < lb || va > ub   // level 0's bounds read no column
        || lw_members_of<1>(L0, t1, row, q0, &va, 1u) == 0) {
        return false;
    }
    lw_write_row_of(L0, t1, row, t1, row, 0, va, q0, j, S::known ? S::keep(0) : a.keep[0]);
    return lw_bounds_of(L1, t1, row, lb, ub) && vb >= lb && vb <= ub && lw_members_of<1>(L1, t1, row, q1, &vb, 1u) != 0;
}
