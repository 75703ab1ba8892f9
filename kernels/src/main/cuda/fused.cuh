// The fused level-wise count's data: its workspace layout and work items, shared by the kernel
// (fused_kernels.cuh) and the host-side test, which runs the same steps one item at a time.
//
// The fused count binds one level at a time as the level-wise join does, but inside one cooperative
// launch: the tables and the work of the next level are placed by atomic counters instead of prefix
// sums read back by the host, so a small join costs one launch (its result awaited in mapped host
// memory) instead of about twenty launches and eight read-backs. The order of rows in a table is
// therefore arbitrary, which a count does not see. A level that outgrows the workspace stops the
// kernel; the host then runs the level-wise join (LevelwiseGpuJoin), so the answer never depends on
// the workspace's size.
#pragma once
#include "levelwise.cuh"

// Its arguments (LfFusedArgs), the staged spans (LW_FUSED_SPANS) and the header words at the start of its
// workspace (LW_FUSED_*, which the host zeroes before a launch) are declared in layout.def.

// Candidates of one work item: one batch of the membership checks (lw_members).
#define LW_FUSED_BATCH 4

// Work items of a row whose driver range is [lo, hi): one per LW_FUSED_BATCH candidates.
LF_HD long long lw_fused_items(int lo, int hi) {
    return hi > lo ? (hi - lo + LW_FUSED_BATCH - 1) / LW_FUSED_BATCH : 0;
}

LF_HD long long lw_fused_item(int row, int first) {
    return ((long long) row << 32) | (unsigned) first;
}

LF_HD int lw_fused_item_row(long long item) {
    return (int) (item >> 32);
}

LF_HD int lw_fused_item_first(long long item) {
    return (int) (unsigned) item;
}

// The candidates of a work item: v[k] for k < the returned number, from driver p's values from `first`
// up to hi (at most LW_FUSED_BATCH); `live` gets their bits.
LF_HD int lw_fused_candidates(const LfLevel& L, int p, int first, int hi, int* v, unsigned& live) {
    int n = hi - first < LW_FUSED_BATCH ? hi - first : LW_FUSED_BATCH;
    live = 0;
    for (int k = 0; k < LW_FUSED_BATCH; k++) {
        v[k] = k < n ? L.part[p].vals[first + k] : 0;
        if (k < n) live |= 1u << k;
    }
    return n;
}
