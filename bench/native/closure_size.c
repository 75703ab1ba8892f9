// The exact size of a directed graph's transitive closure (pairs (u, v) joined by a path of one edge or
// more), computed independently of any Datalog engine: the strongly connected components (iterative
// Tarjan), then, over the condensation in reverse topological order, each component's set of reachable
// components as a bitset; a node's closure row is the nodes of the components its component reaches
// (its own included when the component has a cycle: two nodes or more, or a self-loop).
//   closure_size EDGE_FILE [random NODES EDGES SEED]
// reads "u<TAB>v" lines (node numbers from 0), or with `random` writes NODES nodes and EDGES uniformly
// random edges (no self-loops; duplicates possible, and harmless) to EDGE_FILE first. Prints the size.
// Memory: one bit per pair of components, so it suits graphs whose components are few (a giant one).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;
static uint64_t next_random(void) {   // splitmix64
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int main(int argc, char** argv) {
    if (argc != 2 && argc != 6) {
        fprintf(stderr, "usage: closure_size EDGE_FILE [random NODES EDGES SEED]\n");
        return 2;
    }
    if (argc == 6) {
        long nodes = atol(argv[3]);
        long edges = atol(argv[4]);
        rng_state = (uint64_t) atoll(argv[5]);
        FILE* out = fopen(argv[1], "w");
        if (!out) { perror(argv[1]); return 1; }
        for (long i = 0; i < edges;) {
            long u = (long) (next_random() % (uint64_t) nodes), v = (long) (next_random() % (uint64_t) nodes);
            if (u != v) { fprintf(out, "%ld\t%ld\n", u, v); i++; }
        }
        fclose(out);
    }
    FILE* in = fopen(argv[1], "r");
    if (!in) { perror(argv[1]); return 1; }
    long cap = 1 << 20, m = 0, n = 0;
    long* src = malloc(cap * sizeof(long));
    long* dst = malloc(cap * sizeof(long));
    long u, v;
    while (fscanf(in, "%ld %ld", &u, &v) == 2) {
        if (m == cap) { cap *= 2; src = realloc(src, cap * sizeof(long)); dst = realloc(dst, cap * sizeof(long)); }
        src[m] = u; dst[m] = v; m++;
        if (u + 1 > n) n = u + 1;
        if (v + 1 > n) n = v + 1;
    }
    fclose(in);
    long* off = calloc(n + 1, sizeof(long));
    long* adj = malloc(m * sizeof(long));
    char* loop = calloc(n, 1);
    for (long i = 0; i < m; i++) off[src[i] + 1]++;
    for (long i = 0; i < n; i++) off[i + 1] += off[i];
    long* fill = malloc(n * sizeof(long));
    memcpy(fill, off, n * sizeof(long));
    for (long i = 0; i < m; i++) { adj[fill[src[i]]++] = dst[i]; if (src[i] == dst[i]) loop[src[i]] = 1; }
    // Iterative Tarjan: components numbered in reverse topological order (a component's successors first).
    long *index = malloc(n * sizeof(long)), *low = malloc(n * sizeof(long)), *comp = malloc(n * sizeof(long));
    long *stack = malloc(n * sizeof(long)), *call = malloc(n * sizeof(long)), *edge = malloc(n * sizeof(long));
    char* on = calloc(n, 1);
    for (long i = 0; i < n; i++) index[i] = -1;
    long counter = 0, sp = 0, ncomp = 0;
    for (long root = 0; root < n; root++) {
        if (index[root] >= 0) continue;
        long cp = 0;
        call[cp] = root; edge[cp] = off[root]; cp++;
        index[root] = low[root] = counter++; stack[sp++] = root; on[root] = 1;
        while (cp > 0) {
            long x = call[cp - 1];
            if (edge[cp - 1] < off[x + 1]) {
                long y = adj[edge[cp - 1]++];
                if (index[y] < 0) {
                    index[y] = low[y] = counter++; stack[sp++] = y; on[y] = 1;
                    call[cp] = y; edge[cp] = off[y]; cp++;
                } else if (on[y] && index[y] < low[x]) {
                    low[x] = index[y];
                }
            } else {
                if (low[x] == index[x]) {
                    long y;
                    do { y = stack[--sp]; on[y] = 0; comp[y] = ncomp; } while (y != x);
                    ncomp++;
                }
                cp--;
                if (cp > 0 && low[x] < low[call[cp - 1]]) low[call[cp - 1]] = low[x];
            }
        }
    }
    long* size = calloc(ncomp, sizeof(long));
    char* cyclic = calloc(ncomp, 1);
    for (long i = 0; i < n; i++) { size[comp[i]]++; if (loop[i]) cyclic[comp[i]] = 1; }
    for (long c = 0; c < ncomp; c++) if (size[c] > 1) cyclic[c] = 1;
    long words = (ncomp + 63) / 64;
    uint64_t* reach = calloc((size_t) ncomp * words, sizeof(uint64_t));
    // Members of each component, to visit its out-edges.
    long* coff = calloc(ncomp + 1, sizeof(long));
    for (long i = 0; i < n; i++) coff[comp[i] + 1]++;
    for (long c = 0; c < ncomp; c++) coff[c + 1] += coff[c];
    long* members = malloc(n * sizeof(long));
    long* cfill = malloc(ncomp * sizeof(long));
    memcpy(cfill, coff, ncomp * sizeof(long));
    for (long i = 0; i < n; i++) members[cfill[comp[i]]++] = i;
    unsigned long long total = 0;
    for (long c = 0; c < ncomp; c++) {   // successors have smaller numbers: done before c
        uint64_t* r = reach + (size_t) c * words;
        if (cyclic[c]) r[c / 64] |= 1ull << (c % 64);
        for (long k = coff[c]; k < coff[c + 1]; k++) {
            long x = members[k];
            for (long e = off[x]; e < off[x + 1]; e++) {
                long d = comp[adj[e]];
                if (d == c) continue;
                uint64_t* rd = reach + (size_t) d * words;
                r[d / 64] |= 1ull << (d % 64);
                for (long w = 0; w < words; w++) r[w] |= rd[w];
            }
        }
        unsigned long long row = 0;
        for (long w = 0; w < words; w++) {
            uint64_t bits = r[w];
            while (bits) { long b = __builtin_ctzll(bits); row += size[w * 64 + b]; bits &= bits - 1; }
        }
        total += row * size[c];
    }
    printf("%llu\n", total);
    return 0;
}
