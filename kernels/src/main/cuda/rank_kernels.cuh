// Rank tables of dense first trie levels (see LfPart.rank): built once per resident trie.
#pragma once
#include "plan.cuh"

// rank[k] = index of the first of the len sorted distinct vals that is >= minv + k, for k in
// [0, vals[len-1] - minv]: value i owns the keys after the previous value up to itself.
extern "C" __global__ void lf_build_rank(const int* vals, int len, int minv, int* rank) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= len) return;
    long long from = i == 0 ? 0 : (long long) vals[i - 1] - minv + 1;
    long long to = (long long) vals[i] - minv;
    for (long long k = from; k <= to; k++) rank[k] = i;
}

// Core bitmap of a trie level (LfPart.bits, cleared first): one warp per node p of the level above in
// [row0, row0 + rows) sets bit (p - row0, v - col0) for each child v of p within the columns.
extern "C" __global__ void lf_build_bits(const int* vals, const int* parentOff, int row0, int rows, int col0, int words,
                                         unsigned* bits) {
    long long warp = ((long long) blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    if (warp >= rows) return;
    int lane = threadIdx.x & 31;
    int p = row0 + (int) warp;
    unsigned* row = bits + warp * words;
    for (int i = parentOff[p] + lane; i < parentOff[p + 1]; i += 32) {
        long long c = (long long) vals[i] - col0;
        if (c >= 0 && c < 32LL * words) atomicOr(&row[c >> 5], 1u << (c & 31));
    }
}
