// The compiled shape of one conjunctive query, as the join kernels read it (from constant memory).
//
// Level l binds variable l. Each level lists its participants: a trie level whose values are
// intersected to bind the variable. A participant at trie level 0 ranges over the whole value array;
// a deeper one over the children of its parent node, whose index is the position its atom reached one
// trie level up (the "parent slot"). Every participant records the position it matched in its own
// slot; participants that duplicate another (same trie, same bound prefix) share its slot.
//
// The layout is fixed and mirrored byte for byte by io.leapfrog.exec.gpu.plan.PlanLayout on the Java
// side; the static_asserts below fail the build if either side drifts.
#pragma once

#ifdef __CUDACC__
#define LF_HD __host__ __device__ __forceinline__
#else
#define LF_HD inline
#endif

#define LF_MAX_VARS 16
#define LF_MAX_PARTS 8
#define LF_MAX_SLOTS 32
#define LF_MAX_BOUNDS 4

struct LfPart {
    const int* vals;        // the trie level's values
    const int* parentOff;   // offsets of the trie level above (children of node j: [off[j], off[j+1])), or null
    const int* rank;        // trie level 0 only, or null: rank[k] = index of the first value >= rankMin + k,
                            // for k in [0, rankSpan) (a dense first level: seeks in O(1), see search.cuh)
    int parentSlot;         // slot holding the parent node's index (unused at trie level 0)
    int slot;               // slot receiving the matched index
    int len;                // number of values (used at trie level 0)
    int rankMin;            // smallest value (with rank)
    int rankSpan;           // largest value - smallest value + 1 (with rank)
    int pad;
    const unsigned* bits;   // or null: the core bitmap of a deeper trie level (search.cuh, lf_core_bit): bit
                            // (p - bitsRow0, v - bitsCol0) is set when v is a child of node p of the level above,
                            // for p in [bitsRow0, bitsRow0 + bitsRows) and v in [bitsCol0, bitsCol0 + 32 * bitsWords);
                            // every child of such a p lies in those columns (lw_count_bits counts rows from them)
    int bitsRow0;
    int bitsRows;
    int bitsCol0;
    int bitsWords;          // 32-bit words per row
};

struct LfLevel {
    int width;              // participants
    int nLower;             // variable lower bounds: value >= binding[lowerVar] + lowerAdd
    int nUpper;             // variable upper bounds: value <= binding[upperVar] - upperSub
    int pad;
    long long lowerConst;   // value >= lowerConst
    long long upperConst;   // value <= upperConst
    int lowerVar[LF_MAX_BOUNDS];
    int lowerAdd[LF_MAX_BOUNDS];
    int upperVar[LF_MAX_BOUNDS];
    int upperSub[LF_MAX_BOUNDS];
    LfPart part[LF_MAX_PARTS];
};

struct LfPlan {
    int nvars;              // levels
    int outVars;            // report distinct bindings of variables 0..outVars-1 (the rest is existential)
    int nslots;
    int pad;
    LfLevel level[LF_MAX_VARS];
};

// The head of an LfPlan with room for V levels only: what a kernel takes by value when the host knows
// the plan has at most V levels, so that a launch copies fewer parameter bytes (a 10,768-byte parameter
// costs about 4 us a launch more than a 1,536-byte one on an H200; docs/performance.md, eighteenth
// session). Its bytes are the plan's first ones.
template <int V>
struct LfPlanOf {
    int nvars;
    int outVars;
    int nslots;
    int pad;
    LfLevel level[V];
};
static_assert(sizeof(LfPlanOf<LF_MAX_VARS>) == sizeof(LfPlan), "LfPlanOf layout");

// Byte offsets shared with PlanLayout.java.
static_assert(sizeof(LfPart) == 72, "LfPart layout");
static_assert(sizeof(LfLevel) == 96 + LF_MAX_PARTS * 72, "LfLevel layout");
static_assert(sizeof(LfPlan) == 16 + LF_MAX_VARS * (96 + LF_MAX_PARTS * 72), "LfPlan layout");
static_assert(__builtin_offsetof(LfLevel, lowerConst) == 16, "LfLevel.lowerConst");
static_assert(__builtin_offsetof(LfLevel, lowerVar) == 32, "LfLevel.lowerVar");
static_assert(__builtin_offsetof(LfLevel, part) == 96, "LfLevel.part");
static_assert(__builtin_offsetof(LfPart, rank) == 16, "LfPart.rank");
static_assert(__builtin_offsetof(LfPart, parentSlot) == 24, "LfPart.parentSlot");
static_assert(__builtin_offsetof(LfPart, rankMin) == 36, "LfPart.rankMin");
static_assert(__builtin_offsetof(LfPart, bits) == 48, "LfPart.bits");
static_assert(__builtin_offsetof(LfPart, bitsWords) == 68, "LfPart.bitsWords");

// Bounds of level l under the current binding; false when the range is empty.
LF_HD bool lf_bounds(const LfLevel& L, const int* binding, long long& lb, long long& ub) {
    lb = L.lowerConst;
    ub = L.upperConst;
    for (int i = 0; i < L.nLower; i++) {
        long long b = (long long) binding[L.lowerVar[i]] + L.lowerAdd[i];
        if (b > lb) lb = b;
    }
    for (int i = 0; i < L.nUpper; i++) {
        long long b = (long long) binding[L.upperVar[i]] - L.upperSub[i];
        if (b < ub) ub = b;
    }
    return lb <= ub;
}

// The index range a participant ranges over, given the slots of the bound prefix.
LF_HD void lf_range(const LfPart& p, const int* slotPos, int& lo, int& hi) {
    if (p.parentOff == nullptr) {
        lo = 0;
        hi = p.len;
    } else {
        int parent = slotPos[p.parentSlot];
        lo = p.parentOff[parent];
        hi = p.parentOff[parent + 1];
    }
}
