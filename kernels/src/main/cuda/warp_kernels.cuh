// The depth-first warp count: a small count in one ordinary launch, with no grid-wide barrier. Its
// arguments, header, staging and handover serve the block count too (block_kernels.cuh), which binds
// the same tasks by whole blocks and is the one DepthFirstCount launches unless told otherwise.
//
// The fused count (fused_kernels.cuh) binds one level at a time across the whole grid, so each of its
// eight or so steps lasts as long as the slowest warp's chain of dependent reads, and it needs a
// cooperative launch, which costs more than an ordinary one. Here each warp binds its own share of the
// join to the end instead:
//
// * the work is level 1's candidates: the values of participant q1 of level 1, the children of the
//   values of participant q0 of level 0 (one atom's first two trie levels). Each value e of q1 makes S
//   tasks (LfWarpArgs.split); its level-0 value is the parent that q1's offsets give, and task s of e
//   takes only every S-th of level 2's candidates from the s-th on, so that a dense part of the graph
//   (ca-GrQc's 44-vertex near-clique: 861 candidates at level 3 below one edge) is shared by S warps.
//   Warp w takes tasks w, w + W, w + 2W, ... (W warps in all, one task per lane at a time), so the
//   tasks of one dense vertex, which lie side by side, go to different warps;
// * a lane checks its task's two values in the other participants of levels 0 and 1 (lw_members) and
//   the hits become up to 32 rows of the warp's table of level 2;
// * from there the warp goes depth first: at level l it takes the candidates of its table's rows (each
//   row's driver values, lw_driver) 32 at a time, one per lane, checks them, and either counts the hits
//   (the last level) or makes them the rows of level l+1's table and goes down a level before taking
//   the next 32. A table thus never holds more than 32 rows and nothing can overflow.
//
// The warps' tables lie in shared memory (in global memory each read of a row just written went to L2:
// 58.5 against 55.9 us on ca-GrQc's 4-cliques, unsplit); each block then stages as many of the tries as still
// fit after them, as the fused count does (lw_fused_stage). The last block to finish hands the count to
// the host as the fused count does.
#pragma once
#include "fused_kernels.cuh"

// The warp count's header, LfWarpArgs.header: LW_FUSED_COUNT, LW_FUSED_DONE and the trace words. Zero when
// the module loads, and the last block of every count leaves the two counters zero again, so the host
// clears it only after a count that did not end well (GpuDevice.moduleGlobal): one call less a count.
__device__ unsigned long long lw_warp_header[LW_FUSED_HEADER_WORDS + LW_FUSED_TRACE_WORDS];

struct LfWarpArgs {
    unsigned long long* header;   // lw_warp_header
    int q0;                       // the task participants: q1 of level 1 reads the children of q0 of level 0
    int q1;
    int split;                    // S: each of q1's values makes S tasks, task s taking level 2's candidates s, s + S, ...
    int pad;
    unsigned keep[LF_MAX_VARS];   // slots the table written at level l holds (GpuPlan.keepSlotsAfter(l))
    const char* spanSrc[LW_FUSED_SPANS];   // staged trie arrays, as LfFusedArgs, placed after the tables
    int spanBytes[LW_FUSED_SPANS];
    int spanAt[LW_FUSED_SPANS];
    int nSpans;
    int trace;                    // nonzero: block 0 writes its clock at the start, after staging and at the end
    unsigned long long* result;   // as LfFusedArgs: [0] the count, [1] 0 (nothing overflows), [2] the epoch
    long long epoch;
};
// Byte offsets shared with DepthFirstCount.java.
static_assert(__builtin_offsetof(LfWarpArgs, split) == 16, "LfWarpArgs.split");
static_assert(__builtin_offsetof(LfWarpArgs, keep) == 24, "LfWarpArgs.keep");
static_assert(__builtin_offsetof(LfWarpArgs, spanSrc) == 88, "LfWarpArgs.spanSrc");
static_assert(__builtin_offsetof(LfWarpArgs, nSpans) == 88 + 16 * LW_FUSED_SPANS, "LfWarpArgs.nSpans");
static_assert(__builtin_offsetof(LfWarpArgs, result) == 96 + 16 * LW_FUSED_SPANS, "LfWarpArgs.result");
static_assert(sizeof(LfWarpArgs) == 112 + 16 * LW_FUSED_SPANS, "LfWarpArgs layout");

// Extra columns of a warp table, after the bindings and slots: per row, its driver at the table's level,
// the index of its first candidate in the driver, and where its candidates start among all the rows'.
#define LW_WARP_DRIVER 0
#define LW_WARP_FIRST 1
#define LW_WARP_START 2
#define LW_WARP_EXTRA 3

// Columns of the warp table of level l (rows binding levels 0..l-1): those bindings, the slots kept after
// level l-1, and at levels 2.. the extra ones. DepthFirstCount.tableColumns mirrors it.
LF_HD int lw_warp_columns(int l, unsigned keptBefore) {
#ifdef __CUDA_ARCH__
    int slots = __popc(keptBefore);
#else
    int slots = __builtin_popcount(keptBefore);
#endif
    return l + slots + (l >= 2 ? LW_WARP_EXTRA : 0);
}

// With LfWarpArgs.trace: the global timer (ns) when block 0 began, and the kernel's span from then to the
// last block's end (block 0's clocks alone miss the busiest block), in header words the count leaves unused.
#define LW_WARP_BEGAN (LW_FUSED_ITEMS + 0)
#define LW_WARP_SPAN (LW_FUSED_ROWS + 1)

__device__ __forceinline__ unsigned long long lw_global_ns() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// Whether the host asked running joins to stop (GpuDevice.requestAbort), checked every 16th call by a
// warp: warp-uniform (one lane reading the flag before another could split the warp), one L2 read per
// check. A small input may still have a huge count (K_200's 6-cliques run as a warp count for seconds),
// so the warp count must stop on request like every long-running kernel; its partial count is discarded.
__device__ __forceinline__ bool lw_warp_aborted(unsigned& steps) {
    return (++steps & 15u) == 0 && __any_sync(LF_FULL_MASK, *(volatile int*) &lf_abort != 0);
}

// Lane l of a per-level register holds level l's value: a warp's cursor, candidates and rows per level
// without memory (LF_MAX_VARS <= 32).
__device__ __forceinline__ int lw_warp_get(int reg, int level) {
    return __shfl_sync(LF_FULL_MASK, reg, level);
}

// Row `row` of table t as level `level` opens it (the warp and block counts alike): its driver p, the
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

// Prepares level `level` of a warp: the driver of each of its `rows` rows (rows base.. of tb[level]),
// the index of each row's first candidate in it and where each row's candidates start among the rows'
// (lw_open_row), and the level's cursor (0), candidates and rows in lane `level` of cur, total and rowsAt.
__device__ __forceinline__ void lw_warp_open(const LfLevel& L, const LfTable& t, int* const* extra, int base, int rows,
                                             int level, int split, int& cur, int& total, int& rowsAt) {
    int lane = threadIdx.x & 31;
    int p = 0, lo = 0, size = 0;
    if (lane < rows) size = lw_open_row(lf_any(L), t, extra, base + lane, level, split, p, lo);
    int incl = size;
    for (int o = 1; o < 32; o <<= 1) {
        int s = __shfl_up_sync(LF_FULL_MASK, incl, o);
        if (lane >= o) incl += s;
    }
    if (lane < rows) {
        extra[LW_WARP_DRIVER][base + lane] = p;
        extra[LW_WARP_FIRST][base + lane] = lo;
        extra[LW_WARP_START][base + lane] = incl - size;
    }
    int all = __shfl_sync(LF_FULL_MASK, incl, 31);
    if (lane == level) {
        cur = 0;
        total = all;
        rowsAt = rows;
    }
    __syncwarp();
}

// The row (of a warp's table, each lane holding its row's `start`) whose candidates hold candidate g:
// the last whose candidates start at or before g (rows past the table's start at INT_MAX).
__device__ __forceinline__ int lw_warp_owner(int start, int g) {
    int owner = 0;
    for (int step = 16; step >= 1; step >>= 1) {
        if (__shfl_sync(LF_FULL_MASK, start, owner + step) <= g) owner += step;
    }
    return owner;
}

// Binds levels 2.. of the warp's `rows` rows of level 2 depth first; returns this lane's share of the count.
__device__ long long lw_warp_descend(const LfPlan& sp, const LfTable* tb, int* (*extra)[LW_WARP_EXTRA],
                                     const LfWarpArgs& a, int base, int rows) {
    const int n = sp.nvars, lane = threadIdx.x & 31;
    const unsigned below = (1u << lane) - 1;
    long long mine = 0;
    int cur = 0, total = 0, rowsAt = 0;   // lane l: level l's
    int start = 0, p = 0, first = 0;      // lane r: row r's, of level `loaded`
    int loaded = -1;
    int level = 2;
    unsigned steps = 0;
    lw_warp_open(sp.level[2], tb[2], extra[2], base, rows, 2, a.split, cur, total, rowsAt);
    while (level >= 2) {   // warp-uniform
        if (lw_warp_aborted(steps)) break;
        int c = lw_warp_get(cur, level), all = lw_warp_get(total, level);
        if (c >= all) {
            level--;
            continue;
        }
        if (lane == level) cur = c + 32;
        const LfLevel& L = sp.level[level];
        if (level != loaded) {   // this level's rows, again after a deeper level's
            int* const* x = extra[level];
            int here = lw_warp_get(rowsAt, level);
            start = lane < here ? x[LW_WARP_START][base + lane] : 0x7fffffff;
            p = lane < here ? x[LW_WARP_DRIVER][base + lane] : 0;
            first = lane < here ? x[LW_WARP_FIRST][base + lane] : 0;
            loaded = level;
        }
        int g = c + lane;
        int owner = lw_warp_owner(start, g);
        int oP = __shfl_sync(LF_FULL_MASK, p, owner);
        int stride = level == 2 ? a.split : 1;
        int at = __shfl_sync(LF_FULL_MASK, first, owner) + stride * (g - __shfl_sync(LF_FULL_MASK, start, owner));
        int v = g < all ? L.part[oP].vals[at] : 0;
        unsigned hit = g < all ? lw_members<1>(L, tb[level], base + owner, oP, &v, 1u) : 0u;
        if (level == n - 1) {
            mine += hit;
            continue;
        }
        unsigned hits = __ballot_sync(LF_FULL_MASK, hit != 0);
        if (hit) lw_write_row(L, tb[level], base + owner, tb[level + 1], base + __popc(hits & below), level, v, oP, at,
                              a.keep[level]);
        __syncwarp();
        if (hits != 0) {
            level++;
            lw_warp_open(sp.level[level], tb[level], extra[level], base, __popc(hits), level, a.split, cur, total, rowsAt);
        }
    }
    return mine;
}

// What the warp and block counts do before their work: block 0's first trace words, the staged plan and
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

// What the warp and block counts do after their work: the block's count into the header, and the last
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

// Task value e of q1 (one of the warp and block counts' tasks) as row `row` of table 1: e and its parent
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

#ifndef LF_SHAPED_MODULE   // a module generated for one plan's shape holds its own kernel only (shape.cuh)
extern "C" __global__ void __launch_bounds__(1024) lw_warp_count(const __grid_constant__ LfPlan plan,
                                                                 const __grid_constant__ LfWarpArgs a) {
    extern __shared__ __align__(16) char lw_warp_smem[];
    __shared__ __align__(16) LfPlan sp;
    __shared__ LfTable tb[LF_MAX_VARS];                      // tb[l]: the warps' rows binding levels 0..l-1
    __shared__ int* extra[LF_MAX_VARS][LW_WARP_EXTRA];
    int traced = 0;
    lw_warp_setup(plan, a, sp, tb, extra, lw_warp_smem, traced);
    const int n = sp.nvars;
    const int lane = threadIdx.x & 31, base = threadIdx.x & ~31;
    const unsigned below = (1u << lane) - 1;
    const long long warps = (long long) gridDim.x * (blockDim.x >> 5);
    const long long wid = (long long) (threadIdx.x >> 5) * gridDim.x + blockIdx.x;   // consecutive ids: other blocks
    const LfLevel& L1 = sp.level[1];
    const long long tasks = (long long) L1.part[a.q1].len * a.split;
    long long mine = 0;
    unsigned rounds = 15;   // the first round checks for an abort request
    for (long long first = wid; first < tasks; first += 32 * warps) {   // warp-uniform
        if (lw_warp_aborted(rounds)) break;
        long long t = first + lane * warps;
        long long e = t / a.split;   // task t: value e of q1, split t % S
        int row = base + lane;
        int vb = 0;
        bool live = t < tasks && lw_task_row(sp, a, tb[1], row, e, vb);
        if (n == 2) {
            mine += live && t % a.split == 0;
            continue;
        }
        unsigned hits = __ballot_sync(LF_FULL_MASK, live);
        if (live) {
            int r = base + __popc(hits & below);
            lw_write_row(L1, tb[1], row, tb[2], r, 1, vb, a.q1, (int) e, a.keep[1]);
            extra[2][LW_WARP_FIRST][r] = (int) (t % a.split);   // the row's split, for lw_warp_open
        }
        __syncwarp();
        if (hits != 0) mine += lw_warp_descend(sp, tb, extra, a, base, __popc(hits));
    }
    lw_warp_finish(mine, a, traced, a.epoch);
}
#endif
