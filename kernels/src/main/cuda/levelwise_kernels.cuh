// The level-wise ("GPU-optimized") join: the bindings of levels 0..L-1 are a table (one column per
// variable, plus the trie positions later levels need); level L is bound for all rows at once:
//   lw_sizes    per row, the participant with the fewest candidates in the level's bounds (the driver)
//   (scan)      candidate offsets: row r owns candidates [offsets[r], offsets[r+1])
//   lw_count / lw_flags
//               each candidate's value from its row's driver, membership in every other participant
//               by binary search (a rank table's lookup at a dense first level), LW_BATCH searches per
//               lane in lockstep; each warp takes an equal contiguous range of candidates
//   (scan)      of the flags: each hit's row in the next table
//   lw_scatter  writes the next table
// Candidates are processed in windows [o0, o1) so that the flags and the next table fit in memory.
#pragma once
#include "levelwise.cuh"
#include "reduce.cuh"

#include <climits>

extern __constant__ LfPlan c_plan;

// bitRows != 0 (a count's last level): a row whose two participants share one core bitmap that holds
// both its lists, and whose lists span at most as many bitmap words as the driver has candidates, is
// counted by lw_count_bits instead (an AND of the two bitmap rows): its size is 0 here, so the candidate
// kernels skip it, and drv[r] is -1.
extern "C" __global__ void lw_sizes(const __grid_constant__ LfTable in, int level, int bitRows, long long* sizes, int* drv,
                                    int* drvLo) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= in.rows) return;
    const LfLevel& L = c_plan.level[level];
    long long lb, ub, w0, w1;
    int bestP, bestLo, bestHi;
    long long best = lw_driver(L, in, r, lb, ub, bestP, bestLo, bestHi);
    if (bitRows != 0 && best > 0 && lw_bit_words(L, in, r, lb, ub, w0, w1) && w1 - w0 + 1 <= best) {
        sizes[r] = 0;
        drv[r] = -1;
        drvLo[r] = 0;
        return;
    }
    sizes[r] = best;
    drv[r] = bestP;
    drvLo[r] = bestLo;
}

// Rows lw_sizes gave to bitmap counting (drv[r] == -1): each warp takes rowsPerWarp consecutive rows and
// counts, per such row, the columns in the level's bounds set in both participants' bitmap rows: 32
// candidates per word, read coalesced, instead of a test per candidate.
extern "C" __global__ void lw_count_bits(const __grid_constant__ LfTable in, int level, const int* drv, int rowsPerWarp,
                                         unsigned long long* total) {
    int lane = threadIdx.x & 31;
    const LfLevel& L = c_plan.level[level];
    const LfPart& A = L.part[0];
    long long warp = ((long long) blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    long long r0 = warp * rowsPerWarp;
    long long r1 = r0 + rowsPerWarp < in.rows ? r0 + rowsPerWarp : in.rows;
    long long mine = 0;
    for (long long base = r0; base < r1; base += 32) {      // warp-uniform
        int d = base + lane < r1 ? drv[base + lane] : 0;
        unsigned todo = __ballot_sync(LF_FULL_MASK, d == -1);
        while (todo != 0) {
            int r = (int) base + __ffs(todo) - 1;
            todo &= todo - 1;
            long long lb, ub, w0, w1;
            lw_bounds(L, in, r, lb, ub);
            lw_bit_words(L, in, r, lb, ub, w0, w1);
            const unsigned* a = lw_bit_row(L, 0, in, r);
            const unsigned* b = lw_bit_row(L, 1, in, r);
            long long c0 = lb - A.bitsCol0, c1 = ub - A.bitsCol0;   // columns in the bounds
            for (long long w = w0 + lane; w <= w1; w += 32) mine += lw_bits_in_word(a, b, w, c0, c1);
        }
    }
    lf_block_add(mine, total);
}

// Candidates a lane checks at once in the candidate kernels (their searches overlap in memory).
#define LW_BATCH 4

// The candidates of lw_count, lw_flags, lw_reduce and lw_scatter, B per lane per step. Each warp takes
// an equal contiguous range of the window's candidates (so a row owning millions of candidates, such as
// level 0's single row or a hub's row, is shared by many warps) and finds its first row by one binary
// search. Inside a long row, whole steps run
// row-uniform: one driver, one range per probed list, coalesced reads of the driver's values. Elsewhere
// a step covers the next (at most) 32*B candidates that fall within the next 32 rows: lane i reads the
// end of row r0+1+i (one coalesced read for 32 rows) and each candidate finds its row by a 5-step
// binary search over those ends held in the lanes (shuffles), so a short row costs a fraction of a
// step instead of a step and a chain of dependent loads. (With ids ordered by degree, runs of rows
// with one or two candidates would leave most SMs idle in row-uniform steps; long rows, common with
// random labels, are fastest row-uniform; the hybrid serves both.) Calls check(o[], row[], p[], live, v[], at[], sameRow) per step, where
// at[k] is candidate k's position in its driver's values (v[k] = driver values[at[k]]).
template <int B, class Check>
__device__ __forceinline__ void lw_for_candidate_batches(const LfTable& in, const LfLevel& L, const long long* offsets,
                                                         const int* drv, const int* drvLo, long long o0, long long o1,
                                                         Check check) {
    int lane = threadIdx.x & 31;
    long long warp = ((long long) blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    long long warps = ((long long) gridDim.x * blockDim.x) >> 5;
    long long per = ((o1 - o0 + warps - 1) / warps + 31) & ~31LL;
    long long a = o0 + warp * per;
    long long b = a + per < o1 ? a + per : o1;
    if (a >= b) return;
    int r0 = lf_row_of(offsets, in.rows, a);               // offsets[r0] <= a (r0 owns a, or ends at a)
    long long o[B];
    int row[B], p[B], v[B], at[B];
    while (a < b) {                                         // warp-uniform
        // Long row: whole steps inside row r0 run row-uniform (one driver, one range per probed list).
        long long rowEnd = offsets[r0 + 1];
        if (rowEnd - a >= 32LL * B) {
            long long stop = rowEnd < b ? rowEnd : b;
            int p0 = drv[r0];
            const int* vals = L.part[p0].vals;
            long long shift = (long long) drvLo[r0] - offsets[r0];
            for (; a + 32LL * B <= stop; a += 32LL * B) {
                for (int k = 0; k < B; k++) {
                    o[k] = a + lane + 32LL * k;
                    row[k] = r0;
                    p[k] = p0;
                    at[k] = (int) (o[k] + shift);
                    v[k] = vals[at[k]];
                }
                check(o, row, p, (1u << B) - 1, v, at, true);
            }
            if (a >= b) return;
        }
        // Short rows (and a long row's remainder): the next 32*B candidates within the next 32 rows.
        long long end = r0 + 1 + lane <= in.rows ? offsets[r0 + 1 + lane] : LLONG_MAX;
        long long last = __shfl_sync(LF_FULL_MASK, end, 31);
        if (last <= a) {
            // 32 rows without candidates from here (rows lw_sizes gave to lw_count_bits lie in long runs):
            // find the row owning a by binary search instead of stepping over them 32 at a time
            r0 = lf_row_in(offsets, r0 + 32, in.rows, a);
            continue;
        }
        long long stepEnd = a + 32LL * B < b ? a + 32LL * B : b;
        stepEnd = stepEnd < last ? stepEnd : last;
        unsigned live = 0;
        for (int k = 0; k < B; k++) {
            o[k] = a + lane + 32LL * k;
            long long c = o[k] < stepEnd ? o[k] : stepEnd - 1;
            int idx = 0;                                    // rows among the 32 that end at or before c
            for (int step = 16; step >= 1; step >>= 1) {
                long long e = __shfl_sync(LF_FULL_MASK, end, idx + step - 1);
                if (e <= c) idx += step;
            }
            row[k] = r0 + idx;
            if (o[k] < stepEnd) {
                live |= 1u << k;
                p[k] = drv[row[k]];
                at[k] = drvLo[row[k]] + (int) (o[k] - offsets[row[k]]);
                v[k] = L.part[p[k]].vals[at[k]];
            } else {
                p[k] = 0;
                at[k] = 0;
                v[k] = 0;
            }
        }
        check(o, row, p, live, v, at, false);
        // the next step starts at stepEnd, in the row that owns it
        int idx = 0;
        for (int step = 16; step >= 1; step >>= 1) {
            long long e = __shfl_sync(LF_FULL_MASK, end, idx + step - 1);
            if (e <= stepEnd) idx += step;
        }
        r0 += idx;
        a = stepEnd;
    }
}

template <int B>
__device__ void lw_count_batched(const LfTable& in, int level, const long long* offsets, long long o0, long long o1,
                                 const int* drv, const int* drvLo, unsigned long long* total) {
    const LfLevel& L = c_plan.level[level];
    long long mine = 0;
    lw_for_candidate_batches<B>(in, L, offsets, drv, drvLo, o0, o1,
                                [&](const long long*, const int* row, const int* p, unsigned live, const int* v, const int*, bool sameRow) {
        mine += __popc(lw_step_members<B>(L, in, row, p, v, live, sameRow));
    });
    lf_block_add(mine, total);
}

template <int B>
__device__ void lw_flags_batched(const LfTable& in, int level, const long long* offsets, long long o0, long long o1,
                                 const int* drv, const int* drvLo, int* flags) {
    const LfLevel& L = c_plan.level[level];
    lw_for_candidate_batches<B>(in, L, offsets, drv, drvLo, o0, o1,
                                [&](const long long* o, const int* row, const int* p, unsigned live, const int* v, const int*, bool sameRow) {
        unsigned hit = lw_step_members<B>(L, in, row, p, v, live, sameRow);
        for (int k = 0; k < B; k++)
            if ((live >> k) & 1u) flags[o[k] - o0] = (hit >> k) & 1u;
    });
}

#define LW_BATCHED_KERNELS(NAME, B)                                                                          \
    extern "C" __global__ void lw_count##NAME(const __grid_constant__ LfTable in, int level, const long long* offsets, long long o0, \
                                              long long o1, const int* drv, const int* drvLo,                 \
                                              unsigned long long* total) {                                    \
        lw_count_batched<B>(in, level, offsets, o0, o1, drv, drvLo, total);                                  \
    }                                                                                                        \
    extern "C" __global__ void lw_flags##NAME(const __grid_constant__ LfTable in, int level, const long long* offsets, long long o0, \
                                              long long o1, const int* drv, const int* drvLo, int* flags) {   \
        lw_flags_batched<B>(in, level, offsets, o0, o1, drv, drvLo, flags);                                  \
    }
// Batches of 4: the fastest on an H100 (R-MAT triangles), against 2 and 8.
LW_BATCHED_KERNELS(, LW_BATCH)

// keepSlots: bit s set when slot s is read by a later level (only those columns exist in `out`).
// The hits among candidates [o0, o1) (flagScan steps up at a hit) are written to row flagScan[o - o0]
// of `out`, walked as lw_flags walked them (short rows share a step instead of a warp each).
extern "C" __global__ void lw_scatter(const __grid_constant__ LfTable in, const __grid_constant__ LfTable out, int level, const long long* offsets,
                                      long long o0, long long o1, const int* drv, const int* drvLo,
                                      const int* flagScan, unsigned keepSlots) {
    const LfLevel& L = c_plan.level[level];
    lw_for_candidate_batches<LW_BATCH>(in, L, offsets, drv, drvLo, o0, o1,
                                       [&](const long long* o, const int* row, const int* p, unsigned live, const int* v,
                                           const int* at, bool) {
        for (int k = 0; k < LW_BATCH; k++) {
            if (!((live >> k) & 1u)) continue;
            int j = flagScan[o[k] - o0];
            if (flagScan[o[k] - o0 + 1] == j) continue;
            lw_write_row(L, in, row[k], out, j, level, v[k], p[k], at[k], keepSlots);
        }
    });
}

// Rows of `in` whose flagScan entry steps up are copied (first ncols binding columns) to `out`.
extern "C" __global__ void lw_compact(const __grid_constant__ LfTable in, const __grid_constant__ LfTable out, int ncols, const int* flagScan) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= in.rows) return;
    int j = flagScan[r];
    if (flagScan[r + 1] == j) return;
    for (int c = 0; c < ncols; c++) out.bind[c][j] = in.bind[c][r];
}

// Rows [r0, r1) of the first ncols binding columns, row-major, for the copy back to the host.
extern "C" __global__ void lw_rows(const __grid_constant__ LfTable in, int ncols, int r0, int r1, int* out) {
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
__device__ void lw_exists(const LfTable& in, int level, unsigned validSlots, int* flags) {
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
    extern "C" __global__ void lw_exists_v##MV##p##MP(const __grid_constant__ LfTable in, int level, unsigned validSlots,       \
                                                     int* flags) {                                       \
        lw_exists<MV, MP>(in, level, validSlots, flags);                                                 \
    }

// The last level of a reduction: like lw_count, and over the hits, op (an LfReduceOp: the wrapping sum,
// minimum, maximum or float sum in double precision) of the program's value (program.cuh; it reads the
// row's binding columns and, for this level, the candidate) over the hits `keep` keeps (an empty program
// keeps all), into out's LF_REDUCED_* words: the hits, the value combined with the block's result (the
// host sets it to lf_identity(op) first), an evaluation error (lf_reduce_error).
extern "C" __global__ void lw_reduce(const __grid_constant__ LfTable in, int level, const long long* offsets, long long o0, long long o1,
                                     const int* drv, const int* drvLo, const __grid_constant__ LfProgram value,
                                     const __grid_constant__ LfProgram keep, int op, unsigned long long* out) {
    const LfLevel& L = c_plan.level[level];
    long long hits = 0;
    long long acc = lf_identity(op);
    int err = 0, errArg = 0;
    lw_for_candidate_batches<LW_BATCH>(in, L, offsets, drv, drvLo, o0, o1,
                                       [&](const long long*, const int* row, const int* p, unsigned live, const int* v,
                                           const int*, bool sameRow) {
        unsigned hit = lw_step_members<LW_BATCH>(L, in, row, p, v, live, sameRow);
        for (int k = 0; k < LW_BATCH; k++) {
            if (!((hit >> k) & 1u)) continue;
            int r = row[k], x = v[k];
            auto var = [&](int l) { return l < level ? in.bind[l][r] : x; };
            if (!lf_program_keeps(keep, var, err, errArg)) continue;
            hits++;
            acc = lf_combine(acc, lf_partial(lf_program_eval(value, var, err, errArg), op), op);
        }
    });
    lf_reduce_commit(hits, acc, op, out);
    lf_reduce_error(err, errArg, out);
}
