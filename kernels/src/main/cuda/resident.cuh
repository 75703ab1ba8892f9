// The resident block count: the block count (block_kernels.cuh) left running between counts, taking each
// count as a job from mapped host memory (ResidentKernel.java).
//
// A launch costs the host's call and the device's start before any work (bench/native/resident_latency.cu
// measures it), and every launch of the block count stages its plan and tries into each block's shared
// memory again. A query counted again and again
// over the same tries (a prepared query, docs/gpu.md) needs neither: this kernel stages once, then
// counts each job the host posts and hands the count over as the block count does, until it has had no
// job for idleNs, the host posts its quit word, or an abort is requested.
//
// Jobs are words (instance << 32) | n for the launch's instance number and the job's number n = 1, 2,
// ...; n = LW_RESIDENT_QUIT ends the instance. Only thread 0 of block 0 reads the host's word (many
// readers of host memory slow each other and the host: a block on every multiprocessor polling it
// makes a round trip hundreds of microseconds); it relays each word to the others through lw_resident_job in device memory. The count's
// result words and the job word as its epoch go where the block count's go (LfWarpArgs.result, which the
// host points at the mailbox). A job posted just as the kernel idled out is never answered; the host sees
// the stream empty and launches the kernel again for it.
#pragma once
#include "block_kernels.cuh"

// Its arguments (LwResidentArgs) and mailbox words (LW_RESIDENT_JOB, LW_RESIDENT_QUIT) are declared in
// layout.def.

// Block 0's relay of the host's job word; a word of an earlier instance is no job of this one.
__device__ unsigned long long lw_resident_job;

// Thread 0 of a block: the first job word of this instance after `seen`, or its quit word.
__device__ __forceinline__ unsigned long long lw_resident_next(const LwResidentArgs& r, unsigned long long seen) {
    const unsigned long long quit = (r.instance << 32) | LW_RESIDENT_QUIT;
    if (blockIdx.x != 0) {
        for (;;) {
            unsigned long long j = *(volatile unsigned long long*) &lw_resident_job;
            if ((j >> 32) == r.instance && j != seen) return j;
        }
    }
    const unsigned long long since = lw_global_ns();
    unsigned long long j;
    for (;;) {
        j = *(volatile unsigned long long*) &r.box[LW_RESIDENT_JOB];
        if ((j >> 32) == r.instance && j != seen) break;
        if (*(volatile int*) &lf_abort != 0 || lw_global_ns() - since > r.idleNs) {
            j = quit;
            break;
        }
    }
    *(volatile unsigned long long*) &lw_resident_job = j;
    __threadfence();
    return j;
}

template <class S, typename Plan>
__device__ __forceinline__ void lw_block_resident_of(const Plan& plan, const LfWarpArgs& a, const LwResidentArgs& r) {
    extern __shared__ __align__(16) char lw_block_smem[];
    __shared__ __align__(16) LwBlockShared b;
    __shared__ unsigned long long job;
    int parity = 0;
    int traced = 0;
    lw_warp_setup(plan, a, b.sp, b.tb, b.extra, lw_block_smem, traced);
    unsigned long long seen = r.instance << 32;
    for (;;) {
        if (threadIdx.x == 0) job = lw_resident_next(r, seen);
        __syncthreads();
        seen = job;
        if ((seen & LW_RESIDENT_QUIT) == LW_RESIDENT_QUIT) break;
        long long mine = lw_block_tasks<S>(b.sp, b.tb, b.extra, a, b.sums, parity);
        // Its barrier keeps thread 0 from writing the next job before every thread has read this one.
        lw_warp_finish(mine, a, traced, (long long) seen);
    }
}

#ifndef LF_SHAPED_MODULE
// The resident forms of the block count's three kernels (a count's kernel name + "_resident").
extern "C" __global__ void __launch_bounds__(LW_COUNT_MAX_THREADS) lw_block_count_resident(const __grid_constant__ LfPlan plan,
        const __grid_constant__ LfWarpArgs a, const __grid_constant__ LwResidentArgs r) {
    lw_block_resident_of<LfAnyShape>(plan, a, r);
}

extern "C" __global__ void __launch_bounds__(LW_COUNT_MAX_THREADS) lw_block_count_v4_resident(const __grid_constant__ LfPlanOf<4> plan,
        const __grid_constant__ LfWarpArgs a, const __grid_constant__ LwResidentArgs r) {
    lw_block_resident_of<LfAnyShape>(plan, a, r);
}

extern "C" __global__ void __launch_bounds__(LW_COUNT_MAX_THREADS) lw_block_count_v8_resident(const __grid_constant__ LfPlanOf<8> plan,
        const __grid_constant__ LfWarpArgs a, const __grid_constant__ LwResidentArgs r) {
    lw_block_resident_of<LfAnyShape>(plan, a, r);
}
#endif
