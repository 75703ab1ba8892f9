// The GPU fixpoint's kernels (io.leapfrog.exec.gpu.fixpoint.GpuFixpoint): one semi-naive round of a
// rule is fix_count (how many head tuples each delta tuple can make), a device-wide scan of the counts,
// then fix_expand over windows of the scanned output range: each thread makes one candidate tuple,
// inserts it into the head relation's hash set, and appends it to the relation's log when it was new.
// Deduplication and the difference against the known tuples are that one insertion; the log's tail is
// the next round's delta, so nothing is sorted, merged or copied between rounds.
#pragma once
#include <cooperative_groups.h>

#define LF_FIX_EMPTY_KEY 0xffffffffffffffffull

// A tuple's key, as Relation.packPair writes it (a unary tuple is the pair (c0, 0)).
__device__ __forceinline__ long long fix_pack(int c0, int c1) {
    return (long long) (((unsigned long long) (unsigned) c0 << 32) | (unsigned) (c1 ^ 0x80000000));
}

__device__ __forceinline__ int fix_col0(long long key) {
    return (int) (key >> 32);
}

__device__ __forceinline__ int fix_col1(long long key) {
    return (int) ((unsigned) key ^ 0x80000000u);
}

// MurmurHash3's 64-bit finaliser: neighbouring keys land far apart.
__device__ __forceinline__ unsigned long long fix_hash(unsigned long long k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

// Adds key to the set; true when it was not there. Slots are written once (empty -> key), so a stale
// read of a slot is either the key it holds for good or an empty slot that the compare-and-swap settles.
__device__ __forceinline__ bool fix_insert_key(const LfFixSet& s, long long key) {
    unsigned long long k = (unsigned long long) key;
    if (k == LF_FIX_EMPTY_KEY) {
        return atomicExch(s.hasFull, 1) == 0;
    }
    unsigned long long h = fix_hash(k) & s.mask;
    while (true) {
        unsigned long long cur = s.slots[h];
        if (cur == k) {
            return false;
        }
        if (cur == LF_FIX_EMPTY_KEY) {
            unsigned long long prev = atomicCAS(&s.slots[h], LF_FIX_EMPTY_KEY, k);
            if (prev == LF_FIX_EMPTY_KEY) {
                return true;
            }
            if (prev == k) {
                return false;
            }
        }
        h = (h + 1) & s.mask;
    }
}

// Appends a new tuple to the log: one atomic per group of threads that found new tuples together.
__device__ __forceinline__ void fix_append(const LfFixSet& s, long long key) {
    namespace cg = cooperative_groups;
    cg::coalesced_group g = cg::coalesced_threads();
    unsigned long long base = 0;
    if (g.thread_rank() == 0) {
        base = atomicAdd(s.logCount, (unsigned long long) g.size());
    }
    base = g.shfl(base, 0);
    s.log[base + g.thread_rank()] = key;
}

// The values of a lookup's key: [lo, hi) of its values array (empty when the key has none).
__device__ __forceinline__ void fix_list(const LfFixLookup& L, int key, long long& lo, long long& hi) {
    lo = 0;
    hi = 0;
    if (L.keys == nullptr) {
        long long at = (long long) key - L.base;
        if (at >= 0 && at < L.count) {
            lo = L.offsets[at];
            hi = L.offsets[at + 1];
        }
        return;
    }
    long long a = 0, b = L.count;   // first key >= key
    while (a < b) {
        long long m = (a + b) >> 1;
        if (L.keys[m] < key) a = m + 1; else b = m;
    }
    if (a < L.count && L.keys[a] == key) {
        lo = L.offsets[a];
        hi = L.offsets[a + 1];
    }
}

__device__ __forceinline__ bool fix_contains(const long long* keys, long long n, long long key) {
    long long a = 0, b = n;
    while (a < b) {
        long long m = (a + b) >> 1;
        if (keys[m] < key) a = m + 1; else b = m;
    }
    return a < n && keys[a] == key;
}

__device__ __forceinline__ bool fix_test(const LfFixTest& t, const int* vars) {
    int l = t.lhs == LF_FIX_CONST ? t.lhsConst : vars[t.lhs];
    int r = t.rhs == LF_FIX_CONST ? t.rhsConst : (t.rhs >= 0 ? vars[t.rhs] : 0);
    switch (t.kind) {
        case LF_FIX_EQ: return l == r;
        case LF_FIX_NE: return l != r;
        case LF_FIX_LT: return l < r;
        case LF_FIX_LE: return l <= r;
        case LF_FIX_GT: return l > r;
        case LF_FIX_GE: return l >= r;
        case LF_FIX_MEMBER: return fix_contains(t.keys, t.keyCount, fix_pack(l, t.arity == 2 ? r : 0));
        default: return !fix_contains(t.keys, t.keyCount, fix_pack(l, t.arity == 2 ? r : 0));
    }
}

// Binds the delta tuple's variables; false when a test of stage 0 fails.
__device__ __forceinline__ bool fix_bind_delta(const LfFixRule& rule, long long key, int* vars) {
    if (rule.deltaVar[0] >= 0) vars[rule.deltaVar[0]] = fix_col0(key);
    if (rule.deltaArity == 2 && rule.deltaVar[1] >= 0) vars[rule.deltaVar[1]] = fix_col1(key);
    for (int t = 0; t < rule.nTests; t++) {
        if (rule.test[t].stage == 0 && !fix_test(rule.test[t], vars)) {
            return false;
        }
    }
    return true;
}

__device__ __forceinline__ int fix_key_of(const LfFixLookup& L, const int* vars) {
    return L.keyVar == LF_FIX_CONST ? L.keyConst : vars[L.keyVar];
}

// counts[i]: the head tuples delta[i] can make (the product of its lookups' list lengths, a lookup whose
// values nothing reads counting 1 when its key has any), 0 when a test of the delta tuple alone fails.
extern "C" __global__ void __launch_bounds__(LF_FIX_THREADS)
fix_count(LfFixRule rule, const long long* delta, long long n, long long* counts) {
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n; i += (long long) gridDim.x * blockDim.x) {
        int vars[LF_FIX_MAX_VARS];
        long long c = 0;
        if (fix_bind_delta(rule, delta[i], vars)) {
            c = 1;
            for (int j = 0; j < rule.nLookups && c > 0; j++) {
                long long lo, hi;
                fix_list(rule.lookup[j], fix_key_of(rule.lookup[j], vars), lo, hi);
                long long len = hi - lo;
                c *= rule.lookup[j].outVar == LF_FIX_IGNORED ? (len > 0 ? 1 : 0) : len;
            }
        }
        counts[i] = c;
    }
}

// The delta tuple whose outputs include o: the last i in [a, b] with offsets[i] <= o.
__device__ __forceinline__ long long fix_owner(const long long* offsets, long long a, long long b, long long o) {
    while (a < b) {
        long long m = (a + b + 1) >> 1;
        if (offsets[m] <= o) a = m; else b = m - 1;
    }
    return a;
}

// Outputs [lo, hi) of the scanned counts (offsets: n + 1 of them): each makes its head tuple, keeps it
// when every test passes, and inserts it into set, appending it to the set's log when it is new. Each
// block takes tiles of LF_FIX_THREADS * LF_FIX_ITEMS consecutive outputs and first finds the delta
// tuples its tile spans, so each thread's search is over a few of them.
extern "C" __global__ void __launch_bounds__(LF_FIX_THREADS)
fix_expand(LfFixRule rule, const long long* delta, const long long* offsets, long long n, long long lo,
           long long hi, LfFixSet set) {
    __shared__ long long span[2];
    const long long tile = (long long) LF_FIX_THREADS * LF_FIX_ITEMS;
    for (long long t0 = lo + blockIdx.x * tile; t0 < hi; t0 += (long long) gridDim.x * tile) {
        long long t1 = min(t0 + tile, hi);
        __syncthreads();
        if (threadIdx.x == 0) span[0] = fix_owner(offsets, 0, n - 1, t0);
        if (threadIdx.x == 1) span[1] = fix_owner(offsets, 0, n - 1, t1 - 1);
        __syncthreads();
        long long first = span[0], last = span[1];
        for (long long o = t0 + threadIdx.x; o < t1; o += LF_FIX_THREADS) {
            long long i = fix_owner(offsets, first, last, o);
            int vars[LF_FIX_MAX_VARS];
            fix_bind_delta(rule, delta[i], vars);   // its stage-0 tests passed when it was counted
            long long r = o - offsets[i];
            long long start[LF_FIX_MAX_LOOKUPS];
            long long len[LF_FIX_MAX_LOOKUPS];
            for (int j = 0; j < rule.nLookups; j++) {
                long long a, b;
                fix_list(rule.lookup[j], fix_key_of(rule.lookup[j], vars), a, b);
                start[j] = a;
                len[j] = rule.lookup[j].outVar == LF_FIX_IGNORED ? 1 : b - a;
            }
            for (int j = rule.nLookups - 1; j >= 0; j--) {
                long long at = len[j] == 1 ? 0 : r % len[j];
                r = len[j] == 1 ? r : r / len[j];
                if (rule.lookup[j].outVar >= 0) {
                    vars[rule.lookup[j].outVar] = rule.lookup[j].values[start[j] + at];
                }
            }
            bool keep = true;
            for (int t = 0; t < rule.nTests && keep; t++) {
                if (rule.test[t].stage > 0) {
                    keep = fix_test(rule.test[t], vars);
                }
            }
            if (keep) {
                int c0 = rule.headVar[0] == LF_FIX_CONST ? rule.headConst[0] : vars[rule.headVar[0]];
                int c1 = rule.headArity == 1 ? 0 : (rule.headVar[1] == LF_FIX_CONST ? rule.headConst[1] : vars[rule.headVar[1]]);
                long long key = fix_pack(c0, c1);
                if (fix_insert_key(set, key)) {
                    fix_append(set, key);
                }
            }
        }
    }
}

// Inserts keys[0..n) (distinct tuples already in the set's log) into the set, appending nothing: the
// relation's known tuples at the start, or every tuple again after the set was made larger.
extern "C" __global__ void __launch_bounds__(LF_FIX_THREADS)
fix_insert(LfFixSet set, const long long* keys, long long n) {
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n; i += (long long) gridDim.x * blockDim.x) {
        fix_insert_key(set, keys[i]);
    }
}

// A relation of the stratum indexed by one column for the lookups of non-linear rules, rebuilt from its
// log at the start of each round (a counting sort over the column's dense value range [base, base + span)):
// fix_index_count counts each key's tuples, a scan makes the counts offsets, fix_index_place writes each
// tuple's other column at its key's cursor (a copy of the offsets). A key's values are in no order.
extern "C" __global__ void __launch_bounds__(LF_FIX_THREADS)
fix_index_count(const long long* log, long long n, int column, int base, unsigned long long* counts) {
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n; i += (long long) gridDim.x * blockDim.x) {
        int key = column == 0 ? fix_col0(log[i]) : fix_col1(log[i]);
        atomicAdd(&counts[(long long) key - base], 1ull);
    }
}

extern "C" __global__ void __launch_bounds__(LF_FIX_THREADS)
fix_index_place(const long long* log, long long n, int column, int base, unsigned long long* cursor, int* values) {
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n; i += (long long) gridDim.x * blockDim.x) {
        long long t = log[i];
        int key = column == 0 ? fix_col0(t) : fix_col1(t);
        unsigned long long at = atomicAdd(&cursor[(long long) key - base], 1ull);
        values[at] = column == 0 ? fix_col1(t) : fix_col0(t);
    }
}
