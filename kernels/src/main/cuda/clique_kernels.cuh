// k-cliques counted on the GPU (executor: io.leapfrog.exec.mining.GpuKCliques, docs/mining.md).
//
// The graph is oriented by a degeneracy order (each vertex keeps its later neighbours, at most the
// degeneracy of them), so every clique is reached once, from its earliest vertex, the root. A root's later
// neighbours (at most 1024) become a symmetric bit matrix (kc_rows): row i holds the members adjacent to
// member i, one 32-bit word per 32 members. A task is (root, member i): the cliques whose two earliest
// vertices are the root and member i, whose other members lie among row i's members after i. A group of G
// lanes of a warp takes one task at a time, lane r holding word r of each set (G is the smallest power of
// two with G * 32 >= the widest matrix), so sets of any width up to 1024 members are one step of every lane.
//
// Two searches count a task's cliques:
// - listing (kClist, Danisch et al. WWW 2018): choose the members one by one in increasing order, each
//   among the later candidates adjacent to all chosen before; the last two levels are popcounts;
// - pivoting (Pivoter, Jain and Seshadhri WSDM 2020): a node is (candidates C, h vertices held, p pivots),
//   C adjacent to all of them; pick the pivot u of C with most neighbours in C; branch on each member of C
//   outside u's neighbourhood (held, removed from C for later branches), then on u (a pivot: C narrowed to
//   u's neighbours). Each clique lies under exactly one leaf, as the held vertices plus some of its pivots,
//   so a leaf adds binom(p, k - h); a node needing one or two more vertices adds its count directly
//   (candidates and pivots; pairs of them), and so does one whose candidates are a clique (binom(p + |C|,
//   k - h)). The held branches run first and the pivot branch replaces its
//   node, so a task's stack holds one frame per held vertex: fewer than k.
// Tasks are dealt from the last root back (the densest first, the cheap ones filling the tail).
#pragma once

// Columns of the binomial table: binom(n, r) at n * KC_BINOM_COLUMNS + r, r <= 32; one past 2^63 - 1 is
// KC_SATURATED (the host writes -1), which makes the count an overflow.
#define KC_BINOM_COLUMNS 33
#define KC_SATURATED 0xffffffffffffffffULL

// One task's lanes: lanes [base, base + G) of the warp, lane base + rank holding word rank of each set.
template <int G>
struct KcGroup {
    unsigned mask;
    int base;
    int rank;

    __device__ __forceinline__ KcGroup() {
        int lane = threadIdx.x & 31;
        rank = lane & (G - 1);
        base = lane - rank;
        mask = G == 32 ? 0xffffffffu : (((1u << (G & 31)) - 1u) << base);
    }

    __device__ __forceinline__ int sum(int v) const {
#pragma unroll
        for (int o = G / 2; o > 0; o >>= 1) {
            v += __shfl_xor_sync(mask, v, o, G);
        }
        return v;
    }

    // Members of the set whose word this lane holds as w.
    __device__ __forceinline__ int size(unsigned w) const {
        return sum(__popc(w));
    }

    // The set's smallest member, or -1 when it is empty.
    __device__ __forceinline__ int lowest(unsigned w) const {
        unsigned b = __ballot_sync(mask, w != 0u);
        if (G < 32) {
            b = (b >> base) & ((1u << (G & 31)) - 1u);
        }
        if (b == 0u) {
            return -1;
        }
        int first = __ffs(b) - 1;
        unsigned x = __shfl_sync(mask, w, first, G);
        return first * 32 + __ffs(x) - 1;
    }

    // The set less member m.
    __device__ __forceinline__ unsigned without(unsigned w, int m) const {
        return (m >> 5) == rank ? w & ~(1u << (m & 31)) : w;
    }

    // The members after m.
    __device__ __forceinline__ unsigned after(int m) const {
        int word = m >> 5;
        int bit = m & 31;
        if (rank < word) {
            return 0u;
        }
        if (rank > word) {
            return 0xffffffffu;
        }
        return bit == 31 ? 0u : 0xffffffffu << (bit + 1);
    }

    __device__ __forceinline__ unsigned row(const unsigned* rows, int words, int m) const {
        return rank < words ? __ldg(rows + m * words + rank) : 0u;
    }
};

// Adds x to a 64-bit count, noting an overflow.
__device__ __forceinline__ void kc_add(unsigned long long& count, unsigned long long x, int& overflow) {
    unsigned long long s = count + x;
    if (s < count || x == KC_SATURATED) {
        overflow = 1;
    }
    count = s;
}

// The listing search: cliques of `need` more vertices among the candidates c (each lane its word).
template <int G>
__device__ void kc_list(const KcGroup<G>& g, const unsigned* rows, int words, unsigned c, int need,
                        unsigned* stack, int stride, unsigned long long& count, int& overflow) {
    if (need == 1) {
        kc_add(count, __popc(c), overflow);
        return;
    }
    int level = 0;
    stack[0] = c;
    while (level >= 0) {
        unsigned w = stack[level * stride];
        if (g.size(w) < need - level) {
            level--;
            continue;
        }
        int m = g.lowest(w);
        w = g.without(w, m);
        stack[level * stride] = w;
        unsigned next = w & g.row(rows, words, m);
        if (level == need - 2) {
            kc_add(count, __popc(next), overflow);
        } else {
            stack[(level + 1) * stride] = next;
            level++;
        }
    }
}

// The pivoting search from the node (c, h held, no pivots); the group's rank-0 lane counts.
template <int G>
__device__ void kc_pivot(const KcGroup<G>& g, const unsigned* rows, int words, unsigned c, int h, int k,
                         const unsigned long long* binom, unsigned* stack, int stride, int frames,
                         unsigned long long& count, int& overflow) {
    unsigned* stackC = stack;
    unsigned* stackB = stack + frames * stride;
    unsigned* stackM = stack + 2 * frames * stride;
    int p = 0;
    int depth = 0;
    bool lead = g.rank == 0;
    while (true) {
        int need = k - h;
        bool descend = false;
        if (need == 0) {
            if (lead) kc_add(count, 1, overflow);
        } else {
            int size = g.size(c);
            if (p + size >= need) {
                if (need == 1) {
                    if (lead) kc_add(count, (unsigned long long) (p + size), overflow);
                } else if (size == 0) {
                    if (lead) kc_add(count, binom[p * KC_BINOM_COLUMNS + need], overflow);
                } else {
                    // Each candidate's neighbours among the candidates; the pivot has the most.
                    int pivot = -1;
                    int best = -1;
                    int twice = 0;
                    unsigned x = c;
                    for (int m = g.lowest(x); m >= 0; m = g.lowest(x)) {
                        x = g.without(x, m);
                        int degree = g.size(c & g.row(rows, words, m));
                        twice += degree;
                        if (degree > best) {
                            best = degree;
                            pivot = m;
                        }
                    }
                    if (need == 2) {
                        // Pairs: of pivots, a pivot and a candidate, or two adjacent candidates.
                        if (lead) {
                            kc_add(count, binom[p * KC_BINOM_COLUMNS + 2] + (unsigned long long) p * size
                                    + (unsigned long long) (twice / 2), overflow);
                        }
                    } else if (twice == size * (size - 1)) {
                        // The candidates are a clique: any need of them and the pivots.
                        if (lead) kc_add(count, binom[(p + size) * KC_BINOM_COLUMNS + need], overflow);
                    } else {
                        unsigned pivotRow = g.row(rows, words, pivot);
                        unsigned held = g.without(c & ~pivotRow, pivot);
                        int v = g.lowest(held);
                        if (v < 0) {
                            c &= pivotRow;
                            p++;
                        } else {
                            stackC[depth * stride] = g.without(c, v);
                            stackB[depth * stride] = g.without(held, v);
                            stackM[depth * stride] = ((unsigned) p << 16) | (unsigned) pivot;
                            depth++;
                            c &= g.row(rows, words, v);
                            h++;
                        }
                        descend = true;
                    }
                }
            }
        }
        if (descend) {
            continue;
        }
        if (depth == 0) {
            return;
        }
        // The nearest frame's next held branch, or else its pivot branch in its place.
        int f = depth - 1;
        unsigned held = stackB[f * stride];
        unsigned cf = stackC[f * stride];
        unsigned meta = stackM[f * stride];
        int v = g.lowest(held);
        h = 2 + f;
        p = (int) (meta >> 16);
        if (v >= 0) {
            stackB[f * stride] = g.without(held, v);
            stackC[f * stride] = g.without(cf, v);
            c = cf & g.row(rows, words, v);
            h++;
        } else {
            depth = f;
            c = cf & g.row(rows, words, (int) (meta & 0xffffu));
            p++;
        }
    }
}

// Counts the k-cliques of the window's tasks into totals[0] (low word) and totals[1] (carries), setting
// totals[2] on an overflow of a lane's 64-bit count or of a binomial; totals[3] deals the tasks (zeroed
// before). Dynamic shared memory: 3 * frames words a thread (pivoting) or frames (listing), frames = max(1, k - 2).
template <int G>
__device__ void kc_count(const long long* rowBase, const int* taskStart, int roots, const unsigned* rows, int k,
                         int pivoting, const unsigned long long* binom, unsigned long long* totals) {
    extern __shared__ unsigned kc_shared[];
    KcGroup<G> g;
    int stride = blockDim.x;
    int frames = k - 2 > 1 ? k - 2 : 1;
    unsigned* stack = kc_shared + threadIdx.x;
    int tasks = taskStart[roots];
    unsigned long long count = 0;
    int overflow = 0;
    while (true) {
        unsigned long long t = 0;
        if (g.rank == 0) {
            t = atomicAdd(totals + 3, 1ULL);
        }
        t = __shfl_sync(g.mask, t, 0, G);
        if (t >= (unsigned long long) tasks || *(volatile int*) &lf_abort) {
            break;
        }
        int task = tasks - 1 - (int) t;
        int lo = 0;
        int hi = roots - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >> 1;
            if (__ldg(taskStart + mid) <= task) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int start = __ldg(taskStart + lo);
        int degree = __ldg(taskStart + lo + 1) - start;
        int i = task - start;
        int words = (degree + 31) >> 5;
        const unsigned* matrix = rows + __ldg(rowBase + lo);
        unsigned c = g.row(matrix, words, i) & g.after(i);
        if (g.size(c) < k - 2) {
            continue;
        }
        if (pivoting) {
            kc_pivot<G>(g, matrix, words, c, 2, k, binom, stack, stride, frames, count, overflow);
        } else {
            kc_list<G>(g, matrix, words, c, k - 2, stack, stride, count, overflow);
        }
    }
    if (count != 0) {
        unsigned long long before = atomicAdd(totals, count);
        if (before + count < before) {
            atomicAdd(totals + 1, 1ULL);
        }
    }
    if (overflow) {
        atomicOr(totals + 2, 1ULL);
    }
}

// Builds each window root's bit matrix (zeroed before): one warp per root, a lane per row i merging
// member i's later neighbours with the members after i, each match set in both rows.
extern "C" __global__ void kc_rows(const int* offsets, const int* targets, const int* roots, int count,
                                   const long long* rowBase, unsigned* rows) {
    int lane = threadIdx.x & 31;
    int warps = (gridDim.x * blockDim.x) >> 5;
    for (int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5; w < count; w += warps) {
        int v = roots[w];
        int s = offsets[v];
        int degree = offsets[v + 1] - s;
        int words = (degree + 31) >> 5;
        unsigned* matrix = rows + rowBase[w];
        for (int i = lane; i < degree; i += 32) {
            int u = targets[s + i];
            int a = offsets[u];
            int b = offsets[u + 1];
            int j = i + 1;
            while (a < b && j < degree) {
                int x = targets[a];
                int y = targets[s + j];
                if (x < y) {
                    a++;
                } else if (y < x) {
                    j++;
                } else {
                    atomicOr(matrix + i * words + (j >> 5), 1u << (j & 31));
                    atomicOr(matrix + j * words + (i >> 5), 1u << (i & 31));
                    a++;
                    j++;
                }
            }
        }
    }
}

#define KC_COUNT_KERNEL(G)                                                                                    \
    extern "C" __global__ void kc_count_##G(const long long* rowBase, const int* taskStart, int roots,        \
                                            const unsigned* rows, int k, int pivoting,                       \
                                            const unsigned long long* binom, unsigned long long* totals) {   \
        kc_count<G>(rowBase, taskStart, roots, rows, k, pivoting, binom, totals);                             \
    }

KC_COUNT_KERNEL(1)
KC_COUNT_KERNEL(2)
KC_COUNT_KERNEL(4)
KC_COUNT_KERNEL(8)
KC_COUNT_KERNEL(16)
KC_COUNT_KERNEL(32)
