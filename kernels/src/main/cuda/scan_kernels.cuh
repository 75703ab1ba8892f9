// Device-wide exclusive scan in one pass ("decoupled look-back", Merrill and Garland 2016): each block
// takes the next tile of LF_SCAN_TILE values (tiles are numbered in the order blocks start, so a
// tile's predecessors are running or done, never waiting to be scheduled), scans it in shared memory,
// publishes its own sum, then walks back over its predecessors' published values until one carries an
// inclusive prefix; it publishes its own inclusive prefix and writes its values. The last tile writes
// the total to out[n]. One launch per scan, whatever n; the host clears the tile states first.
#pragma once
#include "reduce.cuh"

// A tile's published state, one 64-bit word so that value and flag are read and written together:
// (value << 2) | flag, flag 0 = not yet, 1 = the tile's own sum, 2 = the inclusive prefix through it.
// Values are counts (never negative, below 2^62).
#define LF_TILE_SUM 1ull
#define LF_TILE_PREFIX 2ull

__device__ __forceinline__ void lf_publish(unsigned long long* state, long long value, unsigned long long flag) {
    __threadfence();   // the tile's reads are done before its state is seen (in-place scans)
    atomicExch(state, ((unsigned long long) value << 2) | flag);
}

// Exclusive prefix of tile t: its predecessors' published sums, back to the first inclusive prefix.
__device__ __forceinline__ long long lf_look_back(unsigned long long* states, int t) {
    long long prefix = 0;
    for (int j = t - 1; j >= 0;) {
        unsigned long long s = atomicAdd(&states[j], 0ull);   // a coherent read of the published word
        unsigned long long flag = s & 3ull;
        if (flag == 0) continue;                              // tile j has not published yet: wait
        prefix += (long long) (s >> 2);
        if (flag == LF_TILE_PREFIX) break;
        j--;
    }
    return prefix;
}

// states: one word per tile plus the tile counter (states[tiles]), all zero before the launch.
template <typename T>
__device__ void scan_single_pass(const T* in, T* out, int n, unsigned long long* states, int tiles) {
    __shared__ T tile[LF_SCAN_TILE];
    __shared__ int tileIndex;
    __shared__ T tilePrefix;
    int t = threadIdx.x;
    if (t == 0) tileIndex = (int) atomicAdd(&states[tiles], 1ull);
    __syncthreads();
    int ti = tileIndex;
    long long base = (long long) ti * LF_SCAN_TILE;
    for (int j = 0; j < LF_SCAN_ITEMS; j++) {   // coalesced load
        long long i = base + j * LF_SCAN_THREADS + t;
        tile[j * LF_SCAN_THREADS + t] = i < n ? in[i] : (T) 0;
    }
    __syncthreads();
    T sum = 0;
    for (int j = 0; j < LF_SCAN_ITEMS; j++) sum += tile[t * LF_SCAN_ITEMS + j];
    T total;
    T running = lf_block_exclusive_scan<T>(sum, &total);
    if (t == 0) {
        if (ti == 0) {
            lf_publish(&states[0], total, LF_TILE_PREFIX);
            tilePrefix = 0;
        } else {
            lf_publish(&states[ti], total, LF_TILE_SUM);
            long long prefix = lf_look_back(states, ti);
            lf_publish(&states[ti], prefix + total, LF_TILE_PREFIX);
            tilePrefix = (T) prefix;
        }
        if (ti == tiles - 1) out[n] = tilePrefix + total;
    }
    __syncthreads();
    running += tilePrefix;
    for (int j = 0; j < LF_SCAN_ITEMS; j++) {   // each thread rewrites its own consecutive items
        T v = tile[t * LF_SCAN_ITEMS + j];
        tile[t * LF_SCAN_ITEMS + j] = running;
        running += v;
    }
    __syncthreads();
    for (int j = 0; j < LF_SCAN_ITEMS; j++) {   // coalesced store
        long long i = base + j * LF_SCAN_THREADS + t;
        if (i < n) out[i] = tile[j * LF_SCAN_THREADS + t];
    }
}

extern "C" __global__ void __launch_bounds__(LF_SCAN_THREADS) scan_i64(const long long* in, long long* out, int n,
                                                                       unsigned long long* states, int tiles) {
    scan_single_pass<long long>(in, out, n, states, tiles);
}
extern "C" __global__ void __launch_bounds__(LF_SCAN_THREADS) scan_i32(const int* in, int* out, int n,
                                                                       unsigned long long* states, int tiles) {
    scan_single_pass<int>(in, out, n, states, tiles);
}
