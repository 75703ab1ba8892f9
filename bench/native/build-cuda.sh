#!/usr/bin/env bash
# Builds the hand-written CUDA triangle counter into bench/native/build/ (git-ignored), for sm_80 and
# sm_90 (A100/H100 class) with nvcc -O3. The binary links the CUDA runtime statically, so it can be
# built here and run on a machine that has only the driver.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$here/build"
nvcc -O3 -std=c++17 -Xcompiler -fopenmp -Xcompiler -O3 \
    -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
    -o "$here/build/cuda_triangles.tmp" "$here/cuda_triangles.cu" -lgomp
mv -f "$here/build/cuda_triangles.tmp" "$here/build/cuda_triangles"
# The native launch-latency baseline for io.leapfrog.bench.GpuLatency (driver API, like JCuda's launches).
nvcc -O3 -std=c++17 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
    -o "$here/build/launch_latency.tmp" "$here/launch_latency.cu"
mv -f "$here/build/launch_latency.tmp" "$here/build/launch_latency"
# The hand-written 4-clique kernel (docs/performance.md): how fast a kernel written
# for this one query counts the small graphs.
nvcc -O3 -std=c++17 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
    -o "$here/build/cuda_cliques4.tmp" "$here/cuda_cliques4.cu"
mv -f "$here/build/cuda_cliques4.tmp" "$here/build/cuda_cliques4"
# The resident-kernel latency probe (docs/gpu.md, "Resident counts"): a kernel left running that
# takes jobs from mapped host memory, against a launch per job.
nvcc -O3 -std=c++17 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
    -o "$here/build/resident_latency.tmp" "$here/resident_latency.cu"
mv -f "$here/build/resident_latency.tmp" "$here/build/resident_latency"
