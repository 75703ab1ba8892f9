// The compiled shape of one conjunctive query as the join kernels read it, and what every kernel reads
// of it: a level's bounds under a binding and a participant's index range.
//
// The plan's structs (LfPlan, LfLevel, LfPart, LfPlanOf), with every other struct the host writes for the
// kernels and the constants both sides share, are declared in layout_gen.cuh, which the build generates
// from kernels/src/main/layout/layout.def together with the Java side that writes them
// (io.leapfrog.kernels.layout); its static_asserts pin every offset.
#pragma once

#ifdef __CUDACC__
#define LF_HD __host__ __device__ __forceinline__
#else
#define LF_HD inline
#endif

#include "layout_gen.cuh"

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
