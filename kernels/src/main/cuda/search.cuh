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

// Last index r in [0, n) with offsets[r] <= x (offsets ascending, offsets[0] <= x): the row that
// candidate x belongs to in a load-balanced expansion ("load-balancing search").
LF_HD int lf_row_of(const long long* offsets, int n, long long x) {
    int lo = 0, hi = n;    // answer in [lo, hi)
    while (hi - lo > 1) {
        int mid = (int) (((unsigned) lo + (unsigned) hi) >> 1);
        if (offsets[mid] <= x) lo = mid; else hi = mid;
    }
    return lo;
}
