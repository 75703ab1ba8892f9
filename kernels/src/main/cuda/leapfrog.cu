// The Leapfrog GPU module: every kernel the executor launches (compiled to PTX and SASS at build time).
#include "plan.cuh"

__constant__ LfPlan c_plan;
// Set to 1 by the host (a copy on a second stream, which runs beside a busy kernel) to make running
// per-thread joins stop early; the host then discards their results (GpuDevice.requestAbort).
__device__ int lf_abort;

#include "lftj_kernels.cuh"
#include "levelwise_kernels.cuh"
#include "scan_kernels.cuh"
#include "rank_kernels.cuh"
#include "fused_kernels.cuh"
#include "warp_kernels.cuh"
#include "block_kernels.cuh"
#include "resident.cuh"
#include "fixpoint_kernels.cuh"
#include "filter_kernels.cuh"
#include "clique_kernels.cuh"

// Per-thread state sizes: (variables, participants per level). The executor picks the smallest that
// holds the query.
LF_LFTJ_KERNELS(4, 4)
LF_LFTJ_KERNELS(8, 8)
LF_LFTJ_KERNELS(16, 8)
LF_LEVELWISE_KERNELS(4, 4)
LF_LEVELWISE_KERNELS(8, 8)
LF_LEVELWISE_KERNELS(16, 8)
