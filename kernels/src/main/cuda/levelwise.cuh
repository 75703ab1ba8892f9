// The level-wise join's per-row logic, shared by its kernels and the host-side test: the bounds and
// participant ranges of a row of a level table (LfTable), and the membership check of one candidate.
#pragma once
#include "lftj.cuh"
#include "shape.cuh"

// Bounds of `level` for row r of t (V: an LfView of the level).
template <class V>
LF_HD bool lw_bounds_of(const V& L, const LfTable& t, int r, long long& lb, long long& ub) {
    lb = L.lowerConst();
    ub = L.upperConst();
    for (int i = 0; i < L.nLower(); i++) {
        long long b = (long long) t.bind[L.lowerVar(i)][r] + L.lowerAdd(i);
        if (b > lb) lb = b;
    }
    for (int i = 0; i < L.nUpper(); i++) {
        long long b = (long long) t.bind[L.upperVar(i)][r] - L.upperSub(i);
        if (b < ub) ub = b;
    }
    return lb <= ub;
}

LF_HD bool lw_bounds(const LfLevel& L, const LfTable& t, int r, long long& lb, long long& ub) {
    return lw_bounds_of(lf_any(L), t, r, lb, ub);
}

// The node of the level above whose children participant q of level L ranges over for row r (-1 at trie
// level 0). V: an LfView of the level (shape.cuh).
template <class V>
LF_HD int lw_parent_of(const V& L, int q, const LfTable& t, int r) {
    return L.root(q) ? -1 : t.slot[L.parentSlot(q)][r];
}

// The index range participant q of level L ranges over for row r.
template <class V>
LF_HD void lw_range_of(const V& L, int q, const LfTable& t, int r, int& lo, int& hi) {
    const LfPart& p = L.part(q);
    int parent = lw_parent_of(L, q, t, r);
    lo = parent < 0 ? 0 : p.parentOff[parent];
    hi = parent < 0 ? p.len : p.parentOff[parent + 1];
}

// The forms of the two for a participant of a level read from its plan (lf_any).
LF_HD int lw_parent(const LfLevel& L, int q, const LfTable& t, int r) {
    return lw_parent_of(lf_any(L), q, t, r);
}

LF_HD void lw_range(const LfLevel& L, int q, const LfTable& t, int r, int& lo, int& hi) {
    lw_range_of(lf_any(L), q, t, r, lo, hi);
}


// Row r's driver at `level`: the participant with the fewest values in the level's bounds [lb, ub] for
// the row, and the index range [lo, hi) of those values in it. Returns their number (0 when the bounds
// are empty, with p = lo = hi = 0). lw_sizes and the fused count (fused_kernels.cuh) choose by it.
// A lower bound at or below every int bounds nothing: no search (a join without comparisons has one at
// every level).
template <class V>
LF_HD long long lw_driver_of(const V& L, const LfTable& in, int r, long long& lb, long long& ub, int& p, int& lo,
                             int& hi) {
    p = 0;
    lo = 0;
    hi = 0;
    if (!lw_bounds_of(L, in, r, lb, ub)) return 0;
    long long best = -1;
    for (int q = 0; q < L.width(); q++) {
        int a, b;
        lw_range_of(L, q, in, r, a, b);
        if (lb > -2147483648LL) a = lf_part_lower_bound_as(L.rank(q), L.part(q), a, b, lb);
        if (ub < 2147483647LL) b = lf_part_lower_bound_as(L.rank(q), L.part(q), a, b, ub + 1);
        if (best < 0 || b - a < best) {
            best = b - a;
            p = q;
            lo = a;
            hi = b;
        }
        if (best == 0) break;
    }
    return best;
}

LF_HD long long lw_driver(const LfLevel& L, const LfTable& in, int r, long long& lb, long long& ub, int& p, int& lo,
                          int& hi) {
    return lw_driver_of(lf_any(L), in, r, lb, ub, p, lo, hi);
}

LF_HD int lf_lowest_bit(unsigned m) {
#ifdef __CUDA_ARCH__
    return __ffs(m) - 1;
#else
    return __builtin_ctz(m);
#endif
}

// Writes row j of `out` (the table of levels 0..level): row r of `in` extended by value v, found at index
// `at` of driver p. keepSlots: the slots `out` holds (bit s), those later levels read as parents; a
// slot this level sets is the position of v in its participant (searched again for all but the driver).
template <class V>
LF_HD void lw_write_row_of(const V& L, const LfTable& in, int r, const LfTable& out, int j, int level, int v, int p,
                           int at, unsigned keepSlots) {
    unsigned own = 0;
    for (int q = 0; q < L.width(); q++) own |= 1u << L.slot(q);
    for (int c = 0; c < level; c++) out.bind[c][j] = in.bind[c][r];
    out.bind[level][j] = v;
    for (unsigned m = keepSlots & ~own; m != 0; m &= m - 1) {
        int s = lf_lowest_bit(m);
        out.slot[s][j] = in.slot[s][r];
    }
    for (int q = 0; q < L.width(); q++) {
        int s = L.slot(q);
        if (!(keepSlots & (1u << s))) continue;
        int pos = at;
        if (q != p) {
            int lo, hi;
            lw_range_of(L, q, in, r, lo, hi);
            pos = lf_part_find_as(L.rank(q), L.part(q), lo, hi, v);
        }
        out.slot[s][j] = pos;
    }
}

LF_HD void lw_write_row(const LfLevel& L, const LfTable& in, int r, const LfTable& out, int j, int level, int v, int p,
                        int at, unsigned keepSlots) {
    lw_write_row_of(lf_any(L), in, r, out, j, level, v, p, at, keepSlots);
}

// For a level of two participants that share one core bitmap holding both of row r's lists: the words
// [w0, w1] of their bitmap rows that hold the columns in the bounds [lb, ub]. False when the level or
// the row does not qualify or no column lies in the bounds.
LF_HD bool lw_bit_words(const LfLevel& L, const LfTable& in, int r, long long lb, long long ub, long long& w0,
                        long long& w1) {
    if (L.width != 2) return false;
    const LfPart& A = L.part[0];
    const LfPart& B = L.part[1];
    if (A.bits == nullptr || A.bits != B.bits) return false;
    unsigned ra = (unsigned) (lw_parent(L, 0, in, r) - A.bitsRow0);
    unsigned rb = (unsigned) (lw_parent(L, 1, in, r) - B.bitsRow0);
    if (ra >= (unsigned) A.bitsRows || rb >= (unsigned) A.bitsRows) return false;
    long long c0 = lb - A.bitsCol0 > 0 ? lb - A.bitsCol0 : 0;
    long long last = 32LL * A.bitsWords - 1;
    long long c1 = ub - A.bitsCol0 < last ? ub - A.bitsCol0 : last;
    if (c0 > c1) return false;
    w0 = c0 >> 5;
    w1 = c1 >> 5;
    return true;
}

// How many columns in [c0, c1] are set in both bitmap rows a and b within word w (a word of the range
// lw_bit_words gives, which holds c0 or lies above it and holds c1 or lies below it).
LF_HD int lw_bits_in_word(const unsigned* a, const unsigned* b, long long w, long long c0, long long c1) {
    unsigned m = a[w] & b[w];
    if (c0 > 32 * w) m &= ~0u << (c0 - 32 * w);
    if (c1 < 32 * w + 31) m &= ~0u >> (31 - (c1 - 32 * w));
#ifdef __CUDA_ARCH__
    return __popc(m);
#else
    return __builtin_popcount(m);
#endif
}

// The bitmap row of row r's participant q, one of the two lw_bit_words accepted the row for.
LF_HD const unsigned* lw_bit_row(const LfLevel& L, int q, const LfTable& in, int r) {
    const LfPart& P = L.part[q];
    return P.bits + (unsigned) (lw_parent(L, q, in, r) - P.bitsRow0) * (unsigned) P.bitsWords;
}

// Whether value v (from row r's driver p) is in every other participant of the level for row r.
LF_HD bool lw_member(const LfLevel& L, const LfTable& in, int r, int p, int v) {
    for (int q = 0; q < L.width; q++) {
        if (q == p) continue;
        int lo, hi;
        lw_range(L, q, in, r, lo, hi);
        if (lf_part_find(L.part[q], lo, hi, v) < 0) return false;
    }
    return true;
}

// lw_member for K candidates of row r at once (bit k of `live` marks v[k] as a candidate): the bits of
// those in every other participant. Without a rank table the K searches of a participant run in
// lockstep (lf_contains_batch); a participant's range is read once for all K.
template <int K, class V>
LF_HD unsigned lw_members_of(const V& L, const LfTable& in, int r, int p, const int* v, unsigned live) {
    for (int q = 0; q < L.width() && live != 0; q++) {
        if (q == p) continue;
        const LfPart& P = L.part(q);
        int parent = lw_parent_of(L, q, in, r);
        unsigned ask = live;
        if (L.bits(q)) {                                    // the core bitmap answers what it covers
            for (int k = 0; k < K; k++) {
                int b = ((ask >> k) & 1u) ? lf_core_bit_as(true, P, parent, v[k]) : -1;
                if (b >= 0) {
                    ask &= ~(1u << k);
                    if (b == 0) live &= ~(1u << k);
                }
            }
            if (ask == 0) continue;
        }
        int lo = parent < 0 ? 0 : P.parentOff[parent];
        int hi = parent < 0 ? P.len : P.parentOff[parent + 1];
        unsigned found;
        if (L.rank(q)) {
            found = 0;
            for (int k = 0; k < K; k++)
                if (((ask >> k) & 1u) && lf_part_find_as(true, P, lo, hi, v[k]) >= 0) found |= 1u << k;
        } else {
            found = lf_contains_batch<K>(P.vals, lo, hi, v, ask);
        }
        live &= ~ask | found;
    }
    return live;
}

template <int K>
LF_HD unsigned lw_members(const LfLevel& L, const LfTable& in, int r, int p, const int* v, unsigned live) {
    return lw_members_of<K>(lf_any(L), in, r, p, v, live);
}

// lw_members for K candidates that may belong to different rows (row[k], driver p[k]): what the
// warp-cooperative candidate kernels check, where a lane's candidates cross short rows.
template <int K>
LF_HD unsigned lw_members_rows(const LfLevel& L, const LfTable& in, const int* row, const int* p, const int* v,
                               unsigned live) {
    for (int q = 0; q < L.width && live != 0; q++) {
        int lo[K], hi[K];
        unsigned probe = 0;
        const LfPart& P = L.part[q];
        for (int k = 0; k < K; k++) {
            lo[k] = 0;
            hi[k] = 0;
            if (((live >> k) & 1u) && p[k] != q) {
                int parent = lw_parent(L, q, in, row[k]);
                int b = lf_core_bit(P, parent, v[k]);       // -1 without a bitmap or outside it
                if (b == 0) live &= ~(1u << k);
                if (b >= 0) continue;                       // answered by the core bitmap
                lo[k] = parent < 0 ? 0 : P.parentOff[parent];
                hi[k] = parent < 0 ? P.len : P.parentOff[parent + 1];
                probe |= 1u << k;
            }
        }
        if (probe == 0) continue;
        unsigned found;
        if (L.part[q].rank != nullptr) {
            found = 0;
            for (int k = 0; k < K; k++)
                if (((probe >> k) & 1u) && lf_part_find(L.part[q], lo[k], hi[k], v[k]) >= 0) found |= 1u << k;
        } else {
            found = lf_contains_batch_ranges<K>(L.part[q].vals, lo, hi, v, probe);
        }
        live &= ~probe | found;
    }
    return live;
}

// The hits among one step's candidates in the candidate kernels: lw_members when the step lies inside
// one row (its ranges read once), else lw_members_rows.
template <int K>
LF_HD unsigned lw_step_members(const LfLevel& L, const LfTable& in, const int* row, const int* p, const int* v,
                               unsigned live, bool sameRow) {
    return sameRow ? lw_members<K>(L, in, row[0], p[0], v, live) : lw_members_rows<K>(L, in, row, p, v, live);
}
