// Searches over sorted int ranges, shared by every join kernel (and by the host-side tests).
#pragma once
#include "plan.cuh"

// First index in [lo, hi) whose value is >= key, or hi.
LF_HD int lf_lower_bound(const int* a, int lo, int hi, long long key) {
    while (lo < hi) {
        int mid = (int) (((unsigned) lo + (unsigned) hi) >> 1);
        if ((long long) a[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

// Same answer as lf_lower_bound, in time logarithmic in the distance moved: probe lo+1, lo+2, lo+4, ...
// then bisect. A sweep of ascending seeks over one range costs linear time overall.
LF_HD int lf_gallop(const int* a, int lo, int hi, long long key) {
    if (lo >= hi || (long long) a[lo] >= key) return lo;
    int step = 1;
    int base = lo;   // a[base] < key
    while (true) {
        long long probe = (long long) base + step;
        if (probe >= hi) { lo = base + 1; break; }
        if ((long long) a[probe] >= key) { hi = (int) probe; lo = base + 1; break; }
        base = (int) probe;
        step <<= 1;
    }
    return lf_lower_bound(a, lo, hi, key);
}

// Index of key in sorted [lo, hi), or -1.
LF_HD int lf_find(const int* a, int lo, int hi, int key) {
    int i = lf_lower_bound(a, lo, hi, key);
    return (i < hi && a[i] == key) ? i : -1;
}

// A participant's lower bound in [lo, hi): through its rank table when it has one (a dense first trie
// level, where bisection over millions of values is the level-wise join's costliest step), else by
// bisection. The rank answers for the whole level; clamping it gives the answer for any sub-range.
// `ranked`: whether p has a rank table (a constant in a kernel generated for its plan's shape).
LF_HD int lf_part_lower_bound_as(bool ranked, const LfPart& p, int lo, int hi, long long key) {
    if (ranked) {
        long long k = key - p.rankMin;
        int i = k <= 0 ? 0 : k >= p.rankSpan ? p.len : p.rank[k];
        return i < lo ? lo : i > hi ? hi : i;
    }
    return lf_lower_bound(p.vals, lo, hi, key);
}

LF_HD int lf_part_lower_bound(const LfPart& p, int lo, int hi, long long key) {
    return lf_part_lower_bound_as(p.rank != nullptr, p, lo, hi, key);
}

// Index of key in a participant's [lo, hi), or -1.
LF_HD int lf_part_find_as(bool ranked, const LfPart& p, int lo, int hi, int key) {
    int i = lf_part_lower_bound_as(ranked, p, lo, hi, key);
    return (i < hi && p.vals[i] == key) ? i : -1;
}

LF_HD int lf_part_find(const LfPart& p, int lo, int hi, int key) {
    return lf_part_find_as(p.rank != nullptr, p, lo, hi, key);
}

// A seek from cursor lo: O(1) with a rank table, else galloping (cheap for the short moves of a sweep).
LF_HD int lf_part_seek(const LfPart& p, int lo, int hi, long long key) {
    return p.rank != nullptr ? lf_part_lower_bound(p, lo, hi, key) : lf_gallop(p.vals, lo, hi, key);
}

// Which of K keys are in sorted [lo, hi): bit k of the result for key[k], tested only where bit k of
// `live` is set. The K searches run in lockstep with no branches (each step: the last element <= key
// in a halving window), so their loads are independent and overlap: a lane waits for one chain of
// memory latencies per step instead of K. Every search takes the same number of steps.
template <int K>
LF_HD unsigned lf_contains_batch(const int* a, int lo, int hi, const int* key, unsigned live) {
    int n = hi - lo;
    if (n <= 0 || live == 0) return 0;
    int base[K];
    for (int k = 0; k < K; k++) base[k] = lo;
    while (n > 1) {
        int half = n >> 1;
        for (int k = 0; k < K; k++) base[k] = a[base[k] + half] <= key[k] ? base[k] + half : base[k];
        n -= half;
    }
    unsigned found = 0;
    for (int k = 0; k < K; k++) found |= (a[base[k]] == key[k] ? 1u : 0u) << k;
    return found & live;
}

// lf_contains_batch with a range per key: key[k] is searched in [lo[k], hi[k]) (the K keys may belong
// to different rows). Still branch-free and in lockstep: each search halves its own window per step.
template <int K>
LF_HD unsigned lf_contains_batch_ranges(const int* a, const int* lo, const int* hi, const int* key, unsigned live) {
    int base[K], n[K];
    int most = 0;
    for (int k = 0; k < K; k++) {
        base[k] = lo[k];
        n[k] = ((live >> k) & 1u) ? hi[k] - lo[k] : 0;
        if (n[k] <= 0) live &= ~(1u << k);
        most = n[k] > most ? n[k] : most;
    }
    while (most > 1) {
        for (int k = 0; k < K; k++) {
            int half = n[k] >> 1;
            if (half > 0) {
                base[k] = a[base[k] + half] <= key[k] ? base[k] + half : base[k];
                n[k] -= half;
            }
        }
        most -= most >> 1;
    }
    unsigned found = 0;
    for (int k = 0; k < K; k++) found |= (((live >> k) & 1u) && a[base[k]] == key[k] ? 1u : 0u) << k;
    return found;
}

// Core bitmaps. A graph renumbered by degree keeps its dense core (the highest-degree nodes) at the top
// of its numbers, and most of a clique count's membership tests ask whether one core node is a neighbour
// of another. A participant with a core bitmap answers those with one read (bit (parent, v) of a
// bitmap sized to stay mostly in cache) instead of a binary search; other tests are binary searches.
// 1: v is a child of `parent`; 0: it is not; -1: the bitmap does not cover (parent, v).
// `bitmap`: whether p has one (a constant in a kernel generated for its plan's shape).
LF_HD int lf_core_bit_as(bool bitmap, const LfPart& p, int parent, int v) {
    if (!bitmap) return -1;
    unsigned row = (unsigned) (parent - p.bitsRow0);
    long long col = (long long) v - p.bitsCol0;
    if (row >= (unsigned) p.bitsRows || col < 0 || col >= 32LL * p.bitsWords) return -1;
    // the host keeps a bitmap under 2^32 words, so the index fits 32 bits
    return (int) ((p.bits[row * (unsigned) p.bitsWords + (unsigned) (col >> 5)] >> (col & 31)) & 1u);
}

LF_HD int lf_core_bit(const LfPart& p, int parent, int v) {
    return lf_core_bit_as(p.bits != nullptr, p, parent, v);
}

// Last index r in [lo, hi) with offsets[r] <= x (offsets ascending, offsets[lo] <= x): the row that
// candidate x belongs to in a load-balanced expansion ("load-balancing search").
LF_HD int lf_row_in(const long long* offsets, int lo, int hi, long long x) {
    while (hi - lo > 1) {
        int mid = (int) (((unsigned) lo + (unsigned) hi) >> 1);
        if (offsets[mid] <= x) lo = mid; else hi = mid;
    }
    return lo;
}

// lf_row_in over all n rows.
LF_HD int lf_row_of(const long long* offsets, int n, long long x) {
    return lf_row_in(offsets, 0, n, x);
}
