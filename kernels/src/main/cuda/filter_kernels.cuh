// Rank-and-select quotient filters (executor: io.leapfrog.exec.filter, docs/filters.md): batch lookups and
// the layout step of a bulk build, with the CPU's hash and slot layout, so either side reads the other's
// filter bit for bit. Slots: per 64-slot block an occupieds word, a runends word and an int offset (slots at
// the block's start taken by runs whose home is in an earlier block); remainders packed at r bits in
// little-endian 64-bit words. The per-thread logic is host-and-device code, which
// src/test/cpp/filter_host_test.cpp runs on the CPU against the Java filter's bytes.
#pragma once
#include <climits>

#ifdef __CUDACC__
#define QF_HD __host__ __device__ __forceinline__
#else
#define QF_HD inline
#endif

typedef unsigned long long qf_word;

QF_HD int qf_popcount(qf_word w) {
#ifdef __CUDA_ARCH__
    return __popcll(w);
#else
    return __builtin_popcountll(w);
#endif
}

QF_HD void qf_or(qf_word* at, qf_word bits) {
#ifdef __CUDA_ARCH__
    atomicOr(at, bits);
#else
    *at |= bits;
#endif
}

QF_HD void qf_max(int* at, int v) {
#ifdef __CUDA_ARCH__
    atomicMax(at, v);
#else
    if (v > *at) *at = v;
#endif
}

// MurmurHash3's fmix64, as FingerprintHash.mix.
QF_HD qf_word qf_mix(qf_word h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

// Position of the k-th (from 0) set bit of w, which has more than k set bits.
QF_HD int qf_select(qf_word w, int k) {
    int pos = 0;
    for (int half = 32; half >= 1; half >>= 1) {
        int c = qf_popcount(w & ((1ULL << half) - 1));
        if (k >= c) {
            k -= c;
            w >>= half;
            pos += half;
        }
    }
    return pos;
}

QF_HD qf_word qf_remainder(const qf_word* words, long long slot, int r) {
    long long bit = slot * r;
    long long w = bit >> 6;
    int sh = (int) (bit & 63);
    qf_word v = words[w] >> sh;
    if (sh + r > 64) v |= words[w + 1] << (64 - sh);
    return v & ((1ULL << r) - 1);
}

// Whether the fingerprint (quotient q, remainder rem) is stored: the run of home q ends at the rank(q)-th
// runend at or after the block's start plus its offset; its copies are scanned back from there.
QF_HD bool qf_rsqf_contains(const qf_word* occupieds, const qf_word* runends, const int* offsets,
                            const qf_word* remainders, int r, long long q, qf_word rem) {
    long long b = q >> 6;
    int bit = (int) (q & 63);
    qf_word occ = occupieds[b];
    if (!((occ >> bit) & 1)) return false;
    int rank = qf_popcount(occ & (~0ULL >> (63 - bit)));
    long long from = (b << 6) + offsets[b];
    long long w = from >> 6;
    qf_word bits = runends[w] & (~0ULL << (from & 63));
    while (true) {
        int c = qf_popcount(bits);
        if (rank <= c) break;
        rank -= c;
        bits = runends[++w];
    }
    long long s = (w << 6) + qf_select(bits, rank - 1);
    while (true) {
        qf_word v = qf_remainder(remainders, s, r);
        if (v == rem) return true;
        if (v < rem || --s < q || ((runends[s >> 6] >> (s & 63)) & 1)) return false;
    }
}

// The key's fingerprint (the top q + r bits of its hash) is stored.
QF_HD bool qf_rsqf_lookup_key(const qf_word* occupieds, const qf_word* runends, const int* offsets,
                              const qf_word* remainders, int q, int r, long long key) {
    qf_word fp = qf_mix((qf_word) key) >> (64 - q - r);
    return qf_rsqf_contains(occupieds, runends, offsets, remainders, r, (long long) (fp >> r), fp & ((1ULL << r) - 1));
}

// Sorted fingerprints go to slots pos_i = i + max_{j <= i}(home_j - j) (a run starts at its home or right
// after the previous one). The maximum of home_j - j over fingerprints [start, end).
QF_HD long long qf_chunk_max(const long long* fps, long long start, long long end, int r) {
    long long m = LLONG_MIN;
    for (long long i = start; i < end; i++) {
        long long d = (fps[i] >> r) - i;
        if (d > m) m = d;
    }
    return m;
}

// Writes sorted fingerprints [start, end) of n into zeroed slots, given the maximum of home_j - j over the
// fingerprints before start: remainder and occupied bit, a runend at each run's last copy, and the offsets of
// the blocks that start inside a run whose home is in an earlier block (the latest such run wins).
QF_HD void qf_rsqf_write_chunk(const long long* fps, long long n, long long start, long long end, int r, long long carry,
                               qf_word* occupieds, qf_word* runends, int* offsets, qf_word* remainders) {
    long long m = carry;
    qf_word mask = (1ULL << r) - 1;
    for (long long i = start; i < end; i++) {
        long long home = fps[i] >> r;
        if (home - i > m) m = home - i;
        long long pos = i + m;
        qf_or(&occupieds[home >> 6], 1ULL << (home & 63));
        qf_word v = (qf_word) fps[i] & mask;
        long long bit = pos * r;
        int sh = (int) (bit & 63);
        if (v != 0) {
            qf_or(&remainders[bit >> 6], v << sh);
            if (sh + r > 64) qf_or(&remainders[(bit >> 6) + 1], v >> (64 - sh));
        }
        if (i == n - 1 || (fps[i + 1] >> r) != home) {
            qf_or(&runends[pos >> 6], 1ULL << (pos & 63));
            for (long long b = (home >> 6) + 1; b <= (pos >> 6); b++) qf_max(&offsets[b], (int) (pos - (b << 6) + 1));
        }
    }
}

#ifdef __CUDACC__
// One thread per key; bit i of hits (32-bit words, one per warp) says whether keys[i] may be present.
extern "C" __global__ void qf_rsqf_lookup(const qf_word* occupieds, const qf_word* runends, const int* offsets,
                                          const qf_word* remainders, int q, int r, const long long* keys, long long n,
                                          unsigned* hits) {
    long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    bool hit = i < n && qf_rsqf_lookup_key(occupieds, runends, offsets, remainders, q, r, keys[i]);
    unsigned word = __ballot_sync(0xffffffffu, hit);
    if ((threadIdx.x & 31) == 0 && i < n) hits[i >> 5] = word;
}

// Bulk build, step 1 of 2: per chunk of `chunk` sorted fingerprints, qf_chunk_max; the host turns these into
// exclusive prefix maxima (the carries).
extern "C" __global__ void qf_place_chunks(const long long* fps, long long n, int r, int chunk, long long* chunkMax) {
    long long t = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    long long start = t * chunk;
    if (start >= n) return;
    chunkMax[t] = qf_chunk_max(fps, start, min(n, start + chunk), r);
}

// Bulk build, step 2 of 2: each chunk written from its carry.
extern "C" __global__ void qf_rsqf_write(const long long* fps, long long n, int r, int chunk, const long long* carry,
                                         qf_word* occupieds, qf_word* runends, int* offsets, qf_word* remainders) {
    long long t = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    long long start = t * chunk;
    if (start >= n) return;
    qf_rsqf_write_chunk(fps, n, start, min(n, start + chunk), r, carry[t], occupieds, runends, offsets, remainders);
}
#endif
