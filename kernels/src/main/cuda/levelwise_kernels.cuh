// The level-wise ("GPU-optimized") join: the bindings of levels 0..L-1 are a table (one column per
// variable, plus the trie positions later levels need); level L is bound for all rows at once:
//   lw_sizes    per row, the participant with the fewest candidates in the level's bounds (the driver)
//   (scan)      candidate offsets: row r owns candidates [offsets[r], offsets[r+1])
//   lw_count / lw_flags
//               each candidate's value from its row's driver, membership in every other participant
//               by binary search (one warp per row, lanes over the row's candidates)
//   (scan)      of the flags: each hit's row in the next table
//   lw_scatter  writes the next table
// Candidates are processed in windows [o0, o1) so that the flags and the next table fit in memory.
#pragma once
#include "levelwise.cuh"
#include "reduce.cuh"

extern __constant__ LfPlan c_plan;

extern "C" __global__ void lw_sizes(LfTable in, int level, long long* sizes, int* drv, int* drvLo) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= in.rows) return;
    const LfLevel& L = c_plan.level[level];
    long long lb, ub;
    long long best = 0;
    int bestP = 0, bestLo = 0;
    if (lw_bounds(L, in, r, lb, ub)) {
        best = -1;
        for (int p = 0; p < L.width; p++) {
            int lo, hi;
            lw_range(L.part[p], in, r, lo, hi);
            const int* a = L.part[p].vals;
            lo = lf_lower_bound(a, lo, hi, lb);
            hi = lf_lower_bound(a, lo, hi, ub + 1);
            long long size = hi - lo;
            if (best < 0 || size < best) {
                best = size;
                bestP = p;
                bestLo = lo;
            }
            if (size == 0) break;
        }
    }
    sizes[r] = best;
    drv[r] = bestP;
    drvLo[r] = bestLo;
}

// The candidate kernels work row by row, one warp per row (grid-stride over the rows that own
// candidates in the window [o0, o1)), the lanes taking the row's candidates 32 apart: reads of the
// driver's values are coalesced, every lane of a warp knows its row without a search, and a long row
// is shared by 32 threads. Only the window's first and last rows are found by binary search.
#define LW_FOR_WINDOW_ROWS(in, offsets, o0, o1, r, a, b)                                              \
    int lane_ = threadIdx.x & 31;                                                                     \
    long long warp_ = ((long long) blockIdx.x * blockDim.x + threadIdx.x) >> 5;                       \
    long long warps_ = ((long long) gridDim.x * blockDim.x) >> 5;                                     \
    int rFirst_ = lf_row_of(offsets, in.rows, o0);                                                    \
    int rLast_ = lf_row_of(offsets, in.rows, o1 - 1);                                                 \
    for (long long r = rFirst_ + warp_; r <= rLast_; r += warps_)                                     \
        for (long long a = (offsets[r] > o0 ? offsets[r] : o0) + lane_,                              \
                       b = (offsets[r + 1] < o1 ? offsets[r + 1] : o1); a < b; a += 32)

extern "C" __global__ void lw_count(LfTable in, int level, const long long* offsets, long long o0, long long o1,
                                    const int* drv, const int* drvLo, unsigned long long* total) {
    const LfLevel& L = c_plan.level[level];
    long long mine = 0;
    LW_FOR_WINDOW_ROWS(in, offsets, o0, o1, r, o, end) {
        int p = drv[r];
        int v = L.part[p].vals[drvLo[r] + (int) (o - offsets[r])];
        if (lw_member(L, in, (int) r, p, v)) mine++;
    }
    lf_block_add(mine, total);
}

extern "C" __global__ void lw_flags(LfTable in, int level, const long long* offsets, long long o0, long long o1,
                                    const int* drv, const int* drvLo, int* flags) {
    const LfLevel& L = c_plan.level[level];
    LW_FOR_WINDOW_ROWS(in, offsets, o0, o1, r, o, end) {
        int p = drv[r];
        int v = L.part[p].vals[drvLo[r] + (int) (o - offsets[r])];
        flags[o - o0] = lw_member(L, in, (int) r, p, v) ? 1 : 0;
    }
}

// keepSlots: bit s set when slot s is read by a later level (only those columns exist in `out`).
extern "C" __global__ void lw_scatter(LfTable in, LfTable out, int level, const long long* offsets,
                                      long long o0, long long o1, const int* drv, const int* drvLo,
                                      const int* flagScan, unsigned keepSlots) {
    const LfLevel& L = c_plan.level[level];
    unsigned own = 0;
    for (int q = 0; q < L.width; q++) own |= 1u << L.part[q].slot;
    LW_FOR_WINDOW_ROWS(in, offsets, o0, o1, r, o, end) {
        int j = flagScan[o - o0];
        if (flagScan[o - o0 + 1] == j) continue;
        int p = drv[r];
        int idx = drvLo[r] + (int) (o - offsets[r]);
        int v = L.part[p].vals[idx];
        for (int c = 0; c < level; c++) out.bind[c][j] = in.bind[c][r];
        out.bind[level][j] = v;
        for (unsigned m = keepSlots & ~own; m != 0; m &= m - 1) {
            int s = __ffs(m) - 1;
            out.slot[s][j] = in.slot[s][r];
        }
        for (int q = 0; q < L.width; q++) {
            int s = L.part[q].slot;
            if (!(keepSlots & (1u << s))) continue;
            int pos = idx;
            if (q != p) {
                int lo, hi;
                lw_range(L.part[q], in, (int) r, lo, hi);
                pos = lf_find(L.part[q].vals, lo, hi, v);
            }
            out.slot[s][j] = pos;
        }
    }
}

// Rows of `in` whose flagScan entry steps up are copied (first ncols binding columns) to `out`.
extern "C" __global__ void lw_compact(LfTable in, LfTable out, int ncols, const int* flagScan) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= in.rows) return;
    int j = flagScan[r];
    if (flagScan[r + 1] == j) return;
    for (int c = 0; c < ncols; c++) out.bind[c][j] = in.bind[c][r];
}

// Rows [r0, r1) of the first ncols binding columns, row-major, for the copy back to the host.
extern "C" __global__ void lw_rows(LfTable in, int ncols, int r0, int r1, int* out) {
    long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    long long n = (long long) (r1 - r0) * ncols;
    if (i >= n) return;
    int r = r0 + (int) (i / ncols);
    int c = (int) (i % ncols);
    out[i] = in.bind[c][r];
}

// Existential tail: flags[r] = 1 when row r (binding levels 0..level-1) extends to a full binding.
// validSlots: slots the row holds.
template <int MV, int MP>
__device__ void lw_exists(LfTable in, int level, unsigned validSlots, int* flags) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= in.rows) return;
    LfState<MV, MP> s;
    for (int c = 0; c < level; c++) s.binding[c] = in.bind[c][r];
    for (unsigned m = validSlots; m != 0; m &= m - 1) {
        int sl = __ffs(m) - 1;
        s.slotPos[sl] = in.slot[sl][r];
    }
    LfNoSink none;
    flags[r] = lf_run<MV, MP>(c_plan, s, level, false, 0, 0, true, none) > 0 ? 1 : 0;
}

#define LF_LEVELWISE_KERNELS(MV, MP)                                                                     \
    extern "C" __global__ void lw_exists_v##MV##p##MP(LfTable in, int level, unsigned validSlots,       \
                                                     int* flags) {                                       \
        lw_exists<MV, MP>(in, level, validSlots, flags);                                                 \
    }
