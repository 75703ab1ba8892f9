// Warp-level reductions and block scans shared by the kernels.
#pragma once
#include "lftj.cuh"

#define LF_FULL_MASK 0xffffffffu

// Adds every thread's v into *total: a warp sum, then one atomic per warp.
__device__ __forceinline__ void lf_block_add(long long v, unsigned long long* total) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(LF_FULL_MASK, v, off);
    if ((threadIdx.x & 31) == 0 && v != 0) atomicAdd(total, (unsigned long long) v);
}

// Commits every thread's partial reduction (see lf_combine in lftj.cuh) to out (the LF_REDUCED_* words):
// the bindings += hits, and the value (which the host set to lf_identity(op)) combined with acc; one
// atomic per warp for each.
__device__ __forceinline__ void lf_reduce_commit(long long hits, long long acc, int op, unsigned long long* out) {
    lf_block_add(hits, &out[LF_REDUCED_BINDINGS]);
    for (int off = 16; off > 0; off >>= 1) acc = lf_combine(acc, __shfl_down_sync(LF_FULL_MASK, acc, off), op);
    if ((threadIdx.x & 31) != 0 || acc == lf_identity(op)) return;
    if (op == LF_REDUCE_SUM) {
        atomicAdd(&out[LF_REDUCED_VALUE], (unsigned long long) acc);
    } else if (op == LF_REDUCE_FSUM) {
        atomicAdd((double*) &out[LF_REDUCED_VALUE], lf_bits_double(acc));
    } else if (op == LF_REDUCE_MIN) {
        atomicMin((long long*) &out[LF_REDUCED_VALUE], acc);
    } else {
        atomicMax((long long*) &out[LF_REDUCED_VALUE], acc);
    }
}

// Reports a program's evaluation error (lf_program_eval) to the host: the error code, and the operand
// that caused it (any one thread's, when several fail).
__device__ __forceinline__ void lf_reduce_error(int err, int errArg, unsigned long long* out) {
    if (err == LF_ERR_NONE) return;
    atomicExch(&out[LF_REDUCED_ERROR], (unsigned long long) err);
    atomicExch(&out[LF_REDUCED_ERROR_ARG], (unsigned long long) (long long) errArg);
}

// Exclusive scan of one value per thread across a block of LF_SCAN_THREADS threads; *blockTotal gets
// the sum of all of them. Every thread of the block must call it.
template <typename T>
__device__ __forceinline__ T lf_block_exclusive_scan(T v, T* blockTotal) {
    __shared__ T warpTotals[LF_SCAN_THREADS / 32];
    int lane = threadIdx.x & 31;
    int warp = threadIdx.x >> 5;
    T x = v;
    for (int off = 1; off < 32; off <<= 1) {
        T y = __shfl_up_sync(LF_FULL_MASK, x, off);
        if (lane >= off) x += y;
    }
    if (lane == 31) warpTotals[warp] = x;
    __syncthreads();
    if (warp == 0) {
        T t = lane < LF_SCAN_THREADS / 32 ? warpTotals[lane] : (T) 0;
        for (int off = 1; off < LF_SCAN_THREADS / 32; off <<= 1) {
            T y = __shfl_up_sync(LF_FULL_MASK, t, off);
            if (lane >= off) t += y;
        }
        if (lane < LF_SCAN_THREADS / 32) warpTotals[lane] = t;
    }
    __syncthreads();
    T before = warp > 0 ? warpTotals[warp - 1] : (T) 0;
    *blockTotal = warpTotals[LF_SCAN_THREADS / 32 - 1];
    __syncthreads();   // warpTotals is reused by the next call
    return before + x - v;
}
