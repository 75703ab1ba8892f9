// Hand-written CUDA triangle counter: the floor the GPU join strategies are measured against.
//
// Usage: cuda_triangles <edges.bin> [timed_runs]
//   edges.bin: little-endian uint32 pairs (u, v), one undirected edge per pair (self-loops and
//   duplicates already removed; any orientation).
// Prints: run_seconds <s> for each timed run of the counting kernel (CUDA events; one untimed warm-up
// before them), count <n>, load_seconds (reading the file), prep_seconds (degree orientation, CSR build,
// copy to the GPU), kernel_seconds (their median).
//
// Method, the textbook one: orient every edge from the lower to the higher (degree, id) endpoint so each
// triangle is found once and out-degrees stay small; sorted out-neighbour lists in CSR; one thread per
// oriented edge (u, v) counts |N+(u) ∩ N+(v)| by merging the two sorted lists; a warp sum, then one
// atomic add per warp.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_check.h"

namespace {

double seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

__global__ void countTriangles(const uint64_t* rowStart, const uint32_t* targets, const uint32_t* edgeSrc,
                               uint64_t edges, unsigned long long* total) {
    uint64_t e = (uint64_t) blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long found = 0;
    if (e < edges) {
        uint32_t u = edgeSrc[e];
        uint32_t v = targets[e];
        uint64_t i = rowStart[u], ie = rowStart[u + 1];
        uint64_t j = rowStart[v], je = rowStart[v + 1];
        while (i < ie && j < je) {
            uint32_t a = targets[i], b = targets[j];
            if (a < b) {
                i++;
            } else if (a > b) {
                j++;
            } else {
                found++;
                i++;
                j++;
            }
        }
    }
    for (int off = 16; off > 0; off >>= 1) found += __shfl_down_sync(0xffffffffu, found, off);
    if ((threadIdx.x & 31) == 0 && found) atomicAdd(total, found);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: cuda_triangles <edges.bin> [timed_runs]\n");
        return 2;
    }
    int runs = argc > 2 ? std::atoi(argv[2]) : 5;
    auto t0 = std::chrono::steady_clock::now();
    FILE* f = std::fopen(argv[1], "rb");
    if (!f) {
        std::fprintf(stderr, "error: cannot open %s\n", argv[1]);
        return 2;
    }
    std::fseek(f, 0, SEEK_END);
    long bytes = std::ftell(f);
    std::fseek(f, 0, SEEK_SET);
    if (bytes % 8 != 0) {
        std::fprintf(stderr, "error: %s: %ld bytes is not a whole number of uint32 pairs\n", argv[1], bytes);
        return 2;
    }
    uint64_t m = (uint64_t) bytes / 8;
    std::vector<uint32_t> raw(2 * m);
    if (m > 0 && std::fread(raw.data(), 8, m, f) != m) {
        std::fprintf(stderr, "error: short read of %s\n", argv[1]);
        return 2;
    }
    std::fclose(f);
    auto t1 = std::chrono::steady_clock::now();

    uint32_t n = 0;
    for (uint64_t i = 0; i < 2 * m; i++) n = std::max(n, raw[i] + 1);
    std::vector<uint32_t> degree(n, 0);
    for (uint64_t i = 0; i < 2 * m; i++) degree[raw[i]]++;
    auto lower = [&](uint32_t a, uint32_t b) { return degree[a] < degree[b] || (degree[a] == degree[b] && a < b); };
    std::vector<uint64_t> rowStart(n + 1, 0);
    for (uint64_t i = 0; i < m; i++) {
        uint32_t u = raw[2 * i], v = raw[2 * i + 1];
        rowStart[(lower(u, v) ? u : v) + 1]++;
    }
    for (uint32_t x = 0; x < n; x++) rowStart[x + 1] += rowStart[x];
    std::vector<uint32_t> targets(m), edgeSrc(m);
    {
        std::vector<uint64_t> fill(rowStart.begin(), rowStart.end() - 1);
        for (uint64_t i = 0; i < m; i++) {
            uint32_t u = raw[2 * i], v = raw[2 * i + 1];
            if (!lower(u, v)) std::swap(u, v);
            uint64_t at = fill[u]++;
            targets[at] = v;
            edgeSrc[at] = u;
        }
    }
#pragma omp parallel for schedule(dynamic, 1024)
    for (long long x = 0; x < (long long) n; x++) std::sort(targets.begin() + rowStart[x], targets.begin() + rowStart[x + 1]);
    raw.clear();
    raw.shrink_to_fit();

    uint64_t *dRow;
    uint32_t *dTargets, *dSrc;
    unsigned long long* dTotal;
    CHECK(cudaMalloc(&dRow, sizeof(uint64_t) * (n + 1)));
    CHECK(cudaMalloc(&dTargets, sizeof(uint32_t) * std::max<uint64_t>(m, 1)));
    CHECK(cudaMalloc(&dSrc, sizeof(uint32_t) * std::max<uint64_t>(m, 1)));
    CHECK(cudaMalloc(&dTotal, sizeof(unsigned long long)));
    CHECK(cudaMemcpy(dRow, rowStart.data(), sizeof(uint64_t) * (n + 1), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dTargets, targets.data(), sizeof(uint32_t) * m, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dSrc, edgeSrc.data(), sizeof(uint32_t) * m, cudaMemcpyHostToDevice));
    CHECK(cudaDeviceSynchronize());
    auto t2 = std::chrono::steady_clock::now();

    const int block = 256;
    uint64_t blocks = (m + block - 1) / block;
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    unsigned long long count = 0;
    std::vector<float> ms;
    for (int r = -1; r < runs; r++) {  // run -1 warms up
        CHECK(cudaMemset(dTotal, 0, sizeof(unsigned long long)));
        CHECK(cudaEventRecord(start));
        if (blocks > 0) countTriangles<<<(unsigned) blocks, block>>>(dRow, dTargets, dSrc, m, dTotal);
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        CHECK(cudaGetLastError());
        float t;
        CHECK(cudaEventElapsedTime(&t, start, stop));
        unsigned long long c;
        CHECK(cudaMemcpy(&c, dTotal, sizeof c, cudaMemcpyDeviceToHost));
        if (r >= 0) {
            ms.push_back(t);
            std::printf("run_seconds %.6f\n", t / 1000.0);
        }
        if (r > -1 && c != count) {
            std::fprintf(stderr, "error: counts differ between runs (%llu vs %llu)\n", c, count);
            return 4;
        }
        count = c;
    }
    std::sort(ms.begin(), ms.end());
    double kernel = ms.empty() ? 0 : ms[ms.size() / 2] / 1000.0;
    std::printf("count %llu\n", count);
    std::printf("load_seconds %.6f\n", seconds(t0, t1));
    std::printf("prep_seconds %.6f\n", seconds(t1, t2));
    std::printf("kernel_seconds %.6f\n", kernel);
    std::printf("edges %llu\nnodes %u\n", (unsigned long long) m, n);
    return 0;
}
