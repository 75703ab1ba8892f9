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

// Trie arrays a fused count may copy into shared memory (LfFusedArgs.spanSrc).
#define LW_FUSED_SPANS 24

// Candidates of one work item: one batch of the membership checks (lw_members).
#define LW_FUSED_BATCH 4

// Header words (unsigned long long) at the start of the workspace; the host zeroes them before a launch.
#define LW_FUSED_COUNT 0                          // the count
#define LW_FUSED_ROWS 1                           // + level: rows of the table of levels 0..level-1
#define LW_FUSED_ITEMS (1 + LF_MAX_VARS)          // + level: work items of level `level`
#define LW_FUSED_HEADER_WORDS (1 + 2 * LF_MAX_VARS)
// Blocks that have finished, in the word of level 0's rows (always the one root row, never counted).
#define LW_FUSED_DONE LW_FUSED_ROWS
// With LfFusedArgs.trace: block 0's clock64() at the start, after staging, after each grid-wide barrier
// and at the end, in words LW_FUSED_TRACE... of the header (at most LW_FUSED_TRACE_WORDS of them), for
// bench GpuJoinLatency. Cycles of one multiprocessor: where a small count's time goes, step by step.
#define LW_FUSED_TRACE LW_FUSED_HEADER_WORDS
#define LW_FUSED_TRACE_WORDS 30
static_assert(8 * (LW_FUSED_TRACE + LW_FUSED_TRACE_WORDS) <= 512, "the header's 512 bytes (FusedLevelwiseCount.HEADER_BYTES)");

struct LfFusedArgs {
    LfTable table[2];             // level l reads table[l & 1] (rows binding levels 0..l-1), writes table[(l + 1) & 1]
    int* drv[2];                  // per row of table[i]: the driver participant of the row's next level
    int* drvHi[2];                // and the end of its index range
    long long* items[2];          // level l's work items, in items[l & 1]: row << 32 | index of the first candidate
    unsigned long long* header;   // LW_FUSED_* words
    long long rowsCap;            // rows each table holds
    long long itemsCap;           // items each queue holds
    unsigned keep[LF_MAX_VARS];   // slots the table written at level l holds (GpuPlan.keepSlotsAfter(l))
    // Trie arrays each block copies into its shared memory first (byte spanAt[i] of the dynamic shared
    // memory, spanBytes[i] bytes from spanSrc[i]); the block's copy of the plan then points there. A
    // small join's time is chains of dependent loads (binary searches, offsets), each a round trip to L2
    // from global memory and a tenth of that from shared memory.
    const char* spanSrc[LW_FUSED_SPANS];
    int spanBytes[LW_FUSED_SPANS];
    int spanAt[LW_FUSED_SPANS];
    int nSpans;
    int trace;                    // nonzero: block 0 writes its clock at each step to the LW_FUSED_TRACE words
    // The result, in host memory the device maps (GpuDevice.awaitResult): the last block to finish
    // writes [0] the count and [1] 1 when a level outgrew the workspace, then [2] = epoch, which the
    // host waits for: no read-back through the driver.
    unsigned long long* result;
    long long epoch;
};
// Byte offsets shared with FusedLevelwiseCount.java.
static_assert(sizeof(LfFusedArgs) == 2 * sizeof(LfTable) + 72 + 4 * LF_MAX_VARS + 16 * LW_FUSED_SPANS + 8 + 16, "LfFusedArgs layout");
static_assert(__builtin_offsetof(LfFusedArgs, result) == 1312, "LfFusedArgs.result");
static_assert(__builtin_offsetof(LfFusedArgs, spanSrc) == 920, "LfFusedArgs.spanSrc");
static_assert(__builtin_offsetof(LfFusedArgs, nSpans) == 920 + 16 * LW_FUSED_SPANS, "LfFusedArgs.nSpans");
static_assert(__builtin_offsetof(LfFusedArgs, drv) == 784, "LfFusedArgs.drv");
static_assert(__builtin_offsetof(LfFusedArgs, header) == 832, "LfFusedArgs.header");
static_assert(__builtin_offsetof(LfFusedArgs, keep) == 856, "LfFusedArgs.keep");

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
