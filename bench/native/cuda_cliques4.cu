// Hand-written CUDA 4-clique counter: how fast a kernel written for this one query can count the small
// SNAP graphs' 4-cliques, a yardstick for the general engine's small counts (docs/performance.md; figures
// in docs/results.md). Not a bench peer.
//
// Usage: zcat graph.txt.gz | cuda_cliques4 [timed_runs] [staged]
//   stdin: a SNAP edge list ("u v" per line, '#' comments); both directions, duplicates and self-loops
//   are fine. Prints count, kernel_us (median of the CUDA-event times of the kernel), round_trip_us
//   (median of memset + launch + synchronise + read-back of the count, as a host sees it).
//
// Method: relabel the nodes by (degree, id) and orient every edge from the lower label to the higher;
// sorted out-lists in CSR (with `staged`, copied into each block's shared memory first).
// One warp per oriented edge (u, v): the warp's lanes intersect N+(u) and N+(v) by binary search into a
// sorted list C in shared memory, then for each c in C count |N+(c) ∩ C| (lanes over N+(c), binary
// search in C). Each 4-clique u < v < c < d (in the orientation) is counted once.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <string>
#include <vector>

#include "cuda_check.h"
#include "median.h"

namespace {

constexpr int kWarps = 8;      // warps a block (unstaged)
constexpr int kCap = 1024;     // most common neighbours of an edge a warp holds (unstaged)
constexpr int kBigWarps = 32;  // warps a block, staged: one block an SM
constexpr int kBigCap = 256;

// Whether sorted a[lo, end) holds x.
__device__ __forceinline__ bool contains(const uint32_t* a, int lo, int end, uint32_t x) {
    int hi = end;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (a[mid] < x) lo = mid + 1; else hi = mid;
    }
    return lo < end && a[lo] == x;
}

// With STAGED, each block (kBigWarps warps) first copies rowStart and targets into its shared memory and
// searches them there, as the engine's depth-first count stages its tries.
template <int WARPS, int CAP, bool STAGED>
__global__ void __launch_bounds__(WARPS * 32) count4(const uint32_t* gRowStart, const uint32_t* gTargets,
                                                     const uint32_t* edgeSrc, uint32_t n, uint32_t m,
                                                     unsigned long long* total, int* overflow) {
    __shared__ uint32_t common[WARPS][CAP];
    extern __shared__ uint32_t staged[];
    const uint32_t* rowStart = gRowStart;
    const uint32_t* targets = gTargets;
    if (STAGED) {
        for (uint32_t i = threadIdx.x; i <= n; i += blockDim.x) staged[i] = gRowStart[i];
        for (uint32_t i = threadIdx.x; i < m; i += blockDim.x) staged[n + 1 + i] = gTargets[i];
        __syncthreads();
        rowStart = staged;
        targets = staged + n + 1;
    }
    const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    uint32_t* C = common[w];
    unsigned long long found = 0;
    const uint32_t warps = gridDim.x * WARPS;
    for (uint32_t e = blockIdx.x * WARPS + w; e < m; e += warps) {
        uint32_t u = edgeSrc[e], v = targets[e];
        uint32_t a0 = rowStart[u], a1 = rowStart[u + 1], b0 = rowStart[v], b1 = rowStart[v + 1];
        if (a1 - a0 > b1 - b0) {   // walk the shorter list, search the longer
            uint32_t t0 = a0, t1 = a1;
            a0 = b0;
            a1 = b1;
            b0 = t0;
            b1 = t1;
        }
        int k = 0;
        for (uint32_t i = a0; i < a1; i += 32) {
            bool hit = false;
            uint32_t x = 0;
            if (i + lane < a1) {
                x = targets[i + lane];
                hit = contains(targets, (int) b0, (int) b1, x);
            }
            unsigned hits = __ballot_sync(0xffffffffu, hit);
            int at = k + __popc(hits & ((1u << lane) - 1));
            if (hit && at < CAP) C[at] = x;
            k += __popc(hits);
        }
        if (k > CAP) {
            if (lane == 0) atomicExch(overflow, 1);
            k = CAP;
        }
        __syncwarp();
        for (int i = 0; i < k; i++) {
            uint32_t c = C[i];
            uint32_t c0 = rowStart[c], c1 = rowStart[c + 1];
            for (uint32_t j = c0 + lane; j < c1; j += 32) found += contains(C, 0, k, targets[j]);
        }
        __syncwarp();
    }
    for (int off = 16; off > 0; off >>= 1) found += __shfl_down_sync(0xffffffffu, found, off);
    if (lane == 0 && found) atomicAdd(total, found);
}

}  // namespace

int main(int argc, char** argv) {
    int runs = argc > 1 ? std::atoi(argv[1]) : 2000;
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    char line[256];
    while (std::fgets(line, sizeof line, stdin)) {
        if (line[0] == '#') continue;
        unsigned long a, b;
        if (std::sscanf(line, "%lu %lu", &a, &b) != 2 || a == b) continue;
        edges.emplace_back((uint32_t) std::min(a, b), (uint32_t) std::max(a, b));
    }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    uint32_t n = 0;
    for (auto& e : edges) n = std::max(n, e.second + 1);
    std::vector<uint32_t> degree(n, 0);
    for (auto& e : edges) degree[e.first]++, degree[e.second]++;
    auto lower = [&](uint32_t a, uint32_t b) { return degree[a] < degree[b] || (degree[a] == degree[b] && a < b); };
    // Relabel the nodes by (degree, id), as the engine renumbers: ids become dense, and the orientation
    // is by label.
    std::vector<uint32_t> order(n), label(n);
    for (uint32_t x = 0; x < n; x++) order[x] = x;
    std::sort(order.begin(), order.end(), lower);
    uint32_t isolated = 0;   // ids without edges sort first and are dropped
    while (isolated < n && degree[order[isolated]] == 0) isolated++;
    for (uint32_t i = isolated; i < n; i++) label[order[i]] = i - isolated;
    for (auto& e : edges) {
        uint32_t a = label[e.first], b = label[e.second];
        e = {std::min(a, b), std::max(a, b)};
    }
    std::vector<uint32_t> relabelled(n - isolated);
    for (uint32_t x = 0; x < n; x++) {
        if (degree[x] > 0) relabelled[label[x]] = degree[x];
    }
    degree.swap(relabelled);
    n -= isolated;
    uint32_t m = (uint32_t) edges.size();
    std::vector<uint32_t> rowStart(n + 1, 0), targets(m), edgeSrc(m);
    for (auto& e : edges) rowStart[(lower(e.first, e.second) ? e.first : e.second) + 1]++;
    for (uint32_t x = 0; x < n; x++) rowStart[x + 1] += rowStart[x];
    std::vector<uint32_t> fill(rowStart.begin(), rowStart.end() - 1);
    for (auto& e : edges) {
        uint32_t u = e.first, v = e.second;
        if (!lower(u, v)) std::swap(u, v);
        uint32_t at = fill[u]++;
        targets[at] = v;
        edgeSrc[at] = u;
    }
    for (uint32_t x = 0; x < n; x++) std::sort(targets.begin() + rowStart[x], targets.begin() + rowStart[x + 1]);
    for (uint32_t x = 0; x < n; x++)   // edgeSrc follows the sorted targets
        for (uint32_t i = rowStart[x]; i < rowStart[x + 1]; i++) edgeSrc[i] = x;

    uint32_t *dRow, *dTargets, *dSrc;
    unsigned long long* dTotal;
    int* dOverflow;
    CHECK(cudaMalloc(&dRow, sizeof(uint32_t) * (n + 1)));
    CHECK(cudaMalloc(&dTargets, sizeof(uint32_t) * std::max<uint32_t>(m, 1)));
    CHECK(cudaMalloc(&dSrc, sizeof(uint32_t) * std::max<uint32_t>(m, 1)));
    CHECK(cudaMalloc(&dTotal, sizeof(unsigned long long)));
    CHECK(cudaMalloc(&dOverflow, sizeof(int)));
    CHECK(cudaMemset(dOverflow, 0, sizeof(int)));
    CHECK(cudaMemcpy(dRow, rowStart.data(), sizeof(uint32_t) * (n + 1), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dTargets, targets.data(), sizeof(uint32_t) * m, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dSrc, edgeSrc.data(), sizeof(uint32_t) * m, cudaMemcpyHostToDevice));
    int sms = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    bool stagedRun = argc > 2 && std::string(argv[2]) == "staged";
    size_t stagedBytes = sizeof(uint32_t) * (n + 1 + (size_t) m);
    auto kernelFn = stagedRun ? count4<kBigWarps, kBigCap, true> : count4<kWarps, kCap, false>;
    int threads = stagedRun ? kBigWarps * 32 : kWarps * 32;
    size_t dyn = stagedRun ? stagedBytes : 0;
    if (stagedRun) {
        int optIn = 0;
        CHECK(cudaDeviceGetAttribute(&optIn, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
        size_t fixedBytes = sizeof(uint32_t) * kBigWarps * kBigCap;
        if (dyn + fixedBytes > (size_t) optIn) {
            std::fprintf(stderr, "error: the graph's %zu bytes do not fit a block's shared memory (%d bytes); run it unstaged\n",
                         stagedBytes, optIn);
            return 2;
        }
        CHECK(cudaFuncSetAttribute(kernelFn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) dyn));
    }
    int perSm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernelFn, threads, dyn));
    if (perSm == 0) {
        std::fprintf(stderr, "error: %zu bytes of graph do not fit a block's shared memory\n", stagedBytes);
        return 2;
    }
    unsigned blocks = (unsigned) std::min<uint64_t>((uint64_t) sms * perSm, (m + threads / 32 - 1) / (threads / 32));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<double> kernel, trip;
    unsigned long long count = 0, host = 0;
    for (int r = -runs / 10; r < runs; r++) {   // the first tenth warms up
        auto t0 = std::chrono::steady_clock::now();
        CHECK(cudaMemsetAsync(dTotal, 0, sizeof host, s));
        CHECK(cudaEventRecord(start, s));
        kernelFn<<<blocks, threads, dyn, s>>>(dRow, dTargets, dSrc, n, m, dTotal, dOverflow);
        CHECK(cudaEventRecord(stop, s));
        CHECK(cudaMemcpyAsync(&host, dTotal, sizeof host, cudaMemcpyDeviceToHost, s));
        CHECK(cudaStreamSynchronize(s));
        auto t1 = std::chrono::steady_clock::now();
        float ms;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        if (r >= 0) {
            kernel.push_back(ms * 1000.0);
            trip.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        }
        if (r > -runs / 10 && host != count) {
            std::fprintf(stderr, "error: counts differ between runs (%llu vs %llu)\n", host, count);
            return 4;
        }
        count = host;
    }
    int overflow = 0;
    CHECK(cudaMemcpy(&overflow, dOverflow, sizeof overflow, cudaMemcpyDeviceToHost));
    std::printf("%s: edges %u nodes %u blocks %u of %d threads\n", stagedRun ? "staged" : "global", m, n, blocks, threads);
    std::printf("count %llu%s\n", count, overflow ? " (WRONG: an edge had more common neighbours than a warp holds)" : "");
    std::printf("kernel_us %.2f\nround_trip_us %.2f\n", median(kernel), median(trip));
    return 0;
}
