// Device-wide exclusive scan, in tiles: scan_tiles scans each tile of LF_SCAN_TILE values and writes
// the tile's sum; the host scans the tile sums (recursively) and scan_add adds each tile's offset and
// writes the total. A single tile's sum is the total: the host points tileSums at out[n].
#pragma once
#include "reduce.cuh"

#define LF_SCAN_ITEMS 8
#define LF_SCAN_TILE (LF_SCAN_THREADS * LF_SCAN_ITEMS)

template <typename T>
__device__ void scan_tiles(const T* in, T* out, int n, T* tileSums) {
    __shared__ T tile[LF_SCAN_TILE];
    long long base = (long long) blockIdx.x * LF_SCAN_TILE;
    int t = threadIdx.x;
    for (int j = 0; j < LF_SCAN_ITEMS; j++) {   // coalesced load
        long long i = base + j * LF_SCAN_THREADS + t;
        tile[j * LF_SCAN_THREADS + t] = i < n ? in[i] : (T) 0;
    }
    __syncthreads();
    T sum = 0;
    for (int j = 0; j < LF_SCAN_ITEMS; j++) sum += tile[t * LF_SCAN_ITEMS + j];
    T total;
    T running = lf_block_exclusive_scan<T>(sum, &total);
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
    if (t == 0) tileSums[blockIdx.x] = total;
}

// Run over n + 1 threads: thread n writes the total (tileOffsets[tiles], the scanned tile sums'
// total) to out[n], so the host needs no separate copy of it.
template <typename T>
__device__ void scan_add(T* out, int n, const T* tileOffsets) {
    long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] += tileOffsets[i / LF_SCAN_TILE];
    else if (i == n) out[n] = tileOffsets[(n + LF_SCAN_TILE - 1) / LF_SCAN_TILE];
}

extern "C" __global__ void __launch_bounds__(LF_SCAN_THREADS) scan_tiles_i64(const long long* in, long long* out, int n, long long* sums) {
    scan_tiles<long long>(in, out, n, sums);
}
extern "C" __global__ void __launch_bounds__(LF_SCAN_THREADS) scan_tiles_i32(const int* in, int* out, int n, int* sums) {
    scan_tiles<int>(in, out, n, sums);
}
extern "C" __global__ void scan_add_i64(long long* out, int n, const long long* offsets) {
    scan_add<long long>(out, n, offsets);
}
extern "C" __global__ void scan_add_i32(int* out, int n, const int* offsets) {
    scan_add<int>(out, n, offsets);
}
