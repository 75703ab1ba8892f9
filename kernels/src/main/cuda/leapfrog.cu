// The Leapfrog GPU module: every kernel the executor launches (compiled to PTX and SASS at build time).
#include "plan.cuh"

__constant__ LfPlan c_plan;

#include "lftj_kernels.cuh"
#include "levelwise_kernels.cuh"
#include "scan_kernels.cuh"
#include "rank_kernels.cuh"

// Per-thread state sizes: (variables, participants per level). The executor picks the smallest that
// holds the query.
LF_LFTJ_KERNELS(4, 4)
LF_LFTJ_KERNELS(8, 8)
LF_LFTJ_KERNELS(16, 8)
LF_LEVELWISE_KERNELS(4, 4)
LF_LEVELWISE_KERNELS(8, 8)
LF_LEVELWISE_KERNELS(16, 8)
