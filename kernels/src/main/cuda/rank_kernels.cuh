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
