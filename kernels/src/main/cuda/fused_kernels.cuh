// The fused level-wise count (fused.cuh): a whole count in one cooperative launch.
//
// Each block first copies its plan, and the trie arrays the join searches (as many as fit), into its
// shared memory (lw_fused_stage). Level l's work is then a queue of items, each up to LW_FUSED_BATCH
// candidates of one row of table l (its driver's values, lw_driver). Every thread takes items in turn
// and checks its candidates in the other participants (lw_members, core bitmaps included). At the last
// level the hits are counted. Before it, each hit becomes a row of table l+1 (lw_write_row; a warp
// places its rows with one atomic and deals them out to its lanes); after a grid-wide barrier each
// thread takes a new row, finds its driver for level l+1 and queues its candidates as items (again one
// atomic per warp); a second barrier ends the level. Finding each row's driver after the barrier, one
// row a thread over the whole grid, is what keeps the phase short: a lane that found several hits would
// otherwise run their binary searches (or their rows' writes and searches) one after another while the
// whole grid waits for it. Level 0 has one row (the empty binding), whose items every
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

// Whether this thread is thread 0 of the last block to finish (every thread of the block calls it once its
// block's count is in header[LW_FUSED_COUNT]). Each warp's count (its lane 0's atomic in lf_block_add) is
// fenced before its block's threads meet, and the block's finish after that; the last block then sees
// every block's count.
__device__ __forceinline__ bool lw_last_block(unsigned long long* header) {
    if ((threadIdx.x & 31) == 0) __threadfence();
    __syncthreads();
    if (threadIdx.x != 0 || atomicAdd(&header[LW_FUSED_DONE], 1ull) != gridDim.x - 1) return false;
    __threadfence();
    return true;
}

// Hands a count to the host in mapped host memory (GpuDevice.awaitResult): the LW_RESULT_* words, the
// count and the overflow flag, then the epoch the host waits for, written last.
__device__ __forceinline__ void lw_hand_over(unsigned long long* result, unsigned long long count,
                                             unsigned long long overflow, long long epoch) {
    volatile unsigned long long* R = result;
    R[LW_RESULT_COUNT] = count;
    R[LW_RESULT_OVERFLOW] = overflow;
    __threadfence_system();
    R[LW_RESULT_EPOCH] = (unsigned long long) epoch;
}

// Redirects p to the block's shared copy when it lies in one of a's spans (Args: LfFusedArgs or
// LfWarpArgs, which list their spans alike).
template <typename T, typename Args>
__device__ __forceinline__ const T* lw_fused_local(const T* p, const Args& a, char* smem) {
    const char* c = (const char*) p;
    for (int s = 0; s < a.nSpans; s++) {
        if (c >= a.spanSrc[s] && c < a.spanSrc[s] + a.spanBytes[s]) return (const T*) (smem + a.spanAt[s] + (c - a.spanSrc[s]));
    }
    return p;
}

// The block's copy of the plan (sp), with the trie arrays of a's spans in shared memory and the plan
// pointing at them. Every thread of the block calls it. Plan: LfPlan or LfPlanOf<V> (its levels alone).
template <typename Args, typename Plan>
__device__ void lw_fused_stage(const Plan& plan, const Args& a, LfPlan& sp, char* smem) {
    // The plan, one piece per warp: its head, each level's header and each participant the level has.
    // (A launch parameter is read through the constant cache, which serialises a warp's different
    // addresses: copying the whole plan with one address per lane costs several times as long.)
    const int warps = blockDim.x >> 5, warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    for (int u = warp; u < 1 + plan.nvars * (1 + LF_MAX_PARTS); u += warps) {
        const int* from = (const int*) &plan;
        int* to = (int*) &sp;
        int words = 4;                                                   // nvars, outVars, nslots, pad
        if (u > 0) {
            int l = (u - 1) / (1 + LF_MAX_PARTS), k = (u - 1) % (1 + LF_MAX_PARTS);
            if (k == 0) {
                from = (const int*) &plan.level[l];
                to = (int*) &sp.level[l];
                words = __builtin_offsetof(LfLevel, part) / 4;           // the level's header
            } else {
                if (k - 1 >= plan.level[l].width) continue;
                from = (const int*) &plan.level[l].part[k - 1];
                to = (int*) &sp.level[l].part[k - 1];
                words = sizeof(LfPart) / 4;
            }
        }
        if (lane < words) to[lane] = from[lane];
    }
    for (int s = 0; s < a.nSpans; s++) {
        const int4* src = (const int4*) a.spanSrc[s];
        int4* dst = (int4*) (smem + a.spanAt[s]);
        int n16 = a.spanBytes[s] / 16;
        int i = threadIdx.x;
        for (; i + 3 * (int) blockDim.x < n16; i += 4 * blockDim.x) {   // four loads in flight per thread
            int4 v0 = __ldcg(src + i), v1 = __ldcg(src + i + blockDim.x);
            int4 v2 = __ldcg(src + i + 2 * blockDim.x), v3 = __ldcg(src + i + 3 * blockDim.x);
            dst[i] = v0;
            dst[i + blockDim.x] = v1;
            dst[i + 2 * blockDim.x] = v2;
            dst[i + 3 * blockDim.x] = v3;
        }
        for (; i < n16; i += blockDim.x) dst[i] = __ldcg(src + i);
        int tail = (a.spanBytes[s] - 16 * n16) / 4;   // spans hold whole ints
        if ((int) threadIdx.x < tail) ((int*) (dst + n16))[threadIdx.x] = ((const int*) (src + n16))[threadIdx.x];
    }
    __syncthreads();
    for (int i = threadIdx.x; i < sp.nvars * LF_MAX_PARTS; i += blockDim.x) {
        LfPart& P = sp.level[i / LF_MAX_PARTS].part[i % LF_MAX_PARTS];
        if (i % LF_MAX_PARTS >= sp.level[i / LF_MAX_PARTS].width) continue;
        P.vals = lw_fused_local(P.vals, a, smem);
        if (P.parentOff != nullptr) P.parentOff = lw_fused_local(P.parentOff, a, smem);
        if (P.rank != nullptr) P.rank = lw_fused_local(P.rank, a, smem);
    }
    __syncthreads();
}

#ifndef LF_SHAPED_MODULE   // a module generated for one plan's shape holds its own kernel only (shape.cuh)
extern "C" __global__ void __launch_bounds__(LW_COUNT_MAX_THREADS) lw_fused_count(const __grid_constant__ LfPlan plan,
                                                                  const __grid_constant__ LfFusedArgs a) {
    extern __shared__ __align__(16) char lw_fused_smem[];
    __shared__ __align__(16) LfPlan sp;
    int traced = 0;
    const bool tracer = a.trace != 0 && blockIdx.x == 0 && threadIdx.x == 0;
    if (tracer) a.header[LW_FUSED_TRACE + traced++] = clock64();
    lw_fused_stage(plan, a, sp, lw_fused_smem);
    if (tracer) a.header[LW_FUSED_TRACE + traced++] = clock64();
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    int lane = threadIdx.x & 31;
    long long threads = (long long) gridDim.x * blockDim.x;
    // Warps take 32 items (or rows) each, in an order that deals consecutive warps out to different
    // blocks: a level of a few thousand items then keeps every multiprocessor a little busy instead of
    // the first few very busy (block after block would give ca-GrQc's 17,318 items of level 2 to the
    // first 17 of 132 blocks).
    long long warpBase = 32 * ((long long) (threadIdx.x >> 5) * gridDim.x + blockIdx.x);
    unsigned long long* H = a.header;
    const int n = sp.nvars;
    long long mine = 0;
    for (int level = 0; level < n; level++) {
        const LfLevel& L = sp.level[level];
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
            // Each hit becomes a row of the next table. The warp's hits are dealt out to its lanes in
            // turn (hit g to lane g % 32), so a lane with four hits does not write four rows alone.
            long long mineFirst = lw_fused_reserve(&H[LW_FUSED_ROWS + level + 1], __popc(hit));
            long long row0 = __shfl_sync(LF_FULL_MASK, mineFirst, 0);       // lane 0's rows start the warp's
            int before = (int) (mineFirst - row0);                           // hits of the lanes before this one
            int total = __shfl_sync(LF_FULL_MASK, before + __popc(hit), 31);
            for (int g0 = 0; g0 < total; g0 += 32) {       // warp-uniform
                int g = g0 + lane;
                int owner = 0;                              // the last lane whose hits start at or before g
                for (int step = 16; step >= 1; step >>= 1) {
                    if (__shfl_sync(LF_FULL_MASK, before, owner + step) <= g) owner += step;
                }
                unsigned oHit = __shfl_sync(LF_FULL_MASK, hit, owner);
                int oR = __shfl_sync(LF_FULL_MASK, r, owner);
                int oP = __shfl_sync(LF_FULL_MASK, p, owner);
                int oFirst = __shfl_sync(LF_FULL_MASK, first, owner);
                int nth = g - __shfl_sync(LF_FULL_MASK, before, owner);
                int oV = 0, k = 0;
                for (int c = 0; c < LW_FUSED_BATCH; c++) {
                    int vc = __shfl_sync(LF_FULL_MASK, v[c], owner);
                    if ((oHit >> c) & 1u) {
                        if (nth == 0) {
                            oV = vc;
                            k = c;
                        }
                        nth--;
                    }
                }
                long long j = row0 + g;
                if (g < total && j < a.rowsCap) {   // past the capacity: the level outgrew its table
                    lw_write_row(L, in, oR, out, (int) j, level, oV, oP, oFirst + k, a.keep[level]);
                }
            }
        }
        if (last) break;
        grid.sync();
        if (tracer && traced < LW_FUSED_TRACE_WORDS) a.header[LW_FUSED_TRACE + traced++] = clock64();
        long long rows = (long long) __ldcg(&H[LW_FUSED_ROWS + level + 1]);
        if (rows > a.rowsCap) break;   // the same for every thread: stop together
        // Each new row's driver for the next level, one row per thread, and its candidates as items.
        const LfLevel& N = sp.level[level + 1];
        long long* queue = a.items[(level + 1) & 1];
        for (long long base = warpBase; base < rows; base += threads) {   // warp-uniform
            long long j = base + lane;
            int lo = 0, hi = 0;
            if (j < rows) {
                long long lb, ub;
                int p2;
                lw_driver(N, out, (int) j, lb, ub, p2, lo, hi);
                a.drv[(level + 1) & 1][j] = p2;
                a.drvHi[(level + 1) & 1][j] = hi;
            }
            long long item = lw_fused_reserve(&H[LW_FUSED_ITEMS + level + 1], lw_fused_items(lo, hi));
            for (int c = lo; c < hi && item < a.itemsCap; c += LW_FUSED_BATCH) queue[item++] = lw_fused_item((int) j, c);
        }
        grid.sync();
        if (tracer && traced < LW_FUSED_TRACE_WORDS) a.header[LW_FUSED_TRACE + traced++] = clock64();
        if (__ldcg(&H[LW_FUSED_ITEMS + level + 1]) > (unsigned long long) a.itemsCap) break;
    }
    lf_block_add(mine, &H[LW_FUSED_COUNT]);
    if (tracer && traced < LW_FUSED_TRACE_WORDS) a.header[LW_FUSED_TRACE + traced++] = clock64();
    // The last block to finish hands the result to the host (LfFusedArgs.result).
    if (lw_last_block(H)) {
        unsigned long long overflow = 0;
        for (int l = 1; l < n; l++) {
            overflow |= __ldcg(&H[LW_FUSED_ROWS + l]) > (unsigned long long) a.rowsCap;
            overflow |= __ldcg(&H[LW_FUSED_ITEMS + l]) > (unsigned long long) a.itemsCap;
        }
        lw_hand_over(a.result, __ldcg(&H[LW_FUSED_COUNT]), overflow, a.epoch);
    }
}
#endif
