// The level-wise join's per-row logic, shared by its kernels and the host-side test: the level table
// layout, a row's bounds and participant ranges, and one lane's share of a row's candidates.
#pragma once
#include "lftj.cuh"

struct LfTable {
    int rows;
    int pad;
    int* bind[LF_MAX_VARS];
    int* slot[LF_MAX_SLOTS];
};
static_assert(sizeof(LfTable) == 8 + 8 * LF_MAX_VARS + 8 * LF_MAX_SLOTS, "LfTable layout");

// Bounds of `level` for row r of t.
LF_HD bool lw_bounds(const LfLevel& L, const LfTable& t, int r, long long& lb, long long& ub) {
    lb = L.lowerConst;
    ub = L.upperConst;
    for (int i = 0; i < L.nLower; i++) {
        long long b = (long long) t.bind[L.lowerVar[i]][r] + L.lowerAdd[i];
        if (b > lb) lb = b;
    }
    for (int i = 0; i < L.nUpper; i++) {
        long long b = (long long) t.bind[L.upperVar[i]][r] - L.upperSub[i];
        if (b < ub) ub = b;
    }
    return lb <= ub;
}

LF_HD void lw_range(const LfPart& p, const LfTable& t, int r, int& lo, int& hi) {
    if (p.parentOff == nullptr) {
        lo = 0;
        hi = p.len;
    } else {
        int parent = t.slot[p.parentSlot][r];
        lo = p.parentOff[parent];
        hi = p.parentOff[parent + 1];
    }
}


// Lane `lane` of the 32 working on row r checks its contiguous share of the row's candidates [a, b)
// (candidate o has the value dv[o - rowStart], ascending): each other participant keeps a cursor that
// gallops forward, so a lane reads its share of every list once, in order, as a merge would. Returns
// the lane's hits; with FLAGS, writes flags[o - o0] for every candidate of its share.
template <bool FLAGS>
LF_HD long long lw_row_lane(const LfLevel& L, const LfTable& in, int r, int p, const int* dv, long long rowStart,
                            long long a, long long b, int lane, int* flags, long long o0) {
    long long per = (b - a + 31) / 32;
    long long s = a + lane * per;
    long long e = s + per < b ? s + per : b;
    if (s >= e) return 0;
    int cur[LF_MAX_PARTS];
    int end[LF_MAX_PARTS];
    int first = dv[s - rowStart];
LF_UNROLL
    for (int q = 0; q < LF_MAX_PARTS; q++) {
        if (q < L.width && q != p) {
            int lo, hi;
            lw_range(L.part[q], in, r, lo, hi);
            cur[q] = lf_lower_bound(L.part[q].vals, lo, hi, first);
            end[q] = hi;
        }
    }
    long long hits = 0;
    bool exhausted = false;
    for (long long o = s; o < e; o++) {
        int v = dv[o - rowStart];
        bool member = !exhausted;
LF_UNROLL
        for (int q = 0; q < LF_MAX_PARTS; q++) {
            if (member && q < L.width && q != p) {
                int c = lf_gallop(L.part[q].vals, cur[q], end[q], v);
                cur[q] = c;
                if (c >= end[q]) {
                    member = false;
                    exhausted = true;   // every later value of the share is larger: none can match
                } else if (L.part[q].vals[c] != v) {
                    member = false;
                }
            }
        }
        if (FLAGS) {
            flags[o - o0] = member ? 1 : 0;
        } else if (exhausted) {
            break;
        }
        hits += member ? 1 : 0;
    }
    return hits;
}
