// The fused level-wise count (fused.cuh): a whole count in one cooperative launch.
//
// Level l's work is a queue of items, each up to LW_FUSED_BATCH candidates of one row of table l (its
// driver's values, lw_driver). Every thread takes items in turn and checks its candidates in the other
// participants (lw_members, core bitmaps included). At the last level the hits are counted. Before it,
// each hit becomes a row of table l+1 (lw_write_row), whose driver for level l+1 is found at once and
// whose candidates become items of level l+1; a warp places its rows and items with one atomic each.
// A grid-wide barrier separates the levels. Level 0 has one row (the empty binding), whose items every
// thread derives itself. When a table or queue outgrows its capacity, every block sees the same final
// counters after the barrier and stops; the host then finds them past the capacities and runs the
// level-wise join instead.
#pragma once
#include <cooperative_groups.h>
#include "fused.cuh"
#include "reduce.cuh"

// The first of n consecutive slots of *counter for each lane (every lane of the warp calls it): one
// atomic per warp.
__device__ __forceinline__ long long lw_fused_reserve(unsigned long long* counter, long long n) {
    int lane = threadIdx.x & 31;
    long long incl = n;
    for (int o = 1; o < 32; o <<= 1) {
        long long t = __shfl_up_sync(LF_FULL_MASK, incl, o);
        if (lane >= o) incl += t;
    }
    long long total = __shfl_sync(LF_FULL_MASK, incl, 31);
    unsigned long long base = 0;
    if (lane == 31 && total > 0) base = atomicAdd(counter, (unsigned long long) total);
    base = __shfl_sync(LF_FULL_MASK, base, 31);
    return (long long) base + incl - n;
}

extern "C" __global__ void __launch_bounds__(256) lw_fused_count(const __grid_constant__ LfPlan plan,
                                                                 const __grid_constant__ LfFusedArgs a) {
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    int lane = threadIdx.x & 31;
    long long threads = (long long) gridDim.x * blockDim.x;
    long long warpBase = (long long) blockIdx.x * blockDim.x + threadIdx.x - lane;
    unsigned long long* H = a.header;
    const int n = plan.nvars;
    long long mine = 0;
    for (int level = 0; level < n; level++) {
        const LfLevel& L = plan.level[level];
        const LfTable& in = a.table[level & 1];
        const LfTable& out = a.table[(level + 1) & 1];
        const bool last = level == n - 1;
        long long items;
        int rootP = 0, rootLo = 0, rootHi = 0;
        if (level == 0) {
            long long lb, ub;
            lw_driver(L, in, 0, lb, ub, rootP, rootLo, rootHi);   // level 0 reads no column of the root row
            items = lw_fused_items(rootLo, rootHi);
        } else {
            items = (long long) __ldcg(&H[LW_FUSED_ITEMS + level]);
        }
        for (long long base = warpBase; base < items; base += threads) {   // warp-uniform
            long long i = base + lane;
            int r = 0, p = 0, first = 0, hi = 0;
            int v[LW_FUSED_BATCH];
            unsigned live = 0;
            if (i < items) {
                if (level == 0) {
                    p = rootP;
                    first = rootLo + (int) (LW_FUSED_BATCH * i);
                    hi = rootHi;
                } else {
                    long long item = a.items[level & 1][i];
                    r = lw_fused_item_row(item);
                    first = lw_fused_item_first(item);
                    p = a.drv[level & 1][r];
                    hi = a.drvHi[level & 1][r];
                }
                lw_fused_candidates(L, p, first, hi, v, live);
            }
            unsigned hit = live != 0 ? lw_members<LW_FUSED_BATCH>(L, in, r, p, v, live) : 0u;
            if (last) {
                mine += __popc(hit);
                continue;
            }
            // Each hit becomes a row of the next table, with its driver for the next level.
            long long row0 = lw_fused_reserve(&H[LW_FUSED_ROWS + level + 1], __popc(hit));
            const LfLevel& N = plan.level[level + 1];
            int rows[LW_FUSED_BATCH], los[LW_FUSED_BATCH], his[LW_FUSED_BATCH];
            long long made = 0;
            for (int k = 0; k < LW_FUSED_BATCH; k++) {
                rows[k] = 0;
                his[k] = 0;
                los[k] = 0;
                if (!((hit >> k) & 1u)) continue;
                long long j = row0 + made;
                made++;
                if (j >= a.rowsCap) continue;   // the level outgrew its table: the kernel stops after it
                rows[k] = (int) j;
                lw_write_row(L, in, r, out, (int) j, level, v[k], p, first + k, a.keep[level]);
                long long lb, ub;
                int p2;
                lw_driver(N, out, (int) j, lb, ub, p2, los[k], his[k]);
                a.drv[(level + 1) & 1][j] = p2;
                a.drvHi[(level + 1) & 1][j] = his[k];
            }
            long long want = 0;
            for (int k = 0; k < LW_FUSED_BATCH; k++) want += lw_fused_items(los[k], his[k]);
            long long item0 = lw_fused_reserve(&H[LW_FUSED_ITEMS + level + 1], want);
            long long* queue = a.items[(level + 1) & 1];
            for (int k = 0; k < LW_FUSED_BATCH; k++) {
                for (int c = los[k]; c < his[k] && item0 < a.itemsCap; c += LW_FUSED_BATCH) {
                    queue[item0++] = lw_fused_item(rows[k], c);
                }
            }
        }
        if (last) break;
        grid.sync();
        // Final counts of the level just written, the same for every thread: stop together if it overflowed.
        if (__ldcg(&H[LW_FUSED_ROWS + level + 1]) > (unsigned long long) a.rowsCap
            || __ldcg(&H[LW_FUSED_ITEMS + level + 1]) > (unsigned long long) a.itemsCap) {
            break;
        }
    }
    lf_block_add(mine, &H[LW_FUSED_COUNT]);
}
