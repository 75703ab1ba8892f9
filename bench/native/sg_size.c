// The exact size of same generation over a directed graph, computed independently of any Datalog engine:
//   sg(x, y) :- e(p, x), e(p, y), x != y.
//   sg(x, y) :- e(a, x), sg(a, b), e(b, y).
// (bench/src/main/resources/queries/sg.dl). The relation is a bit matrix, one row of bits per node, with
// the last round's new pairs in a second matrix; a round takes each node a whose delta row is not empty,
// makes U = the union of the out-neighbours of the b's in that row, and adds U to the row of each
// out-neighbour x of a (less what that row already holds). Memory: three bits per pair of nodes.
//   sg_size EDGE_FILE      reads "u<TAB>v" lines (node numbers from 0); prints the size.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: sg_size EDGE_FILE\n");
        return 2;
    }
    FILE* in = fopen(argv[1], "r");
    if (!in) { perror(argv[1]); return 1; }
    long cap = 1 << 20, m = 0, n = 0;
    long* src = malloc(cap * sizeof(long));
    long* dst = malloc(cap * sizeof(long));
    long u, v;
    while (fscanf(in, "%ld %ld", &u, &v) == 2) {
        if (u < 0 || v < 0) { fprintf(stderr, "negative node %ld %ld\n", u, v); return 1; }
        if (m == cap) {
            cap *= 2;
            src = realloc(src, cap * sizeof(long));
            dst = realloc(dst, cap * sizeof(long));
        }
        src[m] = u; dst[m] = v; m++;
        if (u + 1 > n) n = u + 1;
        if (v + 1 > n) n = v + 1;
    }
    fclose(in);
    // out-neighbours as CSR (duplicate edges are harmless: bits are set twice)
    long* off = calloc(n + 1, sizeof(long));
    for (long i = 0; i < m; i++) off[src[i] + 1]++;
    for (long i = 0; i < n; i++) off[i + 1] += off[i];
    long* adj = malloc((m + 1) * sizeof(long));
    long* at = malloc((n + 1) * sizeof(long));
    memcpy(at, off, (n + 1) * sizeof(long));
    for (long i = 0; i < m; i++) adj[at[src[i]]++] = dst[i];
    long words = (n + 63) / 64;
    size_t bytes = (size_t) n * words * sizeof(uint64_t);
    uint64_t* full = calloc((size_t) n * words, sizeof(uint64_t));
    uint64_t* delta = calloc((size_t) n * words, sizeof(uint64_t));
    uint64_t* next = calloc((size_t) n * words, sizeof(uint64_t));
    uint64_t* reach = malloc(words * sizeof(uint64_t));
    if (!full || !delta || !next || !reach) { fprintf(stderr, "out of memory (3 x %zu bytes)\n", bytes); return 1; }
    for (long p = 0; p < n; p++) {
        for (long i = off[p]; i < off[p + 1]; i++) {
            for (long j = off[p]; j < off[p + 1]; j++) {
                long x = adj[i], y = adj[j];
                if (x != y) {
                    full[x * words + y / 64] |= 1ull << (y % 64);
                    delta[x * words + y / 64] |= 1ull << (y % 64);
                }
            }
        }
    }
    int rounds = 0;
    for (int grew = 1; grew; rounds++) {
        memset(next, 0, bytes);
        for (long a = 0; a < n; a++) {
            if (off[a] == off[a + 1]) continue;
            uint64_t* d = delta + a * words;
            int any = 0;
            memset(reach, 0, words * sizeof(uint64_t));
            for (long w = 0; w < words; w++) {
                for (uint64_t bits = d[w]; bits; bits &= bits - 1) {
                    long b = w * 64 + __builtin_ctzll(bits);
                    for (long k = off[b]; k < off[b + 1]; k++) {
                        reach[adj[k] / 64] |= 1ull << (adj[k] % 64);
                        any = 1;
                    }
                }
            }
            if (!any) continue;
            for (long i = off[a]; i < off[a + 1]; i++) {
                long x = adj[i];
                uint64_t* f = full + x * words;
                uint64_t* nx = next + x * words;
                for (long w = 0; w < words; w++) nx[w] |= reach[w] & ~f[w];
            }
        }
        grew = 0;
        for (size_t w = 0; w < (size_t) n * words; w++) {
            full[w] |= next[w];
            grew |= next[w] != 0;
        }
        uint64_t* t = delta; delta = next; next = t;
    }
    unsigned long long size = 0;
    for (size_t w = 0; w < (size_t) n * words; w++) size += __builtin_popcountll(full[w]);
    printf("%llu\n", size);
    fprintf(stderr, "sg_size: %ld nodes, %ld edges, %d rounds\n", n, m, rounds);
    return 0;
}
