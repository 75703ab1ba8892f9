// The depth-first count (DepthFirstCount.java): a small count in one ordinary launch, with no grid-wide
// barrier. The fused count (fused_kernels.cuh) binds one level at a time across the whole grid, so each
// of its steps lasts as long as the slowest warp's chain of dependent reads, and it needs a cooperative
// launch, which costs more than an ordinary one. Here each block binds its own share of the join to the
// end instead. A block takes blockDim.x tasks at a time (warp_kernels.cuh: the values of level 1, each
// split S ways; task t of the grid's round to thread t / gridDim.x of block t % gridDim.x, so a dense
// vertex's tasks, side by side, go to different blocks) and binds them depth first, each step taking
// blockDim.x candidates of the level's rows at once:
//
// * a thread finds its candidate's row by binary search in the rows' candidate starts (shared memory),
//   checks it (lw_members) and either counts it (the last level) or, after a block-wide scan of the hits,
//   writes it as a row of the next level's table, which thus never holds more than blockDim.x rows, so
//   nothing can overflow;
// * lane l of every warp keeps level l's cursor, candidates and rows; every warp computes the same
//   values, so the block needs no shared copy of them.
//
// A step of 1,024 candidates costs about 10,000 cycles, bound by the instructions of the table-driven
// checks and by the barriers (a kernel compiled for the query's shape, shape.cuh, cuts the former).
//
// Staging, the table layout, the arguments (LfWarpArgs) and the hand-over of the count are in
// warp_kernels.cuh (lw_warp_setup, lw_warp_finish). With the trace, block 0 also counts its rounds of
// tasks and its steps at each level in the header's item words (LW_FUSED_ITEMS + 1, + level).
#pragma once
#include "warp_kernels.cuh"

// Exclusive scan of v across the block (blockDim.x a multiple of 32); `total` gets the block's sum. Every
// thread calls it. The warps' sums alternate between the two rows of `sums` (parity flips at each call),
// so one barrier a call suffices: a thread writes a row again only after the next call's barrier, which
// every thread reaches only after reading that row.
__device__ __forceinline__ int lw_block_scan(int v, int& total, int (*sums)[32], int& parity) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
    int x = v;
    for (int o = 1; o < 32; o <<= 1) {
        int y = __shfl_up_sync(LF_FULL_MASK, x, o);
        if (lane >= o) x += y;
    }
    int* S = sums[parity];
    parity ^= 1;
    if (lane == 31) S[warp] = x;
    __syncthreads();
    int t = lane < warps ? S[lane] : 0;
    for (int o = 1; o < 32; o <<= 1) {
        int y = __shfl_up_sync(LF_FULL_MASK, t, o);
        if (lane >= o) t += y;
    }
    int before = warp > 0 ? __shfl_sync(LF_FULL_MASK, t, warp - 1) : 0;
    total = __shfl_sync(LF_FULL_MASK, t, 31);
    return before + x - v;
}

// Whether the host asked running joins to stop, checked every 16th call; block-uniform (the check is a
// barrier), so the whole block leaves together.
__device__ __forceinline__ bool lw_block_aborted(unsigned& steps) {
    return (++steps & 15u) == 0 && __syncthreads_or(*(volatile int*) &lf_abort != 0);
}

// Prepares level `level` of the block for its `rows` rows of tb[level] (row r thread r's): each row's driver,
// the index of its first candidate in it (lw_open_row) and where its candidates start among the rows' (a
// block-wide scan), and the level's cursor (0), candidates and rows in lane `level` of cur, total and
// rowsAt. Ends with a barrier, after which every thread may read every row's extra columns. V: an LfView
// of the level.
template <class V>
__device__ __forceinline__ void lw_block_open(const V& L, const LfTable& t, int* const* extra, int rows, int level,
                                              int split, int& cur, int& total, int& rowsAt, int (*sums)[32],
                                              int& parity) {
    const int r = threadIdx.x, lane = threadIdx.x & 31;
    int p = 0, lo = 0, size = 0;
    if (r < rows) size = lw_open_row(L, t, extra, r, level, split, p, lo);
    int all;
    int start = lw_block_scan(size, all, sums, parity);
    if (r < rows) {
        extra[LW_WARP_DRIVER][r] = p;
        extra[LW_WARP_FIRST][r] = lo;
        extra[LW_WARP_START][r] = start;
    }
    if (lane == level) {
        cur = 0;
        total = all;
        rowsAt = rows;
    }
    __syncthreads();
}

// The row among `rows` whose candidates hold candidate g: the last whose candidates start at or before g.
__device__ __forceinline__ int lw_block_owner(const int* start, int rows, int g) {
    int lo = 0, hi = rows - 1;   // start[0] is 0
    while (lo < hi) {
        int mid = (lo + hi + 1) >> 1;
        if (start[mid] <= g) lo = mid; else hi = mid - 1;
    }
    return lo;
}

// Where a block's descent stands: lane l of cur, total and rowsAt holds level l's cursor, candidates
// and rows (every warp alike), and the thread's share of the count.
struct LwBlockState {
    int level;
    int cur, total, rowsAt;
    long long mine;
    int parity;               // lw_block_scan's
    int (*sums)[32];
};

// One step of the block at level LV (S known) or at level st.level (LV < 0): blockDim.x candidates of the
// level's rows from candidate c on (of all), checked; at the last level counted, else written as the rows
// of the next level's table, which the block then opens and descends into.
template <class S, int LV>
__device__ __forceinline__ void lw_block_step(const LfPlan& sp, const LfTable* tb, int* (*extra)[LW_WARP_EXTRA],
                                              const LfWarpArgs& a, int c, int all, LwBlockState& st) {
    const int level = LV >= 0 ? LV : st.level;
    const auto L = lf_view<S, LV>(sp, level);
    int* const* x = extra[level];
    int g = c + threadIdx.x, here = lw_warp_get(st.rowsAt, level);   // a shuffle: every lane, not only g's below all
    int owner = 0, oP = 0, at = 0, v = 0;
    unsigned hit = 0;
    if (g < all) {
        owner = lw_block_owner(x[LW_WARP_START], here, g);
        oP = x[LW_WARP_DRIVER][owner];
        int stride = level == 2 ? a.split : 1;
        at = x[LW_WARP_FIRST][owner] + stride * (g - x[LW_WARP_START][owner]);
        v = L.part(oP).vals[at];
        hit = lw_members_of<1>(L, tb[level], owner, oP, &v, 1u);
    }
    if constexpr (S::known && LV == S::nvars() - 1) {
        st.mine += hit;
    } else {
        if (!S::known && level == sp.nvars - 1) {
            st.mine += hit;
            return;
        }
        // The scan's barrier also ends every read of table level+1 by the steps before this one.
        int found;
        int j = lw_block_scan(hit != 0, found, st.sums, st.parity);
        if (hit) lw_write_row_of(L, tb[level], owner, tb[level + 1], j, level, v, oP, at, S::known ? S::keep(LV) : a.keep[level]);
        if (found != 0) {
            __syncthreads();   // the new rows, before lw_block_open reads them
            st.level = level + 1;
            lw_block_open(lf_view<S, LV < 0 ? -1 : LV + 1>(sp, level + 1), tb[level + 1], extra[level + 1], found,
                          level + 1, a.split, st.cur, st.total, st.rowsAt, st.sums, st.parity);
        }
    }
}

// lw_block_step for a known shape: the step of the block's level, each level's code specialised (from
// LV up to the last level).
template <class S, int LV>
__device__ __forceinline__ void lw_block_step_at(const LfPlan& sp, const LfTable* tb, int* (*extra)[LW_WARP_EXTRA],
                                                 const LfWarpArgs& a, int c, int all, LwBlockState& st) {
    if constexpr (LV < S::nvars()) {
        if (st.level == LV) {
            lw_block_step<S, LV>(sp, tb, extra, a, c, all, st);
        } else {
            lw_block_step_at<S, LV + 1>(sp, tb, extra, a, c, all, st);
        }
    }
}

// Binds levels 2.. of the block's `rows` rows of level 2 depth first; returns this thread's share of the
// count.
template <class S>
__device__ __forceinline__ long long lw_block_descend(const LfPlan& sp, const LfTable* tb, int* (*extra)[LW_WARP_EXTRA],
                                      const LfWarpArgs& a, int rows, int (*sums)[32], int& parity) {
    LwBlockState st{2, 0, 0, 0, 0, parity, sums};
    unsigned steps = 0;
    const bool tracer = a.trace != 0 && blockIdx.x == 0 && threadIdx.x == 0;   // block 0's steps a level
    lw_block_open(lf_view<S, S::known ? 2 : -1>(sp, 2), tb[2], extra[2], rows, 2, a.split, st.cur, st.total,
                  st.rowsAt, sums, st.parity);
    while (st.level >= 2) {   // block-uniform
        if (lw_block_aborted(steps)) break;
        int c = lw_warp_get(st.cur, st.level), all = lw_warp_get(st.total, st.level);
        if (c >= all) {
            st.level--;
            continue;
        }
        if ((threadIdx.x & 31) == st.level) st.cur = c + blockDim.x;
        if (tracer) a.header[LW_FUSED_ITEMS + st.level]++;
        if constexpr (S::known) {
            lw_block_step_at<S, 2>(sp, tb, extra, a, c, all, st);
        } else {
            lw_block_step<S, -1>(sp, tb, extra, a, c, all, st);
        }
    }
    parity = st.parity;
    return st.mine;
}

// Every task of the grid's rounds that falls to this block, bound depth first; returns this thread's share
// of the count. Block-uniform: every thread calls it, with the block's staged plan and tables.
template <class S>
__device__ __forceinline__ long long lw_block_tasks(const LfPlan& sp, const LfTable* tb, int* (*extra)[LW_WARP_EXTRA],
                                                    const LfWarpArgs& a, int (*sums)[32], int& parity) {
    const int n = S::known ? S::nvars() : sp.nvars, row = threadIdx.x;
    const int q1 = S::known ? S::q1() : a.q1;
    const auto L1 = lf_view<S, S::known ? 1 : -1>(sp, 1);
    const long long tasks = (long long) L1.part(q1).len * a.split;
    const long long round = (long long) gridDim.x * blockDim.x;
    long long mine = 0;
    unsigned rounds = 15;   // the first round checks for an abort request
    for (long long first = blockIdx.x; first < tasks; first += round) {   // block-uniform
        if (lw_block_aborted(rounds)) break;
        if (a.trace != 0 && blockIdx.x == 0 && threadIdx.x == 0) a.header[LW_FUSED_ITEMS + 1]++;   // block 0's rounds
        long long t = first + (long long) threadIdx.x * gridDim.x;
        long long e = t / a.split;   // task t: value e of q1, split t % S
        int vb = 0;
        bool live = t < tasks && lw_task_row<S>(sp, a, tb[1], row, e, vb);
        if (n == 2) {
            mine += live && t % a.split == 0;
            continue;
        }
        // The scan's barrier also ends every read of table 2 by the round before.
        int rows;
        int r = lw_block_scan(live, rows, sums, parity);
        if (live) {
            lw_write_row_of(L1, tb[1], row, tb[2], r, 1, vb, q1, (int) e, S::known ? S::keep(1) : a.keep[1]);
            extra[2][LW_WARP_FIRST][r] = (int) (t % a.split);   // the row's split, for lw_block_open
        }
        if (rows != 0) {
            __syncthreads();
            mine += lw_block_descend<S>(sp, tb, extra, a, rows, sums, parity);
        }
    }
    return mine;
}

// The block's shared memory: the staged plan, the tables' layout, the scan's sums (lw_warp_setup fills the
// first three), with the tables and staged tries in the dynamic shared memory after them.
struct LwBlockShared {
    LfPlan sp;
    LfTable tb[LF_MAX_VARS];                   // tb[l]: the block's rows binding levels 0..l-1
    int* extra[LF_MAX_VARS][LW_WARP_EXTRA];
    int sums[2][32];
};

// The block count's kernel, for a plan passed as an LfPlan or as the head of one (LfPlanOf).
template <class S, typename Plan>
__device__ __forceinline__ void lw_block_count_of(const Plan& plan, const LfWarpArgs& a) {
    extern __shared__ __align__(16) char lw_block_smem[];
    __shared__ __align__(16) LwBlockShared b;
    int parity = 0;
    int traced = 0;
    lw_warp_setup(plan, a, b.sp, b.tb, b.extra, lw_block_smem, traced);
    long long mine = lw_block_tasks<S>(b.sp, b.tb, b.extra, a, b.sums, parity);
    lw_warp_finish(mine, a, traced, a.epoch);
}

#ifndef LF_SHAPED_MODULE   // a module generated for one plan's shape holds its own kernel only (shape.cuh)
// The block count, with the plan as a whole LfPlan, or (DepthFirstCount picks by the plan's levels)
// as the head of one with room for 4 or 8 levels: fewer parameter bytes to copy at each launch.
extern "C" __global__ void __launch_bounds__(LW_COUNT_MAX_THREADS) lw_block_count(const __grid_constant__ LfPlan plan,
                                                                  const __grid_constant__ LfWarpArgs a) {
    lw_block_count_of<LfAnyShape>(plan, a);
}

extern "C" __global__ void __launch_bounds__(LW_COUNT_MAX_THREADS) lw_block_count_v4(const __grid_constant__ LfPlanOf<4> plan,
                                                                     const __grid_constant__ LfWarpArgs a) {
    lw_block_count_of<LfAnyShape>(plan, a);
}

extern "C" __global__ void __launch_bounds__(LW_COUNT_MAX_THREADS) lw_block_count_v8(const __grid_constant__ LfPlanOf<8> plan,
                                                                     const __grid_constant__ LfWarpArgs a) {
    lw_block_count_of<LfAnyShape>(plan, a);
}
#endif
