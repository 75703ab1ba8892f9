// Leapfrog triejoin run by one thread over one part of the search space (LFTJ-GPU, and the existential
// tails of the level-wise join). Iterative, with all state in fixed-size arrays sized by the template
// parameters, so small queries keep a small per-thread footprint.
//
// A run starts at level `start` with variables 0..start-1 and their trie positions already bound
// (a prefix row), or at level 0 with the first participant of level 0 (the driver) restricted to an
// index range. It reports every distinct binding of the output variables 0..outVars-1 once: past the
// output variables the first complete extension is enough.
#pragma once
#include <climits>
#include "search.cuh"
#include "program.cuh"

template <int MV, int MP>
struct LfState {
    int binding[MV];
    int slotPos[LF_MAX_SLOTS];
    int cur[MV][MP];
    int end[MV][MP];
    long long ub[MV];
};

// Sets the cursors of level l to the first value >= the level's lower bound in each participant's
// range. The driver restriction [rlo, rhi) applies to participant 0 when `restrict` is set.
template <int MV, int MP>
LF_HD bool lf_open(const LfPlan& P, LfState<MV, MP>& S, int l, bool restrict, int rlo, int rhi) {
    const LfLevel& L = P.level[l];
    long long lb, ub;
    if (!lf_bounds(L, S.binding, lb, ub)) return false;
    S.ub[l] = ub;
    for (int p = 0; p < L.width; p++) {
        int lo, hi;
        lf_range(L.part[p], S.slotPos, lo, hi);
        if (restrict && p == 0) {
            lo = lo > rlo ? lo : rlo;
            hi = hi < rhi ? hi : rhi;
        }
        lo = lf_part_lower_bound(L.part[p], lo, hi, lb);
        if (lo >= hi) return false;
        S.cur[l][p] = lo;
        S.end[l][p] = hi;
    }
    return true;
}

// Leapfrogs the cursors of level l to the next value common to all participants (at or after the
// cursors, at most the upper bound); binds it and records the positions.
template <int MV, int MP>
LF_HD bool lf_search(const LfPlan& P, LfState<MV, MP>& S, int l) {
    const LfLevel& L = P.level[l];
    int m = L.width;
    long long ub = S.ub[l];
    long long key = -(1LL << 62);
    for (int p = 0; p < m; p++) {
        long long v = L.part[p].vals[S.cur[l][p]];
        if (v > key) key = v;
    }
    if (key > ub) return false;
    int matched = 0;
    int p = 0;
    while (true) {
        const int* a = L.part[p].vals;
        int c = lf_part_seek(L.part[p], S.cur[l][p], S.end[l][p], key);
        if (c >= S.end[l][p]) return false;
        S.cur[l][p] = c;
        long long v = a[c];
        if (v == key) {
            if (++matched == m) break;
        } else {
            key = v;
            if (key > ub) return false;
            matched = 1;
        }
        p = p + 1 == m ? 0 : p + 1;
    }
    S.binding[l] = (int) key;
    for (int q = 0; q < m; q++) S.slotPos[L.part[q].slot] = S.cur[l][q];
    return true;
}

// Moves level l past its current value, to the next common one.
template <int MV, int MP>
LF_HD bool lf_next(const LfPlan& P, LfState<MV, MP>& S, int l) {
    int c = S.cur[l][0] + 1;
    if (c >= S.end[l][0]) return false;
    S.cur[l][0] = c;
    return lf_search(P, S, l);
}

// Number of values common to every participant of (opened) level l, up to its upper bound.
template <int MV, int MP>
LF_HD long long lf_count_level(const LfPlan& P, LfState<MV, MP>& S, int l) {
    const LfLevel& L = P.level[l];
    long long ub = S.ub[l];
    if (L.width == 1) {
        return lf_part_lower_bound(L.part[0], S.cur[l][0], S.end[l][0], ub + 1) - S.cur[l][0];
    }
    if (L.width == 2) {
        const int* a = L.part[0].vals;
        const int* b = L.part[1].vals;
        int i = S.cur[l][0], ie = S.end[l][0];
        int j = S.cur[l][1], je = S.end[l][1];
        if (ie - i > je - j) {  // walk the shorter range, gallop in the longer
            const int* t = a; a = b; b = t;
            int ti = i; i = j; j = ti;
            int te = ie; ie = je; je = te;
        }
        long long found = 0;
        for (; i < ie; i++) {
            long long v = a[i];
            if (v > ub) break;
            j = lf_gallop(b, j, je, v);
            if (j >= je) break;
            if (b[j] == v) { found++; j++; }
        }
        return found;
    }
    long long found = 0;
    if (!lf_search(P, S, l)) return 0;
    do { found++; } while (lf_next(P, S, l));
    return found;
}

#ifdef __CUDA_ARCH__
extern __device__ int lf_abort;
#endif

// Whether the host asked running joins to stop (checked every 256 steps of a thread's join: one L2
// read per check; a step may intersect long lists, and every 4096 steps would let a K_1000 4-clique
// thread run seconds past the request). A join that stops returns a partial result, which the host discards.
LF_HD bool lf_aborted(unsigned& steps) {
#ifdef __CUDA_ARCH__
    return (++steps & 255u) == 0 && *(volatile int*) &lf_abort != 0;
#else
    (void) steps;
    return false;
#endif
}

// Runs the join from level `start` (see the file comment). Counting: returns the number of results.
// Otherwise each result's first outVars variables go to sink.emit(binding, outVars) and the count is
// returned too.
template <int MV, int MP, class Sink>
LF_HD long long lf_run(const LfPlan& P, LfState<MV, MP>& S, int start, bool restrict, int rlo, int rhi,
                       bool counting, Sink& sink) {
    const int n = P.nvars;
    const int k = P.outVars;
    long long count = 0;
    if (start >= n) {
        if (!counting) sink.emit(S.binding, k);
        return 1;
    }
    // (A sink that is full stops the run early: the rows after its window are not needed.)
    int l = start;
    if (!lf_open(P, S, l, restrict, rlo, rhi) || !lf_search(P, S, l)) return 0;
    unsigned steps = 0;
    while (true) {
        if (lf_aborted(steps)) return count;
        if (l == n - 1) {
            count++;
            if (!counting) {
                sink.emit(S.binding, k);
                if (sink.full()) return count;
            }
            if (k < n) {
                // Existential tail: one extension of the output prefix is enough.
                if (k - 1 < start) return count;
                l = k - 1;
            }
        } else if (counting && k == n && l + 2 == n) {
            if (lf_open(P, S, l + 1, false, 0, 0)) count += lf_count_level(P, S, l + 1);
        } else if (lf_open(P, S, l + 1, false, 0, 0) && lf_search(P, S, l + 1)) {
            l++;
            continue;
        }
        // Advance level l; backtrack while it is exhausted.
        while (!lf_next(P, S, l)) {
            if (--l < start) return count;
        }
    }
}

// A sink that drops everything (counting runs).
struct LfNoSink {
    LF_HD void emit(const int*, int) {}
    LF_HD bool full() const { return false; }
};

// The reductions of sum / min / max aggregates (op: an LfReduceOp): LF_REDUCE_SUM sums (wrapping, as
// Java's long), LF_REDUCE_MIN keeps the minimum, LF_REDUCE_MAX the maximum, LF_REDUCE_FSUM sums floats in
// double precision (the accumulator holds the double's bits); lf_identity(op) is the starting value
// (0.0's bits are 0).
LF_HD long long lf_identity(int op) {
    return op == LF_REDUCE_MIN ? LLONG_MAX : op == LF_REDUCE_MAX ? LLONG_MIN : 0;
}

LF_HD double lf_bits_double(long long b) {
    double d;
    memcpy(&d, &b, 8);
    return d;
}

LF_HD long long lf_double_bits(double d) {
    long long b;
    memcpy(&b, &d, 8);
    return b;
}

// Two partial results of op combined.
LF_HD long long lf_combine(long long acc, long long x, int op) {
    if (op == LF_REDUCE_SUM) return (long long) ((unsigned long long) acc + (unsigned long long) x);
    if (op == LF_REDUCE_FSUM) return lf_double_bits(lf_bits_double(acc) + lf_bits_double(x));
    return op == LF_REDUCE_MIN ? (x < acc ? x : acc) : (x > acc ? x : acc);
}

// One binding's value (a program's result) as a partial result of op: a float column value becomes
// its double's bits for LF_REDUCE_FSUM.
LF_HD long long lf_partial(int v, int op) {
    return op == LF_REDUCE_FSUM ? lf_double_bits((double) lf_float_decode(v)) : (long long) v;
}

// A sink that reduces the bindings instead of keeping them: how many there are, and op over the value
// of `value` (a program over the join levels, program.cuh) in each, counting only the bindings `keep`
// keeps; err/errArg as lf_program_eval sets them.
struct LfReduceSink {
    const LfProgram* value;
    const LfProgram* keep;
    int op;
    long long hits;
    long long acc;
    int err;
    int errArg;
    LF_HD void emit(const int* binding, int) {
        auto var = [&](int l) { return binding[l]; };
        if (!lf_program_keeps(*keep, var, err, errArg)) return;
        hits++;
        acc = lf_combine(acc, lf_partial(lf_program_eval(*value, var, err, errArg), op), op);
    }
    LF_HD bool full() const { return false; }
};

// A sink that numbers rows from `next` on and writes those in the window [lo, hi) as rows of k ints
// at out[(row - lo) * k]; it is full once the window is passed.
struct LfWindowSink {
    int* out;
    long long next;
    long long lo;
    long long hi;
    LF_HD void emit(const int* binding, int k) {
        if (next >= lo && next < hi) {
            for (int c = 0; c < k; c++) out[(next - lo) * k + c] = binding[c];
        }
        next++;
    }
    LF_HD bool full() const { return next >= hi; }
};
