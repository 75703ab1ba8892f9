// Hand-written triangle / 4-clique counter: the C++ baseline the Leapfrog bench compares against.
//
// Usage: clique_counter <triangles|4cliques> <edges.txt[.gz]> [threads]
// Prints three lines: "count <n>", "load_seconds <s>", "kernel_seconds <s>".
// kernel_seconds covers orientation, CSR build and counting; load_seconds covers reading the file.
//
// Method (the textbook fast one): orient every undirected edge from the lower to the higher
// (degree, id) endpoint, so each clique is found exactly once and out-degrees stay small
// (O(sqrt m)); keep out-neighbours sorted in CSR; count by sorted merge intersection;
// OpenMP over vertices with a dynamic schedule because work per vertex is very skewed.
#include <zlib.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct EdgeList {
    std::vector<uint32_t> u, v;
    uint32_t nodes = 0;
};

// Reads "u v" pairs (any whitespace), skipping '#' comment lines and self-loops; gzip or plain.
EdgeList readEdges(const char* path) {
    gzFile f = gzopen(path, "rb");
    if (!f) { std::fprintf(stderr, "error: cannot open %s\n", path); std::exit(2); }
    gzbuffer(f, 1 << 20);
    EdgeList el;
    char line[4096];
    long lineNo = 0;
    while (gzgets(f, line, sizeof line)) {
        ++lineNo;
        char* p = line;
        while (*p == ' ' || *p == '\t') ++p;
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == 0) continue;
        char* end;
        unsigned long a = std::strtoul(p, &end, 10);
        if (end == p) { std::fprintf(stderr, "error: %s:%ld: expected two node ids\n", path, lineNo); std::exit(2); }
        p = end;
        unsigned long b = std::strtoul(p, &end, 10);
        if (end == p) { std::fprintf(stderr, "error: %s:%ld: expected two node ids\n", path, lineNo); std::exit(2); }
        if (a == b) continue;
        el.u.push_back((uint32_t)a);
        el.v.push_back((uint32_t)b);
        el.nodes = std::max<uint32_t>(el.nodes, (uint32_t)std::max(a, b) + 1);
    }
    gzclose(f);
    return el;
}

struct Csr {
    std::vector<uint64_t> offsets;  // nodes + 1
    std::vector<uint32_t> targets;  // sorted within each row
};

// Orients each undirected edge towards the endpoint with the higher (degree, id) and builds a CSR.
// Duplicate edges (in either direction) are removed so the counts are for the simple graph.
Csr orient(const EdgeList& el) {
    const uint32_t n = el.nodes;
    std::vector<uint32_t> degree(n, 0);
    for (size_t i = 0; i < el.u.size(); ++i) { ++degree[el.u[i]]; ++degree[el.v[i]]; }
    auto lower = [&](uint32_t a, uint32_t b) {
        return degree[a] < degree[b] || (degree[a] == degree[b] && a < b);
    };
    Csr g;
    g.offsets.assign(n + 1, 0);
    for (size_t i = 0; i < el.u.size(); ++i) {
        uint32_t a = el.u[i], b = el.v[i];
        ++g.offsets[(lower(a, b) ? a : b) + 1];
    }
    for (uint32_t i = 0; i < n; ++i) g.offsets[i + 1] += g.offsets[i];
    g.targets.resize(g.offsets[n]);
    std::vector<uint64_t> fill(g.offsets.begin(), g.offsets.end() - 1);
    for (size_t i = 0; i < el.u.size(); ++i) {
        uint32_t a = el.u[i], b = el.v[i];
        if (lower(a, b)) g.targets[fill[a]++] = b; else g.targets[fill[b]++] = a;
    }
    // Sort and de-duplicate each row, then compact.
    uint64_t out = 0;
    std::vector<uint64_t> newOffsets(n + 1, 0);
    for (uint32_t x = 0; x < n; ++x) {
        auto first = g.targets.begin() + g.offsets[x], last = g.targets.begin() + g.offsets[x + 1];
        std::sort(first, last);
        auto uniqueEnd = std::unique(first, last);
        newOffsets[x] = out;
        for (auto it = first; it != uniqueEnd; ++it) g.targets[out++] = *it;
    }
    newOffsets[n] = out;
    g.targets.resize(out);
    g.offsets.swap(newOffsets);
    return g;
}

// Writes a ∩ b into out (all sorted), returns its size.
inline size_t intersect(const uint32_t* a, size_t na, const uint32_t* b, size_t nb, uint32_t* out) {
    size_t i = 0, j = 0, k = 0;
    while (i < na && j < nb) {
        if (a[i] < b[j]) ++i;
        else if (a[i] > b[j]) ++j;
        else { out[k++] = a[i]; ++i; ++j; }
    }
    return k;
}

inline size_t intersectCount(const uint32_t* a, size_t na, const uint32_t* b, size_t nb) {
    size_t i = 0, j = 0, k = 0;
    while (i < na && j < nb) {
        if (a[i] < b[j]) ++i;
        else if (a[i] > b[j]) ++j;
        else { ++k; ++i; ++j; }
    }
    return k;
}

uint64_t countTriangles(const Csr& g) {
    const int64_t n = (int64_t)g.offsets.size() - 1;
    uint64_t total = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : total)
    for (int64_t x = 0; x < n; ++x) {
        const uint32_t* nx = g.targets.data() + g.offsets[x];
        size_t dx = g.offsets[x + 1] - g.offsets[x];
        for (size_t i = 0; i < dx; ++i) {
            uint32_t y = nx[i];
            total += intersectCount(nx, dx, g.targets.data() + g.offsets[y], g.offsets[y + 1] - g.offsets[y]);
        }
    }
    return total;
}

uint64_t countFourCliques(const Csr& g) {
    const int64_t n = (int64_t)g.offsets.size() - 1;
    size_t maxOut = 0;
    for (int64_t x = 0; x < n; ++x) maxOut = std::max<size_t>(maxOut, g.offsets[x + 1] - g.offsets[x]);
    uint64_t total = 0;
#pragma omp parallel reduction(+ : total)
    {
        std::vector<uint32_t> common(maxOut);  // N+(x) ∩ N+(y), one buffer per thread
#pragma omp for schedule(dynamic, 16)
        for (int64_t x = 0; x < n; ++x) {
            const uint32_t* nx = g.targets.data() + g.offsets[x];
            size_t dx = g.offsets[x + 1] - g.offsets[x];
            for (size_t i = 0; i < dx; ++i) {
                uint32_t y = nx[i];
                size_t k = intersect(nx, dx, g.targets.data() + g.offsets[y], g.offsets[y + 1] - g.offsets[y],
                                     common.data());
                for (size_t j = 0; j < k; ++j) {
                    uint32_t z = common[j];
                    total += intersectCount(common.data(), k, g.targets.data() + g.offsets[z],
                                            g.offsets[z + 1] - g.offsets[z]);
                }
            }
        }
    }
    return total;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3 || argc > 4) {
        std::fprintf(stderr, "usage: %s <triangles|4cliques> <edges.txt[.gz]> [threads]\n", argv[0]);
        return 2;
    }
    std::string query = argv[1];
    if (query != "triangles" && query != "4cliques") {
        std::fprintf(stderr, "error: unknown query '%s' (expected triangles or 4cliques)\n", argv[1]);
        return 2;
    }
    if (argc == 4) omp_set_num_threads(std::atoi(argv[3]));
    auto loadStart = std::chrono::steady_clock::now();
    EdgeList el = readEdges(argv[2]);
    double loadSeconds = secondsSince(loadStart);
    auto kernelStart = std::chrono::steady_clock::now();
    Csr g = orient(el);
    uint64_t count = query == "triangles" ? countTriangles(g) : countFourCliques(g);
    double kernelSeconds = secondsSince(kernelStart);
    std::printf("count %llu\nload_seconds %.6f\nkernel_seconds %.6f\n", (unsigned long long)count, loadSeconds,
                kernelSeconds);
    return 0;
}
