// LFTJ-GPU: one thread per first-level value of the driver (the paper's single-value intervals), each
// running the leapfrog triejoin below it. Four kernels per state size: count everything (reduced on
// the device), reduce a sum / min / max aggregate over every binding (on the device), count per driver
// value (to place materialised rows), and write rows.
#pragma once
#include "lftj.cuh"
#include "reduce.cuh"

extern __constant__ LfPlan c_plan;

template <int MV, int MP>
__device__ void lftj_count(int lo, int hi, unsigned long long* total) {
    long long mine = 0;
    int i = lo + blockIdx.x * blockDim.x + threadIdx.x;
    if (i < hi) {
        LfState<MV, MP> s;
        LfNoSink none;
        mine = lf_run<MV, MP>(c_plan, s, 0, true, i, i + 1, true, none);
    }
    lf_block_add(mine, total);
}

// Every binding below driver values [lo, hi) reduced into out's LF_REDUCED_* words: the bindings, op
// (an LfReduceOp) over the program's value over the bindings `keep` keeps (see LfReduceSink), an
// evaluation error; the host sets them to {0, lf_identity(op), 0, 0} first.
template <int MV, int MP>
__device__ void lftj_reduce(int lo, int hi, const LfProgram& value, const LfProgram& keep, int op,
                            unsigned long long* out) {
    LfReduceSink sink{&value, &keep, op, 0, lf_identity(op), 0, 0};
    int i = lo + blockIdx.x * blockDim.x + threadIdx.x;
    if (i < hi) {
        LfState<MV, MP> s;
        lf_run<MV, MP>(c_plan, s, 0, true, i, i + 1, false, sink);
    }
    lf_reduce_commit(sink.hits, sink.acc, op, out);
    lf_reduce_error(sink.err, sink.errArg, out);
}

template <int MV, int MP>
__device__ void lftj_count_each(int lo, int hi, long long* counts) {
    int i = lo + blockIdx.x * blockDim.x + threadIdx.x;
    if (i < hi) {
        LfState<MV, MP> s;
        LfNoSink none;
        counts[i - lo] = lf_run<MV, MP>(c_plan, s, 0, true, i, i + 1, true, none);
    }
}

// offsets[i - lo] is the first output row of driver index i; the rows [rowLo, rowHi) are written, row
// r at out[(r - rowLo) * k] (a heavy driver value's rows may span several such chunks).
template <int MV, int MP>
__device__ void lftj_write(int lo, int hi, const long long* offsets, long long rowLo, long long rowHi, int* out) {
    int i = lo + blockIdx.x * blockDim.x + threadIdx.x;
    if (i < hi) {
        LfState<MV, MP> s;
        LfWindowSink sink{out, offsets[i - lo], rowLo, rowHi};
        lf_run<MV, MP>(c_plan, s, 0, true, i, i + 1, false, sink);
    }
}

#define LF_LFTJ_KERNELS(MV, MP)                                                                          \
    extern "C" __global__ void lftj_count_v##MV##p##MP(int lo, int hi, unsigned long long* total) {     \
        lftj_count<MV, MP>(lo, hi, total);                                                               \
    }                                                                                                    \
    extern "C" __global__ void lftj_reduce_v##MV##p##MP(int lo, int hi, const __grid_constant__ LfProgram value, \
                                                       const __grid_constant__ LfProgram keep, int op,   \
                                                       unsigned long long* out) {                        \
        lftj_reduce<MV, MP>(lo, hi, value, keep, op, out);                                               \
    }                                                                                                    \
    extern "C" __global__ void lftj_count_each_v##MV##p##MP(int lo, int hi, long long* counts) {        \
        lftj_count_each<MV, MP>(lo, hi, counts);                                                         \
    }                                                                                                    \
    extern "C" __global__ void lftj_write_v##MV##p##MP(int lo, int hi, const long long* offsets,        \
                                                      long long rowLo, long long rowHi, int* out) {      \
        lftj_write<MV, MP>(lo, hi, offsets, rowLo, rowHi, out);                                          \
    }
