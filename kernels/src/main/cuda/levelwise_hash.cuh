// Grouped counting at the level-wise join's last level: a warp keeps one participant's list in a hash
// table in shared memory while its candidates' rows share that list.
//
// Why: at the last level of a count the participant whose parent was bound early (x's neighbours in
// e(x,y), e(y,z), e(x,z), bound two levels up) is the same list for a run of consecutive rows (every
// y of one x), and lw_count searched it once per candidate: a chain of dependent reads each time.
// Held in a hash table, a membership test is one or two shared-memory reads, and a row may then draw
// its candidates from its other, longer list when that costs less (lw_sizes weighs the two).
#pragma once
#include "levelwise.cuh"

#include <climits>

#define LW_HASH_EMPTY INT_MIN

// One warp's table: open addressing, linear probing, power-of-two size, multiplicative hashing.
struct LwWarpHash {
    int* table;      // this warp's slots in shared memory
    int parent;      // the node of the group participant's parent level whose children it holds; -1: none
    int mask;        // slots in use - 1
    int shift;       // 32 - log2(slots in use)
    bool hasMin;     // INT_MIN is among the values (it marks an empty slot, so it is not stored)
};

__device__ __forceinline__ unsigned lw_hash_of(int v, int shift) {
    return ((unsigned) v * 0x9E3779B1u) >> shift;
}

__device__ __forceinline__ bool lw_hash_has(const LwWarpHash& h, int v) {
    if (v == LW_HASH_EMPTY) return h.hasMin;
    unsigned i = lw_hash_of(v, h.shift);
    while (true) {
        int t = h.table[i];
        if (t == v) return true;
        if (t == LW_HASH_EMPTY) return false;
        i = (i + 1) & h.mask;
    }
}

// Fills the warp's table with vals[lo, hi) (distinct; at most SLOTS/2 of them), the children of
// `parent`. Called by the whole warp. The table is sized at about four slots per value where room
// allows (at most two), so that a missing value's probe ends at an empty slot after one or two reads;
// only the slots in use are cleared, so a short list costs a short rebuild.
template <int SLOTS>
__device__ __forceinline__ void lw_hash_build(LwWarpHash& h, const int* vals, int lo, int hi, int parent) {
    int lane = threadIdx.x & 31;
    int n = hi - lo;
    int bits = 5;
    while ((1 << bits) < 4 * n && (1 << bits) < SLOTS) bits++;
    int size = 1 << bits;
    __syncwarp();                                            // every lane is done with the old table
    for (int i = lane; i < size; i += 32) h.table[i] = LW_HASH_EMPTY;
    __syncwarp();
    bool min = false;
    for (int i = lo + lane; i < hi; i += 32) {
        int v = vals[i];
        if (v == LW_HASH_EMPTY) {
            min = true;
            continue;
        }
        unsigned s = lw_hash_of(v, 32 - bits);
        while (atomicCAS(&h.table[s], LW_HASH_EMPTY, v) != LW_HASH_EMPTY) s = (s + 1) & (size - 1);
    }
    h.hasMin = __any_sync(LF_FULL_MASK, min);
    __syncwarp();
    h.parent = parent;
    h.mask = size - 1;
    h.shift = 32 - bits;
}

// lw_step_members with participant hp answered from the warp's table for every candidate whose row's
// hp-list is the one the table holds (the others, and every other participant, by binary search).
template <int K>
__device__ __forceinline__ unsigned lw_step_members_hashed(const LfLevel& L, const LfTable& in, const int* row, const int* p,
                                                           const int* v, unsigned live, bool sameRow, int hp,
                                                           const LwWarpHash& h) {
    const LfPart& G = L.part[hp];
    unsigned hashed = 0;                                     // candidates whose hp-list is in the table
    if (h.parent >= 0) {
        bool rowInTable = sameRow && in.slot[G.parentSlot][row[0]] == h.parent;
        for (int k = 0; k < K; k++)
            if (((live >> k) & 1u) && p[k] != hp && (sameRow ? rowInTable : in.slot[G.parentSlot][row[k]] == h.parent))
                hashed |= 1u << k;
    }
    for (int k = 0; k < K; k++)
        if (((hashed >> k) & 1u) && !lw_hash_has(h, v[k])) live &= ~(1u << k);
    for (int q = 0; q < L.width && live != 0; q++) {
        unsigned need = 0;                                   // candidates q must still contain
        for (int k = 0; k < K; k++)
            if (((live >> k) & 1u) && p[k] != q && !(q == hp && ((hashed >> k) & 1u))) need |= 1u << k;
        if (need == 0) continue;
        unsigned found;
        if (sameRow && L.part[q].rank == nullptr) {          // one row: one range for every candidate
            int lo, hi;
            lw_range(L.part[q], in, row[0], lo, hi);
            found = lf_contains_batch<K>(L.part[q].vals, lo, hi, v, need);
        } else {
            int lo[K], hi[K];
            for (int k = 0; k < K; k++) {
                lo[k] = 0;
                hi[k] = 0;
                if ((need >> k) & 1u) lw_range(L.part[q], in, row[k], lo[k], hi[k]);
            }
            if (L.part[q].rank != nullptr) {
                found = 0;
                for (int k = 0; k < K; k++)
                    if (((need >> k) & 1u) && lf_part_find(L.part[q], lo[k], hi[k], v[k]) >= 0) found |= 1u << k;
            } else {
                found = lf_contains_batch_ranges<K>(L.part[q].vals, lo, hi, v, need);
            }
        }
        live &= ~need | found;
    }
    return live;
}
